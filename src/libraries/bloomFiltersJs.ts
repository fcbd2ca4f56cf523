/** npm bloom-filters (Callidon) and npm bloomfilter (jasondavies). */
import { ceilCeil } from './bitsAndBlooms';
import { bloomFiltersJsPartitioned, bloomFiltersJsScalableChain, doubleHashedSlicesFalsePositiveRate } from '../core/doubleHashedSlices';
import { classicModel } from './models';
import type { FalsePositiveModel, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { groupedInteger, snippetSummary } from './util';

const JS = ['javascript', 'typescript'];
const REQUIRES = /['"]bloom-filters['"]/;
const COUNTING: SourceCitation = { repository: 'Callidon/bloom-filters', file: 'src/bloom/counting-bloom-filter.ts', function: 'CountingBloomFilter constructor(size, nbHashes), create(capacity, errorRate), from(items, errorRate)' };
const PARTITIONED: SourceCitation = { repository: 'Callidon/bloom-filters', file: 'src/bloom/partitioned-bloom-filter.ts', function: 'PartitionedBloomFilter constructor(size, nbHashes, loadFactor, capacity?), from(items, errorRate, loadFactor = 0.5)' };

/** PartitionedBloomFilter.create(size, errorRate, loadFactor): k BitSets of ceil(M / k) bits (partitioned-bloom-filter.ts). */
export function bloomFiltersPartitioned(n: number, p: number, loadFactor: number): LibraryDerivation {
  const link = bloomFiltersJsPartitioned(n, p, loadFactor);
  return { m: link.slices * link.sliceBits, k: link.slices };
}

/** ScalableBloomFilter.create(initialSize, errorRate, ratio): the first link's m and k, and the chain it grows into. */
export function bloomFiltersScalable(initialSize: number, p: number, ratio: number): LibraryDerivation {
  const grownKeys = 1000 * initialSize;
  const grown = bloomFiltersJsScalableChain(initialSize, p, ratio, grownKeys);
  return {
    ...bloomFiltersPartitioned(initialSize, p, ratio), growth: { initialSize, errorRate: p, ratio },
    notes: [`scalable: m and k are the first link's; each next link doubles and tightens p by ${ratio}. After ${grownKeys} keys: ${grown.links.length} links, `
      + `${(grown.bits / grownKeys).toFixed(1)} bits per key, FP ${(grown.falsePositiveRate * 100).toPrecision(3)}% (double hashing in small slices)`],
  };
}

/**
 * PartitionedBloomFilter and ScalableBloomFilter: k slices whose positions come from one pair of 32-bit hashes
 * (src/core/doubleHashedSlices.ts); a scalable filter is the chain of such links its derivation describes (growth).
 * Checked against the running library by the conformance suite.
 */
export const BLOOM_FILTERS_SLICES_MODEL: FalsePositiveModel = {
  id: 'bloom-filters-double-hashed-slices',
  name: 'bloom-filters double-hashed slices',
  reason: 'its k slice positions come from one pair of hashes, so two keys with the same pair modulo the slice size collide in every slice (small slices: FP well above fill^k)',
  atCapacity: (mBits, n, k, _bitsPerElement, derived) => {
    if (!Number.isInteger(n) || n < 0) return undefined;
    if (derived?.growth) return bloomFiltersJsScalableChain(derived.growth.initialSize, derived.growth.errorRate, derived.growth.ratio, n).falsePositiveRate;
    return Number.isInteger(k) && k >= 1 && Number.isInteger(mBits / k) ? doubleHashedSlicesFalsePositiveRate(mBits / k, k, n) : undefined;
  },
};

const SLICES_VARIANT = { layout: { kind: 'classic', hashing: 'partitioned' }, model: BLOOM_FILTERS_SLICES_MODEL } as const;

export const BLOOM_FILTERS_JS: LibraryModule = {
  id: 'bloom-filters',
  displayName: 'bloom-filters (npm)',
  recognizers: ['bloom-filters.create', 'bloom-filters.from', 'bloom-filters.new', 'bloom-filters.partitioned', 'bloom-filters.scalable', 'bloom-filters.counting'],
  entryPoints: [
    // CountingBloomFilter.create(items, errorRate): optimalFilterSize counters and optimalHashes, as BloomFilter.create
    { kind: 'call', recognizer: 'bloom-filters.counting', title: 'bloom-filters CountingBloomFilter.create(items, errorRate)', callee: 'CountingBloomFilter.create', arity: [2, 2], languages: JS, requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? ceilCeil(params.n, params.p) : {}), source: COUNTING },
    // new CountingBloomFilter(size, nbHashes): size counters (the m of the filter), nbHashes >= 1 or it throws
    { kind: 'call', recognizer: 'bloom-filters.counting', title: 'bloom-filters new CountingBloomFilter(size, nbHashes)', callee: 'CountingBloomFilter', arity: [2, 2], languages: JS, requires: REQUIRES,
      params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }],
      derive: (params) => (params.m !== undefined && params.k !== undefined ? { m: params.m, k: params.k } : {}), source: COUNTING },
    // CountingBloomFilter.from(items, errorRate) / PartitionedBloomFilter.from(items, errorRate, loadFactor = 0.5): n is how many items there are
    { kind: 'call', recognizer: 'bloom-filters.counting', title: 'bloom-filters CountingBloomFilter.from(items, errorRate)', callee: 'CountingBloomFilter.from', arity: [2, 2], languages: JS, requires: REQUIRES,
      params: [{ role: 'n', unit: 'keys', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? ceilCeil(params.n, params.p) : {}), source: COUNTING },
    { kind: 'call', recognizer: 'bloom-filters.partitioned', title: 'bloom-filters PartitionedBloomFilter.from(items, errorRate, loadFactor)', callee: 'PartitionedBloomFilter.from', arity: [2, 3], languages: JS, requires: REQUIRES,
      params: [{ role: 'n', unit: 'keys', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      hashing: { model: 'partitioned', why: 'PartitionedBloomFilter' }, source: PARTITIONED },
    // new PartitionedBloomFilter(size, nbHashes, loadFactor, capacity?): size is the TOTAL number of cells, split into nbHashes slices of ceil(size / nbHashes)
    { kind: 'call', recognizer: 'bloom-filters.partitioned', title: 'bloom-filters new PartitionedBloomFilter(size, nbHashes, loadFactor, capacity)', callee: 'PartitionedBloomFilter', arity: [3, 4], languages: JS, requires: REQUIRES,
      params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }, { role: 'n', unit: 'count', position: 3 }],
      hashing: { model: 'partitioned', why: 'PartitionedBloomFilter' },
      derive: (params) => (params.m !== undefined && params.k !== undefined ? { m: params.k * Math.ceil(params.m / params.k), k: params.k } : {}), source: PARTITIONED },
  ],
  layout: { kind: 'classic', hashing: 'noncolliding' },
  model: classicModel('noncolliding'),
  sources: [
    { repository: 'Callidon/bloom-filters', file: 'src/formulas.ts', function: 'optimalFilterSize, optimalHashes' },
    { repository: 'Callidon/bloom-filters', file: 'src/bloom/bloom-filter.ts', function: 'BloomFilter.create (distinct indexes)' },
    { repository: 'Callidon/bloom-filters', file: 'src/bloom/partitioned-bloom-filter.ts, src/bloom/scalable-bloom-filter.ts, src/hashing/hashing.ts', function: 'PartitionedBloomFilter.create, ScalableBloomFilter.add, doubleHashing (npm 3.0.4, run by the conformance suite)' },
  ],
  variants: { 'bloom-filters.partitioned': SLICES_VARIANT, 'bloom-filters.scalable': SLICES_VARIANT },
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
