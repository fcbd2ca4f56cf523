/**
 * alexandrnikitin/bloom-filter-scala (`bloomfilter.mutable.BloomFilter[T](numberOfItems, falsePositiveRate)`, the
 * 128-bit-hash `bloomfilter.mutable._128bit.BloomFilter` and `bloomfilter.mutable.CuckooFilter[T](numberOfItems)`).
 * k divides the bit count by the item count in Long arithmetic before it multiplies by ln 2.
 */
import type { LibraryDerivation } from '../detect/types';
import { cuckooTable } from './fingerprintLayouts';
import { classicModel } from './models';
import type { EntryPoint, FingerprintLibraryModule, LibraryModule, SourceCitation } from './types';
import { nextPowerOfTwo, result } from './util';

const BLOOM: SourceCitation = { repository: 'alexandrnikitin/bloom-filter-scala', file: 'bloom-filter/src/main/scala/bloomfilter/mutable/BloomFilter.scala', function: 'BloomFilter.apply(numberOfItems, falsePositiveRate), optimalNumberOfBits, optimalNumberOfHashes; new BloomFilter[T](numberOfBits, numberOfHashes)' };
const BLOOM_128: SourceCitation = { repository: 'alexandrnikitin/bloom-filter-scala', file: 'bloom-filter/src/main/scala/bloomfilter/mutable/_128bit/BloomFilter.scala', function: 'BloomFilter.apply(numberOfItems, falsePositiveRate) (same sizing, 128-bit MurmurHash3)' };
const CUCKOO: SourceCitation = { repository: 'alexandrnikitin/bloom-filter-scala', file: 'bloom-filter/src/main/scala/bloomfilter/mutable/CuckooFilter.scala', function: 'CuckooFilter.apply(numberOfItems): optimalNumberOfBuckets, UnsafeTable16Bit (16-bit tags, TagsPerBucket = 4), MaxAddAttempts = 500' };

/** m = ceil(-n ln p / ln 2 / ln 2); k = ceil((m / n as a Long division) · ln 2). */
export function bloomFilterScala(n: number, p: number): LibraryDerivation {
  const m = Math.ceil((-1 * n * Math.log(p)) / Math.log(2) / Math.log(2));
  const k = Math.ceil(Math.floor(m / n) * Math.log(2));
  const exact = Math.ceil((m / n) * Math.log(2));
  return result(m, k, k !== exact ? [`k = ceil(floor(${m} / ${n}) · ln 2) = ${k}: the Long division drops the fraction (ceil(m / n · ln 2) would be ${exact})`] : []);
}

/** optimalNumberOfBuckets: upperPowerOf2(ceil(n / 4)), doubled when n / (buckets · 4) > 0.96; 4 tags of 16 bits. */
export function bloomFilterScalaCuckoo(n: number | undefined): LibraryDerivation {
  if (n === undefined) return { structure: cuckooTable(undefined, 4, 16, 'upperPowerOf2(ceil(n / 4))', { whenFull: 'fails' }) };
  let buckets = nextPowerOfTwo(Math.ceil(n / 4));
  if (n / buckets / 4 > 0.96) buckets *= 2;
  return { structure: cuckooTable(buckets, 4, 16, 'upperPowerOf2(ceil(n / 4)), doubled above 96 % load', { whenFull: 'fails' }) };
}

const SCALA = ['scala'];
const REQUIRES = /bloomfilter\.mutable/;
const N_P = [{ role: 'n', unit: 'count', position: 0, names: ['numberOfItems'] }, { role: 'p', unit: 'probability', position: 1, names: ['falsePositiveRate'] }] as const;

export const BLOOM_FILTER_SCALA: LibraryModule = {
  id: 'bloom-filter-scala',
  displayName: 'bloom-filter-scala',
  recognizers: ['bloom-filter-scala.bloomFilter', 'bloom-filter-scala.bloomFilterBits'],
  entryPoints: [
    // BloomFilter[Long](n, p) (the companion's apply), qualified or not
    ...['BloomFilter', 'BloomFilter.apply', '_128bit.BloomFilter'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'bloom-filter-scala.bloomFilter', title: `bloom-filter-scala ${callee}[T](numberOfItems, falsePositiveRate)`, callee, arity: [2, 2], overload: { position: 1, wholeNumber: false }, languages: SCALA, requires: REQUIRES,
      params: [...N_P], derive: (params) => (params.n !== undefined && params.p !== undefined ? bloomFilterScala(params.n, params.p) : {}), source: callee.startsWith('_128') ? BLOOM_128 : BLOOM,
    })),
    // new BloomFilter[T](numberOfBits, numberOfHashes): the public constructor
    { kind: 'call', recognizer: 'bloom-filter-scala.bloomFilterBits', title: 'bloom-filter-scala new BloomFilter[T](numberOfBits, numberOfHashes)', callee: 'BloomFilter', arity: [2, 2], overload: { position: 1, wholeNumber: true }, languages: SCALA, requires: REQUIRES,
      params: [{ role: 'm', unit: 'bits', position: 0, names: ['numberOfBits'] }, { role: 'k', unit: 'hashes', position: 1, names: ['numberOfHashes'] }],
      derive: (params) => (params.m !== undefined && params.k !== undefined ? result(params.m, params.k, []) : {}), source: BLOOM },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [BLOOM, BLOOM_128],
};

export const BLOOM_FILTER_SCALA_CUCKOO: FingerprintLibraryModule = {
  id: 'bloom-filter-scala-cuckoo',
  displayName: 'bloom-filter-scala CuckooFilter',
  recognizers: ['bloom-filter-scala.cuckooFilter'],
  entryPoints: [{ kind: 'call', recognizer: 'bloom-filter-scala.cuckooFilter', title: 'bloom-filter-scala CuckooFilter[T](numberOfItems)', callee: 'CuckooFilter', arity: [1, 1], languages: SCALA, requires: REQUIRES,
    params: [{ role: 'n', unit: 'count', position: 0 }], derive: (params) => bloomFilterScalaCuckoo(params.n), source: CUCKOO }],
  sources: [CUCKOO],
};
