/**
 * RocksDB's Ribbon filter (`NewRibbonFilterPolicy(bits_per_key)`, Standard128Ribbon), faithful to the source
 * (facebook/rocksdb; file and function named on each step):
 *
 * 1. table/block_based/filter_policy.cc, BloomLikeFilterPolicy constructor: bits_per_key < 0.5 -> no filter,
 *    < 1 -> 1, >= 100 (or NaN) -> 100; millibits = (int)(bpk * 1000 + 0.500001);
 *    desired_one_in_fp_rate = 1 / BloomMath::CacheLocalFpRate(bpk, FastLocalBloomImpl::ChooseNumProbes(millibits), 512).
 *    So Ribbon targets RocksDB's +-1 sd *estimate* of its own Bloom filter at that setting.
 * 2. Standard128RibbonBitsBuilder::CalculateSpaceAndSlots: n > kMaxRibbonEntries (950,000,000) -> Bloom
 *    fallback; num_slots = RoundUpNumSlots(BandingConfigHelper1TS<kOneIn20, 128-bit>::GetNumSlots(n))
 *    (util/ribbon_config.cc); bytes = SerializableInterleavedSolution::GetBytesForOneInFpRate(num_slots, 1/fp,
 *    rounding = upper 32 bits of the first key's hash) + 5 bytes metadata; if num_slots < 1024 and the
 *    FastLocalBloom space is smaller, Bloom fallback.
 * 3. util/ribbon_impl.h InternalGetBytesForFpRate: r = floor(log2((uint32)one_in)) "lower" result columns;
 *    lower_portion = (fp - 2^-(r+1)) / (2^-r - 2^-(r+1)); upper_start_block = (uint32)((lower_portion *
 *    num_starts + bias) / 128) with bias = (rounding + 0.5) / 2^32; segments = blocks * r + (blocks - usb).
 * 4. ExpectedFpRate after ConfigureForNumSlots / InternalConfigure: upper columns c = ceil(segments / blocks)
 *    (max 32), usb = c * blocks - segments, lower share q = usb * 128 / num_starts,
 *    FP = q * 2^-(c-1) + (1 - q) * 2^-c.                      (F8 in library-research.md)
 * The rounding bias depends on the first key's hash, uniform on 32 bits: we return the expectation over it
 * (it raises usb by one block only when lower_portion * num_starts lies within 1 of the next multiple of 128;
 * see upperStartBlockChoices).
 * Not modelled: optimize_filters_for_memory's rounding of the allocation to malloc's usable size
 * (XXPH3FilterBitsBuilder::AllocateMaybeRounding), which adds a few segments and lowers FP slightly.
 */
import { blockedFalsePositiveRate, BlockRateTables, rocksDbCacheLocalFpRateEstimate } from './layouts';

/** filter_policy.cc Standard128RibbonBitsBuilder::kMaxRibbonEntries. */
export const ROCKSDB_MAX_RIBBON_ENTRIES = 950_000_000;
/** Bytes of metadata after every RocksDB filter (kMetadataLen). */
const METADATA_BYTES = 5;
/** Standard128Ribbon coefficient width (CoeffRow = Unsigned128). */
const COEFF_BITS = 128;
/** ResultRow = uint32_t: at most 32 solution columns. */
const MAX_COLUMNS = 32;

/** ribbon_config.cc BandingConfigHelperData<kOneIn20, 128U, smash = false>::kKnownToAddByPow2. */
const KNOWN_TO_ADD_BY_POW2 = [
  0, 0, 0, 0, 0, 0, 0, 0, 248.851, 499.532, 1001.26, 2003.97, 4005.59, 8000.39, 15966.6, 31828.1, 63447.3, 126506,
];
/** GetFactorPerPow2 for 128-bit coefficients. */
const FACTOR_PER_POW2 = 0.0038;

/** FastLocalBloomImpl::ChooseNumProbes (util/bloom_impl.h). */
export function rocksDbFastLocalNumProbes(millibitsPerKey: number): number {
  const m = millibitsPerKey;
  if (m <= 2080) return 1;
  if (m <= 3580) return 2;
  if (m <= 5100) return 3;
  if (m <= 6640) return 4;
  if (m <= 8300) return 5;
  if (m <= 10070) return 6;
  if (m <= 11720) return 7;
  if (m <= 14001) return 8;
  if (m <= 16050) return 9;
  if (m <= 18300) return 10;
  if (m <= 22001) return 11;
  if (m <= 25501) return 12;
  if (m > 50000) return 24;
  return Math.trunc((m - 1) / 2000) - 1;
}

/** BloomLikeFilterPolicy's sanitised bits per key (0 means no filter). */
export function rocksDbSanitizedBitsPerKey(bitsPerKey: number): number {
  if (bitsPerKey < 0.5) return 0;
  if (bitsPerKey < 1) return 1;
  if (!(bitsPerKey < 100)) return 100; // including NaN
  return bitsPerKey;
}

/** millibits_per_key_ = (int)(bits_per_key * 1000 + 0.500001). */
export function rocksDbMillibitsPerKey(bitsPerKey: number): number {
  return Math.trunc(rocksDbSanitizedBitsPerKey(bitsPerKey) * 1000 + 0.500001);
}

/** FastLocalBloomBitsBuilder::CalculateSpace without metadata: ceil(n * millibits / 8000) capped, up to 64-byte lines. */
export function rocksDbFastLocalFilterBytes(n: number, millibitsPerKey: number): number {
  let raw = Math.floor((n * millibitsPerKey + 7999) / 8000);
  if (raw >= 0xffffffc0) raw = 0xffffffc0;
  return Math.ceil(raw / 64) * 64;
}

function getNumToAddForPow2(log2Slots: number): number {
  if (log2Slots < KNOWN_TO_ADD_BY_POW2.length) return KNOWN_TO_ADD_BY_POW2[log2Slots];
  const finalKnownFactor = (2 ** (KNOWN_TO_ADD_BY_POW2.length - 1)) / KNOWN_TO_ADD_BY_POW2[KNOWN_TO_ADD_BY_POW2.length - 1];
  const baseFactor = finalKnownFactor - (KNOWN_TO_ADD_BY_POW2.length - 1) * FACTOR_PER_POW2;
  return 2 ** log2Slots / (baseFactor + log2Slots * FACTOR_PER_POW2); // GetFactorForLarge
}

/** ribbon_config.cc BandingConfigHelper1MaybeSupported::GetNumSlots for kOneIn20, 128-bit, no smash, not homogeneous. */
export function ribbonNumSlotsForEntries(n: number): number {
  if (n === 0) return 0;
  const log2ToAdd = Math.log(n) * 1.4426950409;
  let approxLog2Slots = Math.trunc(log2ToAdd + 0.5);
  let lower = getNumToAddForPow2(approxLog2Slots);
  let upper: number;
  if (approxLog2Slots === 0 || lower === 0) return 2 * COEFF_BITS; // unsupported: minimum
  if (n < lower) {
    upper = lower;
    approxLog2Slots--;
    lower = getNumToAddForPow2(approxLog2Slots);
  } else {
    upper = getNumToAddForPow2(approxLog2Slots + 1);
  }
  const upperPortion = (n - lower) / (upper - lower);
  const lowerSlots = 2 ** approxLog2Slots;
  return Math.trunc(upperPortion * lowerSlots + lowerSlots + 0.999999999);
}

/** SerializableInterleavedSolution::RoundUpNumSlots: a multiple of 128, never exactly 128. */
export function ribbonRoundUpNumSlots(slots: number): number {
  let corrected = Math.ceil(slots / COEFF_BITS) * COEFF_BITS;
  if (corrected === COEFF_BITS) corrected += COEFF_BITS;
  return corrected;
}

/** What RocksDB builds for (bits_per_key, n) and the FP that results. */
export interface RibbonConfiguration {
  /** 'none': bits_per_key < 0.5 (no filter, FP 1); 'empty': n = 0 (always false, FP 0). */
  readonly kind: 'ribbon' | 'bloomFallback' | 'none' | 'empty';
  readonly millibitsPerKey: number;
  /** 1 / CacheLocalFpRate(...): the rate the Ribbon aims at. */
  readonly desiredOneInFpRate: number;
  /** Ribbon slots (0 when Bloom or no filter). */
  readonly numSlots: number;
  /** Filter bytes including the 5 bytes of metadata (Ribbon: with the expected rounding bias 0.5). */
  readonly filterBytes: number;
  /** Expected false-positive rate (Ribbon: mean over the first key's rounding bias). */
  readonly falsePositiveRate: number;
}

/** InternalGetBytesForFpRate's segment count for a given upper_start_block, and the resulting ExpectedFpRate. */
function ribbonSegmentsAndRate(numSlots: number, segments: number): number {
  const blocks = numSlots / COEFF_BITS;
  const numStarts = numSlots - COEFF_BITS + 1;
  // InternalConfigure
  let upperColumns = Math.ceil(segments / blocks);
  let upperStartBlock = upperColumns * blocks - segments;
  if (upperColumns > MAX_COLUMNS) { upperColumns = MAX_COLUMNS; upperStartBlock = 0; }
  // ExpectedFpRate
  const lowerPortion = (upperStartBlock * COEFF_BITS) / numStarts;
  return lowerPortion * Math.pow(0.5, upperColumns - 1) + (1 - lowerPortion) * Math.pow(0.5, upperColumns);
}

/**
 * The possible upper_start_block values over the first key's 32-bit rounding bias and their probabilities:
 * usb = floor((x + b) / 128) with x = lower_portion * num_starts and b = (u + 0.5) / 2^32 in (0, 1).
 */
function upperStartBlockChoices(x: number): Array<[number, number]> {
  const base = Math.floor(x / COEFF_BITS);
  const needed = (base + 1) * COEFF_BITS - x; // bias needed to reach the next block
  if (needed >= 1) return [[base, 1]];
  const pUp = Math.min(1, Math.max(0, 1 - needed));
  return [[base, 1 - pUp], [base + 1, pUp]];
}

/** The FastLocalBloom filter RocksDB builds instead of a Ribbon: its bits (without metadata) and probes. */
export interface RocksDbBloomFallback {
  readonly filterBits: number;
  readonly probes: number;
}

/** What RocksDB builds: a Ribbon (or no filter) with its FP, or a Bloom fallback whose FP is left to the blocked model. */
type FilterPlan = RibbonConfiguration | (Omit<RibbonConfiguration, 'falsePositiveRate'> & { readonly fallback: RocksDbBloomFallback });

/**
 * RocksDB's Ribbon configuration and expected FP for n keys at bits_per_key (see the file comment for every
 * step and its source). n = 0 gives FP 0; the Bloom fallbacks use the exact FastLocalBloom (blocked) model
 * (`tables`: its in-block DP shared across calls, as in blockedFalsePositiveRate; same result).
 */
export function rocksDbRibbonConfiguration(bitsPerKey: number, n: number, tables?: BlockRateTables): RibbonConfiguration {
  const plan = filterPlan(bitsPerKey, n);
  if (!('fallback' in plan)) return plan;
  const { fallback, ...configuration } = plan;
  return { ...configuration, falsePositiveRate: blockedFalsePositiveRate(fallback.filterBits, n, fallback.probes, 512, tables) };
}

/**
 * The FastLocalBloom RocksDB builds at (bits_per_key, n) instead of a Ribbon, or undefined when it builds a Ribbon
 * (or no filter): for a caller that can settle its FP with the blocked model's bounds before the exact sum.
 */
export function rocksDbRibbonBloomFallback(bitsPerKey: number, n: number): RocksDbBloomFallback | undefined {
  const plan = filterPlan(bitsPerKey, n);
  return 'fallback' in plan ? plan.fallback : undefined;
}

function filterPlan(bitsPerKey: number, n: number): FilterPlan {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`n must be an integer from 0 to 2^53 - 1, got ${n}`);
  if (typeof bitsPerKey !== 'number') throw new RangeError('bits per key must be a number');
  const sanitized = rocksDbSanitizedBitsPerKey(bitsPerKey);
  const millibitsPerKey = rocksDbMillibitsPerKey(bitsPerKey);
  if (sanitized === 0) return { kind: 'none', millibitsPerKey: 0, desiredOneInFpRate: 1, numSlots: 0, filterBytes: 0, falsePositiveRate: 1 };
  const probes = rocksDbFastLocalNumProbes(millibitsPerKey);
  const desiredOneInFpRate = 1 / rocksDbCacheLocalFpRateEstimate(sanitized, probes, 512);
  if (n === 0) return { kind: 'empty', millibitsPerKey, desiredOneInFpRate, numSlots: 0, filterBytes: 0, falsePositiveRate: 0 };
  const bloom = (): FilterPlan => {
    const bytes = rocksDbFastLocalFilterBytes(n, millibitsPerKey);
    return {
      kind: 'bloomFallback', millibitsPerKey, desiredOneInFpRate, numSlots: 0, filterBytes: bytes + METADATA_BYTES,
      fallback: { filterBits: bytes * 8, probes },
    };
  };
  if (n > ROCKSDB_MAX_RIBBON_ENTRIES) return bloom();
  const numSlots = ribbonRoundUpNumSlots(ribbonNumSlotsForEntries(n));
  const blocks = numSlots / COEFF_BITS;
  const numStarts = numSlots - COEFF_BITS + 1;
  const desiredFp = 1 / desiredOneInFpRate;
  let falsePositiveRate = 0;
  let expectedSegments = 0;
  if (desiredOneInFpRate > 1 && desiredFp < 1) {
    if (desiredOneInFpRate <= 0xffffffff) {
      const lowerColumns = Math.floor(Math.log2(Math.trunc(desiredOneInFpRate))); // FloorLog2((uint32)one_in)
      const lowerRate = Math.pow(2, -lowerColumns);
      const upperRate = Math.pow(2, -(lowerColumns + 1));
      const lowerPortion = (desiredFp - upperRate) / (lowerRate - upperRate);
      for (const [usb, probability] of upperStartBlockChoices(lowerPortion * numStarts)) {
        const segments = blocks * lowerColumns + (blocks - usb);
        falsePositiveRate += probability * ribbonSegmentsAndRate(numSlots, segments);
        expectedSegments += probability * segments;
      }
    } else {
      expectedSegments = (numSlots * 4) / 16; // num_slots * sizeof(ResultRow) bytes
      falsePositiveRate = ribbonSegmentsAndRate(numSlots, expectedSegments);
    }
  } else {
    expectedSegments = 1;
    falsePositiveRate = ribbonSegmentsAndRate(numSlots, 1);
  }
  const ribbonBytes = expectedSegments * 16 + METADATA_BYTES;
  if (numSlots < 1024) {
    const fallback = bloom();
    if (fallback.filterBytes < ribbonBytes) return fallback;
  }
  return { kind: 'ribbon', millibitsPerKey, desiredOneInFpRate, numSlots, filterBytes: ribbonBytes, falsePositiveRate };
}

/**
 * FP of RocksDB's Ribbon filter at `bitsPerKey` (what NewRibbonFilterPolicy(bits_per_key) builds). With n, the
 * exact configuration for n keys (slots, segments, Bloom fallbacks; see rocksDbRibbonConfiguration). Without n,
 * the many-keys limit, where the lower/upper column mix hits the target exactly: FP = CacheLocalFpRate(bpk,
 * ChooseNumProbes(millibits), 512), i.e. RocksDB's own estimate of its Bloom filter at the same setting.
 */
export function ribbonFalsePositiveRate(bitsPerKey: number, n?: number): number {
  if (n !== undefined) return rocksDbRibbonConfiguration(bitsPerKey, n).falsePositiveRate;
  const sanitized = rocksDbSanitizedBitsPerKey(bitsPerKey);
  if (sanitized === 0) return 1;
  const fp = rocksDbCacheLocalFpRateEstimate(sanitized, rocksDbFastLocalNumProbes(rocksDbMillibitsPerKey(bitsPerKey)), 512);
  return Math.min(1, Math.max(fp, Math.pow(2, -MAX_COLUMNS)));
}

/** Memory the Ribbon filter really takes, in bits per key (filter bytes with metadata x 8 / n), for n >= 1. */
export function ribbonBitsPerKey(bitsPerKey: number, n: number): number {
  if (!(n >= 1)) throw new RangeError(`n must be >= 1, got ${n}`);
  return (rocksDbRibbonConfiguration(bitsPerKey, n).filterBytes * 8) / n;
}
