/**
 * Recycling Bloom filters (Dozier, Salamatian, Rubenstein; paper 000, appendix 001), as settled in
 * design/recycling-spec.md: the sigma-bounded Markov chain in all four variants, solved by ONE pass
 * over the states that yields every sigma at once, plus the N-bounded averages f_w, f_o, f_a.
 *
 * Notation: M bits, k hashes, sigma the recycle threshold on set bits (k <= sigma <= M - 1).
 * T(i, i+d) is the probability that one new message moves the filter from i to i+d set bits.
 */
import { CompensatedSum } from './numeric';

/** How the k positions of a message are drawn: independently (may repeat) or k distinct positions. */
export type RecyclingHashing = 'colliding' | 'noncolliding';

/** Parameters shared by every sigma-bounded computation. */
export interface RecyclingChainParams {
  /** Bits per filter array, M >= 1. */
  readonly mBits: number;
  /** Hash functions, integer >= 1 (<= M for non-colliding hashing). */
  readonly k: number;
  readonly hashing: RecyclingHashing;
}

/** Throws a RangeError unless M, k are valid for the hashing model. */
export function validateChain(params: RecyclingChainParams): void {
  const { mBits, k, hashing } = params;
  if (!Number.isSafeInteger(mBits) || mBits < 1) throw new RangeError(`mBits must be an integer >= 1, got ${mBits}`);
  if (!Number.isSafeInteger(k) || k < 1) throw new RangeError(`k must be an integer >= 1, got ${k}`);
  if (hashing !== 'colliding' && hashing !== 'noncolliding') throw new RangeError(`hashing must be colliding or noncolliding, got ${String(hashing)}`);
  if (hashing === 'noncolliding' && k > mBits) throw new RangeError(`non-colliding hashing needs k <= M (k = ${k}, M = ${mBits})`);
}

/** Throws a RangeError unless k <= sigma <= M - 1 (recycling-spec.md, Notation). */
export function validateSigma(params: RecyclingChainParams, sigmaBits: number): void {
  validateChain(params);
  if (!Number.isSafeInteger(sigmaBits) || sigmaBits < params.k || sigmaBits > params.mBits - 1) {
    throw new RangeError(`sigma must be an integer in [k, M - 1] = [${params.k}, ${params.mBits - 1}], got ${sigmaBits}`);
  }
}

/** Stirling numbers of the second kind S(j, d), 0 <= d <= j <= k, as rows of a flat array (row j at j*(k+1)). */
export function stirlingSecondKind(k: number): Float64Array {
  const width = k + 1;
  const table = new Float64Array(width * width);
  table[0] = 1;
  for (let j = 1; j <= k; j++) {
    for (let d = 1; d <= j; d++) table[j * width + d] = d * table[(j - 1) * width + d] + table[(j - 1) * width + d - 1];
  }
  return table;
}

function binomialRow(k: number): Float64Array {
  const row = new Float64Array(k + 1);
  row[0] = 1;
  for (let j = 1; j <= k; j++) row[j] = (row[j - 1] * (k - j + 1)) / j;
  return row;
}

/**
 * Computes rows T(i, i+d), d = 0..k, for any state i, without cancellation.
 * - colliding: T(i,i+d) = [(M-i)_(d) / M^d] * sum_{j=d..k} C(k,j) S(j,d) M^(d-j) x^(k-j), x = i/M
 *   (the spec's closed form C(M-i,d) sum_r (-1)^r C(d,r) ((i+d-r)/M)^k, with its d-th forward difference
 *   of y^k written through Stirling numbers so that every term is positive);
 * - non-colliding: T(i,i+d) = C(M-i,d) C(i,k-d) / C(M,k) = C(k,d) (M-i)_(d) i_(k-d) / M_(k), as normalised products.
 */
export class TransitionRows {
  readonly mBits: number;
  readonly k: number;
  readonly hashing: RecyclingHashing;
  /** colliding: Horner coefficients; row d holds a_{d,j} for j = d..k at d*(k+1)+j. */
  private readonly coefficients: Float64Array;
  private readonly binomials: Float64Array;
  /** non-colliding: prod_{t<k} (M - t)/M. */
  private readonly fallingM: number;
  private readonly inverseFallingM: number;
  private readonly fallingI: Float64Array;

  private readonly fallingFree: Float64Array;

  constructor(params: RecyclingChainParams) {
    validateChain(params);
    const { mBits, k } = params;
    this.mBits = mBits;
    this.k = k;
    this.hashing = params.hashing;
    this.binomials = binomialRow(k);
    const width = k + 1;
    this.coefficients = new Float64Array(width * width);
    this.fallingI = new Float64Array(width);

    this.fallingFree = new Float64Array(width);
    if (params.hashing === 'colliding') {
      const stirling = stirlingSecondKind(k);
      const lnM = Math.log(mBits);
      for (let d = 0; d <= k; d++) {
        for (let j = d; j <= k; j++) {
          const s = stirling[j * width + d];
          // C(k,j) S(j,d) M^(d-j); exp/log keeps huge S(j,d) times tiny M^(d-j) finite.
          this.coefficients[d * width + j] = s === 0 ? 0 : Math.exp(Math.log(this.binomials[j]) + Math.log(s) + (d - j) * lnM);
        }
      }
      this.fallingM = 1;
    } else {
      let product = 1;
      for (let t = 0; t < k; t++) product *= (mBits - t) / mBits;
      this.fallingM = product;
    }
    this.inverseFallingM = 1 / this.fallingM;
  }

  /** Fills out[d] = T(i, i+d) for d = 0..k (out.length >= k+1). */
  row(i: number, out: Float64Array): void {
    const { mBits, k } = this;
    const invM = 1 / mBits;
    if (this.hashing === 'colliding') {
      const width = k + 1;
      const x = i * invM;
      let free = 1; // (M-i)_(d) / M^d
      const c = this.coefficients;
      for (let d = 0; d <= k; d++) {
        let poly = c[d * width + d];
        for (let j = d + 1; j <= k; j++) poly = poly * x + c[d * width + j];
        out[d] = free * poly;
        free *= (mBits - i - d) * invM;
        if (free < 0) free = 0;
      }
    } else {
      const fi = this.fallingI;
      const ff = this.fallingFree;
      fi[0] = 1;
      ff[0] = 1;
      for (let t = 0; t < k; t++) {
        const a = i - t, b = mBits - i - t;
        fi[t + 1] = a > 0 ? fi[t] * a * invM : 0; // i_(t+1) / M^(t+1)
        ff[t + 1] = b > 0 ? ff[t] * b * invM : 0; // (M-i)_(t+1) / M^(t+1)
      }
      const scale = this.inverseFallingM;
      const binomials = this.binomials;
      for (let d = 0; d <= k; d++) out[d] = binomials[d] * ff[d] * fi[k - d] * scale;
    }
  }

  /** rho(i) = T(i,i): the false-positive probability of a new message at i set bits (spec: eq. 17 fixed). */
  falsePositive(i: number): number {
    const { mBits, k } = this;
    if (this.hashing === 'colliding') return Math.pow(i / mBits, k);
    let product = 1;
    for (let t = 0; t < k; t++) product *= Math.max(0, i - t) / (mBits - t);
    return product;
  }
}

/** Options of the one pass. */
export interface VisitPassOptions {
  /** Also compute the frozen filter's mean FP for every sigma (two-phase, eq. 24-26). Default false. */
  readonly twoPhase?: boolean;
  /** Stop after the first sigma >= k whose one-phase non-retaining AND retaining FP exceed this (capacity search). */
  readonly stopAboveFalsePositive?: number;
}

/**
 * Everything the one pass yields, indexed by sigma (0..lastSigma). The visits g_i do not depend on sigma,
 * so the cumulative sums answer every sigma at once (recycling-spec.md, "One pass gives everything").
 */
export interface VisitPassResult {
  readonly mBits: number;
  readonly k: number;
  readonly hashing: RecyclingHashing;
  /** Last state computed (maxSigma, or earlier with stopAboveFalsePositive). */
  readonly lastSigma: number;
  /** g_i: expected arrivals that see i set bits per cycle (g_0 = 1). */
  readonly visits: Float64Array;
  /** rho(i). */
  readonly falsePositiveByState: Float64Array;
  /** L(sigma) = sum_{i<=sigma} g_i (compensated) = E[N_0]. */
  readonly cumulativeVisits: Float64Array;
  /** S(sigma) = sum_{i<=sigma} g_i rho(i) (compensated). */
  readonly cumulativeFalsePositives: Float64Array;
  /** Two-phase only: sum_i F_i rho(i) for each sigma (the frozen filter's mean FP); NaN-free, 0 below k. */
  readonly frozenFalsePositive?: Float64Array;
  /** Two-phase only: sum_i g_i R(i) for each sigma — equals 1 (flow balance), kept as a check. */
  readonly frozenMass?: Float64Array;
}

/**
 * The one pass: g_0 = 1, g_i = sum_{d=1..min(k,i)} g_{i-d} T(i-d,i) / (1 - rho(i)) (recycling-spec.md),
 * for i = 0..maxSigma, O(k^2) per state for colliding hashing and O(k) for non-colliding.
 */
export function visitPass(params: RecyclingChainParams, maxSigma: number, options: VisitPassOptions = {}): VisitPassResult {
  validateChain(params);
  const { mBits, k, hashing } = params;
  if (!Number.isSafeInteger(maxSigma) || maxSigma < 0 || maxSigma > mBits - 1) {
    throw new RangeError(`maxSigma must be an integer in [0, M - 1] = [0, ${mBits - 1}], got ${maxSigma}`);
  }
  const rows = new TransitionRows(params);
  const width = k + 1;
  const row = new Float64Array(width);
  const pending = new Float64Array(width); // ring: mass arriving at state i+d
  pending[0] = 1; // the cycle starts at state 0
  const size = maxSigma + 1;
  const visits = new Float64Array(size);
  const rhoByState = new Float64Array(size);
  const cumulativeVisits = new Float64Array(size);
  const cumulativeFalsePositives = new Float64Array(size);
  const twoPhase = options.twoPhase === true;
  const frozenFalsePositive = twoPhase ? new Float64Array(size) : undefined;
  const frozenMass = twoPhase ? new Float64Array(size) : undefined;
  // Two-phase: overflow tails of the last k rows: tails[(i mod k)*k + m] = sum_{d>m} T(i,i+d), m = 0..k-1.
  const tails = twoPhase ? new Float64Array(k * k) : undefined;
  const stopAbove = options.stopAboveFalsePositive;
  let sumL = 0, compL = 0, sumS = 0, compS = 0;
  let last = maxSigma;
  let slot = 0; // i mod (k+1)
  for (let i = 0; i <= maxSigma; i++) {
    rows.row(i, row);
    const rho = row[0];
    // 1 - rho(i) as the sum of the moving probabilities: no cancellation near rho = 1, and the mass that
    // leaves state i is exactly what arrived (rounding cannot compound over the ~M/k jumps of a cycle).
    let moving = 0;
    for (let d = 1; d <= k; d++) moving += row[d];
    const g = pending[slot] / moving;
    pending[slot] = 0;
    for (let d = 1, target = slot + 1; d <= k; d++, target++) {
      if (target === width) target = 0;
      pending[target] += g * row[d];
    }
    slot = slot + 1 === width ? 0 : slot + 1;
    visits[i] = g;
    rhoByState[i] = rho;
    // Neumaier sums for L and S.
    let t = sumL + g;
    compL += Math.abs(sumL) >= g ? (sumL - t) + g : (g - t) + sumL;
    sumL = t;
    const gr = g * rho;
    t = sumS + gr;
    compS += Math.abs(sumS) >= gr ? (sumS - t) + gr : (gr - t) + sumS;
    sumS = t;
    const L = sumL + compL;
    const S = sumS + compS;
    cumulativeVisits[i] = L;
    cumulativeFalsePositives[i] = S;
    if (twoPhase) {
      const tailRow = (i % k) * k;
      let tail = 0;
      for (let m = k - 1; m >= 0; m--) { tail += row[m + 1]; tails![tailRow + m] = tail; }
      // sigma = i: frozen state j in [i-k+1, i] with probability g_j R_sigma(j), R_sigma(j) = tail of row j beyond i-j.
      let mass = 0, weighted = 0;
      for (let m = 0; m < k && m <= i; m++) {
        const j = i - m;
        const w = visits[j] * tails![(j % k) * k + m];
        mass += w;
        weighted += w * rhoByState[j];
      }
      frozenMass![i] = mass;
      frozenFalsePositive![i] = mass > 0 ? weighted / mass : 0;
    }
    if (stopAbove !== undefined && i >= k && i >= 1 && S / L > stopAbove && S / (L - 1) > stopAbove) { last = i; break; }
  }
  const trim = <T extends Float64Array | undefined>(a: T): T => (a === undefined || last === maxSigma ? a : (a.subarray(0, last + 1) as T));
  return {
    mBits, k, hashing, lastSigma: last,
    visits: trim(visits), falsePositiveByState: trim(rhoByState),
    cumulativeVisits: trim(cumulativeVisits), cumulativeFalsePositives: trim(cumulativeFalsePositives),
    frozenFalsePositive: trim(frozenFalsePositive), frozenMass: trim(frozenMass),
  };
}

/** Input of the sigma-bounded model. */
export interface SigmaBoundedParams extends RecyclingChainParams {
  /** Recycle when the number of set bits exceeds sigma; k <= sigma <= M - 1. */
  readonly sigmaBits: number;
  /** Retaining: the overflowing message is re-inserted into the cleared filter (eqs. 10/14). */
  readonly retain: boolean;
  /** 1: one array of M bits; 2: active + frozen arrays of M bits each (2M in total). */
  readonly phases: 1 | 2;
}

/** Output of the sigma-bounded model. */
export interface SigmaBoundedResult {
  /** Long-run average FP over new messages: f_sigma^1 (eq. 18) or f_sigma^2 (eq. 26). */
  readonly falsePositiveRate: number;
  /** E[N_0] (eq. 20-23 with the boundary fixed): new messages per cycle of the (active) filter. */
  readonly expectedMessagesPerCycle: number;
  /** Arrivals that start in the cycle: E[N_0] (non-retaining) or E[N_0] - 1 (retaining). */
  readonly arrivalsPerCycle: number;
  /** One-phase average FP of the (active) filter alone (equals falsePositiveRate for one phase). */
  readonly activeFalsePositiveRate: number;
  /** Two phases: mean FP of the frozen filter, sum_i F_i rho(i) (eq. 24-25); 0 for one phase. */
  readonly frozenFalsePositiveRate: number;
  /**
   * Two phases, colliding hashing, exact model only: f_sigma^2 with the exact intersection of the two filters,
   * rho(a) + rho(f) - E[rho(Hypergeom(M, a, f))] (eq. 26 treats the filters as independent). Equals
   * falsePositiveRate for non-colliding hashing and for one phase.
   */
  readonly falsePositiveRateExactIntersection?: number;
  readonly model: 'exact' | 'approximate';
  /** Bound on the relative error of falsePositiveRate and expectedMessagesPerCycle; 0 for the exact pass. */
  readonly relativeErrorBound: number;
}

/** Average FP and messages per cycle from the pass sums at one sigma (recycling-spec.md). */
export function ratesFromSums(L: number, S: number, retain: boolean): { falsePositiveRate: number; arrivals: number } {
  // non-retaining: S/L; retaining: the chain censored on {1..sigma}: S/(L-1) (rho(0) = 0).
  const arrivals = retain ? L - 1 : L;
  return { falsePositiveRate: S / arrivals, arrivals };
}

/** f2 = 1 - (1 - f1)(1 - fFrozen), written without cancellation (eq. 26). */
export function combineTwoPhase(activeRate: number, frozenRate: number): number {
  return activeRate + frozenRate - activeRate * frozenRate;
}

/** Validates the sigma-bounded parameters (RangeError on bad input). */
export function validateSigmaBounded(params: SigmaBoundedParams): void {
  validateSigma(params, params.sigmaBits);
  if (params.phases !== 1 && params.phases !== 2) throw new RangeError(`phases must be 1 or 2, got ${String(params.phases)}`);
  if (typeof params.retain !== 'boolean') throw new RangeError('retain must be a boolean');
}

/** The sigma-bounded model by the exact one pass (cost O(k^2 sigma), memory O(sigma)). */
export function sigmaBoundedExact(params: SigmaBoundedParams): SigmaBoundedResult {
  validateSigmaBounded(params);
  const { sigmaBits, retain, phases } = params;
  const pass = visitPass(params, sigmaBits, { twoPhase: phases === 2 });
  const L = pass.cumulativeVisits[sigmaBits];
  const S = pass.cumulativeFalsePositives[sigmaBits];
  const { falsePositiveRate: active, arrivals } = ratesFromSums(L, S, retain);
  if (phases === 1) {
    return {
      falsePositiveRate: active, expectedMessagesPerCycle: L, arrivalsPerCycle: arrivals,
      activeFalsePositiveRate: active, frozenFalsePositiveRate: 0, falsePositiveRateExactIntersection: active,
      model: 'exact', relativeErrorBound: 0,
    };
  }
  const frozen = pass.frozenFalsePositive![sigmaBits];
  const rate = combineTwoPhase(active, frozen);
  const exactIntersection = params.hashing === 'colliding' ? exactIntersectionRate(pass, sigmaBits, retain) : rate;
  return {
    falsePositiveRate: rate, expectedMessagesPerCycle: L, arrivalsPerCycle: arrivals,
    activeFalsePositiveRate: active, frozenFalsePositiveRate: frozen, falsePositiveRateExactIntersection: exactIntersection,
    model: 'exact', relativeErrorBound: 0,
  };
}

/**
 * Two-phase colliding f_sigma^2 with the exact intersection (recycling-spec.md, "Two phases"):
 * P(FP | a, f) = rho(a) + rho(f) - E[(X/M)^k], X ~ Hypergeom(M, a, f) (active bits uniform given a).
 * E[X^k] = sum_r S(k,r) a_(r) f_(r) / M_(r) (hypergeometric factorial moments), so the double sum over
 * (a, f) separates into k products of one-dimensional sums.
 */
function exactIntersectionRate(pass: VisitPassResult, sigma: number, retain: boolean): number {
  const { mBits, k } = pass;
  const width = k + 1;
  const stirling = stirlingSecondKind(k);
  const rows = new TransitionRows(pass);
  const row = new Float64Array(width);
  // Frozen distribution F_j = g_j R_sigma(j), j in [sigma-k+1, sigma].
  const frozenStates: number[] = [];
  const frozenWeights: number[] = [];
  let mass = 0;
  for (let j = Math.max(0, sigma - k + 1); j <= sigma; j++) {
    rows.row(j, row);
    let tail = 0;
    for (let d = sigma - j + 1; d <= k; d++) tail += row[d];
    const w = pass.visits[j] * tail;
    frozenStates.push(j);
    frozenWeights.push(w);
    mass += w;
  }
  // phi_r(a) = a_(r) / M^r (normalised falling factorial).
  const activeMoments = new Float64Array(width); // sum over visited a of g_a phi_r(a), r = 0..k
  const moments = Array.from({ length: width }, () => new CompensatedSum());
  const phi = new Float64Array(width);
  const start = retain ? 1 : 0;
  for (let a = start; a <= sigma; a++) {
    const g = pass.visits[a];
    phi[0] = 1;
    for (let r = 1; r <= k; r++) phi[r] = phi[r - 1] * Math.max(0, a - r + 1) / mBits;
    for (let r = 1; r <= k; r++) moments[r].add(g * phi[r]);
  }
  for (let r = 1; r <= k; r++) activeMoments[r] = moments[r].value;
  let frozenRho = 0;
  const frozenMoments = new Float64Array(width);
  for (let s = 0; s < frozenStates.length; s++) {
    const f = frozenStates[s];
    const w = frozenWeights[s] / mass;
    frozenRho += w * rows.falsePositive(f);
    let p = 1;
    for (let r = 1; r <= k; r++) { p *= Math.max(0, f - r + 1) / mBits; frozenMoments[r] += w * p; }
  }
  let both = 0; // sum_a g_a E_F[E[(X/M)^k]]
  let fallingM = 1;
  const lnM = Math.log(mBits);
  for (let r = 1; r <= k; r++) {
    fallingM *= (mBits - r + 1) / mBits;
    const s = stirling[k * width + r];
    if (s === 0 || fallingM <= 0) continue;
    // E[X^k]/M^k = sum_r S(k,r) M^(r-k) phi_r(a) phi_r(f) / phi_r(M)
    const coefficient = Math.exp(Math.log(s) + (r - k) * lnM) / fallingM;
    both += coefficient * activeMoments[r] * frozenMoments[r];
  }
  const L = pass.cumulativeVisits[sigma];
  const S = pass.cumulativeFalsePositives[sigma];
  const arrivals = retain ? L - 1 : L;
  // average over arrivals of rho(a) + rho(f) - E[(X/M)^k]
  return (S + arrivals * frozenRho - both) / arrivals;
}

/** k = 1 closed form (eq. 19, typo f^i for f^1): f = sum_{i<=sigma} i / (M (M-i) sum_{j<=sigma} 1/(M-j)). */
export function kOneClosedForm(mBits: number, sigmaBits: number): number {
  validateSigma({ mBits, k: 1, hashing: 'colliding' }, sigmaBits);
  const numerator = new CompensatedSum();
  const denominator = new CompensatedSum();
  for (let i = 0; i <= sigmaBits; i++) {
    numerator.add(i / (mBits * (mBits - i)));
    denominator.add(1 / (mBits - i));
  }
  return numerator.value / denominator.value;
}

/** The designer panel's chart data: the stationary distribution over states 0..sigma for one variant. */
export function stationaryDistribution(params: RecyclingChainParams & { sigmaBits: number; retain: boolean }): Float64Array {
  validateSigma(params, params.sigmaBits);
  const pass = visitPass(params, params.sigmaBits);
  const L = pass.cumulativeVisits[params.sigmaBits];
  const total = params.retain ? L - 1 : L;
  const pi = new Float64Array(params.sigmaBits + 1);
  for (let i = params.retain ? 1 : 0; i <= params.sigmaBits; i++) pi[i] = pass.visits[i] / total;
  return pi;
}

/** f_sigma and E[N_0] for every sigma in [k, maxSigma] from one pass (chart data). */
export interface SigmaCurves {
  readonly sigmas: Float64Array;
  readonly falsePositiveRate: Float64Array;
  readonly expectedMessagesPerCycle: Float64Array;
}

/** f_sigma (one or two phases) and E[N_0] as functions of sigma, k <= sigma <= maxSigma, in one pass. */
export function sigmaCurves(params: RecyclingChainParams & { maxSigma: number; retain: boolean; phases: 1 | 2 }): SigmaCurves {
  validateSigma(params, params.maxSigma);
  const pass = visitPass(params, params.maxSigma, { twoPhase: params.phases === 2 });
  const count = params.maxSigma - params.k + 1;
  const sigmas = new Float64Array(count);
  const rates = new Float64Array(count);
  const messages = new Float64Array(count);
  for (let n = 0; n < count; n++) {
    const sigma = params.k + n;
    const L = pass.cumulativeVisits[sigma];
    const active = ratesFromSums(L, pass.cumulativeFalsePositives[sigma], params.retain).falsePositiveRate;
    sigmas[n] = sigma;
    rates[n] = params.phases === 2 ? combineTwoPhase(active, pass.frozenFalsePositive![sigma]) : active;
    messages[n] = L;
  }
  return { sigmas, falsePositiveRate: rates, expectedMessagesPerCycle: messages };
}

// ---------------------------------------------------------------------------------------------------------
// N-bounded recycling (recycle after N bit-setting messages), colliding hashing (recycling-spec.md).

/** Gauss-Legendre nodes and weights on [-1, 1] (Newton on the Legendre recurrence). */
function gaussLegendre(n: number): { nodes: Float64Array; weights: Float64Array } {
  const nodes = new Float64Array(n);
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let x = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let derivative = 1;
    for (let iteration = 0; iteration < 100; iteration++) {
      let p0 = 1, p1 = x;
      for (let j = 2; j <= n; j++) { const p2 = ((2 * j - 1) * x * p1 - (j - 1) * p0) / j; p0 = p1; p1 = p2; }
      derivative = (n * (x * p1 - p0)) / (x * x - 1);
      const step = p1 / derivative;
      x -= step;
      if (Math.abs(step) < 1e-16) break;
    }
    nodes[i] = x;
    weights[i] = 2 / ((1 - x * x) * derivative * derivative);
  }
  return { nodes, weights };
}

const GAUSS_16 = gaussLegendre(16);

/** Above this many terms (and for slowly varying terms, lambda <= EULER_MACLAURIN_MAX_LAMBDA) the N-bounded sums use Euler-Maclaurin. */
export const DIRECT_SUM_LIMIT = 4096;
/**
 * Euler-Maclaurin (to the F' correction) is within about 2e-12 of the direct sums up to this lambda (checked
 * for k = 1..1000); above it the unsaturated head has at most (ln k + 40)/lambda (under 5000) terms, summed directly.
 */
const EULER_MACLAURIN_MAX_LAMBDA = 1e-2;
/** Width (in t = lambda n) of the Gauss-Legendre panels for the odds integral. */
const PANEL_WIDTH = 1;

/** f_w(n) = (1 - (1 - 1/M)^(kn))^k (eq. 1): FP of the next message after n inserted, colliding hashing. */
export function worstCaseRate(mBits: number, k: number, n: number): number {
  if (n <= 0) return 0;
  const filled = -Math.expm1(k * n * Math.log1p(-1 / mBits)); // 1 - (1-1/M)^(kn), without cancellation
  return Math.exp(k * Math.log(filled));
}

/** The N-bounded rates (eq. 1-3). */
export interface NBoundedRates {
  /** f_w: eq. 1 with n = N, the FP of the next message once N are inserted. */
  readonly worstCase: number;
  /** f_o: eq. 2, (1/N) sum_{i=1..N} f_w(i-1) (the oracle user's average; a lower bound). */
  readonly oracleAverage: number;
  /** f_a: eq. 3, sum x_i / (N + sum x_i), x_i = f_i/(1-f_i) (the real user's average; a lower bound). */
  readonly actualAverage: number;
}

/**
 * Beyond lambda n = ln k + SATURATED_EXPONENT (lambda = -k ln(1 - 1/M)) the filter is saturated: u = e^(-lambda n)
 * < 4e-18 / k, so 1 - f_w = 1 - (1 - u)^k = k u (1 + O(k u)) < 4.3e-18 and f_w = 1 to double precision, while
 * x = f_w / (1 - f_w) = e^(lambda n) / k (1 + O(k u)).
 */
const SATURATED_EXPONENT = 40;

/** ln(e^x - 1) for x > 0, without overflow. */
function lnExpm1(x: number): number {
  return x > 30 ? x + Math.log1p(-Math.exp(-x)) : Math.log(Math.expm1(x));
}

/**
 * sum_{n=0..N-1} f_w(n) and sum_{n=0..N-1} x(n), x = f_w/(1-f_w) (eq. 2-3), f_w(0) = 0 (empty filter).
 * The unsaturated head n < n_s (see SATURATED_EXPONENT; at most about (ln k + 40)/lambda terms) is summed
 * directly with compensation for n_s <= 4096 (or fast-varying terms, lambda > 1e-2), otherwise by
 * Euler-Maclaurin with the integral in closed form (f_w) or by Gauss-Legendre quadrature (x). The saturated
 * tail n_s <= n < N is in closed form: sum f_w = N - n_s, and sum x = (1/k) sum e^(lambda n), a geometric
 * series (Infinity once it exceeds the double range: f_a = 1 then). Any N up to 2^53 costs microseconds;
 * M = 1 (lambda = Infinity: f_w(n) = 1 for n >= 1) is exact.
 */
export function nBoundedSums(mBits: number, k: number, count: number, forceDirect = false): { sumRates: number; sumOdds: number } {
  const lambda = -k * Math.log1p(-1 / mBits); // f_w(n) = (1 - e^(-lambda n))^k
  if (count <= 0) return { sumRates: 0, sumOdds: 0 };
  if (lambda === Infinity) return { sumRates: count - 1, sumOdds: count > 1 ? Infinity : 0 }; // M = 1
  const saturatedFrom = Math.max(1, Math.ceil((Math.log(k) + SATURATED_EXPONENT) / lambda));
  const head = nBoundedHeadSums(lambda, k, Math.min(count, saturatedFrom), forceDirect);
  if (count <= saturatedFrom) return head;
  const tailCount = count - saturatedFrom;
  // sum_{n = n_s}^{N-1} e^(lambda n) / k = e^(lambda n_s) (e^(lambda L) - 1) / ((e^lambda - 1) k), L = N - n_s
  const lnTailOdds = lambda * saturatedFrom + lnExpm1(lambda * tailCount) - lnExpm1(lambda) - Math.log(k);
  return { sumRates: head.sumRates + tailCount, sumOdds: head.sumOdds + Math.exp(lnTailOdds) };
}

/**
 * ln f_w = k ln(1 - e^(-t)), t = lambda n, accurate at both ends: through expm1 while few bits are set, through
 * log1p(-e^(-t)) once most are (there 1 - f_w = -expm1(ln f_w) keeps its relative precision; k ln(1 - e^(-t))
 * with 1 - e^(-t) rounded first loses it: 1e-7 relative in x = f_w/(1 - f_w) at t = 20).
 */
function lnWorstCase(k: number, t: number): number {
  return t < Math.LN2 ? k * Math.log(-Math.expm1(-t)) : k * Math.log1p(-Math.exp(-t));
}

/** The N-bounded sums over n = 0..count-1, all unsaturated (lambda (count - 1) <= ln k + 40 + lambda). */
function nBoundedHeadSums(lambda: number, k: number, count: number, forceDirect: boolean): { sumRates: number; sumOdds: number } {
  if (forceDirect || count <= DIRECT_SUM_LIMIT || lambda > EULER_MACLAURIN_MAX_LAMBDA) {
    const rates = new CompensatedSum();
    const odds = new CompensatedSum();
    for (let n = 1; n < count; n++) { // n = 0: f_w = 0
      const lnF = lnWorstCase(k, lambda * n);
      const f = Math.exp(lnF);
      rates.add(f);
      odds.add(f / -Math.expm1(lnF)); // 1 - f = -expm1(ln f), accurate as f -> 1 (> 4e-18 here)
    }
    return { sumRates: rates.value, sumOdds: odds.value };
  }
  // Euler-Maclaurin: sum_{n=0..b} F(n) = int_0^b F + (F(0)+F(b))/2 + (F'(b)-F'(0))/12 - ..., b = count-1.
  const b = count - 1;
  const T = lambda * b;
  const sEnd = -Math.expm1(-T);
  const integral = integralPower(k, T) / lambda;
  const uEnd = Math.exp(-T);
  const fEnd = Math.exp(k * Math.log(sEnd)); // F(b); F(0) = 0
  const dFEnd = k * Math.pow(sEnd, k - 1) * lambda * uEnd; // F'(n) = k (1 - e^(-lambda n))^(k-1) lambda e^(-lambda n)
  const dF0 = k === 1 ? lambda : 0;
  const sumRates = integral + fEnd / 2 + (dFEnd - dF0) / 12;
  // x(t) = F/(1-F) = F + F^2/(1-F), t = lambda n: int F in closed form (integral, as for the rates), the rest
  // by composite 16-point Gauss-Legendre on panels of width <= PANEL_WIDTH. (Quadrature of x itself fails where
  // F ~ t^k is a steep polynomial: 15% at k = 1000, T = 1; the remainder F^2/(1-F) is negligible there.)
  const panels = Math.max(1, Math.ceil(T / PANEL_WIDTH));
  const width = T / panels;
  const odds = new CompensatedSum();
  for (let p = 0; p < panels; p++) {
    const centre = (p + 0.5) * width;
    for (let q = 0; q < 16; q++) {
      const t = centre + 0.5 * width * GAUSS_16.nodes[q];
      const lnF = lnWorstCase(k, t);
      odds.add((0.5 * width * GAUSS_16.weights[q] * Math.exp(2 * lnF)) / -Math.expm1(lnF));
    }
  }
  const lnFEnd = lnWorstCase(k, T);
  const oneMinusEnd = -Math.expm1(lnFEnd);
  const xEnd = Math.exp(lnFEnd) / oneMinusEnd;
  const dxEnd = dFEnd / (oneMinusEnd * oneMinusEnd); // x' = F' / (1 - F)^2
  const sumOdds = integral + odds.value / lambda + xEnd / 2 + (dxEnd - dF0) / 12;
  return { sumRates, sumOdds };
}

/**
 * int_0^s x^k/(1-x) dx for s = 1 - e^(-T) (tail series or direct form; see
 * recyclingContinuum.integralsPowerOverOneMinus). Takes T, not s: s rounds to 1 for T > 37, where
 * -ln(1 - s) = T is still finite.
 */
function integralPower(k: number, T: number): number {
  if (T <= 0) return 0;
  const s = -Math.expm1(-T);
  const lnTotal = T; // int_0^s 1/(1-x) dx = -ln(1 - s)
  let direct = lnTotal, power = 1;
  for (let n = 1; n <= k; n++) { power *= s; direct -= power / n; }
  if (s > 1 - 1e-3 && direct > 0.1 * lnTotal) return direct;
  let term = power, sum = 0;
  for (let n = k + 1; n < k + 2_000_000; n++) {
    term *= s;
    const add = term / n;
    sum += add;
    if (add <= 1e-18 * sum) break; // also when s^n has underflowed (add = sum = 0)
  }
  return sum;
}

/** f_w, f_o, f_a for an N-bounded recycling filter of M bits and k hashes (colliding), N >= 1. */
export function nBoundedRates(mBits: number, k: number, messagesPerCycle: number): NBoundedRates {
  validateChain({ mBits, k, hashing: 'colliding' });
  if (!Number.isSafeInteger(messagesPerCycle) || messagesPerCycle < 1) {
    throw new RangeError(`messagesPerCycle must be an integer >= 1, got ${messagesPerCycle}`);
  }
  const N = messagesPerCycle;
  const { sumRates, sumOdds } = nBoundedSums(mBits, k, N);
  const actual = Number.isFinite(sumOdds) ? sumOdds / (N + sumOdds) : 1;
  return {
    worstCase: worstCaseRate(mBits, k, N),
    oracleAverage: Math.min(1, sumRates / N),
    actualAverage: actual,
  };
}
