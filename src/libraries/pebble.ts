/** Pebble (CockroachDB): bloom.FilterPolicy(bitsPerKey), a cache-local (blocked) Bloom filter. */
import { blockedModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { result } from './util';

/** calculateProbes: k = bitsPerKey * 0.69 truncated, clamped to [1, 30]; all probes of a key in one 64-byte cache line. */
export function pebble(bitsPerKey: number): LibraryDerivation {
  const k = Math.min(30, Math.max(1, Math.trunc(bitsPerKey * 0.69)));
  return result(undefined, k, ['probes stay in one 512-bit cache line: the FP is a little above the textbook rate'], { bitsPerElement: bitsPerKey });
}

const SOURCE: SourceCitation = { repository: 'cockroachdb/pebble', file: 'bloom/bloom.go', function: 'FilterPolicy (type FilterPolicy int: bits per key), calculateProbes, tableFilterWriter' };

export const PEBBLE: LibraryModule = {
  id: 'pebble',
  displayName: 'Pebble',
  recognizers: ['go.pebble.bloomFilterPolicy'],
  // `bloom.FilterPolicy(10)` is a conversion to the policy type (v1, v2) or a call (HEAD's sstable/tablefilters/bloom), set in
  // `pebble.LevelOptions{FilterPolicy: ...}` or `opts.Levels[i].FilterPolicy = ...`; either way its one argument is bits per key
  entryPoints: [{
    kind: 'call', recognizer: 'go.pebble.bloomFilterPolicy', title: 'Pebble bloom.FilterPolicy', callee: 'bloom.FilterPolicy', arity: [1, 1], languages: ['go'],
    params: [{ role: 'bitsPerElement', unit: 'bits-per-key', position: 0 }],
    derive: (params) => (params.bitsPerElement !== undefined ? pebble(params.bitsPerElement) : {}), source: SOURCE,
  }],
  layout: { kind: 'blocked', blockBits: 512 },
  model: blockedModel(512, 'Pebble cache-local filter (512-bit lines)'),
  sources: [SOURCE],
};
