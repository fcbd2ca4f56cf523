/**
 * Selective Bloom filter insertion and query (Rottenstreich & Keslassy, section IV-C, Table II).
 *
 * The universe is split into classes; class i has `universeSize` elements of which `memberCount` are
 * in S, so its prior is memberCount / universeSize. Every element of the universe is queried once;
 * cost (units of W_FP) = false positives + alpha * false negatives = (N - n) fpr + alpha n fnr.
 *
 * Decisions (the rule that reproduces every row of Table II):
 * - Query threshold: a class is queried iff its prior is not below the paradox threshold of the
 *   filter as built (n* = the number actually inserted); otherwise it is answered "negative".
 * - Insertion: classes are taken in decreasing prior; a class is inserted iff its prior is not below
 *   the threshold of the filter that contains it and every class of higher prior (this condition is
 *   monotone, so the inserted classes are a prefix).
 * - The threshold is Theorem 1's P0 = 1 / (1 + alpha 2^(ln2 m/n*)) by default (as in the paper), or
 *   f(n*) / (f(n*) + alpha) with the filter's actual FP model ('actual').
 * Members that are not inserted but queried still get a positive answer with probability f.
 */
import { bloomApproximateRate, checkAlpha, thresholdPrior, theorem1ThresholdPrior } from './paradox';

export interface ElementClass {
  /** Number of elements of the universe in this class. */
  readonly universeSize: number;
  /** How many of them are in S (prior = memberCount / universeSize). */
  readonly memberCount: number;
}

export type SelectiveMode = 'none' | 'insertion' | 'query' | 'both';

export interface SelectiveBloomSetting {
  readonly bits: number;
  readonly hashes: number;
  /** W_FN / W_FP. */
  readonly alpha: number;
  readonly classes: readonly ElementClass[];
  /** The filter's FP rate with `insertedCount` elements; default (1 - e^(-k n* / m))^k (Table II's "BF fpr"). */
  readonly falsePositiveRateOf?: (insertedCount: number) => number;
  /** Paradox threshold used for the decisions: 'theorem1' (default, the paper's P0) or 'actual' (f / (f + alpha)). */
  readonly thresholdModel?: 'theorem1' | 'actual';
}

export interface SelectivePlan {
  readonly mode: SelectiveMode;
  /** Per class (same order as the setting): are its members inserted? */
  readonly inserted: readonly boolean[];
  /** Per class: is the filter queried for its elements (else the answer is negative)? */
  readonly queried: readonly boolean[];
  readonly insertedCount: number;
  /** The filter's FP rate at insertedCount. */
  readonly falsePositiveRate: number;
  /** The prior below which a class is not queried (for mode 'none'/'insertion': informational). */
  readonly queryThresholdPrior: number;
}

export interface SelectiveCosts {
  /** Expected false positives over all N - n non-members. */
  readonly falsePositives: number;
  /** Expected false negatives over all n members. */
  readonly falseNegatives: number;
  /** falsePositives / (N - n). */
  readonly falsePositiveRate: number;
  /** falseNegatives / n. */
  readonly falseNegativeRate: number;
  /** falsePositives + alpha * falseNegatives (units of W_FP). */
  readonly cost: number;
}

/** Validates a population of classes; returns the total universe size N and member count n. */
export function classTotals(classes: readonly ElementClass[]): { universeSize: number; memberCount: number } {
  if (classes.length === 0) throw new RangeError('at least one element class is needed');
  let universeSize = 0;
  let memberCount = 0;
  for (const c of classes) {
    if (!Number.isSafeInteger(c.universeSize) || c.universeSize < 1) throw new RangeError(`a class's universeSize must be an integer >= 1, got ${c.universeSize}`);
    if (!Number.isSafeInteger(c.memberCount) || c.memberCount < 0 || c.memberCount > c.universeSize) {
      throw new RangeError(`a class's memberCount must be an integer from 0 to its universeSize, got ${c.memberCount}`);
    }
    universeSize += c.universeSize;
    memberCount += c.memberCount;
  }
  return { universeSize, memberCount };
}

function checkSetting(setting: SelectiveBloomSetting): void {
  if (!Number.isSafeInteger(setting.bits) || setting.bits < 1) throw new RangeError(`bits must be an integer >= 1, got ${setting.bits}`);
  if (!Number.isSafeInteger(setting.hashes) || setting.hashes < 1) throw new RangeError(`hashes must be an integer >= 1, got ${setting.hashes}`);
  checkAlpha(setting.alpha);
  classTotals(setting.classes);
}

function falsePositiveRateAt(setting: SelectiveBloomSetting, insertedCount: number): number {
  const rate = setting.falsePositiveRateOf
    ? setting.falsePositiveRateOf(insertedCount)
    : insertedCount === 0 ? 0 : bloomApproximateRate(setting.bits / insertedCount, setting.hashes);
  if (!(rate >= 0 && rate <= 1)) throw new RangeError(`falsePositiveRateOf(${insertedCount}) must be a probability, got ${rate}`);
  return rate;
}

function paradoxThreshold(setting: SelectiveBloomSetting, insertedCount: number): number {
  if (insertedCount === 0) return 0; // an empty filter never answers positive: no paradox
  if ((setting.thresholdModel ?? 'theorem1') === 'theorem1') return theorem1ThresholdPrior(setting.bits / insertedCount, setting.alpha);
  return thresholdPrior(falsePositiveRateAt(setting, insertedCount), setting.alpha);
}

/** Which classes to insert and to query under a mode (section IV-C; see the module comment for the rule). */
export function selectiveBloomPlan(setting: SelectiveBloomSetting, mode: SelectiveMode): SelectivePlan {
  checkSetting(setting);
  const classes = setting.classes;
  const prior = (i: number): number => classes[i].memberCount / classes[i].universeSize;
  const inserted = classes.map(() => true);
  if (mode === 'insertion' || mode === 'both') {
    const order = classes.map((_, i) => i).sort((a, b) => prior(b) - prior(a));
    inserted.fill(false);
    let count = 0;
    for (let start = 0; start < order.length;) {
      // classes of equal prior are decided together
      let end = start;
      let groupMembers = 0;
      while (end < order.length && prior(order[end]) === prior(order[start])) groupMembers += classes[order[end++]].memberCount;
      if (prior(order[start]) < paradoxThreshold(setting, count + groupMembers)) break;
      for (let j = start; j < end; j++) inserted[order[j]] = true;
      count += groupMembers;
      start = end;
    }
  }
  const insertedCount = classes.reduce((sum, c, i) => sum + (inserted[i] ? c.memberCount : 0), 0);
  const queryThresholdPrior = paradoxThreshold(setting, insertedCount);
  const selectiveQuery = mode === 'query' || mode === 'both';
  const queried = classes.map((_, i) => !selectiveQuery || prior(i) >= queryThresholdPrior);
  return { mode, inserted, queried, insertedCount, falsePositiveRate: falsePositiveRateAt(setting, insertedCount), queryThresholdPrior };
}

/** Expected false positives, false negatives and cost of a plan (every element queried once). */
export function selectiveBloomExpectedCosts(setting: SelectiveBloomSetting, plan: SelectivePlan): SelectiveCosts {
  const totals = classTotals(setting.classes);
  const f = plan.falsePositiveRate;
  let falsePositives = 0;
  let falseNegatives = 0;
  setting.classes.forEach((c, i) => {
    if (plan.queried[i]) falsePositives += (c.universeSize - c.memberCount) * f;
    if (!plan.queried[i]) falseNegatives += c.memberCount;
    else if (!plan.inserted[i]) falseNegatives += c.memberCount * (1 - f); // not inserted: positive only by a false positive
  });
  const nonMembers = totals.universeSize - totals.memberCount;
  return {
    falsePositives,
    falseNegatives,
    falsePositiveRate: nonMembers === 0 ? 0 : falsePositives / nonMembers,
    falseNegativeRate: totals.memberCount === 0 ? 0 : falseNegatives / totals.memberCount,
    cost: falsePositives + setting.alpha * falseNegatives,
  };
}

/** Plan and expected costs for each mode, to show the gain of selective insertion / query. */
export function compareSelectiveModes(setting: SelectiveBloomSetting): Record<SelectiveMode, { plan: SelectivePlan; costs: SelectiveCosts }> {
  const run = (mode: SelectiveMode) => {
    const plan = selectiveBloomPlan(setting, mode);
    return { plan, costs: selectiveBloomExpectedCosts(setting, plan) };
  };
  return { none: run('none'), insertion: run('insertion'), query: run('query'), both: run('both') };
}

/** The setting of Table II: 13 classes of 256 members in 2^(i+10) elements (prior 2^-(i+2)); m = bpe * 3328. */
export function tableTwoClasses(): ElementClass[] {
  const classes: ElementClass[] = [];
  for (let i = 1; i <= 13; i++) classes.push({ universeSize: 2 ** (i + 10), memberCount: 256 });
  return classes;
}
