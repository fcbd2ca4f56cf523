/** Redisson RBloomFilter (Java client, a bitmap in Redis). */
import { classicModel } from './models';
import type { CallEntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** RedissonBloomFilter.getMaxSize: Integer.MAX_VALUE * 2L bits. */
const REDISSON_MAX_BITS = 4_294_967_294;

/** RBloomFilter.tryInit: Guava's formulas on a Redis bitmap (no word rounding); at most 2^32 − 2 bits, never 0. */
export function redisson(n: number, p: number): LibraryDerivation {
  const m = Math.trunc((-n * Math.log(p)) / LN2_SQUARED); // optimalNumOfBits
  if (m === 0 || m > REDISSON_MAX_BITS) {
    const why = m === 0 ? 'Bloom filter calculated size is 0' : `Bloom filter size can't be greater than ${REDISSON_MAX_BITS}. But calculated size is ${m}`;
    return { rejects: [`Redisson throws IllegalArgumentException: ${why}`] };
  }
  const k = Math.max(1, Math.round((m / n) * LN2)); // optimalNumOfHashFunctions
  return result(m, k, []);
}

const FILTER: SourceCitation = { repository: 'redisson/redisson', file: 'redisson/src/main/java/org/redisson/RedissonBloomFilter.java', function: 'tryInit, tryInitAsync, optimalNumOfBits, optimalNumOfHashFunctions, getMaxSize' };
// Not declared: RBloomFilterNative.init(errorRate, capacity) and init(BloomFilterInitArgs.create().errorRate(p).capacity(n))
// (api/RBloomFilterNative.java; BF.RESERVE underneath): `.init` on a receiver that names no Bloom word escapes the prefilter.
const JVM = ['java', 'kotlin', 'scala', 'groovy'];
/** The file gets its filter from Redisson (`redisson.getBloomFilter(...)`, an RBloomFilter field). */
const REQUIRES = /getBloomFilter|RBloomFilter/;

const tryInit = (callee: string): CallEntryPoint => ({
  kind: 'call', recognizer: 'redisson.tryInit', title: 'Redisson RBloomFilter.tryInit', callee, arity: [2, 2], languages: JVM, requires: REQUIRES,
  params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
  notes: ['tryInit returns false and changes nothing when the filter already exists'],
  derive: (params) => (params.n !== undefined && params.p !== undefined ? redisson(params.n, params.p) : {}),
  source: FILTER,
});

export const REDISSON: LibraryModule = {
  id: 'redisson',
  displayName: 'Redisson',
  recognizers: ['redisson.tryInit'],
  entryPoints: [tryInit('.tryInit'), tryInit('.tryInitAsync')],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [FILTER],
  allocations: [{ id: 'redisson', label: 'Redisson', call: (n, p) => `bf.tryInit(${n}L, ${p})`, derive: redisson }],
};
