/**
 * Seeded Monte Carlo simulation of a plain Bloom filter, for validating the exact models
 * (colliding, non-colliding and partitioned hashing; math-spec: Model). Deterministic for a seed.
 */
import { HashingModel, MAX_HASHES, partitionSliceSizes } from './classic';
import { SeededRandom } from './random';
import { Interval, wilsonInterval } from './stats';

/** Largest filter the simulator builds (a bit array of m bits lives in memory). */
export const MAX_SIMULATED_BITS = 2 ** 31;

export interface PlainFilterSimulationOptions {
  readonly mBits: number;
  readonly n: number;
  readonly k: number;
  readonly hashing?: HashingModel;
  /** Random non-member queries per built filter (default: n clamped to 16..4096). */
  readonly queriesPerFilter?: number;
}

export interface SimulationCounts {
  /** Filters built so far. */
  readonly filters: number;
  /** Non-member queries so far. */
  readonly queries: number;
  /** Queries that answered "present". */
  readonly falsePositives: number;
  /** Sum over filters of (that filter's false-positive fraction)^2, for the between-filter variance. */
  readonly sumOfSquaredFilterRates: number;
}

export interface SimulationInterval extends Interval, SimulationCounts {}

/**
 * A running simulation: call `run(filters)` as often as you like (e.g. in chunks from a progress loop),
 * then read `counts` or `interval()`. Each filter: insert n random elements, then query
 * `queriesPerFilter` fresh random elements. Elements are independent draws of k positions under the
 * hashing model, so the fraction of "present" answers estimates the false-positive probability.
 */
export class PlainFilterSimulation {
  readonly mBits: number;
  readonly n: number;
  readonly k: number;
  readonly hashing: HashingModel;
  readonly queriesPerFilter: number;
  private readonly random: SeededRandom;
  private readonly words: Uint32Array;
  private readonly positions: Float64Array;
  private readonly setPositions: number[] = [];
  /** Clear by unsetting the recorded positions when that is cheaper than clearing every word. */
  private readonly trackPositions: boolean;
  private filters = 0;
  private queries = 0;
  private falsePositives = 0;
  private sumOfSquaredFilterRates = 0;
  private readonly sliceStarts: Float64Array;
  private readonly sliceSizes: Float64Array;

  constructor(options: PlainFilterSimulationOptions, seed: number) {
    const { mBits, n, k } = options;
    const hashing = options.hashing ?? 'colliding';
    if (!Number.isSafeInteger(mBits) || mBits < 1 || mBits > MAX_SIMULATED_BITS) throw new RangeError(`m must be an integer from 1 to 2^31 for simulation, got ${mBits}`);
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`n must be an integer >= 0, got ${n}`);
    if (!Number.isInteger(k) || k < 1 || k > MAX_HASHES) throw new RangeError(`k must be an integer from 1 to ${MAX_HASHES}, got ${k}`);
    if (hashing !== 'colliding' && hashing !== 'noncolliding' && hashing !== 'partitioned') throw new RangeError(`unknown hashing model ${String(hashing)}`);
    if (hashing !== 'colliding' && k > mBits) throw new RangeError(`${hashing} hashing needs k <= m`);
    const queriesPerFilter = options.queriesPerFilter ?? Math.min(4096, Math.max(16, n));
    if (!Number.isSafeInteger(queriesPerFilter) || queriesPerFilter < 1) throw new RangeError(`queriesPerFilter must be an integer >= 1, got ${queriesPerFilter}`);
    this.mBits = mBits;
    this.n = n;
    this.k = k;
    this.hashing = hashing;
    this.queriesPerFilter = queriesPerFilter;
    this.random = new SeededRandom(seed);
    this.words = new Uint32Array(Math.ceil(mBits / 32));
    this.positions = new Float64Array(k);
    this.trackPositions = n * k * 4 < this.words.length;
    // Partitioned: slice l covers [sliceStarts[l], sliceStarts[l] + sliceSizes[l]).
    this.sliceStarts = new Float64Array(k);
    this.sliceSizes = new Float64Array(k);
    if (hashing === 'partitioned') {
      const { smallSlice, largeSlices } = partitionSliceSizes(mBits, k);
      let start = 0;
      for (let l = 0; l < k; l++) {
        const size = smallSlice + (l < largeSlices ? 1 : 0);
        this.sliceStarts[l] = start;
        this.sliceSizes[l] = size;
        start += size;
      }
    }
  }

  /** Draws one element's k positions into this.positions. */
  private drawPositions(): void {
    const { k, mBits, positions, random } = this;
    if (this.hashing === 'colliding') {
      for (let i = 0; i < k; i++) positions[i] = random.nextInt(mBits);
    } else if (this.hashing === 'partitioned') {
      for (let i = 0; i < k; i++) positions[i] = this.sliceStarts[i] + random.nextInt(this.sliceSizes[i]);
    } else {
      // Floyd's algorithm: k distinct positions uniformly from m.
      let count = 0;
      for (let j = mBits - k; j < mBits; j++) {
        const t = random.nextInt(j + 1);
        let seen = false;
        for (let a = 0; a < count; a++) if (positions[a] === t) { seen = true; break; }
        positions[count++] = seen ? j : t;
      }
    }
  }

  private clear(): void {
    const { words, setPositions } = this;
    if (this.trackPositions) {
      for (const position of setPositions) words[position >>> 5] = 0;
      setPositions.length = 0;
    } else {
      words.fill(0);
    }
  }

  /** Builds and queries `filters` more filters. */
  run(filters: number): void {
    if (!Number.isSafeInteger(filters) || filters < 0) throw new RangeError(`filters must be an integer >= 0, got ${filters}`);
    const { words, positions, k, n, queriesPerFilter, setPositions } = this;
    const track = this.trackPositions;
    for (let f = 0; f < filters; f++) {
      this.clear();
      for (let e = 0; e < n; e++) {
        this.drawPositions();
        for (let i = 0; i < k; i++) {
          const p = positions[i];
          words[p >>> 5] |= 1 << (p & 31);
          if (track) setPositions.push(p);
        }
      }
      let hits = 0;
      for (let q = 0; q < queriesPerFilter; q++) {
        this.drawPositions();
        let present = true;
        for (let i = 0; i < k; i++) {
          const p = positions[i];
          if ((words[p >>> 5] & (1 << (p & 31))) === 0) { present = false; break; }
        }
        if (present) hits++;
      }
      const filterRate = hits / queriesPerFilter;
      this.filters++;
      this.queries += queriesPerFilter;
      this.falsePositives += hits;
      this.sumOfSquaredFilterRates += filterRate * filterRate;
    }
  }

  get counts(): SimulationCounts {
    return { filters: this.filters, queries: this.queries, falsePositives: this.falsePositives, sumOfSquaredFilterRates: this.sumOfSquaredFilterRates };
  }

  /** Confidence interval of the false-positive probability from the counts so far. */
  interval(confidence = 0.99): SimulationInterval {
    return { ...simulationInterval(this.counts, this.queriesPerFilter, confidence), ...this.counts };
  }
}

/**
 * Interval from simulation counts. Queries on the same filter are correlated, so the Wilson interval is
 * taken with the effective sample size queries / designEffect (Kish), where the design effect is the
 * observed between-filter variance of the per-filter rate over the binomial variance p(1-p)/Q (at least 1).
 */
export function simulationInterval(counts: SimulationCounts, queriesPerFilter: number, confidence = 0.99): Interval {
  const { filters, queries, falsePositives, sumOfSquaredFilterRates } = counts;
  if (queries === 0) return { estimate: 0, lower: 0, upper: 1 };
  const estimate = falsePositives / queries;
  let designEffect = 1;
  if (filters > 1 && estimate > 0 && estimate < 1) {
    const betweenVariance = Math.max(0, (sumOfSquaredFilterRates - filters * estimate * estimate) / (filters - 1));
    designEffect = Math.max(1, betweenVariance / ((estimate * (1 - estimate)) / queriesPerFilter));
  }
  const effectiveQueries = queries / designEffect;
  const interval = wilsonInterval(estimate * effectiveQueries, effectiveQueries, confidence);
  return { estimate, lower: interval.lower, upper: interval.upper };
}

export interface SimulatePlainFilterOptions extends PlainFilterSimulationOptions {
  /** Number of filters to build. */
  readonly trials: number;
  readonly seed: number;
  /** Confidence level of the interval (default 0.99). */
  readonly confidence?: number;
}

/** Simulates `trials` filters and returns the interval of the false-positive probability with the counts. */
export function simulatePlainFilter(options: SimulatePlainFilterOptions): SimulationInterval {
  const simulation = new PlainFilterSimulation(options, options.seed);
  simulation.run(options.trials);
  return simulation.interval(options.confidence ?? 0.99);
}
