/**
 * Seeded Monte Carlo simulator of recycling Bloom filters (paper 000, Section VI-A; recycling-spec.md):
 * sigma-bounded one-phase and two-phase (active + frozen) filters in all four variants, and the N-bounded
 * filter. Every arrival is a NEW message (first arrival in the current cycle) with fresh uniform positions,
 * so the FP counts are exactly the count-instance averages the models compute; repeated arrivals of a stored
 * message do not change the filter and are not counted (spec: "every average is over new messages").
 * Confidence intervals: ratio estimator over independent cycles (renewal-reward, stats.ratioInterval).
 */
import { SeededRandom } from './random';
import { Interval, meanInterval, ratioInterval } from './stats';
import type { RecyclingHashing } from './recycling';

export type RecyclingSimulationMode =
  | { readonly kind: 'sigma'; readonly sigmaBits: number; readonly retain: boolean; readonly phases: 1 | 2 }
  | { readonly kind: 'n'; readonly messagesPerCycle: number };

export interface RecyclingSimulationParams {
  readonly mBits: number;
  readonly k: number;
  readonly hashing: RecyclingHashing;
  readonly mode: RecyclingSimulationMode;
  /** Cycles (of the active filter) to record after the burn-in. */
  readonly cycles: number;
  readonly seed: number;
  /** Cycles discarded first (default 1: the first cycle starts without a frozen filter / retained message). */
  readonly burnInCycles?: number;
  /** Confidence level of the intervals (default 0.99). */
  readonly confidence?: number;
}

export interface RecyclingSimulationResult {
  /** Long-run FP over new messages: sum FP / sum arrivals over cycles, with its interval. */
  readonly falsePositiveRate: Interval;
  /** Messages per cycle comparable with E[N_0]: arrivals in the cycle, + 1 for the retained message (retaining). */
  readonly expectedMessagesPerCycle: Interval;
  readonly cycles: number;
  readonly arrivals: number;
  readonly falsePositives: number;
}

/** Runs the simulation (deterministic for a seed). */
export function simulateRecycling(params: RecyclingSimulationParams): RecyclingSimulationResult {
  const { mBits: M, k, hashing, mode } = params;
  if (!Number.isSafeInteger(M) || M < 1 || M > 2 ** 31) throw new RangeError(`mBits must be an integer in [1, 2^31], got ${M}`);
  if (!Number.isSafeInteger(k) || k < 1 || (hashing === 'noncolliding' && k > M)) throw new RangeError(`k must be an integer >= 1 (<= M for non-colliding), got ${k}`);
  if (!Number.isSafeInteger(params.cycles) || params.cycles < 2) throw new RangeError(`cycles must be an integer >= 2, got ${params.cycles}`);
  if (mode.kind === 'sigma' && (!Number.isSafeInteger(mode.sigmaBits) || mode.sigmaBits < k || mode.sigmaBits > M - 1)) {
    throw new RangeError(`sigma must be an integer in [k, M - 1], got ${mode.sigmaBits}`);
  }
  if (mode.kind === 'n' && (!Number.isSafeInteger(mode.messagesPerCycle) || mode.messagesPerCycle < 1)) {
    throw new RangeError(`messagesPerCycle must be an integer >= 1, got ${mode.messagesPerCycle}`);
  }
  const random = new SeededRandom(params.seed);
  const burnIn = params.burnInCycles ?? 1;
  const total = burnIn + params.cycles;
  let active = new Uint8Array(M);
  let frozen = new Uint8Array(M);
  let activeList = new Int32Array(M); // positions set in the active filter (to clear in O(set bits))
  let frozenList = new Int32Array(M);
  let activeCount = 0;
  let frozenCount = 0;
  const positions = new Int32Array(k);
  const fpCounts = new Float64Array(params.cycles);
  const arrivalCounts = new Float64Array(params.cycles);
  const messageCounts = new Float64Array(params.cycles);
  const twoPhase = mode.kind === 'sigma' && mode.phases === 2;
  const retain = mode.kind === 'sigma' && mode.retain;

  const draw = (): void => {
    for (let h = 0; h < k; h++) {
      let p = random.nextInt(M);
      if (hashing === 'noncolliding') {
        for (let again = true; again;) {
          again = false;
          for (let q = 0; q < h; q++) if (positions[q] === p) { again = true; p = random.nextInt(M); break; }
        }
      }
      positions[h] = p;
    }
  };
  const allSet = (filter: Uint8Array): boolean => {
    for (let h = 0; h < k; h++) if (filter[positions[h]] === 0) return false;
    return true;
  };
  /** New bits the current message would set in the active filter. */
  const newBits = (): number => {
    let d = 0;
    for (let h = 0; h < k; h++) {
      const p = positions[h];
      if (active[p] === 0) {
        let seen = false;
        for (let q = 0; q < h; q++) if (positions[q] === p) { seen = true; break; }
        if (!seen) d++;
      }
    }
    return d;
  };
  const insert = (): void => {
    for (let h = 0; h < k; h++) {
      const p = positions[h];
      if (active[p] === 0) { active[p] = 1; activeList[activeCount++] = p; }
    }
  };
  const clearActive = (): void => {
    for (let j = 0; j < activeCount; j++) active[activeList[j]] = 0;
    activeCount = 0;
  };

  let fpTotal = 0, arrivalTotal = 0;
  let insertedThisCycle = 0;
  for (let cycle = 0; cycle < total; cycle++) {
    const record = cycle - burnIn;
    let fp = 0, arrivals = 0;
    const startedWithRetained = retain && cycle > 0;
    for (;;) {
      draw();
      arrivals++;
      const isFalsePositive = allSet(active) || (twoPhase && frozenCount > 0 && allSet(frozen));
      if (isFalsePositive) fp++;
      if (mode.kind === 'n') {
        if (allSet(active)) continue; // a positive answer: the message is not inserted, N counts insertions
        insert();
        insertedThisCycle++;
        if (insertedThisCycle >= mode.messagesPerCycle) { clearActive(); insertedThisCycle = 0; break; }
        continue;
      }
      const d = newBits();
      if (activeCount + d <= mode.sigmaBits) { insert(); continue; }
      // Overflow: recycle. Two phases: the active filter (before this message) becomes the frozen one.
      if (twoPhase) {
        const oldFilter = frozen, oldList = frozenList, oldCount = frozenCount;
        frozen = active; frozenList = activeList; frozenCount = activeCount;
        active = oldFilter; activeList = oldList; activeCount = oldCount;
      }
      clearActive();
      if (retain) insert();
      break;
    }
    if (record >= 0) {
      fpCounts[record] = fp;
      arrivalCounts[record] = arrivals;
      messageCounts[record] = arrivals + (startedWithRetained ? 1 : 0);
      fpTotal += fp;
      arrivalTotal += arrivals;
    }
  }
  let sum = 0, squares = 0;
  for (let c = 0; c < params.cycles; c++) { sum += messageCounts[c]; squares += messageCounts[c] * messageCounts[c]; }
  const confidence = params.confidence ?? 0.99;
  return {
    falsePositiveRate: ratioInterval(fpCounts, arrivalCounts, confidence),
    expectedMessagesPerCycle: meanInterval(sum, squares, params.cycles, confidence),
    cycles: params.cycles,
    arrivals: arrivalTotal,
    falsePositives: fpTotal,
  };
}
