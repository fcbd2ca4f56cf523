/** The `bloom` crate (nicklan/bloom-rs): BloomFilter::with_rate(rate, expected_num_items), BloomFilter::with_size(num_bits, num_hashes). */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';
import { result } from './util';

const SOURCE: SourceCitation = { repository: 'nicklan/bloom-rs', file: 'src/bloom.rs', function: 'BloomFilter::with_rate, BloomFilter::with_size, needed_bits, optimal_num_hashes' };
const REQUIRES = /\buse\s+bloom\b|\bbloom::|extern\s+crate\s+bloom\b/;

export const BLOOM_RS: LibraryModule = {
  id: 'bloom-rs',
  displayName: 'bloom crate (Rust)',
  recognizers: ['rust.bloom.withRate', 'rust.bloom.withSize'],
  entryPoints: [
    { kind: 'call', recognizer: 'rust.bloom.withRate', title: 'bloom BloomFilter::with_rate(rate, expected_num_items)', callee: 'BloomFilter::with_rate', arity: [2, 2], languages: ['rust'], requires: REQUIRES,
      params: [{ role: 'p', unit: 'probability', position: 0 }, { role: 'n', unit: 'count', position: 1 }], source: SOURCE },
    { kind: 'call', recognizer: 'rust.bloom.withSize', title: 'bloom BloomFilter::with_size(num_bits, num_hashes)', callee: 'BloomFilter::with_size', arity: [2, 2], languages: ['rust'], requires: REQUIRES,
      params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }],
      derive: (params) => (params.m !== undefined && params.k !== undefined ? result(params.m, params.k, []) : {}), source: SOURCE },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
