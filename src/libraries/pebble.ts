/** Pebble (CockroachDB): bloom.FilterPolicy(bitsPerKey), a cache-local (blocked) Bloom filter. */
import { blockedModel } from './models';
import type { CallEntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { result } from './util';

const CACHE_LINE_NOTE = 'probes stay in one 512-bit cache line: the FP is a little above the textbook rate';

/** v1, v2 (bloom/bloom.go calculateProbes): k = bitsPerKey * 0.69 truncated, clamped to [1, 30]; all probes of a key in one 64-byte cache line. */
export function pebble(bitsPerKey: number): LibraryDerivation {
  const k = Math.min(30, Math.max(1, Math.trunc(bitsPerKey * 0.69)));
  return result(undefined, k, [CACHE_LINE_NOTE], { bitsPerElement: bitsPerKey });
}

/**
 * Since the filter moved to sstable/tablefilters/bloom (2026): k from a table measured for cache-local probing,
 * {1: 1, 2: 1, 3: 2, 4: 3, 5: 3, 6: 4, 7: 4, 8: 5, 9: 5, 10 and above: 6} (probes, calculateProbes); bitsPerKey < 1 panics.
 */
const PROBES = [0, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6];
export function pebbleTableFilters(bitsPerKey: number): LibraryDerivation {
  if (bitsPerKey < 1) return { rejects: [`bitsPerKey = ${bitsPerKey}: bloom.FilterPolicy panics below 1`] };
  const k = PROBES[Math.min(Math.trunc(bitsPerKey), PROBES.length - 1)];
  return result(undefined, k, [CACHE_LINE_NOTE, `k = ${k} from Pebble's table of probes for cache-local filters (at most 6)`], { bitsPerElement: Math.trunc(bitsPerKey) });
}

/** The cache lines of one table's filter: ceil(keys · bitsPerKey / 512), plus one when even. */
export function oddCacheLines(keys: number, bitsPerKey: number): number {
  const lines = Math.ceil((keys * Math.trunc(bitsPerKey)) / 512);
  return lines % 2 === 0 ? lines + 1 : lines;
}

const SOURCE: SourceCitation = { repository: 'cockroachdb/pebble', file: 'bloom/bloom.go (v1, v2.1)', function: 'FilterPolicy (type FilterPolicy int: bits per key), calculateProbes, tableFilterWriter' };
const TABLEFILTERS: SourceCitation = { repository: 'cockroachdb/pebble', file: 'sstable/tablefilters/bloom/bloom.go, adaptive_policy.go', function: 'FilterPolicy(bitsPerKey uint32), probes, calculateProbes, AdaptivePolicy(targetBitsPerKey, maxFilterSize)' };
const TABLEFILTERS_IMPORT = /sstable\/tablefilters\/bloom/;

const deriveTableFilters = (params: { bitsPerElement?: number }, _named: ReadonlyMap<string, string>, stated: ReadonlyMap<string, number>): LibraryDerivation => {
  if (params.bitsPerElement === undefined) return {};
  const derived = pebbleTableFilters(params.bitsPerElement);
  const cap = stated.get('maxBytes');
  return cap === undefined || derived.rejects ? derived : { ...derived, notes: [...(derived.notes ?? []), `AdaptivePolicy lowers the bits per key of a table whose filter would pass ${cap} bytes`] };
};

// `bloom.FilterPolicy(10)` is a conversion to the policy type (v1, v2) or a call (sstable/tablefilters/bloom), set in
// `pebble.LevelOptions{FilterPolicy: ...}` or `opts.Levels[i].FilterPolicy = ...`; either way its one argument is bits per key.
// The newer package comes first: its import decides.
const ENTRY_POINTS: readonly CallEntryPoint[] = [
  { kind: 'call', recognizer: 'go.pebble.bloomFilterPolicy', title: 'Pebble tablefilters bloom.FilterPolicy', callee: 'bloom.FilterPolicy', arity: [1, 1], languages: ['go'], requires: TABLEFILTERS_IMPORT,
    params: [{ role: 'bitsPerElement', unit: 'bits-per-key', position: 0 }], derive: deriveTableFilters, source: TABLEFILTERS },
  { kind: 'call', recognizer: 'go.pebble.bloomFilterPolicy', title: 'Pebble tablefilters bloom.AdaptivePolicy', callee: 'bloom.AdaptivePolicy', arity: [2, 2], languages: ['go'], requires: TABLEFILTERS_IMPORT,
    params: [{ role: 'bitsPerElement', unit: 'bits-per-key', position: 0 }, { role: 'maxBytes', unit: 'bytes', position: 1 }], derive: deriveTableFilters, source: TABLEFILTERS },
  { kind: 'call', recognizer: 'go.pebble.bloomFilterPolicy', title: 'Pebble bloom.FilterPolicy', callee: 'bloom.FilterPolicy', arity: [1, 1], languages: ['go'],
    params: [{ role: 'bitsPerElement', unit: 'bits-per-key', position: 0 }],
    derive: (params) => (params.bitsPerElement !== undefined ? pebble(params.bitsPerElement) : {}), source: SOURCE },
];

export const PEBBLE: LibraryModule = {
  id: 'pebble',
  displayName: 'Pebble',
  recognizers: ['go.pebble.bloomFilterPolicy'],
  entryPoints: ENTRY_POINTS,
  // tableFilterWriter.Finish / calculateNumLines: ceil(keys · bitsPerKey / 512) cache lines, made odd
  filterBitsForKeys: (keys, bitsPerElement) => oddCacheLines(keys, bitsPerElement) * 512,
  layout: { kind: 'blocked', blockBits: 512 },
  model: blockedModel(512, 'Pebble cache-local filter (512-bit lines)'),
  sources: [SOURCE, TABLEFILTERS],
};
