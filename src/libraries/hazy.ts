/**
 * hazy (PyPI `hazy`, caroline/hazy): probabilistic structures in Rust behind a Python API. BloomFilter,
 * CountingBloomFilter (8-bit counters), ScalableBloomFilter (slices of growing capacity and tightening rate) and
 * CuckooFilter. Read from the crate's sources (utils, bloom, counting bloom, scalable bloom), its Python helpers and its
 * API reference; the index held their text but not the repository's file listing, so the file paths cited below follow
 * the module names the sources import (`crate::utils`, `hazy._helpers`) rather than a listing.
 */
import { cuckooTable } from './fingerprintLayouts';
import { classicModel } from './models';
import type { DeclaredParam, EntryPoint, FingerprintLibraryModule, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const UTILS: SourceCitation = { repository: 'caroline/hazy', file: 'src/utils.rs', function: 'optimal_bits: ceil(-n ln p / ln²2); optimal_hashes: max(1, round(m / n · ln 2)); double_hash h1 + i·h2 mod m' };
const BLOOM: SourceCitation = { repository: 'caroline/hazy', file: 'src/bloom.rs', function: 'BloomFilter::new(expected_items=None, false_positive_rate=0.01, num_bits=None, num_hashes=None, seed=0)' };
const COUNTING: SourceCitation = { repository: 'caroline/hazy', file: 'src/counting_bloom.rs', function: 'CountingBloomFilter::new(expected_items=None, false_positive_rate=0.01, num_counters=None, num_hashes=None, seed=0): one u8 counter per position' };
const SCALABLE: SourceCitation = { repository: 'caroline/hazy', file: 'src/scalable_bloom.rs', function: 'ScalableBloomFilter::new(initial_capacity=1000, false_positive_rate=0.01, growth_ratio=2.0, fpr_ratio=0.5, seed=0); BloomFilterSlice::new; next_slice_params' };
const HELPERS: SourceCitation = { repository: 'caroline/hazy', file: 'python/hazy/_helpers.py', function: 'estimate_bloom_params(expected_items, false_positive_rate=0.01), estimate_counting_bloom_params: num_bits = ceil(-n ln p / ln²2), num_hashes = max(1, round(m / n · ln 2))' };
const CUCKOO: SourceCitation = { repository: 'caroline/hazy', file: 'docs/api-reference.md', function: 'CuckooFilter(capacity, fingerprint_bits=8, bucket_size=4): add returns False when full' };

/** hazy's BloomFilter and CountingBloomFilter: m = num_bits (num_counters) or optimal_bits(n, p); k = num_hashes or optimal_hashes(m, n or m / 10). */
export function hazyBloom(n: number | undefined, p: number, mStated: number | undefined, kStated: number | undefined): LibraryDerivation {
  if (mStated === undefined && n === undefined) return {};
  if (mStated === 0) return { rejects: ['num_bits = 0: hazy raises ValueError("num_bits must be positive")'] };
  if (n === 0 && mStated === undefined) return { rejects: ['expected_items = 0: hazy raises ValueError("expected_items must be positive")'] };
  const m = mStated ?? Math.ceil((-n! * Math.log(p)) / LN2_SQUARED);
  // with only num_bits stated, optimal_hashes assumes m / 10 items
  const expected = n ?? Math.floor(m / 10);
  const k = kStated ?? Math.max(1, Math.round((m / expected) * LN2));
  if (k === 0) return { rejects: ['num_hashes = 0: hazy raises ValueError("num_hashes must be positive")'] };
  const notes = n === undefined && kStated === undefined ? [`no expected_items: hazy picks k for m / 10 = ${expected} items`] : [];
  return result(m, k, notes);
}

const PY = ['python'];
const REQUIRES = /\bimport hazy\b|\bfrom hazy\b/;
const P_DEFAULT = { p: { value: 0.01, text: 'hazy default false_positive_rate 0.01' } };
const N: DeclaredParam = { role: 'n', unit: 'count', position: 0, names: ['expected_items'] };
const P: DeclaredParam = { role: 'p', unit: 'probability', position: 1, names: ['false_positive_rate'] };
const K: DeclaredParam = { role: 'k', unit: 'hashes', position: 3, names: ['num_hashes'] };
const qualified = (name: string): string[] => [name, `hazy.${name}`];

const ENTRY_POINTS: readonly EntryPoint[] = [
  ...qualified('BloomFilter').map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'python.hazy.bloomFilter', title: 'hazy BloomFilter(expected_items, false_positive_rate, num_bits, num_hashes)', callee, arity: [0, 5], languages: PY, requires: REQUIRES,
    params: [N, P, { role: 'm', unit: 'bits', position: 2, names: ['num_bits'] }, K], defaults: P_DEFAULT,
    derive: (params) => hazyBloom(params.n, params.p ?? 0.01, params.m, params.k), source: BLOOM,
  })),
  ...qualified('CountingBloomFilter').map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'python.hazy.countingBloomFilter', title: 'hazy CountingBloomFilter(expected_items, false_positive_rate, num_counters, num_hashes)', callee, arity: [0, 5], languages: PY, requires: REQUIRES,
    params: [N, P, { role: 'm', unit: 'count', position: 2, names: ['num_counters'] }, K], defaults: P_DEFAULT,
    notes: ['counting filter: each of the m positions is an 8-bit counter (m bytes of memory); a counter saturates at 255'],
    derive: (params) => hazyBloom(params.n, params.p ?? 0.01, params.m, params.k), source: COUNTING,
  })),
  ...qualified('ScalableBloomFilter').map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'python.hazy.scalableBloomFilter', title: 'hazy ScalableBloomFilter(initial_capacity, false_positive_rate, growth_ratio, fpr_ratio)', callee, arity: [0, 5], languages: PY, requires: REQUIRES,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['initial_capacity'] }, P, { role: 'expansion', unit: 'count', position: 2, names: ['growth_ratio'] }, { role: 'ratio', unit: 'probability', position: 3, names: ['fpr_ratio'] }],
    defaults: { n: { value: 1000, text: 'hazy default initial_capacity 1000' }, ...P_DEFAULT },
    derive: (params, _named, stated) => {
      if (params.n === undefined || params.p === undefined) return {};
      const growth = stated.get('expansion') ?? 2;
      const ratio = stated.get('ratio') ?? 0.5;
      const first = hazyBloom(params.n, params.p, undefined, undefined);
      // slice i holds initial_capacity · growth^i items at p · ratio^i; the reported rate is the sum over slices
      return { ...first, notes: [...(first.notes ?? []), `scalable: the first slice holds ${params.n} items at p; each next slice ${growth}x the items at ${ratio}x the rate, so the total FP tends to p / (1 - ${ratio})`] };
    },
    source: SCALABLE,
  })),
  // the sizing helpers return the parameters BloomFilter / CountingBloomFilter would take
  ...['estimate_bloom_params', 'estimate_counting_bloom_params'].flatMap(qualified).map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'python.hazy.estimateParams', title: `hazy ${callee.replace(/^hazy\./, '')}(expected_items, false_positive_rate)`, callee, arity: [1, 2], languages: PY, requires: REQUIRES,
    params: [N, P], defaults: P_DEFAULT, derive: (params) => (params.n !== undefined ? hazyBloom(params.n, params.p ?? 0.01, undefined, undefined) : {}), source: HELPERS,
  })),
];

export const HAZY: LibraryModule = {
  id: 'hazy',
  displayName: 'hazy (Python, Rust core)',
  recognizers: ['python.hazy.bloomFilter', 'python.hazy.countingBloomFilter', 'python.hazy.scalableBloomFilter', 'python.hazy.estimateParams'],
  entryPoints: ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [UTILS, BLOOM, COUNTING, SCALABLE, HELPERS],
};

/**
 * CuckooFilter(capacity, fingerprint_bits=8, bucket_size=4): the API reference gives the parameters; how the Rust
 * table rounds capacity into buckets was not available to read here, so the bucket count is left unknown.
 */
export const HAZY_CUCKOO: FingerprintLibraryModule = {
  id: 'hazy-cuckoo',
  displayName: 'hazy CuckooFilter (Python, Rust core)',
  recognizers: ['python.hazy.cuckooFilter'],
  entryPoints: qualified('CuckooFilter').map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'python.hazy.cuckooFilter', title: 'hazy CuckooFilter(capacity, fingerprint_bits, bucket_size)', callee, arity: [0, 4], languages: PY, requires: REQUIRES,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['capacity'] }, { role: 'fingerprintBits', unit: 'bits', position: 1, names: ['fingerprint_bits'] }, { role: 'bucketSlots', unit: 'count', position: 2, names: ['bucket_size'] }],
    derive: (_params, _named, stated) => ({ structure: cuckooTable(undefined, stated.get('bucketSlots') ?? 4, stated.get('fingerprintBits') ?? 8, 'hazy rounds capacity into buckets in its Rust core (not read)', { whenFull: 'fails' }) }),
    source: CUCKOO,
  })),
  sources: [CUCKOO],
};
