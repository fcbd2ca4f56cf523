/** RocksDB filter policies: FastLocalBloom (format_version >= 5), legacy Bloom, Ribbon. */
import {
  ribbonFalsePositiveRate, rocksDbFastLocalFilterBytes, rocksDbFastLocalNumProbes, rocksDbMillibitsPerKey, rocksDbRibbonConfiguration,
} from '../core/ribbon';
import {
  fingerprint32CollisionRate, ROCKSDB_LEGACY_SEMI_ANALYTIC_MAX_LINES, rocksDbLegacyFalsePositiveRate, rocksDbLegacyFilterParameters,
} from '../core/hash32';
import { blockedModel } from './models';
import type { EntryPoint, FalsePositiveModel, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { fixed, result, snippetSummary, textbookBitsPerKey } from './util';

/** FastLocalBloomImpl::ChooseNumProbes: millibits per key -> number of probes (util/bloom_impl.h; src/core/ribbon.ts). */
export const rocksdbProbes = rocksDbFastLocalNumProbes;

/** millibits_per_key_ = static_cast<int>(bits_per_key * 1000.0 + 0.500001) (filter_policy.cc). */
export function rocksdbMillibits(bitsPerKey: number): number {
  return rocksDbMillibitsPerKey(bitsPerKey);
}

/**
 * FastLocalBloomBitsBuilder::CalculateSpace: bytes = ceil(n · millibits / 8000) rounded up to 64-byte cache
 * lines, plus kMetadataLen = 5 bytes of metadata. Returns the filter bits (metadata excluded) and the total bytes.
 */
export function rocksdbFilterSpace(keys: number, millibits: number): { filterBits: number; bytesWithMetadata: number } {
  const filterBytes = rocksDbFastLocalFilterBytes(keys, millibits);
  return { filterBits: filterBytes * 8, bytesWithMetadata: filterBytes + 5 };
}

/** The FastLocalBloom filter (format_version >= 5): 512-bit blocks, k from ChooseNumProbes. */
export const ROCKSDB_BLOCKED_MODEL: FalsePositiveModel = blockedModel(512, 'RocksDB blocked filter (512-bit blocks)');

/** NewRibbonFilterPolicy(bloom_equivalent_bits_per_key): Ribbon meets the FP of the Bloom filter it replaces. */
export const ROCKSDB_RIBBON_MODEL: FalsePositiveModel = {
  id: 'ribbon',
  name: 'RocksDB Ribbon filter (FP of the equivalent Bloom filter)',
  reason: 'RocksDB sizes the Ribbon filter for the FP of its cache-local Bloom filter at these bits/key (BloomMath::CacheLocalFpRate)',
  // desired_one_in_fp_rate_ = 1 / BloomMath::CacheLocalFpRate(bpk, ChooseNumProbes(millibits), 512); many keys meet it
  perElement: (bitsPerKey) => ribbonFalsePositiveRate(bitsPerKey),
  // n keys in one SST: Standard128RibbonBitsBuilder's slots, segments and Bloom fallbacks (src/core/ribbon.ts), for the
  // Bloom-equivalent bits per key the code configures (m / n when only m is known: the CLI's --layout ribbon).
  atCapacity: (mBits, n, _k, configuredBitsPerElement) => ribbonFalsePositiveRate(configuredBitsPerElement ?? mBits / n, n),
};

/**
 * The legacy Bloom filter (format_version < 5; LegacyBloomBitsBuilder): whole bits per key = (millibits + 500) / 1000 and
 * k = LegacyNoLocalityBloomImpl::ChooseNumProbes(whole) = (int)(whole · 0.69) clamped to [1, 30] (src/core/hash32.ts).
 */
function rocksdbLegacy(bitsPerKey: number, formatVersion: number): LibraryDerivation {
  if (bitsPerKey < 0.5) return result(undefined, undefined, ['bits_per_key < 0.5: RocksDB builds no filter at all']);
  const { wholeBitsPerKey, k } = rocksDbLegacyFilterParameters(0, bitsPerKey);
  const notes = [`format_version = ${formatVersion} (< 5) builds the legacy Bloom filter: ${wholeBitsPerKey} whole bits per key, k = ${k}, all probes from one 32-bit hash in one 512-bit cache line`];
  return result(undefined, k, notes, { bitsPerElement: wholeBitsPerKey });
}

/**
 * BloomLikeFilterPolicy(bits_per_key): < 0.5 no filter, < 1 -> 1, >= 100 -> 100; millibits = (int)(bpk · 1000 + 0.500001); k from
 * millibits. A format_version below 5 (read from the same file) builds the legacy filter instead.
 */
export function rocksdb(bitsPerKey: number, formatVersion?: number): LibraryDerivation {
  if (formatVersion !== undefined && formatVersion < 5) return rocksdbLegacy(bitsPerKey, formatVersion);
  const notes: string[] = [];
  if (bitsPerKey < 0.5) return result(undefined, undefined, ['bits_per_key < 0.5: RocksDB builds no filter at all']);
  const millibits = rocksdbMillibits(bitsPerKey); // sanitised: < 1 -> 1, >= 100 -> 100
  notes.push('format_version >= 5 assumed (the default; none set in this file): format_version < 5 builds the legacy Bloom filter instead, with whole bits per key and a 32-bit hash');
  return result(undefined, rocksdbProbes(millibits), notes, { bitsPerElement: millibits / 1000 });
}

/** S(x, y) = x + y - x y: either event makes a false positive (BloomMath::IndependentProbabilitySum, util/bloom_impl.h). */
function eitherRate(x: number, y: number): number {
  return x + y - x * y;
}

/**
 * The legacy filter's FP: the semi-analytic rate per whole bits per key (hash32.ts rocksDbLegacyFalsePositiveRate, a table),
 * exact up to 8,192 cache lines. Larger filters add the 32-bit fingerprint floor n / 2^32 as RocksDB's own estimate composes it
 * (LegacyLocalityBloomImpl::EstimatedFpRate); checked against the seeded estimate at 1M keys (16 bits/key) and 4M (10).
 */
export const ROCKSDB_LEGACY_MODEL: FalsePositiveModel = {
  id: 'rocksdb-legacy-hash32',
  name: 'RocksDB legacy Bloom filter (format_version < 5, one 32-bit hash)',
  reason: 'all k probes come from one 32-bit hash inside one 512-bit cache line, and k follows whole bits per key',
  atCapacity: (mBits, n, _k, configuredBitsPerElement) => {
    const bitsPerKey = configuredBitsPerElement ?? mBits / n;
    const rate = rocksDbLegacyFalsePositiveRate(bitsPerKey);
    if (rate === undefined) return undefined;
    const { lines } = rocksDbLegacyFilterParameters(n, bitsPerKey);
    return lines <= ROCKSDB_LEGACY_SEMI_ANALYTIC_MAX_LINES ? rate : eitherRate(rate, fingerprint32CollisionRate(n));
  },
  perElement: (bitsPerElement) => rocksDbLegacyFalsePositiveRate(bitsPerElement),
};

/** The designer's row: the policy for p's textbook bits per key, and the filter it builds for n keys in one SST. */
function rocksdbForKeys(n: number, p: number): LibraryDerivation {
  const policy = rocksdb(textbookBitsPerKey(p));
  if (policy.bitsPerElement === undefined) return policy;
  const space = rocksdbFilterSpace(n, rocksdbMillibits(policy.bitsPerElement));
  const notes = [...(policy.notes ?? []), `${space.bytesWithMetadata} bytes with 5 bytes of metadata (FastLocalBloomBitsBuilder::CalculateSpace)`];
  return { m: space.filterBits, k: policy.k, notes };
}

const RUST_ROCKSDB: SourceCitation = { repository: 'rust-rocksdb/rust-rocksdb', file: 'src/db_options.rs', function: 'BlockBasedOptions::set_bloom_filter, set_ribbon_filter, set_hybrid_ribbon_filter' };
const ROCKSDICT: SourceCitation = { repository: 'rocksdict/RocksDict', file: 'src/options.rs', function: 'BlockBasedOptionsPy::set_bloom_filter, set_ribbon_filter, set_hybrid_ribbon_filter' };
const PYTHON_ROCKSDB: SourceCitation = { repository: 'twmht/python-rocksdb', file: 'rocksdb/_rocksdb.pyx', function: 'BloomFilterPolicy.__cinit__(bits_per_key)' };
const C_API: SourceCitation = { repository: 'facebook/rocksdb', file: 'include/rocksdb/c.h, db/c.cc', function: 'rocksdb_filterpolicy_create_bloom, _bloom_full, _ribbon, _ribbon_hybrid' };
const GROCKSDB: SourceCitation = { repository: 'linxGnu/grocksdb', file: 'filter_policy.go', function: 'NewBloomFilter, NewBloomFilterFull, NewRibbonFilter / NewRibbonFilterPolicy, NewRibbonHybridFilterPolicy (the C API by bits per key)' };
const GOROCKSDB: SourceCitation = { repository: 'tecbot/gorocksdb', file: 'filter_policy.go', function: 'NewBloomFilter(bitsPerKey int), NewBloomFilterFull' };
const ROCKSDB_SHARP: SourceCitation = { repository: 'warrenfalk/rocksdb-sharp', file: 'RocksDbSharp/BloomFilterPolicy.cs', function: 'BloomFilterPolicy.Create(int bits_per_key = 10, bool use_block_based_builder = true)' };
const ROCKSDB_JAVA: SourceCitation = { repository: 'facebook/rocksdb', file: 'java/src/main/java/org/rocksdb/BloomFilter.java', function: 'BloomFilter(double bitsPerKey[, boolean useBlockBasedMode])' };
const DB_BENCH: SourceCitation = { repository: 'facebook/rocksdb', file: 'tools/db_bench_tool.cc', function: 'DEFINE_double(bloom_bits, ...)' };
const FLINK: SourceCitation = { repository: 'apache/flink', file: 'flink-state-backends/flink-statebackend-rocksdb/src/main/java/org/apache/flink/contrib/streaming/state/RocksDBConfigurableOptions.java', function: 'USE_BLOOM_FILTER, BLOOM_FILTER_BITS_PER_KEY' };
const HUGEGRAPH: SourceCitation = { repository: 'apache/incubator-hugegraph', file: 'hugegraph-server/hugegraph-rocksdb/src/main/java/org/apache/hugegraph/backend/store/rocksdb/RocksDBOptions.java', function: 'BLOOM_FILTER_BITS_PER_KEY (rocksdb.bloom_filter_bits_per_key)' };

const GO_ROCKSDB = /tecbot\/gorocksdb|linxGnu\/grocksdb|\bg(?:o)?rocksdb\b/;
const derivePolicy = (params: { bitsPerElement?: number }): LibraryDerivation => (params.bitsPerElement !== undefined ? rocksdb(params.bitsPerElement) : {});
// a Ribbon filter has no probes: it meets the FP of a Bloom filter of these bits per key (as native.ts's NewRibbonFilterPolicy)
const deriveRibbon = (params: { bitsPerElement?: number }): LibraryDerivation => (params.bitsPerElement !== undefined ? { bitsPerElement: params.bitsPerElement } : {});
const BITS_PER_KEY = { role: 'bitsPerElement', unit: 'bits-per-key' } as const;

/** The bindings' setters, RocksDB's own benchmark flag and the wrappers' options: every "bits" here is bits per key. */
const ROCKSDB_ENTRY_POINTS: readonly EntryPoint[] = [
  // rust-rocksdb / RocksDict: set_bloom_filter(bits_per_key, block_based) (block_based is ignored by RocksDB >= 7)
  { kind: 'call', recognizer: 'rocksdb.bitsPerKey', title: 'RocksDB set_bloom_filter', callee: '.set_bloom_filter', arity: [1, 2], languages: ['rust', 'python'],
    requires: /rocksdb|rocksdict/i, params: [{ ...BITS_PER_KEY, position: 0, names: ['bits_per_key'] }], derive: derivePolicy, source: RUST_ROCKSDB },
  { kind: 'call', recognizer: 'rocksdb.ribbon', title: 'RocksDB set_ribbon_filter', callee: '.set_ribbon_filter', arity: [1, 1], languages: ['rust', 'python'],
    requires: /rocksdb|rocksdict/i, params: [{ ...BITS_PER_KEY, position: 0, names: ['bloom_equivalent_bits_per_key'] }], derive: deriveRibbon, source: RUST_ROCKSDB },
  { kind: 'call', recognizer: 'rocksdb.ribbon', title: 'RocksDB set_hybrid_ribbon_filter', callee: '.set_hybrid_ribbon_filter', arity: [2, 2], languages: ['rust', 'python'],
    requires: /rocksdb|rocksdict/i, params: [{ ...BITS_PER_KEY, position: 0, names: ['bloom_equivalent_bits_per_key'] }], derive: deriveRibbon,
    notes: ['levels below bloom_before_level keep a Bloom filter of the same bits per key'], source: RUST_ROCKSDB },
  // RocksDB's C API (include/rocksdb/c.h): the same policies by bits per key
  ...['rocksdb_filterpolicy_create_bloom_full', 'rocksdb_filterpolicy_create_bloom'].map((callee) => ({
    kind: 'call' as const, recognizer: 'rocksdb.bitsPerKey', title: `RocksDB C API ${callee}`, callee, arity: [1, 1] as const, languages: ['c', 'cpp'],
    params: [{ ...BITS_PER_KEY, position: 0, names: ['bits_per_key'] }], derive: derivePolicy, source: C_API })),
  ...['rocksdb_filterpolicy_create_ribbon', 'rocksdb_filterpolicy_create_ribbon_hybrid'].map((callee) => ({
    kind: 'call' as const, recognizer: 'rocksdb.ribbon', title: `RocksDB C API ${callee}`, callee, arity: [1, 2] as const, languages: ['c', 'cpp'],
    params: [{ ...BITS_PER_KEY, position: 0, names: ['bloom_equivalent_bits_per_key'] }], derive: deriveRibbon, source: C_API })),
  // Go bindings (tecbot/gorocksdb, linxGnu/grocksdb, also imported under the alias `rocksdb`): the C API's policies by bits per key;
  // `NewRibbonFilterPolicy(bpk)` is matched with RocksDB's own name (src/detect/recognizers/native.ts)
  ...['gorocksdb', 'grocksdb', 'rocksdb'].flatMap((pkg) => [
    ...['NewBloomFilter', 'NewBloomFilterFull'].map((fn) => ({
      kind: 'call' as const, recognizer: 'rocksdb.bitsPerKey', title: `RocksDB Go ${pkg}.${fn}`, callee: `${pkg}.${fn}`, arity: [1, 1] as const, languages: ['go'], requires: GO_ROCKSDB,
      params: [{ ...BITS_PER_KEY, position: 0 }], derive: derivePolicy, source: pkg === 'gorocksdb' ? GOROCKSDB : GROCKSDB })),
    ...['NewRibbonFilter', 'NewRibbonHybridFilterPolicy'].map((fn) => ({
      kind: 'call' as const, recognizer: 'rocksdb.ribbon', title: `RocksDB Go ${pkg}.${fn}`, callee: `${pkg}.${fn}`, arity: fn === 'NewRibbonFilter' ? [1, 1] as const : [2, 2] as const, languages: ['go'], requires: GO_ROCKSDB,
      params: [{ ...BITS_PER_KEY, position: 0 }], derive: deriveRibbon, source: GROCKSDB,
      notes: fn === 'NewRibbonFilter' ? [] : ['levels below bloomBeforeLevel (and flushes, at level -1) keep a Bloom filter of the same bits per key'] })),
  ]),
  // RocksDbSharp (C#): either builder of the C API, by bits per key (`bits_per_key:` by name too)
  { kind: 'call', recognizer: 'rocksdb.bitsPerKey', title: 'RocksDbSharp BloomFilterPolicy.Create', callee: 'BloomFilterPolicy.Create', arity: [0, 2], languages: ['csharp'], requires: /RocksDbSharp|\bRocksDb\b/,
    params: [{ ...BITS_PER_KEY, position: 0, names: ['bits_per_key', 'bitsPerKey'] }], derive: derivePolicy, source: ROCKSDB_SHARP },
  // RocksJava from Kotlin, which calls a constructor without `new` (Java and Scala: src/detect/recognizers/jvm.ts)
  { kind: 'call', recognizer: 'rocksdb.java.bloomFilter', title: 'RocksDB Java BloomFilter (Kotlin)', callee: 'BloomFilter', arity: [1, 2], languages: ['kotlin'], requires: /org\.rocksdb/,
    params: [{ ...BITS_PER_KEY, position: 0, names: ['bitsPerKey'] }], derive: derivePolicy, source: ROCKSDB_JAVA },
  { kind: 'call', recognizer: 'rocksdb.bitsPerKey', title: 'python-rocksdb BloomFilterPolicy', callee: 'rocksdb.BloomFilterPolicy', arity: [1, 1], languages: ['python'],
    params: [{ ...BITS_PER_KEY, position: 0, names: ['bits_per_key'] }], derive: derivePolicy, source: PYTHON_ROCKSDB },
  { kind: 'settings', recognizer: 'rocksdb.bitsPerKey', title: 'RocksDB db_bench --bloom_bits', triggers: ['bitsPerElement'], derive: derivePolicy,
    settings: [{ ...BITS_PER_KEY, form: 'flag', name: 'bloom_bits', source: DB_BENCH }] },
  { kind: 'settings', recognizer: 'rocksdb.bitsPerKey', title: 'HugeGraph RocksDB bloom_filter_bits_per_key', triggers: ['bitsPerElement'], derive: derivePolicy,
    settings: [{ ...BITS_PER_KEY, form: 'key', name: 'rocksdb.bloom_filter_bits_per_key', source: HUGEGRAPH }] },
  { kind: 'settings', recognizer: 'flink.rocksdb.bloomFilter', title: 'Flink RocksDB state backend Bloom filter', triggers: ['enabled', 'bitsPerElement'], derive: derivePolicy,
    defaults: { bitsPerElement: { value: 10, text: 'Flink default state.backend.rocksdb.bloom-filter.bits-per-key 10.0' } },
    notes: ['Flink installs the filter only when state.backend.rocksdb.use-bloom-filter is true (default false)'],
    settings: [
      { role: 'enabled', unit: 'flag', form: 'key', name: 'state.backend.rocksdb.use-bloom-filter', source: FLINK },
      { ...BITS_PER_KEY, form: 'key', name: 'state.backend.rocksdb.bloom-filter.bits-per-key', source: FLINK },
      { role: 'enabled', unit: 'flag', form: 'constant', name: 'RocksDBConfigurableOptions.USE_BLOOM_FILTER', source: FLINK },
      { ...BITS_PER_KEY, form: 'constant', name: 'RocksDBConfigurableOptions.BLOOM_FILTER_BITS_PER_KEY', source: FLINK },
    ] },
];

export const ROCKSDB: LibraryModule = {
  id: 'rocksdb',
  displayName: 'RocksDB',
  recognizers: ['rocksdb.bitsPerKey', 'rocksdb.ribbon', 'rocksdb.optionsString', 'rocksdb.java.bloomFilter', 'rocksdb.legacyBloom', 'flink.rocksdb.bloomFilter'],
  entryPoints: ROCKSDB_ENTRY_POINTS,
  layout: { kind: 'blocked', blockBits: 512 },
  model: ROCKSDB_BLOCKED_MODEL,
  // FastLocalBloomBitsBuilder::CalculateSpace: whole 64-byte cache lines (metadata excluded).
  filterBitsForKeys: (keys, bitsPerElement) => rocksdbFilterSpace(keys, rocksdbMillibits(bitsPerElement)).filterBits,
  variants: {
    'rocksdb.ribbon': {
      layout: { kind: 'ribbon' }, model: ROCKSDB_RIBBON_MODEL,
      // Standard128RibbonBitsBuilder: the slots (or the Bloom fallback) RocksDB chooses for n keys, metadata excluded.
      filterBitsForKeys: (keys, bitsPerElement) => Math.max(0, rocksDbRibbonConfiguration(bitsPerElement, keys).filterBytes - 5) * 8,
    },
    'rocksdb.legacyBloom': {
      layout: { kind: 'hash32', variant: 'rocksdb-legacy' }, model: ROCKSDB_LEGACY_MODEL,
      // LegacyBloomBitsBuilder::CalculateSpace: an odd number of 512-bit cache lines.
      filterBitsForKeys: (keys, bitsPerElement) => rocksDbLegacyFilterParameters(keys, bitsPerElement).bits,
    },
  },
  sources: [
    { repository: 'facebook/rocksdb', file: 'table/block_based/filter_policy.cc', function: 'BloomLikeFilterPolicy::BloomLikeFilterPolicy (millibits, Ribbon desired_one_in_fp_rate_), FastLocalBloomBitsBuilder::CalculateSpace' },
    { repository: 'facebook/rocksdb', file: 'util/bloom_impl.h', function: 'FastLocalBloomImpl::ChooseNumProbes, BloomMath::CacheLocalFpRate, LegacyLocalityBloomImpl' },
    { repository: 'facebook/rocksdb', file: 'table/block_based/filter_policy.cc', function: 'LegacyBloomBitsBuilder (format_version < 5: whole bits per key, odd cache lines)' },
    RUST_ROCKSDB, ROCKSDICT, PYTHON_ROCKSDB, GROCKSDB, GOROCKSDB, ROCKSDB_SHARP, ROCKSDB_JAVA, DB_BENCH, FLINK, HUGEGRAPH,
  ],
  allocations: [{ id: 'rocksdb', label: 'RocksDB (bits per key)', call: (_n, p) => `NewBloomFilterPolicy(${fixed(textbookBitsPerKey(p))}, false)`, derive: rocksdbForKeys }],
  snippets: [{ id: 'rocksdb', label: 'RocksDB (C++)', render: (d) => `// ${snippetSummary(d)}\ntable_options.filter_policy.reset(rocksdb::NewBloomFilterPolicy(${Number((d.mBits / d.n).toFixed(2))}, false));` }],
};
