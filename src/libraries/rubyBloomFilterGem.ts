/**
 * The bloom-filter gem (Ruby, deepfryed/bloom-filter, `require 'bloom-filter'`): `BloomFilter.new(size: n, error_rate: p)`
 * or `BloomFilter.new(bits: m, hashes: k)`, a C extension.
 */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2_SQUARED, result } from './util';

const SOURCE: SourceCitation = { repository: 'deepfryed/bloom-filter', file: 'ext/bloom_filter.c, ext/bloom-filter.c', function: 'bloom_initialize (size & error_rate: nbits = ceil(|ln p| n / ln²2), nhash = ceil(0.7 nbits / n); bits & hashes, hashes default 4), bloom_filter_new (at most 16 salts: more hash functions fail)' };
/** bloom_filter_new refuses more hash functions than it has salts (the gem then raises NoMemError). */
const MAX_HASHES = 16;

/** bloom_initialize: m = ceil(|ln p| · n / ln²2), k = ceil(0.7 · m / n) (0.7, not ln 2, and rounded up). */
export function bloomFilterGem(n: number, p: number): LibraryDerivation {
  const m = Math.ceil((Math.abs(Math.log(p)) * n) / LN2_SQUARED);
  const k = Math.ceil((0.7 * m) / n);
  if (k > MAX_HASHES) return { rejects: [`the bloom-filter gem computes k = ${k} hash functions; it has ${MAX_HASHES} salts and raises NoMemError`] };
  return result(m, k, []);
}

const REQUIRES = /bloom-filter['"]/;

export const RUBY_BLOOM_FILTER_GEM: LibraryModule = {
  id: 'ruby-bloom-filter-gem',
  displayName: 'bloom-filter gem (Ruby)',
  recognizers: ['ruby.bloom-filter.new'],
  entryPoints: [
    { kind: 'call', recognizer: 'ruby.bloom-filter.new', title: 'bloom-filter BloomFilter.new(size:, error_rate:)', callee: 'BloomFilter.new', arity: [0, 1], languages: ['ruby'], requires: REQUIRES,
      excludesNames: ['bits'],
      params: [{ role: 'n', unit: 'count', names: ['size'] }, { role: 'p', unit: 'probability', names: ['error_rate'] }],
      defaults: { p: { value: 0.01, text: 'bloom-filter default error_rate 0.01' } },
      derive: (params) => (params.n !== undefined && params.p !== undefined ? bloomFilterGem(params.n, params.p) : {}),
      source: SOURCE },
    { kind: 'call', recognizer: 'ruby.bloom-filter.new', title: 'bloom-filter BloomFilter.new(bits:, hashes:)', callee: 'BloomFilter.new', arity: [0, 1], languages: ['ruby'], requires: REQUIRES,
      params: [{ role: 'm', unit: 'bits', names: ['bits'] }, { role: 'k', unit: 'hashes', names: ['hashes'] }],
      defaults: { k: { value: 4, text: 'bloom-filter default hashes 4' } },
      derive: (params) => (params.m !== undefined && params.k !== undefined ? result(params.m, params.k, []) : {}),
      source: SOURCE },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
