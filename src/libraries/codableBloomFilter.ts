/** CodableBloomFilter (Swift, metabolist): `BloomFilter<T>(hashes: Set<Hash>, byteCount: Int)`, k = the hashes given, m = 8 · byteCount bits. */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = {
  repository: 'metabolist/codable-bloom-filter',
  file: 'Sources/CodableBloomFilter/BloomFilter.swift',
  function: 'init(hashes: Set<Hash>, byteCount: Int) (one probe per hash, abs(hash) % bitCount)',
};

export const CODABLE_BLOOM_FILTER: LibraryModule = {
  id: 'swift-codable-bloom-filter',
  displayName: 'CodableBloomFilter (Swift)',
  recognizers: ['swift.codable-bloom-filter.init'],
  entryPoints: [{
    kind: 'call', recognizer: 'swift.codable-bloom-filter.init', title: 'CodableBloomFilter BloomFilter(hashes:byteCount:)', callee: 'BloomFilter', languages: ['swift'], requires: /CodableBloomFilter/,
    params: [{ role: 'k', unit: 'hashes', names: ['hashes'] }, { role: 'm', unit: 'bytes', names: ['byteCount'] }],
    notes: ['the hashes are a set: each hash function counts once'],
    derive: (params) => (params.m !== undefined && params.k !== undefined ? { m: params.m, k: params.k } : {}),
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
