/** rueidis rueidisprob: client-side Bloom filters on Redis bitmaps. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** m = ceil(-n ln p / ln²2), k = round(m / n · ln 2); m above 2^32 bits is refused (numberOfBloomFilterBits, NewBloomFilter). */
export function rueidisprobBloom(n: number, p: number): LibraryDerivation {
  const m = Math.ceil((-n * Math.log(p)) / LN2_SQUARED);
  if (m > 2 ** 32) return { rejects: [`${m} bits is above the 2^32-bit limit of a Redis bitmap; NewBloomFilter returns an error`] };
  return result(m, Math.round((m / n) * LN2), []);
}

const SOURCE: SourceCitation = { repository: 'redis/rueidis', file: 'rueidisprob/bloomfilter.go, slidingbloomfilter.go, countingbloomfilter.go', function: 'NewBloomFilter, NewSlidingBloomFilter, NewCountingBloomFilter, numberOfBloomFilterBits' };
const derive = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? rueidisprobBloom(params.n, params.p) : {});
const CALLS: readonly (readonly [string, string, number])[] = [
  ['rueidisprob.NewBloomFilter', 'rueidisprob.newBloomFilter', 4],
  ['rueidisprob.NewCountingBloomFilter', 'rueidisprob.newCountingBloomFilter', 4],
  ['rueidisprob.NewSlidingBloomFilter', 'rueidisprob.newSlidingBloomFilter', 5],
];

export const RUEIDISPROB: LibraryModule = {
  id: 'rueidisprob',
  displayName: 'rueidis rueidisprob',
  recognizers: CALLS.map(([, id]) => id),
  // (client, name, expectedNumberOfItems, falsePositiveRate[, window], options...)
  entryPoints: CALLS.map(([callee, recognizer, minArgs]) => ({
    kind: 'call' as const, recognizer, title: `rueidisprob ${callee.slice('rueidisprob.'.length)}`, callee, arity: [minArgs, minArgs + 8] as const, languages: ['go'],
    params: [{ role: 'n' as const, unit: 'count' as const, position: 2 }, { role: 'p' as const, unit: 'probability' as const, position: 3 }],
    derive, source: SOURCE,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
