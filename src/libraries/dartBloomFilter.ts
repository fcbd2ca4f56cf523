/** Dart package:bloom_filter: BloomFilter.withProbability(falsePositiveProbability, expectedNumberOfElements). */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'Daegalus/dart-bloom-filter', file: 'lib/bloom_filter.dart', function: 'BloomFilter.withProbability(double falsePositiveProbability, int expectedNumberOfElements)' };

export const DART_BLOOM_FILTER: LibraryModule = {
  id: 'dart-bloom-filter',
  displayName: 'bloom_filter (Dart)',
  recognizers: ['dart.bloomFilter.withProbability'],
  entryPoints: [{
    kind: 'call', recognizer: 'dart.bloomFilter.withProbability', title: 'Dart BloomFilter.withProbability(p, n)', callee: 'BloomFilter.withProbability', arity: [2, 2], languages: ['dart'], requires: /bloom_filter/,
    params: [{ role: 'p', unit: 'probability', position: 0 }, { role: 'n', unit: 'count', position: 1 }],
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
