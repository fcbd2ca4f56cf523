/** Hive's filters (org.apache.hive.common.util): BloomFilter(expectedEntries, fpp), the code ORC's filter was taken from, and the blocked BloomKFilter(maxNumEntries). */
import { blockedModel, classicModel } from './models';
import { orc } from './orc';
import type { LibraryModule, SourceCitation } from './types';

const FILTER: SourceCitation = { repository: 'apache/hive', file: 'storage-api/src/java/org/apache/hive/common/util/BloomFilter.java', function: 'BloomFilter(long expectedEntries, double fpp), optimalNumOfBits, optimalNumOfHashFunctions' };
const KFILTER: SourceCitation = { repository: 'apache/hive', file: 'storage-api/src/java/org/apache/hive/common/util/BloomKFilter.java', function: 'BloomKFilter(long maxNumEntries) (DEFAULT_FPP 0.05, DEFAULT_BLOCK_SIZE 8 longs)' };
const REQUIRES = /org\.apache\.hive\.common\.util/;

export const HIVE: LibraryModule = {
  id: 'hive',
  displayName: 'Hive BloomFilter / BloomKFilter',
  recognizers: ['hive.bloomFilter', 'hive.bloomKFilter'],
  entryPoints: [
    { kind: 'call', recognizer: 'hive.bloomFilter', title: 'Hive new BloomFilter(expectedEntries, fpp)', callee: 'BloomFilter', arity: [2, 2], languages: ['java', 'kotlin', 'scala'], requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? orc(params.n, params.p) : {}), source: FILTER },
    { kind: 'call', recognizer: 'hive.bloomKFilter', title: 'Hive new BloomKFilter(maxNumEntries)', callee: 'BloomKFilter', arity: [1, 1], languages: ['java', 'kotlin', 'scala'], requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0 }],
      defaults: { p: { value: 0.05, text: 'BloomKFilter sizes for its DEFAULT_FPP 0.05' } },
      notes: ['blocked: each key sets its bits inside one 512-bit block'], source: KFILTER },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  variants: { 'hive.bloomKFilter': { layout: { kind: 'blocked', blockBits: 512 }, model: blockedModel(512, 'Hive BloomKFilter (512-bit blocks)') } },
  sources: [FILTER, KFILTER],
};
