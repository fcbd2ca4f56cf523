/**
 * The shape of one library module (src/libraries/<system>.ts): everything Bloom Lens knows about one
 * library in one place. How it sizes m and k from the user's arguments, its layout, the FP model of that
 * layout, its snippets, its display name and the source the derivation follows. Pure data and functions.
 */
import type { FilterParams, HashingModel, LibraryDerivation, ParamName } from '../detect/types';

export type { LibraryDerivation } from '../detect/types';

/** How the library lays its bits out, which decides the FP model. */
export type Layout =
  /** k positions over all m bits (the papers' model), with the library's hashing. */
  | { readonly kind: 'classic'; readonly hashing: HashingModel }
  /** Putze et al.: a key picks one block of blockBits bits and sets k bits inside it. */
  | { readonly kind: 'blocked'; readonly blockBits: number }
  /** Parquet SBBF: 256-bit blocks of eight 32-bit words, one bit per word (k = 8). */
  | { readonly kind: 'split-block' }
  /** RocksDB Ribbon filter (solves a linear system; no k). */
  | { readonly kind: 'ribbon' }
  /** Textbook layout driven by one 32-bit hash (LevelDB, RocksDB's legacy format). */
  | { readonly kind: 'hash32'; readonly variant: 'leveldb' | 'rocksdb-legacy' };

/** Where the derivation and the model were read: repository, file, function. */
export interface SourceCitation {
  readonly repository: string;
  readonly file: string;
  readonly function: string;
}

/** The FP rate a filter of this library delivers. */
export interface FalsePositiveModel {
  /** Stable id, e.g. "classic-exact", "blocked-512", "split-block", "ribbon", "leveldb-hash32". */
  readonly id: string;
  /** The model in words, e.g. "RocksDB blocked filter (512-bit blocks)". */
  readonly name: string;
  /** Why the layout's FP differs from the textbook rate, in a few words (BL006). */
  readonly reason?: string;
  /** FP after n insertions into mBits bits with k probes (k may be ignored by layouts that fix it). */
  readonly atCapacity?: (mBits: number, n: number, k: number, configuredBitsPerElement?: number, derived?: LibraryDerivation) => number | undefined;
  /** FP per element when n is unknown (large-n limit) at bitsPerElement bits and k probes. */
  readonly perElement?: (bitsPerElement: number, k: number | undefined) => number | undefined;
}

/** One row of the designer's "what each library allocates" table. */
export interface AllocationSpec {
  /** Stable row id (e.g. "redis-nonscaling"). */
  readonly id: string;
  readonly label: string;
  /** How the library is called for this n and p. */
  readonly call: (n: number, p: number) => string;
  readonly derive: (n: number, p: number) => LibraryDerivation;
  /** The row's layout and model when they differ from the module's. */
  readonly layout?: Layout;
  readonly model?: FalsePositiveModel;
}

/** What a snippet is written from: the design's n, p, m and k. */
export interface SnippetDesign {
  readonly n: number;
  readonly p: number;
  readonly mBits: number;
  readonly k: number;
}

/** "Copy as a snippet" for one library (designer and the size wizard). */
export interface SnippetSpec {
  /** Stable id (e.g. "redis-py"). */
  readonly id: string;
  readonly label: string;
  readonly render: (design: SnippetDesign) => string;
}

/** What one parameter of a sizing entry point means in the library's own terms. */
export type ParamRole =
  | 'n' | 'p' | 'm' | 'k' | 'bitsPerElement'
  /** The filter's size cap in bytes (Parquet max bytes). */
  | 'maxBytes'
  /** Turns the filter on or off (a column's `enabled`, `use-bloom-filter`). */
  | 'enabled'
  /** Says which kind of structure the settings build (DPDK `RTE_MEMBER_TYPE_VBF`, cilium `ebpf.BloomFilter`). */
  | 'kind'
  /** ORC's list of columns: a filter per listed column. */
  | 'columns'
  /** How many filters a vector of filters holds (DPDK vBF num_set). */
  | 'sets'
  /** A cuckoo filter's slots per bucket (b; RedisBloom BUCKETSIZE). */
  | 'bucketSlots'
  /** A fingerprint filter's fingerprint width in bits. */
  | 'fingerprintBits'
  /** How many evictions an insert tries before it fails (RedisBloom MAXITERATIONS). */
  | 'maxKicks'
  /** The growth factor of a filter that adds sub-filters (RedisBloom EXPANSION). */
  | 'expansion'
  /** The tightening ratio of a scalable filter: sub-filter i gets p · ratio^i (Bloomex error_ratio). */
  | 'ratio';

/**
 * The unit the library reads the value in: sizes in bits, bytes or mebibytes (geth's `--bloomfilter.size`), a power of
 * two of bits (scrapy-redis-bloomfilter's `BLOOMFILTER_BIT = 30` is 2^30 bits), bits per key, counts, probabilities, and
 * a probability stated as its inverse (yourbasic/bloom's `200` is one false positive in 200).
 */
export type ParamUnit = 'count' | 'probability' | 'one-in' | 'bits' | 'bytes' | 'mebibytes' | 'bits-log2' | 'bits-per-key' | 'hashes' | 'flag' | 'name'
  /** The keys themselves (an XOR or binary fuse filter is built from them): n is how many there are. */
  | 'keys';

/** One argument of a call entry point. */
export interface DeclaredParam {
  readonly role: ParamRole;
  readonly unit: ParamUnit;
  /** 0-based position among the positional arguments (absent: only by name). */
  readonly position?: number;
  /** Keyword-argument or struct-field names (`bloom_filter_bits=`, `numHashes =`, `Capacity:`). */
  readonly names?: readonly string[];
  /** A stated 0 the library replaces by its default (the kernel's `map_extra = 0` is 5 hash functions). */
  readonly zeroMeans?: { readonly value: number; readonly text: string };
  /** The library's own refusal of a value, in its words (Guava's checkArgument messages), instead of the role's generic check. */
  readonly check?: (value: number) => string | undefined;
}

/** A default the library applies to a parameter the code leaves out. */
export type DeclaredDefaults = Partial<Record<ParamName, { readonly value: number; readonly text: string }>>;

/** A call that sizes one filter by itself: a constructor, factory, setter or builder method. */
export interface CallEntryPoint {
  readonly kind: 'call';
  /** Finding.recognizer of what it finds. */
  readonly recognizer: string;
  readonly title: string;
  /** The callee as written: `boom.NewPartitionedBloomFilter`, `BloomFilterMonoid`, `.set_bloom_filter` (a method on any receiver). */
  readonly callee: string;
  readonly params: readonly DeclaredParam[];
  /**
   * Non-sizing parameters stated as type (template) arguments, by position among them (C++ `CuckooFilter<size_t, 12>`:
   * the bits per item second); `derive` gets each under its role, as a value in `stated` and as text in `named`.
   */
  readonly typeArguments?: readonly DeclaredParam[];
  /** The entry may be written as a C++ declaration with direct initialisation: `CuckooFilter<size_t, 12> filter(n);`. */
  readonly declaration?: boolean;
  /** The number of arguments the entry point takes (an overload with another count is another entry point). */
  readonly arity?: readonly [min: number, max: number];
  /**
   * A Java-style overload chosen by an argument's static type: `wholeNumber: true` applies when the argument at
   * `position` evaluates to a whole number (an int or long: Orestes `FilterBuilder(size, hashes)`), `false` when it
   * does not or cannot be evaluated (a double: `FilterBuilder(expectedElements, falsePositiveProbability)`).
   */
  readonly overload?: { readonly position: number; readonly wholeNumber: boolean };
  readonly languages?: readonly string[];
  /** The file must mention the library (an import or a package name). */
  readonly requires?: RegExp;
  /**
   * The document must mention this library besides `requires`: the file, or for a Markdown code block the whole
   * document, whose title names the package when two packages share an import (python-cuckoo's `import cuckoofilter`).
   */
  readonly requiresDocument?: RegExp;
  /**
   * Sizing parameters the call must state readably (a constant or an expression of constants) to be reported: a helper
   * that only computes parameters (bloombroom's `find_m_k`) allocates nothing, so with unreadable arguments it says nothing.
   */
  readonly onlyWhenRead?: readonly ParamName[];
  /** Keyword arguments the library does not take: a call that names one is another library's (pybloom's `capacity=`). */
  readonly excludesNames?: readonly string[];
  readonly defaults?: DeclaredDefaults;
  /** The library's hashing layout when it is not the textbook one (partitioned slices). */
  readonly hashing?: { readonly model: HashingModel; readonly why: string };
  /** What the reader should know about this entry point (scalable growth, ignored arguments). */
  readonly notes?: readonly string[];
  /**
   * The library's own m and k (or fingerprint structure) for the stated parameters; `named` holds the text of each named
   * argument or struct field (and of each declared non-sizing positional argument, under its role), `stated` the value
   * of each declared non-sizing parameter the code states as a constant.
   */
  readonly derive?: (params: FilterParams, named: ReadonlyMap<string, string>, stated: ReadonlyMap<ParamRole, number>) => LibraryDerivation;
  /** Where the library defines it. */
  readonly source: SourceCitation;
  /** A procedural recogniser matches it instead of the generic engine: its file, and why logic is needed. */
  readonly matchedBy?: string;
}

/**
 * One setting among those that together size a filter: a config key (`<column>` marks a per-column template), a
 * builder or setter method (`columnArgument`: the column is its first argument), a command-line flag, a struct field,
 * or a constant of the library that holds a key (`Owner.NAME`, used with `+ "column"` for per-column keys).
 */
export interface DeclaredSetting {
  readonly role: ParamRole;
  readonly unit: ParamUnit;
  readonly form: 'key' | 'method' | 'flag' | 'field' | 'constant';
  readonly name: string;
  readonly columnArgument?: boolean;
  /** For the `kind` role: the value that makes it this library's filter. */
  readonly value?: RegExp;
  /** A stated 0 the library replaces by its default. */
  readonly zeroMeans?: DeclaredParam['zeroMeans'];
  readonly source: SourceCitation;
}

/** What a group of settings states besides the filter's parameters: which roles, and the values of maxBytes, sets, a cuckoo table's shape and a scalable filter's growth. */
export interface StatedSettings {
  readonly roles: ReadonlySet<ParamRole>;
  readonly values: Partial<Record<'maxBytes' | 'sets' | 'bucketSlots' | 'fingerprintBits' | 'ratio' | 'expansion', number>>;
}

/** Settings that together size one filter (one per column where the library has per-column settings). */
export interface SettingsEntryPoint {
  readonly kind: 'settings';
  readonly recognizer: string;
  readonly title: string;
  readonly settings: readonly DeclaredSetting[];
  /** A group makes a finding only when it holds one of these roles (other settings alone configure nothing). */
  readonly triggers: readonly ParamRole[];
  readonly languages?: readonly string[];
  readonly requires?: RegExp;
  readonly defaults?: DeclaredDefaults;
  readonly notes?: readonly string[];
  /** The library's own m and k; `maxBytes` is the cap in bytes when the group states one. */
  readonly derive?: (params: FilterParams, stated: StatedSettings) => LibraryDerivation;
  /** A procedural recogniser matches it instead of the generic engine: its file, and why logic is needed. */
  readonly matchedBy?: string;
}

export type EntryPoint = CallEntryPoint | SettingsEntryPoint;

export interface LibraryModule {
  /** Stable id, e.g. "guava", "redisbloom", "rocksdb". */
  readonly id: string;
  /** Name for people, e.g. "RedisBloom". */
  readonly displayName: string;
  /** Recogniser ids (Finding.recognizer) whose findings this module models. */
  readonly recognizers: readonly string[];
  readonly layout: Layout;
  readonly model: FalsePositiveModel;
  /** Where each derivation and model was verified. */
  readonly sources: readonly SourceCitation[];
  /** Designer table rows (none for libraries without an n-and-p call). */
  readonly allocations?: readonly AllocationSpec[];
  readonly snippets?: readonly SnippetSpec[];
  /**
   * For libraries sized by bits per key: the filter bits the library allocates for `keys` keys (its own rounding:
   * cache lines, slots, bytes). Absent: m = ceil(keys · bits per key).
   */
  readonly filterBitsForKeys?: (keys: number, bitsPerElement: number) => number;
  /**
   * The library's sizing entry points as data, with each parameter's role and unit and the source that defines
   * them; detection matches them through one generic path (src/detect/recognizers/declared.ts).
   */
  readonly entryPoints?: readonly EntryPoint[];
  /** A per-recogniser variant (e.g. RocksDB's Ribbon policy): the layout and model for that recogniser. */
  readonly variants?: Readonly<Record<string, { readonly layout: Layout; readonly model: FalsePositiveModel; readonly filterBitsForKeys?: (keys: number, bitsPerElement: number) => number }>>;
}

/**
 * A library of another filter (cuckoo, XOR, binary fuse: beyond-bloom.md): no m, k or Bloom layout. Its entry points'
 * `derive` returns the fingerprint structure the library allocates (LibraryDerivation.structure), which the analysis
 * reports (src/analysis/fingerprintReport.ts).
 */
export interface FingerprintLibraryModule {
  readonly id: string;
  readonly displayName: string;
  /** Recogniser ids (Finding.recognizer) whose findings this module models. */
  readonly recognizers: readonly string[];
  readonly entryPoints?: readonly EntryPoint[];
  /** Where the layout, the fingerprint width and the behaviour when full were read. */
  readonly sources: readonly SourceCitation[];
}
