/**
 * addthis/stream-lib `com.clearspring.analytics.stream.membership.BloomFilter` (Java; Cassandra's old filter):
 * BloomFilter(numElements, bucketsPerElement) and BloomFilter(numElements, maxFalsePosProbability), a java.util.BitSet
 * of numElements · buckets + 20 bits whose size() (whole 64-bit words) is the m the hashes are taken modulo.
 */
import { CASSANDRA_PROBS } from './cassandra';
import { classicModel } from './models';
import type { EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { result } from './util';

const FILTER: SourceCitation = { repository: 'addthis/stream-lib', file: 'src/main/java/com/clearspring/analytics/stream/membership/BloomFilter.java', function: 'BloomFilter(int numElements, int bucketsPerElement), BloomFilter(int numElements, double maxFalsePosProbability), buckets() = filter_.size()' };
const CALCULATIONS: SourceCitation = { repository: 'addthis/stream-lib', file: 'src/main/java/com/clearspring/analytics/stream/membership/BloomCalculations.java', function: 'optKPerBuckets, probs, computeBestK, computeBucketsAndK (maxBuckets = 15, maxK = 8)' };

/** BloomCalculations.optKPerBuckets (its own array, not the minimum of each probs row). */
const OPT_K: readonly number[] = [1, 1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14];
const MAX_BUCKETS = 15;
const MAX_K = 8;

/** new BitSet(bits).size(): whole 64-bit words. */
const bitSetSize = (bits: number): number => 64 * Math.ceil(bits / 64);

/** computeBestK(bucketsPerElement): optKPerBuckets[b], the last entry (14) from 20 buckets on. */
export function streamLibBuckets(n: number, bucketsPerElement: number): LibraryDerivation {
  const k = OPT_K[Math.min(bucketsPerElement, OPT_K.length - 1)];
  return result(bitSetSize(n * bucketsPerElement + 20), k, []);
}

/**
 * computeBucketsAndK(p): p >= 0.393 gives K = 2 with 1 bucket per element; p below probs[15][8] gives K = 8 with 15;
 * otherwise the fewest buckets whose optimal K meets p, then the fewest K that still does.
 */
export function streamLibRate(n: number, p: number): LibraryDerivation {
  let buckets: number;
  let k: number;
  const notes: string[] = [];
  if (p >= CASSANDRA_PROBS[2][1]) {
    buckets = OPT_K[2];
    k = 2;
    notes.push(`p >= ${CASSANDRA_PROBS[2][1]}: stream-lib's smallest specification, ${buckets} bit per element and ${k} hashes`);
  } else if (p < CASSANDRA_PROBS[MAX_BUCKETS][MAX_K]) {
    buckets = MAX_BUCKETS;
    k = MAX_K;
    notes.push(`p below ${CASSANDRA_PROBS[MAX_BUCKETS][MAX_K]}: stream-lib stops at ${MAX_BUCKETS} bits per element and ${MAX_K} hashes, so the filter misses p`);
  } else {
    buckets = 2;
    k = OPT_K[2];
    while (CASSANDRA_PROBS[buckets][k] > p) {
      buckets++;
      k = OPT_K[buckets];
    }
    while (CASSANDRA_PROBS[buckets][k - 1] <= p) k--;
  }
  return result(bitSetSize(n * buckets + 20), k, notes, { bitsPerElement: buckets });
}

const JVM = ['java', 'kotlin', 'scala'];
const REQUIRES = /com\.clearspring\.analytics/;

const ENTRY_POINTS: readonly EntryPoint[] = [
  { kind: 'call', recognizer: 'stream-lib.bloomFilter', title: 'stream-lib BloomFilter(numElements, maxFalsePosProbability)', callee: 'BloomFilter', arity: [2, 2], overload: { position: 1, wholeNumber: false }, languages: JVM, requires: REQUIRES,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? streamLibRate(params.n, params.p) : {}), source: FILTER },
  { kind: 'call', recognizer: 'stream-lib.bloomFilter', title: 'stream-lib BloomFilter(numElements, bucketsPerElement)', callee: 'BloomFilter', arity: [2, 2], overload: { position: 1, wholeNumber: true }, languages: JVM, requires: REQUIRES,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'bitsPerElement', unit: 'bits-per-key', position: 1 }],
    derive: (params) => (params.n !== undefined && params.bitsPerElement !== undefined ? streamLibBuckets(params.n, params.bitsPerElement) : {}), source: FILTER },
];

export const STREAM_LIB: LibraryModule = {
  id: 'stream-lib',
  displayName: 'stream-lib BloomFilter (Java)',
  recognizers: ['stream-lib.bloomFilter'],
  entryPoints: ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [FILTER, CALCULATIONS, { repository: 'addthis/stream-lib', file: 'src/main/java/com/clearspring/analytics/stream/membership/Filter.java', function: 'getHashBuckets(key, hashCount, max): hashes modulo buckets()' }],
};
