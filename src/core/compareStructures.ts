/**
 * "Same job, other filters" (issue 19, beyond-bloom.md): what n keys at a target false-positive rate p cost in
 * each approximate-membership structure, sized as a user would configure it (whole fingerprints, whole blocks,
 * the reference implementations' own slot counts), with the FP that configuration really delivers.
 * One function, compareStructures(n, p), feeds the CLI's `compare`, the designer and the hover.
 */
import { sizeForElementsAndRate } from './classic';
import {
  blockedFalsePositiveRate, blockedFalsePositiveRateAsPrinted, blockedFalsePositiveRateUpperBound, BlockRateTables, ROCKSDB_CACHE_LINE_BITS,
  SPLIT_BLOCK_BITS, splitBlockFalsePositiveRate,
} from './layouts';
import { rocksDbFastLocalNumProbes, rocksDbRibbonBloomFallback, rocksDbRibbonConfiguration, RibbonConfiguration, ROCKSDB_MAX_RIBBON_ENTRIES } from './ribbon';
import {
  binaryFuseLayout, cuckooBuckets, cuckooFalsePositiveRate, cuckooFingerprintBits, cuckooPowerOfTwoBuckets, CUCKOO_BUCKET_SLOTS,
  FuseArity, quotientFalsePositiveRate, quotientRemainderBits, QUOTIENT_MAX_LOAD, QUOTIENT_METADATA_BITS_PER_SLOT, semiSortedBucketBits,
  xorFamilyFalsePositiveRate, xorFamilyFingerprintBits, xorFilterSlots,
} from './fingerprintFilters';

export type StructureId =
  | 'bound' | 'bound-deletes' | 'bloom' | 'blocked-512' | 'split-block' | 'ribbon' | 'xor' | 'binary-fuse-3' | 'binary-fuse-4'
  | 'cuckoo' | 'quotient' | 'counting-bloom';

/** Another configuration of the same structure (the 8/16-bit fingerprints libraries offer, semi-sorting, ...). */
export interface StructureVariant {
  readonly name: string;
  readonly bitsPerKey: number;
  readonly memoryBits: number;
  readonly fp: number;
}

export interface StructureRow {
  readonly id: StructureId;
  readonly name: string;
  /** memoryBits / n. */
  readonly bitsPerKey: number;
  /** The filter's payload in bits, as the implementation allocates it for n keys (no object headers). */
  readonly memoryBits: number;
  /** The false-positive rate this configuration delivers at n keys (<= p unless `reachesTarget` is false). */
  readonly fp: number;
  /** Whether fp <= p (false only where the structure cannot be configured that tight, e.g. Ribbon past 100 bits/key). */
  readonly reachesTarget: boolean;
  /** Keys can be added after the build. */
  readonly inserts: boolean;
  /** Keys can be removed. */
  readonly deletes: boolean;
  /** Independent random memory locations a query reads (null for the bounds). */
  readonly accessesPerQuery: number | null;
  /** The configuration as numbers: k, fingerprintBits, remainderBits, slots, buckets, blocks, counters, bitsPerKeySetting (those that apply). */
  readonly parameters: Readonly<Record<string, number>>;
  /** The configuration (fingerprint bits, k, slots), what to know, and each variant with what it delivers, in words. */
  readonly notes: readonly string[];
  /** Other configurations of the same structure, with what they deliver. */
  readonly variants: readonly StructureVariant[];
  /** Paper and source lines the row follows. */
  readonly source: string;
}

/** Smallest p compared: a cuckoo filter needs about log2(1/p) + 3 bits of fingerprint, at most 64. */
export const MIN_COMPARED_RATE = 2 ** -60;
/** log2(e): the extra bits per key any filter that deletes needs (Kuszmaul, Liang & Zhou 2025). */
const LOG2_E = Math.LOG2E;
/** 4-bit counters (Fan, Cao, Almeida & Broder 2000). */
const COUNTER_BITS = 4;
/** RocksDB's bits_per_key ceiling (BloomLikeFilterPolicy: >= 100 becomes 100). */
const ROCKSDB_MAX_BITS_PER_KEY = 100;

function requireInputs(n: number, p: number): void {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw new RangeError(`n must be a whole number of keys from 1 to 2^53 - 1, got ${n}`);
  if (typeof p !== 'number' || !(p > 0 && p < 1)) throw new RangeError(`p must be a false-positive rate strictly between 0 and 1, got ${p}`);
  if (p < MIN_COMPARED_RATE) throw new RangeError(`p must be at least 2^-60 (about 8.7e-19) to compare fingerprint filters (their fingerprints stop at 64 bits), got ${p}`);
}

function percent(rate: number): string {
  const value = rate * 100;
  return `${value >= 0.1 ? value.toPrecision(3) : value.toPrecision(2)}%`;
}

type RowFields = Omit<StructureRow, 'bitsPerKey' | 'reachesTarget' | 'variants' | 'parameters'> & {
  readonly variants?: readonly StructureVariant[];
  readonly parameters?: Readonly<Record<string, number>>;
};

function row(n: number, p: number, fields: RowFields): StructureRow {
  const variants = fields.variants ?? [];
  const variantNotes = variants.map((v) => `${v.name}: ${v.bitsPerKey.toFixed(2)} bits/key, FP ${percent(v.fp)}`);
  return { ...fields, bitsPerKey: fields.memoryBits / n, reachesTarget: fields.fp <= p, notes: [...fields.notes, ...variantNotes], variants, parameters: fields.parameters ?? {} };
}

function variant(n: number, name: string, memoryBits: number, fp: number): StructureVariant {
  return { name, bitsPerKey: memoryBits / n, memoryBits, fp };
}

/** Largest filter the layout searches consider (bits; whole blocks of it stay safe integers). */
const MAX_SEARCHED_BITS = 2 ** 52;

/**
 * Smallest whole number of `unitBits`-bit units that meets the target, by doubling from `guessUnits` then bisection
 * (meeting it must, by and large, persist as units grow: where a layout's k steps make the rate rise a little, the
 * answer is the first crossing this path finds, one unit fewer missing p). When no filter of at most 2^52 bits
 * meets it, the largest one tried.
 */
function smallestUnits(guessUnits: number, unitBits: number, meetsTarget: (units: number) => boolean): number {
  const maxUnits = Math.floor(MAX_SEARCHED_BITS / unitBits);
  let high = Math.min(maxUnits, Math.max(1, Math.ceil(guessUnits)));
  let low = 0;
  while (!meetsTarget(high)) {
    if (high === maxUnits) return maxUnits;
    low = high;
    high = Math.min(maxUnits, high * 2);
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (meetsTarget(mid)) high = mid;
    else low = mid;
  }
  return high;
}

/** Relative margin between a bound and p for the bound to decide: far above the load sums' rounding (about 1e-15). */
const BOUND_MARGIN = 1e-9;

/**
 * Whether a FastLocalBloom filter of mBits (whole 512-bit lines) with k probes holds n keys at exact FP <= p. Until
 * the in-block DP for k is built, cheap bounds settle it away from the crossing: eq. 3 as printed lies below the
 * exact rate (Jensen), the negative-association bound above it; the exact sum (DP shared through `tables`) runs
 * only in between, and for every later size with the same k (then it costs no more than the bounds).
 */
function fastLocalBloomMeets(n: number, p: number, tables: BlockRateTables): (mBits: number, k: number) => boolean {
  return (mBits, k) => {
    if (tables.has(ROCKSDB_CACHE_LINE_BITS, k)) return blockedFalsePositiveRate(mBits, n, k, ROCKSDB_CACHE_LINE_BITS, tables) <= p;
    if (blockedFalsePositiveRateAsPrinted(mBits, n, k, ROCKSDB_CACHE_LINE_BITS) > p * (1 + BOUND_MARGIN)) return false;
    if (blockedFalsePositiveRateUpperBound(mBits, n, k, ROCKSDB_CACHE_LINE_BITS) <= p * (1 - BOUND_MARGIN)) return true;
    return blockedFalsePositiveRate(mBits, n, k, ROCKSDB_CACHE_LINE_BITS, tables) <= p;
  };
}

function unreachable(fp: number, p: number): string[] {
  return fp > p ? ['no filter of this layout up to 2^52 bits reaches p (a key\'s bits all fall in one block)'] : [];
}

/** Textbook bits for n keys at p (Bloom 1970; math-spec): the starting guess of the layout searches. */
function textbookBits(n: number, p: number): number {
  return (n * Math.log2(1 / p)) / Math.LN2;
}

// ---------------------------------------------------------------------------------------------
// Rows

function bounds(n: number, p: number): StructureRow[] {
  const entropy = Math.log2(1 / p);
  return [
    row(n, p, {
      id: 'bound', name: 'Lower bound (static set)', memoryBits: n * entropy, fp: p, inserts: false, deletes: false, accessesPerQuery: null,
      notes: ['log2(1/p) bits per key: no filter of a known set can use less'],
      source: 'Carter, Floyd, Gill, Markowsky & Wegman 1978; restated in Dillinger & Walzer 2021 (arXiv 2103.02515)',
    }),
    row(n, p, {
      id: 'bound-deletes', name: 'Lower bound (with deletes)', memoryBits: n * (entropy + LOG2_E), fp: p, inserts: true, deletes: true, accessesPerQuery: null,
      notes: ['log2(1/p) + log2(e) = +1.44 bits per key for any filter that deletes (proved as p -> 0)'],
      source: 'Kuszmaul, Liang & Zhou 2025, Fingerprint Filters Are Optimal (arXiv 2510.18129)',
    }),
  ];
}

/** Standard Bloom (best integer k, exact rate) and the same m x 4-bit counters. */
function bloomRows(n: number, p: number): StructureRow[] {
  const size = sizeForElementsAndRate(n, p);
  const counterBits = COUNTER_BITS * size.mBits;
  // Fan et al. 2000 section V.C: P(some counter >= 16) <= m (e ln 2 / 16)^16 at the optimal k.
  const overflowBound = Math.min(1, size.mBits * Math.pow((Math.E * Math.LN2) / 16, 16));
  return [
    row(n, p, {
      id: 'bloom', name: 'Bloom (optimal integer k)', memoryBits: size.mBits, fp: size.falsePositiveRate, inserts: true, deletes: false,
      parameters: { k: size.k },
      accessesPerQuery: size.k, notes: [`k = ${size.k}`, 'FP rises past n keys'],
      source: 'Bloom 1970; exact rate (Christensen et al., math-spec.md)',
    }),
    row(n, p, {
      id: 'counting-bloom', name: 'Counting Bloom (4-bit counters)', memoryBits: counterBits, fp: size.falsePositiveRate, // the same m, n, k
      parameters: { k: size.k, counters: size.mBits },
      inserts: true, deletes: true, accessesPerQuery: size.k,
      notes: [`k = ${size.k}, ${size.mBits} counters of 4 bits`, `a counter overflows with probability <= ${overflowBound.toPrecision(2)}; then deletes can cause false negatives`],
      source: 'Fan, Cao, Almeida & Broder, Summary cache, IEEE/ACM ToN 2000',
    }),
  ];
}

/** RocksDB FastLocalBloom: 512-bit lines, k from its ChooseNumProbes table for m / n bits per key. */
function blockedRow(n: number, p: number, tables: BlockRateTables): StructureRow {
  const probes = (lines: number): number => rocksDbFastLocalNumProbes(Math.round((lines * ROCKSDB_CACHE_LINE_BITS * 1000) / n));
  const meets = fastLocalBloomMeets(n, p, tables);
  const lines = smallestUnits(textbookBits(n, p) / ROCKSDB_CACHE_LINE_BITS, ROCKSDB_CACHE_LINE_BITS, (units) => meets(units * ROCKSDB_CACHE_LINE_BITS, probes(units)));
  const k = probes(lines);
  const fp = blockedFalsePositiveRate(lines * ROCKSDB_CACHE_LINE_BITS, n, k, ROCKSDB_CACHE_LINE_BITS, tables);
  return row(n, p, {
    id: 'blocked-512', name: 'Blocked Bloom, 512-bit blocks', memoryBits: lines * ROCKSDB_CACHE_LINE_BITS, fp, inserts: true, deletes: false,
    parameters: { k, blocks: lines },
    accessesPerQuery: 1, notes: [`k = ${k} (RocksDB FastLocalBloom's probe table for ${(lines * ROCKSDB_CACHE_LINE_BITS / n).toFixed(2)} bits/key), ${lines} cache lines`, 'one cache line per query', ...unreachable(fp, p)],
    source: 'Putze, Sanders & Singler 2007, eq. 3; facebook/rocksdb util/bloom_impl.h FastLocalBloomImpl',
  });
}

/** Parquet SBBF: 256-bit blocks, k = 8, sized by its real (load-averaged) rate, not the spec's formula. */
function splitBlockRow(n: number, p: number): StructureRow {
  const rate = (blocks: number): number => splitBlockFalsePositiveRate(blocks * SPLIT_BLOCK_BITS, n);
  const blocks = smallestUnits(textbookBits(n, p) / SPLIT_BLOCK_BITS, SPLIT_BLOCK_BITS, (units) => rate(units) <= p);
  const fp = rate(blocks);
  return row(n, p, {
    id: 'split-block', name: 'Split-block Bloom (Parquet SBBF)', memoryBits: blocks * SPLIT_BLOCK_BITS, fp, inserts: true, deletes: false,
    parameters: { k: 8, blocks },
    accessesPerQuery: 1, notes: [`k = 8, ${blocks} blocks of 256 bits`, 'one 32-byte block per query', ...unreachable(fp, p)],
    source: 'apache/parquet-format BloomFilter.md; model F2 (library-research.md)',
  });
}

/**
 * RocksDB Standard128Ribbon: the smallest bits_per_key setting (in RocksDB's millibits) whose Ribbon delivers p for
 * n keys; memory is the filter bytes RocksDB writes (with its 5 metadata bytes).
 */
function ribbonRow(n: number, p: number, tables: BlockRateTables): StructureRow {
  const maxMillibits = ROCKSDB_MAX_BITS_PER_KEY * 1000;
  const configure = (millibits: number): RibbonConfiguration => rocksDbRibbonConfiguration(Math.min(millibits, maxMillibits) / 1000, n, tables);
  const bloomMeets = fastLocalBloomMeets(n, p, tables);
  const meets = (millibits: number): boolean => {
    const fallback = rocksDbRibbonBloomFallback(Math.min(millibits, maxMillibits) / 1000, n);
    return fallback !== undefined ? bloomMeets(fallback.filterBits, fallback.probes) : configure(millibits).falsePositiveRate <= p;
  };
  let millibits = maxMillibits;
  if (meets(maxMillibits)) millibits = smallestUnits(Math.min(maxMillibits, (textbookBits(n, p) / n) * 1000), 1, meets);
  const config = configure(millibits);
  const fallback = config.kind !== 'bloomFallback' ? []
    : [n > ROCKSDB_MAX_RIBBON_ENTRIES ? `RocksDB builds Bloom instead above ${ROCKSDB_MAX_RIBBON_ENTRIES} keys per filter` : 'RocksDB builds Bloom instead at this small size'];
  const unreachable = config.falsePositiveRate > p ? ['even bits_per_key 100 (RocksDB\'s ceiling) does not reach p'] : [];
  return row(n, p, {
    id: 'ribbon', name: 'Ribbon (RocksDB Standard128Ribbon)', memoryBits: config.filterBytes * 8, fp: config.falsePositiveRate, inserts: false, deletes: false,
    parameters: { bitsPerKeySetting: millibits / 1000, slots: config.numSlots },
    accessesPerQuery: 1,
    notes: [
      `NewRibbonFilterPolicy(${millibits / 1000}): ${config.numSlots} slots`, 'static: built from all keys at once (RocksDB rebuilds it per SST file)',
      '1-3 adjacent cache lines per query', 'about 3x the build CPU of Bloom', ...fallback, ...unreachable,
    ],
    source: 'Dillinger & Walzer 2021 (arXiv 2103.02515); facebook/rocksdb util/ribbon_impl.h, table/block_based/filter_policy.cc',
  });
}

/** 8- and 16-bit fingerprints, the widths libraries offer (xor8/xor16, bf8/bf16). */
const LIBRARY_FINGERPRINT_BITS = [8, 16];

function xorRow(n: number, p: number): StructureRow {
  const slots = xorFilterSlots(n);
  const f = xorFamilyFingerprintBits(p);
  return row(n, p, {
    id: 'xor', name: 'XOR filter (3-wise)', memoryBits: slots * f, fp: xorFamilyFalsePositiveRate(f), inserts: false, deletes: false, accessesPerQuery: 3,
    parameters: { fingerprintBits: f, slots },
    notes: [`${f}-bit fingerprints, ${slots} slots (1.23 n + 32)`, 'static: all keys at build time; built by peeling (retries with a new seed on failure)'],
    variants: LIBRARY_FINGERPRINT_BITS.map((w) => variant(n, `xor${w} (${w}-bit fingerprints)`, slots * w, xorFamilyFalsePositiveRate(w))),
    source: 'Graf & Lemire 2020 (arXiv 1912.08258); FastFilter/xor_singleheader include/xorfilter.h xor8_allocate',
  });
}

function fuseRow(n: number, p: number, arity: FuseArity): StructureRow {
  const layout = binaryFuseLayout(n, arity);
  const f = xorFamilyFingerprintBits(p);
  return row(n, p, {
    id: arity === 3 ? 'binary-fuse-3' : 'binary-fuse-4', name: `Binary fuse filter (${arity}-wise)`, memoryBits: layout.slots * f,
    parameters: { fingerprintBits: f, slots: layout.slots, segmentLength: layout.segmentLength },
    fp: xorFamilyFalsePositiveRate(f), inserts: false, deletes: false, accessesPerQuery: arity,
    notes: [
      `${f}-bit fingerprints, ${layout.slots} slots (size factor ${layout.sizeFactor.toFixed(3)}, segments of ${layout.segmentLength})`,
      `static: all keys at build time; the ${arity} probes fall in ${arity} consecutive segments`,
    ],
    variants: LIBRARY_FINGERPRINT_BITS.map((w) => variant(n, `${w}-bit fingerprints${arity === 3 ? ` (binary_fuse${w})` : ''}`, layout.slots * w, xorFamilyFalsePositiveRate(w))),
    source: arity === 3
      ? 'Graf & Lemire 2022 (arXiv 2201.01174); FastFilter/xor_singleheader include/binaryfusefilter.h binary_fuse8_allocate'
      : 'Graf & Lemire 2022 (arXiv 2201.01174); FastFilter/fastfilter_cpp src/xorfilter/xor_binary_fuse_filter.h',
  });
}

function cuckooRow(n: number, p: number): StructureRow {
  const slots = cuckooBuckets(n) * CUCKOO_BUCKET_SLOTS;
  const load = n / slots;
  const f = cuckooFingerprintBits(p);
  const powerOfTwoSlots = cuckooPowerOfTwoBuckets(n) * CUCKOO_BUCKET_SLOTS;
  const variants = [
    variant(n, `semi-sorted buckets (${f - 1} bits per tag stored)`, (slots / CUCKOO_BUCKET_SLOTS) * semiSortedBucketBits(f), cuckooFalsePositiveRate(f, load)),
    variant(n, `power-of-two table (${powerOfTwoSlots} slots, load ${(n / powerOfTwoSlots).toFixed(3)})`, powerOfTwoSlots * f, cuckooFalsePositiveRate(f, n / powerOfTwoSlots)),
    ...LIBRARY_FINGERPRINT_BITS.map((w) => variant(n, `${w}-bit fingerprints`, slots * w, cuckooFalsePositiveRate(w, load))),
  ];
  return row(n, p, {
    id: 'cuckoo', name: 'Cuckoo filter (b = 4)', memoryBits: slots * f, fp: cuckooFalsePositiveRate(f, load), inserts: true, deletes: true, accessesPerQuery: 2,
    parameters: { fingerprintBits: f, buckets: slots / CUCKOO_BUCKET_SLOTS },
    notes: [
      `${f}-bit fingerprints, ${slots / CUCKOO_BUCKET_SLOTS} buckets of 4 at ${percent(load)} load`, 'inserts can fail near full',
      'deleting a key never inserted can remove another key\'s fingerprint',
    ],
    variants,
    source: 'Fan, Andersen, Kaminsky & Mitzenmacher, CoNEXT 2014; efficient/cuckoofilter src/cuckoofilter.h, src/packedtable.h',
  });
}

function quotientRow(n: number, p: number): StructureRow {
  const r = quotientRemainderBits(p);
  const slots = Math.ceil(n / QUOTIENT_MAX_LOAD);
  const powerOfTwoSlots = Math.pow(2, Math.ceil(Math.log2(slots)));
  const bitsPerSlot = r + QUOTIENT_METADATA_BITS_PER_SLOT;
  return row(n, p, {
    id: 'quotient', name: 'Counting quotient filter', memoryBits: slots * bitsPerSlot, fp: quotientFalsePositiveRate(r, n, slots), inserts: true, deletes: true,
    parameters: { remainderBits: r, slots },
    accessesPerQuery: 1,
    notes: [`${r}-bit remainders + 2.125 metadata bits per slot at ${percent(QUOTIENT_MAX_LOAD)} load`, 'counts, merges, resizes by doubling'],
    variants: [variant(n, `power-of-two table (${powerOfTwoSlots} slots, as splatlab/cqf allocates)`, powerOfTwoSlots * bitsPerSlot, quotientFalsePositiveRate(r, n, powerOfTwoSlots))],
    source: 'Pandey, Bender, Johnson & Patro, SIGMOD 2017; splatlab/cqf include/gqf_int.h qfblock, src/gqf.c',
  });
}

/** Row order of the comparison (the CLI and JSON follow it). */
export const STRUCTURE_IDS: readonly StructureId[] = [
  'bound', 'bound-deletes', 'bloom', 'blocked-512', 'split-block', 'ribbon', 'xor', 'binary-fuse-3', 'binary-fuse-4', 'cuckoo', 'quotient', 'counting-bloom',
];

/**
 * What n keys at false-positive rate p cost in each structure, one row per STRUCTURE_IDS entry in that order.
 * n: an integer from 1 to 2^53 - 1; p: from 2^-60 to below 1. Throws RangeError with a clear message otherwise
 * (and when the Bloom filter would need more than 2^53 - 1 bits). Cost: about 0.1-2 ms CPU (test/bench/compareStructures.bench.ts),
 * mostly the exact Bloom sizing and the blocked search's few exact sums near its answer; up to about 5 ms for tiny n at
 * p near 2^-60, where the Bloom sizing walks a flat range of k.
 */
export function compareStructures(n: number, p: number): StructureRow[] {
  requireInputs(n, p);
  const [bloom, countingBloom] = bloomRows(n, p);
  const tables = new BlockRateTables(); // the blocked and Ribbon (Bloom fallback) searches share their in-block DP
  return [
    ...bounds(n, p), bloom, blockedRow(n, p, tables), splitBlockRow(n, p), ribbonRow(n, p, tables), xorRow(n, p), fuseRow(n, p, 3), fuseRow(n, p, 4),
    cuckooRow(n, p), quotientRow(n, p), countingBloom,
  ];
}
