/** What detection finds: one Bloom filter configuration in a text, as the code states it. */

/** 0-based, like LSP. */
export interface TextPosition {
  readonly line: number;
  readonly character: number;
}

export interface TextRange {
  readonly start: TextPosition;
  readonly end: TextPosition;
}

export type HashingModel = 'colliding' | 'noncolliding' | 'partitioned';

/** How a recycling filter is emptied (Dozier et al.): after N messages, or when more than sigma bits are set. */
export type Recycling =
  | { readonly kind: 'n-bounded'; readonly messagesPerCycle?: number }
  | { readonly kind: 'sigma-bounded'; readonly sigmaBits?: number; readonly sigmaFraction?: number; readonly retain?: boolean };

/** Parameters as the code states them; units normalised to bits. Absent means not stated or not evaluable. */
export interface FilterParams {
  /** Expected insertions / capacity. */
  readonly n?: number;
  /** Target false-positive probability. */
  readonly p?: number;
  /** Size in bits. */
  readonly m?: number;
  /** Number of hash functions. */
  readonly k?: number;
  readonly bitsPerElement?: number;
  readonly sigma?: number;
  readonly phases?: 1 | 2;
  readonly hashing?: HashingModel;
  /** A-priori probability that a queried element is a member (Bloom paradox). */
  readonly prior?: number;
  /** Cost of a false negative over the cost of a false positive (Bloom paradox). */
  readonly alpha?: number;
}

export type ParamName = keyof FilterParams;

/** Where a parameter's value came from. */
export interface ParamSource {
  readonly kind: 'argument' | 'default' | 'annotation' | 'derived' | 'config' | 'constant';
  /** The source text it was evaluated from, e.g. `1 << 20` or `EXPECTED_ITEMS`. */
  readonly text?: string;
  /** Where that text stands in the document (lets a quick fix rewrite the number in place). */
  readonly range?: TextRange;
  /** Bits per unit of the source text when it is not bits (8: the code states bytes). */
  readonly scale?: number;
  /** Where the constant the value was computed from is defined (this file or another of the workspace). */
  readonly origin?: ValueOrigin;
}

/** Where a named constant is defined. */
export interface ValueOrigin {
  /** The name as the code uses it, e.g. `Limits.EXPECTED_USERS`. */
  readonly name: string;
  /** 0-based line of the definition. */
  readonly line: number;
  /** The defining file's path (absent: the file being read, when its name is unknown). */
  readonly file?: string;
  /** The value is the default of a parameter named `name` (what the function uses when its caller states none). */
  readonly parameterDefault?: boolean;
  /** The value is what the function's only call in the file passes for its parameter `name`. */
  readonly callArgument?: boolean;
}

/** What the library itself allocates for the stated parameters (its own rounding and caps). */
export interface LibraryDerivation {
  readonly m?: number;
  readonly k?: number;
  readonly n?: number;
  /** Bits per element the library allocates, when it sizes by bits per key and n is unknown (RocksDB, Cassandra, ClickHouse). */
  readonly bitsPerElement?: number;
  /** The false-positive target the library actually sizes for when it differs from the stated one
   * (RedisBloom's first link p/2, HBase ROWCOL 1-sqrt(1-p), pybloom's scalable first filter p/10). */
  readonly p?: number;
  /** Values the library's own derivation rejects (it throws), in words: they become the finding's `invalid` (BL001). */
  readonly rejects?: readonly string[];
  /** A filter that grows into a chain of links (npm bloom-filters ScalableBloomFilter): what its model needs; m and k are the first link's. */
  readonly growth?: { readonly initialSize: number; readonly errorRate: number; readonly ratio: number };
  /** Human-readable notes on rounding or caps that change m, k or the FP noticeably (BL006). */
  readonly notes?: readonly string[];
  /** Not a Bloom filter (a cuckoo, XOR or binary fuse filter): its layout as the library allocates it; m and k stay absent. */
  readonly structure?: FingerprintStructure;
}

/** The kinds of fingerprint filter Bloom Lens detects (beyond-bloom.md section 2). */
export type FingerprintKind = 'cuckoo' | 'xor' | 'binary-fuse';

/**
 * A fingerprint filter as its library lays it out: f-bit fingerprints in slots. A cuckoo filter keeps a key's
 * fingerprint in one of the b slots of its two buckets; an XOR or binary fuse filter stores the XOR of 3 (or 4) slots.
 */
export interface FingerprintStructure {
  readonly kind: FingerprintKind;
  /** Fingerprint bits per key (a cuckoo tag's 0 means "empty", so 2^f - 1 values). */
  readonly fingerprintBits: number;
  /** Fingerprint slots the library allocates (absent: a static filter whose key count is not known). */
  readonly slots?: number;
  /** Memory in bits when it is not slots x fingerprintBits (semi-sorted buckets store f - 1 bits a tag). */
  readonly memoryBits?: number;
  /** Slots per key in the large-n limit (XOR 1.23, binary fuse 1.125): the memory when the key count is unknown. */
  readonly slotsPerKey?: number;
  /** Cuckoo: slots per bucket (b). */
  readonly bucketSlots?: number;
  /** XOR / binary fuse: slots a key's fingerprint is spread over (3 or 4). */
  readonly arity?: number;
  /** What the library does when a cuckoo insert finds no room: it fails, it fails and drops a stored key, or it adds a larger sub-filter (RedisBloom EXPANSION). */
  readonly whenFull?: 'fails' | 'drops-a-key' | 'grows';
  /** Growth factor of each new sub-filter's bucket count (RedisBloom EXPANSION, rounded to a power of two). */
  readonly expansion?: number;
  /** The most sub-filters a growing filter adds before it refuses inserts (RedisBloom cf-max-expansions). */
  readonly maxSubFilters?: number;
  /** A known defect that makes members answer "absent", with the upstream issue. */
  readonly falseNegatives?: { readonly why: string; readonly issue: string };
  /** The table layout in words, e.g. "524,288 buckets x 2 slots (a power of two)". */
  readonly layout: string;
}

export interface Finding {
  readonly range: TextRange;
  /** Stable recogniser id, e.g. "guava.create", "redis.bf.reserve", "annotation". */
  readonly recognizer: string;
  /** Human name of the library / syntax, e.g. "Guava BloomFilter.create". */
  readonly title: string;
  readonly params: FilterParams;
  readonly sources: Partial<Record<ParamName, ParamSource>>;
  readonly derived: LibraryDerivation;
  readonly recycling?: Recycling;
  /** Arguments that could not be evaluated: which parameter, and the expression text. */
  readonly unevaluated: readonly { readonly param: ParamName; readonly expression: string }[];
  /** Values the library would reject (BL001), in words. Such values are NOT copied into `params`. */
  readonly invalid?: readonly string[];
  /** Other facts worth showing (defaults assumed, annotation conflicts, library identified by import), in words. */
  readonly notes?: readonly string[];
  /** What a `bloom-lens:` annotation states where the code states another value (the code's value is in `params`). */
  readonly annotated?: FilterParams;
}
