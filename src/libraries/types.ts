/**
 * The shape of one library module (src/libraries/<system>.ts): everything Bloom Lens knows about one
 * library in one place. How it sizes m and k from the user's arguments, its layout, the FP model of that
 * layout, its snippets, its display name and the source the derivation follows. Pure data and functions.
 */
import type { HashingModel, LibraryDerivation } from '../detect/types';

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
  /** A per-recogniser variant (e.g. RocksDB's Ribbon policy): the layout and model for that recogniser. */
  readonly variants?: Readonly<Record<string, { readonly layout: Layout; readonly model: FalsePositiveModel; readonly filterBitsForKeys?: (keys: number, bitsPerElement: number) => number }>>;
}
