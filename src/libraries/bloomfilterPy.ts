/**
 * bloomfilter-py (OldPanda/bloomfilter-py, `from bloomfilter import BloomFilter`): a Python port of Guava's filter,
 * `BloomFilter(expected_insertions, err_rate, strategy=MURMUR128_MITZ_64)`, serialisation-compatible with Guava.
 */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { ceilTo, LN2, LN2_SQUARED, result } from './util';

const SOURCE: SourceCitation = { repository: 'OldPanda/bloomfilter-py', file: 'bloomfilter/bloomfilter.py', function: 'BloomFilter.__init__(expected_insertions, err_rate, strategy), num_of_bits, num_of_hash_functions' };

/**
 * num_of_bits = int(-n ln p / ln²2); num_of_hash_functions = max(1, round(bits / n · ln 2)); the bit array holds
 * ceil(bits / 64) 64-bit words (as Guava's LockFreeBitArray). expected_insertions = 0 is raised to 1.
 */
export function bloomfilterPy(n: number, p: number): LibraryDerivation {
  const insertions = Math.max(n, 1);
  const bits = Math.trunc((-insertions * Math.log(p)) / LN2_SQUARED);
  return result(ceilTo(bits, 64), Math.max(1, Math.round((bits / insertions) * LN2)), []);
}

export const BLOOMFILTER_PY: LibraryModule = {
  id: 'bloomfilter-py',
  displayName: 'bloomfilter-py (Guava-compatible, Python)',
  recognizers: ['bloomfilter-py.bloomFilter'],
  entryPoints: [{
    kind: 'call', recognizer: 'bloomfilter-py.bloomFilter', title: 'bloomfilter-py BloomFilter(expected_insertions, err_rate)', callee: 'BloomFilter', arity: [0, 3], languages: ['python'],
    requires: /\bfrom\s+bloomfilter\s+import\b|\bimport\s+bloomfilter\b/,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['expected_insertions'] }, { role: 'p', unit: 'probability', position: 1, names: ['err_rate'] }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? bloomfilterPy(params.n, params.p) : {}),
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
