import * as assert from 'node:assert/strict';
import {
  bestIntegerKBloomRate, bloomApproximateRate, minBitsPerElement, minBitsPerElementIntegerK, paradoxOccurs,
  positiveAnswerCosts, posteriorMembership, theorem1FalsePositiveRate, theorem1ThresholdPrior, thresholdPrior,
} from '../../src/core/paradox';

describe('Bloom paradox (Rottenstreich & Keslassy, Theorem 1 generalised)', () => {
  it('Fig. 2(b): alpha = 1, prior 1e-6 needs 28.7 bits per element (28.7552 per math-spec)', () => {
    const bits = minBitsPerElement(1e-6, 1);
    assert.equal(bits.toFixed(1), '28.8');
    assert.ok(Math.abs(bits - 28.7552) < 5e-5, String(bits));
    assert.ok(bits >= 28.7 && bits < 28.8); // printed 28.7 (truncated)
    // independent: ln((1-p)/(alpha p)) / ln(2)^2 written out
    assert.ok(Math.abs(bits - Math.log(999999) / (Math.LN2 * Math.LN2)) < 1e-12);
  });

  it('minimal bits per element is the boundary of Theorem 1: paradox just below it, none at or above', () => {
    for (const alpha of [0.1, 1, 10, 100]) {
      for (const prior of [1e-9, 1e-6, 1e-3, 0.01, 0.2]) {
        const bits = minBitsPerElement(prior, alpha);
        if (bits === 0) continue;
        assert.equal(paradoxOccurs(prior, theorem1FalsePositiveRate(bits * (1 - 1e-9)), alpha), true);
        assert.equal(paradoxOccurs(prior, theorem1FalsePositiveRate(bits * (1 + 1e-9)), alpha), false);
        // at the boundary both answers cost the same
        const costs = positiveAnswerCosts(prior, theorem1FalsePositiveRate(bits), alpha);
        assert.ok(Math.abs(costs.positive - costs.negative) < 1e-9 * Math.max(costs.positive, 1e-300) + 1e-15);
      }
    }
  });

  it('clamps at 0 when the paradox cannot occur (alpha = 100, prior 1e-2)', () => {
    assert.equal(minBitsPerElement(1e-2, 100), 0);
    // with zero bits (f = 1) the filter says positive for everything and still no paradox
    assert.equal(paradoxOccurs(1e-2, 1, 100), false);
  });

  it('the integer-k variant is essentially equal (Fig. 2(b) with integer k)', () => {
    for (const prior of [1e-6, 1e-4, 1e-2]) {
      const real = minBitsPerElement(prior, 1);
      const integer = minBitsPerElementIntegerK(prior, 1);
      assert.ok(integer >= real - 1e-9, `${integer} < ${real}`); // 2^(-ln2 b) is the real-k minimum, a lower bound
      assert.ok(integer - real < 0.05 * real, `${integer} vs ${real}`);
      // and it is the boundary for the integer-k rate
      const target = prior / (1 - prior);
      assert.ok(bestIntegerKBloomRate(integer).falsePositiveRate <= target * (1 + 1e-9));
      assert.ok(bestIntegerKBloomRate(integer * (1 - 1e-6)).falsePositiveRate > target);
    }
  });

  it('the 1e-3 posterior example: prior 1e-6, FP rate 1e-3 gives about 1e-3', () => {
    const posterior = posteriorMembership(1e-6, 1e-3);
    assert.ok(Math.abs(posterior - 1e-6 / (1e-3 * (1 - 1e-6) + 1e-6)) < 1e-18);
    assert.ok(Math.abs(posterior - 1e-3) < 1e-5);
    // the paper's reading: a positive answer is wrong with probability about 1 - 1e-3
    assert.ok(1 - posterior > 0.998);
  });

  it('Fig. 1: costs 1 (cache) vs 10 (memory); after a positive the cache is a bad bet at prior 1e-6', () => {
    // going to the cache after a positive costs 1 + 10 (1 - posterior); going straight to memory costs 10
    const posterior = posteriorMembership(1e-6, 1e-3);
    assert.ok(1 + 10 * (1 - posterior) > 10);
    assert.equal(paradoxOccurs(1e-6, 1e-3, 1), true);
  });

  it('paradox iff prior < f / (f + alpha), for any FP rate (exhaustive grid)', () => {
    for (const f of [0, 1e-9, 1e-4, 0.01, 0.3, 1]) {
      for (const alpha of [1e-3, 0.25, 1, 5, 100]) {
        const threshold = thresholdPrior(f, alpha);
        for (const prior of [0, 1e-12, 1e-6, 1e-3, 0.05, 0.5, 0.999, 1, threshold]) {
          const { positive, negative } = positiveAnswerCosts(prior, f, alpha);
          const byCosts = prior === 0 ? f > 0 : positive > negative + 1e-15 * negative;
          const nearThreshold = Math.abs(prior - threshold) <= 1e-9 * threshold;
          if (nearThreshold && prior === 0) continue; // f = 0: the filter never says positive for a non-member
          if (nearThreshold) {
            // at the threshold both answers cost the same (up to rounding): no clear winner
            assert.ok(Math.abs(positive - negative) <= 1e-8 * Math.max(positive, negative) + 1e-300);
            continue;
          }
          assert.equal(paradoxOccurs(prior, f, alpha), prior < threshold, `f=${f} alpha=${alpha} p=${prior}`);
          if (prior > 0) assert.equal(byCosts, prior < threshold);
        }
      }
    }
  });

  it("Theorem 1's threshold is 1 / (1 + alpha 2^(ln2 m/n))", () => {
    for (const bits of [1, 4, 9.6, 20]) {
      for (const alpha of [0.1, 1, 10]) {
        const printed = 1 / (1 + alpha * Math.pow(2, Math.LN2 * bits));
        assert.ok(Math.abs(theorem1ThresholdPrior(bits, alpha) - printed) <= 1e-14 * printed);
      }
    }
  });

  it("Theorem 1's FP model is the real-k minimum of Bloom's approximation, below every integer k", () => {
    for (const bits of [2, 4, 8, 10, 16]) {
      const kReal = Math.LN2 * bits;
      assert.ok(Math.abs(bloomApproximateRate(bits, kReal) - theorem1FalsePositiveRate(bits)) < 1e-12);
      for (let k = 1; k <= 20; k++) assert.ok(bloomApproximateRate(bits, k) >= theorem1FalsePositiveRate(bits) * (1 - 1e-12));
    }
  });

  it('rejects bad input with RangeError, never NaN', () => {
    assert.throws(() => posteriorMembership(-0.1, 0.1), RangeError);
    assert.throws(() => posteriorMembership(0.1, Number.NaN), RangeError);
    assert.throws(() => minBitsPerElement(0, 1), RangeError);
    assert.throws(() => minBitsPerElement(1, 1), RangeError);
    assert.throws(() => minBitsPerElement(0.1, 0), RangeError);
    assert.throws(() => thresholdPrior(0.1, Infinity), RangeError);
    assert.throws(() => theorem1FalsePositiveRate(-1), RangeError);
    assert.equal(posteriorMembership(0, 0), 0);
    assert.equal(posteriorMembership(0.5, 0), 1);
    assert.equal(thresholdPrior(0, 1), 0);
    assert.equal(theorem1FalsePositiveRate(1e6), 0);
  });
});
