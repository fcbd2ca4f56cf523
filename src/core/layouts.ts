/**
 * Library layouts whose false-positive rate is not the textbook one (library-models.md, library-research.md
 * F1/F2): blocked (cache-local) Bloom filters and split-block Bloom filters (SBBF).
 *
 * Both are "a key picks one block, then sets bits only inside it". With m/B blocks and n keys, a block's
 * load L is Binomial(n, B/m) and
 *     FP = sum_i P(L = i) * g(i),                         (Putze, Sanders, Singler 2007, eq. 3)
 * where g(i) is the false-positive rate of one block holding i keys.
 *
 * - Blocked (RocksDB FastLocalBloom B = 512, facebook/rocksdb util/bloom_impl.h FastLocalBloomImpl::AddHash;
 *   greatroar/blobloom B = 512): k positions uniform within the block, positions may coincide. g(i) is the
 *   EXACT colliding rate of a B-bit filter holding i keys (math-spec f_exact = E[(X/B)^k]), which is what
 *   brute-force enumeration of the layout gives. Putze's eq. 3 as printed uses Bloom's approximation
 *   (1 - (1 - 1/B)^(k i))^k inside the block; that variant is `blockedFalsePositiveRateAsPrinted`. At B = 512
 *   they differ by about 1% relative (10 bits/key, k = 6: 0.9657% exact, 0.9568% as printed). The data pick the
 *   exact one: RocksDB 7.8 measured 5.79% +- 0.023% at 6 bits/key (library-models.md; exact 5.772%, printed
 *   5.752%), and RocksDB's own per-probe figures (PR #6092, util/bloom_test.cc: 16 bits/key 9 probes 0.0843%,
 *   11 probes 0.0884%; 14 bits/key 9 probes 0.1846%, 8 probes 0.1843%) are met to 0.6% by the exact rate and
 *   missed by 2.0-2.8% by the printed one. FastLocalBloom's in-line probes (top 9 bits of h2 * 0x9e3779b9^j)
 *   are not independent draws, but their pairwise coincidence rate is 1/512 to sampling precision and the
 *   bit-exact simulator agrees with this model (simulateLayouts.ts 'rocksdbFastLocal'; within +-1.3% at 10 bpk).
 * - SBBF (apache/parquet-format BloomFilter.md; Arrow, Impala, Kudu): 256-bit blocks of eight 32-bit words, one
 *   bit per word, so g(i) = (1 - (31/32)^i)^8 exactly (the 8 words are independent given the load).
 *
 * Numerics: the load weights are built by the exact ratio recurrence P(i+1)/P(i) = (n-i)/(i+1) * p/(1-p)
 * outward from the mode and normalised by their own sum (no lnGamma of huge n, so n up to 2^53 - 1 is exact
 * to rounding); each walk stops when the remaining tail is provably below 1e-17 of the running numerator and
 * of the weight sum. The exact in-block rate comes from an occupancy DP over the set-bit count (positive terms,
 * extended key by key on demand) while that costs under 1e7 steps (every B <= 4096 at sane loads), else from
 * classic.ts's exact rate, interpolated in ln g across the load range when the range is wide (accepted only if
 * it reproduces two direct evaluations to 1e-11). When the load spread is wide (more than 4096 terms), the sum
 * is taken on a lattice of stride h <= sd/4: by Poisson summation its aliasing error is about
 * exp(-2 pi^2 sd^2 / h^2) < 1e-100 relative (checked against naive sums in the tests). Cost: 0.1-1 ms CPU for
 * B = 512 at any n; up to tens of ms only for huge blocks (B >= 2^16) with k near 30.
 */
import { distinctHitProbabilities, exactFalsePositiveRate, MAX_HASHES } from './classic';

/** RocksDB FastLocalBloom and blobloom cache-line size in bits. */
export const ROCKSDB_CACHE_LINE_BITS = 512;
/** SBBF block size in bits (eight 32-bit words). */
export const SPLIT_BLOCK_BITS = 256;
/** Bits per SBBF word. */
const SPLIT_BLOCK_WORD_BITS = 32;
/** Words per SBBF block = bits set per key (k = 8). */
export const SPLIT_BLOCK_WORDS = 8;

/** Stop a tail once its bound is below this fraction of the running result. */
const TAIL_TOLERANCE = 1e-17;
/** Give up on weights below this (relative to the mode's weight 1): far past any double's relevance. */
const WEIGHT_FLOOR = 1e-300;
/** Above this many load terms (cheap per-block rate), sum on a lattice instead. */
const DIRECT_TERMS_CHEAP = 4096;
/** Above this many load terms (expensive per-block rate, about 50 us each), sum on a lattice instead. */
const DIRECT_TERMS_EXPENSIVE = 40;
/** The exact per-block table by occupancy DP is used while (balls x states) stays below this. */
const OCCUPANCY_DP_BUDGET = 1e7;

// ---------------------------------------------------------------------------------------------
// Validation

function requireBits(mBits: number, what = 'm'): void {
  if (!Number.isSafeInteger(mBits) || mBits < 1) throw new RangeError(`${what} must be an integer from 1 to 2^53 - 1, got ${mBits}`);
}

function requireElements(n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`n must be an integer from 0 to 2^53 - 1, got ${n}`);
}

function requireHashes(k: number): void {
  if (!Number.isInteger(k) || k < 1 || k > MAX_HASHES) throw new RangeError(`k must be an integer from 1 to ${MAX_HASHES}, got ${k}`);
}

function requireBlocks(mBits: number, blockBits: number): number {
  requireBits(mBits);
  requireBits(blockBits, 'block size');
  if (mBits % blockBits !== 0) throw new RangeError(`m (${mBits}) must be a whole number of ${blockBits}-bit blocks`);
  return mBits / blockBits;
}

function requireBitsPerElement(bitsPerElement: number): void {
  if (!Number.isFinite(bitsPerElement) || bitsPerElement <= 0) throw new RangeError(`bits per element must be a finite number > 0, got ${bitsPerElement}`);
}

// ---------------------------------------------------------------------------------------------
// The load distribution of one block

/** A block's load: its mode and the ratio w(i+1)/w(i) of consecutive weights, i in [0, maxLoad]. */
interface LoadDistribution {
  readonly mode: number;
  readonly maxLoad: number;
  /** Standard deviation, for the lattice stride. */
  readonly sd: number;
  ratio(i: number): number;
  /** ln prod_{s<h} ratio(i + s), for large strides (only called with i + h within the wide range). */
  lnRatioProduct?(i: number, h: number): number;
}

/** L ~ Binomial(n, 1/blocks): a key's block is uniform (FastRange32 over the lines, RocksDB AddHash). */
function binomialLoad(n: number, blocks: number): LoadDistribution {
  const p = 1 / blocks;
  const odds = 1 / (blocks - 1); // p / (1 - p), exact for blocks >= 2
  return {
    mode: Math.min(n, Math.floor((n + 1) * p)),
    maxLoad: n,
    sd: Math.sqrt(n * p * (1 - p)),
    ratio: (i) => ((n - i) / (i + 1)) * odds,
    // prod (n-i-s)/(i+s+1) = [Gamma(n-i+1)/Gamma(n-i-h+1)] / [Gamma(i+h+1)/Gamma(i+1)]
    lnRatioProduct: (i, h) => lnGammaDifferenceSafe(n - i - h + 1, h) - lnGammaDifferenceSafe(i + 1, h) + h * Math.log(odds),
  };
}

/** The per-element limit n -> infinity at fixed bits per element: L ~ Poisson(lambda = B / bitsPerElement). */
function poissonLoad(lambda: number): LoadDistribution {
  return {
    mode: Math.floor(lambda), maxLoad: Number.MAX_SAFE_INTEGER, sd: Math.sqrt(lambda), ratio: (i) => lambda / (i + 1),
    lnRatioProduct: (i, h) => h * Math.log(lambda) - lnGammaDifferenceSafe(i + 1, h),
  };
}

/** ln Gamma(x + d) - ln Gamma(x): Stirling difference for x >= 1000, else a direct sum of logs (d small there). */
function lnGammaDifferenceSafe(x: number, d: number): number {
  if (x >= 1000) return lnGammaDifference(x, d);
  let sum = 0;
  for (let s = 0; s < d; s++) sum += Math.log(x + s);
  return sum;
}

/** The per-block rate g(i) and whether one evaluation is cheap (closed form) or costly. */
interface BlockRate {
  readonly cheap: boolean;
  rate(load: number): number;
  /** Called once with the top of the load range: lets the exact rate choose its DP table (within budget). */
  prepare?(maxLoad: number): void;
}

/** Beyond this load standard deviation the range is taken as mode +- 14 sd (weights there < 1e-42). */
const WIDE_SD = 1000;

/** Weights outward from the mode: returns [lowest, highest] load that matters (weights relative to the mode's 1). */
function loadRange(load: LoadDistribution): [number, number] {
  if (load.sd > WIDE_SD) {
    // lambda > 1e6: the load is normal to within skewness 1/sd, and e^(-14^2/2) = 3e-43.
    return [Math.max(0, Math.floor(load.mode - 14 * load.sd)), Math.min(load.maxLoad, Math.ceil(load.mode + 14 * load.sd))];
  }
  let hi = load.mode;
  let w = 1;
  while (hi < load.maxLoad) {
    const r = load.ratio(hi);
    // Tail beyond hi is at most w r / (1 - r) once r < 1 (ratios fall with i).
    if (r < 1 && (w * r) / (1 - r) < 1e-40) break;
    if (w * r < WEIGHT_FLOOR) break;
    w *= r;
    hi++;
  }
  let lo = load.mode;
  w = 1;
  while (lo > 0) {
    const r = 1 / load.ratio(lo - 1); // w(lo-1)/w(lo)
    if (r < 1 && (w * r) / (1 - r) < 1e-40) break;
    if (w * r < WEIGHT_FLOOR) break;
    w *= r;
    lo--;
  }
  return [lo, hi];
}

/**
 * sum_i P(L = i) g(i), with P built by the ratio recurrence from the mode and normalised by its own sum.
 * Direct summation with tail bounds relative to the running numerator; a lattice of stride <= sd/4 when
 * the range is wide.
 */
function sumOverLoad(load: LoadDistribution, blockRate: BlockRate): number {
  let block = blockRate;
  const [lo, hi] = loadRange(load);
  const terms = hi - lo + 1;
  block.prepare?.(hi);
  if (!block.cheap && terms > DIRECT_TERMS_EXPENSIVE) {
    const smooth = interpolatedRate(block, lo, hi);
    if (smooth !== undefined) block = smooth;
  }
  const directLimit = block.cheap ? DIRECT_TERMS_CHEAP : DIRECT_TERMS_EXPENSIVE;
  if (terms > directLimit && load.sd >= 8) return latticeSum(load, block, lo, hi);
  // Upward from the mode (g increases with the load: bound the tail's g by 1).
  let weightSum = 0;
  let numerator = 0;
  let w = 1;
  let i = load.mode;
  for (;;) {
    const g = block.rate(i);
    weightSum += w;
    numerator += w * g;
    if (i >= load.maxLoad) break;
    const r = load.ratio(i);
    const next = w * r;
    if (next < WEIGHT_FLOOR) break;
    // Remaining upper tail: sum_{j > i} w_j <= w_{i+1} / (1 - r) (ratios fall), times g <= 1.
    if (r < 1 && (next / (1 - r)) <= TAIL_TOLERANCE * Math.max(numerator, Number.MIN_VALUE)) break;
    w = next;
    i++;
  }
  // Downward (g decreases: bound the tail's g by the current g).
  w = 1;
  i = load.mode;
  let gAbove = block.rate(i);
  while (i > 0) {
    const r = 1 / load.ratio(i - 1);
    const next = w * r;
    if (next < WEIGHT_FLOOR) break;
    // Remaining lower tail: weights fall geometrically at rate <= r and g <= g(i) there; the weights
    // themselves must also be negligible against the normalising sum.
    const tail = next / (1 - r);
    if (r < 1 && tail * Math.min(1, gAbove) <= TAIL_TOLERANCE * numerator && tail <= TAIL_TOLERANCE * weightSum) break;
    w = next;
    i--;
    const g = block.rate(i);
    weightSum += w;
    numerator += w * g;
    gAbove = g;
    if (g === 0 && numerator > 0) break; // no load below contributes (g(0) = 0 and g is monotone)
  }
  return clampRate(numerator / weightSum);
}

/** Lattice version: sample every h-th load (h <= sd/4) across [lo, hi]; weights by the same recurrence. */
function latticeSum(load: LoadDistribution, block: BlockRate, lo: number, hi: number): number {
  const stride = Math.max(1, Math.floor(load.sd / 4));
  let weightSum = 0;
  let numerator = 0;
  // Upward: ln w(i + h) - ln w(i) = ln[(n-i)!/(n-i-h)!] - ln[(i+h)!/i!] + h ln(odds) (exact recurrence, summed in closed form).
  let lnW = 0;
  for (let i = load.mode; i <= hi; i += stride) {
    const w = Math.exp(lnW);
    weightSum += w;
    numerator += w * block.rate(i);
    lnW += lnRatioProduct(load, i, stride);
  }
  lnW = 0;
  for (let i = load.mode - stride; i >= lo; i -= stride) {
    lnW -= lnRatioProduct(load, i, stride);
    const w = Math.exp(lnW);
    weightSum += w;
    numerator += w * block.rate(i);
  }
  return clampRate(numerator / weightSum);
}

/** ln of prod_{s=0}^{h-1} ratio(i + s) = ln w(i + h) - ln w(i). */
function lnRatioProduct(load: LoadDistribution, i: number, h: number): number {
  if (h <= 64 || load.lnRatioProduct === undefined) {
    let sum = 0;
    for (let s = 0; s < h; s++) sum += Math.log(load.ratio(i + s));
    return sum;
  }
  return load.lnRatioProduct(i, h);
}

/**
 * ln Gamma(x + d) - ln Gamma(x) for x >= 1000, d >= 0, without forming the huge ln Gamma values:
 * Stirling, (x - 1/2) log1p(d/x) + d ln(x + d) - d + [1/(12 z) - 1/(360 z^3)] from z = x to x + d.
 * Relative error about 1e-16 of d ln(x + d).
 */
function lnGammaDifference(x: number, d: number): number {
  const tail = (z: number): number => 1 / (12 * z) - 1 / (360 * z * z * z);
  return (x - 0.5) * Math.log1p(d / x) + d * Math.log(x + d) - d + (tail(x + d) - tail(x));
}

/** Node counts tried in turn for the interpolant of ln g over the load range. */
const INTERPOLATION_NODE_COUNTS = [8, 12, 16];
/** Accept the interpolant when it reproduces two direct evaluations to this relative accuracy. */
const INTERPOLATION_TOLERANCE = 1e-11;

/**
 * For an expensive g over a wide load range (large blocks): barycentric interpolation of ln g at 14 integer
 * nodes near the Chebyshev points of [lo, hi]. ln g is analytic there with its nearest singularity about
 * 2 pi B / k away, far beyond the range's half-width (about 13 sd << B / k), so the interpolant converges
 * geometrically; it is accepted only if it matches g directly at two off-node loads to 1e-11 (8, then 12, then
 * 16 nodes; otherwise the caller evaluates g at every lattice point).
 */
function interpolatedRate(block: BlockRate, lo: number, hi: number): BlockRate | undefined {
  for (const count of INTERPOLATION_NODE_COUNTS) {
    const interpolant = interpolatedRateWith(block, lo, hi, count);
    if (interpolant !== undefined) return interpolant;
  }
  return undefined;
}

function interpolatedRateWith(block: BlockRate, lo: number, hi: number, nodeCount: number): BlockRate | undefined {
  const nodes: number[] = [];
  const mid = (lo + hi) / 2;
  const half = (hi - lo) / 2;
  for (let j = 0; j < nodeCount; j++) {
    const node = Math.round(mid + half * Math.cos((Math.PI * (j + 0.5)) / nodeCount));
    if (!nodes.includes(node)) nodes.push(node);
  }
  const values = nodes.map((i) => Math.log(block.rate(i)));
  if (!values.every(Number.isFinite)) return undefined;
  const weights = nodes.map((xj, j) => 1 / nodes.reduce((product, xl, l) => (l === j ? product : product * (xj - xl)), 1));
  const interpolate = (i: number): number => {
    let numerator = 0;
    let denominator = 0;
    for (let j = 0; j < nodes.length; j++) {
      const d = i - nodes[j];
      if (d === 0) return values[j];
      const t = weights[j] / d;
      numerator += t * values[j];
      denominator += t;
    }
    return numerator / denominator;
  };
  for (const check of [Math.round(mid + half * 0.37), Math.round(mid - half * 0.61)]) {
    if (nodes.includes(check)) continue;
    const direct = block.rate(check);
    if (!(Math.abs(Math.exp(interpolate(check)) - direct) <= INTERPOLATION_TOLERANCE * direct)) return undefined;
  }
  return { cheap: true, rate: (load) => (load === 0 ? 0 : Math.min(1, Math.exp(interpolate(load)))) };
}

function clampRate(x: number): number {
  if (!(x > 0)) return 0;
  return x > 1 ? 1 : x;
}

// ---------------------------------------------------------------------------------------------
// Per-block rates

/**
 * The exact colliding rate of a B-bit block holding i keys with k probes each: E[(X/B)^k], X = set bits after
 * k i uniform balls. For small B (B x balls within budget) an occupancy DP over X (positive terms only:
 * P'(x) = P(x) x/B + P(x-1) (B-x+1)/B), tabulated for every load; otherwise classic.ts's exact rate per load.
 */
function exactBlockRate(blockBits: number, k: number, tables?: BlockRateTables): BlockRate {
  let table: OccupancyTable | undefined;
  let limit = 0; // largest load the DP may reach within budget
  return {
    get cheap() { return table !== undefined; },
    prepare(maxLoad: number): void {
      // The set-bit count X keeps within about +-15 sd (sd <= sqrt(B)/2) of its mean once trimmed.
      const window = Math.min(blockBits + 1, 8 * Math.sqrt(blockBits) + 64);
      limit = Math.floor(OCCUPANCY_DP_BUDGET / (k * window));
      if (maxLoad > limit) return;
      table = tables?.table(blockBits, k) ?? new OccupancyTable(blockBits, k);
    },
    rate(load: number): number {
      if (load === 0) return 0;
      if (table !== undefined && load <= limit) return table.rate(load);
      return exactFalsePositiveRate(blockBits, load, k, 'colliding');
    },
  };
}

/**
 * g(i) = E[(X_{k i}/B)^k] for i = 1, 2, ... by the occupancy DP (Markov chain on the number of set bits X),
 * extended on demand: each key adds k balls, P'(x) = P(x) x/B + P(x-1) (B-x+1)/B.
 */
class OccupancyTable {
  private readonly probability: Float64Array;
  private readonly hitPower: Float64Array; // (x/B)^k
  private readonly stay: Float64Array; // x/B: the ball lands on a set bit
  private readonly fresh: Float64Array; // (B-x+1)/B: from x-1 set bits, the ball lands on a clear one
  private readonly rates: number[] = [0];
  private top = 0; // highest x with non-negligible probability
  private bottom = 0; // lowest x with non-negligible probability

  constructor(private readonly blockBits: number, private readonly k: number) {
    this.probability = new Float64Array(blockBits + 1);
    this.probability[0] = 1;
    this.hitPower = new Float64Array(blockBits + 1);
    this.stay = new Float64Array(blockBits + 1);
    this.fresh = new Float64Array(blockBits + 1);
    for (let x = 0; x <= blockBits; x++) {
      this.hitPower[x] = Math.pow(x / blockBits, k);
      this.stay[x] = x / blockBits;
      this.fresh[x] = (blockBits - x + 1) / blockBits;
    }
  }

  rate(load: number): number {
    while (this.rates.length <= load) this.addKey();
    return this.rates[load];
  }

  private addKey(): void {
    const { probability, hitPower, stay, fresh, blockBits: B, k } = this;
    // States below 1e-30 are dropped: at most (B + 1) e-30 of mass per ball, against rates of order >= 1e-20
    // wherever this table is used (lighter loads keep every state: X cannot exceed the balls thrown).
    const negligible = 1e-30;
    let { top, bottom } = this;
    for (let ball = 0; ball < k; ball++) {
      if (top < B) top++;
      const low = bottom > 1 ? bottom : 1;
      for (let x = top; x >= low; x--) probability[x] = probability[x] * stay[x] + probability[x - 1] * fresh[x];
      if (bottom === 0) probability[0] = 0;
      while (bottom < top && probability[bottom] < negligible) { probability[bottom] = 0; bottom++; }
      while (top > bottom && probability[top] < negligible) { probability[top] = 0; top--; }
    }
    let sum = 0;
    for (let x = bottom; x <= top; x++) sum += probability[x] * hitPower[x];
    this.rates.push(Math.min(1, sum));
    this.top = top;
    this.bottom = bottom;
  }
}

/**
 * The in-block rate tables of blocked filters, one per (block size, k), for a caller that evaluates many blocked
 * rates in turn (a search over the number of blocks): pass the same object to each blockedFalsePositiveRate call.
 * A table depends only on (B, k) and is extended key by key on demand, identically whoever extends it, so sharing
 * one changes no result; it saves rebuilding the DP (about 0.1-1 ms) at every evaluation. Holds no other state.
 */
export class BlockRateTables {
  private readonly tables = new Map<string, OccupancyTable>();

  /** Whether the table for (B, k) exists: the exact rate then costs about a microsecond per load term (loads within the DP budget). */
  has(blockBits: number, k: number): boolean {
    return this.tables.has(`${blockBits}:${k}`);
  }

  table(blockBits: number, k: number): OccupancyTable {
    const key = `${blockBits}:${k}`;
    let table = this.tables.get(key);
    if (table === undefined) { table = new OccupancyTable(blockBits, k); this.tables.set(key, table); }
    return table;
  }
}

/** Bloom's approximation inside the block (Putze et al. eq. 3 as printed): (1 - (1 - 1/B)^(k i))^k. */
function printedBlockRate(blockBits: number, k: number): BlockRate {
  const lnKeep = k * Math.log1p(-1 / blockBits);
  return { cheap: true, rate: (load) => Math.pow(-Math.expm1(lnKeep * load), k) };
}

/** SBBF: one bit in each of 8 words of 32 bits; a word is set at the query's bit with 1 - (31/32)^i. */
function splitBlockRate(): BlockRate {
  const lnKeep = Math.log1p(-1 / SPLIT_BLOCK_WORD_BITS);
  return { cheap: true, rate: (load) => Math.pow(-Math.expm1(lnKeep * load), SPLIT_BLOCK_WORDS) };
}

// ---------------------------------------------------------------------------------------------
// Public API: blocked

/**
 * False-positive rate of a blocked Bloom filter: m bits in m/B blocks of `blockBits`, n keys, each key picks a
 * block uniformly and sets k uniform (possibly coinciding) positions in it (Putze et al. 2007 eq. 3 with the
 * exact in-block rate; RocksDB util/bloom_impl.h FastLocalBloomImpl, B = 512). m must be a multiple of B.
 * One block (m = B) is the classic exact colliding rate. Finite in [0, 1] for every valid input. `tables`: share
 * the in-block DP across calls (see BlockRateTables); the result is the same with or without it.
 */
export function blockedFalsePositiveRate(mBits: number, n: number, k: number, blockBits: number, tables?: BlockRateTables): number {
  const blocks = requireBlocks(mBits, blockBits);
  requireElements(n);
  requireHashes(k);
  if (n === 0) return 0;
  if (blocks === 1) return exactFalsePositiveRate(blockBits, n, k, 'colliding'); // load = n
  return sumOverLoad(binomialLoad(n, blocks), exactBlockRate(blockBits, k, tables));
}

/**
 * An upper bound of blockedFalsePositiveRate, at the cost of a closed-form load sum (no in-block DP):
 * sum_i P(L = i) E[q_i^D], with q_i = 1 - (1 - 1/B)^(k i) the chance that a given bit of a block holding i keys is set
 * and D the number of distinct bits among the query's k (classic.ts distinctHitProbabilities). The bits' "is set"
 * indicators are negatively associated (balls in bins; Dubhashi & Ranjan 1998, Random Structures & Algorithms
 * 13(2)), so D given bits are all set with probability at most q_i^D. blockedFalsePositiveRateAsPrinted is the
 * matching lower bound; at B = 512 the two are a few percent apart for k <= 12.
 */
export function blockedFalsePositiveRateUpperBound(mBits: number, n: number, k: number, blockBits: number): number {
  const blocks = requireBlocks(mBits, blockBits);
  requireElements(n);
  requireHashes(k);
  if (n === 0) return 0;
  const distinct = distinctHitProbabilities(blockBits, k);
  const lnKeep = k * Math.log1p(-1 / blockBits);
  const block: BlockRate = {
    cheap: true,
    rate: (load) => {
      const setProbability = -Math.expm1(lnKeep * load);
      let rate = 0;
      for (let d = distinct.length - 1; d >= 1; d--) rate = (rate + distinct[d]) * setProbability; // Horner: sum_d P(D = d) q^d
      return rate;
    },
  };
  if (blocks === 1) return clampRate(block.rate(n));
  return sumOverLoad(binomialLoad(n, blocks), block);
}

/**
 * The same with Bloom's formula inside the block, exactly as Putze et al. eq. 3 prints it and as
 * library-models.md tabulates it ("blocked formula (binomial)"): sum_i P(L=i) (1 - (1 - 1/B)^(k i))^k.
 * Slightly below blockedFalsePositiveRate (about 1% relative at B = 512), and never above it: per block,
 * E[(X/B)^k] >= (E[X]/B)^k (Jensen), so it is also a cheap lower bound of the exact rate.
 */
export function blockedFalsePositiveRateAsPrinted(mBits: number, n: number, k: number, blockBits: number): number {
  const blocks = requireBlocks(mBits, blockBits);
  requireElements(n);
  requireHashes(k);
  if (n === 0) return 0;
  const block = printedBlockRate(blockBits, k);
  if (blocks === 1) return clampRate(block.rate(n));
  return sumOverLoad(binomialLoad(n, blocks), block);
}

/**
 * Per-element limit of blockedFalsePositiveRate: n -> infinity with m = n * bitsPerElement, so the load is
 * Poisson(B / bitsPerElement) (Putze et al. eq. 3, Poisson form).
 */
export function blockedFalsePositiveRatePerElement(bitsPerElement: number, k: number, blockBits: number): number {
  requireBitsPerElement(bitsPerElement);
  requireHashes(k);
  requireBits(blockBits, 'block size');
  return sumOverLoad(poissonLoad(blockBits / bitsPerElement), exactBlockRate(blockBits, k));
}

/** Per-element limit with Bloom's formula inside the block (eq. 3 as printed, Poisson load). */
export function blockedFalsePositiveRatePerElementAsPrinted(bitsPerElement: number, k: number, blockBits: number): number {
  requireBitsPerElement(bitsPerElement);
  requireHashes(k);
  requireBits(blockBits, 'block size');
  return sumOverLoad(poissonLoad(blockBits / bitsPerElement), printedBlockRate(blockBits, k));
}

/**
 * RocksDB's own estimate, for cross-checks only (facebook/rocksdb util/bloom_impl.h BloomMath::CacheLocalFpRate):
 * the mean of the standard rate (1 - e^(-k/b))^k at the line load +- one standard deviation. It runs low at
 * high bits per key (library-research.md F1).
 */
export function rocksDbCacheLocalFpRateEstimate(bitsPerKey: number, k: number, cacheLineBits = ROCKSDB_CACHE_LINE_BITS): number {
  if (!(bitsPerKey > 0)) return 1; // "Fix a discontinuity" in the source
  const standard = (b: number): number => Math.pow(-Math.expm1(-k / b), k); // BloomMath::StandardFpRate
  const keysPerLine = cacheLineBits / bitsPerKey;
  const sd = Math.sqrt(keysPerLine);
  const crowded = standard(cacheLineBits / (keysPerLine + sd));
  const uncrowded = keysPerLine - sd > 0 ? standard(cacheLineBits / (keysPerLine - sd)) : 0;
  return (crowded + uncrowded) / 2;
}

// ---------------------------------------------------------------------------------------------
// Public API: split-block

/**
 * False-positive rate of a split-block Bloom filter (SBBF; apache/parquet-format BloomFilter.md, Arrow
 * cpp/src/parquet/bloom_filter.h, Impala/Kudu block_bloom_filter): m bits in 256-bit blocks, each key sets one
 * bit in each of the block's eight 32-bit words (k = 8): sum_i P(L=i) (1 - (31/32)^i)^8, L ~ Binomial(n, 256/m).
 * m must be a multiple of 256.
 */
export function splitBlockFalsePositiveRate(mBits: number, n: number): number {
  const blocks = requireBlocks(mBits, SPLIT_BLOCK_BITS);
  requireElements(n);
  if (n === 0) return 0;
  const block = splitBlockRate();
  if (blocks === 1) return clampRate(block.rate(n));
  return sumOverLoad(binomialLoad(n, blocks), block);
}

/** Per-element limit of the SBBF rate: load Poisson(256 / bitsPerElement). */
export function splitBlockFalsePositiveRatePerElement(bitsPerElement: number): number {
  requireBitsPerElement(bitsPerElement);
  return sumOverLoad(poissonLoad(SPLIT_BLOCK_BITS / bitsPerElement), splitBlockRate());
}

/**
 * Parquet's writer sizing (parquet-format BloomFilter.md "Sizing an SBBF"; Arrow C++
 * BlockSplitBloomFilter::OptimalNumOfBits; parquet-java BlockSplitBloomFilter.optimalNumOfBits):
 * m = -8 n / ln(1 - p^(1/8)) bits (the classic formula with k = 8), not rounded.
 */
export function parquetOptimalBits(n: number, p: number): number {
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`n must be a finite number >= 0, got ${n}`);
  if (!(p > 0 && p < 1)) throw new RangeError(`p must be strictly between 0 and 1, got ${p}`);
  return (-8 * n) / Math.log1p(-Math.pow(p, 1 / 8));
}

/** parquet-java's default parquet.bloom.filter.max.bytes (1 MiB). */
export const PARQUET_DEFAULT_MAX_BYTES = 1024 * 1024;
/** parquet-java BlockSplitBloomFilter.UPPER_BOUND_BYTES (128 MiB) and LOWER_BOUND_BYTES (32). */
const PARQUET_UPPER_BOUND_BYTES = 128 * 1024 * 1024;
const PARQUET_LOWER_BOUND_BYTES = 32;

/**
 * The filter bytes parquet-java's writer allocates for n distinct values at target p (apache/parquet-java
 * parquet-column .../bloomfilter/BlockSplitBloomFilter.java):
 * - optimalNumOfBits: bits = (int) m, m = -8 n / ln(1 - p^(1/8)); capped at 2^30 bits; then
 *   (bits + 255) & ~256 in 32-bit int arithmetic (meant as "round up to 256", it only clears bit 8); at least 256;
 * - new BlockSplitBloomFilter(bits / 8, maxBytes) -> initBitset: at least 32 bytes, then the next power of two
 *   (highestOneBit << 1) unless already one, then capped at maxBytes (maxBytes outside [32, 128 MiB] means 128 MiB).
 * The real FP of the result is splitBlockFalsePositiveRate(8 * 32 * floor(bytes / 32), n), not p.
 */
export function parquetFilterBytes(n: number, p: number, maxBytes = PARQUET_DEFAULT_MAX_BYTES): number {
  const m = parquetOptimalBits(n, p);
  let bits = Math.trunc(m);
  if (bits > PARQUET_UPPER_BOUND_BYTES * 8 || m < 0) bits = PARQUET_UPPER_BOUND_BYTES * 8;
  bits = ((bits + 255) & ~256) >>> 0; // BITS_PER_BLOCK - 1 = 255, ~BITS_PER_BLOCK = ~256 (sic)
  if (bits < PARQUET_LOWER_BOUND_BYTES * 8) bits = PARQUET_LOWER_BOUND_BYTES * 8;
  const maximumBytes = maxBytes >= PARQUET_LOWER_BOUND_BYTES && maxBytes <= PARQUET_UPPER_BOUND_BYTES ? Math.trunc(maxBytes) : PARQUET_UPPER_BOUND_BYTES;
  let bytes = Math.trunc(bits / 8);
  if (bytes < PARQUET_LOWER_BOUND_BYTES) bytes = PARQUET_LOWER_BOUND_BYTES;
  if ((bytes & (bytes - 1)) !== 0) bytes = 2 ** (Math.floor(Math.log2(bytes)) + 1); // Integer.highestOneBit(b) << 1
  if (bytes > maximumBytes) bytes = maximumBytes;
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Shared with other layout models (hash32.ts)

/**
 * sum_i P(L = i) rate(i) with L ~ Binomial(n, 1/blocks) (blocks >= 2) or L = n (blocks = 1), by the same
 * mode-outward summation with rigorous tail stops as the models above. `rate` must be non-decreasing in the
 * load with rate(0) = 0, values in [0, 1], and cheap (it may be called for a few thousand loads).
 */
export function averageOverBlockLoad(n: number, blocks: number, rate: (load: number) => number): number {
  requireElements(n);
  if (!Number.isSafeInteger(blocks) || blocks < 1) throw new RangeError(`blocks must be an integer >= 1, got ${blocks}`);
  if (n === 0) return 0;
  if (blocks === 1) return clampRate(rate(n));
  return sumOverLoad(binomialLoad(n, blocks), { cheap: true, rate });
}
