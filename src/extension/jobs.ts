/**
 * Heavy work that never runs on the extension host's thread: detection in large documents, the BL003
 * capacity comparison and Monte Carlo simulations. Pure (no vscode): executed by the worker (src/extension/worker.ts), or cooperatively in the
 * browser host. Progress is reported through a callback; `isCancelled` is polled between chunks.
 */
import { computeRecyclingComparison, RecyclingComparison, RecyclingComparisonRequest } from '../analysis/recycling';
import { compareStructures, StructureRow } from '../core/compareStructures';
import { exactFalsePositiveRate, HashingModel } from '../core/classic';
import { nBoundedRates, sigmaBoundedRates } from '../core/recyclingCapacity';
import { PlainFilterSimulation } from '../core/simulate';
import { simulateRecycling } from '../core/simulateRecycling';
import { Interval, ratioInterval } from '../core/stats';
import { detectConfigs } from '../detect';
import type { SyntaxRuntime } from '../detect/syntax/runtime';
import type { Finding } from '../detect/types';

/** What to simulate: the filter as configured, or a scaled copy with the same load when it is too large. */
export type SimulationPlan =
  | { readonly kind: 'plain'; readonly mBits: number; readonly n: number; readonly k: number; readonly hashing: HashingModel }
  | { readonly kind: 'n-bounded'; readonly mBits: number; readonly k: number; readonly messagesPerCycle: number }
  | { readonly kind: 'sigma-bounded'; readonly mBits: number; readonly k: number; readonly sigmaBits: number; readonly retain: boolean; readonly phases: 1 | 2; readonly hashing: 'colliding' | 'noncolliding' };

export interface SimulationOutcome {
  readonly plan: SimulationPlan;
  /** Set when the configured filter was scaled down (same bits per element / fill fraction, same k). */
  readonly scaledFrom?: { readonly mBits: number };
  /** The model's value for the simulated configuration, and its name. */
  readonly model: number;
  readonly modelName: string;
  /** Whether the model is a lower bound of what is simulated (Dozier et al.'s f_a). */
  readonly modelIsLowerBound: boolean;
  /** The simulated false-positive rate with its 99% confidence interval. */
  readonly simulated: Interval;
  readonly agrees: boolean;
  /** Filters built (plain) or cycles run (recycling). */
  readonly runs: number;
}

export type JobRequest =
  | { readonly kind: 'detect'; readonly text: string; readonly languageId?: string; readonly fileName?: string }
  | { readonly kind: 'comparison'; readonly request: RecyclingComparisonRequest }
  /** The other filters for n keys at rate p (the hover's "smaller: ..." row). */
  | { readonly kind: 'structures'; readonly n: number; readonly p: number }
  | {
    readonly kind: 'simulation'; readonly plan: SimulationPlan; readonly seed: number; readonly budgetMs: number;
    /** Run exactly this many filters (plain) or batches of 20 cycles (recycling), whatever the time: a reproducible run. */
    readonly fixedRuns?: number;
  };

export type JobResult =
  | { readonly kind: 'detect'; readonly findings: Finding[] }
  | { readonly kind: 'comparison'; readonly comparison: RecyclingComparison }
  | { readonly kind: 'structures'; readonly rows: StructureRow[] }
  | { readonly kind: 'simulation'; readonly outcome: SimulationOutcome };

export interface JobProgress {
  readonly fraction: number;
  readonly message: string;
}

/** Largest simulated filter: bigger ones are scaled down to this many bits (same load, same k). */
const MAX_SIMULATED_BITS = 1 << 22;
/** Largest recycling filter simulated (its chain visits every state each cycle). */
const MAX_SIMULATED_RECYCLING_BITS = 1 << 14;
/** Insertions per simulated plain filter, at most (a filter costs about n k operations). */
const MAX_INSERTIONS_TIMES_K = 4e6;

/** Scales a configuration down when simulating it as is would be too slow; the load (n/m or sigma/m) is kept. */
export function scaleForSimulation(plan: SimulationPlan): { plan: SimulationPlan; scaledFrom?: { mBits: number } } {
  if (plan.kind === 'plain') {
    const factor = Math.max(1, plan.mBits / MAX_SIMULATED_BITS, (plan.n * plan.k) / MAX_INSERTIONS_TIMES_K);
    if (factor === 1) return { plan };
    const mBits = Math.max(plan.k, Math.round(plan.mBits / factor));
    return { plan: { ...plan, mBits, n: Math.max(1, Math.round(plan.n / factor)) }, scaledFrom: { mBits: plan.mBits } };
  }
  const factor = Math.max(1, plan.mBits / MAX_SIMULATED_RECYCLING_BITS);
  if (factor === 1) return { plan };
  const mBits = Math.round(plan.mBits / factor);
  if (plan.kind === 'n-bounded') {
    return { plan: { ...plan, mBits, messagesPerCycle: Math.max(1, Math.round(plan.messagesPerCycle / factor)) }, scaledFrom: { mBits: plan.mBits } };
  }
  const sigmaBits = Math.min(mBits - 1, Math.max(plan.k, Math.round(plan.sigmaBits / factor)));
  return { plan: { ...plan, mBits, sigmaBits }, scaledFrom: { mBits: plan.mBits } };
}

function modelValue(plan: SimulationPlan): { model: number; modelName: string; modelIsLowerBound: boolean } {
  switch (plan.kind) {
    case 'plain':
      return { model: exactFalsePositiveRate(plan.mBits, plan.n, plan.k, plan.hashing), modelName: 'exact FP (Fan et al. / math-spec)', modelIsLowerBound: false };
    case 'n-bounded':
      return { model: nBoundedRates(plan.mBits, plan.k, plan.messagesPerCycle).actualAverage, modelName: 'f_a (Dozier et al. eq. 3, a lower bound)', modelIsLowerBound: true };
    case 'sigma-bounded':
      return {
        model: sigmaBoundedRates({ mBits: plan.mBits, k: plan.k, hashing: plan.hashing, sigmaBits: plan.sigmaBits, retain: plan.retain, phases: plan.phases }).falsePositiveRate,
        modelName: plan.phases === 2 ? 'f_sigma^2 (Dozier et al. eq. 26)' : 'f_sigma^1 (Dozier et al. eq. 18)', modelIsLowerBound: false,
      };
  }
}

/** Filters a time-budgeted plain simulation runs at least, however slow the machine. */
const MIN_FILTERS = 64;

function simulatePlain(plan: Extract<SimulationPlan, { kind: 'plain' }>, seed: number, budgetMs: number, fixedRuns: number | undefined, onProgress: (p: JobProgress) => void, isCancelled: () => boolean): { simulated: Interval; runs: number } | undefined {
  const simulation = new PlainFilterSimulation({ mBits: plan.mBits, n: plan.n, k: plan.k, hashing: plan.hashing }, seed);
  const started = Date.now();
  const maxFilters = fixedRuns ?? 20_000;
  const more = (): boolean => simulation.counts.filters < maxFilters
    && (fixedRuns !== undefined || simulation.counts.filters < MIN_FILTERS || Date.now() - started < budgetMs);
  let chunk = 1;
  while (more()) {
    if (isCancelled()) return undefined;
    const t0 = Date.now();
    simulation.run(Math.min(chunk, maxFilters - simulation.counts.filters));
    if (Date.now() - t0 < 20) chunk *= 2; // keep chunks around 20-40 ms for progress and cancellation
    const fraction = fixedRuns !== undefined ? simulation.counts.filters / fixedRuns : (Date.now() - started) / budgetMs;
    onProgress({ fraction: Math.min(1, fraction), message: `${simulation.counts.filters} filters, ${simulation.counts.queries} queries` });
  }
  return { simulated: simulation.interval(0.99), runs: simulation.counts.filters };
}

function simulateRecyclingBatches(plan: Exclude<SimulationPlan, { kind: 'plain' }>, seed: number, budgetMs: number, fixedRuns: number | undefined, onProgress: (p: JobProgress) => void, isCancelled: () => boolean): { simulated: Interval; runs: number } | undefined {
  const falsePositives: number[] = [];
  const arrivals: number[] = [];
  const started = Date.now();
  let cycles = 0;
  const more = (batch: number): boolean => (fixedRuns !== undefined ? batch < fixedRuns : batch < 200 && (batch < 10 || Date.now() - started < budgetMs));
  for (let batch = 0; more(batch); batch++) {
    if (isCancelled()) return undefined;
    const result = simulateRecycling({
      mBits: plan.mBits, k: plan.k, hashing: plan.kind === 'sigma-bounded' ? plan.hashing : 'colliding', seed: seed + batch, cycles: 20,
      mode: plan.kind === 'n-bounded' ? { kind: 'n', messagesPerCycle: plan.messagesPerCycle } : { kind: 'sigma', sigmaBits: plan.sigmaBits, retain: plan.retain, phases: plan.phases },
    });
    falsePositives.push(result.falsePositives);
    arrivals.push(result.arrivals);
    cycles += result.cycles;
    onProgress({ fraction: Math.min(1, (Date.now() - started) / budgetMs), message: `${cycles} cycles` });
  }
  // Batches are independent: the ratio estimator over batches gives the interval (renewal-reward).
  return { simulated: ratioInterval(falsePositives, arrivals, 0.99), runs: cycles };
}

export function runSimulation(request: { plan: SimulationPlan; seed: number; budgetMs: number; fixedRuns?: number }, onProgress: (p: JobProgress) => void, isCancelled: () => boolean): SimulationOutcome | undefined {
  const { plan, scaledFrom } = scaleForSimulation(request.plan);
  const run = plan.kind === 'plain'
    ? simulatePlain(plan, request.seed, request.budgetMs, request.fixedRuns, onProgress, isCancelled)
    : simulateRecyclingBatches(plan, request.seed, request.budgetMs, request.fixedRuns, onProgress, isCancelled);
  if (!run) return undefined;
  const { model, modelName, modelIsLowerBound } = modelValue(plan);
  const agrees = modelIsLowerBound ? model <= run.simulated.upper : model >= run.simulated.lower && model <= run.simulated.upper;
  return { plan, scaledFrom, model, modelName, modelIsLowerBound, simulated: run.simulated, agrees, runs: run.runs };
}

/** Runs one job to completion (undefined when cancelled). */
export function runJob(request: JobRequest, onProgress: (p: JobProgress) => void, isCancelled: () => boolean, syntax?: SyntaxRuntime): JobResult | undefined {
  if (request.kind === 'detect') return { kind: 'detect', findings: detectConfigs(request.text, { languageId: request.languageId, fileName: request.fileName, syntax }) };
  if (request.kind === 'comparison') return { kind: 'comparison', comparison: computeRecyclingComparison(request.request) };
  if (request.kind === 'structures') return { kind: 'structures', rows: compareStructures(request.n, request.p) };
  const outcome = runSimulation(request, onProgress, isCancelled);
  return outcome ? { kind: 'simulation', outcome } : undefined;
}
