/** pybloomfiltermmap3 (prashnts): an mmap-backed filter, BloomFilter(capacity, error_rate, filename). */
import { classicModel } from './models';
import type { EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2_SQUARED, result } from './util';

const SOURCE: SourceCitation = { repository: 'prashnts/pybloomfiltermmap3', file: 'src/pybloomfilter.pyx', function: 'BloomFilter.__cinit__(capacity, error_rate, filename=None, perm=0755, hash_seeds=None), _create' };

/**
 * BloomFilter._create: num_hashes = max(floor(log2(1/p)), 1) (rounded DOWN on purpose), bits_per_hash =
 * ceil(n |ln p| / (num_hashes ln²2)), num_bits = max(num_hashes · bits_per_hash, 128). Capacity is not enforced.
 */
export function pybloomfiltermmap(n: number, p: number): LibraryDerivation {
  const k = Math.max(Math.floor(Math.log2(1 / p)), 1);
  const bitsPerHash = Math.ceil((n * Math.abs(Math.log(p))) / (k * LN2_SQUARED));
  const m = Math.max(k * bitsPerHash, 128);
  const notes = ['pybloomfiltermmap3 rounds k down (floor(log2(1/p))) and does not enforce the capacity'];
  if (m === 128 && k * bitsPerHash < 128) notes.push('raised to the minimum bit vector of 128 bits');
  return result(m, k, notes);
}

export const PYBLOOMFILTERMMAP: LibraryModule = {
  id: 'pybloomfiltermmap',
  displayName: 'pybloomfiltermmap3',
  recognizers: ['pybloomfiltermmap.bloomFilter'],
  entryPoints: ['pybloomfilter.BloomFilter', 'BloomFilter'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'pybloomfiltermmap.bloomFilter', title: 'pybloomfiltermmap3 BloomFilter(capacity, error_rate, filename)', callee, arity: [0, 5], languages: ['python'], requires: /\bpybloomfilter\b/,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['capacity'] }, { role: 'p', unit: 'probability', position: 1, names: ['error_rate'] }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? pybloomfiltermmap(params.n, params.p) : {}),
    source: SOURCE,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
