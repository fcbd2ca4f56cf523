import * as assert from 'node:assert/strict';
import {
  exactFalsePositiveRate, HashingModel, maxElementsForBitsAndRate, sizeForElementsAndRate, sizeForElementsRateAndK, textbookSize,
} from '../../src/core/classic';

/** min over k = 1..64 (k <= m for the distinct-position models) of the exact rate: an independent scan. */
function bestRateByScan(mBits: number, n: number, hashing: HashingModel): number {
  let best = Infinity;
  for (let k = 1; k <= (hashing === 'colliding' ? 64 : Math.min(64, mBits)); k++) best = Math.min(best, exactFalsePositiveRate(mBits, n, k, hashing));
  return best;
}

describe('classic: sizing in every direction (cli-contract size)', () => {
  it('--n --p: the smallest m for which some integer k reaches p (checked by a full scan of k at m and m - 1)', () => {
    for (const hashing of ['colliding', 'noncolliding', 'partitioned'] as const) {
      for (const [n, p] of [[1, 0.5], [10, 0.01], [1000, 0.01], [12_345, 1e-4], [1e6, 1e-3], [1e9, 0.01]] as const) {
        const { mBits, k, falsePositiveRate } = sizeForElementsAndRate(n, p, hashing);
        assert.ok(falsePositiveRate <= p, `${hashing} n=${n} p=${p}`);
        assert.equal(exactFalsePositiveRate(mBits, n, k, hashing), falsePositiveRate);
        assert.ok(bestRateByScan(mBits - 1, n, hashing) > p, `${hashing} n=${n} p=${p}: m - 1 = ${mBits - 1} would also do`);
        // The exact answer is close to, and never below, the textbook's real-valued m by more than rounding.
        const textbook = textbookSize(n, p).realMBits;
        if (n >= 1000) assert.ok(mBits >= textbook * 0.999 && mBits < textbook * 1.01, `${hashing} n=${n}: ${mBits} vs textbook ${textbook}`);
      }
    }
  });

  it('--m --p: the largest n for which some integer k reaches p', () => {
    for (const hashing of ['colliding', 'noncolliding', 'partitioned'] as const) {
      for (const [m, p] of [[64, 0.01], [1000, 0.01], [1e6, 1e-3], [1e9, 0.05]] as const) {
        const { n, k, falsePositiveRate } = maxElementsForBitsAndRate(m, p, hashing);
        assert.ok(n >= 1 && falsePositiveRate <= p);
        assert.equal(exactFalsePositiveRate(m, n, k, hashing), falsePositiveRate);
        assert.ok(bestRateByScan(m, n + 1, hashing) > p, `${hashing} m=${m} p=${p}: n + 1 also fits`);
      }
    }
  });

  it('--m --p: n = 0 when not one element fits', () => {
    const result = maxElementsForBitsAndRate(4, 1e-6);
    assert.deepEqual(result, { n: 0, k: 1, falsePositiveRate: 0 });
    assert.ok(bestRateByScan(4, 1, 'colliding') > 1e-6);
  });

  it('--n --p --k: the smallest m for that fixed k', () => {
    for (const hashing of ['colliding', 'noncolliding', 'partitioned'] as const) {
      for (const [n, p, k] of [[1, 0.1, 3], [100, 0.01, 7], [1e5, 1e-6, 20], [1e8, 0.01, 3], [1000, 0.2, 64]] as const) {
        const { mBits, falsePositiveRate } = sizeForElementsRateAndK(n, p, k, hashing);
        assert.ok(falsePositiveRate <= p);
        assert.ok(mBits - 1 < (hashing === 'colliding' ? 1 : k) || exactFalsePositiveRate(mBits - 1, n, k, hashing) > p, `${hashing} n=${n} p=${p} k=${k}`);
      }
    }
  });

  it('textbook size: m = -n ln p / ln^2 2, k = -log2 p', () => {
    const { realMBits, realK, mBits, k } = textbookSize(1000, 0.01);
    assert.ok(Math.abs(realMBits - 9585.058377367439) < 1e-6);
    assert.ok(Math.abs(realK - 6.643856189774724) < 1e-12);
    assert.equal(mBits, 9586);
    assert.equal(k, 7);
  });

  it('rejects impossible requests', () => {
    assert.throws(() => sizeForElementsAndRate(0, 0.01), RangeError);
    assert.throws(() => sizeForElementsAndRate(10, 1), RangeError);
    assert.throws(() => sizeForElementsAndRate(10, 0), RangeError);
    assert.throws(() => sizeForElementsRateAndK(1e9, 1e-12, 1), RangeError); // needs about 1e21 bits
    assert.throws(() => maxElementsForBitsAndRate(0, 0.1), RangeError);
  });
});
