/** Lucene's bloom postings (lucene/codecs `BloomFilteringPostingsFormat`): a FuzzySet per segment and field. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, result } from './util';

const SOURCE: SourceCitation = { repository: 'apache/lucene', file: 'lucene/codecs/src/java/org/apache/lucene/codecs/bloom/FuzzySet.java', function: 'createOptimalSet, createSetBasedOnMaxMemory, createSetBasedOnQuality, getNearestSetSize, usableBitSetSizes' };
const REQUIRES = /org\.apache\.lucene\.codecs\.bloom|FuzzySet/;
const JVM = ['java', 'kotlin', 'scala', 'groovy'];

/** getNearestSetSize(maxNumberOfBits): the largest 2^j − 1 (j = 6..31) not above it, at least 63; positions are hash & setSize, so m = setSize + 1. */
function nearestSetSize(maxBits: number): number {
  let size = 63;
  for (let j = 6; j < 32; j++) if (2 ** j - 1 <= maxBits) size = 2 ** j - 1;
  return size;
}

/** createOptimalSet(n, p): setSize = getNearestSetSize(2 · ceil(n ln p / ln(2^−ln 2))), k = round(setSize / n · ln 2). */
export function luceneOptimalSet(n: number, p: number): LibraryDerivation {
  const optimalBits = Math.ceil((n * Math.log(Math.fround(p))) / Math.log(1 / Math.pow(2, LN2)));
  const setSize = nearestSetSize(2 * optimalBits);
  const k = Math.round((setSize / n) * LN2);
  return result(setSize + 1, k, [`Lucene rounds 2 × ${optimalBits} bits down to a set of 2^j bits: ${setSize + 1}`]);
}

export const LUCENE: LibraryModule = {
  id: 'lucene-fuzzyset',
  displayName: 'Lucene FuzzySet (bloom postings)',
  recognizers: ['lucene.fuzzySet'],
  entryPoints: [
    { kind: 'call', recognizer: 'lucene.fuzzySet', title: 'Lucene FuzzySet.createOptimalSet(maxNumUniqueValues, targetMaxFpp)', callee: 'FuzzySet.createOptimalSet', arity: [2, 2], languages: JVM, requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? luceneOptimalSet(params.n, params.p) : {}), source: SOURCE },
    // the argument is named bytes, but getNearestSetSize reads it as a number of bits; one hash
    { kind: 'call', recognizer: 'lucene.fuzzySet', title: 'Lucene FuzzySet.createSetBasedOnMaxMemory(maxNumBytes)', callee: 'FuzzySet.createSetBasedOnMaxMemory', arity: [1, 1], languages: JVM, requires: REQUIRES,
      params: [{ role: 'm', unit: 'bits', position: 0 }],
      notes: ['maxNumBytes is used as a number of bits (getNearestSetSize), rounded down to 2^j bits; one hash function'],
      derive: (params) => (params.m !== undefined ? result(nearestSetSize(params.m) + 1, 1, []) : {}), source: SOURCE },
    // sized by the saturation it should reach (DefaultBloomFilterFactory: 0.1); one hash
    { kind: 'call', recognizer: 'lucene.fuzzySet', title: 'Lucene FuzzySet.createSetBasedOnQuality(maxNumUniqueValues, desiredMaxSaturation)', callee: 'FuzzySet.createSetBasedOnQuality', arity: [2, 3], languages: JVM, requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0 }],
      notes: ['one hash function; the bit set is the smallest 2^j bits whose saturation at n values stays below desiredMaxSaturation'],
      derive: () => ({ k: 1 }), source: SOURCE },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
