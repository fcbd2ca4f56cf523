/** Apache ORC column Bloom filters. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** BloomFilter(n, fpp): m = (int)(-n ln p / ln²2) + (64 - m % 64); k = max(1, round(m/n ln 2)). */
export function orc(n: number, p: number): LibraryDerivation {
  const raw = Math.trunc((-n * Math.log(p)) / LN2_SQUARED);
  const m = raw + (64 - (raw % 64));
  const k = Math.max(1, Math.round((m / n) * LN2));
  return result(m, k, []);
}

export const ORC: LibraryModule = {
  id: 'orc',
  displayName: 'ORC',
  recognizers: ['orc.bloomFilter'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'apache/orc', file: 'java/core/src/java/org/apache/orc/util/BloomFilter.java', function: 'BloomFilter(long, double), optimalNumOfBits, optimalNumOfHashFunctions' }],
  allocations: [{ id: 'orc', label: 'ORC', call: (n, p) => `orc.bloom.filter.fpp=${p} (n = ${n} per stride)`, derive: orc }],
};
