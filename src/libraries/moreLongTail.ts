/**
 * Smaller libraries of the long tail, one module each: farhadi/cuckoo_filter (Erlang / Elixir, Hex), irfansharif/cfilter
 * (Go cuckoo filter), MattLorimor.ProbabilisticDataStructures (.NET port of BoomFilters), licia's BloomFilter (npm),
 * guava-probably's CuckooFilter (Java) and pyreBloom (Python over Redis).
 */
import type { LibraryDerivation } from '../detect/types';
import { boom, boomPartitioned } from './boom';
import { cuckooTable } from './fingerprintLayouts';
import { classicModel } from './models';
import type { EntryPoint, FingerprintLibraryModule, LibraryModule, SourceCitation } from './types';
import { nextPowerOfTwo, result } from './util';

// ------------------------------------------------------------------ farhadi/cuckoo_filter (Erlang / Elixir)

const FARHADI: SourceCitation = { repository: 'farhadi/cuckoo_filter', file: 'src/cuckoo_filter.erl', function: 'new(Capacity, Opts): NumBuckets = 1 bsl ceil(log2(ceil(Capacity / BucketSize))); DEFAULT_FINGERPRINT_SIZE 16 (4, 8, 16, 32 or 64), DEFAULT_BUCKET_SIZE 4, DEFAULT_EVICTIONS 100' };

/** new(Capacity, Opts): 2^ceil(log2(ceil(Capacity / b))) buckets of b fingerprints of fingerprint_size bits; badarg otherwise. */
export function farhadiCuckoo(capacity: number | undefined, fingerprintBits: number, bucketSize: number): LibraryDerivation {
  if (![4, 8, 16, 32, 64].includes(fingerprintBits)) {
    return { rejects: [`fingerprint_size ${fingerprintBits}: cuckoo_filter:new raises badarg (4, 8, 16, 32 or 64 bits)`], structure: cuckooTable(undefined, bucketSize, fingerprintBits, 'not allocated') };
  }
  const buckets = capacity === undefined ? undefined : nextPowerOfTwo(Math.ceil(capacity / bucketSize));
  return { structure: cuckooTable(buckets, bucketSize, fingerprintBits, 'a power of two >= capacity / bucket_size', { whenFull: 'fails' }) };
}

/** An option of an Erlang proplist (`[{fingerprint_size, 8}]`) or an Elixir keyword list (`fingerprint_size: 8`). */
function option(named: ReadonlyMap<string, string>, name: string): number | undefined {
  const direct = named.get(name);
  const text = direct ?? named.get('kind') ?? '';
  const match = direct !== undefined ? /^\s*(\d+)/.exec(direct) : new RegExp(`\\b${name}\\s*(?:,|:)\\s*(\\d+)`).exec(text);
  return match ? Number(match[1]) : undefined;
}

export const FARHADI_CUCKOO: FingerprintLibraryModule = {
  id: 'farhadi-cuckoo-filter',
  displayName: 'cuckoo_filter (Erlang / Elixir)',
  recognizers: ['beam.cuckooFilter.new'],
  entryPoints: (['cuckoo_filter:new', 'cuckoo_filter.new'] as const).map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'beam.cuckooFilter.new', title: 'cuckoo_filter new(Capacity, Opts)', callee, arity: [1, 8], languages: ['erlang', 'elixir'],
    // the Opts list as text (Erlang proplist), or keyword options (Elixir)
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'kind', unit: 'name', position: 1 },
      { role: 'fingerprintBits', unit: 'bits', names: ['fingerprint_size'] }, { role: 'bucketSlots', unit: 'count', names: ['bucket_size'] }],
    derive: (params, named) => farhadiCuckoo(params.n, option(named, 'fingerprint_size') ?? 16, option(named, 'bucket_size') ?? 4),
    source: FARHADI,
  })),
  sources: [FARHADI],
};

// ------------------------------------------------------------------ irfansharif/cfilter (Go)

const CFILTER: SourceCitation = { repository: 'irfansharif/cfilter', file: 'options.go', function: 'Size(buckets), BucketSize(b), FingerprintSize(bytes), MaximumKicks; configure: bSize 4, fpSize 3 bytes, kicks 500, size (1 << 18) / bSize' };
const CFILTER_INSERT: SourceCitation = { repository: 'irfansharif/cfilter', file: 'cfilter.go', function: 'New(opts ...option), Insert: swaps a stored fingerprint out on each kick, false after the last' };

/** cfilter.New(Size(s), BucketSize(b), FingerprintSize(f)): s buckets (not items) of b fingerprints of f BYTES. */
export function cfilter(buckets: number | undefined, bucketSize: number, fingerprintBytes: number): LibraryDerivation {
  return {
    structure: cuckooTable(buckets ?? Math.floor((1 << 18) / bucketSize), bucketSize, 8 * fingerprintBytes, `Size buckets, ${fingerprintBytes}-byte fingerprints`, { whenFull: 'drops-a-key' }),
  };
}

export const CFILTER_MODULE: FingerprintLibraryModule = {
  id: 'cfilter',
  displayName: 'irfansharif/cfilter (Go)',
  recognizers: ['go.cfilter.new'],
  entryPoints: [{
    kind: 'call', recognizer: 'go.cfilter.new', title: 'cfilter.New(cfilter.Size(s), cfilter.BucketSize(b), cfilter.FingerprintSize(f))', callee: 'cfilter.New', arity: [0, 8], languages: ['go'], requires: /irfansharif\/cfilter/,
    params: [{ role: 'n', unit: 'count', names: ['Size'] }, { role: 'bucketSlots', unit: 'count', names: ['BucketSize'] }, { role: 'fingerprintBits', unit: 'bytes', names: ['FingerprintSize'] }],
    notes: ['cfilter.Size counts buckets, not items'],
    derive: (params, _named, stated) => cfilter(params.n, stated.get('bucketSlots') ?? 4, stated.get('fingerprintBits') ?? 3),
    source: CFILTER,
  }],
  sources: [CFILTER, CFILTER_INSERT],
};

// ------------------------------------------------------------------ ProbabilisticDataStructures (.NET)

const PDS = (file: string, fn: string): SourceCitation => ({ repository: 'mattlorimor/ProbabilisticDataStructures', file: `ProbabilisticDataStructures/${file}`, function: fn });
const PDS_UTILS = PDS('Utils.cs', 'OptimalM(n, fpRate) = ceil(n / (ln(0.5) ln(0.5) / |ln p|)) (more than uint.MaxValue throws), OptimalK(fpRate) = ceil(log2(1/p))');
const PARTITIONED_HASHING = { model: 'partitioned', why: 'one hash per partition of ceil(m / k) bits' } as const;
const CS = ['csharp'];
const PDS_REQUIRES = /ProbabilisticDataStructures/;
const N_P = [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }] as const;
const classic = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? boom(params.n, params.p) : {});
const partitioned = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? boomPartitioned(params.n, params.p) : {});

export const PROBABILISTIC_DATA_STRUCTURES: LibraryModule = {
  id: 'probabilistic-data-structures-net',
  displayName: 'ProbabilisticDataStructures (.NET)',
  recognizers: ['pds-net.bloomFilter', 'pds-net.partitioned', 'pds-net.counting', 'pds-net.scalable'],
  entryPoints: [
    ...['BloomFilter', 'BloomFilter64'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'pds-net.bloomFilter', title: `ProbabilisticDataStructures ${callee}(n, fpRate)`, callee, arity: [2, 3], languages: CS, requires: PDS_REQUIRES,
      params: [...N_P], derive: classic, source: PDS(`${callee}.cs`, `${callee}(n, fpRate, hash = null): OptimalM, OptimalK`),
    })),
    { kind: 'call', recognizer: 'pds-net.partitioned', title: 'ProbabilisticDataStructures PartitionedBloomFilter(n, fpRate)', callee: 'PartitionedBloomFilter', arity: [2, 3], languages: CS, requires: PDS_REQUIRES,
      params: [...N_P], hashing: PARTITIONED_HASHING, derive: partitioned, source: PDS('PartitionedBloomFilter.cs', 'PartitionedBloomFilter(n, fpRate): k partitions of ceil(m / k) bits') },
    // CountingBloomFilter(n, b, fpRate): b bits per counter, the rate third
    { kind: 'call', recognizer: 'pds-net.counting', title: 'ProbabilisticDataStructures CountingBloomFilter(n, b, fpRate)', callee: 'CountingBloomFilter', arity: [3, 4], languages: CS, requires: PDS_REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 2 }], notes: ['counting filter: each position is a counter of b bits'],
      derive: classic, source: PDS('CountingBloomFilter.cs', 'CountingBloomFilter(uint n, byte b, double fpRate): Buckets(m, b)') },
    { kind: 'call', recognizer: 'pds-net.scalable', title: 'ProbabilisticDataStructures ScalableBloomFilter(hint, fpRate, r)', callee: 'ScalableBloomFilter', arity: [3, 4], languages: CS, requires: PDS_REQUIRES,
      params: [...N_P, { role: 'ratio', unit: 'probability', position: 2 }], hashing: PARTITIONED_HASHING,
      notes: ['scalable: a partitioned filter of the same hint is added when the last is full, filter i at fpRate · r^i; shown: the first'],
      derive: partitioned, source: PDS('ScalableBloomFilter.cs', 'ScalableBloomFilter(hint, fpRate, r), AddFilter: PartitionedBloomFilter(Hint, FP · R^count)') },
    { kind: 'call', recognizer: 'pds-net.scalable', title: 'ProbabilisticDataStructures ScalableBloomFilter.NewDefaultScalableBloomFilter(fpRate)', callee: 'ScalableBloomFilter.NewDefaultScalableBloomFilter', arity: [1, 1], languages: CS, requires: PDS_REQUIRES,
      params: [{ role: 'p', unit: 'probability', position: 0 }], defaults: { n: { value: 10000, text: 'NewDefaultScalableBloomFilter: hint 10000 (r 0.8)' } }, hashing: PARTITIONED_HASHING,
      notes: ['scalable: a partitioned filter of 10000 items is added when the last is full, filter i at fpRate · 0.8^i; shown: the first'],
      derive: partitioned, source: PDS('ScalableBloomFilter.cs', 'static NewDefaultScalableBloomFilter(double fpRate): new ScalableBloomFilter(10000, fpRate, 0.8)') },
    { kind: 'call', recognizer: 'pds-net.counting', title: 'ProbabilisticDataStructures CountingBloomFilter.NewDefaultCountingBloomFilter(n, fpRate)', callee: 'CountingBloomFilter.NewDefaultCountingBloomFilter', arity: [2, 2], languages: CS, requires: PDS_REQUIRES,
      params: [...N_P], notes: ['counting filter: each position is a 4-bit counter'],
      derive: classic, source: PDS('CountingBloomFilter.cs', 'static NewDefaultCountingBloomFilter(uint n, double fpRate): new CountingBloomFilter(n, 4, fpRate)') },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [PDS_UTILS],
};

// ------------------------------------------------------------------ licia BloomFilter (npm)

const LICIA: SourceCitation = { repository: 'liriliri/licia', file: 'src/BloomFilter.js', function: 'initialize(size = 1024, k = 3): one bucket per position; _locations: (fnv1a + strHash · i) % size' };

export const LICIA_BLOOM: LibraryModule = {
  id: 'licia-bloom',
  displayName: 'licia BloomFilter (npm)',
  recognizers: ['licia.bloomFilter'],
  entryPoints: [{
    kind: 'call', recognizer: 'licia.bloomFilter', title: 'licia new BloomFilter(size, k)', callee: 'BloomFilter', arity: [1, 2], languages: ['javascript', 'typescript'], requires: /\blicia\b/,
    params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }],
    defaults: { k: { value: 3, text: 'licia default k = 3' } },
    derive: (params) => (params.m !== undefined ? result(params.m, params.k ?? 3, []) : {}), source: LICIA,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [LICIA],
};

// ------------------------------------------------------------------ guava-probably (Java cuckoo filter)

const GUAVA_PROBABLY: SourceCitation = { repository: 'bdupras/guava-probably', file: 'src/main/java/com/duprasville/guava/probably/CuckooFilter.java', function: 'create(funnel, capacity, fpp) (fpp 0.032 without it), optimalEntriesPerBucket, optimalLoadFactor (b 2: 0.84, 4: 0.955, 8: 0.98), optimalBitsPerEntry: log2(2b / fpp, HALF_DOWN), optimalNumberOfBuckets: evenCeil(ceil(ceil(n / load) / b))' };

/** optimalEntriesPerBucket: 8 at fpp <= 1e-5, 4 at fpp <= 0.002, 2 above. */
const guavaProbablyBucket = (fpp: number): number => (fpp <= 0.00001 ? 8 : fpp <= 0.002 ? 4 : 2);

/** CuckooFilter.create(funnel, capacity, fpp): the table CuckooTable(numBuckets, b, bits) it builds. */
export function guavaProbablyCuckoo(capacity: number | undefined, fpp: number): LibraryDerivation {
  const b = guavaProbablyBucket(fpp);
  const load = b === 2 ? 0.84 : b === 4 ? 0.955 : 0.98;
  const exponent = Math.log2((2 * b) / fpp);
  // DoubleMath.log2(x, HALF_DOWN): the nearest whole exponent, a tie going down
  const bits = exponent - Math.floor(exponent) > 0.5 ? Math.ceil(exponent) : Math.floor(exponent);
  const buckets = capacity === undefined ? undefined : 2 * Math.ceil(Math.ceil(Math.ceil(capacity / load) / b) / 2);
  return { structure: cuckooTable(buckets, b, bits, `ceil(capacity / ${load}) / ${b}, rounded up to even; log2(2b / fpp) rounded`, { whenFull: 'fails' }) };
}

export const GUAVA_PROBABLY_CUCKOO: FingerprintLibraryModule = {
  id: 'guava-probably-cuckoo',
  displayName: 'guava-probably CuckooFilter (Java)',
  recognizers: ['guava-probably.cuckooFilter'],
  entryPoints: [{
    kind: 'call', recognizer: 'guava-probably.cuckooFilter', title: 'guava-probably CuckooFilter.create(funnel, capacity, fpp)', callee: 'CuckooFilter.create', arity: [2, 3], languages: ['java', 'kotlin', 'scala'],
    requires: /guava\.probably/,
    params: [{ role: 'n', unit: 'count', position: 1 }, { role: 'p', unit: 'probability', position: 2 }],
    defaults: { p: { value: 0.032, text: 'guava-probably create(funnel, capacity): fpp 0.032' } },
    derive: (params) => guavaProbablyCuckoo(params.n, params.p ?? 0.032), source: GUAVA_PROBABLY,
  }],
  sources: [GUAVA_PROBABLY],
};

// ------------------------------------------------------------------ pyreBloom (Python on Redis bit strings)

const PYREBLOOM: SourceCitation = { repository: 'seomoz/pyreBloom', file: 'pyreBloom/bloom.c', function: 'init_pyrebloom(ctxt, key, uint32_t capacity, double error, ...): bits = (uint64_t)(-(log(error) · capacity) / ln²2), hashes = ceil(ln 2 · bits / capacity), one Redis string per 2^32 - 1 bits' };
const PYREBLOOM_PYX: SourceCitation = { repository: 'seomoz/pyreBloom', file: 'pyreBloom/pyreBloom.pyx', function: 'pyreBloom.__cinit__(key, capacity, error, host, port, password, db)' };

/** init_pyrebloom: m = trunc(-n ln p / ln²2), k = ceil(ln 2 · m / n); capacity is a uint32_t. */
export function pyreBloom(n: number, p: number): LibraryDerivation {
  if (n > 0xffffffff) return { rejects: [`capacity = ${n} does not fit pyreBloom's uint32_t capacity (it wraps)`] };
  const m = Math.trunc(-(Math.log(p) * n) / (Math.LN2 * Math.LN2));
  return result(m, Math.ceil((Math.LN2 * m) / n), []);
}

export const PYREBLOOM_MODULE: LibraryModule = {
  id: 'pyrebloom',
  displayName: 'pyreBloom (Python, Redis)',
  recognizers: ['pyrebloom.new'],
  entryPoints: ['pyreBloom', 'pyreBloom.pyreBloom'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'pyrebloom.new', title: 'pyreBloom(key, capacity, error, host, port)', callee, arity: [3, 7], languages: ['python'], requires: /\bpyreBloom\b/,
    params: [{ role: 'n', unit: 'count', position: 1, names: ['capacity'] }, { role: 'p', unit: 'probability', position: 2, names: ['error'] }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? pyreBloom(params.n, params.p) : {}), source: PYREBLOOM_PYX,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [PYREBLOOM, PYREBLOOM_PYX],
};
