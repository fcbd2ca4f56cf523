/**
 * probabilistic-collections (jeffrey-xiao, Rust): BloomFilter (new, from_item_count, from_fpp), PartitionedBloomFilter
 * (from_item_count, from_bit_count) and ScalableBloomFilter::new, each also `_with_hashers` (the same sizing, two hashers more).
 */
import { ceilCeil } from './bitsAndBlooms';
import { classicModel } from './models';
import type { CallEntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const SOURCE: SourceCitation = { repository: 'jeffrey-xiao/probabilistic-collections-rs', file: 'src/bloom/bloom_filter.rs', function: 'BloomFilter::new, from_item_count, from_fpp (and _with_hashers), get_hasher_count' };
const PARTITIONED_SOURCE: SourceCitation = { repository: 'jeffrey-xiao/probabilistic-collections-rs', file: 'src/bloom/partitioned_bloom_filter.rs', function: 'PartitionedBloomFilter::from_item_count, from_bit_count (and _with_hashers), get_hasher_count' };
const SCALABLE_SOURCE: SourceCitation = { repository: 'jeffrey-xiao/probabilistic-collections-rs', file: 'src/bloom/scalable_bloom_filter.rs', function: 'ScalableBloomFilter::new(initial_bit_count, fpp, growth_ratio, tightening_ratio), try_grow' };
const REQUIRES = /probabilistic_collections/;

/** get_hasher_count: k = ceil(m / n · ln 2). */
const hashers = (mBits: number, n: number): number => Math.ceil((mBits / n) * LN2);

/** from_fpp(bit_count, fpp): the capacity the bits hold, n = floor(-ln 2 · m / log2 p), then k = ceil(m / n · ln 2). */
export function probabilisticCollectionsFromFpp(mBits: number, p: number): LibraryDerivation {
  const capacity = Math.floor(-(LN2 * mBits) / Math.log2(p));
  if (capacity < 1) return { rejects: [`${mBits} bits hold no element at p = ${p}: the capacity floor(m ln 2 / -log2 p) is 0`] };
  return result(mBits, hashers(mBits, capacity), [`sized for ${capacity} elements (floor(m ln 2 / -log2 p))`]);
}

/** PartitionedBloomFilter: k = ceil(log2(1/p)) partitions; from_item_count gives each ceil(n ln p / -ln²2 / k) bits, from_bit_count the stated bits. */
export function probabilisticCollectionsPartitioned(bitsPerPartition: number, p: number): LibraryDerivation {
  const k = Math.ceil(Math.log2(1 / p));
  return result(bitsPerPartition * k, k, []);
}

const partitionBits = (n: number, p: number): number => Math.ceil((n * Math.log(p)) / -LN2_SQUARED / Math.ceil(Math.log2(1 / p)));
const PARTITIONED = { model: 'partitioned', why: 'one hash per partition' } as const;
const N = { role: 'n', unit: 'count' } as const;
const P = { role: 'p', unit: 'probability' } as const;
const M = { role: 'm', unit: 'bits' } as const;

/** Each constructor and its form with two hashers (one argument more): `from_fpp_with_hashers`, `ScalableBloomFilter::with_hashers`. */
function withHashers(entry: CallEntryPoint, hashersCallee = `${entry.callee}_with_hashers`): CallEntryPoint[] {
  const [min, max] = entry.arity ?? [0, 0];
  return [entry, { ...entry, title: `${entry.title} (${hashersCallee}, with hashers)`, callee: hashersCallee, arity: [min + 1, max + 1] }];
}

const ENTRY_POINTS: readonly CallEntryPoint[] = [
  // new(item_count, fpp): m = ceil(-log2 p · n / ln 2) bits, k = ceil(m / n · ln 2); with_hashers is its `_with_hashers` form
  ...withHashers({ kind: 'call', recognizer: 'rust.probabilistic-collections.new', title: 'probabilistic-collections BloomFilter::new(item_count, fpp)', callee: 'BloomFilter::new', arity: [2, 2], languages: ['rust'], requires: REQUIRES,
    params: [{ ...N, position: 0 }, { ...P, position: 1 }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? ceilCeil(params.n, params.p) : {}), source: SOURCE }, 'BloomFilter::with_hashers'),
  ...withHashers({ kind: 'call', recognizer: 'rust.probabilistic-collections.fromItemCount', title: 'probabilistic-collections BloomFilter::from_item_count(bit_count, item_count)', callee: 'BloomFilter::from_item_count', arity: [2, 2], languages: ['rust'], requires: REQUIRES,
    params: [{ ...M, position: 0 }, { ...N, position: 1 }],
    derive: (params) => (params.m !== undefined && params.n !== undefined ? result(params.m, hashers(params.m, params.n), []) : {}), source: SOURCE }),
  ...withHashers({ kind: 'call', recognizer: 'rust.probabilistic-collections.fromFpp', title: 'probabilistic-collections BloomFilter::from_fpp(bit_count, fpp)', callee: 'BloomFilter::from_fpp', arity: [2, 2], languages: ['rust'], requires: REQUIRES,
    params: [{ ...M, position: 0 }, { ...P, position: 1 }],
    derive: (params) => (params.m !== undefined && params.p !== undefined ? probabilisticCollectionsFromFpp(params.m, params.p) : {}), source: SOURCE }),
  ...withHashers({ kind: 'call', recognizer: 'rust.probabilistic-collections.partitioned', title: 'probabilistic-collections PartitionedBloomFilter::from_item_count(item_count, fpp)', callee: 'PartitionedBloomFilter::from_item_count', arity: [2, 2], languages: ['rust'], requires: REQUIRES,
    params: [{ ...N, position: 0 }, { ...P, position: 1 }], hashing: PARTITIONED,
    derive: (params) => (params.n !== undefined && params.p !== undefined ? probabilisticCollectionsPartitioned(partitionBits(params.n, params.p), params.p) : {}), source: PARTITIONED_SOURCE }),
  // from_bit_count(bit_count, fpp): bit_count is the size of EACH of the k partitions
  ...withHashers({ kind: 'call', recognizer: 'rust.probabilistic-collections.partitioned', title: 'probabilistic-collections PartitionedBloomFilter::from_bit_count(bit_count, fpp)', callee: 'PartitionedBloomFilter::from_bit_count', arity: [2, 2], languages: ['rust'], requires: REQUIRES,
    params: [{ ...M, position: 0 }, { ...P, position: 1 }], hashing: PARTITIONED, notes: ['bit_count is the size of each of the k partitions: the filter holds k times as many bits'],
    derive: (params) => (params.m !== undefined && params.p !== undefined ? probabilisticCollectionsPartitioned(params.m, params.p) : {}), source: PARTITIONED_SOURCE }),
  // the first sub-filter is BloomFilter::from_fpp(initial_bit_count, fpp); the next ones grow by growth_ratio with fpp · tightening_ratio^i
  ...withHashers({ kind: 'call', recognizer: 'rust.probabilistic-collections.scalable', title: 'probabilistic-collections ScalableBloomFilter::new(initial_bit_count, fpp, growth_ratio, tightening_ratio)', callee: 'ScalableBloomFilter::new', arity: [4, 4], languages: ['rust'], requires: REQUIRES,
    params: [{ ...M, position: 0 }, { ...P, position: 1 }],
    notes: ['scalable: a sub-filter of growth_ratio times the bits, at fpp · tightening_ratio^i, is added once half the bits are set; shown: the first sub-filter'],
    derive: (params) => (params.m !== undefined && params.p !== undefined ? probabilisticCollectionsFromFpp(params.m, params.p) : {}), source: SCALABLE_SOURCE }, 'ScalableBloomFilter::with_hashers'),
];

export const PROBABILISTIC_COLLECTIONS: LibraryModule = {
  id: 'probabilistic-collections',
  displayName: 'probabilistic-collections (Rust)',
  recognizers: ['rust.probabilistic-collections.new', 'rust.probabilistic-collections.fromItemCount', 'rust.probabilistic-collections.fromFpp', 'rust.probabilistic-collections.partitioned', 'rust.probabilistic-collections.scalable'],
  entryPoints: ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE, PARTITIONED_SOURCE, SCALABLE_SOURCE],
};
