/**
 * Fingerprint filters, the alternatives to a Bloom filter for the same n and p (beyond-bloom.md sections 2, 3):
 * sizes and false-positive rates of XOR, binary fuse (3- and 4-wise), cuckoo and counting quotient filters,
 * each as its reference implementation allocates it. Fingerprints are whole bits: f bits give 2^-f per
 * probe. Pure functions of numbers.
 *
 * Sources (one per family; the line each function implements is named on it):
 * - XOR: Graf & Lemire 2020 (arXiv 1912.08258); FastFilter/xor_singleheader include/xorfilter.h xor8_allocate.
 * - Binary fuse: Graf & Lemire 2022 (arXiv 2201.01174); xor_singleheader include/binaryfusefilter.h
 *   binary_fuse_calculate_segment_length, binary_fuse_calculate_size_factor, binary_fuse8_allocate (3-wise);
 *   FastFilter/fastfilter_cpp src/xorfilter/xor_binary_fuse_filter.h (the same two functions, 4-wise).
 * - Cuckoo: Fan, Andersen, Kaminsky & Mitzenmacher, CoNEXT 2014, section 5.1 (b = 4 reaches 95.5% load;
 *   f >= log2(2b / p)); efficient/cuckoofilter src/cuckoofilter.h (tags are hash bits with 0 meaning empty;
 *   constructor: buckets = upperpower2(max_keys / 4), doubled when the load would pass 0.96) and
 *   src/packedtable.h (semi-sorting stores a 4-tag bucket in 4f - 4 bits).
 * - Counting quotient filter: Pandey, Bender, Johnson & Patro, SIGMOD 2017; splatlab/cqf include/gqf_int.h
 *   qfblock (8 offset bits + 64 occupieds + 64 runends per 64 slots = 2.125 metadata bits per slot) and
 *   src/gqf.c (slots a power of two, inserts refused past 95% occupancy).
 */

/** Largest fingerprint / remainder width the models accept (bits). */
export const MAX_FINGERPRINT_BITS = 64;

function requireKeys(n: number): void {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`n must be an integer from 1 to 2^53 - 1, got ${n}`);
}

function requireFingerprintBits(f: number): void {
  if (!Number.isInteger(f) || f < 1 || f > MAX_FINGERPRINT_BITS) throw new RangeError(`fingerprint bits must be an integer from 1 to ${MAX_FINGERPRINT_BITS}, got ${f}`);
}

function requireRate(p: number): void {
  if (typeof p !== 'number' || !(p > 0 && p < 1)) throw new RangeError(`p must be strictly between 0 and 1, got ${p}`);
}

/** The smallest whole fingerprint f (1..64) with rate(f) <= p; throws when even 64 bits do not reach p. */
function smallestFingerprint(p: number, rate: (f: number) => number): number {
  requireRate(p);
  for (let f = 1; f <= MAX_FINGERPRINT_BITS; f++) if (rate(f) <= p) return f;
  throw new RangeError(`p = ${p} needs fingerprints longer than ${MAX_FINGERPRINT_BITS} bits`);
}

// ---------------------------------------------------------------------------------------------
// XOR and binary fuse: a key's fingerprint is the XOR of 3 (or 4) slots, so a non-member matches with 2^-f.

/** FP of an XOR or binary fuse filter with f-bit fingerprints: 2^-f (Graf & Lemire 2020, section 3). */
export function xorFamilyFalsePositiveRate(fingerprintBits: number): number {
  requireFingerprintBits(fingerprintBits);
  return Math.pow(2, -fingerprintBits);
}

/** Smallest whole f with 2^-f <= p: ceil(log2(1/p)). */
export function xorFamilyFingerprintBits(p: number): number {
  return smallestFingerprint(p, xorFamilyFalsePositiveRate);
}

/** xorfilter.h xor8_allocate: capacity = 32 + 1.23 n (size_t), rounded down to a multiple of 3. */
export function xorFilterSlots(n: number): number {
  requireKeys(n);
  const capacity = Math.floor(32 + 1.23 * n);
  return capacity - (capacity % 3);
}

export type FuseArity = 3 | 4;

/** Segment lengths are capped at 2^18 (binary_fuse8_allocate: "if (SegmentLength > 262144)"). */
const MAX_FUSE_SEGMENT_LENGTH = 262_144;

/** The layout binary_fuse8_allocate computes for n keys. */
export interface BinaryFuseLayout {
  readonly arity: FuseArity;
  readonly segmentLength: number;
  /** Segments a key's first position can start in (SegmentCount). */
  readonly segmentCount: number;
  readonly sizeFactor: number;
  /** Fingerprint slots (ArrayLength) = (segmentCount + arity - 1) x segmentLength. */
  readonly slots: number;
}

/**
 * binary_fuse_calculate_segment_length: 2^floor(ln n / ln 3.33 + 2.25) (3-wise) or 2^floor(ln n / ln 2.91 - 0.5)
 * (4-wise), at most 2^18; binary_fuse_calculate_size_factor: max(1.125, 0.875 + 0.25 ln(1e6) / ln n) or
 * max(1.075, 0.77 + 0.305 ln(6e5) / ln n); binary_fuse8_allocate: capacity = round(n sizeFactor) (0 for n <= 1),
 * segmentCount = ceil(capacity / segmentLength) - (arity - 1), at least 1, slots = (segmentCount + arity - 1)
 * segmentLength. (fastfilter_cpp truncates the capacity instead of rounding: at most one slot less.)
 */
export function binaryFuseLayout(n: number, arity: FuseArity): BinaryFuseLayout {
  requireKeys(n);
  if (arity !== 3 && arity !== 4) throw new RangeError(`binary fuse arity must be 3 or 4, got ${arity}`);
  const lnN = Math.log(n);
  const exponent = arity === 3 ? Math.floor(lnN / Math.log(3.33) + 2.25) : Math.floor(lnN / Math.log(2.91) - 0.5);
  const segmentLength = Math.min(MAX_FUSE_SEGMENT_LENGTH, Math.pow(2, Math.max(0, exponent)));
  const sizeFactor = n <= 1 ? 0 : arity === 3 ? Math.max(1.125, 0.875 + (0.25 * Math.log(1e6)) / lnN) : Math.max(1.075, 0.77 + (0.305 * Math.log(6e5)) / lnN);
  const capacity = Math.round(n * sizeFactor);
  // initSegmentCount, ArrayLength, SegmentCount (the C code's unsigned wrap for n <= 1 lands on 1 as well)
  const initialSegments = Math.ceil(capacity / segmentLength) - (arity - 1);
  const initialSlots = Math.max(0, (initialSegments + arity - 1) * segmentLength);
  const covered = Math.ceil(initialSlots / segmentLength);
  const segmentCount = covered <= arity - 1 ? 1 : covered - (arity - 1);
  return { arity, segmentLength, segmentCount, sizeFactor, slots: (segmentCount + arity - 1) * segmentLength };
}

// ---------------------------------------------------------------------------------------------
// Cuckoo: b = 4 slots per bucket, two candidate buckets, f-bit tags with 0 reserved for "empty".

/** Slots per cuckoo bucket (the paper's and the libraries' choice). */
export const CUCKOO_BUCKET_SLOTS = 4;
/** Load a b = 4 table reaches before inserts fail (Fan et al. 2014, section 5.1: 95.5%). */
export const CUCKOO_MAX_LOAD = 0.955;
/** efficient/cuckoofilter constructor: a power-of-two table is doubled when the load would exceed this. */
const CUCKOO_POWER_OF_TWO_MAX_LOAD = 0.96;

/**
 * FP of a cuckoo filter whose table is filled to `load` (stored tags / slots): a query compares its tag with
 * the 2b slots of its two buckets, each holding a uniform non-zero tag with probability `load`:
 * 1 - (1 - load / (2^f - 1))^(2b). Below Fan et al.'s bound 2b / 2^f (section 5.1, every slot full, p <= 2b / 2^f).
 */
export function cuckooFalsePositiveRate(fingerprintBits: number, load: number, bucketSlots = CUCKOO_BUCKET_SLOTS): number {
  requireFingerprintBits(fingerprintBits);
  if (!(load >= 0 && load <= 1)) throw new RangeError(`load must be between 0 and 1, got ${load}`);
  if (!Number.isInteger(bucketSlots) || bucketSlots < 1) throw new RangeError(`bucket slots must be an integer >= 1, got ${bucketSlots}`);
  const matchOneSlot = load / (Math.pow(2, fingerprintBits) - 1);
  return -Math.expm1(2 * bucketSlots * Math.log1p(-matchOneSlot));
}

/** Smallest whole tag with cuckooFalsePositiveRate(f, load) <= p (ceil(log2(1/p) + 3) or one less at load < 1). */
export function cuckooFingerprintBits(p: number, load = CUCKOO_MAX_LOAD): number {
  return smallestFingerprint(p, (f) => cuckooFalsePositiveRate(f, load));
}

/** Buckets of a table sized to the maximum load: ceil(n / (b x 0.955)) (as npm bloom-filters' CuckooFilter.create). */
export function cuckooBuckets(n: number): number {
  requireKeys(n);
  return Math.ceil(n / (CUCKOO_BUCKET_SLOTS * CUCKOO_MAX_LOAD));
}

/**
 * efficient/cuckoofilter CuckooFilter(max_num_keys): num_buckets = upperpower2(max(1, max_num_keys / 4)) (integer
 * division), doubled when max_num_keys / num_buckets / 4 > 0.96.
 */
export function cuckooPowerOfTwoBuckets(n: number): number {
  requireKeys(n);
  let buckets = Math.pow(2, Math.ceil(Math.log2(Math.max(1, Math.floor(n / CUCKOO_BUCKET_SLOTS)))));
  if (n / buckets / CUCKOO_BUCKET_SLOTS > CUCKOO_POWER_OF_TWO_MAX_LOAD) buckets *= 2;
  return buckets;
}

/** Bits a semi-sorted bucket of four f-bit tags takes (packedtable.h: 4f - 4, the sorted 4-bit prefixes encoded in 12 bits). */
export function semiSortedBucketBits(fingerprintBits: number): number {
  requireFingerprintBits(fingerprintBits);
  return CUCKOO_BUCKET_SLOTS * fingerprintBits - 4;
}

// ---------------------------------------------------------------------------------------------
// Counting quotient filter: a key's (q + r)-bit hash, the quotient picks the home slot, the r-bit remainder is stored.

/** Occupancy at which the CQF refuses inserts (gqf.c) and at which the comparison sizes it. */
export const QUOTIENT_MAX_LOAD = 0.95;
/** Metadata bits per slot of the RSQF/CQF block (gqf_int.h qfblock: (8 + 64 + 64) / 64). */
export const QUOTIENT_METADATA_BITS_PER_SLOT = 2.125;

/**
 * FP of a quotient filter holding n keys in `slots` = 2^q slots with r-bit remainders: a non-member's (q + r)-bit
 * hash equals one of the n stored ones, 1 - (1 - 2^-(q+r))^n, about load x 2^-r (Pandey et al. 2017, section 3).
 */
export function quotientFalsePositiveRate(remainderBits: number, n: number, slots: number): number {
  requireFingerprintBits(remainderBits);
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`n must be an integer >= 0, got ${n}`);
  if (!(slots >= 1)) throw new RangeError(`slots must be >= 1, got ${slots}`);
  return -Math.expm1(n * Math.log1p(-Math.pow(2, -remainderBits) / slots));
}

/** Smallest whole remainder with QUOTIENT_MAX_LOAD x 2^-r <= p (the rate at the load the filter is sized for). */
export function quotientRemainderBits(p: number): number {
  return smallestFingerprint(p, (r) => QUOTIENT_MAX_LOAD * Math.pow(2, -r));
}
