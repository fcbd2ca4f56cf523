/** probabilistic-collections (jeffrey-xiao, Rust): BloomFilter::new(item_count, fpp), from_item_count(bit_count, item_count). */
import { ceilCeil } from './bitsAndBlooms';
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';
import { LN2, result } from './util';

const SOURCE: SourceCitation = { repository: 'jeffrey-xiao/probabilistic-collections-rs', file: 'src/bloom/bloom_filter.rs', function: 'BloomFilter::new, from_item_count, get_hasher_count' };
const REQUIRES = /probabilistic_collections/;

export const PROBABILISTIC_COLLECTIONS: LibraryModule = {
  id: 'probabilistic-collections',
  displayName: 'probabilistic-collections (Rust)',
  recognizers: ['rust.probabilistic-collections.new', 'rust.probabilistic-collections.fromItemCount'],
  entryPoints: [
    // m = ceil(-log2 p · n / ln 2) bits, k = ceil(m / n · ln 2)
    { kind: 'call', recognizer: 'rust.probabilistic-collections.new', title: 'probabilistic-collections BloomFilter::new(item_count, fpp)', callee: 'BloomFilter::new', arity: [2, 2], languages: ['rust'], requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? ceilCeil(params.n, params.p) : {}), source: SOURCE },
    { kind: 'call', recognizer: 'rust.probabilistic-collections.fromItemCount', title: 'probabilistic-collections BloomFilter::from_item_count(bit_count, item_count)', callee: 'BloomFilter::from_item_count', arity: [2, 2], languages: ['rust'], requires: REQUIRES,
      params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'n', unit: 'count', position: 1 }],
      derive: (params) => (params.m !== undefined && params.n !== undefined ? result(params.m, Math.ceil((params.m / params.n) * LN2), []) : {}), source: SOURCE },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
