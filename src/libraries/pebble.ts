/** Pebble (CockroachDB): bloom.FilterPolicy(bitsPerKey), a cache-local (blocked) Bloom filter. */
import { blockedModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { result } from './util';

/** calculateProbes: k = bitsPerKey * 0.69 truncated, clamped to [1, 30]; all probes of a key in one 64-byte cache line. */
export function pebble(bitsPerKey: number): LibraryDerivation {
  const k = Math.min(30, Math.max(1, Math.trunc(bitsPerKey * 0.69)));
  return result(undefined, k, ['probes stay in one 512-bit cache line: the FP is a little above the textbook rate'], { bitsPerElement: bitsPerKey });
}

export const PEBBLE: LibraryModule = {
  id: 'pebble',
  displayName: 'Pebble',
  recognizers: ['go.pebble.bloomFilterPolicy'],
  layout: { kind: 'blocked', blockBits: 512 },
  model: blockedModel(512, 'Pebble cache-local filter (512-bit lines)'),
  sources: [{ repository: 'cockroachdb/pebble', file: 'bloom/bloom.go', function: 'FilterPolicy, calculateProbes, tableFilterWriter' }],
};
