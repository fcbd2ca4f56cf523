/** npm bloom-filters (Callidon) and npm bloomfilter (jasondavies). */
import { ceilCeil } from './bitsAndBlooms';
import { classicModel } from './models';
import type { LibraryModule } from './types';
import { groupedInteger, snippetSummary } from './util';

export const BLOOM_FILTERS_JS: LibraryModule = {
  id: 'bloom-filters',
  displayName: 'bloom-filters (npm)',
  recognizers: ['bloom-filters.create', 'bloom-filters.from', 'bloom-filters.new', 'bloom-filters.partitioned', 'bloom-filters.scalable'],
  layout: { kind: 'classic', hashing: 'noncolliding' },
  model: classicModel('noncolliding'),
  sources: [
    { repository: 'Callidon/bloom-filters', file: 'src/formulas.ts', function: 'optimalFilterSize, optimalHashes' },
    { repository: 'Callidon/bloom-filters', file: 'src/bloom/bloom-filter.ts', function: 'BloomFilter.create (distinct indexes)' },
  ],
  allocations: [{ id: 'bloom-filters', label: 'bloom-filters (npm)', call: (n, p) => `BloomFilter.create(${n}, ${p})`, derive: ceilCeil }],
  snippets: [{ id: 'bloom-filters', label: 'bloom-filters (npm)', render: (d) => `// ${snippetSummary(d)}\nconst filter = new BloomFilter(${groupedInteger(d.mBits)}, ${d.k});` }],
};

export const BLOOMFILTER_JS: LibraryModule = {
  id: 'bloomfilter-js',
  displayName: 'bloomfilter (npm)',
  recognizers: ['bloomfilter.js.new', 'bloomfilter.js.withTargetError'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'jasondavies/bloomfilter.js', file: 'bloomfilter.js', function: 'BloomFilter, BloomFilter.withTargetError' }],
};
