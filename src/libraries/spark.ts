/** Apache Spark sketch BloomFilter (DataFrame stat.bloomFilter, runtime Bloom filter joins). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { ceilTo, LN2, LN2_SQUARED, result, sizeNote } from './util';

/** BloomFilter.create: same formulas as Guava; BitArray rounds up to 64-bit words. */
export function sparkSketch(n: number, p: number | undefined, numBits?: number): LibraryDerivation {
  const notes: string[] = [];
  const bits = numBits ?? Math.trunc((-n * Math.log(p as number)) / LN2_SQUARED); // optimalNumOfBits
  const k = Math.max(1, Math.round((bits / n) * LN2)); // optimalNumOfHashFunctions
  const m = ceilTo(Math.max(bits, 1), 64); // BitArray: long[ceil(bits / 64)]
  sizeNote(notes, 'Spark rounds the bit array up to whole 64-bit words', bits, m);
  return result(m, k, notes);
}

export const SPARK: LibraryModule = {
  id: 'spark',
  displayName: 'Spark sketch',
  recognizers: ['spark.sketch.create', 'spark.stat.bloomFilter', 'spark.runtimeBloomFilter'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [
    { repository: 'apache/spark', file: 'common/sketch/src/main/java/org/apache/spark/util/sketch/BloomFilter.java', function: 'create, optimalNumOfBits, optimalNumOfHashFunctions' },
    { repository: 'apache/spark', file: 'common/sketch/src/main/java/org/apache/spark/util/sketch/BitArray.java', function: 'BitArray(long numBits)' },
  ],
  allocations: [{ id: 'spark', label: 'Spark sketch / DataFrame', call: (n, p) => `BloomFilter.create(${n}L, ${p})`, derive: (n, p) => sparkSketch(n, p) }],
};
