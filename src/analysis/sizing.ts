/**
 * Fast sizing for the report (hover, CodeLens, BL003): the same answers as core/classic's
 * maxElementsForBitsAndRate and sizeForElementsAndRate (largest n / smallest m whose exact FP stays within
 * a rate), found from Bloom's closed form plus one Newton step on the exact rate, then a short galloping
 * search, instead of a bisection over the whole range. It needs a handful of exact evaluations per k, which
 * keeps analyzeFinding under a millisecond on the extension host.
 */
import { exactFalsePositiveRate as coreExactRate, HashingModel, MAX_HASHES, partitionedFalsePositiveRate } from '../core/classic';

/**
 * The exact FP rate of core/classic, capped (colliding hashing) by the partitioned rate, Fan et al. eq. 19, which
 * math-spec states is an upper bound of f_exact. The cap only acts where the core's recipe loses all precision:
 * lightly loaded filters with many hashes whose true rate underflows (e.g. m = 2^33, n = 1, k = 50 gives 0.037
 * instead of about 1e-400).
 */
export function exactFalsePositiveRate(mBits: number, n: number, k: number, hashing: HashingModel = 'colliding'): number {
  const exact = coreExactRate(mBits, n, k, hashing);
  return hashing === 'colliding' ? Math.min(exact, partitionedFalsePositiveRate(mBits, n, k)) : exact;
}

export interface RateSizing {
  readonly n: number;
  readonly mBits: number;
  readonly k: number;
  /** The exact FP at (mBits, n, k). */
  readonly falsePositiveRate: number;
}

/** Largest integer x in [low, high] with ok(x), for ok true then false; ok(low) must hold. Gallops from the estimate. */
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

/** Fraction of bits a filter sets per element and hash, lambda = -ln(1 - 1/m) (Fan et al. eq. 1). */
function bitLoad(mBits: number): number {
  return -Math.log1p(-1 / mBits);
}

/**
 * Largest n whose exact FP with k hashes stays within p in m bits (0 when not even one element fits).
 * Estimate: Bloom's eq. 2 solved for n, n = ln(1 - p^(1/k)) / (k ln(1 - 1/m)); the exact rate is above Bloom's
 * (Jensen), so one Newton step on ln f_exact(n) = ln p, d ln f / dn ~ k lambda e^(-k lambda n) / (1 - e^(-k lambda n)).
 */
export function capacityWithK(mBits: number, k: number, p: number, hashing: HashingModel): number {
  if (hashing !== 'colliding' && k > mBits) return 0;
  const rate = (n: number): number => exactFalsePositiveRate(mBits, n, k, hashing);
  const fits = (n: number): boolean => rate(n) <= p;
  const lambda = k * bitLoad(mBits);
  const high = Number.MAX_SAFE_INTEGER;
  let estimate = Math.log1p(-Math.exp(Math.log(p) / k)) / -lambda;
  // Far from the bottom the exact rate is Bloom's to a tiny relative error, so one element surely fits.
  if (!(estimate >= 16) && !fits(1)) return 0;
  if (!Number.isFinite(estimate) || estimate < 1) estimate = 1;
  estimate = Math.min(high, estimate);
  const filled = -Math.expm1(-lambda * estimate);
  const slope = (k * lambda * (1 - filled)) / filled;
  const at = rate(Math.round(estimate));
  if (at > 0 && slope > 0) {
    const newton = estimate + (Math.log(p) - Math.log(at)) / slope;
    if (Number.isFinite(newton)) estimate = Math.min(high, Math.max(1, newton));
  }
  return largestPassing(fits, estimate, 1, high);
}

/**
 * Smallest m whose exact FP with k hashes stays within p for n elements (Bloom estimate m = k n / -ln(1 - p^(1/k)),
 * then a Newton step in m: d ln f / dm ~ -n/m * d ln f / dn).
 */
export function bitsWithK(n: number, k: number, p: number, hashing: HashingModel): number {
  const floor = hashing === 'colliding' ? 1 : k;
  const rate = (m: number): number => exactFalsePositiveRate(m, n, k, hashing);
  const tooSmall = (m: number): boolean => m < floor || rate(m) > p;
  let estimate = (k * n) / -Math.log1p(-Math.exp(Math.log(p) / k));
  if (!(estimate < Number.MAX_SAFE_INTEGER / 2)) return Infinity; // beyond 2^53 - 1 bits (or p^(1/k) rounds to 1)
  estimate = Math.max(floor, estimate);
  const at = rate(Math.ceil(estimate));
  const lambdaN = (k * n) / estimate; // k n / m: bits set per bit
  const filled = -Math.expm1(-lambdaN);
  const slope = (-k * lambdaN * (1 - filled)) / filled / estimate; // d ln f / dm
  if (at > 0 && slope < 0) {
    const newton = estimate + (Math.log(p) - Math.log(at)) / slope;
    if (Number.isFinite(newton)) estimate = Math.max(floor, Math.min(Number.MAX_SAFE_INTEGER / 2, newton));
  }
  // tooSmall is true then false in m: its last true value + 1 is the answer.
  if (!tooSmall(floor)) return floor;
  return largestPassing(tooSmall, estimate, floor, Number.MAX_SAFE_INTEGER) + 1;
}

/** The k near -log2(p) first, then neighbours while they improve (the capacity and the size are unimodal in k). */
function bestOverK(startK: number, maxK: number, value: (k: number) => number, better: (a: number, b: number) => boolean): { k: number; value: number } {
  let k = Math.min(maxK, Math.max(1, startK));
  let best = value(k);
  const start = k;
  while (k > 1) { // downhill; ties go to the smaller k (but never walk along a flat "nothing fits" of zeros)
    const lower = value(k - 1);
    if (better(best, lower) || (lower === best && best === 0)) break;
    k--;
    best = lower;
  }
  const movedDown = k !== start;
  while (!movedDown && k < maxK) { // uphill only when downhill did not move
    const higher = value(k + 1);
    if (!better(higher, best)) break;
    k++;
    best = higher;
  }
  return { k, value: best };
}

/** The k whose Bloom capacity ln(1 - p^(1/k)) / (k ln(1 - 1/m)) is largest: where the exact search starts. */
function bloomBestK(p: number, maxK: number): number {
  let bestK = 1;
  let best = -Infinity;
  for (let k = 1; k <= maxK; k++) {
    const capacity = -Math.log1p(-Math.exp(Math.log(p) / k)) / k; // times 1 / -ln(1 - 1/m), the same for every k
    if (capacity > best) { best = capacity; bestK = k; }
  }
  return bestK;
}

/** The most elements m bits hold with exact FP <= p, over integer k (= maxElementsForBitsAndRate's n). */
export function capacityAtRate(mBits: number, p: number, hashing: HashingModel): RateSizing {
  const maxK = hashing === 'colliding' ? MAX_HASHES : Math.min(MAX_HASHES, mBits);
  const capacity = (k: number): number => capacityWithK(mBits, k, p, hashing);
  let best = bestOverK(bloomBestK(p, maxK), maxK, capacity, (a, b) => a > b);
  // Tiny filters: when the usual k fits nothing, start again from the k that suits a single element, ln2 m (eq. 9).
  if (best.value === 0) best = bestOverK(Math.round(Math.LN2 * mBits), maxK, capacity, (a, b) => a > b);
  const k = best.value > 0 ? best.k : 1;
  return { n: best.value, mBits, k, falsePositiveRate: best.value > 0 ? exactFalsePositiveRate(mBits, best.value, k, hashing) : 0 };
}

/** The fewest bits that hold n elements with exact FP <= p, over integer k (= sizeForElementsAndRate's m). */
export function sizeForRate(n: number, p: number, hashing: HashingModel): RateSizing {
  const best = bestOverK(Math.max(1, Math.round(-Math.log2(p))), MAX_HASHES, (k) => bitsWithK(n, k, p, hashing), (a, b) => a < b);
  if (!Number.isFinite(best.value)) throw new RangeError(`n = ${n} at p = ${p} needs more than 2^53 - 1 bits`);
  return { n, mBits: best.value, k: best.k, falsePositiveRate: exactFalsePositiveRate(best.value, n, best.k, hashing) };
}
