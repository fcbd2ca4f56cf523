/** ndk (Dart Nostr Development Kit): BloomFilterPrehash({falsePositiveProbability, numItems}), a filter over pre-hashed ids. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = {
  repository: 'relaystr/ndk',
  file: 'packages/ndk/lib/shared/bloom_filter/bloom_filter_prehash.dart',
  function: 'BloomFilterPrehash({required double falsePositiveProbability, required int numItems}), _calculateOptimalSize, _calculateOptimalNumHashFunctions',
};

/** m = ceil(-n ln p / (ln 2)^2) bits, k = ceil(m / n * ln 2) (the library rounds k up, not to nearest). */
export function ndkPrehash(n: number, p: number): LibraryDerivation {
  const m = Math.ceil((-n * Math.log(p)) / (Math.LN2 * Math.LN2));
  return { m, k: Math.ceil((m / n) * Math.LN2) };
}

export const DART_NDK: LibraryModule = {
  id: 'dart-ndk',
  displayName: 'ndk BloomFilterPrehash (Dart)',
  recognizers: ['dart.ndk.bloomFilterPrehash'],
  entryPoints: [{
    kind: 'call', recognizer: 'dart.ndk.bloomFilterPrehash', title: 'ndk BloomFilterPrehash(falsePositiveProbability:, numItems:)', callee: 'BloomFilterPrehash', languages: ['dart'], requires: /package:ndk\b|bloom_filter_prehash/,
    params: [{ role: 'p', unit: 'probability', names: ['falsePositiveProbability'] }, { role: 'n', unit: 'count', names: ['numItems'] }],
    notes: ['k positions from two 64-bit slices of the id itself (Kirsch-Mitzenmacher): the ids must be uniformly distributed hashes'],
    derive: (params) => (params.n !== undefined && params.p !== undefined && params.n > 0 && params.p > 0 && params.p < 1 ? ndkPrehash(params.n, params.p) : {}),
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
