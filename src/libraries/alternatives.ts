/**
 * "Same job, other filters" (issue 19): which libraries implement each structure of compareStructures, per
 * ecosystem, with the fingerprint widths they really offer, each read in the library's source (SourceCitation);
 * which structures fit what a filter must do (the designer's three questions, the hover's row); and which detected
 * libraries build a static filter per file. Pure data and small functions.
 */
import type { StructureId } from '../core/compareStructures';
import type { SourceCitation } from './types';

export type Ecosystem = 'c-cpp' | 'go' | 'java' | 'javascript' | 'python' | 'rust' | 'redis';

export const ECOSYSTEMS: readonly { readonly id: Ecosystem; readonly label: string }[] = [
  { id: 'c-cpp', label: 'C / C++' }, { id: 'go', label: 'Go' }, { id: 'java', label: 'Java / JVM' }, { id: 'javascript', label: 'JavaScript / TypeScript' },
  { id: 'python', label: 'Python' }, { id: 'rust', label: 'Rust' }, { id: 'redis', label: 'Redis (server module)' },
];

/** One library that implements a structure of the comparison. */
export interface AlternativeLibrary {
  readonly structure: StructureId;
  readonly ecosystem: Ecosystem;
  /** The library and the call or type a user picks, e.g. "xorf BinaryFuse8 / BinaryFuse16 / BinaryFuse32". */
  readonly name: string;
  /** Fingerprint (or result) widths in bits the library offers; empty where the structure has none (Ribbon's are set by bits/key). */
  readonly fingerprintBits: readonly number[];
  /** What a user should know (a fixed width, a default, a defect). */
  readonly note?: string;
  readonly source: SourceCitation;
}

const XOR_SINGLEHEADER: SourceCitation = { repository: 'FastFilter/xor_singleheader', file: 'include/xorfilter.h', function: 'xor8_allocate, xor16_allocate' };
const FUSE_SINGLEHEADER: SourceCitation = { repository: 'FastFilter/xor_singleheader', file: 'include/binaryfusefilter.h', function: 'binary_fuse8_allocate, binary_fuse16_allocate' };

/** Every library entry; an id of compareStructures may have none (the bounds, the textbook Bloom rows of src/libraries). */
export const ALTERNATIVE_LIBRARIES: readonly AlternativeLibrary[] = [
  // Ribbon
  { structure: 'ribbon', ecosystem: 'c-cpp', name: 'RocksDB NewRibbonFilterPolicy(bloom_equivalent_bits_per_key)', fingerprintBits: [],
    note: 'the same FP as NewBloomFilterPolicy at those bits/key, about 30% smaller', source: { repository: 'facebook/rocksdb', file: 'include/rocksdb/filter_policy.h', function: 'NewRibbonFilterPolicy' } },
  { structure: 'ribbon', ecosystem: 'rust', name: 'rust-rocksdb BlockBasedOptions::set_ribbon_filter', fingerprintBits: [],
    source: { repository: 'rust-rocksdb/rust-rocksdb', file: 'src/db_options.rs', function: 'BlockBasedOptions::set_ribbon_filter' } },
  { structure: 'ribbon', ecosystem: 'python', name: 'RocksDict BlockBasedOptions.set_ribbon_filter', fingerprintBits: [],
    source: { repository: 'rocksdict/RocksDict', file: 'src/options.rs', function: 'BlockBasedOptionsPy::set_ribbon_filter' } },
  // XOR
  { structure: 'xor', ecosystem: 'c-cpp', name: 'xor_singleheader xor8 / xor16', fingerprintBits: [8, 16], source: XOR_SINGLEHEADER },
  { structure: 'xor', ecosystem: 'go', name: 'FastFilter/xorfilter Populate (Xor8)', fingerprintBits: [8],
    source: { repository: 'FastFilter/xorfilter', file: 'xorfilter.go', function: 'Populate' } },
  { structure: 'xor', ecosystem: 'java', name: 'fastfilter_java Xor8 / Xor16', fingerprintBits: [8, 16],
    source: { repository: 'FastFilter/fastfilter_java', file: 'fastfilter/src/main/java/org/fastfilter/xor/Xor8.java', function: 'Xor8, Xor16' } },
  { structure: 'xor', ecosystem: 'rust', name: 'xorf Xor8 / Xor16 / Xor32', fingerprintBits: [8, 16, 32],
    source: { repository: 'ayazhafiz/xorf', file: 'src/xor8.rs', function: 'Xor8, Xor16 (src/xor16.rs), Xor32 (src/xor32.rs)' } },
  { structure: 'xor', ecosystem: 'python', name: 'pyfusefilter Xor8 / Xor16', fingerprintBits: [8, 16],
    source: { repository: 'FastFilter/pyfusefilter', file: 'README.md', function: 'Xor8, Xor16 (bindings of xor_singleheader)' } },
  { structure: 'xor', ecosystem: 'javascript', name: 'bloom-filters XorFilter.create(keys, 8 | 16)', fingerprintBits: [8, 16],
    note: 'slow in JS (13-22 s for 1e5 keys) and FP measured 6-15% above 2^-f (beyond-bloom.md)', source: { repository: 'Callidon/bloom-filters', file: 'src/bloom/xor-filter.ts', function: 'XorFilter.create' } },
  // Binary fuse, 3-wise
  { structure: 'binary-fuse-3', ecosystem: 'c-cpp', name: 'xor_singleheader binary_fuse8 / binary_fuse16', fingerprintBits: [8, 16], source: FUSE_SINGLEHEADER },
  { structure: 'binary-fuse-3', ecosystem: 'go', name: 'FastFilter/xorfilter PopulateBinaryFuse8, NewBinaryFuse[uint8 | uint16 | uint32]', fingerprintBits: [8, 16, 32],
    source: { repository: 'FastFilter/xorfilter', file: 'binaryfusefilter.go', function: 'NewBinaryFuse, PopulateBinaryFuse8 (binaryfusefilter8.go)' } },
  { structure: 'binary-fuse-3', ecosystem: 'go', name: 'Pebble binaryfuse.FilterPolicy(bitsPerFingerprint)', fingerprintBits: [4, 8, 10, 12, 16],
    note: 'a table filter policy, rebuilt per SST like Pebble\'s Bloom policy', source: { repository: 'cockroachdb/pebble', file: 'sstable/tablefilters/binaryfuse/binary_fuse.go', function: 'FilterPolicy, SupportedBitsPerFingerprint' } },
  { structure: 'binary-fuse-3', ecosystem: 'java', name: 'fastfilter_java XorBinaryFuse8 / 16 / 32', fingerprintBits: [8, 16, 32],
    source: { repository: 'FastFilter/fastfilter_java', file: 'fastfilter/src/main/java/org/fastfilter/xor/XorBinaryFuse8.java', function: 'XorBinaryFuse8, XorBinaryFuse16, XorBinaryFuse32' } },
  { structure: 'binary-fuse-3', ecosystem: 'rust', name: 'xorf BinaryFuse8 / BinaryFuse16 / BinaryFuse32', fingerprintBits: [8, 16, 32],
    source: { repository: 'ayazhafiz/xorf', file: 'src/bfuse8.rs', function: 'BinaryFuse8, BinaryFuse16 (src/bfuse16.rs), BinaryFuse32 (src/bfuse32.rs)' } },
  { structure: 'binary-fuse-3', ecosystem: 'python', name: 'pyfusefilter Fuse8 / Fuse16', fingerprintBits: [8, 16],
    source: { repository: 'FastFilter/pyfusefilter', file: 'README.md', function: 'Fuse8, Fuse16' } },
  { structure: 'binary-fuse-3', ecosystem: 'javascript', name: 'binary-fuse-filter populateBinaryFuse8', fingerprintBits: [8],
    note: 'keys are 64-bit integers: hash strings first', source: { repository: 'npm:binary-fuse-filter', file: 'binary-fuse-filter 1.0.0 (a port of FastFilter/xorfilter)', function: 'populateBinaryFuse8' } },
  // Binary fuse, 4-wise
  { structure: 'binary-fuse-4', ecosystem: 'c-cpp', name: 'fastfilter_cpp XorBinaryFuseFilter<uint64_t, uint8_t | uint16_t> (4-wise)', fingerprintBits: [8, 16],
    source: { repository: 'FastFilter/fastfilter_cpp', file: 'src/xorfilter/4wise_xor_binary_fuse_filter_lowmem.h', function: 'XorBinaryFuseFilter (arity = 4)' } },
  // Cuckoo
  { structure: 'cuckoo', ecosystem: 'c-cpp', name: 'efficient/cuckoofilter CuckooFilter<ItemType, bits_per_item>', fingerprintBits: [],
    note: 'any width; PackedTable gives semi-sorting; power-of-two table', source: { repository: 'efficient/cuckoofilter', file: 'src/cuckoofilter.h', function: 'CuckooFilter' } },
  { structure: 'cuckoo', ecosystem: 'go', name: 'linvon/cuckoo-filter NewFilter(b, bitsPerItem, n, tableType)', fingerprintBits: [],
    note: 'any width; power-of-two table', source: { repository: 'linvon/cuckoo-filter', file: 'cuckoofilter.go', function: 'NewFilter' } },
  { structure: 'cuckoo', ecosystem: 'go', name: 'seiflotfy/cuckoofilter NewFilter(capacity)', fingerprintBits: [8],
    note: '8-bit fingerprints only (FP about 3%); a failed insert can lose a stored key', source: { repository: 'seiflotfy/cuckoofilter', file: 'cuckoofilter.go', function: 'NewFilter' } },
  { structure: 'cuckoo', ecosystem: 'java', name: 'fastfilter_java Cuckoo8 / Cuckoo16', fingerprintBits: [8, 16],
    source: { repository: 'FastFilter/fastfilter_java', file: 'fastfilter/src/main/java/org/fastfilter/cuckoo/Cuckoo8.java', function: 'Cuckoo8, Cuckoo16' } },
  { structure: 'cuckoo', ecosystem: 'rust', name: 'probabilistic-collections CuckooFilter::from_fingerprint_bit_count', fingerprintBits: [],
    note: 'any width from 1 to 64 bits (8 by default)', source: { repository: 'jeffrey-xiao/probabilistic-collections-rs', file: 'src/cuckoo/cuckoo_filter.rs', function: 'CuckooFilter::from_fingerprint_bit_count' } },
  { structure: 'cuckoo', ecosystem: 'python', name: 'pyprobables CuckooFilter.init_error_rate', fingerprintBits: [8, 16, 24, 32],
    note: 'finger_size in bytes (1-4); capacity counts buckets', source: { repository: 'barrust/pyprobables', file: 'probables/cuckoo/cuckoo.py', function: 'CuckooFilter, CuckooFilter.init_error_rate' } },
  { structure: 'cuckoo', ecosystem: 'redis', name: 'RedisBloom CF.RESERVE', fingerprintBits: [8],
    note: '8-bit fingerprints (CuckooFingerprint is uint8_t), buckets of 2 by default', source: { repository: 'RedisBloom/RedisBloom', file: 'src/cuckoo.h', function: 'CuckooFingerprint, CUCKOO_BKTSIZE' } },
  // Quotient
  { structure: 'quotient', ecosystem: 'c-cpp', name: 'splatlab/cqf qf_init', fingerprintBits: [],
    note: 'any remainder width; power-of-two slots; resizes by doubling', source: { repository: 'splatlab/cqf', file: 'include/gqf.h', function: 'qf_init, qf_resize_malloc' } },
  { structure: 'quotient', ecosystem: 'python', name: 'pyprobables QuotientFilter(quotient, ...)', fingerprintBits: [],
    note: '2^quotient slots; auto-expands', source: { repository: 'barrust/pyprobables', file: 'probables/quotientfilter/quotientfilter.py', function: 'QuotientFilter' } },
  // Counting Bloom
  { structure: 'counting-bloom', ecosystem: 'go', name: 'BoomFilters NewCountingBloomFilter(n, b, fpRate)', fingerprintBits: [],
    note: 'b bits per counter', source: { repository: 'tylertreat/BoomFilters', file: 'counting.go', function: 'NewCountingBloomFilter' } },
  { structure: 'counting-bloom', ecosystem: 'java', name: 'fastfilter_java CountingBloom', fingerprintBits: [],
    source: { repository: 'FastFilter/fastfilter_java', file: 'fastfilter/src/main/java/org/fastfilter/bloom/count/CountingBloom.java', function: 'CountingBloom' } },
  { structure: 'counting-bloom', ecosystem: 'python', name: 'pyprobables CountingBloomFilter', fingerprintBits: [],
    source: { repository: 'barrust/pyprobables', file: 'probables/blooms/countingbloom.py', function: 'CountingBloomFilter' } },
  { structure: 'counting-bloom', ecosystem: 'javascript', name: 'bloom-filters CountingBloomFilter.create(n, p)', fingerprintBits: [],
    note: 'counters are JS numbers (about 552 bytes/key on the heap)', source: { repository: 'Callidon/bloom-filters', file: 'src/bloom/counting-bloom-filter.ts', function: 'CountingBloomFilter.create' } },
  // Blocked and split-block Bloom (the layouts the project models in src/libraries)
  { structure: 'blocked-512', ecosystem: 'c-cpp', name: 'RocksDB NewBloomFilterPolicy (FastLocalBloom)', fingerprintBits: [],
    source: { repository: 'facebook/rocksdb', file: 'util/bloom_impl.h', function: 'FastLocalBloomImpl' } },
  { structure: 'blocked-512', ecosystem: 'java', name: 'fastfilter_java BlockedBloom', fingerprintBits: [],
    note: '64-bit blocks', source: { repository: 'FastFilter/fastfilter_java', file: 'fastfilter/src/main/java/org/fastfilter/bloom/BlockedBloom.java', function: 'BlockedBloom' } },
  { structure: 'split-block', ecosystem: 'java', name: 'parquet-java BlockSplitBloomFilter', fingerprintBits: [],
    source: { repository: 'apache/parquet-java', file: 'parquet-column/src/main/java/org/apache/parquet/column/values/bloomfilter/BlockSplitBloomFilter.java', function: 'BlockSplitBloomFilter' } },
  { structure: 'split-block', ecosystem: 'rust', name: 'parquet (arrow-rs) Sbbf', fingerprintBits: [],
    source: { repository: 'apache/arrow-rs', file: 'parquet/src/bloom_filter/mod.rs', function: 'Sbbf' } },
];

/** The libraries of one structure, those of `ecosystem` only when one is given. */
export function librariesFor(structure: StructureId, ecosystem?: Ecosystem): AlternativeLibrary[] {
  return ALTERNATIVE_LIBRARIES.filter((l) => l.structure === structure && (ecosystem === undefined || l.ecosystem === ecosystem));
}

const EXTENSION_ECOSYSTEMS: Readonly<Record<string, Ecosystem>> = {
  c: 'c-cpp', h: 'c-cpp', cc: 'c-cpp', cpp: 'c-cpp', cxx: 'c-cpp', hpp: 'c-cpp', go: 'go', java: 'java', kt: 'java', kts: 'java', scala: 'java',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', ts: 'javascript', tsx: 'javascript', jsx: 'javascript', py: 'python', rs: 'rust',
};

/** The ecosystem of a configuration: Redis for a Redis module's recogniser, else the file's language (undefined: unknown). */
export function ecosystemOf(fileName: string, recognizer = ''): Ecosystem | undefined {
  if (/^(redis|valkey)/i.test(recognizer)) return 'redis';
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.split(/[?#]/)[0])?.[1]?.toLowerCase();
  return extension !== undefined ? EXTENSION_ECOSYSTEMS[extension] : undefined;
}

/** What the filter must do (the designer's three questions). */
export interface FilterNeeds {
  /** Keys are added after the filter is built. */
  readonly insertsAfterBuild: boolean;
  /** Keys are removed. */
  readonly deletes: boolean;
  /** n is not known in advance, or grows. */
  readonly growing: boolean;
}

export const STATIC_NEEDS: FilterNeeds = { insertsAfterBuild: false, deletes: false, growing: false };

/** Whether a structure can do what the filter must: a growing n needs inserts too (static structures are rebuilt with all keys). */
export function structureFits(row: { readonly inserts: boolean; readonly deletes: boolean }, needs: FilterNeeds): boolean {
  return (row.inserts || !(needs.insertsAfterBuild || needs.growing)) && (row.deletes || !needs.deletes);
}

/** What each structure does when n outgrows the design (beyond-bloom.md section 4.3). */
export const WHEN_N_GROWS: Readonly<Record<StructureId, string>> = {
  bound: 'a static set: rebuilt with all keys', 'bound-deletes': 'a lower bound only; with n unknown it adds Omega(log log n) bits/key (Pagh, Segev & Wieder 2013)',
  bloom: 'FP rises past n', 'blocked-512': 'FP rises past n', 'split-block': 'FP rises past n', 'counting-bloom': 'FP rises past n',
  ribbon: 'rebuilt with all keys', xor: 'rebuilt with all keys', 'binary-fuse-3': 'rebuilt with all keys', 'binary-fuse-4': 'rebuilt with all keys',
  cuckoo: 'inserts fail once the table is full', quotient: 'doubles (the CQF resizes)',
};

/**
 * Libraries that build a static filter per file (an SST, a Parquet row group, an ORC stripe, a Cassandra SSTable, a
 * ClickHouse part): the keys are all known when it is built, so static structures fit. `preferred`: the structure
 * the same library offers, named as the hover says it.
 */
export const STATIC_PER_FILE: Readonly<Record<string, { readonly preferred?: { readonly structure: StructureId; readonly name: string } }>> = {
  rocksdb: { preferred: { structure: 'ribbon', name: 'RocksDB Ribbon' } },
  tikv: { preferred: { structure: 'ribbon', name: 'RocksDB Ribbon' } },
  leveldb: {}, goleveldb: {}, pebble: {}, parquet: {}, orc: {}, cassandra: {}, hbase: {}, hudi: {}, clickhouse: {},
};
