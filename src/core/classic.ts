/**
 * The classic Bloom filter (Fan et al., paper 002, and the formulas it reviews), as math-spec.md
 * settles them: Bloom's formula, the exact false-positive probability for colliding, non-colliding and
 * partitioned hashing, Christensen's and Grandi's formulas as printed, Bose's bounds error ratio, the
 * partitioned upper bound, the optimal number of hashes and sizing in every direction.
 */
import { Scaled, scaled, scaledExp, scaledLog, scaledProduct, scaledSum, scaledToNumber } from './extendedRange';
import { CompensatedSum } from './numeric';

/** How an element's k positions are chosen (math-spec: Model). */
export type HashingModel = 'colliding' | 'noncolliding' | 'partitioned';

/** The largest number of hash functions the exact models accept (cli-contract: k from 1 to 64). */
export const MAX_HASHES = 64;

/** Largest m accepted by the O(m^2) formulas evaluated as printed (Christensen, Grandi). */
export const MAX_BITS_AS_PRINTED = 200_000;

const EPSILON = Number.EPSILON;
/** Accept plain inclusion-exclusion when its estimated relative rounding error is below this. */
const INCLUSION_EXCLUSION_TOLERANCE = 1e-13;
/** Truncate a positive tail once its bound is below this fraction of the running total. */
const TAIL_TOLERANCE = 1e-18;

// ---------------------------------------------------------------------------------------------
// Validation

function requireBits(mBits: number, what = 'm'): void {
  if (!Number.isSafeInteger(mBits) || mBits < 1) {
    throw new RangeError(`${what} must be an integer from 1 to 2^53 - 1, got ${mBits}`);
  }
}

function requireElements(n: number, what = 'n'): void {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`${what} must be an integer from 0 to 2^53 - 1, got ${n}`);
  }
}

function requireHashes(k: number): void {
  if (!Number.isInteger(k) || k < 1 || k > MAX_HASHES) {
    throw new RangeError(`k must be an integer from 1 to ${MAX_HASHES}, got ${k}`);
  }
}

function requireRealPositive(value: number, what: string): void {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${what} must be a finite number > 0, got ${value}`);
}

function requireProbability(p: number): void {
  if (!(p > 0 && p < 1)) throw new RangeError(`p must be a probability strictly between 0 and 1, got ${p}`);
}

function requireModel(hashing: HashingModel): void {
  if (hashing !== 'colliding' && hashing !== 'noncolliding' && hashing !== 'partitioned') {
    throw new RangeError(`hashing must be colliding, noncolliding or partitioned, got ${String(hashing)}`);
  }
}

function requireDistinctPositionsFit(mBits: number, k: number, hashing: HashingModel): void {
  if (hashing !== 'colliding' && k > mBits) {
    throw new RangeError(`${hashing} hashing needs k <= m (k distinct positions or k slices), got k = ${k} > m = ${mBits}`);
  }
}

/** Largest k the hashing model allows for m bits. */
function maxHashesFor(mBits: number, hashing: HashingModel): number {
  return hashing === 'colliding' ? MAX_HASHES : Math.min(MAX_HASHES, mBits);
}

// ---------------------------------------------------------------------------------------------
// Closed forms

/**
 * Bloom's formula (Fan et al. eq. 2): (1 - (1 - 1/m)^(kn))^k, with (1 - 1/m)^(kn) as
 * exp(kn log1p(-1/m)) (math-spec). k and n may be real here (plots, real optimal k).
 */
export function bloomFalsePositiveRate(mBits: number, n: number, k: number): number {
  requireBits(mBits);
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`n must be a finite number >= 0, got ${n}`);
  requireRealPositive(k, 'k');
  if (n === 0) return 0;
  const bitSetProbability = -Math.expm1(k * n * Math.log1p(-1 / mBits)); // 1 - p', eq. 1
  return Math.pow(bitSetProbability, k);
}

/**
 * The partitioned filter's rate, Fan et al. eq. 19: (1 - (1 - k/m)^n)^k. An upper bound of the exact
 * colliding rate (math-spec), exact for a partitioned filter when k divides m. For k >= m every slice
 * has at most one bit, so the bound is 1 (n >= 1).
 */
export function partitionedFalsePositiveRate(mBits: number, n: number, k: number): number {
  requireBits(mBits);
  requireElements(n);
  requireHashes(k);
  if (n === 0) return 0;
  if (k >= mBits) return 1;
  const bitSetProbability = -Math.expm1(n * Math.log1p(-k / mBits)); // 1 - p'_partition, eq. 16
  return Math.pow(bitSetProbability, k);
}

/**
 * Bose et al.'s bounds error ratio as Fan et al. plot it (eq. 5-6): beta = (k/p) sqrt((ln m - c k ln p)/m),
 * p = 1 - (1 - 1/m)^(kn), so that "f_bloom (1 + beta)" is the O()-bound with constant 1. The printed
 * text has c = 1; the authors' code (the default here) uses c = 2. The O() constant is unspecified:
 * this is the paper's ratio, not a guaranteed bound.
 */
export function boseErrorRatio(mBits: number, n: number, k: number, c = 2): number {
  requireBits(mBits);
  requireElements(n);
  requireRealPositive(k, 'k');
  if (n < 1) throw new RangeError('n must be >= 1 for Bose\'s error ratio');
  const p = -Math.expm1(k * n * Math.log1p(-1 / mBits));
  return (k / p) * Math.sqrt((Math.log(mBits) - c * k * Math.log(p)) / mBits);
}

/** Fan et al.'s own bounds error ratio (Fig. 3-4): (f_partitioned - f_bloom) / f_bloom. */
export function partitionedErrorRatio(mBits: number, n: number, k: number): number {
  if (n < 1) throw new RangeError('n must be >= 1 for the bounds error ratio');
  return partitionedFalsePositiveRate(mBits, n, k) / bloomFalsePositiveRate(mBits, n, k) - 1;
}

// ---------------------------------------------------------------------------------------------
// The exact colliding rate in O(k^2) (math-spec: "The exact rate in O(k^2)")
//
// Probabilities that may fall below 1e-308 are kept as extended-range numbers (extendedRange.ts): for a
// lightly loaded filter with large k the rate itself is astronomically small (n = 1: at most (k/m)^k),
// and the factors of its terms underflow long before their product stops mattering.

/**
 * A_i for i = 0..maxI: the probability that i given bits are all set after `balls` uniform balls
 * (colliding hashing, kn balls) into m bits. math-spec: A_i = sum_j (-1)^j C(i,j) (1 - j/m)^balls; used
 * when well conditioned, else the positive-terms recipe. Requires maxI <= m. Values below about 1e-308
 * underflow to 0.
 */
export function allSetProbabilities(mBits: number, balls: number, maxI: number): Float64Array {
  return Float64Array.from(allSetScaled(mBits, balls, maxI), scaledToNumber);
}

/**
 * A_i for i = 0..maxI as extended-range numbers. Plain inclusion-exclusion where its rounding-error bound is
 * below INCLUSION_EXCLUSION_TOLERANCE (heavily loaded filters), else math-spec's positive recipe
 * (positiveAllSet), which is accurate for every load but costs O(mean + tail) steps; it is only chosen
 * where inclusion-exclusion is ill conditioned, kn/m below about 10, so the mean balls * i/m stays below a
 * few hundred.
 */
function allSetScaled(mBits: number, balls: number, maxI: number): Scaled[] {
  const allSet: Scaled[] = new Array<Scaled>(maxI + 1).fill(ZERO);
  allSet[0] = ONE;
  if (balls === 0 || maxI === 0) return allSet;
  // q_j = (1 - j/m)^balls; exponent x_j kept for the error estimate.
  const exponent = new Float64Array(maxI + 1);
  const q = new Float64Array(maxI + 1);
  for (let j = 0; j <= maxI; j++) {
    exponent[j] = j === 0 ? 0 : balls * Math.log1p(-j / mBits);
    q[j] = j >= mBits ? 0 : Math.exp(exponent[j]);
  }
  const unstable: number[] = [];
  for (let i = 1; i <= maxI; i++) {
    if (i > balls) continue; // fewer balls than bits: exactly 0
    const sum = new CompensatedSum();
    let magnitude = 0; // sum_j C(i,j) q_j (1 + 2|x_j|): bounds the rounding error of the alternating sum
    let binomial = 1;
    for (let j = 0; j <= i; j++) {
      const term = binomial * q[j];
      sum.add(j % 2 === 0 ? term : -term);
      if (term > 0) magnitude += term * (1 + 2 * Math.abs(exponent[j])); // q_j = 0 (j = m): exponent -Infinity, no error
      binomial = (binomial * (i - j)) / (j + 1);
    }
    const value = sum.value;
    if (value > 0 && (magnitude * 4 * EPSILON) / value < INCLUSION_EXCLUSION_TOLERANCE) allSet[i] = scaled(Math.min(1, value));
    else unstable.push(i);
  }
  for (const [i, value] of positiveAllSet(mBits, balls, unstable)) allSet[i] = value;
  return allSet;
}

const ZERO: Scaled = { value: 0, exponent: 0 };
const ONE: Scaled = { value: 1, exponent: 0 };
/** The positive sums are rescaled by this (exact) power of two before they could overflow. */
const RESCALE_BITS = 500;
const RESCALE = 2 ** RESCALE_BITS;

/**
 * Binom(trials, probability)(successes) for successes <= 64, as an extended-range number: e^((trials - s)
 * ln(1 - p)) times prod_{j<s} (trials - j) p / (j + 1). A lightly loaded filter has this far below 1e-308
 * (left to underflow, it was the bug of (m, n, k) = (2^33, 1, 50)).
 */
function binomialPmfScaled(trials: number, probability: number, successes: number): Scaled {
  let pmf = scaledExp((trials - successes) * Math.log1p(-probability));
  for (let j = 0; j < successes; j++) pmf = scaled(pmf.value * (((trials - j) * probability) / (j + 1)), pmf.exponent);
  return pmf;
}

/**
 * math-spec's stable recipe: A_i = sum_{t >= i} Binom(balls, i/m)(t) Cover(t, i), where Cover(t, i) is the
 * probability that t uniform balls cover all of i bins. Cover is advanced over t for every i at once by
 * the positive recurrence Cover(t+1, i) = Cover(t, i) + (1 - 1/i)^t Cover(t, i-1) (equivalent to
 * math-spec's DP, from Cover(t, i) = i! S2(t, i) / i^t). The pmf is kept relative to its extended-range
 * value at t = i; the sum stops past the mean once the remaining pmf tail is below TAIL_TOLERANCE of the
 * total. Returns [i, A_i] for the listed i.
 */
function positiveAllSet(mBits: number, balls: number, indices: readonly number[]): [number, Scaled][] {
  const results: [number, Scaled][] = [];
  if (indices.length === 0) return results;
  const maxI = Math.max(...indices);
  const cover = new Float64Array(maxI + 1);
  const missPower = new Float64Array(maxI + 1); // (1 - 1/i)^t
  cover[0] = 1;
  missPower.fill(1);
  const start: Scaled[] = new Array<Scaled>(maxI + 1).fill(ONE); // Binom(balls, i/m)(i)
  const pmf = new Float64Array(maxI + 1); // Binom(balls, i/m)(t) / start / 2^rescaled
  const sums = new Float64Array(maxI + 1); // sum of pmf * Cover so far, same units
  const rescaled = new Float64Array(maxI + 1);
  const active = new Uint8Array(maxI + 1);
  for (const i of indices) active[i] = 1;
  let remaining = indices.length;
  const finish = (i: number, value: Scaled): void => { results.push([i, value]); active[i] = 0; remaining--; };
  for (let t = 0; remaining > 0; t++) {
    for (const i of indices) {
      if (!active[i] || t < i) continue;
      if (i === mBits) {
        // q = 1: all balls land in the i bits, A_m = Cover(balls, m). Ill conditioned only when balls is
        // a small multiple of m <= 64, so t reaches balls quickly.
        if (t >= balls) finish(i, scaled(cover[i]));
        continue;
      }
      if (t === i) { start[i] = binomialPmfScaled(balls, i / mBits, i); pmf[i] = 1; }
      sums[i] += pmf[i] * cover[i];
      const ratio = ((balls - t) / (t + 1)) * (i / (mBits - i)); // pmf(t+1) / pmf(t), decreasing in t
      const tailBound = ratio < 1 ? (pmf[i] * ratio) / (1 - ratio) : Infinity; // sum_{t' > t} pmf(t'), as Cover <= 1
      if (t + 1 > balls || tailBound <= TAIL_TOLERANCE * sums[i]) {
        finish(i, scaledProduct(start[i], scaled(sums[i], rescaled[i])));
        continue;
      }
      pmf[i] *= ratio;
      if (pmf[i] > RESCALE) { pmf[i] /= RESCALE; sums[i] /= RESCALE; rescaled[i] += RESCALE_BITS; }
    }
    // Advance Cover to t + 1 (descending i keeps Cover(t, i - 1) available).
    for (let i = maxI; i >= 1; i--) {
      cover[i] += missPower[i] * cover[i - 1];
      missPower[i] *= 1 - 1 / i;
    }
  }
  return results;
}

/**
 * w_i * m^(k-i) for i = 0..min(k, m): with w_i = S2(k, i) m(m-1)...(m-i+1) / m^k the probability that
 * k uniform positions hit exactly i distinct bits (math-spec). Scaled so nothing underflows; built by
 * the positive DP u_{t+1}(d) = d u_t(d) + (1 - (d-1)/m) u_t(d-1).
 */
function scaledDistinctHits(mBits: number, k: number): Float64Array {
  const maxI = Math.min(k, mBits);
  const u = new Float64Array(maxI + 1);
  u[0] = 1;
  for (let t = 0; t < k; t++) {
    for (let d = Math.min(t + 1, maxI); d >= 1; d--) u[d] = d * u[d] + ((mBits - d + 1) / mBits) * u[d - 1];
    u[0] = 0;
  }
  return u;
}

/** The probability that k uniform positions hit exactly i distinct bits of m, for i = 0..min(k, m). */
export function distinctHitProbabilities(mBits: number, k: number): Float64Array {
  requireBits(mBits);
  requireHashes(k);
  const u = scaledDistinctHits(mBits, k);
  let scale = 1;
  for (let i = k; i > u.length - 1; i--) scale /= mBits;
  for (let i = u.length - 1; i >= 0; i--) { u[i] *= scale; scale /= mBits; }
  return u;
}

/**
 * f_exact (colliding), math-spec: f_exact = sum_i w_i A_i, as an extended-range number (w_i = u_i m^(i-k)
 * and A_i both underflow for lightly loaded filters long before their product stops mattering).
 */
function exactCollidingScaled(mBits: number, n: number, k: number): Scaled {
  if (n === 0) return ZERO;
  const maxI = Math.min(k, mBits);
  const allSet = allSetScaled(mBits, k * n, maxI);
  const u = scaledDistinctHits(mBits, k);
  const terms: Scaled[] = [];
  let power = ONE; // m^(i - k)
  for (let i = k; i > maxI; i--) power = scaled(power.value / mBits, power.exponent);
  for (let i = maxI; i >= 1; i--) {
    terms.push(scaledProduct(scaled(u[i] * power.value, power.exponent), allSet[i]));
    power = scaled(power.value / mBits, power.exponent);
  }
  return scaledSum(terms);
}

// ---------------------------------------------------------------------------------------------
// Non-colliding and partitioned

/**
 * ln r_j for j = 0..k, r_j = C(m-j, k)/C(m, k): an element's k distinct bits avoid j given bits. By the
 * ratio r_{j+1} = r_j (1 - k/(m-j)), so ln r_j = sum_{l<j} log1p(-k/(m-l)) in O(k); -Infinity once j > m - k.
 * The same partial sums give prod_{l<k-h} (1 - k/(m-l)) = r_{k-h} for the hit distribution.
 */
function lnAvoidTable(mBits: number, k: number): Float64Array {
  const lnAvoid = new Float64Array(k + 1);
  for (let j = 0; j < k; j++) lnAvoid[j + 1] = mBits - j <= k ? -Infinity : lnAvoid[j] + Math.log1p(-k / (mBits - j));
  return lnAvoid;
}

/**
 * f (non-colliding, math-spec): f = sum_j (-1)^j C(k,j) (C(m-j,k)/C(m,k))^n, evaluated stably. When the
 * alternating sum is ill conditioned (light load: kn/m below about 10): condition on the number e ~ Binom(n, pi)
 * of elements that hit the query's k bits at all, and follow the number of covered query bits with a
 * positive Markov chain (noncollidingPositive).
 */
function exactNoncollidingScaled(mBits: number, n: number, k: number): Scaled {
  if (n === 0) return ZERO;
  if (n === 1) {
    // One element: its k distinct bits must be the query's, f = 1/C(m,k) = prod_{l<k} (l + 1)/(m - l).
    let rate = ONE;
    for (let l = 0; l < k; l++) rate = scaled((rate.value * (l + 1)) / (mBits - l), rate.exponent);
    return rate;
  }
  const sum = new CompensatedSum();
  let magnitude = 0;
  let binomial = 1;
  const lnAvoid = lnAvoidTable(mBits, k);
  for (let j = 0; j <= k; j++) {
    const exponent = n * lnAvoid[j];
    const term = binomial * (exponent === -Infinity ? 0 : Math.exp(exponent));
    sum.add(j % 2 === 0 ? term : -term);
    if (term > 0) magnitude += term * (1 + 2 * Math.abs(exponent));
    binomial = (binomial * (k - j)) / (j + 1);
  }
  const alternating = sum.value;
  const errorBound = magnitude * 4 * EPSILON;
  if (alternating > 0 && errorBound / alternating < INCLUSION_EXCLUSION_TOLERANCE) return scaled(Math.min(1, alternating));
  return noncollidingPositive(mBits, n, k, lnAvoid, Math.max(0, alternating - errorBound));
}

function binomialTable(size: number): Float64Array[] {
  const table: Float64Array[] = [];
  for (let a = 0; a <= size; a++) {
    const row = new Float64Array(size + 1);
    row[0] = 1;
    for (let b = 1; b <= a; b++) row[b] = table[a - 1][b - 1] + (b <= a - 1 ? table[a - 1][b] : 0);
    table.push(row);
  }
  return table;
}

/** Relative size (to a lower bound of the answer) of chain states too small to matter. */
const PRUNE = 1e-20;

/** A remaining tail below 2^-1075 (in absolute terms) cannot change any double result. */
const LN_NEGLIGIBLE = -1075 * Math.LN2;

/**
 * The positive evaluation of the non-colliding rate. Nothing that the answer depends on may underflow: the
 * per-subset hit weights P(h | hit) / C(k,h) are formed from 1/pi downwards, the binomial pmf of e is kept
 * relative to an extended-range pmf(0) = (1 - pi)^n. The sum over e stops once the remaining pmf tail is
 * below TAIL_TOLERANCE of the total, or below 2^-1075 in absolute terms (the old loop kept stepping up to a
 * million elements where the answer underflows: 0.5 s at m = 2^53, k = 64, and a garbage fallback).
 */
function noncollidingPositive(mBits: number, n: number, k: number, lnAvoid: Float64Array, lowerBound: number): Scaled {
  const choose = binomialTable(k);
  // H(h) = C(k,h) C(m-k,k-h) / C(m,k): an element's k distinct bits hit h of the query's k bits;
  // per hit subset H(h) / C(k,h) = [prod_{l=k-h}^{k-1} (l + 1)/(m - l)] * prod_{l<k-h} (1 - k/(m-l)).
  const avoid = new Float64Array(k + 1); // prod_{l<k-h} (1 - k/(m-l)) = r_{k-h}, 0 where C(m-k, k-h) = 0
  const perSubset = new Float64Array(k + 1); // prod_{l=k-h}^{k-1} (l + 1)/(m - l)
  perSubset[0] = 1;
  for (let h = 0; h <= k; h++) {
    if (h > 0) perSubset[h] = (perSubset[h - 1] * (k - h + 1)) / (mBits - k + h);
    avoid[h] = Math.exp(lnAvoid[k - h]);
  }
  const hitSum = new CompensatedSum();
  for (let h = 1; h <= k; h++) hitSum.add(choose[k][h] * perSubset[h] * avoid[h]);
  const hitProbability = hitSum.value; // pi, a positive sum (no 1 - r cancellation)
  const lnMissProbability = lnAvoid[k]; // ln(1 - pi) = ln r_k, without rounding 1 - pi first
  // Transition of the number c of covered query bits for one element that hits h >= 1 of them:
  // weight(h) = P(h | hit) / C(k,h), times the number of h-subsets with d new bits.
  const weights = new Float64Array(k + 1);
  for (let h = 1; h <= k; h++) {
    let weight = 1 / hitProbability; // formed from the top so that it underflows only if it is itself below 1e-308
    for (let l = k - h; l < k; l++) weight *= (l + 1) / (mBits - l);
    weights[h] = weight * avoid[h];
  }
  const transition: Float64Array[] = [];
  for (let c = 0; c <= k; c++) {
    const row = new Float64Array(k + 1);
    for (let h = 1; h <= k; h++) {
      const weight = weights[h];
      if (weight === 0) continue;
      for (let d = Math.max(0, h - c); d <= Math.min(h, k - c); d++) row[c + d] += weight * choose[k - c][d] * choose[c][h - d];
    }
    transition.push(row);
  }
  let state = new Float64Array(k + 1);
  state[0] = 1;
  let next = new Float64Array(k + 1);
  // State mass below PRUNE * (a lower bound of f) is dropped: it can add at most that much to f per step.
  // The bound: the inclusion-exclusion value less its error bound (0 when that says nothing), raised to
  // the running total as the sum grows.
  let pruneBelow = PRUNE * lowerBound;
  const step = (): void => {
    next.fill(0);
    for (let c = 0; c <= k; c++) {
      const weight = state[c];
      if (weight <= pruneBelow) continue;
      const row = transition[c];
      for (let c2 = c; c2 <= k; c2++) next[c2] += weight * row[c2];
    }
    [state, next] = [next, state];
  };
  if (lnMissProbability === -Infinity) {
    // k > m - k: every element hits the query's bits, e = n. Ill conditioned only for small n (m < 128).
    for (let e = 0; e < n; e++) step();
    return scaled(state[k]);
  }
  // e ~ Binom(n, pi): pmf(e) = start * 2^rescaled * pmf, start = pmf(0) = (1 - pi)^n.
  const start = scaledExp(n * lnMissProbability);
  const lnStart = scaledLog(start);
  let rescaled = 0;
  let pmf = 1;
  let total = 0; // sum_e pmf(e) P(all k covered | e), same units
  const odds = hitProbability / Math.exp(lnMissProbability); // pi / (1 - pi)
  for (let e = 0; ; e++) {
    total += pmf * state[k];
    if (e >= n) break;
    const ratio = ((n - e) / (e + 1)) * odds; // pmf(e+1) / pmf(e), decreasing in e
    if (ratio < 1) {
      const tailBound = (pmf * ratio) / (1 - ratio); // sum_{e' > e} pmf(e'), as P(covered) <= 1
      if (tailBound <= TAIL_TOLERANCE * total || lnStart + rescaled * Math.LN2 + Math.log(tailBound) < LN_NEGLIGIBLE) break;
    }
    pmf *= ratio;
    if (pmf > RESCALE) { pmf /= RESCALE; total /= RESCALE; rescaled += RESCALE_BITS; }
    if (total > 0) pruneBelow = Math.max(pruneBelow, PRUNE * scaledToNumber(scaledProduct(start, scaled(total, rescaled))));
    step();
  }
  return scaledProduct(start, scaled(total, rescaled));
}

/**
 * Slice sizes of a partitioned filter: k slices, m mod k of them one bit larger (exactly m/k each
 * when k divides m).
 */
export function partitionSliceSizes(mBits: number, k: number): { readonly smallSlice: number; readonly largeSlices: number } {
  return { smallSlice: Math.floor(mBits / k), largeSlices: mBits % k };
}

/** Exact partitioned rate: prod over slices of (1 - (1 - 1/s)^n); eq. 19 when k divides m. */
function exactPartitioned(mBits: number, n: number, k: number): number {
  if (n === 0) return 0;
  const { smallSlice, largeSlices } = partitionSliceSizes(mBits, k);
  return Math.pow(sliceRate(smallSlice, n), k - largeSlices) * Math.pow(sliceRate(smallSlice + 1, n), largeSlices);
}

/** The probability that a given bit of an s-bit slice is set by n elements: 1 - (1 - 1/s)^n. */
function sliceRate(sliceBits: number, n: number): number {
  return sliceBits === 1 ? 1 : -Math.expm1(n * Math.log1p(-1 / sliceBits));
}

/** The exact partitioned rate as an extended-range number (it underflows for lightly loaded filters). */
function exactPartitionedScaled(mBits: number, n: number, k: number): Scaled {
  if (n === 0) return ZERO;
  const { smallSlice, largeSlices } = partitionSliceSizes(mBits, k);
  let rate = ONE;
  for (let l = 0; l < k; l++) rate = scaledProduct(rate, scaled(sliceRate(l < largeSlices ? smallSlice + 1 : smallSlice, n)));
  return rate;
}

function requireExactDomain(mBits: number, n: number, k: number, hashing: HashingModel): void {
  requireBits(mBits);
  requireElements(n);
  requireHashes(k);
  requireModel(hashing);
  requireDistinctPositionsFit(mBits, k, hashing);
}

/** The exact rate as an extended-range number, unvalidated (comparable also where it underflows). */
function exactRateScaled(mBits: number, n: number, k: number, hashing: HashingModel): Scaled {
  if (hashing === 'colliding') return exactCollidingScaled(mBits, n, k);
  if (hashing === 'noncolliding') return exactNoncollidingScaled(mBits, n, k);
  return exactPartitionedScaled(mBits, n, k);
}

/**
 * The exact false-positive probability of a plain filter with m bits, n elements and k hashes.
 * colliding (default, the papers' model): f = E[(X/m)^k] = Christensen eq. 7 = Grandi eq. 8, computed by
 * math-spec's stable O(k^2) recipe (cost independent of m and n). noncolliding: k distinct positions per
 * element and query. partitioned: k slices of m/k bits (m mod k slices one bit larger when k does not
 * divide m). Within 1e-12 relative of the exact value whenever it is at least 1e-300; smaller values
 * lose relative precision (subnormal) and underflow to 0 (see exactLnFalsePositiveRate).
 */
export function exactFalsePositiveRate(mBits: number, n: number, k: number, hashing: HashingModel = 'colliding'): number {
  requireExactDomain(mBits, n, k, hashing);
  if (hashing === 'partitioned') return exactPartitioned(mBits, n, k);
  return Math.min(1, scaledToNumber(exactRateScaled(mBits, n, k, hashing)));
}

/**
 * The natural logarithm of exactFalsePositiveRate (-Infinity for n = 0), finite also where the rate
 * underflows: (m, n, k) = (2^40, 1, 40) gives about -960 (a rate near 1e-417). Limitation: for
 * non-colliding hashing with n >= 2 it may be -Infinity where the rate is below about 1e-308 (the
 * positive chain's transition probabilities are plain doubles).
 */
export function exactLnFalsePositiveRate(mBits: number, n: number, k: number, hashing: HashingModel = 'colliding'): number {
  requireExactDomain(mBits, n, k, hashing);
  return Math.min(0, scaledLog(exactRateScaled(mBits, n, k, hashing)));
}

// ---------------------------------------------------------------------------------------------
// Formulas as printed (independent checks for moderate m; O(m^2), and they lose digits to cancellation
// unless the filter is heavily loaded)

function lnFactorials(size: number): Float64Array {
  const table = new Float64Array(size + 1);
  for (let i = 2; i <= size; i++) table[i] = table[i - 1] + Math.log(i);
  return table;
}

function requirePrintedDomain(mBits: number, n: number, k: number): void {
  requireBits(mBits);
  requireElements(n);
  requireHashes(k);
  if (mBits > MAX_BITS_AS_PRINTED) throw new RangeError(`the printed formula costs O(m^2): m must be <= ${MAX_BITS_AS_PRINTED}, got ${mBits}`);
}

/**
 * Christensen et al.'s formula exactly as Fan et al. print it (eq. 7), in double precision:
 * m!/m^(k(n+1)) sum_{i=1..m} sum_{j=1..i} (-1)^(i-j) j^(kn) i^k / ((m-i)! j! (i-j)!).
 * O(m^2) terms; accurate only while the alternating inner sums do not cancel (small m or heavy load).
 */
export function christensenFalsePositiveRate(mBits: number, n: number, k: number): number {
  requirePrintedDomain(mBits, n, k);
  if (n === 0) return 0;
  const lnFactorial = lnFactorials(mBits);
  const kn = k * n;
  const lnPrefix = lnFactorial[mBits] - k * (n + 1) * Math.log(mBits);
  const lnJ = new Float64Array(mBits + 1); // kn ln j - ln j!
  for (let j = 1; j <= mBits; j++) lnJ[j] = kn * Math.log(j) - lnFactorial[j];
  const total = new CompensatedSum();
  for (let i = 1; i <= mBits; i++) {
    const lnOuter = lnPrefix + k * Math.log(i) - lnFactorial[mBits - i];
    for (let j = 1; j <= i; j++) {
      const term = Math.exp(lnOuter + lnJ[j] - lnFactorial[i - j]);
      total.add((i - j) % 2 === 0 ? term : -term);
    }
  }
  return total.value;
}

/**
 * Grandi's formula as printed (Fan et al. eq. 8), in double precision:
 * sum_{x=0..m} (x/m)^k C(m,x) sum_{j=0..x} (-1)^j C(x,j) ((x-j)/m)^(kn). O(m^2); same caveats as Christensen's.
 */
export function grandiFalsePositiveRate(mBits: number, n: number, k: number): number {
  requirePrintedDomain(mBits, n, k);
  if (n === 0) return 0;
  const lnFactorial = lnFactorials(mBits);
  const kn = k * n;
  const lnM = Math.log(mBits);
  const total = new CompensatedSum();
  for (let x = 1; x <= mBits; x++) {
    const lnOuter = k * (Math.log(x) - lnM) + lnFactorial[mBits] - lnFactorial[x] - lnFactorial[mBits - x];
    for (let j = 0; j < x; j++) {
      const term = Math.exp(lnOuter + lnFactorial[x] - lnFactorial[j] - lnFactorial[x - j] + kn * (Math.log(x - j) - lnM));
      total.add(j % 2 === 0 ? term : -term);
    }
  }
  return total.value;
}

// ---------------------------------------------------------------------------------------------
// Optimal k

/** Bloom's optimal k (Fan et al. eq. 9): (m/n) ln 2, the real argmin of (1 - e^(-kn/m))^k. */
export function bloomOptimalK(mBits: number, n: number): number {
  requireBits(mBits);
  requireRealPositive(n, 'n');
  return (mBits / n) * Math.LN2;
}

/**
 * The entropy-based optimal k (Fan et al. eq. 15): -ln 2 / (n ln(1 - 1/m)), the exact real argmin of
 * Bloom's eq. 2 (math-spec). Slightly below Bloom's k*.
 */
export function entropyOptimalK(mBits: number, n: number): number {
  requireBits(mBits);
  requireRealPositive(n, 'n');
  if (mBits === 1) return 0; // (1 - 1/m) = 0: every k gives f = 1; the formula's limit is 0
  return Math.LN2 / (-n * Math.log1p(-1 / mBits));
}

export interface BestK {
  /** The integer k >= 1 minimising the exact rate (ties go to the smaller k). */
  readonly k: number;
  readonly falsePositiveRate: number;
  /** True when k is the largest allowed (MAX_HASHES, or m for distinct-position models): the unconstrained optimum may be larger. */
  readonly atLimit: boolean;
}

/**
 * The best integer number of hashes by the exact rate (math-spec: unimodal in k; ties to the smaller k).
 * Starts at the entropy k* and walks downhill. Rates are compared as logarithms, so that k is still the
 * true minimiser where the rates underflow: for a very lightly loaded filter (m = 2^40, n = 1) the rate
 * keeps falling up to k = 64 even though every rate past k = 31 is below 1e-308 (falsePositiveRate 0).
 */
export function bestIntegerK(mBits: number, n: number, hashing: HashingModel = 'colliding'): BestK {
  requireBits(mBits);
  requireElements(n);
  requireModel(hashing);
  const kMax = maxHashesFor(mBits, hashing);
  if (n === 0) return { k: 1, falsePositiveRate: 0, atLimit: kMax === 1 };
  const lnRate = (k: number): number => scaledLog(exactRateScaled(mBits, n, k, hashing));
  const estimate = entropyOptimalK(mBits, n);
  const start = Math.min(kMax, Math.max(1, Math.round(Number.isFinite(estimate) ? estimate : kMax)));
  let k = start;
  let best = lnRate(k);
  // Colliding hashing: the exact rate is at least Bloom's (Jensen, math-spec), so a k whose Bloom rate (in logs,
  // less a margin for rounding) is above the best exact rate so far is worse, without computing its exact rate.
  const lnKeep = n * Math.log1p(-1 / mBits);
  const surelyWorse = (k: number): boolean => hashing === 'colliding' && k * Math.log(-Math.expm1(k * lnKeep)) > best + 1e-9;
  // Downhill (ties move down: the smaller k wins).
  while (k > 1) {
    if (surelyWorse(k - 1)) break;
    const lower = lnRate(k - 1);
    if (lower > best) break;
    k--;
    best = lower;
  }
  if (k === start) {
    while (k < kMax) {
      if (surelyWorse(k + 1)) break;
      const higher = lnRate(k + 1);
      if (!(higher < best)) break;
      k++;
      best = higher;
    }
  }
  return { k, falsePositiveRate: exactFalsePositiveRate(mBits, n, k, hashing), atLimit: k === kMax };
}

// ---------------------------------------------------------------------------------------------
// Sizing (cli-contract `size`)

export interface SizeForRate {
  readonly mBits: number;
  readonly k: number;
  readonly falsePositiveRate: number;
}

/**
 * The textbook answer: m = -n ln p / (ln 2)^2 and k = (m/n) ln 2 = -log2 p. mBits and k are rounded
 * (ceil, round to >= 1); realMBits and realK are the unrounded values.
 */
export function textbookSize(n: number, p: number): { readonly mBits: number; readonly k: number; readonly realMBits: number; readonly realK: number } {
  requireRealPositive(n, 'n');
  requireProbability(p);
  const realMBits = (-n * Math.log(p)) / (Math.LN2 * Math.LN2);
  const realK = -Math.log2(p);
  return { mBits: Math.ceil(realMBits), k: Math.max(1, Math.round(realK)), realMBits, realK };
}

// Each search below runs per k: Bloom's closed form gives an estimate, one Newton step on the exact rate
// moves it to within a few units, and a galloping search from there finds the integer answer with a
// handful of exact evaluations (microseconds at any size). The answers over k are unimodal
// (math-spec), so the best k is found by walking from Bloom's best k.

/** Largest integer x in [low, high] with ok(x), for ok true then false and ok(low) true; gallops from the estimate. */
function largestPassing(ok: (x: number) => boolean, estimate: number, low: number, high: number): number {
  let x = Math.min(high, Math.max(low, Math.round(estimate)));
  let pass = low;
  let fail = high + 1;
  if (ok(x)) {
    pass = x;
    for (let step = 1; pass < high; step *= 2) {
      const next = Math.min(high, pass + step);
      if (ok(next)) pass = next;
      else { fail = next; break; }
    }
  } else {
    fail = x;
    for (let step = 1; fail > low; step *= 2) {
      const next = Math.max(low, fail - step);
      if (next === low || ok(next)) { pass = next; break; }
      fail = next;
    }
  }
  while (fail - pass > 1) {
    x = pass + Math.floor((fail - pass) / 2);
    if (ok(x)) pass = x;
    else fail = x;
  }
  return pass;
}

/**
 * The largest n whose exact FP with k hashes stays within p in m bits (0 when not even one element fits).
 * Estimate: eq. 2 solved for n, n = ln(1 - p^(1/k)) / (k ln(1 - 1/m)); the exact rate lies above Bloom's
 * (Jensen), so one Newton step on ln f_exact(n) = ln p, with L = -k ln(1 - 1/m): d ln f / dn ~ k L e^(-L n) / (1 - e^(-L n)).
 */
export function maxElementsForBitsRateAndK(mBits: number, p: number, k: number, hashing: HashingModel = 'colliding'): number {
  requireBits(mBits);
  requireProbability(p);
  requireHashes(k);
  requireModel(hashing);
  if (hashing !== 'colliding' && k > mBits) return 0;
  const rate = (n: number): number => exactFalsePositiveRate(mBits, n, k, hashing);
  const fits = (n: number): boolean => rate(n) <= p;
  const lambda = -k * Math.log1p(-1 / mBits);
  const high = Number.MAX_SAFE_INTEGER;
  let estimate = Math.log1p(-Math.exp(Math.log(p) / k)) / -lambda;
  // Far from the bottom the exact rate is Bloom's to a tiny relative error, so one element surely fits.
  if (!(estimate >= 16) && !fits(1)) return 0;
  if (!Number.isFinite(estimate) || estimate < 1) estimate = 1;
  estimate = Math.min(high, estimate);
  const filled = -Math.expm1(-lambda * estimate);
  const slope = (k * lambda * (1 - filled)) / filled; // d ln f / dn
  const at = rate(Math.round(estimate));
  if (at > 0 && slope > 0) {
    const newton = estimate + (Math.log(p) - Math.log(at)) / slope;
    if (Number.isFinite(newton)) estimate = Math.min(high, Math.max(1, newton));
  }
  return largestPassing(fits, estimate, 1, high);
}

/** Bloom's approximation (1 - e^(-kn/m))^k = p solved for m: kn / -ln(1 - p^(1/k)) (below the exact answer, colliding). */
function bloomBitsForRate(n: number, p: number, k: number): number {
  return (k * n) / -Math.log1p(-Math.exp(Math.log(p) / k));
}

/** The fewest bits for n elements at exact FP <= p with k hashes (Infinity beyond 2^53 - 1 bits). */
function bitsForElementsRateAndK(n: number, p: number, k: number, hashing: HashingModel): number {
  const floor = hashing === 'colliding' ? 1 : k;
  const rate = (m: number): number => exactFalsePositiveRate(m, n, k, hashing);
  const tooSmall = (m: number): boolean => m < floor || rate(m) > p;
  let estimate = bloomBitsForRate(n, p, k); // the exact m is close
  if (!(estimate < Number.MAX_SAFE_INTEGER / 2)) return Infinity;
  estimate = Math.max(floor, estimate);
  const at = rate(Math.ceil(estimate));
  const load = (k * n) / estimate; // bits set per bit, kn/m
  const filled = -Math.expm1(-load);
  const slope = (-k * load * (1 - filled)) / filled / estimate; // d ln f / dm
  if (at > 0 && slope < 0) {
    const newton = estimate + (Math.log(p) - Math.log(at)) / slope;
    if (Number.isFinite(newton)) estimate = Math.max(floor, Math.min(Number.MAX_SAFE_INTEGER / 2, newton));
  }
  // Only a handful of bits can be enough when the estimate itself is small (a tiny n): check the floor then.
  if (estimate < 4 * floor + 64 && !tooSmall(floor)) return floor;
  return largestPassing(tooSmall, estimate, floor, Number.MAX_SAFE_INTEGER) + 1; // tooSmall is true, then false
}

/**
 * Walks from startK to the best value of a function unimodal in k (ties to the smaller k). `surelyWorse(k, best)`,
 * when given, tells from a cheap bound that value(k) is strictly worse than `best`: the walk then stops there
 * without computing value(k), exactly where it would have stopped after computing it.
 */
function bestOverK(
  startK: number, maxK: number, value: (k: number) => number, better: (a: number, b: number) => boolean,
  surelyWorse: (k: number, best: number) => boolean = () => false,
): { k: number; value: number } {
  let k = Math.min(maxK, Math.max(1, startK));
  let best = value(k);
  const start = k;
  while (k > 1) { // downhill first; never along a flat "nothing fits" of zeros
    if (surelyWorse(k - 1, best)) break;
    const lower = value(k - 1);
    if (better(best, lower) || (lower === best && best === 0)) break;
    k--;
    best = lower;
  }
  while (k === start && k < maxK) { // uphill only when downhill did not move
    if (surelyWorse(k + 1, best)) break;
    const higher = value(k + 1);
    if (!better(higher, best)) break;
    k++;
    best = higher;
  }
  return { k, value: best };
}

/** The k whose Bloom capacity ln(1 - p^(1/k)) / (k ln(1 - 1/m)) is largest (the same k for every m). */
function bloomBestK(p: number, maxK: number): number {
  let bestK = 1;
  let best = -Infinity;
  for (let k = 1; k <= maxK; k++) {
    const capacity = -Math.log1p(-Math.exp(Math.log(p) / k)) / k;
    if (capacity > best) { best = capacity; bestK = k; }
  }
  return bestK;
}

/**
 * The smallest integer m for which some integer k (1..64) gives exact FP <= p, with the best k at that m
 * (cli-contract `size --n --p`).
 */
export function sizeForElementsAndRate(n: number, p: number, hashing: HashingModel = 'colliding'): SizeForRate {
  requireElements(n);
  if (n < 1) throw new RangeError(`n must be >= 1, got ${n}`);
  requireProbability(p);
  requireModel(hashing);
  // Colliding hashing: the exact rate is at least Bloom's (Jensen, math-spec), so k needs more than Bloom's bits for k
  // (less a margin for their rounding): a k whose Bloom bits exceed the best so far is skipped.
  const surelyMoreBits = (k: number, fewestBits: number): boolean => hashing === 'colliding' && bloomBitsForRate(n, p, k) * (1 - 1e-9) > fewestBits;
  const fewest = bestOverK(Math.max(1, Math.round(-Math.log2(p))), MAX_HASHES, (k) => bitsForElementsRateAndK(n, p, k, hashing), (a, b) => a < b, surelyMoreBits);
  if (!Number.isFinite(fewest.value)) throw new RangeError('the answer needs more than 2^53 - 1 bits');
  const best = bestIntegerK(fewest.value, n, hashing);
  return { mBits: fewest.value, k: best.k, falsePositiveRate: best.falsePositiveRate };
}

export interface ElementsForRate {
  readonly n: number;
  readonly k: number;
  readonly falsePositiveRate: number;
}

/**
 * The largest n for which some integer k gives exact FP <= p in m bits (cli-contract `size --m --p`),
 * with the best k. n = 0 (k = 1, rate 0) when not even one element fits.
 */
export function maxElementsForBitsAndRate(mBits: number, p: number, hashing: HashingModel = 'colliding'): ElementsForRate {
  requireBits(mBits);
  requireProbability(p);
  requireModel(hashing);
  const maxK = maxHashesFor(mBits, hashing);
  const capacity = (k: number): number => maxElementsForBitsRateAndK(mBits, p, k, hashing);
  let most = bestOverK(bloomBestK(p, maxK), maxK, capacity, (a, b) => a > b);
  // Tiny filters: when the usual k fits nothing, start again from the k that suits one element, ln2 m (eq. 9).
  if (most.value === 0) most = bestOverK(Math.round(Math.LN2 * mBits), maxK, capacity, (a, b) => a > b);
  if (most.value === 0) return { n: 0, k: 1, falsePositiveRate: 0 };
  const best = bestIntegerK(mBits, most.value, hashing);
  return { n: most.value, k: best.k, falsePositiveRate: best.falsePositiveRate };
}

/**
 * The smallest integer m for which k hashes give exact FP <= p with n elements
 * (cli-contract `size --n --p --k`).
 */
export function sizeForElementsRateAndK(n: number, p: number, k: number, hashing: HashingModel = 'colliding'): { readonly mBits: number; readonly falsePositiveRate: number } {
  requireElements(n);
  if (n < 1) throw new RangeError(`n must be >= 1, got ${n}`);
  requireProbability(p);
  requireHashes(k);
  requireModel(hashing);
  const mBits = bitsForElementsRateAndK(n, p, k, hashing);
  if (!Number.isFinite(mBits)) throw new RangeError('the answer needs more than 2^53 - 1 bits');
  return { mBits, falsePositiveRate: exactFalsePositiveRate(mBits, n, k, hashing) };
}
