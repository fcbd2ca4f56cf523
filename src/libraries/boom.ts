/** tylertreat/BoomFilters (Go). */
import { cuckooTable } from './fingerprintLayouts';
import { classicModel } from './models';
import type { CallEntryPoint, FingerprintLibraryModule, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2_SQUARED, nextPowerOfTwo, result } from './util';

/** boom.NewBloomFilter: m = ceil(n / (ln²2 / |ln p|)), k = ceil(log2(1/p)) (OptimalM, OptimalK). */
export function boom(n: number, p: number): LibraryDerivation {
  const m = Math.ceil(n / (LN2_SQUARED / Math.abs(Math.log(p))));
  const k = Math.ceil(Math.log2(1 / p));
  return result(m, k, []);
}

/** NewPartitionedBloomFilter: k = OptimalK(p) partitions of ceil(OptimalM(n, p) / k) bits. */
export function boomPartitioned(n: number, p: number): LibraryDerivation {
  const { m = 0, k = 1 } = boom(n, p);
  return result(k * Math.ceil(m / k), k, []);
}

const source = (file: string, fn: string): SourceCitation => ({ repository: 'tylertreat/BoomFilters', file, function: fn });
const N = { role: 'n', unit: 'count' } as const;
const P = { role: 'p', unit: 'probability' } as const;
const classic = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? boom(params.n, params.p) : {});
const GO = ['go'];
const SCALABLE_NOTE = 'scalable: a partitioned sub-filter of the same hint capacity is added each time the last one is half full (fill ratio 0.5), sub-filter i with FP rate p·r^i; shown: the first sub-filter';
const PARTITIONED = { model: 'partitioned', why: 'one hash per partition of m/k bits' } as const;
const partitioned = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? boomPartitioned(params.n, params.p) : {});

/**
 * Every constructor of a Bloom filter in the package. The deletable filter is a classic filter whose collision region
 * (r bits) only limits deletion. Not modelled: NewStableBloomFilter(m, d, fpRate) / NewDefaultStableBloomFilter(m, fpRate),
 * whose cells decay (each insert decrements P random cells, chosen so the FP rate settles at fpRate: stable.go
 * optimalStableP), so FP after n insertions is not a Bloom filter's (a finding of m and p would be analysed as the capacity
 * of a plain filter, which it has not: it never fills, it forgets); NewInverseBloomFilter(capacity), a table of keys with
 * false negatives. NewCuckooFilter is a fingerprint filter: BOOM_CUCKOO below.
 */
const BOOM_ENTRY_POINTS: readonly CallEntryPoint[] = [
  // stable.go NewUnstableBloomFilter(m, fpRate): a plain filter of m one-bit cells (never decremented), k = OptimalK(fpRate)
  { kind: 'call', recognizer: 'go.boom.newUnstableBloomFilter', title: 'BoomFilters boom.NewUnstableBloomFilter', callee: 'boom.NewUnstableBloomFilter', arity: [2, 2], languages: GO,
    params: [{ role: 'm', unit: 'bits', position: 0 }, { ...P, position: 1 }],
    derive: (params) => (params.m !== undefined && params.p !== undefined ? result(params.m, Math.ceil(Math.log2(1 / params.p)), []) : {}),
    notes: ['the FP rate is the target k is chosen for (k = ceil(log2(1/p))); what the m bits deliver depends on how many elements go in'],
    source: source('stable.go', 'NewUnstableBloomFilter(m, fpRate)') },
  { kind: 'call', recognizer: 'go.boom.newBloomFilter', title: 'BoomFilters boom.NewBloomFilter', callee: 'boom.NewBloomFilter', arity: [2, 2], languages: GO,
    params: [{ ...N, position: 0 }, { ...P, position: 1 }], derive: classic, source: source('classic.go', 'NewBloomFilter') },
  // scalable.go addFilter: sub-filter i is NewPartitionedBloomFilter(hint, fpRate · r^i); the first one gets fpRate itself
  { kind: 'call', recognizer: 'go.boom.newScalableBloomFilter', title: 'BoomFilters boom.NewScalableBloomFilter', callee: 'boom.NewScalableBloomFilter', arity: [3, 3], languages: GO,
    params: [{ ...N, position: 0 }, { ...P, position: 1 }], hashing: PARTITIONED, notes: [SCALABLE_NOTE], derive: partitioned,
    source: source('scalable.go', 'NewScalableBloomFilter(hint, fpRate, r), addFilter') },
  { kind: 'call', recognizer: 'go.boom.newScalableBloomFilter', title: 'BoomFilters boom.NewDefaultScalableBloomFilter', callee: 'boom.NewDefaultScalableBloomFilter', arity: [1, 1], languages: GO,
    params: [{ ...P, position: 0 }], defaults: { n: { value: 10_000, text: 'NewDefaultScalableBloomFilter: hint 10000, r 0.8' } }, hashing: PARTITIONED, notes: [SCALABLE_NOTE], derive: partitioned,
    source: source('scalable.go', 'NewDefaultScalableBloomFilter(fpRate) = NewScalableBloomFilter(10000, fpRate, 0.8)') },
  { kind: 'call', recognizer: 'go.boom.newPartitionedBloomFilter', title: 'BoomFilters boom.NewPartitionedBloomFilter', callee: 'boom.NewPartitionedBloomFilter', arity: [2, 2], languages: GO,
    params: [{ ...N, position: 0 }, { ...P, position: 1 }], hashing: PARTITIONED, derive: partitioned, source: source('partitioned.go', 'NewPartitionedBloomFilter') },
  // NewCountingBloomFilter(n, b, fpRate): b bits per counter; m counters and k as the classic filter
  { kind: 'call', recognizer: 'go.boom.newCountingBloomFilter', title: 'BoomFilters boom.NewCountingBloomFilter', callee: 'boom.NewCountingBloomFilter', arity: [3, 3], languages: GO,
    params: [{ ...N, position: 0 }, { ...P, position: 2 }], derive: classic, source: source('counting.go', 'NewCountingBloomFilter') },
  { kind: 'call', recognizer: 'go.boom.newCountingBloomFilter', title: 'BoomFilters boom.NewDefaultCountingBloomFilter', callee: 'boom.NewDefaultCountingBloomFilter', arity: [2, 2], languages: GO,
    params: [{ ...N, position: 0 }, { ...P, position: 1 }], derive: classic, source: source('counting.go', 'NewDefaultCountingBloomFilter') },
  // NewDeletableBloomFilter(n, r, fpRate): m = OptimalM(n, fpRate), k = OptimalK(fpRate); r bits of m mark collision regions
  { kind: 'call', recognizer: 'go.boom.newDeletableBloomFilter', title: 'BoomFilters boom.NewDeletableBloomFilter', callee: 'boom.NewDeletableBloomFilter', arity: [3, 3], languages: GO,
    params: [{ ...N, position: 0 }, { ...P, position: 2 }], derive: classic, notes: ['deletable: the r region bits record collisions; elements in collided regions cannot be removed'],
    source: source('deletable.go', 'NewDeletableBloomFilter') },
];

export const BOOM: LibraryModule = {
  id: 'boom',
  displayName: 'BoomFilters',
  recognizers: ['go.boom.newBloomFilter', 'go.boom.newUnstableBloomFilter', 'go.boom.newScalableBloomFilter', 'go.boom.newPartitionedBloomFilter', 'go.boom.newCountingBloomFilter', 'go.boom.newDeletableBloomFilter'],
  entryPoints: BOOM_ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'tylertreat/BoomFilters', file: 'boom.go, classic.go', function: 'OptimalM, OptimalK, NewBloomFilter' },
    source('scalable.go, partitioned.go', 'addFilter (NewPartitionedBloomFilter(hint, fp·r^i)), NewPartitionedBloomFilter (k partitions of ceil(m/k) bits)')],
  allocations: [{ id: 'boom', label: 'tylertreat/BoomFilters (Go)', call: (n, p) => `boom.NewBloomFilter(${n}, ${p})`, derive: boom }],
};

/**
 * NewCuckooFilter(n, fpRate) (cuckoo.go): b = 4 entries per bucket; calculateF: fingerprint BYTES f = ceil(ln(2b / p)) / 8
 * (integer division), at least 1, so one byte unless p < about 1e-6; power2(n / f · 8) buckets (about 32 slots per item at
 * f = 1). After maxNumKicks = 500 relocations Add returns "full" and the fingerprint it holds is lost.
 */
export function boomCuckoo(n: number | undefined, p: number | undefined): LibraryDerivation {
  if (p === undefined) return {};
  const fingerprintBytes = Math.max(1, Math.floor(Math.ceil(Math.log((2 * 4) / p)) / 8));
  const buckets = n === undefined ? undefined : nextPowerOfTwo(Math.floor(n / fingerprintBytes) * 8);
  return { structure: cuckooTable(buckets, 4, 8 * fingerprintBytes, 'power2(n / f · 8) buckets, f fingerprint bytes', { whenFull: 'drops-a-key' }) };
}

const CUCKOO_SOURCE = source('cuckoo.go', 'NewCuckooFilter(n, fpRate), calculateF, power2, add (maxNumKicks = 500)');

export const BOOM_CUCKOO: FingerprintLibraryModule = {
  id: 'boom-cuckoo',
  displayName: 'BoomFilters cuckoo filter (Go)',
  recognizers: ['go.boom.newCuckooFilter'],
  entryPoints: [
    { kind: 'call', recognizer: 'go.boom.newCuckooFilter', title: 'BoomFilters boom.NewCuckooFilter', callee: 'boom.NewCuckooFilter', arity: [2, 2], languages: GO,
      params: [{ ...N, position: 0 }, { ...P, position: 1 }], derive: (params) => boomCuckoo(params.n, params.p), source: CUCKOO_SOURCE },
  ],
  sources: [CUCKOO_SOURCE],
};
