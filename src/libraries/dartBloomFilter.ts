/**
 * Dart package:bloom_filter (kseo/bloom_filter): `BloomFilter.withProbability(falsePositiveProbability,
 * expectedNumberOfElements)`, `BloomFilter.withSize(bitSetSize, expectedNumberOfElements)` (also withSizeAndBitVector),
 * the constructor `BloomFilter(bitsPerElement, expectedElements, hashFunctions)`, and the 0.x factory `BloomFilter(p, n)`.
 */
import { classicModel } from './models';
import type { EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, result } from './util';

const SOURCE: SourceCitation = { repository: 'kseo/bloom_filter', file: 'lib/src/bloom_filter_base.dart', function: 'BloomFilter.withProbability(p, n), withSize(bitSetSize, n), withSizeAndBitVector, BloomFilter(bitsPerElement, expectedElements, hashFunctions)' };
const OLD_FACTORY: SourceCitation = { repository: 'kseo/bloom_filter', file: 'lib/src/bloom_filter_base.dart', function: 'factory BloomFilter(falsePositiveProbability, expectedNumberOfElements) (0.x)' };

/** withProbability: k = ceil(-log2 p), bits per element c = k / ln 2, m = ceil(c · n). */
export function dartWithProbability(n: number, p: number): LibraryDerivation {
  const k = Math.ceil(-Math.log2(p));
  return result(Math.ceil((k / LN2) * n), k, []);
}

/** withSize: c = bitSetSize / n, k = round(c · ln 2), m = ceil(c · n) = bitSetSize. */
export function dartWithSize(bitSetSize: number, n: number): LibraryDerivation {
  return result(Math.ceil((bitSetSize / n) * n), Math.round((bitSetSize / n) * LN2), []);
}

// not FlutterFlow's serializable_bloom_filter (src/libraries/jsLongTail2.ts), whose BloomFilter takes named (p, n)
const REQUIRES = /package:bloom_filter|[^_]bloom_filter/;
const DART = ['dart'];

export const DART_BLOOM_FILTER: LibraryModule = {
  id: 'dart-bloom-filter',
  displayName: 'bloom_filter (Dart)',
  recognizers: ['dart.bloomFilter.withProbability'],
  entryPoints: [
    { kind: 'call', recognizer: 'dart.bloomFilter.withProbability', title: 'Dart BloomFilter.withProbability(p, n)', callee: 'BloomFilter.withProbability', arity: [2, 2], languages: DART, requires: REQUIRES,
      params: [{ role: 'p', unit: 'probability', position: 0 }, { role: 'n', unit: 'count', position: 1 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? dartWithProbability(params.n, params.p) : {}), source: SOURCE },
    { kind: 'call', recognizer: 'dart.bloomFilter.withProbability', title: 'Dart BloomFilter(p, n) (0.x factory)', callee: 'BloomFilter', arity: [2, 2], languages: DART, requires: REQUIRES,
      params: [{ role: 'p', unit: 'probability', position: 0 }, { role: 'n', unit: 'count', position: 1 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? dartWithProbability(params.n, params.p) : {}), source: OLD_FACTORY },
    ...['BloomFilter.withSize', 'BloomFilter.withSizeAndBitVector'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'dart.bloomFilter.withProbability', title: `Dart ${callee}(bitSetSize, expectedNumberOfElements)`, callee, arity: callee.endsWith('Vector') ? [3, 3] : [2, 2], languages: DART, requires: REQUIRES,
      params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'n', unit: 'count', position: 1 }],
      derive: (params) => (params.m !== undefined && params.n !== undefined ? dartWithSize(params.m, params.n) : {}), source: SOURCE,
    })),
    // BloomFilter(bitsPerElement, expectedElements, hashFunctions): m = ceil(bitsPerElement · n)
    { kind: 'call', recognizer: 'dart.bloomFilter.withProbability', title: 'Dart BloomFilter(bitsPerElement, expectedElements, hashFunctions)', callee: 'BloomFilter', arity: [3, 4], languages: DART, requires: REQUIRES,
      params: [{ role: 'bitsPerElement', unit: 'bits-per-key', position: 0 }, { role: 'n', unit: 'count', position: 1 }, { role: 'k', unit: 'hashes', position: 2 }],
      derive: (params) => (params.bitsPerElement !== undefined && params.n !== undefined && params.k !== undefined ? result(Math.ceil(params.bitsPerElement * params.n), params.k, []) : {}), source: SOURCE },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
