import * as assert from 'node:assert/strict';
import { countingCorrectRate, singlyHitCounterProbabilities } from '../../src/core/counting';
import { exactFalsePositiveRate } from '../../src/core/classic';
import { SeededRandom } from '../../src/core/random';
import { wilsonInterval } from '../../src/core/stats';
import { bruteForceCountingCorrectRate, relativeError, toNumber } from './classic-truth';

describe('counting: the correct rate of a counting Bloom filter (Fan et al. section 5)', () => {
  it('exact 0.9918049 < eq. 26 lower bound 0.9918320 at m = 1e4, m/n = 10, k = 7 (math-spec erratum)', () => {
    const rate = countingCorrectRate(10_000, 1000, 7);
    assert.equal(rate.exact.toFixed(7), '0.9918049');
    assert.equal(rate.lower.toFixed(7), '0.9918320');
    assert.ok(rate.exact < rate.lower && rate.lower < rate.upper);
    // "below the eq. 26 lower bound by about 0.27/m"
    const gapTimesM = (rate.lower - rate.exact) * 10_000;
    assert.ok(gapTimesM > 0.2 && gapTimesM < 0.35, `gap * m = ${gapTimesM}`);
  });

  it('the paper\'s eq. 25 value lies inside its eq. 26 bounds (k >= 2)', () => {
    for (const [m, n, k] of [[1000, 100, 3], [10_000, 1000, 7], [1e6, 1e5, 10], [1e9, 1e8, 7]] as const) {
      const rate = countingCorrectRate(m, n, k);
      assert.ok(rate.lower < rate.paperExact && rate.paperExact < rate.upper, `m=${m}`);
      assert.equal(rate.paperExact, 1 - exactFalsePositiveRate(m, n - 1, k));
    }
  });

  it('exact equals brute-force enumeration of every hash outcome for tiny filters', () => {
    for (const [m, n, k] of [[1, 2, 1], [2, 2, 2], [3, 2, 2], [4, 2, 2], [5, 2, 2], [3, 3, 2], [4, 3, 1], [6, 2, 3], [4, 2, 3]] as const) {
      const truth = bruteForceCountingCorrectRate(m, n, k);
      const exact = countingCorrectRate(m, n, k).exact;
      assert.ok(relativeError(exact, truth) <= 1e-12, `m=${m} n=${n} k=${k}: ${exact} vs ${toNumber(truth)}`);
    }
  });

  it('n = 1: correct unless x hits one counter twice with every hash', () => {
    const rate = countingCorrectRate(10, 1, 2);
    assert.equal(rate.lower, 1);
    assert.equal(rate.upper, 1);
    assert.ok(Math.abs(rate.exact - 0.9) < 1e-15); // both hashes on one counter: probability 1/10
  });

  it('agrees with a seeded simulation within its 99% interval, where the paper\'s bounds do not', () => {
    const [m, n, k] = [20, 3, 3];
    const trials = 200_000;
    const random = new SeededRandom(2024);
    const counters = new Int32Array(m);
    const own = new Int32Array(k);
    let correct = 0;
    for (let t = 0; t < trials; t++) {
      counters.fill(0);
      for (let e = 1; e < n; e++) for (let i = 0; i < k; i++) counters[random.nextInt(m)]++;
      for (let i = 0; i < k; i++) { own[i] = random.nextInt(m); counters[own[i]]++; }
      let estimate = Infinity;
      for (let i = 0; i < k; i++) estimate = Math.min(estimate, counters[own[i]]);
      if (estimate === 1) correct++;
    }
    const interval = wilsonInterval(correct, trials, 0.99);
    const rate = countingCorrectRate(m, n, k);
    assert.ok(interval.lower <= rate.exact && rate.exact <= interval.upper, `${rate.exact} outside [${interval.lower}, ${interval.upper}]`);
    assert.ok(interval.upper < rate.lower, `the simulation should fall below eq. 26's lower bound ${rate.lower}`);
  });

  it('singly-hit counter distribution sums to 1 and matches small cases by hand', () => {
    const d = singlyHitCounterProbabilities(3, 2);
    assert.ok(Math.abs(d[0] - 1 / 3) < 1e-15 && d[1] === 0 && Math.abs(d[2] - 2 / 3) < 1e-15);
    const big = singlyHitCounterProbabilities(1e9, 7);
    assert.ok(Math.abs(big.reduce((a, b) => a + b, 0) - 1) < 1e-14);
  });

  it('rejects bad input', () => {
    assert.throws(() => countingCorrectRate(0, 10, 3), RangeError);
    assert.throws(() => countingCorrectRate(10, 0, 3), RangeError);
    assert.throws(() => countingCorrectRate(10, 5, 65), RangeError);
  });
});
