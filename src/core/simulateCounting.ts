/**
 * Monte Carlo simulation of a counting Bloom filter queried by classes of elements with different
 * priors (Rottenstreich & Keslassy, section VIII-B: Fig. 8 and Table III). Used to validate
 * Theorem 2's posterior and the decision costs of paradoxCounting.ts.
 *
 * Each replicate builds a fresh filter: the members of every class are inserted (each increments k
 * counters), then every member is queried with its own counters and non-members with fresh uniform
 * positions. Hashing: 'partitioned' (k sub-arrays of m/k counters, Theorem 2's model; sizes differ
 * by one when k does not divide m) or
 * 'colliding' (k uniform positions over all m counters, possibly repeated).
 */
import { SeededRandom } from './random';
import { Interval, ratioInterval, meanInterval } from './stats';

export interface CountingSimulationClass {
  readonly universeSize: number;
  readonly memberCount: number;
  /** Non-members queried per replicate (a uniform sample, weighted up to all of them); default all. */
  readonly nonMemberQueries?: number;
  /** Answer positive iff the product of the k counters >= this; default 1 (a regular CBF). */
  readonly productThreshold?: number;
}

export interface CountingSimulationOptions {
  readonly counters: number;
  readonly hashes: number;
  readonly hashing?: 'partitioned' | 'colliding';
  readonly classes: readonly CountingSimulationClass[];
  readonly replicates: number;
  readonly seed: number;
  /** Products 0..maxTrackedProduct are tallied per class (Fig. 8 shows up to 100). */
  readonly maxTrackedProduct?: number;
}

export interface CountingSimulationClassResult {
  /** memberCounts[r][pi]: members of this class whose product is pi in replicate r. */
  readonly memberCounts: readonly Float64Array[];
  /** nonMemberCounts[r][pi]: queried (sampled) non-members whose product is pi in replicate r. */
  readonly nonMemberCounts: readonly Float64Array[];
  /** (universeSize - memberCount) / non-members queried: the weight of one sampled non-member. */
  readonly nonMemberWeight: number;
  /** Per replicate: false positives (weighted to all non-members) and false negatives under the threshold. */
  readonly falsePositives: Float64Array;
  readonly falseNegatives: Float64Array;
}

export interface CountingSimulationResult {
  readonly perClass: readonly CountingSimulationClassResult[];
}

/** Runs the simulation (see the module comment). */
export function simulateCountingFilter(options: CountingSimulationOptions): CountingSimulationResult {
  const m = options.counters;
  const k = options.hashes;
  const partitioned = (options.hashing ?? 'partitioned') === 'partitioned';
  const maxTracked = options.maxTrackedProduct ?? 100;
  if (!Number.isSafeInteger(k) || k < 1) throw new RangeError(`hashes must be an integer >= 1, got ${k}`);
  if (!Number.isSafeInteger(m) || m < k) throw new RangeError(`counters must be an integer >= hashes, got ${m}`);
  if (!Number.isSafeInteger(options.replicates) || options.replicates < 1) throw new RangeError(`replicates must be an integer >= 1, got ${options.replicates}`);
  if (!Number.isSafeInteger(maxTracked) || maxTracked < 0 || maxTracked > 1e6) throw new RangeError(`maxTrackedProduct must be an integer from 0 to 1e6, got ${maxTracked}`);
  let inserted = 0;
  for (const c of options.classes) {
    if (!Number.isSafeInteger(c.universeSize) || !Number.isSafeInteger(c.memberCount) || c.memberCount < 0 || c.memberCount > c.universeSize) {
      throw new RangeError('each class needs integers 0 <= memberCount <= universeSize');
    }
    inserted += c.memberCount;
  }
  // sub-array j is counters [floor(j m / k), floor((j + 1) m / k)) (equal sizes when k divides m)
  const sliceStart = Array.from({ length: k + 1 }, (_, j) => Math.floor((j * m) / k));
  const random = new SeededRandom(options.seed);
  const position = (j: number): number => partitioned ? sliceStart[j] + random.nextInt(sliceStart[j + 1] - sliceStart[j]) : random.nextInt(m);
  const values = new Uint32Array(m);
  const memberPositions = new Int32Array(inserted * k);

  const results = options.classes.map((c) => {
    const nonMembers = c.universeSize - c.memberCount;
    const queried = Math.min(nonMembers, c.nonMemberQueries ?? nonMembers);
    return {
      memberCounts: [] as Float64Array[],
      nonMemberCounts: [] as Float64Array[],
      nonMemberWeight: queried === 0 ? 0 : nonMembers / queried,
      queried,
      falsePositives: new Float64Array(options.replicates),
      falseNegatives: new Float64Array(options.replicates),
    };
  });

  const productOf = (positions: ArrayLike<number>, offset: number): number => {
    let product = 1;
    for (let j = 0; j < k; j++) product = Math.min(product * values[positions[offset + j]], Number.MAX_SAFE_INTEGER);
    return product;
  };
  const fresh = new Int32Array(k);

  for (let r = 0; r < options.replicates; r++) {
    values.fill(0);
    for (let e = 0; e < inserted; e++) {
      for (let j = 0; j < k; j++) {
        const p = position(j);
        memberPositions[e * k + j] = p;
        values[p]++;
      }
    }
    let element = 0;
    options.classes.forEach((c, i) => {
      const result = results[i];
      const threshold = c.productThreshold ?? 1;
      const members = new Float64Array(maxTracked + 1);
      const nonMembers = new Float64Array(maxTracked + 1);
      let falseNegatives = 0;
      for (let e = 0; e < c.memberCount; e++, element++) {
        const product = productOf(memberPositions, element * k);
        if (product <= maxTracked) members[product]++;
        if (product < threshold) falseNegatives++;
      }
      let positives = 0;
      for (let e = 0; e < result.queried; e++) {
        for (let j = 0; j < k; j++) fresh[j] = position(j);
        const product = productOf(fresh, 0);
        if (product <= maxTracked) nonMembers[product]++;
        if (product >= threshold) positives++;
      }
      result.memberCounts.push(members);
      result.nonMemberCounts.push(nonMembers);
      result.falsePositives[r] = positives * result.nonMemberWeight;
      result.falseNegatives[r] = falseNegatives;
    });
  }
  return { perClass: results.map(({ queried: _unused, ...rest }) => rest) };
}

/**
 * Simulated Pr(x in S | product = pi) for a class, with a 99% interval over replicates
 * (members with pi) / (members with pi + weighted non-members with pi).
 */
export function simulatedPosterior(result: CountingSimulationClassResult, product: number, confidence = 0.99): Interval & { observations: number } {
  const numerators = result.memberCounts.map((counts) => counts[product]);
  const denominators = result.memberCounts.map((counts, r) => counts[product] + result.nonMemberWeight * result.nonMemberCounts[r][product]);
  let observations = 0;
  result.memberCounts.forEach((counts, r) => { observations += counts[product] + result.nonMemberCounts[r][product]; });
  return { ...ratioInterval(numerators, denominators, confidence), observations };
}

/** Mean over replicates, with a 99% interval, of a per-replicate series (e.g. falsePositives summed over classes). */
export function replicateMean(series: ArrayLike<number>, confidence = 0.99): Interval {
  let sum = 0, squares = 0;
  for (let i = 0; i < series.length; i++) { sum += series[i]; squares += series[i] * series[i]; }
  return meanInterval(sum, squares, series.length, confidence);
}
