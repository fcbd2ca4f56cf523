/** Hive's filters (org.apache.hive.common.util): BloomFilter(expectedEntries, fpp), the code ORC's filter was taken from, and the blocked BloomKFilter(maxNumEntries). */
import { blockedModel, classicModel } from './models';
import { orc } from './orc';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/**
 * BloomKFilter(maxNumEntries): numBits = (long)(−n ln p / ln²2) at DEFAULT_FPP = 0.05f (a float), k = max(1, round(numBits / n ·
 * ln 2)) from those bits; the bit array is ceil(numBits / 64) longs plus 8 − (longs mod 8) more (always at least one), so
 * m is a whole number of 512-bit blocks. Druid's bloom aggregator builds the same filter.
 */
export function bloomKFilter(maxNumEntries: number): LibraryDerivation {
  const numBits = Math.trunc((-maxNumEntries * Math.log(Math.fround(0.05))) / LN2_SQUARED); // optimalNumOfBits
  const k = Math.max(1, Math.round((numBits / maxNumEntries) * LN2)); // optimalNumOfHashFunctions
  const longs = Math.ceil(numBits / 64);
  const m = (longs + (8 - (longs % 8))) * 64;
  return result(m, k, [`sized for BloomKFilter's fixed DEFAULT_FPP 0.05: ${numBits} bits, padded to ${m} bits (whole 512-bit blocks, always at least one more long)`]);
}

const FILTER: SourceCitation = { repository: 'apache/hive', file: 'storage-api/src/java/org/apache/hive/common/util/BloomFilter.java', function: 'BloomFilter(long expectedEntries[, double fpp]) (DEFAULT_FPP 0.05), optimalNumOfBits, optimalNumOfHashFunctions' };
const KFILTER: SourceCitation = { repository: 'apache/hive', file: 'storage-api/src/java/org/apache/hive/common/util/BloomKFilter.java', function: 'BloomKFilter(long maxNumEntries) (DEFAULT_FPP 0.05, DEFAULT_BLOCK_SIZE 8 longs)' };
const REQUIRES = /org\.apache\.hive\.common\.util/;

export const HIVE: LibraryModule = {
  id: 'hive',
  displayName: 'Hive BloomFilter / BloomKFilter',
  recognizers: ['hive.bloomFilter', 'hive.bloomKFilter'],
  entryPoints: [
    { kind: 'call', recognizer: 'hive.bloomFilter', title: 'Hive new BloomFilter(expectedEntries[, fpp])', callee: 'BloomFilter', arity: [1, 2], languages: ['java', 'kotlin', 'scala'], requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      defaults: { p: { value: 0.05, text: 'Hive BloomFilter.DEFAULT_FPP 0.05' } },
      derive: (params) => (params.n !== undefined && params.p !== undefined ? orc(params.n, params.p) : {}), source: FILTER },
    { kind: 'call', recognizer: 'hive.bloomKFilter', title: 'Hive new BloomKFilter(maxNumEntries)', callee: 'BloomKFilter', arity: [1, 1], languages: ['java', 'kotlin', 'scala'], requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0 }],
      defaults: { p: { value: 0.05, text: 'BloomKFilter sizes for its DEFAULT_FPP 0.05' } },
      notes: ['blocked: each key sets its bits inside one 512-bit block'],
      derive: (params) => (params.n !== undefined ? bloomKFilter(params.n) : {}), source: KFILTER },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  variants: { 'hive.bloomKFilter': { layout: { kind: 'blocked', blockBits: 512 }, model: blockedModel(512, 'Hive BloomKFilter (512-bit blocks)') } },
  sources: [FILTER, KFILTER],
};
