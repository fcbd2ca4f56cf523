/**
 * Continuum model of the sigma-bounded recycling chain for large M (recycling-spec.md, "Numerics and
 * speed"), answering in O(k^2 + W) time for any M up to 2^40 and beyond.
 *
 * Derivation (renewal theory, x = i/M, B ~ Binomial(k, 1 - x) the new bits of one message to leading order):
 * - flow balance: every cut between i-1 and i is crossed exactly once per cycle, so for the visit
 *   probabilities u_i (g_i = u_i / (1 - rho_i)): sum_{j<i} u_j P(J_j >= i - j) = 1. Expanding in 1/M gives
 *   u_i m1(i) = 1 + d/di[u_i E[J(J+1)]/2], and with E[J(J+1)]/(2 m1) = (1 + x + k(1-x))/2 (whose derivative is
 *   (1-k)/2): g_i = (1 - (k-1)/(2M)) / mu(i) + O(M^-2), mu(i) = expected new bits of a message at fill i
 *   (colliding: (M-i)(1-(1-1/M)^k); non-colliding: k(M-i)/M). The factor is uniform in x.
 * - the start: a cycle starts at 0 where a message sets exactly k new bits, a lattice renewal process whose
 *   visits exceed the smooth density by E[J(J-1)]/(2 m1^2) = (k-1)/(2k) in total (renewal theorem), all
 *   within the first O(sqrt M) states where rho ~ 0.
 * So L(sigma) = (1 - (k-1)/(2M)) sum_{i<=sigma} 1/mu(i) + (k-1)/(2k) and
 *    S(sigma) = (1 - (k-1)/(2M)) sum_{i<=sigma} rho(i)/mu(i), up to O(M^-2) relative.
 * This removes exactly the spec's measured leading error (k-1) c(x)/M of the plain limit: c(x) = 1/(2 ln(1/(1-x))).
 * The sums are evaluated without any O(M) loop: sum 1/(M-i) by harmonic-number asymptotics, sum x^j/(M-i) by
 * Euler-Maclaurin on [0, sigma - W] (with the integral int_0^s x^j/(1-x) dx in closed series form) plus the
 * last W terms summed directly (the summand's singularity at x = 1 makes EM unusable there).
 */
import type { RecyclingChainParams, SigmaBoundedParams, SigmaBoundedResult } from './recycling';
import { combineTwoPhase, ratesFromSums, TransitionRows, validateSigmaBounded } from './recycling';

/** Terms summed directly at the top of the range. */
const DIRECT_WINDOW = 2048;

/** H(a) - H(b) = sum_{n=b+1..a} 1/n for integers a >= b >= 0, accurate to ~1e-16 relative. */
export function harmonicDifference(a: number, b: number): number {
  if (a - b <= 64) {
    let sum = 0;
    for (let n = a; n > b; n--) sum += 1 / n;
    return sum;
  }
  let head = 0;
  let low = b;
  while (low < 32) { low++; head += 1 / low; } // now sum_{n=low+1..a}
  // H(x) = ln x + gamma + 1/(2x) - 1/(12x^2) + 1/(120x^4) - 1/(252x^6) + 1/(240x^8) - ...
  const tail = (x: number): number => {
    const y = 1 / (x * x);
    return 1 / (2 * x) - y * (1 / 12 - y * (1 / 120 - y * (1 / 252 - y / 240)));
  };
  return head + Math.log1p((a - low) / low) + tail(a) - tail(low);
}

/**
 * I_j(s) = int_0^s x^j / (1 - x) dx for j = 0..k (returned array), 0 <= s < 1, every entry to ~1e-15 relative.
 * I_k by the tail series sum_{n>k} s^n / n (all terms positive) unless s is so close to 1 that the direct form
 * -ln(1-s) - sum_{n<=k} s^n/n has no harmful cancellation; then downwards I_{j-1} = I_j + s^j / j (stable).
 */
export function integralsPowerOverOneMinus(k: number, s: number): Float64Array {
  const out = new Float64Array(k + 1);
  if (s <= 0) return out;
  const lnTotal = -Math.log1p(-s);
  let ik: number;
  let direct = lnTotal;
  let power = 1;
  for (let n = 1; n <= k; n++) { power *= s; direct -= power / n; }
  if (s > 1 - 1e-3 && direct > 0.1 * lnTotal) {
    ik = direct;
  } else {
    let term = power; // s^k
    let sum = 0;
    for (let n = k + 1; n < k + 2_000_000; n++) {
      term *= s;
      const add = term / n;
      sum += add;
      if (add < 1e-18 * sum) break;
    }
    ik = sum;
  }
  out[k] = ik;
  // s^j for j = k..1 going down
  let sj = Math.pow(s, k);
  for (let j = k; j >= 1; j--) {
    out[j - 1] = out[j] + sj / j;
    sj /= s;
  }
  return out;
}

/**
 * sum_{i=0..n} (i/M)^j / (M - i) for j = 0..k (returned array), for 0 <= n <= M - 1, without an O(n) loop:
 * Euler-Maclaurin on [0, n - W] for h_j(x) = x^j/(1-x) (terms through B6) plus W terms summed directly.
 */
export function powerOverRemainingSums(mBits: number, k: number, n: number): Float64Array {
  const sums = new Float64Array(k + 1);
  const directFrom = Math.max(0, n - DIRECT_WINDOW + 1);
  // direct part i = directFrom..n (powers by multiplication)
  for (let i = n; i >= directFrom; i--) {
    const x = i / mBits;
    const w = 1 / (mBits - i);
    let p = 1;
    for (let j = 0; j <= k; j++) { sums[j] += p * w; p *= x; }
  }
  if (directFrom === 0) return sums;
  const top = directFrom - 1; // EM over i = 0..top
  const s0 = top / mBits;
  const integrals = integralsPowerOverOneMinus(k, s0);
  const invM = 1 / mBits;
  // Euler-Maclaurin: sum_{i=0..top} h(i/M)/M = int_0^s0 h + (h(0)+h(s0))/(2M) + sum_p B_2p/(2p)! M^(-2p) (h^(2p-1)(s0) - h^(2p-1)(0))
  const bernoulli = [1 / 6, -1 / 30, 1 / 42]; // B2, B4, B6
  const factorial = [2, 24, 720];
  for (let j = 0; j <= k; j++) {
    let em = integrals[j] + (derivative(j, 0, s0) + derivative(j, 0, 0)) * invM / 2;
    for (let p = 1; p <= 3; p++) {
      const order = 2 * p - 1;
      em += (bernoulli[p - 1] / factorial[p - 1]) * Math.pow(invM, 2 * p) * (derivative(j, order, s0) - derivative(j, order, 0));
    }
    sums[j] += em; // the M in sum (i/M)^j/(M-i) = (1/M) sum h(i/M) cancels the integral's 1/M step
  }
  return sums;
}

/** n-th derivative of h_j(x) = x^j / (1 - x): sum_m C(n,m) j_(m) x^(j-m) (n-m)! / (1-x)^(n-m+1) (Leibniz). */
function derivative(j: number, n: number, x: number): number {
  let total = 0;
  let binomial = 1; // C(n, m)
  let falling = 1; // j_(m)
  for (let m = 0; m <= n && m <= j; m++) {
    let rest = 1; // (n-m)!
    for (let t = 2; t <= n - m; t++) rest *= t;
    const power = j - m === 0 ? 1 : Math.pow(x, j - m);
    total += binomial * falling * power * rest / Math.pow(1 - x, n - m + 1);
    binomial = (binomial * (n - m)) / (m + 1);
    falling *= j - m;
  }
  return total;
}

/** The continuum sums at sigma: L = E[N_0] and S = sum g rho, with the leading 1/M terms included. */
export interface ContinuumSums {
  readonly cumulativeVisits: number;
  readonly cumulativeFalsePositives: number;
  /** The plain limit g_i = 1/mu(i) (no 1/M correction), for comparison. */
  readonly plainCumulativeVisits: number;
  readonly plainCumulativeFalsePositives: number;
}

/** Continuum L(sigma) and S(sigma) (see the file comment for the derivation). */
export function continuumSums(params: RecyclingChainParams, sigmaBits: number): ContinuumSums {
  const { mBits: M, k, hashing } = params;
  // sum_{i<=sigma} 1/(M-i) = H(M) - H(M-sigma-1)
  const harmonic = harmonicDifference(M, M - sigmaBits - 1);
  const powers = powerOverRemainingSums(M, k, sigmaBits);
  let rateScale: number; // mu(i) = (M - i) * rateScale
  let weighted: number; // sum rho(i)/(M-i)
  if (hashing === 'colliding') {
    rateScale = -Math.expm1(k * Math.log1p(-1 / M)); // 1 - (1-1/M)^k
    weighted = powers[k];
  } else {
    rateScale = k / M;
    // rho(i) = i_(k)/M_(k) = (M^k/M_(k)) sum_j s(k,j) M^(j-k) x^j (Stirling numbers of the first kind).
    const first = stirlingFirstKindRow(k);
    let lnFallingRatio = 0; // ln(M_(k)/M^k)
    for (let t = 0; t < k; t++) lnFallingRatio += Math.log1p(-t / M);
    const lnM = Math.log(M);
    let total = 0;
    for (let j = k; j >= 1; j--) {
      const coefficient = first[j];
      if (coefficient === 0) continue;
      total += Math.sign(coefficient) * Math.exp(Math.log(Math.abs(coefficient)) + (j - k) * lnM - lnFallingRatio) * powers[j];
    }
    weighted = total;
  }
  const plainL = harmonic / rateScale;
  const plainS = weighted / rateScale;
  // Uniform correction of g: 1 - (k-1)/(2M) + O(M^-2). Its M^-2 term, measured against the exact pass, is
  // +(k-1)(k-2)/6 (colliding) and -(k^2-1)/12 (non-colliding): exactly the expansions of
  // (M/k)(1-(1-1/M)^k) and k / sum_{t<k} M/(M-t), i.e. g_i = 1/((M-i) h) with h = k/M (colliding) or
  // sum_{t<k} 1/(M-t) (non-colliding): the t-th of k hashes picks among M (resp. M-t) positions.
  let hazard: number;
  if (hashing === 'colliding') hazard = k / M;
  else { hazard = 0; for (let t = 0; t < k; t++) hazard += 1 / (M - t); }
  const factor = rateScale / hazard;
  return {
    cumulativeVisits: factor * plainL + (k - 1) / (2 * k), // + the lattice start's excess
    cumulativeFalsePositives: factor * plainS,
    plainCumulativeVisits: plainL,
    plainCumulativeFalsePositives: plainS,
  };
}

/** Signed Stirling numbers of the first kind s(k, j), j = 0..k: x_(k) = sum_j s(k,j) x^j. */
function stirlingFirstKindRow(k: number): Float64Array {
  let row = new Float64Array(k + 1);
  row[0] = 1;
  for (let n = 0; n < k; n++) {
    const next = new Float64Array(k + 1);
    for (let j = 0; j <= n; j++) {
      next[j + 1] += row[j];
      next[j] -= n * row[j];
    }
    row = next;
  }
  return row;
}

/**
 * The frozen filter's mean FP (eq. 24-25) in the continuum: F_j proportional to g_j R(j) with the smooth
 * g_j = 1/mu(j) over the k states below sigma (local equilibrium), exact rows T(j, .). O(k^3).
 */
export function continuumFrozenFalsePositive(params: RecyclingChainParams, sigmaBits: number): number {
  const { mBits: M, k } = params;
  const rows = new TransitionRows(params);
  const row = new Float64Array(k + 1);
  let mass = 0, weighted = 0;
  for (let j = Math.max(0, sigmaBits - k + 1); j <= sigmaBits; j++) {
    rows.row(j, row);
    let tail = 0;
    for (let d = sigmaBits - j + 1; d <= k; d++) tail += row[d];
    const w = tail / (M - j); // g_j proportional to 1/(M-j) locally
    mass += w;
    weighted += w * row[0];
  }
  return mass > 0 ? weighted / mass : 0;
}

/**
 * Stated relative error bound of the continuum model for f_sigma^1 and E[N_0] (two phases: f_sigma^2 likewise):
 *   1e-11 + k^3/M^3 + k/sigma^3 + 100 exp(-sigma^2 / (k M)).
 * - 1e-11: rounding of the O(W + k^2) evaluation and of the exact pass it is compared with (measured: 1e-14 at
 *   M = 1e5, up to 1.3e-12 at M = 1e7, where the exact pass's own sums over 1e7 terms dominate);
 * - k^3/M^3: the next smooth term (measured: 0 for colliding hashing to rounding, <= 0.05 k^2/M^3 non-colliding);
 * - k/sigma^3: a small-sigma term seen with non-colliding hashing (measured <= 0.1 k/sigma^3; not derived);
 * - the exponential: the lattice start's period-k oscillation of g, which has not died out when sigma^2/M is
 *   small (the walk has then made too few irregular jumps); measured to decay like exp(-c sigma^2/(k M)), c in [1.3, 2].
 * Validated against the exact pass for M = 1e4 .. 2^40, k = 2 .. 20 (unit tests and test/bench/recycling.bench.ts);
 * for k > 20 only where sigma^2 / (k M) >= 200 (checked to k = 64 at sigma = 0.6 M), else the bound is 1.
 * For M >= 1e6, k <= 20 and sigma >= 0.05 M it is below 1e-6 (at M = 1e6, k = 7, sigma = 0.6 M: 1e-11).
 */
export function continuumErrorBound(mBits: number, k: number, sigmaBits: number): number {
  // Outside the validated range (k > 20) the start-up term decays more slowly (measured: 1e-4 relative at
  // k = 64, M = 1e9, sigma = 1e6, where sigma^2 / (k M) = 16): no bound is claimed there (1 = unknown accuracy).
  if (k > CONTINUUM_VALIDATED_MAX_K && (sigmaBits * sigmaBits) / (k * mBits) < 200) return 1;
  const smooth = (k * k * k) / (mBits * mBits * mBits) + k / (sigmaBits * sigmaBits * sigmaBits);
  const start = 100 * Math.exp(-(sigmaBits * sigmaBits) / (k * mBits));
  return Math.min(1, 1e-11 + smooth + start);
}

/** The largest k the continuum's error bound was validated for against the exact pass. */
export const CONTINUUM_VALIDATED_MAX_K = 20;

/** The sigma-bounded model by the continuum (approximate) model. */
export function sigmaBoundedContinuum(params: SigmaBoundedParams): SigmaBoundedResult {
  validateSigmaBounded(params);
  const { sigmaBits, retain, phases, mBits, k } = params;
  const sums = continuumSums(params, sigmaBits);
  const L = sums.cumulativeVisits;
  const { falsePositiveRate: active, arrivals } = ratesFromSums(L, sums.cumulativeFalsePositives, retain);
  const frozen = phases === 2 ? continuumFrozenFalsePositive(params, sigmaBits) : 0;
  const rate = phases === 2 ? combineTwoPhase(active, frozen) : active;
  return {
    falsePositiveRate: rate,
    expectedMessagesPerCycle: L,
    arrivalsPerCycle: arrivals,
    activeFalsePositiveRate: active,
    frozenFalsePositiveRate: frozen,
    model: 'approximate',
    relativeErrorBound: continuumErrorBound(mBits, k, sigmaBits),
  };
}
