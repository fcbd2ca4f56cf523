/** Algebird (Scala): BloomFilter[A](numEntries, fpProb). */
import { ceilCeil } from './bitsAndBlooms';
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';

/** optimalWidth = ceil(-n ln p / ln²2), optimalNumHashes = ceil(width / n · ln 2). */
export function algebird(n: number, p: number): LibraryDerivation {
  return ceilCeil(n, p);
}

const SOURCE: SourceCitation = { repository: 'twitter/algebird', file: 'algebird-core/src/main/scala/com/twitter/algebird/BloomFilter.scala', function: 'BloomFilter.apply, optimalWidth, optimalNumHashes, BloomFilterMonoid, BloomFilterAggregator.apply' };
const SCALA = ['scala'];

export const ALGEBIRD: LibraryModule = {
  id: 'algebird',
  displayName: 'Algebird BloomFilter',
  recognizers: ['algebird.bloomFilter', 'algebird.monoid'],
  entryPoints: [
    { kind: 'call', recognizer: 'algebird.bloomFilter', title: 'Algebird BloomFilter(numEntries, fpProb)', callee: 'BloomFilter', arity: [0, 2], languages: SCALA, requires: /algebird/,
      params: [{ role: 'n', unit: 'count', position: 0, names: ['numEntries'] }, { role: 'p', unit: 'probability', position: 1, names: ['fpProb'] }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? algebird(params.n, params.p) : {}), source: SOURCE },
    // BloomFilterMonoid[A](numHashes, width) and BloomFilterAggregator[A](numHashes, width): k first, then m in bits
    ...['BloomFilterMonoid', 'BloomFilterAggregator'].map((callee) => ({
      kind: 'call' as const, recognizer: 'algebird.monoid', title: `Algebird ${callee}(numHashes, width)`, callee, arity: [0, 2] as const, languages: SCALA, requires: /algebird/,
      params: [{ role: 'k' as const, unit: 'hashes' as const, position: 0, names: ['numHashes'] }, { role: 'm' as const, unit: 'bits' as const, position: 1, names: ['width'] }],
      source: SOURCE,
    })),
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
