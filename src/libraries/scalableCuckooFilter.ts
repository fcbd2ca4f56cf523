/**
 * sile/scalable_cuckoo_filter (Rust crate `scalable_cuckoo_filter`): ScalableCuckooFilter::new(initial_capacity_hint,
 * false_positive_probability) and ScalableCuckooFilterBuilder (initial_capacity 100_000, false_positive_probability
 * 0.001, entries_per_bucket 4, max_kicks 512). A new, larger filter is added once a kicked-out entry had to be kept aside.
 */
import type { LibraryDerivation } from '../detect/types';
import { cuckooTable } from './fingerprintLayouts';
import type { EntryPoint, FingerprintLibraryModule, SourceCitation } from './types';
import { nextPowerOfTwo } from './util';

const SCALABLE: SourceCitation = { repository: 'sile/scalable_cuckoo_filter', file: 'src/scalable_cuckoo_filter.rs', function: 'ScalableCuckooFilter::new(initial_capacity_hint, false_positive_probability), ScalableCuckooFilterBuilder::new (defaults), grow: capacity · 2^i at p / 2^(i+1), fingerprint ceil(log2(1/p_i) + log2(2b))' };
const BUCKETS: SourceCitation = { repository: 'sile/scalable_cuckoo_filter', file: 'src/buckets.rs', function: 'Buckets::new: number_of_buckets_hint.next_power_of_two() buckets of entries_per_bucket · fingerprint_bitwidth bits' };
const CUCKOO: SourceCitation = { repository: 'sile/scalable_cuckoo_filter', file: 'src/cuckoo_filter.rs', function: 'CuckooFilter::new: number_of_buckets_hint = number_of_items_hint.div_ceil(entries_per_bucket)' };

export const SCALABLE_CUCKOO_DEFAULTS = { capacity: 100_000, p: 0.001, entriesPerBucket: 4 } as const;

/** The first filter grow() adds: capacity at p / 2, f = ceil(log2(2 / p) + log2(2b)), next_power_of_two(ceil(capacity / b)) buckets. */
export function scalableCuckoo(capacity: number | undefined, p: number | undefined, entriesPerBucket: number): LibraryDerivation {
  if (p !== undefined && !(p > 0 && p <= 1)) return { rejects: [`false_positive_probability = ${p}: the builder asserts 0 < p <= 1 (panics)`], structure: cuckooTable(undefined, entriesPerBucket, 0, 'not allocated') };
  const first = (p ?? SCALABLE_CUCKOO_DEFAULTS.p) / 2;
  const bits = Math.ceil(Math.log2(1 / first) + Math.log2(2 * entriesPerBucket));
  const buckets = capacity === undefined ? undefined : nextPowerOfTwo(Math.ceil(capacity / entriesPerBucket));
  return {
    structure: cuckooTable(buckets, entriesPerBucket, bits, `first filter: next_power_of_two(ceil(capacity / ${entriesPerBucket})), sized for p/2`, { whenFull: 'grows', expansion: 2 }),
    notes: ['scalable: each filter added holds twice the items of the last at half its rate'],
  };
}

const RUST = ['rust'];
const REQUIRES = /scalable_cuckoo_filter/;

const ENTRY_POINTS: readonly EntryPoint[] = [
  { kind: 'call', recognizer: 'rust.scalableCuckooFilter.new', title: 'scalable_cuckoo_filter ScalableCuckooFilter::new(initial_capacity_hint, false_positive_probability)', callee: 'ScalableCuckooFilter::new', arity: [2, 2], languages: RUST, requires: REQUIRES,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    derive: (params) => scalableCuckoo(params.n, params.p, SCALABLE_CUCKOO_DEFAULTS.entriesPerBucket), source: SCALABLE },
  { kind: 'settings', recognizer: 'rust.scalableCuckooFilter.builder', title: 'scalable_cuckoo_filter ScalableCuckooFilterBuilder', triggers: ['n', 'p'], languages: RUST, requires: REQUIRES,
    settings: [
      { role: 'n', unit: 'count', form: 'method', name: 'initial_capacity', source: SCALABLE },
      { role: 'p', unit: 'probability', form: 'method', name: 'false_positive_probability', source: SCALABLE },
      { role: 'bucketSlots', unit: 'count', form: 'method', name: 'entries_per_bucket', source: SCALABLE },
    ],
    defaults: { n: { value: SCALABLE_CUCKOO_DEFAULTS.capacity, text: 'builder default initial_capacity 100_000' }, p: { value: SCALABLE_CUCKOO_DEFAULTS.p, text: 'builder default false_positive_probability 0.001' } },
    derive: (params, stated) => scalableCuckoo(params.n, params.p, stated.values.bucketSlots ?? SCALABLE_CUCKOO_DEFAULTS.entriesPerBucket) },
];

export const SCALABLE_CUCKOO_FILTER: FingerprintLibraryModule = {
  id: 'scalable-cuckoo-filter',
  displayName: 'scalable_cuckoo_filter (Rust)',
  recognizers: ['rust.scalableCuckooFilter.new', 'rust.scalableCuckooFilter.builder'],
  entryPoints: ENTRY_POINTS,
  sources: [SCALABLE, BUCKETS, CUCKOO],
};
