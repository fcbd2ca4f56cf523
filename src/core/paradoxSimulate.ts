/**
 * Monte Carlo simulation of a selective Bloom filter (section IV-C, Table II): a real bit array with
 * k independent uniform positions per element (colliding model), the members of the inserted
 * classes inserted, and queries answered by the plan's rule.
 */
import { SeededRandom } from './random';
import { meanInterval, Interval } from './stats';
import { classTotals, SelectiveBloomSetting, SelectivePlan } from './paradoxSelective';

export interface SelectiveSimulationOptions {
  readonly replicates: number;
  readonly seed: number;
  /**
   * Non-members actually queried per queried class in each replicate (a uniform sample; their false
   * positives are scaled up to the class's non-member count). Default: all of them.
   */
  readonly nonMemberQueriesPerClass?: number;
}

export interface SelectiveSimulationResult {
  /** Per replicate: (estimated) false positives over all non-members, false negatives, cost. */
  readonly falsePositives: Float64Array;
  readonly falseNegatives: Float64Array;
  readonly costs: Float64Array;
  /** 99% intervals of the mean over replicates. */
  readonly meanFalsePositives: Interval;
  readonly meanFalseNegatives: Interval;
  readonly meanCost: Interval;
}

/** Simulates `replicates` independent filters for a plan (from selectiveBloomPlan). */
export function simulateSelectiveBloom(setting: SelectiveBloomSetting, plan: SelectivePlan, options: SelectiveSimulationOptions): SelectiveSimulationResult {
  classTotals(setting.classes);
  if (!Number.isSafeInteger(options.replicates) || options.replicates < 1) throw new RangeError(`replicates must be an integer >= 1, got ${options.replicates}`);
  const m = setting.bits;
  const k = setting.hashes;
  const random = new SeededRandom(options.seed);
  const bits = new Uint8Array(m);
  const queryOnce = (): boolean => {
    for (let h = 0; h < k; h++) if (bits[random.nextInt(m)] === 0) return false;
    return true;
  };
  const falsePositives = new Float64Array(options.replicates);
  const falseNegatives = new Float64Array(options.replicates);
  const costs = new Float64Array(options.replicates);
  for (let r = 0; r < options.replicates; r++) {
    bits.fill(0);
    setting.classes.forEach((c, i) => {
      if (!plan.inserted[i]) return;
      for (let e = 0; e < c.memberCount; e++) for (let h = 0; h < k; h++) bits[random.nextInt(m)] = 1;
    });
    let fp = 0;
    let fn = 0;
    setting.classes.forEach((c, i) => {
      if (!plan.queried[i]) { fn += c.memberCount; return; }
      if (!plan.inserted[i]) for (let e = 0; e < c.memberCount; e++) if (!queryOnce()) fn++;
      const nonMembers = c.universeSize - c.memberCount;
      const sample = Math.min(nonMembers, options.nonMemberQueriesPerClass ?? nonMembers);
      let hits = 0;
      for (let e = 0; e < sample; e++) if (queryOnce()) hits++;
      if (sample > 0) fp += (hits * nonMembers) / sample;
    });
    falsePositives[r] = fp;
    falseNegatives[r] = fn;
    costs[r] = fp + setting.alpha * fn;
  }
  const interval = (values: Float64Array): Interval => {
    let sum = 0, squares = 0;
    for (const v of values) { sum += v; squares += v * v; }
    return meanInterval(sum, squares, values.length);
  };
  return {
    falsePositives, falseNegatives, costs,
    meanFalsePositives: interval(falsePositives),
    meanFalseNegatives: interval(falseNegatives),
    meanCost: interval(costs),
  };
}
