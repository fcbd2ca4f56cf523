/** tylertreat/BoomFilters (Go). */
import { classicModel } from './models';
import type { CallEntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2_SQUARED, result } from './util';

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
const SCALABLE_NOTE = 'scalable: sub-filters are added as it fills, each with a tighter FP rate (ratio r)';

/**
 * Every constructor of a Bloom filter in the package. The deletable filter is a classic filter whose collision region
 * (r bits) only limits deletion; cuckoo, inverse and stable filters are other structures (a stable filter's cells decay).
 */
const BOOM_ENTRY_POINTS: readonly CallEntryPoint[] = [
  { kind: 'call', recognizer: 'go.boom.newBloomFilter', title: 'BoomFilters boom.NewBloomFilter', callee: 'boom.NewBloomFilter', arity: [2, 2], languages: GO,
    params: [{ ...N, position: 0 }, { ...P, position: 1 }], derive: classic, source: source('classic.go', 'NewBloomFilter') },
  { kind: 'call', recognizer: 'go.boom.newScalableBloomFilter', title: 'BoomFilters boom.NewScalableBloomFilter', callee: 'boom.NewScalableBloomFilter', arity: [3, 3], languages: GO,
    params: [{ ...N, position: 0 }, { ...P, position: 1 }], notes: [SCALABLE_NOTE], source: source('scalable.go', 'NewScalableBloomFilter(hint, fpRate, r)') },
  { kind: 'call', recognizer: 'go.boom.newScalableBloomFilter', title: 'BoomFilters boom.NewDefaultScalableBloomFilter', callee: 'boom.NewDefaultScalableBloomFilter', arity: [1, 1], languages: GO,
    params: [{ ...P, position: 0 }], defaults: { n: { value: 10_000, text: 'NewDefaultScalableBloomFilter: hint 10000, r 0.8' } }, notes: [SCALABLE_NOTE],
    source: source('scalable.go', 'NewDefaultScalableBloomFilter(fpRate)') },
  { kind: 'call', recognizer: 'go.boom.newPartitionedBloomFilter', title: 'BoomFilters boom.NewPartitionedBloomFilter', callee: 'boom.NewPartitionedBloomFilter', arity: [2, 2], languages: GO,
    params: [{ ...N, position: 0 }, { ...P, position: 1 }], hashing: { model: 'partitioned', why: 'one hash per partition of m/k bits' },
    derive: (params) => (params.n !== undefined && params.p !== undefined ? boomPartitioned(params.n, params.p) : {}), source: source('partitioned.go', 'NewPartitionedBloomFilter') },
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
  recognizers: ['go.boom.newBloomFilter', 'go.boom.newScalableBloomFilter', 'go.boom.newPartitionedBloomFilter', 'go.boom.newCountingBloomFilter', 'go.boom.newDeletableBloomFilter'],
  entryPoints: BOOM_ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'tylertreat/BoomFilters', file: 'boom.go, classic.go', function: 'OptimalM, OptimalK, NewBloomFilter' }],
  allocations: [{ id: 'boom', label: 'tylertreat/BoomFilters (Go)', call: (n, p) => `boom.NewBloomFilter(${n}, ${p})`, derive: boom }],
};
