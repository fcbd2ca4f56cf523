/** Redisson RBloomFilter (Java client, a bitmap in Redis). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** RBloomFilter.tryInit: Guava's formulas on a Redis bitmap (no word rounding); max 2^32 bits. */
export function redisson(n: number, p: number): LibraryDerivation {
  const m = Math.trunc((-n * Math.log(p)) / LN2_SQUARED); // optimalNumOfBits
  const k = Math.max(1, Math.round((m / n) * LN2)); // optimalNumOfHashFunctions
  return result(m, k, []);
}

export const REDISSON: LibraryModule = {
  id: 'redisson',
  displayName: 'Redisson',
  recognizers: ['redisson.tryInit'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'redisson/redisson', file: 'redisson/src/main/java/org/redisson/RedissonBloomFilter.java', function: 'tryInit, optimalNumOfBits, optimalNumOfHashFunctions' }],
  allocations: [{ id: 'redisson', label: 'Redisson', call: (n, p) => `bf.tryInit(${n}L, ${p})`, derive: redisson }],
};
