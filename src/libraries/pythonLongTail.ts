/**
 * Python libraries of the long tail (issue 17, item 2), one module each. Met in blind corpus rounds: pyblume (a scalable
 * filter in one mmap file capped in bytes), bloomsieve (mmap Bloom filter and a RedisBloom service), cuckoopy,
 * python-cuckoo (imported as `cuckoofilter`, like the PyPI package of that name: pyCuckoofilter.ts) and the PyPI
 * scalable-cuckoo-filter (imported as `cuckoo`). Found by a survey of public Python code: pybloof, simplebloom, pdsa,
 * pyfusefilter / pyxorfilter, Apache DataSketches' bloom_filter (Python binding and C++ builder), bloomlib and
 * bloomfilter-lite. Each derivation follows the library's own code.
 */
import type { LibraryDerivation } from '../detect/types';
import { binaryFuseFilter, cuckooTable, xorFilter } from './fingerprintLayouts';
import { classicModel } from './models';
import { redisBloom } from './redisbloom';
import type { DeclaredParam, EntryPoint, FingerprintLibraryModule, LibraryModule, SourceCitation } from './types';
import { LN2, result } from './util';

const PY = ['python'];

/** Python 3's round(): halves go to the even neighbour. */
export function pythonRound(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

// ------------------------------------------------------------------ pyblume (kod3r/pyblume)

const BLUME: SourceCitation = { repository: 'kod3r/pyblume', file: 'blume.c', function: 'filter_create: first filter P = p - p · ERROR_TIGHTENING_RATIO (0.5), M = INITIAL_M (1024 · 1024), k = ceil(log(1/P) / log 2), m = ceil(M / k) (integer division), n = M · ln²2 / |ln P|; next filter P · 0.5, m · GROWTH_FACTOR (2.0), M = m · k; MAX_FILTERS 32; BLUME_ERROR_FULL past max_file_size' };
const BLUME_ADD: SourceCitation = { repository: 'kod3r/pyblume', file: 'blume.c', function: 'filter_add: k slices of m bits, bit offset + (h1 + i · h2) % m (MurmurHash3_x64_128)' };
const PYBLUME: SourceCitation = { repository: 'kod3r/pyblume', file: 'pyblume.c', function: 'Filter_init: kwlist {"max_file_size", "p", "path"}, PyArg_ParseTupleAndKeywords "Kds" (all three required); blume_create(max_file_size, p, path)' };

const BLUME_INITIAL_M = 1024 * 1024;
const BLUME_MAX_FILTERS = 32;

/** One filter of a blume file: k slices of `slice` bits sized for rate P, full at n keys. */
interface BlumeFilter { readonly P: number; readonly k: number; readonly slice: number; readonly M: number; readonly n: number }

function blumeFilters(maxFileBytes: number | undefined, p: number): BlumeFilter[] {
  const filters: BlumeFilter[] = [];
  let bytes = 0;
  for (let i = 0; i < BLUME_MAX_FILTERS; i++) {
    const last = filters[i - 1];
    const P = last ? last.P * 0.5 : p - p * 0.5;
    const k = Math.ceil(Math.log(1 / P) / Math.log(2));
    // first: m = ceil(M / k) over uint64 (the division truncates); next: ceil(m · 2.0), M = m · k
    const slice = last ? Math.ceil(last.slice * 2) : Math.floor(BLUME_INITIAL_M / k);
    const M = last ? slice * k : BLUME_INITIAL_M;
    const n = Math.trunc(M * ((LN2 * LN2) / Math.abs(Math.log(P))));
    bytes += Math.floor(M / 8) + 1;
    if (maxFileBytes !== undefined && bytes > maxFileBytes) break;
    filters.push({ P, k, slice, M, n });
    if (maxFileBytes === undefined) break;
  }
  return filters;
}

/** pyblume.Filter(max_file_size, p, path): m and k of the first filter the file holds; the byte cap decides how many follow. */
export function pyblume(maxFileBits: number | undefined, p: number | undefined): LibraryDerivation {
  if (p === undefined) return {};
  const maxBytes = maxFileBits === undefined ? undefined : Math.floor(maxFileBits / 8);
  const filters = blumeFilters(maxBytes, p);
  const first = filters[0] ?? blumeFilters(undefined, p)[0];
  const notes = [
    `scalable: the first filter is sized for p/2 = ${Number(first.P.toPrecision(6))} and holds ${first.n} keys in ${first.k} slices of ${first.slice} bits; each next one doubles the slices at half the rate (at most ${BLUME_MAX_FILTERS})`,
  ];
  if (maxBytes !== undefined) {
    if (filters.length === 0) notes.push(`max_file_size ${maxBytes} bytes cannot hold the first filter (${Math.floor(first.M / 8) + 1} bytes): add fails with "Filter is full"`);
    else notes.push(`max_file_size ${maxBytes} bytes holds about ${filters.length} filter(s), about ${filters.reduce((sum, f) => sum + f.n, 0)} keys, before add raises "Filter is full and cannot be expanded further"`);
  }
  return result(first.slice * first.k, first.k, notes, { p: first.P });
}

export const PYBLUME_MODULE: LibraryModule = {
  id: 'pyblume',
  displayName: 'pyblume (Python, C core)',
  recognizers: ['python.pyblume.filter'],
  entryPoints: [
    { callee: 'pyblume.Filter', requires: /\bimport\s+pyblume\b/ },
    { callee: 'Filter', requires: /\bfrom\s+pyblume\s+import\b[^\n]*\bFilter\b/ },
  ].map(({ callee, requires }): EntryPoint => ({
    kind: 'call', recognizer: 'python.pyblume.filter', title: 'pyblume Filter(max_file_size, p, path)', callee, arity: [0, 3], languages: PY, requires,
    params: [{ role: 'm', unit: 'bytes', position: 0, names: ['max_file_size'] }, { role: 'p', unit: 'probability', position: 1, names: ['p'] }],
    hashing: { model: 'partitioned', why: 'each filter sets one bit in each of k slices of m / k bits' },
    notes: ['max_file_size caps the whole file (every filter added as it fills), not one filter: m and k are the first filter\'s'],
    derive: (params) => pyblume(params.m, params.p),
    source: PYBLUME,
  })),
  layout: { kind: 'classic', hashing: 'partitioned' },
  model: classicModel('partitioned'),
  sources: [BLUME, BLUME_ADD, PYBLUME],
};

// ------------------------------------------------------------------ bloomsieve (deepak7448/bloomsieve)

const SIEVE_UTILS: SourceCitation = { repository: 'deepak7448/bloomsieve', file: 'src/bloomsieve/utils.py', function: 'get_optimal_m_k(capacity, error_rate): m = int(-(capacity · ln p) / ln²2), m = max(8, ((m + 7) // 8) · 8), k = max(1, int(round(m / capacity · ln 2))); ValueError for capacity <= 0 or p outside (0, 1)' };
const SIEVE_CORE: SourceCitation = { repository: 'deepak7448/bloomsieve', file: 'src/bloomsieve/core.py', function: 'BloomFilter.__init__(capacity, error_rate, filepath=None): self.m, self.k = get_optimal_m_k(capacity, error_rate)' };
const SIEVE_SERVICE: SourceCitation = { repository: 'deepak7448/bloomsieve', file: 'src/bloomsieve/redis_service.py', function: 'BloomFilterService.__init__(redis_client, capacity=1000000, error_rate=0.001, expansion=2, use_mmap=False, mmap_dir=None); create_filter(name, capacity=None, error_rate=None): BF.RESERVE name err cap EXPANSION expansion, and a local BloomFilter(cap, err) when use_mmap' };

/** get_optimal_m_k(capacity, error_rate). */
export function bloomsieve(n: number, p: number): LibraryDerivation {
  if (n <= 0) return { rejects: [`capacity = ${n}: bloomsieve raises ValueError("Capacity must be greater than 0")`] };
  if (p <= 0 || p >= 1) return { rejects: [`error_rate = ${p}: bloomsieve raises ValueError("Error rate must be between 0 and 1 (exclusive)")`] };
  const raw = Math.trunc(-(n * Math.log(p)) / (LN2 * LN2));
  const m = Math.max(8, Math.floor((raw + 7) / 8) * 8);
  const k = Math.max(1, pythonRound((m / n) * LN2));
  return result(m, k, m !== raw ? [`m rounded up to a whole byte: ${raw} -> ${m} bits`] : []);
}

/** A service's filter lives in RedisBloom (BF.RESERVE with EXPANSION): RedisBloom's sizing, with the local mirror's in a note. */
function bloomsieveService(n: number | undefined, p: number | undefined, expansion: number | undefined, useMmap: string | undefined): LibraryDerivation {
  if (n === undefined || p === undefined) return {};
  const local = bloomsieve(n, p);
  if (local.rejects) return local;
  const redis = redisBloom(n, p, false);
  const mirror = useMmap !== undefined && /^\s*True\s*$/.test(useMmap) ? [`use_mmap: a local mmap mirror BloomFilter(${n}, ${p}) of m = ${local.m} bits, k = ${local.k} answers the definite negatives`] : [];
  return { ...redis, notes: [...(redis.notes ?? []), `the filter is RedisBloom's: BF.RESERVE error_rate capacity EXPANSION ${expansion ?? 2}`, ...mirror] };
}

const SIEVE_REQUIRES = /\bbloomsieve\b/;
const SIEVE_N_P = (n: number, p: number): DeclaredParam[] => [{ role: 'n', unit: 'count', position: n, names: ['capacity'] }, { role: 'p', unit: 'probability', position: p, names: ['error_rate'] }];
const qualifiedSieve = (name: string): string[] => [name, `bloomsieve.${name}`];

export const BLOOMSIEVE: LibraryModule = {
  id: 'bloomsieve',
  displayName: 'bloomsieve (Python)',
  recognizers: ['python.bloomsieve.bloomFilter', 'python.bloomsieve.bloomFilterService', 'python.bloomsieve.createFilter', 'python.bloomsieve.getOptimalMK'],
  entryPoints: [
    ...qualifiedSieve('BloomFilter').map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'python.bloomsieve.bloomFilter', title: 'bloomsieve BloomFilter(capacity, error_rate, filepath=None)', callee, arity: [0, 3], languages: PY, requires: SIEVE_REQUIRES,
      params: SIEVE_N_P(0, 1), derive: (params) => (params.n !== undefined && params.p !== undefined ? bloomsieve(params.n, params.p) : {}), source: SIEVE_CORE,
    })),
    ...qualifiedSieve('get_optimal_m_k').map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'python.bloomsieve.getOptimalMK', title: 'bloomsieve get_optimal_m_k(capacity, error_rate)', callee, arity: [2, 2], languages: PY, requires: SIEVE_REQUIRES,
      params: SIEVE_N_P(0, 1), derive: (params) => (params.n !== undefined && params.p !== undefined ? bloomsieve(params.n, params.p) : {}), source: SIEVE_UTILS,
    })),
    ...qualifiedSieve('BloomFilterService').map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'python.bloomsieve.bloomFilterService', title: 'bloomsieve BloomFilterService(redis_client, capacity=1000000, error_rate=0.001, expansion=2, use_mmap, mmap_dir)', callee, arity: [0, 6], languages: PY, requires: SIEVE_REQUIRES,
      params: [...SIEVE_N_P(1, 2), { role: 'expansion', unit: 'count', position: 3, names: ['expansion'] }, { role: 'enabled', unit: 'flag', position: 4, names: ['use_mmap'] }],
      defaults: { n: { value: 1_000_000, text: 'BloomFilterService default capacity 1000000' }, p: { value: 0.001, text: 'BloomFilterService default error_rate 0.001' } },
      notes: ['the service\'s capacity and error_rate are the defaults of each create_filter(name)'],
      derive: (params, named, stated) => bloomsieveService(params.n, params.p, stated.get('expansion'), named.get('use_mmap') ?? named.get('enabled')),
      source: SIEVE_SERVICE,
    })),
    {
      kind: 'call', recognizer: 'python.bloomsieve.createFilter', title: 'bloomsieve BloomFilterService.create_filter(name, capacity, error_rate)', callee: '.create_filter', arity: [1, 3], languages: PY, requires: SIEVE_REQUIRES,
      params: SIEVE_N_P(1, 2), notes: ['a capacity or error_rate left out is the service\'s (BloomFilterService(capacity=, error_rate=))'],
      derive: (params) => bloomsieveService(params.n, params.p, undefined, undefined), source: SIEVE_SERVICE,
    },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SIEVE_UTILS, SIEVE_CORE, SIEVE_SERVICE],
};

// ------------------------------------------------------------------ cuckoopy (PyPI cuckoopy)

const CUCKOOPY: SourceCitation = { repository: 'rajathagasthya/cuckoopy', file: 'cuckoopy/cuckoofilter.py', function: 'CuckooFilter.__init__(capacity, bucket_size=4, fingerprint_size=1, max_displacements=500): capacity buckets of bucket_size; insert swaps a stored fingerprint out on each displacement, then raises CuckooFilterFullException' };
const CUCKOOPY_HASH: SourceCitation = { repository: 'rajathagasthya/cuckoopy', file: 'cuckoopy/hashutils.py', function: 'fingerprint(data, size): FNV-64 hash truncated to size BYTES' };

/** capacity buckets (not items) of bucket_size fingerprints of fingerprint_size bytes. */
export function cuckoopy(capacity: number | undefined, bucketSize: number, fingerprintBytes: number): LibraryDerivation {
  const notes = capacity === undefined ? [] : [`capacity counts buckets: ${capacity} buckets x ${bucketSize} hold at most ${capacity * bucketSize} fingerprints`];
  if (fingerprintBytes > 8) notes.push(`fingerprint_size ${fingerprintBytes} bytes: the FNV-64 hash has 8 bytes, so fingerprints keep at most 64 bits`);
  const bits = 8 * Math.min(fingerprintBytes, 8);
  return { structure: cuckooTable(capacity, bucketSize, bits, `capacity buckets, ${fingerprintBytes}-byte fingerprints`, { whenFull: 'drops-a-key' }), ...(notes.length ? { notes } : {}) };
}

export const CUCKOOPY_MODULE: FingerprintLibraryModule = {
  id: 'cuckoopy',
  displayName: 'cuckoopy (Python)',
  recognizers: ['python.cuckoopy.cuckooFilter'],
  entryPoints: ['CuckooFilter', 'cuckoopy.CuckooFilter'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'python.cuckoopy.cuckooFilter', title: 'cuckoopy CuckooFilter(capacity, bucket_size=4, fingerprint_size=1, max_displacements=500)', callee, arity: [1, 4], languages: PY,
    requires: /\bfrom\s+cuckoopy\b|\bimport\s+cuckoopy\b/,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['capacity'] }, { role: 'bucketSlots', unit: 'count', position: 1, names: ['bucket_size'] },
      { role: 'fingerprintBits', unit: 'bytes', position: 2, names: ['fingerprint_size'] }, { role: 'maxKicks', unit: 'count', position: 3, names: ['max_displacements'] }],
    derive: (params, _named, stated) => cuckoopy(params.n, stated.get('bucketSlots') ?? 4, stated.get('fingerprintBits') ?? 1),
    source: CUCKOOPY,
  })),
  sources: [CUCKOOPY, CUCKOOPY_HASH],
};

// ------------------------------------------------------------------ python-cuckoo (michael-the1/python-cuckoo)

const PYTHON_CUCKOO: SourceCitation = { repository: 'michael-the1/python-cuckoo', file: 'cuckoofilter/cuckoofilter.py', function: 'CuckooFilter.__init__(capacity, fingerprint_size, bucket_size=4, max_kicks=500): capacity buckets; fingerprint: mmh3 hash_bytes[:fingerprint_size]; insert swaps on each kick, then raises Exception("Filter is full")' };
const PYTHON_CUCKOO_README: SourceCitation = { repository: 'michael-the1/python-cuckoo', file: 'README.md', function: 'import cuckoofilter; cuckoofilter.CuckooFilter(capacity=100000, fingerprint_size=1); insert returns the bucket index' };

/** capacity buckets of bucket_size fingerprints of fingerprint_size bytes (the 16-byte mmh3 hash truncated). */
export function pythonCuckoo(capacity: number | undefined, fingerprintBytes: number, bucketSize: number): LibraryDerivation {
  const notes = capacity === undefined ? [] : [`capacity counts buckets (python-cuckoo): ${capacity} buckets x ${bucketSize} hold at most ${capacity * bucketSize} fingerprints`];
  return { structure: cuckooTable(capacity, bucketSize, 8 * Math.min(fingerprintBytes, 16), `capacity buckets, ${fingerprintBytes}-byte fingerprints`, { whenFull: 'drops-a-key' }), ...(notes.length ? { notes } : {}) };
}

/** python-cuckoo named in the document (a README's title, the repository): the shared `cuckoofilter` import is its. */
const PYTHON_CUCKOO_NAMED = /\bpython-cuckoo\b|michael-the1/;
const CUCKOOFILTER_IMPORT = /\bimport\s+cuckoofilter\b|\bfrom\s+cuckoofilter\b/;

export const PYTHON_CUCKOO_MODULE: FingerprintLibraryModule = {
  id: 'python-cuckoo',
  displayName: 'python-cuckoo (Python, imported as cuckoofilter)',
  recognizers: ['python.python-cuckoo.cuckooFilter'],
  entryPoints: [
    // python-cuckoo named in the file: any call (fingerprint_size has no default, so two arguments at least)
    ...['CuckooFilter', 'cuckoofilter.CuckooFilter'].map((callee) => ({ callee, requiresDocument: PYTHON_CUCKOO_NAMED, arity: [2, 4] as const })),
    // only the import: a call with bucket_size or max_kicks (three or four arguments), which the PyPI cuckoofilter does not take
    ...['CuckooFilter', 'cuckoofilter.CuckooFilter'].map((callee) => ({ callee, requiresDocument: undefined, arity: [3, 4] as const })),
  ].map(({ callee, requiresDocument, arity }): EntryPoint => ({
    kind: 'call', recognizer: 'python.python-cuckoo.cuckooFilter', title: 'python-cuckoo CuckooFilter(capacity, fingerprint_size, bucket_size=4, max_kicks=500)', callee, arity, languages: PY,
    requires: CUCKOOFILTER_IMPORT, ...(requiresDocument ? { requiresDocument } : {}),
    params: [{ role: 'n', unit: 'count', position: 0, names: ['capacity'] }, { role: 'fingerprintBits', unit: 'bytes', position: 1, names: ['fingerprint_size'] },
      { role: 'bucketSlots', unit: 'count', position: 2, names: ['bucket_size'] }, { role: 'maxKicks', unit: 'count', position: 3, names: ['max_kicks'] }],
    derive: (params, _named, stated) => pythonCuckoo(params.n, stated.get('fingerprintBits') ?? 1, stated.get('bucketSlots') ?? 4),
    source: PYTHON_CUCKOO,
  })),
  sources: [PYTHON_CUCKOO, PYTHON_CUCKOO_README],
};

// ------------------------------------------------------------------ scalable-cuckoo-filter (huydhn/cuckoo-filter, imported as cuckoo)

const HUYDHN = (fn: string): SourceCitation => ({ repository: 'huydhn/cuckoo-filter', file: 'cuckoo/filter.py', function: fn });
const HUYDHN_TEMPLATE = HUYDHN('CuckooTemplate.__init__(capacity, error_rate, bucket_size=4, max_kicks=500): capacity buckets; error_rate falsy -> DEFAULT_ERROR_RATE 0.0001; fingerprint_size = int(ceil(log(1/error_rate, 2) + log(2 · bucket_size, 2))) bits');
const HUYDHN_CUCKOO = HUYDHN('CuckooFilter(capacity, error_rate, bucket_size=4, max_kicks=500): Bucket objects; a full insert rewinds the kicked fingerprints and raises CapacityException');
const HUYDHN_BITARRAY = HUYDHN('BCuckooFilter(capacity, error_rate, bucket_size=4, max_kicks=500): bitarray(capacity · bucket_size · fingerprint_size)');
const HUYDHN_SCALABLE = HUYDHN('ScalableCuckooFilter(initial_capacity, error_rate, bucket_size=4, max_kicks=500): BCuckooFilter filters, SCALE_FACTOR 2 (same error_rate), a filter past THRESHOLD_LOAD_FACTOR 0.90 is skipped');
const HUYDHN_SETUP: SourceCitation = { repository: 'huydhn/cuckoo-filter', file: 'setup.py', function: "setup(name='scalable-cuckoo-filter', packages=find_packages()): the package imports as cuckoo" };

/** capacity buckets of bucket_size fingerprints of ceil(log2(1/e) + log2(2b)) bits. */
export function scalableCuckooFilterPy(capacity: number | undefined, errorRate: number | undefined, bucketSize: number, scalable: boolean): LibraryDerivation {
  const e = errorRate ? errorRate : 0.0001;
  if (!(e > 0 && e < 1)) return { rejects: [`error_rate = ${e}: log(1 / error_rate, 2) is not a fingerprint width (0 < error_rate < 1)`], structure: cuckooTable(undefined, bucketSize, 0, 'not allocated') };
  const bits = Math.ceil(Math.log2(1 / e) + Math.log2(2 * bucketSize));
  const notes = errorRate === 0 ? ['error_rate 0 is falsy: the library uses DEFAULT_ERROR_RATE 0.0001'] : [];
  if (capacity !== undefined) notes.push(`capacity counts buckets: ${capacity} buckets x ${bucketSize} hold at most ${capacity * bucketSize} fingerprints`);
  if (scalable) notes.push('scalable: a filter twice the last one\'s buckets, same error_rate, is added when every filter is past 90 % load or full; the FP adds up over the filters');
  return {
    structure: cuckooTable(capacity, bucketSize, bits, scalable ? 'first filter: initial_capacity buckets' : 'capacity buckets', scalable ? { whenFull: 'grows', expansion: 2 } : { whenFull: 'fails' }),
    notes,
  };
}

const HUYDHN_REQUIRES = /\bfrom\s+cuckoo(?:\.filter)?\s+import\b|\bimport\s+cuckoo(?:\.filter)?\b/;

export const SCALABLE_CUCKOO_FILTER_PY: FingerprintLibraryModule = {
  id: 'scalable-cuckoo-filter-py',
  displayName: 'scalable-cuckoo-filter (Python)',
  recognizers: ['python.scalable-cuckoo-filter.cuckooFilter', 'python.scalable-cuckoo-filter.bCuckooFilter', 'python.scalable-cuckoo-filter.scalableCuckooFilter'],
  entryPoints: ([
    ['CuckooFilter', 'python.scalable-cuckoo-filter.cuckooFilter', 'capacity', HUYDHN_CUCKOO],
    ['BCuckooFilter', 'python.scalable-cuckoo-filter.bCuckooFilter', 'capacity', HUYDHN_BITARRAY],
    ['ScalableCuckooFilter', 'python.scalable-cuckoo-filter.scalableCuckooFilter', 'initial_capacity', HUYDHN_SCALABLE],
  ] as const).flatMap(([name, recognizer, capacityName, source]) => [name, `filter.${name}`, `cuckoo.filter.${name}`].map((callee): EntryPoint => ({
    kind: 'call', recognizer, title: `scalable-cuckoo-filter ${name}(${capacityName}, error_rate, bucket_size=4, max_kicks=500)`, callee, arity: [2, 4], languages: PY, requires: HUYDHN_REQUIRES,
    // a whole number second (`CuckooFilter(capacity, 2)`) is no error rate: only a fraction, or an expression, is read as one
    overload: { position: 1, wholeNumber: false },
    params: [{ role: 'n', unit: 'count', position: 0, names: [capacityName] }, { role: 'p', unit: 'probability', position: 1, names: ['error_rate'] },
      { role: 'bucketSlots', unit: 'count', position: 2, names: ['bucket_size'] }, { role: 'maxKicks', unit: 'count', position: 3, names: ['max_kicks'] }],
    derive: (params, _named, stated) => scalableCuckooFilterPy(params.n, params.p, stated.get('bucketSlots') ?? 4, name === 'ScalableCuckooFilter'),
    source,
  }))),
  sources: [HUYDHN_TEMPLATE, HUYDHN_CUCKOO, HUYDHN_BITARRAY, HUYDHN_SCALABLE, HUYDHN_SETUP],
};

// ------------------------------------------------------------------ pybloof (jhgg/pybloof)

const PYBLOOF_PYX: SourceCitation = { repository: 'jhgg/pybloof', file: 'src/_pybloof.pyx', function: '_BloomFilter.__cinit__(unsigned long size, unsigned int hashes): _size (unsigned int) = size bits, _hashes = min(hashes, MAX_HASHES = 32); _get_hash_buckets: (hash1 + i · hash2) % size' };
const PYBLOOF_CALC: SourceCitation = { repository: 'jhgg/pybloof', file: 'src/pybloof.py', function: "bloom_calculator(n, p): m = int(ceil((n · log(p)) / log(1.0 / (pow(2.0, log(2.0)))))), k = int(log(2.0) · m / n); returns {'size': m, 'hashes': k}" };

/** StringBloomFilter / LongBloomFilter / UIntBloomFilter(size, hashes): size bits (kept as a 32-bit unsigned int), at most 32 hashes. */
export function pybloofFilter(m: number | undefined, k: number | undefined): LibraryDerivation {
  if (m === undefined) return {};
  const notes: string[] = [];
  const size = m % 2 ** 32;
  if (size !== m) notes.push(`size ${m} is kept in an unsigned int: the filter indexes ${size} bits (mod 2^32)`);
  const hashes = k === undefined ? undefined : Math.min(k, 32);
  if (k !== undefined && hashes !== k) notes.push(`hashes ${k} is capped at MAX_HASHES = 32`);
  return result(size, hashes, notes);
}

/** bloom_calculator(n, p): m = ceil(n ln p / ln(2^-ln 2)), k = int(ln 2 · m / n) (truncated). */
export function pybloofCalculator(n: number, p: number): LibraryDerivation {
  const m = Math.ceil((n * Math.log(p)) / Math.log(1 / Math.pow(2, Math.log(2))));
  return result(m, Math.trunc((Math.log(2) * m) / n), []);
}

const PYBLOOF_REQUIRES = /\bpybloof\b/;
const PYBLOOF_FILTERS = ['StringBloomFilter', 'LongBloomFilter', 'UIntBloomFilter'];

export const PYBLOOF: LibraryModule = {
  id: 'pybloof',
  displayName: 'pybloof (Python, Cython)',
  recognizers: ['python.pybloof.bloomFilter', 'python.pybloof.bloomCalculator'],
  entryPoints: [
    ...PYBLOOF_FILTERS.flatMap((name) => [name, `pybloof.${name}`, `pyb.${name}`]).map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'python.pybloof.bloomFilter', title: `pybloof ${callee.replace(/^\w+\./, '')}(size, hashes)`, callee, arity: [2, 2], languages: PY, requires: PYBLOOF_REQUIRES,
      params: [{ role: 'm', unit: 'bits', position: 0, names: ['size'] }, { role: 'k', unit: 'hashes', position: 1, names: ['hashes'] }],
      derive: (params) => pybloofFilter(params.m, params.k), source: PYBLOOF_PYX,
    })),
    ...['bloom_calculator', 'pybloof.bloom_calculator', 'pyb.bloom_calculator'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'python.pybloof.bloomCalculator', title: 'pybloof bloom_calculator(n, p)', callee, arity: [2, 2], languages: PY, requires: PYBLOOF_REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0, names: ['n'] }, { role: 'p', unit: 'probability', position: 1, names: ['p'] }],
      notes: ["returns {'size': m, 'hashes': k}, the arguments of a StringBloomFilter / LongBloomFilter / UIntBloomFilter"],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? pybloofCalculator(params.n, params.p) : {}), source: PYBLOOF_CALC,
    })),
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [PYBLOOF_PYX, PYBLOOF_CALC],
};

// ------------------------------------------------------------------ simplebloom (jfolz/simplebloom)

const SIMPLEBLOOM: SourceCitation = { repository: 'jfolz/simplebloom', file: 'simplebloom/bloom.py', function: 'BloomFilter.__init__(num_elements, false_positive_prob=None): ValueError for num_elements < 2 or p outside (0, 1); p None -> 1 / num_elements; num_bits = int(ceil(n · log(p) / -0.4804530139182015 / 8) · 8); num_hashes = int(round(num_bits / n · ln2))' };
const SIMPLEBLOOM_HASH: SourceCitation = { repository: 'jfolz/simplebloom', file: 'simplebloom/_pybloom.py', function: '__iadd__: blake2s, index = (h1 + k · h2 & 2^64 - 1) % num_bits' };

/** BloomFilter(num_elements, false_positive_prob=1/num_elements): bits rounded up to whole bytes, Python's round for k. */
export function simplebloom(n: number, p: number | undefined): LibraryDerivation {
  if (n < 2) return { rejects: [`num_elements = ${n}: simplebloom raises ValueError("num_element < 2")`] };
  const rate = p ?? 1 / n;
  if (!(rate > 0 && rate < 1)) return { rejects: [`false_positive_prob = ${rate}: simplebloom raises ValueError("false_positive_prob must be in (0, 1)")`] };
  const m = Math.ceil((n * Math.log(rate)) / -0.4804530139182015 / 8) * 8;
  const k = pythonRound((m / n) * 0.6931471805599453);
  return result(m, k, p === undefined ? [`no false_positive_prob: simplebloom sizes for 1 / num_elements = ${Number(rate.toPrecision(6))}`] : [], p === undefined ? { p: rate } : {});
}

export const SIMPLEBLOOM_MODULE: LibraryModule = {
  id: 'simplebloom',
  displayName: 'simplebloom (Python)',
  recognizers: ['python.simplebloom.bloomFilter'],
  entryPoints: ['BloomFilter', 'simplebloom.BloomFilter'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'python.simplebloom.bloomFilter', title: 'simplebloom BloomFilter(num_elements, false_positive_prob=1/num_elements)', callee, arity: [1, 2], languages: PY,
    requires: /\bfrom\s+simplebloom\s+import\b|\bimport\s+simplebloom\b/,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['num_elements'] }, { role: 'p', unit: 'probability', position: 1, names: ['false_positive_prob'] }],
    derive: (params) => (params.n !== undefined ? simplebloom(params.n, params.p) : {}), source: SIMPLEBLOOM,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SIMPLEBLOOM, SIMPLEBLOOM_HASH],
};

// ------------------------------------------------------------------ pdsa (gakhov/pdsa)

const PDSA_BLOOM: SourceCitation = { repository: 'gakhov/pdsa', file: 'pdsa/membership/bloom_filter.pyx', function: 'BloomFilter.__cinit__(size_t length, uint8_t num_of_hashes): ValueError for length < 1 or num_of_hashes < 1; create_from_capacity(size_t capacity, float error): length = - <size_t>(capacity · log(error) / (log(2) ** 2)), num_of_hashes = - <uint8_t>(ceil(log(error) / log(2))), cls(length, max(1, num_of_hashes))' };
const PDSA_COUNTING: SourceCitation = { repository: 'gakhov/pdsa', file: 'pdsa/membership/counting_bloom_filter.pyx', function: 'CountingBloomFilter.__cinit__(length, num_of_hashes): 4-bit counters that freeze at 15; create_from_capacity: the same length and num_of_hashes as BloomFilter' };
const PDSA_BITVECTOR: SourceCitation = { repository: 'gakhov/pdsa', file: 'pdsa/helpers/storage/bitvector.pyx', function: 'BitVector.__cinit__(length): length + (-length & (BITFIELD_BITSIZE - 1)): rounded up to whole 8-bit BitFields' };

/** BloomFilter(length, num_of_hashes): the bit vector rounds length up to a multiple of 8. */
export function pdsaFilter(length: number | undefined, k: number | undefined): LibraryDerivation {
  if (length !== undefined && length < 1) return { rejects: [`length = ${length}: pdsa raises ValueError("Filter length can't be 0 or negative")`] };
  if (k !== undefined && k < 1) return { rejects: [`num_of_hashes = ${k}: pdsa raises ValueError("At least one hash function is required")`] };
  if (length === undefined) return {};
  const m = Math.ceil(length / 8) * 8;
  return result(m, k, m !== length ? [`length rounded up to whole bytes: ${length} -> ${m} bits`] : []);
}

/**
 * create_from_capacity(capacity, error): error is a C float; length = trunc(-n ln p / ln²2); the negated uint8 casts
 * leave num_of_hashes = -ceil(log2 p) = floor(log2(1 / p)) (mod 256), at least 1.
 */
export function pdsaFromCapacity(n: number, p: number): LibraryDerivation {
  if (n < 1) return { rejects: [`capacity = ${n}: pdsa raises ValueError("Filter capacity can't be 0 or negative")`] };
  if (p <= 0 || p >= 1) return { rejects: [`error = ${p}: pdsa raises ValueError("Error rate shell be in (0, 1)")`] };
  const error = Math.fround(p);
  const length = Math.trunc(-(n * Math.log(error)) / (Math.LN2 * Math.LN2));
  const k = Math.max(1, (256 - ((256 + Math.ceil(Math.log(error) / Math.LN2)) % 256)) % 256);
  const derived = pdsaFilter(length, k);
  return { ...derived, notes: [...(derived.notes ?? []), `k = -ceil(log2 p) through the uint8 casts = floor(log2(1 / p)) = ${k}`] };
}

const PDSA_SEEDS: SourceCitation = { repository: 'gakhov/pdsa', file: 'pdsa/membership/bloom_filter.pyx', function: 'add: one MurmurHash3 per seed in range(num_of_hashes), index = hash % length' };
const PDSA_REQUIRES = /\bpdsa\.membership\b/;
const PDSA_CAPACITY_PARAMS: DeclaredParam[] = [{ role: 'n', unit: 'count', position: 0, names: ['capacity'] }, { role: 'p', unit: 'probability', position: 1, names: ['error'] }];

export const PDSA: LibraryModule = {
  id: 'pdsa',
  displayName: 'pdsa (Python, Cython)',
  recognizers: ['python.pdsa.bloomFilter', 'python.pdsa.createFromCapacity', 'python.pdsa.countingBloomFilter'],
  entryPoints: ([['BloomFilter', 'python.pdsa.bloomFilter', PDSA_BLOOM], ['CountingBloomFilter', 'python.pdsa.countingBloomFilter', PDSA_COUNTING]] as const).flatMap(([name, recognizer, source]): EntryPoint[] => [
    { kind: 'call', recognizer, title: `pdsa ${name}(length, num_of_hashes)`, callee: name, arity: [2, 2], languages: PY, requires: PDSA_REQUIRES,
      params: [{ role: 'm', unit: 'bits', position: 0, names: ['length'] }, { role: 'k', unit: 'hashes', position: 1, names: ['num_of_hashes'] }],
      ...(name === 'CountingBloomFilter' ? { notes: ['counting filter: a 4-bit counter per position, frozen at 15'] } : {}),
      derive: (params) => pdsaFilter(params.m, params.k), source },
    { kind: 'call', recognizer: name === 'BloomFilter' ? 'python.pdsa.createFromCapacity' : recognizer, title: `pdsa ${name}.create_from_capacity(capacity, error)`, callee: `${name}.create_from_capacity`, arity: [2, 2], languages: PY, requires: PDSA_REQUIRES,
      params: PDSA_CAPACITY_PARAMS,
      derive: (params) => (params.n !== undefined && params.p !== undefined ? pdsaFromCapacity(params.n, params.p) : {}), source },
  ]).concat([{
    // the classmethod called on an instance (`BloomFilter().create_from_capacity(10000, 0.02)`, as pdsa's docs write it)
    kind: 'call', recognizer: 'python.pdsa.createFromCapacity', title: 'pdsa BloomFilter().create_from_capacity(capacity, error)', callee: '.create_from_capacity', arity: [2, 2], languages: PY, requires: PDSA_REQUIRES,
    params: PDSA_CAPACITY_PARAMS,
    derive: (params) => (params.n !== undefined && params.p !== undefined ? pdsaFromCapacity(params.n, params.p) : {}), source: PDSA_BLOOM,
  }]),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [PDSA_BLOOM, PDSA_COUNTING, PDSA_BITVECTOR, PDSA_SEEDS],
};

// ------------------------------------------------------------------ pyfusefilter / pyxorfilter (FastFilter/pyfusefilter)

const PYFUSE: SourceCitation = { repository: 'FastFilter/pyfusefilter', file: 'pyfusefilter/pyfusefilter.py', function: 'Xor8 / Xor16 / Fuse8 / Fuse16.__init__(size_or_data): an int -> xor8_allocate / xor16_allocate / binary_fuse8_allocate / binary_fuse16_allocate(size); an iterable -> allocate(len(data)) and populate' };
const PYXOR: SourceCitation = { repository: 'FastFilter/pyfusefilter', file: 'pyxorfilter/pyxorfilter.py', function: 'Xor8(size), Xor16(size), Fuse8(size), Fuse16(size) (the package before its rename to pyfusefilter, PyPI pyxorfilter)' };

export const PYFUSEFILTER: FingerprintLibraryModule = {
  id: 'pyfusefilter',
  displayName: 'pyfusefilter / pyxorfilter (Python over xor_singleheader)',
  recognizers: ['python.pyfusefilter.xor', 'python.pyfusefilter.binaryFuse'],
  entryPoints: ([['Xor8', 8], ['Xor16', 16], ['Fuse8', 8], ['Fuse16', 16]] as const).flatMap(([name, bits]) => [name, `pyfusefilter.${name}`, `pyxorfilter.${name}`].map((callee): EntryPoint => ({
    kind: 'call', recognizer: name.startsWith('Xor') ? 'python.pyfusefilter.xor' : 'python.pyfusefilter.binaryFuse', title: `pyfusefilter ${name}(size_or_data)`, callee, arity: [1, 1], languages: PY,
    requires: /\bpyfusefilter\b|\bpyxorfilter\b/,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['size_or_data', 'size'] }],
    notes: ['built from all its keys at once (populate): n is how many keys; keys cannot be added later'],
    derive: (params) => (name.startsWith('Xor') ? xorFilter(params.n, bits) : binaryFuseFilter(params.n, bits)),
    source: callee.startsWith('pyxorfilter.') ? PYXOR : PYFUSE,
  }))),
  sources: [PYFUSE, PYXOR],
};

// ------------------------------------------------------------------ Apache DataSketches bloom_filter (C++ core, Python binding)

const DS_BUILDER: SourceCitation = { repository: 'apache/datasketches-cpp', file: 'filters/include/bloom_filter_builder_impl.hpp', function: 'suggest_num_filter_bits(n, p) = ceil(-n · log(p) / (log 2 · log 2)); suggest_num_hashes(p) = ceil(-log(p) / log 2); create_by_accuracy(max_distinct_items, target_false_positive_prob, seed): those two; create_by_size(num_bits, num_hashes, seed); invalid_argument for 0 items, p outside (0, 1], 0 bits or hashes' };
const DS_IMPL: SourceCitation = { repository: 'apache/datasketches-cpp', file: 'filters/include/bloom_filter_impl.hpp', function: 'bloom_filter_alloc(num_bits, num_hashes, seed): capacity_bits_ = (num_bits + 63) & ~0x3F; update: h0 = XXHash64(item, seed), h1 = XXHash64(item, h0)' };
const DS_PYTHON: SourceCitation = { repository: 'apache/datasketches-python', file: 'src/bloom_filter_wrapper.cpp', function: 'bloom_filter.create_by_accuracy(max_distinct_items, target_false_positive_prob, seed), bloom_filter.create_by_size(num_bits, num_hashes, seed), suggest_num_filter_bits; an earlier binding: create_bloom_filter(max_distinct_items, target_false_positive_prob), create_bloom_filter_by_size(num_bits, num_hashes)' };

/** The bit array: num_bits rounded up to whole 64-bit words. */
export function datasketchesBySize(bits: number | undefined, k: number | undefined): LibraryDerivation {
  if (bits === 0) return { rejects: ['num_bits = 0: datasketches throws invalid_argument("number of bits in the filter must be strictly positive")'] };
  if (k === 0) return { rejects: ['num_hashes = 0: datasketches throws invalid_argument("number of hashes for the filter must be strictly positive")'] };
  if (bits === undefined) return {};
  const m = Math.ceil(bits / 64) * 64;
  return result(m, k, m !== bits ? [`num_bits rounded up to whole 64-bit words: ${bits} -> ${m}`] : []);
}

/** create_by_accuracy(n, p): bits = ceil(-n ln p / ln²2), k = ceil(-ln p / ln 2) (from p alone), capacity in 64-bit words. */
export function datasketchesByAccuracy(n: number, p: number): LibraryDerivation {
  if (n === 0) return { rejects: ['max_distinct_items = 0: datasketches throws invalid_argument("maximum number of distinct items must be strictly positive")'] };
  if (!(p > 0 && p <= 1)) return { rejects: [`target_false_positive_prob = ${p}: datasketches throws invalid_argument (a probability strictly greater than 0.0)`] };
  const bits = Math.ceil((-n * Math.log(p)) / (Math.log(2) * Math.log(2)));
  return datasketchesBySize(bits, Math.ceil(-Math.log(p) / Math.log(2)));
}

const DS_PY_REQUIRES = /\bdatasketches\b/;
const DS_CPP_REQUIRES = /datasketches|bloom_filter\.hpp/;
const DS_ACCURACY: DeclaredParam[] = [{ role: 'n', unit: 'count', position: 0, names: ['max_distinct_items'] }, { role: 'p', unit: 'probability', position: 1, names: ['target_false_positive_prob'] }];
const DS_SIZE: DeclaredParam[] = [{ role: 'm', unit: 'bits', position: 0, names: ['num_bits'] }, { role: 'k', unit: 'hashes', position: 1, names: ['num_hashes'] }];
const byAccuracy = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? datasketchesByAccuracy(params.n, params.p) : {});

export const DATASKETCHES_BLOOM: LibraryModule = {
  id: 'datasketches-bloom',
  displayName: 'Apache DataSketches bloom_filter (C++, Python)',
  recognizers: ['python.datasketches.createByAccuracy', 'python.datasketches.createBySize', 'cpp.datasketches.createByAccuracy', 'cpp.datasketches.createBySize'],
  entryPoints: [
    ...['bloom_filter.create_by_accuracy', 'datasketches.bloom_filter.create_by_accuracy', 'create_bloom_filter', 'datasketches.create_bloom_filter', 'bloom_filter.suggest_num_filter_bits'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'python.datasketches.createByAccuracy', title: `datasketches ${callee.replace(/^datasketches\./, '')}(max_distinct_items, target_false_positive_prob)`, callee, arity: [2, 3], languages: PY, requires: DS_PY_REQUIRES,
      params: DS_ACCURACY, derive: byAccuracy, source: callee.includes('create_bloom_filter') ? DS_PYTHON : DS_BUILDER,
    })),
    ...['bloom_filter.create_by_size', 'datasketches.bloom_filter.create_by_size', 'create_bloom_filter_by_size', 'datasketches.create_bloom_filter_by_size'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'python.datasketches.createBySize', title: `datasketches ${callee.replace(/^datasketches\./, '')}(num_bits, num_hashes)`, callee, arity: [2, 3], languages: PY, requires: DS_PY_REQUIRES,
      params: DS_SIZE, derive: (params) => datasketchesBySize(params.m, params.k), source: callee.includes('create_bloom_filter') ? DS_PYTHON : DS_BUILDER,
    })),
    ...['bloom_filter::builder::create_by_accuracy', 'datasketches::bloom_filter::builder::create_by_accuracy'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'cpp.datasketches.createByAccuracy', title: 'datasketches bloom_filter::builder::create_by_accuracy(max_distinct_items, target_false_positive_prob, seed)', callee, arity: [2, 4], languages: ['cpp'], requires: DS_CPP_REQUIRES,
      params: DS_ACCURACY, derive: byAccuracy, source: DS_BUILDER,
    })),
    ...['bloom_filter::builder::create_by_size', 'datasketches::bloom_filter::builder::create_by_size'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'cpp.datasketches.createBySize', title: 'datasketches bloom_filter::builder::create_by_size(num_bits, num_hashes, seed)', callee, arity: [2, 4], languages: ['cpp'], requires: DS_CPP_REQUIRES,
      params: DS_SIZE, derive: (params) => datasketchesBySize(params.m, params.k), source: DS_BUILDER,
    })),
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [DS_BUILDER, DS_IMPL, DS_PYTHON],
};

// ------------------------------------------------------------------ bloomlib (mike-huls/bloomlib, Rust core)

const BLOOMLIB: SourceCitation = { repository: 'mike-huls/bloomlib', file: 'src/bloom_filter.rs', function: 'BloomFilterRS::new(expected_number_of_items, desired_false_positive_rate): calc_optimal_number_of_bits = ceil(-n · ln p / ln(2)^2), calculate_optimal_number_of_hashes = ceil(m / n · LN_2); add_bytes: murmur3_32(item, seed i) % m' };
const BLOOMLIB_PY: SourceCitation = { repository: 'mike-huls/bloomlib', file: 'src/lib.rs', function: '#[pyclass] BloomFilter #[new] new(expected_number_of_items, desired_false_positive_rate)' };

/** BloomFilter(expected_number_of_items, desired_false_positive_rate): m = ceil(-n ln p / ln²2), k = ceil(m / n · ln 2). */
export function bloomlib(n: number, p: number): LibraryDerivation {
  const m = Math.ceil((-n * Math.log(p)) / Math.pow(Math.log(2), 2));
  const notes = m > 2 ** 32 ? [`m = ${m} bits, but each probe is a 32-bit murmur3 hash mod m: only the first 2^32 bits are ever set`] : [];
  return result(m, Math.ceil((m / n) * LN2), notes);
}

export const BLOOMLIB_MODULE: LibraryModule = {
  id: 'bloomlib',
  displayName: 'bloomlib (Python, Rust core)',
  recognizers: ['python.bloomlib.bloomFilter'],
  entryPoints: ['BloomFilter', 'bloomlib.BloomFilter'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'python.bloomlib.bloomFilter', title: 'bloomlib BloomFilter(expected_number_of_items, desired_false_positive_rate)', callee, arity: [2, 2], languages: PY,
    requires: /\bfrom\s+bloomlib\s+import\b[^\n]*\bBloomFilter\b|\bimport\s+bloomlib\b/,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['expected_number_of_items'] }, { role: 'p', unit: 'probability', position: 1, names: ['desired_false_positive_rate'] }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? bloomlib(params.n, params.p) : {}), source: BLOOMLIB_PY,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [BLOOMLIB, BLOOMLIB_PY],
};

// ------------------------------------------------------------------ bloomfilter-lite (lorenzomaiuri-dev/bloomfilter-py)

const BLOOMFILTER_LITE: SourceCitation = { repository: 'lorenzomaiuri-dev/bloomfilter-py', file: 'src/bloomfilter_lite/bloom_filter.py', function: 'BloomFilter.__init__(expected_items, false_positive_rate): _optimal_size = int(-(n · log(p)) / (log(2) ** 2)), _optimal_hash_count = int((m / n) · log(2)); _hashes: md5(item + str(i)) % size' };

/** m = int(-n ln p / ln²2), k = int(m / n · ln 2): both truncated. */
export function bloomfilterLite(n: number, p: number): LibraryDerivation {
  const m = Math.trunc(-(n * Math.log(p)) / (Math.log(2) ** 2));
  return result(m, Math.trunc((m / n) * Math.log(2)), []);
}

export const BLOOMFILTER_LITE_MODULE: LibraryModule = {
  id: 'bloomfilter-lite',
  displayName: 'bloomfilter-lite (Python)',
  recognizers: ['python.bloomfilter-lite.bloomFilter'],
  entryPoints: ['BloomFilter', 'bloomfilter_lite.BloomFilter'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'python.bloomfilter-lite.bloomFilter', title: 'bloomfilter-lite BloomFilter(expected_items, false_positive_rate)', callee, arity: [2, 2], languages: PY,
    requires: /\bbloomfilter_lite\b/,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['expected_items'] }, { role: 'p', unit: 'probability', position: 1, names: ['false_positive_rate'] }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? bloomfilterLite(params.n, params.p) : {}), source: BLOOMFILTER_LITE,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [BLOOMFILTER_LITE],
};
