/**
 * The designer's heavy computations, run in the Web Worker (webview/worker.ts): recycling capacities by
 * model, one- vs two-phase capacity vs memory, the recycling chain's stationary distribution, and the
 * simulation vs model. Pure functions of plain inputs (unit-tested in node); the models and the capacity
 * searches are the core's (src/core/recyclingCapacity.ts, classic.ts, simulate.ts) — this file only samples them.
 */
import { exactFalsePositiveRate, HashingModel } from '../src/core/classic';
import {
  nBoundedRates, NBoundedRates, recyclingCapacity, RecyclingHashing, sigmaBoundedRates, SigmaBoundedResult, stationaryDistribution,
} from '../src/core/recyclingCapacity';
import { MAX_SIMULATED_BITS, PlainFilterSimulation } from '../src/core/simulate';
import type { ChartData, Point, Series } from './chartData';
import { formatCount, formatProbability } from '../src/analysis/format';

/** Above this many bits the capacity sweep over memory uses the continuum model (the core's error bound applies). */
export const EXACT_SWEEP_MAX_BITS = 65_536;

export interface RecyclingRequest {
  readonly mBits: number;
  readonly k: number;
  /** Messages per cycle of an N-bounded filter (the design's n). */
  readonly n: number;
  readonly hashing: HashingModel;
  readonly recycling: 'none' | 'n-bounded' | 'sigma-bounded';
  readonly sigmaBits?: number;
  readonly retain: boolean;
  readonly phases: 1 | 2;
  /** The FP target of the capacity searches. */
  readonly target: number;
}

export interface CapacityByModel {
  readonly model: string;
  /** Messages per cycle at the target (0 when not even one fits). */
  readonly messages: number;
  readonly k: number;
  readonly sigmaBits?: number;
}

export interface RecyclingResult {
  readonly capacities: readonly CapacityByModel[];
  readonly capacityModel: 'exact' | 'approximate';
  readonly capacityErrorBound: number;
  readonly capacityChart: ChartData;
  readonly phasesChart: ChartData;
  readonly stationaryChart?: ChartData;
  /** The sigma-bounded model at the design's sigma (table rows). */
  readonly sigmaBounded?: SigmaBoundedResult & { readonly sigmaBits: number };
  /** The N-bounded rates f_w, f_o, f_a at N = n (table rows). */
  readonly nBounded?: NBoundedRates & { readonly messagesPerCycle: number };
  readonly notes: readonly string[];
}

/** The recycling models support colliding and non-colliding hashing; partitioned is treated as non-colliding. */
function recyclingHashing(hashing: HashingModel): RecyclingHashing {
  return hashing === 'colliding' ? 'colliding' : 'noncolliding';
}

/** Capacity at the target by model for memory M (src/core/recyclingCapacity.ts; two phases split M into two filters). */
export function capacitiesByModel(mBits: number, hashing: RecyclingHashing, retain: boolean, target: number, model: 'auto' | 'approximate' = 'auto'):
  { capacities: CapacityByModel[]; model: 'exact' | 'approximate'; relativeErrorBound: number } {
  const result = recyclingCapacity({ memoryBits: mBits, targetRate: target, hashing, retain, model });
  return {
    model: result.model,
    relativeErrorBound: result.relativeErrorBound,
    capacities: [
      { model: 'worst case (N-bounded, f_w)', messages: result.worstCase.messages, k: result.worstCase.k },
      { model: 'oracle (N-bounded, f_o)', messages: result.oracle.messages, k: result.oracle.k },
      { model: 'average (N-bounded, f_a)', messages: result.average.messages, k: result.average.k },
      { model: `sigma-bounded, one phase${retain ? ', retaining' : ''}`, messages: result.sigmaBounded.messages, k: result.sigmaBounded.k, sigmaBits: result.sigmaBounded.sigma },
      { model: `two-phase (2 x M/2)${retain ? ', retaining' : ''}`, messages: result.twoPhase.messages, k: result.twoPhase.k, sigmaBits: result.twoPhase.sigma },
    ],
  };
}

/** The recycling panel's data for the design. */
export function recyclingAnalysis(request: RecyclingRequest): RecyclingResult {
  const { mBits, target, retain } = request;
  const hashing = recyclingHashing(request.hashing);
  const notes: string[] = [];
  if (request.hashing === 'partitioned') notes.push('the recycling models cover colliding and non-colliding hashing; partitioned is shown as non-colliding');
  const byModel = capacitiesByModel(mBits, hashing, retain, target);
  const capacities = byModel.capacities;
  if (byModel.model === 'approximate') notes.push(`sigma-bounded capacities by the continuum model (relative error <= ${byModel.relativeErrorBound.toExponential(1)})`);
  const worst = capacities[0].messages;
  const capacityChart: ChartData = {
    title: `Capacity at FP ${formatProbability(target)} by model (M = ${formatCount(mBits)} bits)`,
    xLabel: 'model', yLabel: 'messages per cycle',
    series: [{ label: 'messages per cycle', points: capacities.map((c, i) => ({ x: i, y: c.messages })) }],
    categories: capacities.map((c) => c.model),
    summary: capacities.map((c) => `${c.model}: ${formatCount(c.messages)}${c.k ? ` (k = ${c.k})` : ''}`).join('; ')
      + (worst > 0 && capacities[3].messages > 0 ? `. Worst-case sizing holds ${((worst / capacities[3].messages) * 100).toFixed(1)}% of the sigma-bounded capacity.` : '.'),
  };

  // One- vs two-phase capacity vs total memory.
  const one: Point[] = [];
  const two: Point[] = [];
  const memories = [0.125, 0.25, 0.5, 1, 2, 4].map((f) => Math.max(16, Math.round(mBits * f)));
  for (const memory of memories) {
    const sweep = capacitiesByModel(memory, hashing, retain, target, memory > EXACT_SWEEP_MAX_BITS ? 'approximate' : 'auto').capacities;
    one.push({ x: memory, y: sweep[3].messages });
    two.push({ x: memory, y: sweep[4].messages });
  }
  const ratioAtM = two[3].y > 0 ? one[3].y / two[3].y : undefined;
  const phasesChart: ChartData = {
    title: `One- vs two-phase capacity vs memory at FP ${formatProbability(target)}`,
    xLabel: 'total memory (bits)', yLabel: 'messages per cycle', xLog: true, yLog: true,
    series: [{ label: 'one phase (M bits)', points: one }, { label: 'two phases (2 x M/2 bits)', points: two }],
    summary: `At M = ${formatCount(mBits)} bits one phase holds ${formatCount(one[3].y)} messages per cycle and two phases ${formatCount(two[3].y)}`
      + (ratioAtM ? ` (ratio ${ratioAtM.toFixed(2)})` : '') + '.',
  };

  let stationaryChart: ChartData | undefined;
  let sigmaBounded: RecyclingResult['sigmaBounded'];
  let nBounded: RecyclingResult['nBounded'];
  if (request.recycling === 'sigma-bounded' && request.sigmaBits !== undefined) {
    const { sigmaBits, k } = request;
    sigmaBounded = { ...sigmaBoundedRates({ mBits, k, hashing, sigmaBits, retain, phases: request.phases }), sigmaBits };
    stationaryChart = stationaryChartData(mBits, k, hashing, sigmaBits, retain);
  } else {
    notes.push('choose sigma-bounded recycling to see the chain\'s stationary distribution');
  }
  if (request.recycling === 'n-bounded') {
    nBounded = { ...nBoundedRates(mBits, request.k, request.n), messagesPerCycle: request.n };
    if (request.hashing !== 'colliding') notes.push('the N-bounded rates f_w, f_o, f_a are for colliding hashing (Dozier et al. eq. 1-3)');
  }
  return { capacities, capacityModel: byModel.model, capacityErrorBound: byModel.relativeErrorBound, capacityChart, phasesChart, stationaryChart, sigmaBounded, nBounded, notes };
}

/** Above this sigma the stationary distribution is not drawn (the exact pass is O(k^2 sigma)). */
export const STATIONARY_MAX_SIGMA = 4_000_000;
const BINS = 120;

/** The stationary distribution over set bits 0..sigma, summed into at most 120 bins. */
export function stationaryChartData(mBits: number, k: number, hashing: RecyclingHashing, sigmaBits: number, retain: boolean): ChartData {
  if (sigmaBits > STATIONARY_MAX_SIGMA) {
    return { title: 'Stationary distribution of the recycling chain', xLabel: 'set bits', yLabel: 'probability', series: [],
      summary: `sigma = ${formatCount(sigmaBits)} is above ${formatCount(STATIONARY_MAX_SIGMA)}: the exact chain is not drawn.` };
  }
  const pi = stationaryDistribution({ mBits, k, hashing, sigmaBits, retain });
  const width = Math.max(1, Math.ceil((sigmaBits + 1) / BINS));
  const points: Point[] = [];
  let mean = 0;
  for (let start = 0; start <= sigmaBits; start += width) {
    let mass = 0;
    for (let i = start; i < Math.min(sigmaBits + 1, start + width); i++) {
      mass += pi[i];
      mean += i * pi[i];
    }
    points.push({ x: start + (Math.min(width, sigmaBits + 1 - start) - 1) / 2, y: mass });
  }
  const series: Series[] = [{ label: width > 1 ? `probability per ${width} states` : 'probability', points }];
  return {
    title: `Stationary distribution of the recycling chain (sigma = ${formatCount(sigmaBits)})`,
    xLabel: 'set bits seen by a new message', yLabel: width > 1 ? `probability (bins of ${width})` : 'probability',
    series,
    summary: `The filter is recycled when more than ${formatCount(sigmaBits)} of ${formatCount(mBits)} bits are set; a new message sees on average ${formatCount(Math.round(mean))} set bits. `
      + 'The mass rises towards sigma: at high fill a message sets fewer new bits, so the chain stays longer in each state.',
  };
}

export interface SimulationRequest {
  readonly mBits: number;
  readonly n: number;
  readonly k: number;
  readonly hashing: HashingModel;
  /** Filters built per fill level. */
  readonly filtersPerPoint: number;
  readonly seed: number;
}

export interface SimulationPoint {
  readonly items: number;
  readonly model: number;
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
  readonly filters: number;
  readonly queries: number;
}

/** Fill levels simulated: 1/4, 1/2, 3/4, 1 and 5/4 of n. */
export function simulationFills(n: number): number[] {
  return [0.25, 0.5, 0.75, 1, 1.25].map((f) => Math.max(1, Math.round(n * f)));
}

/** Checks the simulation can run in the browser (memory and time); returns the reason when it cannot. */
export function simulationProblem(request: SimulationRequest): string | undefined {
  if (request.mBits > MAX_SIMULATED_BITS) return `m = ${formatCount(request.mBits)} bits is above the simulator's 2^31`;
  const work = request.filtersPerPoint * simulationFills(request.n).reduce((a, b) => a + b, 0) * request.k;
  if (work > 2e9) return `the simulation would set ${formatCount(work)} bits: too slow for the panel (use the CLI)`;
  return undefined;
}

/**
 * Runs the simulation in chunks, yielding after each so progress can be shown and cancellation honoured:
 * `onProgress(fraction, pointsSoFar)`; `cancelled()` is polled between chunks.
 */
export async function runSimulation(request: SimulationRequest, onProgress: (fraction: number, points: SimulationPoint[]) => void,
  cancelled: () => boolean, yieldToEvents: () => Promise<void>): Promise<SimulationPoint[] | undefined> {
  const fills = simulationFills(request.n);
  const points: SimulationPoint[] = [];
  const totalWork = fills.reduce((a, b) => a + b, 0) * request.filtersPerPoint;
  let done = 0;
  for (let index = 0; index < fills.length; index++) {
    const items = fills[index];
    const simulation = new PlainFilterSimulation({ mBits: request.mBits, n: items, k: request.k, hashing: request.hashing }, request.seed + index);
    const chunk = Math.max(1, Math.floor(2_000_000 / Math.max(1, items * request.k)));
    for (let built = 0; built < request.filtersPerPoint; built += chunk) {
      if (cancelled()) return undefined;
      const count = Math.min(chunk, request.filtersPerPoint - built);
      simulation.run(count);
      done += count * items;
      onProgress(done / totalWork, points);
      await yieldToEvents();
    }
    const interval = simulation.interval(0.99);
    points.push({
      items, model: exactFalsePositiveRate(request.mBits, items, request.k, request.hashing),
      estimate: interval.estimate, lower: interval.lower, upper: interval.upper, filters: interval.filters, queries: interval.queries,
    });
  }
  onProgress(1, points);
  return points;
}

/** Chart of simulation vs model with the 99% intervals. */
export function simulationChartData(points: readonly SimulationPoint[], request: Pick<SimulationRequest, 'mBits' | 'k'>): ChartData {
  const inside = points.filter((p) => p.model >= p.lower && p.model <= p.upper).length;
  return {
    title: 'Simulation vs model (99% confidence intervals)',
    xLabel: 'items inserted', yLabel: 'false-positive rate',
    series: [
      { label: 'exact model', points: points.map((p) => ({ x: p.items, y: p.model })) },
      { label: 'simulated', points: points.map((p) => ({ x: p.items, y: p.estimate })), markers: true },
      { label: '99% interval, lower', points: points.map((p) => ({ x: p.items, y: p.lower })), dashed: true },
      { label: '99% interval, upper', points: points.map((p) => ({ x: p.items, y: p.upper })), dashed: true },
    ],
    summary: `Seeded simulation of m = ${formatCount(request.mBits)} bits, k = ${request.k}: the exact model lies inside the 99% interval at ${inside} of ${points.length} fill levels. `
      + points.map((p) => `${formatCount(p.items)} items: simulated ${formatProbability(p.estimate)} [${formatProbability(p.lower)}, ${formatProbability(p.upper)}], model ${formatProbability(p.model)}`).join('; ') + '.',
  };
}
