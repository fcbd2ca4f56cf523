/**
 * Counting Bloom filters (Fan et al., paper 002, section 5): the correct rate — the probability that
 * the estimate min_j A[h_j(x)] of an element x equals its true count f_x.
 */
import { allSetProbabilities, bloomFalsePositiveRate, exactFalsePositiveRate, MAX_HASHES, partitionedFalsePositiveRate } from './classic';
import { CompensatedSum } from './numeric';

export interface CorrectRate {
  /** Fan et al. eq. 26 lower bound: 1 - f_partitioned(m, n-1, k). */
  readonly lower: number;
  /** Fan et al. eq. 26 upper bound: 1 - f_bloom(m, n-1, k). */
  readonly upper: number;
  /**
   * The exact correct rate (math-spec erratum): x's own k hashes may hit one counter twice, so
   * C_r = sum_s P(S = s) (1 - A_s(k(n-1))), S = counters hit exactly once by x. Below `lower` in general.
   */
  readonly exact: number;
  /** The paper's eq. 25 value 1 - f_exact(m, n-1, k) (ignores x's own collisions). */
  readonly paperExact: number;
}

/**
 * The probability that k uniform positions in m counters hit exactly s counters exactly once, for
 * s = 0..min(k, m). Positive DP over the k positions with state (counters hit once, counters hit more).
 */
export function singlyHitCounterProbabilities(mCounters: number, k: number): Float64Array {
  const maxS = Math.min(k, mCounters);
  const size = k + 1;
  let state = new Float64Array(size * size); // index once * size + more
  let next = new Float64Array(size * size);
  state[0] = 1;
  for (let t = 0; t < k; t++) {
    next.fill(0);
    for (let once = 0; once <= t + 1 && once <= k; once++) {
      for (let more = 0; once + 2 * more <= t; more++) {
        const p = state[once * size + more];
        if (p === 0) continue;
        const empty = mCounters - once - more;
        if (empty > 0) next[(once + 1) * size + more] += (p * empty) / mCounters;
        if (once > 0) next[(once - 1) * size + more + 1] += (p * once) / mCounters;
        if (more > 0) next[once * size + more] += (p * more) / mCounters;
      }
    }
    [state, next] = [next, state];
  }
  const distribution = new Float64Array(maxS + 1);
  for (let once = 0; once <= maxS; once++) {
    const sum = new CompensatedSum();
    for (let more = 0; more < size; more++) sum.add(state[once * size + more]);
    distribution[once] = sum.value;
  }
  return distribution;
}

/**
 * The correct rate of a counting Bloom filter with m counters, n distinct elements and k hashes:
 * Fan et al.'s eq. 26 bounds and the exact value per math-spec's erratum (which lies below the paper's
 * lower bound by about 0.27/m at m/n = 10, k = 7).
 */
export function countingCorrectRate(mCounters: number, n: number, k: number): CorrectRate {
  if (!Number.isSafeInteger(mCounters) || mCounters < 1) throw new RangeError(`m must be an integer number of counters from 1 to 2^53 - 1, got ${mCounters}`);
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`n must be an integer >= 1 (the queried element is one of them), got ${n}`);
  if (!Number.isInteger(k) || k < 1 || k > MAX_HASHES) throw new RangeError(`k must be an integer from 1 to ${MAX_HASHES}, got ${k}`);
  const others = n - 1;
  const lower = 1 - partitionedFalsePositiveRate(mCounters, others, k); // eq. 26, left
  const upper = 1 - bloomFalsePositiveRate(mCounters, others, k); // eq. 26, right
  const singly = singlyHitCounterProbabilities(mCounters, k);
  const allSet = allSetProbabilities(mCounters, k * others, singly.length - 1);
  const exact = new CompensatedSum();
  for (let s = 1; s < singly.length; s++) exact.add(singly[s] * (1 - allSet[s])); // s = 0 never correct
  const paperExact = 1 - exactFalsePositiveRate(mCounters, others, k); // eq. 25 as printed
  return { lower, upper, exact: Math.max(0, Math.min(1, exact.value)), paperExact };
}
