/** Algebird (Scala): BloomFilter[A](numEntries, fpProb). */
import { ceilCeil } from './bitsAndBlooms';
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';

/** optimalWidth = ceil(-n ln p / ln²2), optimalNumHashes = ceil(width / n · ln 2). */
export function algebird(n: number, p: number): LibraryDerivation {
  return ceilCeil(n, p);
}

export const ALGEBIRD: LibraryModule = {
  id: 'algebird',
  displayName: 'Algebird BloomFilter',
  recognizers: ['algebird.bloomFilter'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'twitter/algebird', file: 'algebird-core/src/main/scala/com/twitter/algebird/BloomFilter.scala', function: 'BloomFilter.apply, optimalWidth, optimalNumHashes' }],
};
