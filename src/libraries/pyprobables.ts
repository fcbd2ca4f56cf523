/**
 * pyprobables (barrust/pyprobables): BloomFilter, CountingBloomFilter, ExpandingBloomFilter, RotatingBloomFilter by
 * (est_elements, false_positive_rate), BloomFilterOnDisk with the file path first, and the cuckoo filters
 * (PYPROBABLES_CUCKOO: CuckooFilter(capacity = bins, ...), CuckooFilter.init_error_rate(error_rate, capacity, ...)).
 */
import { cuckooTable } from './fingerprintLayouts';
import { classicModel } from './models';
import type { DeclaredParam, EntryPoint, FingerprintLibraryModule, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { result } from './util';

const SOURCE: SourceCitation = { repository: 'barrust/pyprobables', file: 'probables/blooms/bloom.py, countingbloom.py, expandingbloom.py', function: 'BloomFilter.__init__(est_elements, false_positive_rate), _set_optimized_params' };
const ON_DISK: SourceCitation = { repository: 'barrust/pyprobables', file: 'probables/blooms/bloom.py', function: 'BloomFilterOnDisk.__init__(filepath, est_elements, false_positive_rate)' };
/** The constant _set_optimized_params divides by (ln(2)^2 as the library writes it). */
const PYPROBABLES_LN2_SQUARED = 0.4804530139182;

/**
 * _set_optimized_params: p is packed as a C float (`pack("f", ...)`, "to mimic the c version"), m = ceil(-n ln p /
 * 0.4804530139182), k = int(round(ln 2 · m / n)); k = 0 raises InitializationError.
 */
export function pyprobablesBloom(n: number, p: number): LibraryDerivation {
  const storedRate = Math.fround(p);
  const m = Math.ceil((-n * Math.log(storedRate)) / PYPROBABLES_LN2_SQUARED);
  const k = Math.round((Math.LN2 * m) / n);
  if (k < 1) return { rejects: [`pyprobables computes k = round(ln 2 · ${m} / ${n}) = 0 hash functions and raises InitializationError`] };
  return result(m, k, []);
}

const BLOOM_CALLS: readonly (readonly [string, string])[] = [
  ['BloomFilter', 'pyprobables.bloomFilter'], ['CountingBloomFilter', 'pyprobables.countingBloomFilter'],
  ['ExpandingBloomFilter', 'pyprobables.expandingBloomFilter'], ['RotatingBloomFilter', 'pyprobables.rotatingBloomFilter'],
];
const REQUIRES = /\bprobables\b/;
const deriveBloom = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? pyprobablesBloom(params.n, params.p) : {});

export const PYPROBABLES: LibraryModule = {
  id: 'pyprobables',
  displayName: 'pyprobables',
  recognizers: [...BLOOM_CALLS.map(([, id]) => id), 'pyprobables.bloomFilterOnDisk'],
  entryPoints: [
    ...BLOOM_CALLS.map(([callee, recognizer]): EntryPoint => ({
      kind: 'call', recognizer, title: `pyprobables ${callee}(est_elements, false_positive_rate)`, callee, arity: [0, 4], languages: ['python'], requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0, names: ['est_elements'] }, { role: 'p', unit: 'probability', position: 1, names: ['false_positive_rate'] }],
      notes: callee === 'ExpandingBloomFilter' ? ['expanding: when full it adds another filter of the same size and rate'] : callee === 'RotatingBloomFilter' ? ['rotating: a queue of filters of the same size; the oldest is dropped when the queue is full'] : [],
      derive: deriveBloom, source: SOURCE,
    })),
    // the file path comes first: BloomFilterOnDisk(filepath, est_elements, false_positive_rate)
    { kind: 'call', recognizer: 'pyprobables.bloomFilterOnDisk', title: 'pyprobables BloomFilterOnDisk(filepath, est_elements, false_positive_rate)', callee: 'BloomFilterOnDisk', arity: [1, 5], languages: ['python'], requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 1, names: ['est_elements'] }, { role: 'p', unit: 'probability', position: 2, names: ['false_positive_rate'] }],
      derive: deriveBloom, source: ON_DISK },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE, ON_DISK],
};

// ------------------------------------------------------------------------------------------- cuckoo filters

const CUCKOO: SourceCitation = { repository: 'barrust/pyprobables', file: 'probables/cuckoo/cuckoo.py', function: 'CuckooFilter.__init__(capacity=10000 bins, bucket_size=4, max_swaps=500, expansion_rate=2, auto_expand=True, finger_size=4 bytes), init_error_rate, _calc_fingerprint_size' };
const COUNTING_CUCKOO: SourceCitation = { repository: 'barrust/pyprobables', file: 'probables/cuckoo/countingcuckoo.py', function: 'CountingCuckooFilter.__init__, init_error_rate (same parameters as CuckooFilter)' };
const CUCKOO_DEFAULTS = { bins: 10000, bucketSize: 4, fingerBytes: 4 } as const;

/**
 * The table pyprobables allocates: `capacity` BINS (not items) of `bucket_size` fingerprints each. finger_size is in
 * BYTES (1-4, else ValueError); init_error_rate sets the fingerprint to ceil(log2(1/p) + log2(b) + 1) bits instead.
 * A full table grows by expansion_rate (auto_expand) or raises CuckooFilterFullError.
 */
export function pyprobablesCuckoo(bins: number | undefined, bucketSize: number, fingerprint: { bytes: number } | { p: number }, autoExpand: boolean): LibraryDerivation {
  if (!(Number.isInteger(bucketSize) && bucketSize >= 1)) return { rejects: [`bucket_size = ${bucketSize} must be an integer >= 1; pyprobables raises InitializationError`], structure: cuckooTable(undefined, 4, 0, 'not allocated') };
  let bits: number;
  let how: string;
  if ('bytes' in fingerprint) {
    if (!(Number.isInteger(fingerprint.bytes) && fingerprint.bytes >= 1 && fingerprint.bytes <= 4)) {
      return { rejects: [`finger_size = ${fingerprint.bytes} bytes: pyprobables raises ValueError (the fingerprint size must be between 1 and 4 bytes)`], structure: cuckooTable(undefined, bucketSize, 0, 'not allocated') };
    }
    bits = 8 * fingerprint.bytes;
    how = `finger_size ${fingerprint.bytes} byte${fingerprint.bytes === 1 ? '' : 's'}`;
  } else {
    bits = Math.ceil(Math.log2(1 / fingerprint.p) + Math.log2(bucketSize) + 1);
    how = `ceil(log2(1/p) + log2(${bucketSize}) + 1) = ${bits}-bit fingerprints`;
  }
  const notes = bins === undefined ? [] : [`capacity counts bins, not items: ${bins} bins x ${bucketSize} hold at most ${bins * bucketSize} fingerprints`];
  return {
    structure: cuckooTable(bins, bucketSize, bits, how, autoExpand ? { whenFull: 'grows' } : { whenFull: 'fails' }),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

const isFalse = (text: string | undefined): boolean => text !== undefined && /^(?:False|0)$/.test(text.trim());
const CAPACITY: DeclaredParam = { role: 'n', unit: 'count', position: 0, names: ['capacity'] };
const BUCKET_SIZE: DeclaredParam = { role: 'bucketSlots', unit: 'count', position: 1, names: ['bucket_size'] };
const MAX_SWAPS: DeclaredParam = { role: 'maxKicks', unit: 'count', position: 2, names: ['max_swaps'] };
const EXPANSION: DeclaredParam = { role: 'expansion', unit: 'count', position: 3, names: ['expansion_rate'] };
const BINS_DEFAULT = { n: { value: CUCKOO_DEFAULTS.bins, text: 'pyprobables default capacity 10000 bins' } };

function cuckooEntries(callee: string, recognizer: string, source: SourceCitation): EntryPoint[] {
  return [
    { kind: 'call', recognizer, title: `pyprobables ${callee}(capacity, bucket_size, max_swaps, expansion_rate, auto_expand, finger_size)`, callee, arity: [0, 8], languages: ['python'], requires: REQUIRES,
      params: [CAPACITY, BUCKET_SIZE, MAX_SWAPS, EXPANSION], defaults: BINS_DEFAULT,
      notes: ['capacity is the number of bins (buckets), not of items'],
      derive: (params, named, stated) => {
        const bytes = named.get('finger_size');
        return pyprobablesCuckoo(params.n, stated.get('bucketSlots') ?? CUCKOO_DEFAULTS.bucketSize, { bytes: bytes === undefined ? CUCKOO_DEFAULTS.fingerBytes : Number(bytes) }, !isFalse(named.get('auto_expand')));
      },
      source },
    // init_error_rate(error_rate, capacity=10000, bucket_size=4, max_swaps=500, expansion_rate=2, auto_expand=True): p first
    { kind: 'call', recognizer, title: `pyprobables ${callee}.init_error_rate(error_rate, capacity, bucket_size, ...)`, callee: `${callee}.init_error_rate`, arity: [0, 7], languages: ['python'], requires: REQUIRES,
      params: [{ role: 'p', unit: 'probability', position: 0, names: ['error_rate'] }, { ...CAPACITY, position: 1 }, { ...BUCKET_SIZE, position: 2 }, { ...MAX_SWAPS, position: 3 }, { ...EXPANSION, position: 4 }],
      defaults: BINS_DEFAULT,
      derive: (params, named, stated) => (params.p === undefined ? { structure: cuckooTable(undefined, stated.get('bucketSlots') ?? 4, 0, 'the fingerprint width comes from error_rate, which is not known') }
        : pyprobablesCuckoo(params.n, stated.get('bucketSlots') ?? CUCKOO_DEFAULTS.bucketSize, { p: params.p }, !isFalse(named.get('auto_expand')))),
      source },
  ];
}

export const PYPROBABLES_CUCKOO: FingerprintLibraryModule = {
  id: 'pyprobables-cuckoo',
  displayName: 'pyprobables CuckooFilter',
  recognizers: ['pyprobables.cuckooFilter', 'pyprobables.countingCuckooFilter'],
  entryPoints: [...cuckooEntries('CuckooFilter', 'pyprobables.cuckooFilter', CUCKOO), ...cuckooEntries('CountingCuckooFilter', 'pyprobables.countingCuckooFilter', COUNTING_CUCKOO)],
  sources: [CUCKOO, COUNTING_CUCKOO],
};
