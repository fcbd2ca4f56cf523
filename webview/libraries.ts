/**
 * "What each library would allocate for the same n and p": the libraries of detection-catalogue.md with
 * their own derivation of m and k (src/detect/derivations.ts, not duplicated here), the bytes, and the FP that
 * results by the exact model of the library's layout. Pure.
 */
import { exactFalsePositiveRate, HashingModel, MAX_HASHES } from '../src/core/classic';
import * as derive from '../src/detect/derivations';
import type { LibraryDerivation } from '../src/detect/types';

export interface LibraryAllocation {
  readonly id: string;
  readonly library: string;
  /** How the library is called for this n and p. */
  readonly call: string;
  readonly mBits?: number;
  readonly k?: number;
  readonly bytes?: number;
  /** Exact FP at n for the library's m and k (undefined when it cannot be computed). */
  readonly falsePositiveRate?: number;
  /** Layout, caps and caveats (blocked filters: the classic rate understates the FP). */
  readonly notes: readonly string[];
}

interface LibrarySpec {
  readonly id: string;
  readonly library: string;
  readonly call: (n: number, p: number) => string;
  readonly derive: (n: number, p: number) => LibraryDerivation;
  readonly hashing: HashingModel;
  readonly blocked?: boolean;
}

const bitsPerKey = (p: number): number => -Math.log(p) / (Math.LN2 * Math.LN2);
const fixed = (x: number, digits = 2): string => String(Number(x.toFixed(digits)));

export const LIBRARY_SPECS: readonly LibrarySpec[] = [
  { id: 'guava', library: 'Guava (Java)', call: (n, p) => `BloomFilter.create(funnel, ${n}L, ${p})`, derive: derive.guava, hashing: 'colliding' },
  { id: 'spark', library: 'Spark sketch / DataFrame', call: (n, p) => `BloomFilter.create(${n}L, ${p})`, derive: (n, p) => derive.sparkSketch(n, p), hashing: 'colliding' },
  { id: 'redisson', library: 'Redisson', call: (n, p) => `bf.tryInit(${n}L, ${p})`, derive: derive.redisson, hashing: 'colliding' },
  { id: 'commons', library: 'Apache Commons Collections', call: (n, p) => `Shape.fromNP(${n}, ${p})`, derive: (n, p) => derive.commonsShape('NP', { n, p }), hashing: 'colliding' },
  { id: 'bits-and-blooms', library: 'bits-and-blooms/bloom (Go)', call: (n, p) => `bloom.NewWithEstimates(${n}, ${p})`, derive: derive.ceilCeil, hashing: 'colliding' },
  { id: 'boom', library: 'tylertreat/BoomFilters (Go)', call: (n, p) => `boom.NewBloomFilter(${n}, ${p})`, derive: derive.boom, hashing: 'colliding' },
  { id: 'bbloom', library: 'bbloom (Go)', call: (n, p) => `bbloom.New(float64(${n}), ${p})`, derive: derive.bbloom, hashing: 'colliding' },
  { id: 'pybloom', library: 'pybloom-live (Python)', call: (n, p) => `BloomFilter(capacity=${n}, error_rate=${p})`, derive: derive.pybloom, hashing: 'partitioned' },
  { id: 'rbloom', library: 'rbloom (Python)', call: (n, p) => `Bloom(${n}, ${p})`, derive: derive.rbloom, hashing: 'colliding' },
  { id: 'bloom-filter2', library: 'bloom-filter2 (Python)', call: (n, p) => `BloomFilter(max_elements=${n}, error_rate=${p})`, derive: derive.ceilCeil, hashing: 'colliding' },
  { id: 'bloom-filters', library: 'bloom-filters (npm)', call: (n, p) => `BloomFilter.create(${n}, ${p})`, derive: derive.ceilCeil, hashing: 'noncolliding' },
  { id: 'rust-bloomfilter', library: 'bloomfilter (Rust)', call: (n, p) => `Bloom::new_for_fp_rate(${n}, ${p})`, derive: (n, p) => derive.rustBloomfilter(n, p), hashing: 'colliding' },
  { id: 'growable', library: 'growable-bloom-filter (Rust)', call: (n, p) => `GrowableBloom::new(${p}, ${n})`, derive: (n, p) => derive.growable(p, n), hashing: 'partitioned' },
  { id: 'fastbloom', library: 'fastbloom (Rust)', call: (n, p) => `BloomFilter::with_false_pos(${p}).expected_items(${n})`, derive: derive.fastbloomFalsePos, hashing: 'colliding', blocked: true },
  { id: 'redis-nonscaling', library: 'RedisBloom NONSCALING', call: (n, p) => `BF.RESERVE key ${p} ${n} NONSCALING`, derive: (n, p) => derive.redisBloom(n, p, true), hashing: 'colliding' },
  { id: 'redis', library: 'RedisBloom (scaling, first link)', call: (n, p) => `BF.RESERVE key ${p} ${n}`, derive: (n, p) => derive.redisBloom(n, p, false), hashing: 'colliding' },
  { id: 'bitcoin', library: 'Bitcoin Core CBloomFilter', call: (n, p) => `CBloomFilter(${n}, ${p}, nTweak, BLOOM_UPDATE_ALL)`, derive: derive.bitcoinBloom, hashing: 'colliding' },
  { id: 'orc', library: 'ORC', call: (n, p) => `orc.bloom.filter.fpp=${p} (n = ${n} per stride)`, derive: derive.orc, hashing: 'colliding' },
  { id: 'parquet', library: 'Parquet split-block (max 1 MiB)', call: (n, p) => `parquet.bloom.filter.expected.ndv=${n}, fpp=${p}`, derive: (n, p) => derive.parquetSbbf(n, p, 1048576), hashing: 'colliding', blocked: true },
  { id: 'brin', library: 'PostgreSQL BRIN bloom', call: (n, p) => `int8_bloom_ops(n_distinct_per_range = ${n}, false_positive_rate = ${p})`, derive: derive.brinBloom, hashing: 'colliding' },
  { id: 'rocksdb', library: 'RocksDB (bits per key)', call: (_n, p) => `NewBloomFilterPolicy(${fixed(bitsPerKey(p))}, false)`, derive: (_n, p) => derive.rocksdb(bitsPerKey(p)), hashing: 'colliding', blocked: true },
  { id: 'leveldb', library: 'LevelDB (bits per key)', call: (_n, p) => `NewBloomFilterPolicy(${Math.ceil(bitsPerKey(p))})`, derive: (_n, p) => derive.leveldb(Math.ceil(bitsPerKey(p))), hashing: 'colliding' },
  { id: 'cassandra', library: 'Cassandra / Scylla', call: (_n, p) => `WITH bloom_filter_fp_chance = ${p}`, derive: (_n, p) => derive.cassandra(p), hashing: 'colliding' },
  { id: 'clickhouse', library: 'ClickHouse bloom_filter', call: (_n, p) => `TYPE bloom_filter(${p})`, derive: (_n, p) => derive.clickhouseBloomFilter(p), hashing: 'colliding' },
];

/** What each library in the catalogue allocates for n elements at target p, and the FP that results. */
export function libraryAllocations(n: number, p: number): LibraryAllocation[] {
  return LIBRARY_SPECS.map((spec) => {
    const notes: string[] = [];
    let derived: LibraryDerivation;
    try {
      derived = spec.derive(n, p);
    } catch (error) {
      return { id: spec.id, library: spec.library, call: spec.call(n, p), notes: [`cannot derive: ${error instanceof Error ? error.message : String(error)}`] };
    }
    notes.push(...(derived.notes ?? []));
    let mBits = derived.m;
    if (mBits === undefined && derived.bitsPerElement !== undefined) {
      mBits = Math.ceil(n * derived.bitsPerElement);
      notes.push(`${fixed(derived.bitsPerElement, 3)} bits per element`);
    }
    const k = derived.k;
    let falsePositiveRate: number | undefined;
    if (mBits !== undefined && k !== undefined && Number.isSafeInteger(mBits) && mBits >= 1 && Number.isInteger(k) && k >= 1 && k <= MAX_HASHES
      && (spec.hashing === 'colliding' || k <= mBits)) {
      falsePositiveRate = exactFalsePositiveRate(mBits, n, k, spec.hashing);
      if (spec.blocked) notes.push('blocked layout: the real FP is somewhat above this classic exact rate');
    } else if (k === undefined) {
      notes.push('k chosen per block by the library: FP not modelled');
    }
    if (spec.hashing !== 'colliding') notes.push(`${spec.hashing} hashing`);
    return {
      id: spec.id, library: spec.library, call: spec.call(n, p),
      ...(mBits !== undefined ? { mBits, bytes: Math.ceil(mBits / 8) } : {}),
      ...(k !== undefined ? { k } : {}),
      ...(falsePositiveRate !== undefined ? { falsePositiveRate } : {}),
      notes,
    };
  });
}
