/**
 * The registry of library modules: one module per system (src/libraries/<system>.ts), looked up by id or by
 * recogniser. Detection takes each library's derivation from here, analysis its FP model, the designer its
 * allocation table and snippets, the size wizard its snippets. Pure.
 */
import { exactFalsePositiveRate, MAX_HASHES } from '../core/classic';
import { BBLOOM, bbloom } from './bbloom';
import { BITCOIN, bitcoinBloom, bitcoinRolling } from './bitcoin';
import { BITS_AND_BLOOMS, ceilCeil } from './bitsAndBlooms';
import { BLOOM_FILTER2 } from './bloomFilter2';
import { BLOOM_FILTERS_JS, BLOOMFILTER_JS, bloomFiltersPartitioned, bloomFiltersScalable } from './bloomFiltersJs';
import { BOOM, boom } from './boom';
import { CASSANDRA, cassandra } from './cassandra';
import { CLICKHOUSE, clickhouseBloomFilter } from './clickhouse';
import { COMMONS, commonsShape } from './commons';
import { EBPF, ebpf } from './ebpf';
import { FASTBLOOM, fastbloomFalsePos, fastbloomNumBits } from './fastbloom';
import { GROWABLE, growable } from './growable';
import { GUAVA, guava, guavaFppRefusal, guavaInsertionsRefusal } from './guava';
import { HBASE, hbaseChunk } from './hbase';
import { HUDI } from './hudi';
import { LEVELDB, leveldb } from './leveldb';
import { ORC, orc } from './orc';
import { PARQUET, parquetSbbf } from './parquet';
import { POSTGRES, brinBloom } from './postgres';
import { PYBLOOM, pybloom } from './pybloom';
import { RBLOOM, rbloom } from './rbloom';
import { REDISBLOOM, redisBloom } from './redisbloom';
import { REDISSON, redisson } from './redisson';
import { ROCKSDB, rocksdb, rocksdbProbes } from './rocksdb';
import { RUST_BLOOMFILTER, rustBloomfilter } from './rustBloomfilter';
import { BLOOM_FILTER_PLUS, BLOOM_FILTER_RS, DDG_BLOOM, DURBROW_SWIFT, ELIXIR_BLOOM_FILTER, GIT_BLOOMFILTER } from './longTailPy2';
import { SPARK, sparkSketch } from './spark';
import { ALGEBIRD } from './algebird';
import { BCOIN, BITCORE } from './bip37Js';
import { GOLEVELDB } from './goleveldb';
import { HOLIMAN } from './holiman';
import { LIBBLOOM } from './libbloom';
import { PARTOW } from './partow';
import { PEBBLE } from './pebble';
import { NREDISSTACK, REDIS_OM_SPRING } from './redisClients';
import { TIKV } from './tikv';
import { DPDK_MEMBER } from './dpdk';
import { VALKEY_BLOOM } from './valkeyBloom';
import { ACCUMULO } from './accumulo';
import { BADGER } from './badger';
import { BLOBLOOM } from './blobloom';
import { BLOOM_FILTER_NET } from './bloomFilterNet';
import { BLOOM_RS } from './bloomRs';
import { BREEZE } from './breeze';
import { BTCD } from './btcd';
import { CARBONDATA } from './carbondata';
import { DRUID } from './druid';
import { LUCENE } from './lucene';
import { OPENSEARCH } from './opensearch';
import { PINOT } from './pinot';
import { FASTBLOOM_RS } from './fastbloomRs';
import { GETH } from './geth';
import { GO_ZERO } from './goZero';
import { HADOOP } from './hadoop';
import { ORESTES } from './orestes';
import { PAIMON } from './paimon';
import { PLEONASM } from './pleonasm';
import { PROBABILISTIC_COLLECTIONS } from './probabilisticCollections';
import { PYBLOOMFILTERMMAP } from './pybloomfiltermmap';
import { PYPROBABLES } from './pyprobables';
import { REDIS_BLOOMFILTER_RB } from './redisBloomfilterRb';
import { RISTRETTO } from './ristretto';
import { RUEIDISPROB } from './rueidisprob';
import { SCRAPY_REDIS_BLOOMFILTER } from './scrapyRedisBloomfilter';
import { STEAKKNIFE } from './steakknife';
import { TEMPO } from './tempo';
import { BLOOMER } from './bloomer';
import { RUBY_BLOOM_FILTER_GEM } from './rubyBloomFilterGem';
import { DART_BLOOM_FILTER } from './dartBloomFilter';
import { DART_NDK } from './dartNdk';
import { REDIS_MODULES_SDK } from './redisModulesSdk';
import { CODABLE_BLOOM_FILTER } from './codableBloomFilter';
import { DORIS_NGRAM } from './dorisNgram';
import { STARROCKS_NGRAM } from './starrocksNgram';
import { FLOR } from './flor';
import { HIVE } from './hive';
import { KRAKEND } from './krakend';
import { PARQUETJS } from './parquetjs';
import { YOURBASIC } from './yourbasic';
import { BLOOMFILTER_LITE_MODULE, BLOOMLIB_MODULE, BLOOMSIEVE, DATASKETCHES_BLOOM, PDSA, PYBLOOF, PYBLUME_MODULE, SIMPLEBLOOM_MODULE } from './pythonLongTail';
import { BLOOMEX_MODULE, EBLOOM_MODULE } from './beamBloom';
import { BLOOMFILTER_PY } from './bloomfilterPy';
import { BLOOMFILTER_RB } from './bloomfilterRb';
import { CSHARP_BLOOM_FILTER_T } from './csharpBloomFilterT';
import { BUCKETS_SWIFT } from './bucketsSwift';
import { ROCKET_LABS } from './rocketLabs';
import { JSBLOOM_MODULE, MINIBLOOM } from './smallJsBlooms';
import { BARRUST_BLOOM, BARRUST_COUNTING_BLOOM } from './barrust';
import { GOSTL_BLOOM } from './gostl';
import { HAZY } from './hazy';
import { BLOOM_REDIS_MODULE, BLOOMF_MODULE, BLOOMFILTER_REDIS_MODULE, BLOOMIT, FISSION_BLOOM_FILTERS, IMCOTTON_BLOOM, KEYSCOPE_CLIENT, KOALA_JS_BLOOM, SERIALIZABLE_BLOOM_FILTER, VOLTAIRE_BLOOM } from './jsLongTail2';
import { TAIR_GO } from './tairGo';
import { BLOOM_FILTER_SCALA } from './bloomFilterScala';
import { DABLOOMS } from './dablooms';
import { STREAM_LIB } from './streamLib';
import { LICIA_BLOOM, PROBABILISTIC_DATA_STRUCTURES, PYREBLOOM_MODULE } from './moreLongTail';
import { BLOOMD } from './bloomd';
import { BLOOMPY, PYBLOOM2 } from './bloompy';
import { MNEMONIST_BLOOM } from './mnemonist';
import { YDB_BLOOM_INDEX } from './ydb';
import { DATABRICKS } from './databricks';
import { BLOEM_MODULE } from './bloem';
import { SOLANA_BLOOM } from './solanaBloom';
import { PACOTE_BLOOM } from './pacoteBloom';
import { MAKINA_BLOOM, XXBLOOM } from './surveyLongTail';
import { LIBP2P_BLOOM } from './libp2pFilters';
import { BLOOMBROOM, DESIGN_ALGORITHMS_KIT, GO_PROBDS_BLOOM, LUA_BLOOM_COUNT, LUA_BLOOM_FILTER, RUBY_BLOOMFILTER_GEM } from './scriptLongTail';
import type { FalsePositiveModel, Layout, LibraryDerivation, LibraryModule, SnippetDesign, SnippetSpec } from './types';
import { fixed, probabilityLiteral } from './util';

export type { AllocationSpec, FalsePositiveModel, Layout, LibraryModule, SnippetDesign, SnippetSpec, SourceCitation } from './types';
export { groupedInteger, probabilityLiteral } from './util';
export { FINGERPRINT_LIBRARIES } from './fingerprintLibraries';

/** Every library module, in the order of the designer's table. */
export const LIBRARIES: readonly LibraryModule[] = [
  GUAVA, SPARK, REDISSON, COMMONS, BITS_AND_BLOOMS, BOOM, BBLOOM, PYBLOOM, RBLOOM, BLOOM_FILTER2, BLOOM_FILTERS_JS, BLOOMFILTER_JS,
  GIT_BLOOMFILTER, RUST_BLOOMFILTER, GROWABLE, FASTBLOOM, REDISBLOOM, BITCOIN, ORC, PARQUET, POSTGRES, ROCKSDB, LEVELDB, CASSANDRA, CLICKHOUSE,
  HBASE, EBPF, HUDI,
  HOLIMAN, GOLEVELDB, PEBBLE, NREDISSTACK, REDIS_OM_SPRING, VALKEY_BLOOM, BITCORE, BCOIN, TIKV, LIBBLOOM, PARTOW, ALGEBIRD,
  DPDK_MEMBER,
  // blind round B (issue 17)
  BLOBLOOM, BADGER, GO_ZERO, BTCD, RUEIDISPROB, RISTRETTO, STEAKKNIFE, HADOOP, BREEZE, ORESTES, PYPROBABLES, PYBLOOMFILTERMMAP,
  SCRAPY_REDIS_BLOOMFILTER, FASTBLOOM_RS, BLOOM_RS, PROBABILISTIC_COLLECTIONS, BLOOM_FILTER_NET, PLEONASM, REDIS_BLOOMFILTER_RB,
  PAIMON, CARBONDATA, ACCUMULO, TEMPO, DRUID, GETH,
  // blind round C
  YOURBASIC, FLOR, BLOOMER, RUBY_BLOOM_FILTER_GEM, DART_BLOOM_FILTER, HIVE, DORIS_NGRAM, KRAKEND, PARQUETJS,
  // JVM / SQL inventory (issue 17)
  PINOT, LUCENE, OPENSEARCH,
  BLOOMFILTER_RB, ROCKET_LABS, BUCKETS_SWIFT, BLOOMEX_MODULE, EBLOOM_MODULE, MINIBLOOM, JSBLOOM_MODULE, BLOOMFILTER_PY,
  // blind rounds D and E
  DART_NDK, REDIS_MODULES_SDK, CODABLE_BLOOM_FILTER, STARROCKS_NGRAM,
  // blind rounds F and G
  CSHARP_BLOOM_FILTER_T,
  // library long tail (issue 17 item 2)
  VOLTAIRE_BLOOM, BLOOMF_MODULE, IMCOTTON_BLOOM, BLOOMFILTER_REDIS_MODULE, KEYSCOPE_CLIENT, BLOOMIT, FISSION_BLOOM_FILTERS, KOALA_JS_BLOOM, SERIALIZABLE_BLOOM_FILTER, BLOOM_REDIS_MODULE,
  HAZY, GOSTL_BLOOM, BARRUST_BLOOM, BARRUST_COUNTING_BLOOM, TAIR_GO, STREAM_LIB, BLOOM_FILTER_SCALA, DABLOOMS, PROBABILISTIC_DATA_STRUCTURES, LICIA_BLOOM, BLOOMD, PYREBLOOM_MODULE,
  BLOOMPY, PYBLOOM2, MNEMONIST_BLOOM, YDB_BLOOM_INDEX, DATABRICKS,
  // Python long tail (libs4-p)
  PYBLUME_MODULE, BLOOMSIEVE, PYBLOOF, SIMPLEBLOOM_MODULE, PDSA, BLOOM_FILTER_PLUS, BLOOM_FILTER_RS, DURBROW_SWIFT, DDG_BLOOM, ELIXIR_BLOOM_FILTER, DATASKETCHES_BLOOM, BLOOMLIB_MODULE, BLOOMFILTER_LITE_MODULE,
  // library long tail: JS/TS, Ruby, Lua, Go, Swift
  BLOEM_MODULE, LUA_BLOOM_FILTER, LUA_BLOOM_COUNT, BLOOMBROOM, RUBY_BLOOMFILTER_GEM, GO_PROBDS_BLOOM, DESIGN_ALGORITHMS_KIT,
  SOLANA_BLOOM, PACOTE_BLOOM, XXBLOOM, MAKINA_BLOOM, LIBP2P_BLOOM,
];

/** Each library's derivation of m and k from the arguments it is given (detection calls these). */
export const derive = {
  guava, guavaFppRefusal, guavaInsertionsRefusal, sparkSketch, redisson, commonsShape, ceilCeil, boom, bbloom, pybloom, rbloom, rustBloomfilter, growable, fastbloomFalsePos, fastbloomNumBits,
  redisBloom, bitcoinBloom, bitcoinRolling, rocksdbProbes, rocksdb, leveldb, cassandra, clickhouseBloomFilter, parquetSbbf, orc,
  hbaseChunk, ebpf, brinBloom, bloomFiltersPartitioned, bloomFiltersScalable,
} as const;

const BY_RECOGNIZER = new Map<string, LibraryModule>(LIBRARIES.flatMap((library) => library.recognizers.map((id) => [id, library] as const)));

export function libraryById(id: string): LibraryModule | undefined {
  return LIBRARIES.find((library) => library.id === id);
}

/** The module that models a finding of this recogniser (undefined: annotations, URLs, unmodelled systems). */
export function libraryForRecognizer(recognizerId: string): LibraryModule | undefined {
  return BY_RECOGNIZER.get(recognizerId);
}

/** "What each library would allocate for the same n and p": one row of the designer's table. */
export interface LibraryAllocation {
  readonly id: string;
  readonly library: string;
  /** How the library is called for this n and p. */
  readonly call: string;
  readonly mBits?: number;
  readonly k?: number;
  readonly bytes?: number;
  /** Exact FP at n for the library's m and k (undefined when it cannot be computed). */
  readonly falsePositiveRate?: number;
  /** Layout, caps and caveats (blocked filters: the classic rate understates the FP). */
  readonly notes: readonly string[];
}

/** What each library in the registry allocates for n elements at target p, and the FP that results. */
export function libraryAllocations(n: number, p: number): LibraryAllocation[] {
  return LIBRARIES.flatMap((library) => (library.allocations ?? []).map((spec) => {
    const notes: string[] = [];
    const layout = spec.layout ?? library.layout;
    const hashing = layout.kind === 'classic' ? layout.hashing : 'colliding';
    let derived: LibraryDerivation;
    try {
      derived = spec.derive(n, p);
    } catch (error) {
      return { id: spec.id, library: spec.label, call: spec.call(n, p), notes: [`cannot derive: ${error instanceof Error ? error.message : String(error)}`] };
    }
    if (derived.rejects) return { id: spec.id, library: spec.label, call: spec.call(n, p), notes: [`the library refuses: ${derived.rejects.join('; ')}`] };
    notes.push(...(derived.notes ?? []));
    let mBits = derived.m;
    if (mBits === undefined && derived.bitsPerElement !== undefined) {
      mBits = Math.ceil(n * derived.bitsPerElement);
      notes.push(`${fixed(derived.bitsPerElement, 3)} bits per element`);
    }
    const k = derived.k;
    const model = spec.model ?? library.model;
    let falsePositiveRate: number | undefined;
    if (mBits !== undefined && k !== undefined && Number.isSafeInteger(mBits) && mBits >= 1 && Number.isInteger(k) && k >= 1 && k <= MAX_HASHES
      && (hashing === 'colliding' || k <= mBits)) {
      falsePositiveRate = model.atCapacity?.(mBits, n, k, undefined, derived) ?? exactFalsePositiveRate(mBits, n, k, hashing);
      if (model.id !== 'classic-exact') notes.push(`FP by the ${model.name} model`);
    } else if (derived.bitsPerElement !== undefined && model.perElement) {
      falsePositiveRate = model.perElement(derived.bitsPerElement, k);
      if (falsePositiveRate !== undefined) notes.push(`FP per element by the ${model.name} model`);
    } else if (k === undefined) {
      notes.push('k not known: FP not modelled');
    }
    if (hashing !== 'colliding') notes.push(`${hashing} hashing`);
    return {
      id: spec.id, library: spec.label, call: spec.call(n, p),
      ...(mBits !== undefined ? { mBits, bytes: Math.ceil(mBits / 8) } : {}),
      ...(k !== undefined ? { k } : {}),
      ...(falsePositiveRate !== undefined ? { falsePositiveRate } : {}),
      notes,
    };
  }));
}

/** The bloom-lens annotation: works in any language. */
const ANNOTATION_SNIPPET: SnippetSpec = {
  id: 'annotation', label: 'bloom-lens annotation (any language)',
  render: (d) => `// bloom-lens: n=${d.n} p=${probabilityLiteral(d.p)} m=${d.mBits} k=${d.k}`,
};

/** "Copy as a snippet for a chosen library": the annotation first, then each library's own syntax. */
export const SNIPPET_LIBRARIES: readonly SnippetSpec[] = [ANNOTATION_SNIPPET, ...LIBRARIES.flatMap((library) => library.snippets ?? [])];

/** The snippet for a snippet id (the annotation for an unknown id). */
export function snippetFor(snippetId: string, design: SnippetDesign): string {
  const snippet = SNIPPET_LIBRARIES.find((s) => s.id === snippetId) ?? ANNOTATION_SNIPPET;
  return snippet.render(design);
}

/** The layout and FP model a finding of this recogniser runs with (a module's variant first); undefined when unmodelled. */
export function modelForRecognizer(recognizerId: string): { readonly library: LibraryModule; readonly layout: Layout; readonly model: FalsePositiveModel } | undefined {
  const library = libraryForRecognizer(recognizerId);
  if (!library) return undefined;
  const variant = library.variants?.[recognizerId];
  return { library, layout: variant?.layout ?? library.layout, model: variant?.model ?? library.model };
}

/** The filter bits a bits-per-key library allocates for `keys` keys (its own rounding), else ceil(keys · bits per key). */
export function filterBitsForKeys(recognizerId: string, keys: number, bitsPerElement: number): number {
  const library = libraryForRecognizer(recognizerId);
  const sizing = library?.variants?.[recognizerId]?.filterBitsForKeys ?? library?.filterBitsForKeys;
  return sizing ? sizing(keys, bitsPerElement) : Math.max(1, Math.ceil(keys * bitsPerElement));
}
