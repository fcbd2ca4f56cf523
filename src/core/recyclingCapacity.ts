/**
 * Recycling Bloom filters: the model chooser (exact pass or continuum) and the capacity searches of
 * recycling-spec.md "Capacity" (paper 000, Section V, Figures 6-8), plus the reverse (memory for a rate).
 * This file is the single import point for the analysis layer: it re-exports the whole recycling API.
 */
import {
  combineTwoPhase, nBoundedSums, ratesFromSums, RecyclingHashing, SigmaBoundedParams, SigmaBoundedResult,
  sigmaBoundedExact, validateChain, validateSigmaBounded, visitPass, worstCaseRate,
} from './recycling';
import { continuumFrozenFalsePositive, continuumSums, continuumErrorBound, sigmaBoundedContinuum } from './recyclingContinuum';

export * from './recycling';
export * from './recyclingContinuum';

/** The exact pass is used while sigma * (k+1)(k+2)/2 stays below this many row operations (~0.3 s). */
export const EXACT_WORK_LIMIT = 1.5e8;

/** Which model answers. */
export type RecyclingModelChoice = 'auto' | 'exact' | 'approximate';

function exactIsCheap(sigmaBits: number, k: number): boolean {
  return sigmaBits * ((k + 1) * (k + 2)) / 2 <= EXACT_WORK_LIMIT;
}

/**
 * The sigma-bounded model (one or two phases, any variant). 'auto' runs the exact pass when it is cheap
 * (sigma * (k+1)(k+2)/2 <= 1.5e8, e.g. sigma up to ~4e6 at k = 7) and the continuum model otherwise;
 * the result says which (`model`) and how far off it may be (`relativeErrorBound`, 0 when exact).
 */
export function sigmaBoundedRates(params: SigmaBoundedParams, model: RecyclingModelChoice = 'auto'): SigmaBoundedResult {
  validateSigmaBounded(params);
  const useExact = model === 'exact' || (model === 'auto' && exactIsCheap(params.sigmaBits, params.k));
  return useExact ? sigmaBoundedExact(params) : sigmaBoundedContinuum(params);
}

/** Input of the capacity searches. */
export interface CapacityParams {
  /** Total memory in bits (two phases split it into two arrays of floor(M/2)). */
  readonly memoryBits: number;
  /** Average-FP target eps in (0, 1). */
  readonly targetRate: number;
  readonly hashing?: RecyclingHashing;
  /** Sigma-bounded recycle rule (default false: non-retaining, as in the paper's figures). */
  readonly retain?: boolean;
  /** 'auto' = exact for memory <= CAPACITY_EXACT_LIMIT, continuum above. */
  readonly model?: RecyclingModelChoice;
  /** Stop after this many consecutive k without improvement (default 3; the curves are unimodal in k). */
  readonly patience?: number;
}

export interface NBoundedCapacity { readonly k: number; readonly messages: number }
export interface SigmaCapacity {
  readonly k: number;
  readonly sigma: number;
  /** E[N_0] at the best sigma (two phases: of the active filter, per cycle). */
  readonly messages: number;
  /** The average FP at that sigma (<= target). */
  readonly falsePositiveRate: number;
}

/** The five capacities of cli-contract.md `capacity` (messages 0 and k 0 when nothing fits). */
export interface CapacityResult {
  readonly worstCase: NBoundedCapacity;
  readonly oracle: NBoundedCapacity;
  readonly average: NBoundedCapacity;
  readonly sigmaBounded: SigmaCapacity;
  readonly twoPhase: SigmaCapacity;
  readonly model: 'exact' | 'approximate';
  /** Relative error bound of the sigma-bounded answers (0 when exact). */
  readonly relativeErrorBound: number;
}

/** Memory up to which 'auto' capacity searches run the exact pass (about 0.5 s at 1e6 bits). */
export const CAPACITY_EXACT_LIMIT = 1_100_000;

/** C_w(k) = max{N : f_w(N) <= eps} = floor(ln(1 - eps^(1/k)) / (k ln(1 - 1/M))), corrected for rounding. */
export function worstCaseCapacity(mBits: number, k: number, targetRate: number): number {
  const guess = Math.floor(Math.log1p(-Math.pow(targetRate, 1 / k)) / (k * Math.log1p(-1 / mBits)));
  // Capped at 2^53 - 1 messages (beyond it n + 1 === n in double precision and the loop would not end).
  let n = Math.min(Number.MAX_SAFE_INTEGER, Math.max(0, guess));
  while (n > 0 && worstCaseRate(mBits, k, n) > targetRate) n--;
  while (n < Number.MAX_SAFE_INTEGER && worstCaseRate(mBits, k, n + 1) <= targetRate) n++;
  return n;
}

/**
 * C_o(k) or C_a(k): max{N : f(N) <= eps} for f = f_o (oracle) or f_a (average), both non-decreasing in N.
 * A running scan for small N, then (beyond 2^16) doubling and bisection on the Euler-Maclaurin sums.
 */
export function averageCapacity(mBits: number, k: number, targetRate: number, kind: 'oracle' | 'average'): number {
  const lambda = -k * Math.log1p(-1 / mBits);
  const value = (sumRates: number, sumOdds: number, n: number): number =>
    kind === 'oracle' ? sumRates / n : (Number.isFinite(sumOdds) ? sumOdds / (n + sumOdds) : 1);
  const scanLimit = 1 << 16;
  // Every N <= C_w is feasible: an average of FP rates never exceeds the last one, f_w(N-1) <= eps.
  const worst = worstCaseCapacity(mBits, k, targetRate);
  let sumRates = 0, cRates = 0, sumOdds = 0, cOdds = 0;
  for (let n = 1; n <= scanLimit && worst < scanLimit; n++) {
    const lnF = k * Math.log(-Math.expm1(-lambda * (n - 1))); // ln f_w(n-1)
    const oneMinus = -Math.expm1(lnF);
    if (oneMinus <= 0) return n - 1;
    const f = Math.exp(lnF);
    const x = f / oneMinus;
    let t = sumRates + f; cRates += Math.abs(sumRates) >= f ? (sumRates - t) + f : (f - t) + sumRates; sumRates = t;
    t = sumOdds + x; cOdds += Math.abs(sumOdds) >= x ? (sumOdds - t) + x : (x - t) + sumOdds; sumOdds = t;
    if (value(sumRates + cRates, sumOdds + cOdds, n) > targetRate) return n - 1;
  }
  const rate = (n: number): number => { const s = nBoundedSums(mBits, k, n); return value(s.sumRates, s.sumOdds, n); };
  // Integers stay exact below 2^53: the search is capped there (bisection above it could not end).
  const cap = Number.MAX_SAFE_INTEGER;
  let low = Math.min(cap, Math.max(scanLimit, worst)), high = Math.min(cap, low * 2);
  while (rate(high) <= targetRate) {
    if (high === cap) return cap;
    low = high;
    high = Math.min(cap, high * 2);
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (rate(mid) <= targetRate) low = mid; else high = mid;
  }
  return low;
}

/** Best sigma for one k: the largest sigma in [k, M-1] whose one- and two-phase rates are <= eps. */
interface SigmaSearch { readonly sigma: number; readonly messages: number; readonly rate: number }

function bestSigmaExact(mBits: number, k: number, hashing: RecyclingHashing, retain: boolean, targetRate: number, phases: 1 | 2): SigmaSearch | undefined {
  if (mBits - 1 < k || (hashing === 'noncolliding' && k > mBits)) return undefined;
  const pass = visitPass({ mBits, k, hashing }, mBits - 1, { twoPhase: phases === 2, stopAboveFalsePositive: targetRate });
  let best: SigmaSearch | undefined;
  for (let sigma = k; sigma <= pass.lastSigma; sigma++) {
    const L = pass.cumulativeVisits[sigma];
    const active = ratesFromSums(L, pass.cumulativeFalsePositives[sigma], retain).falsePositiveRate;
    const rate = phases === 2 ? combineTwoPhase(active, pass.frozenFalsePositive![sigma]) : active;
    if (rate <= targetRate) best = { sigma, messages: L, rate };
    else if (active > targetRate) break; // f_sigma^1 increases with sigma; f^2 >= f^1
  }
  return best;
}

function continuumRate(mBits: number, k: number, hashing: RecyclingHashing, retain: boolean, sigma: number, phases: 1 | 2): { rate: number; messages: number } {
  const sums = continuumSums({ mBits, k, hashing }, sigma);
  const active = ratesFromSums(sums.cumulativeVisits, sums.cumulativeFalsePositives, retain).falsePositiveRate;
  const rate = phases === 2 ? combineTwoPhase(active, continuumFrozenFalsePositive({ mBits, k, hashing }, sigma)) : active;
  return { rate, messages: sums.cumulativeVisits };
}

function bestSigmaContinuum(mBits: number, k: number, hashing: RecyclingHashing, retain: boolean, targetRate: number, phases: 1 | 2): SigmaSearch | undefined {
  if (mBits - 1 < k) return undefined;
  let low = k;
  let at = continuumRate(mBits, k, hashing, retain, low, phases);
  if (!(at.rate <= targetRate)) return undefined;
  let high = mBits - 1;
  const top = continuumRate(mBits, k, hashing, retain, high, phases);
  if (top.rate <= targetRate) return { sigma: high, messages: top.messages, rate: top.rate };
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    const r = continuumRate(mBits, k, hashing, retain, mid, phases);
    if (r.rate <= targetRate) { low = mid; at = r; } else high = mid;
  }
  return { sigma: low, messages: at.messages, rate: at.rate };
}

/**
 * Maximises capacity(k) over k >= 1, ties to the smaller k, stopping after `patience` k without improvement
 * (recycling-spec.md: the curves are unimodal in k).
 */
function bestOverK<T extends { messages: number }>(evaluate: (k: number) => T | undefined, patience: number, maxK = 64): { k: number; value: T | undefined } {
  let bestK = 0;
  let best: T | undefined;
  let since = 0;
  for (let k = 1; k <= maxK; k++) {
    const value = evaluate(k);
    if (value !== undefined && (best === undefined || value.messages > best.messages)) { best = value; bestK = k; since = 0; }
    // A plateau at a single message (tight targets: f(1) = 0 for every k) is not the unimodal curve's peak.
    else if (best !== undefined && best.messages > 1 && ++since >= patience) break;
  }
  return { k: bestK, value: best };
}

/** Validates the capacity inputs (RangeError on bad input). */
function validateCapacity(params: CapacityParams): void {
  const { memoryBits, targetRate } = params;
  if (!Number.isSafeInteger(memoryBits) || memoryBits < 2) throw new RangeError(`memoryBits must be an integer >= 2, got ${memoryBits}`);
  if (!(targetRate > 0 && targetRate < 1)) throw new RangeError(`targetRate must be in (0, 1), got ${targetRate}`);
  validateChain({ mBits: memoryBits, k: 1, hashing: params.hashing ?? 'colliding' });
}

/**
 * The capacity comparison: for a memory budget and an average-FP target, the maximum (expected) messages per
 * cycle under f_w, f_o, f_a (N-bounded, colliding hashing as in eq. 1-3), f_sigma^1 and two-phase f_sigma^2,
 * each with its best k (and sigma). Two phases: two arrays of floor(M/2) bits; messages per active cycle.
 */
export function recyclingCapacity(params: CapacityParams): CapacityResult {
  validateCapacity(params);
  const { memoryBits: M, targetRate: eps } = params;
  const hashing = params.hashing ?? 'colliding';
  const retain = params.retain ?? false;
  const patience = params.patience ?? 3;
  const choice = params.model ?? 'auto';
  const exact = choice === 'exact' || (choice === 'auto' && M <= CAPACITY_EXACT_LIMIT);
  const wrapN = (messages: number): { messages: number } | undefined => (messages > 0 ? { messages } : undefined);
  const worst = bestOverK((k) => wrapN(worstCaseCapacity(M, k, eps)), patience);
  const oracle = bestOverK((k) => wrapN(averageCapacity(M, k, eps, 'oracle')), patience);
  const average = bestOverK((k) => wrapN(averageCapacity(M, k, eps, 'average')), patience);
  const search = exact ? bestSigmaExact : bestSigmaContinuum;
  const half = Math.floor(M / 2);
  const one = bestOverK((k) => search(M, k, hashing, retain, eps, 1), patience);
  const two = bestOverK((k) => (half >= 2 ? search(half, k, hashing, retain, eps, 2) : undefined), patience);
  const sigmaResult = (r: { k: number; value: SigmaSearch | undefined }): SigmaCapacity =>
    r.value === undefined ? { k: 0, sigma: 0, messages: 0, falsePositiveRate: 0 } : { k: r.k, sigma: r.value.sigma, messages: r.value.messages, falsePositiveRate: r.value.rate };
  const sigmaBounded = sigmaResult(one);
  const twoPhase = sigmaResult(two);
  const bound = exact ? 0 : Math.max(
    sigmaBounded.k > 0 ? continuumErrorBound(M, sigmaBounded.k, sigmaBounded.sigma) : 0,
    twoPhase.k > 0 ? continuumErrorBound(half, twoPhase.k, twoPhase.sigma) : 0,
  );
  return {
    worstCase: { k: worst.k, messages: worst.value?.messages ?? 0 },
    oracle: { k: oracle.k, messages: oracle.value?.messages ?? 0 },
    average: { k: average.k, messages: average.value?.messages ?? 0 },
    sigmaBounded, twoPhase,
    model: exact ? 'exact' : 'approximate',
    relativeErrorBound: bound,
  };
}

/** Which capacity the reverse search sizes for. */
export type CapacityKind = 'worstCase' | 'oracle' | 'average' | 'sigmaBounded' | 'twoPhase';

/**
 * The reverse: the smallest total memory (bits) whose capacity of the given kind reaches `messagesPerCycle`
 * at the target rate (best k and sigma at that memory). Bisection on memory; the sigma-bounded kinds use the
 * continuum model above 2^16 bits during the search (their answers carry `model`).
 */
export function memoryForCapacity(params: { targetRate: number; messagesPerCycle: number; kind: CapacityKind; hashing?: RecyclingHashing; retain?: boolean }): { memoryBits: number; k: number; sigma?: number; messages: number; model: 'exact' | 'approximate' } {
  const { targetRate, messagesPerCycle, kind } = params;
  if (!(targetRate > 0 && targetRate < 1)) throw new RangeError(`targetRate must be in (0, 1), got ${targetRate}`);
  if (!(messagesPerCycle >= 1) || !Number.isFinite(messagesPerCycle)) throw new RangeError(`messagesPerCycle must be >= 1, got ${messagesPerCycle}`);
  const hashing = params.hashing ?? 'colliding';
  const retain = params.retain ?? false;
  const evaluate = (M: number): { messages: number; k: number; sigma?: number; model: 'exact' | 'approximate' } => {
    switch (kind) {
      case 'worstCase': { const r = bestOverK((k) => wrap(worstCaseCapacity(M, k, targetRate)), 3); return { messages: r.value?.messages ?? 0, k: r.k, model: 'exact' }; }
      case 'oracle': case 'average': { const r = bestOverK((k) => wrap(averageCapacity(M, k, targetRate, kind)), 3); return { messages: r.value?.messages ?? 0, k: r.k, model: 'exact' }; }
      default: {
        const phases: 1 | 2 = kind === 'twoPhase' ? 2 : 1;
        const size = phases === 2 ? Math.floor(M / 2) : M;
        if (size < 2) return { messages: 0, k: 0, model: 'exact' };
        const exact = size <= 65536;
        const search = exact ? bestSigmaExact : bestSigmaContinuum;
        const r = bestOverK((k) => search(size, k, hashing, retain, targetRate, phases), 3);
        return { messages: r.value?.messages ?? 0, k: r.k, sigma: r.value?.sigma, model: exact ? 'exact' : 'approximate' };
      }
    }
  };
  let low = 1, high = 2;
  let atHigh = evaluate(high);
  while (atHigh.messages < messagesPerCycle) {
    low = high;
    high *= 2;
    if (high > 2 ** 50) throw new RangeError('messagesPerCycle is beyond 2^50 bits of memory');
    atHigh = evaluate(high);
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    const r = evaluate(mid);
    if (r.messages >= messagesPerCycle) { high = mid; atHigh = r; } else low = mid;
  }
  return { memoryBits: high, k: atHigh.k, sigma: atHigh.sigma, messages: atHigh.messages, model: atHigh.model };
}

function wrap(messages: number): { messages: number } | undefined {
  return messages > 0 ? { messages } : undefined;
}

