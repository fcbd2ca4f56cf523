/**
 * Independent "truth" for the classic-filter tests, in exact BigInt arithmetic: brute-force enumeration
 * of every hash outcome for tiny filters, an exact DP over the number of set bits, exact rational
 * inclusion-exclusion, and a fixed-point (thousands of bits) evaluation of the double sum for large m.
 * Nothing here shares code with src/core.
 */

export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

function abs(x: bigint): bigint {
  return x < 0n ? -x : x;
}

/** An exact rational for a finite double. */
function doubleToRational(x: number): Rational {
  let y = x;
  let shift = 0;
  while (!Number.isInteger(y)) { y *= 2; shift++; }
  return { num: BigInt(y), den: 1n << BigInt(shift) };
}

/** |x - truth| / truth for a double x and a positive rational truth, as a double. */
export function relativeError(x: number, truth: Rational): number {
  if (truth.num === 0n) return x === 0 ? 0 : Infinity;
  const r = doubleToRational(x);
  const difference = abs(r.num * truth.den - truth.num * r.den);
  const scale = truth.num * r.den;
  const SCALE = 10n ** 40n;
  return Number((difference * SCALE) / scale) / 1e40;
}

/** A rational as a double, also near the bottom of the double range (2^-shift in two steps, no premature underflow). */
export function toNumber(value: Rational): number {
  if (value.num === 0n) return 0;
  const shift = value.den.toString(2).length - value.num.toString(2).length + 80;
  const scaled = Number(shift >= 0 ? (value.num << BigInt(shift)) / value.den : value.num / (value.den << BigInt(-shift)));
  return scaled * 2 ** -Math.min(shift, 600) * 2 ** -Math.max(0, shift - 600);
}

function gcd(a: bigint, b: bigint): bigint {
  a = abs(a); b = abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

export function reduce(value: Rational): Rational {
  const g = gcd(value.num, value.den);
  return g === 0n ? value : { num: value.num / g, den: value.den / g };
}

// -------------------------------------------------------------------------------------------------
// Brute force over all hash outcomes

/** Every k-tuple / k-subset / slice choice an element can make, as arrays of positions. */
function elementChoices(m: number, k: number, hashing: 'colliding' | 'noncolliding' | 'partitioned'): number[][] {
  const out: number[][] = [];
  if (hashing === 'colliding') {
    const rec = (prefix: number[]): void => {
      if (prefix.length === k) { out.push(prefix.slice()); return; }
      for (let p = 0; p < m; p++) { prefix.push(p); rec(prefix); prefix.pop(); }
    };
    rec([]);
  } else if (hashing === 'noncolliding') {
    const rec = (prefix: number[], from: number): void => {
      if (prefix.length === k) { out.push(prefix.slice()); return; }
      for (let p = from; p < m; p++) { prefix.push(p); rec(prefix, p + 1); prefix.pop(); }
    };
    rec([], 0);
  } else {
    // k slices; m mod k of them one larger, the larger ones first.
    const small = Math.floor(m / k);
    const large = m % k;
    const starts: number[] = [];
    const sizes: number[] = [];
    let start = 0;
    for (let l = 0; l < k; l++) { const size = small + (l < large ? 1 : 0); starts.push(start); sizes.push(size); start += size; }
    const rec = (prefix: number[]): void => {
      const l = prefix.length;
      if (l === k) { out.push(prefix.slice()); return; }
      for (let p = 0; p < sizes[l]; p++) { prefix.push(starts[l] + p); rec(prefix); prefix.pop(); }
    };
    rec([]);
  }
  return out;
}

/**
 * The exact false-positive probability by enumerating every outcome of the n elements' hashes and the
 * query's hashes (all outcomes equally likely). Cost: choices^(n+1).
 */
export function bruteForceFalsePositive(m: number, n: number, k: number, hashing: 'colliding' | 'noncolliding' | 'partitioned' = 'colliding'): Rational {
  const choices = elementChoices(m, k, hashing);
  const masks = choices.map((c) => c.reduce((mask, p) => mask | (1 << p), 0));
  // Distribution of the filter's bit mask after n elements.
  let filters = new Map<number, bigint>([[0, 1n]]);
  for (let e = 0; e < n; e++) {
    const next = new Map<number, bigint>();
    for (const [mask, count] of filters) {
      for (const add of masks) {
        const key = mask | add;
        next.set(key, (next.get(key) ?? 0n) + count);
      }
    }
    filters = next;
  }
  let hits = 0n;
  for (const [mask, count] of filters) {
    for (const query of masks) if ((query & mask) === query) hits += count;
  }
  return reduce({ num: hits, den: BigInt(choices.length) ** BigInt(n + 1) });
}

/**
 * The exact correct rate of a counting filter by enumerating every outcome of n elements' k colliding
 * hashes (element 0 is the queried x; every element has count 1).
 */
export function bruteForceCountingCorrectRate(m: number, n: number, k: number): Rational {
  const choices = elementChoices(m, k, 'colliding');
  // Counter totals from the n-1 other elements, as a distribution over count vectors.
  let others = new Map<string, bigint>([[new Array(m).fill(0).join(','), 1n]]);
  for (let e = 1; e < n; e++) {
    const next = new Map<string, bigint>();
    for (const [key, count] of others) {
      const counters = key.split(',').map(Number);
      for (const choice of choices) {
        const c = counters.slice();
        for (const p of choice) c[p]++;
        const nextKey = c.join(',');
        next.set(nextKey, (next.get(nextKey) ?? 0n) + count);
      }
    }
    others = next;
  }
  let correct = 0n;
  for (const [key, count] of others) {
    const counters = key.split(',').map(Number);
    for (const choice of choices) {
      const c = counters.slice();
      for (const p of choice) c[p]++;
      const estimate = Math.min(...choice.map((p) => c[p]));
      if (estimate === 1) correct += count;
    }
  }
  return reduce({ num: correct, den: BigInt(choices.length) ** BigInt(n) });
}

// -------------------------------------------------------------------------------------------------
// Exact DP over the number of set bits (colliding): f = E[(X/m)^k]

/** Exact f_exact(m, n, k) = sum_x P(X = x) (x/m)^k with P(X = x) from a DP over the kn balls. */
export function setBitsDpFalsePositive(m: number, n: number, k: number): Rational {
  const balls = k * n;
  const M = BigInt(m);
  // counts[x] = number of ball sequences (out of m^t) leaving exactly x bits set
  let counts: bigint[] = [1n];
  for (let t = 0; t < balls; t++) {
    const next: bigint[] = new Array(Math.min(counts.length + 1, m + 1)).fill(0n);
    for (let x = 0; x < counts.length; x++) {
      if (counts[x] === 0n) continue;
      next[x] += counts[x] * BigInt(x);
      if (x < m) next[x + 1] += counts[x] * (M - BigInt(x));
    }
    counts = next;
  }
  let num = 0n;
  for (let x = 1; x < counts.length; x++) num += counts[x] * BigInt(x) ** BigInt(k);
  if (n === 0) num = 0n;
  return { num, den: M ** BigInt(balls + k) };
}

// -------------------------------------------------------------------------------------------------
// Exact rational and fixed-point evaluation of math-spec's double sum f = sum_i w_i A_i

function stirlingSecondRow(k: number): bigint[] {
  // S2(k, i) for i = 0..k
  let row: bigint[] = [1n];
  for (let t = 1; t <= k; t++) {
    const next: bigint[] = new Array(t + 1).fill(0n);
    for (let i = 1; i <= t; i++) next[i] = BigInt(i) * (row[i] ?? 0n) + (row[i - 1] ?? 0n);
    row = next;
  }
  return row;
}

function binomialBig(a: number, b: number): bigint {
  let r = 1n;
  for (let j = 0; j < b; j++) r = (r * BigInt(a - j)) / BigInt(j + 1);
  return r;
}

/**
 * Exact rational f = sum_i S2(k,i) m^(i falling)/m^k * sum_j (-1)^j C(i,j) ((m-j)/m)^(kn)
 * (Christensen's double sum, rearranged). Cost grows with kn log2 m bits; fine up to ~1e6 bits.
 */
export function rationalDoubleSum(m: number, n: number, k: number): Rational {
  if (n === 0) return { num: 0n, den: 1n };
  const M = BigInt(m);
  const balls = BigInt(k * n);
  const maxI = Math.min(k, m);
  const s2 = stirlingSecondRow(k);
  const powers: bigint[] = [];
  for (let j = 0; j <= maxI; j++) powers.push((M - BigInt(j)) ** balls);
  let num = 0n;
  let falling = 1n;
  for (let i = 1; i <= maxI; i++) {
    falling *= M - BigInt(i - 1);
    let inner = 0n;
    for (let j = 0; j <= i; j++) {
      const term = binomialBig(i, j) * powers[j];
      inner += j % 2 === 0 ? term : -term;
    }
    num += s2[i] * falling * inner;
  }
  return { num, den: M ** BigInt(k) * M ** balls };
}

/** x^e >> ... in fixed point with `bits` fractional bits (x is a fixed-point value, truncating). */
export function fixedPower(base: bigint, exponent: bigint, bits: bigint): bigint {
  let result = 1n << bits;
  let b = base;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) >> bits;
    e >>= 1n;
    if (e > 0n) b = (b * b) >> bits;
  }
  return result;
}

/**
 * The same double sum in fixed point with `bits` fractional bits (default 3000, ~900 digits): absolute
 * error about k 2^64 log2(kn) 2^-bits, far below any double result above 1e-300. For large m where the
 * exact rational is too big. Returns the value as a rational with denominator 2^bits.
 */
export function fixedPointDoubleSum(m: number, n: number, k: number, bits = 3000): Rational {
  if (n === 0) return { num: 0n, den: 1n };
  const B = BigInt(bits);
  const M = BigInt(m);
  const balls = BigInt(k) * BigInt(n);
  const maxI = Math.min(k, m);
  const s2 = stirlingSecondRow(k);
  const q: bigint[] = [];
  for (let j = 0; j <= maxI; j++) q.push(fixedPower(((M - BigInt(j)) << B) / M, balls, B));
  let num = 0n;
  let falling = 1n;
  for (let i = 1; i <= maxI; i++) {
    falling *= M - BigInt(i - 1);
    let inner = 0n;
    for (let j = 0; j <= i; j++) {
      const term = binomialBig(i, j) * q[j];
      inner += j % 2 === 0 ? term : -term;
    }
    num += (s2[i] * falling * inner) / M ** BigInt(k);
  }
  return { num, den: 1n << B };
}

/**
 * Non-colliding exact rate in fixed point: sum_j (-1)^j C(k,j) (C(m-j,k)/C(m,k))^n, with the ratio
 * prod_{l<k} (m-j-l)/(m-l) formed exactly before rounding to `bits` fractional bits.
 */
export function fixedPointNoncolliding(m: number, n: number, k: number, bits = 3000): Rational {
  if (n === 0) return { num: 0n, den: 1n };
  const B = BigInt(bits);
  let num = 0n;
  for (let j = 0; j <= k; j++) {
    let top = 1n;
    let bottom = 1n;
    for (let l = 0; l < k; l++) { top *= BigInt(Math.max(0, m - j - l)); bottom *= BigInt(m - l); }
    const ratio = (top << B) / bottom;
    const term = binomialBig(k, j) * fixedPower(ratio, BigInt(n), B);
    num += j % 2 === 0 ? term : -term;
  }
  return { num, den: 1n << B };
}
