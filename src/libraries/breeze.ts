/** breeze (Scala) breeze.util.BloomFilter: by (numBuckets, numHashFunctions) or optimallySized(expectedNumItems, falsePositiveRate). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, result } from './util';

/** BloomFilter.optimalSize: m = ceil(-(n ln p) / ln(2^ln 2)), k = round(ln 2 · m / n), both as Int. */
export function breezeOptimalSize(n: number, p: number): LibraryDerivation {
  const m = Math.ceil(-(n * Math.log(p)) / Math.log(Math.pow(2, LN2)));
  return result(m, Math.round((LN2 * m) / n), []);
}

const SOURCE: SourceCitation = { repository: 'scalanlp/breeze', file: 'math/src/main/scala/breeze/util/BloomFilter.scala', function: 'class BloomFilter(numBuckets, numHashFunctions), object BloomFilter.optimallySized, optimalSize' };
const REQUIRES = /breeze\.util/;

export const BREEZE: LibraryModule = {
  id: 'breeze',
  displayName: 'breeze BloomFilter (Scala)',
  recognizers: ['breeze.optimallySized', 'breeze.bloomFilter'],
  entryPoints: [
    { kind: 'call', recognizer: 'breeze.optimallySized', title: 'breeze BloomFilter.optimallySized(expectedNumItems, falsePositiveRate)', callee: 'BloomFilter.optimallySized', arity: [0, 2], languages: ['scala'], requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0, names: ['expectedNumItems'] }, { role: 'p', unit: 'probability', position: 1, names: ['falsePositiveRate'] }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? breezeOptimalSize(params.n, params.p) : {}), source: SOURCE },
    { kind: 'call', recognizer: 'breeze.bloomFilter', title: 'breeze new BloomFilter(numBuckets, numHashFunctions)', callee: 'BloomFilter', arity: [0, 2], languages: ['scala'], requires: REQUIRES,
      params: [{ role: 'm', unit: 'bits', position: 0, names: ['numBuckets'] }, { role: 'k', unit: 'hashes', position: 1, names: ['numHashFunctions'] }],
      derive: (params) => (params.m !== undefined && params.k !== undefined ? result(params.m, params.k, []) : {}), source: SOURCE },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
