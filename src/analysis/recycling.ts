/**
 * Recycling filters in the report (Dozier et al.): the cheap per-config rates (computed inline) and the
 * capacity comparison behind BL003 (tens of ms: computed in a worker by the extension, inline by the CLI).
 */
import {
  averageCapacity, CapacityResult, memoryForCapacity, nBoundedRates, RecyclingHashing, recyclingCapacity,
  sigmaBoundedRates, SigmaBoundedResult, worstCaseCapacity,
} from '../core/recyclingCapacity';
import type { Finding, HashingModel, Recycling } from '../detect/types';

/** Sigma-bounded configs run the exact chain inline while it costs at most this many row operations (~1 ms). */
const INLINE_EXACT_WORK = 3e5;

export type RecyclingRates =
  | { readonly kind: 'n-bounded'; readonly messagesPerCycle: number; readonly worstCase: number; readonly oracleAverage: number; readonly actualAverage: number }
  | ({ readonly kind: 'sigma-bounded'; readonly sigmaBits: number; readonly retain: boolean; readonly phases: 1 | 2 } & SigmaBoundedResult);

export function recyclingHashing(hashing: HashingModel): RecyclingHashing {
  return hashing === 'noncolliding' ? 'noncolliding' : 'colliding';
}

/** The recycle threshold in bits: stated in bits, or as a fraction of m (floor(fraction * m)). */
export function sigmaBitsFor(recycling: Recycling | undefined, mBits: number | undefined): number | undefined {
  if (recycling?.kind !== 'sigma-bounded') return undefined;
  if (recycling.sigmaBits !== undefined) return recycling.sigmaBits;
  return recycling.sigmaFraction !== undefined && mBits !== undefined ? Math.floor(recycling.sigmaFraction * mBits) : undefined;
}

/**
 * The per-config recycling rates, or undefined when the filter does not recycle or a value is missing.
 * The caller has checked k <= sigma <= m - 1 (BL001 otherwise).
 */
export function recyclingRates(finding: Finding, mBits: number | undefined, k: number | undefined, n: number | undefined, hashing: HashingModel): RecyclingRates | undefined {
  const recycling = finding.recycling;
  if (!recycling || mBits === undefined || k === undefined) return undefined;
  if (recycling.kind === 'n-bounded') {
    const messagesPerCycle = recycling.messagesPerCycle ?? n;
    if (messagesPerCycle === undefined || !Number.isSafeInteger(messagesPerCycle) || messagesPerCycle < 1 || mBits < 2) return undefined;
    return { kind: 'n-bounded', messagesPerCycle, ...nBoundedRates(mBits, k, messagesPerCycle) }; // eq. 1-3
  }
  const sigmaBits = sigmaBitsFor(recycling, mBits);
  if (sigmaBits === undefined || sigmaBits < k || sigmaBits > mBits - 1) return undefined;
  if (hashing === 'noncolliding' && k > mBits) return undefined;
  const retain = recycling.retain ?? false;
  const phases = finding.params.phases ?? 1;
  const model = (sigmaBits * (k + 1) * (k + 2)) / 2 <= INLINE_EXACT_WORK ? 'exact' : 'approximate';
  const rates = sigmaBoundedRates({ mBits, k, hashing: recyclingHashing(hashing), sigmaBits, retain, phases }, model);
  return { kind: 'sigma-bounded', sigmaBits, retain, phases, ...rates };
}

/** What the BL003 comparison needs: a worst-case (N-bounded) sizing at a target average FP. */
export interface RecyclingComparisonRequest {
  /** Total memory in bits (a two-phase filter's two arrays together). */
  readonly mBits: number;
  readonly k: number;
  /** Messages per cycle the code's filter holds (N, or E[N_0] rounded for a sigma-bounded filter). */
  readonly messagesPerCycle: number;
  /** The average FP the capacities are computed at. */
  readonly targetRate: number;
  readonly hashing: RecyclingHashing;
}

export interface RecyclingComparison {
  readonly request: RecyclingComparisonRequest;
  /** Messages per cycle the code's worst-case sizing admits at the target with its own k (C_w(k)). */
  readonly worstCaseAtCodeK: number;
  /** Messages per cycle average-case N-bounded sizing admits with the code's k (C_a(k)): the quick fix's N. */
  readonly averageAtCodeK: number;
  /** The five capacities at this memory and target, each with its best k (and sigma). */
  readonly capacity: CapacityResult;
  /** Memory a sigma-bounded filter needs to hold the code's messages per cycle at the target. */
  readonly memoryForSameMessages: { readonly memoryBits: number; readonly k: number; readonly sigma?: number; readonly model: 'exact' | 'approximate' };
}

export function comparisonKey(request: RecyclingComparisonRequest): string {
  return `${request.mBits}/${request.k}/${request.messagesPerCycle}/${request.targetRate}/${request.hashing}`;
}

/** The capacity comparison (tens to hundreds of ms: run it off the UI thread). */
export function computeRecyclingComparison(request: RecyclingComparisonRequest): RecyclingComparison {
  const { mBits, k, messagesPerCycle, targetRate, hashing } = request;
  return {
    request,
    worstCaseAtCodeK: worstCaseCapacity(mBits, k, targetRate),
    averageAtCodeK: averageCapacity(mBits, k, targetRate, 'average'),
    capacity: recyclingCapacity({ memoryBits: mBits, targetRate, hashing, model: mBits <= 2e5 ? 'exact' : 'approximate' }),
    memoryForSameMessages: memoryForCapacity({ targetRate, messagesPerCycle, kind: 'sigmaBounded', hashing }),
  };
}
