/**
 * barrust/bloom (C, bloom.h) and barrust/counting_bloom (C, counting_bloom.h): *_init(filter, estimated_elements,
 * false_positive_rate) and their _alt (own hash function) and _on_disk (mmap'd file) forms. The rate is a C float.
 */
import { classicModel } from './models';
import type { EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { result } from './util';

const BLOOM: SourceCitation = { repository: 'barrust/bloom', file: 'src/bloom.c', function: 'bloom_filter_init_alt (estimated_elements 0 or rate outside (0, 1): BLOOM_FAILURE), __calculate_optimal_hashes' };
const BLOOM_H: SourceCitation = { repository: 'barrust/bloom', file: 'src/bloom.h', function: 'bloom_filter_init, bloom_filter_init_alt, bloom_filter_init_on_disk, bloom_filter_init_on_disk_alt (float false_positive_rate)' };
const COUNTING: SourceCitation = { repository: 'barrust/counting_bloom', file: 'src/counting_bloom.c', function: 'counting_bloom_init_alt, __calculate_optimal_hashes; calloc(number_bits, sizeof(uint32_t))' };
const COUNTING_H: SourceCitation = { repository: 'barrust/counting_bloom', file: 'src/counting_bloom.h', function: 'counting_bloom_init, counting_bloom_init_alt, counting_bloom_init_on_disk, counting_bloom_init_on_disk_alt' };

/** bloom.c: #define LOG_TWO_SQUARED 0.480453013918201388..., LOG_TWO 0.693147180559945286... */
const LOG_TWO_SQUARED = 0.480453013918201388143813800;
const LOG_TWO = 0.693147180559945286226764000;

/**
 * __calculate_optimal_hashes (both libraries): the rate is stored as a C float, m = ceil(-n ln p / LOG_TWO_SQUARED),
 * k = round(LOG_TWO · m / n) (the source notes it "should check to make sure it is at least 1").
 */
export function barrustBloom(n: number, p: number): LibraryDerivation {
  if (n < 1 || p <= 0 || p >= 1) return { rejects: [`estimated_elements = ${n}, false_positive_rate = ${p}: barrust init returns BLOOM_FAILURE (elements must be > 0, the rate in (0, 1))`] };
  const storedRate = Math.fround(p);
  const m = Math.ceil((-n * Math.log(storedRate)) / LOG_TWO_SQUARED);
  const k = Math.round((LOG_TWO * m) / n);
  if (k < 1) return { rejects: [`k = round(ln 2 · ${m} / ${n}) = 0 hash functions: barrust builds a filter that sets no bit`] };
  return result(m, k, []);
}

const C = ['c', 'cpp'];
const derive = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? barrustBloom(params.n, params.p) : {});

/** `<prefix>_init(f, n, p)`, `_init_alt(f, n, p, hash)`, `_init_on_disk(f, n, p, path)`, `_init_on_disk_alt(f, n, p, path, hash)`. */
function initEntries(prefix: string, recognizer: string, requires: RegExp, source: SourceCitation, notes: readonly string[]): EntryPoint[] {
  return ([['_init', 3], ['_init_alt', 4], ['_init_on_disk', 4], ['_init_on_disk_alt', 5]] as const).map(([suffix, arity]): EntryPoint => ({
    kind: 'call', recognizer, title: `barrust ${prefix}${suffix}(filter, estimated_elements, false_positive_rate${suffix.includes('disk') ? ', filepath' : ''}${suffix.endsWith('alt') ? ', hash_function' : ''})`,
    callee: `${prefix}${suffix}`, arity: [arity, arity], languages: C, requires,
    params: [{ role: 'n', unit: 'count', position: 1 }, { role: 'p', unit: 'probability', position: 2 }], notes, derive, source,
  }));
}

export const BARRUST_BLOOM: LibraryModule = {
  id: 'barrust-bloom',
  displayName: 'barrust/bloom (C)',
  recognizers: ['c.barrust.bloomFilterInit'],
  entryPoints: initEntries('bloom_filter', 'c.barrust.bloomFilterInit', /\bbloom\.h\b|barrust/, BLOOM_H, []),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [BLOOM, BLOOM_H, { repository: 'barrust/bloom', file: 'src/bloom.c', function: '__default_hash: FNV-1a seeded with i for each of the k hashes, index hash % number_bits' }],
};

export const BARRUST_COUNTING_BLOOM: LibraryModule = {
  id: 'barrust-counting-bloom',
  displayName: 'barrust/counting_bloom (C)',
  recognizers: ['c.barrust.countingBloomInit'],
  entryPoints: initEntries('counting_bloom', 'c.barrust.countingBloomInit', /counting_bloom\.h|barrust/, COUNTING_H,
    ['counting filter: each of the m positions is a 32-bit counter (4 bytes each)']),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [COUNTING, COUNTING_H],
};
