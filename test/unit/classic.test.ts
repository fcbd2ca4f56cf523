import * as assert from 'node:assert/strict';
import {
  bestIntegerK, bloomFalsePositiveRate, bloomOptimalK, boseErrorRatio, christensenFalsePositiveRate, distinctHitProbabilities,
  entropyOptimalK, exactFalsePositiveRate, grandiFalsePositiveRate, HashingModel, partitionedErrorRatio, partitionedFalsePositiveRate,
} from '../../src/core/classic';
import {
  bruteForceFalsePositive, fixedPointDoubleSum, fixedPointNoncolliding, rationalDoubleSum, relativeError, setBitsDpFalsePositive, toNumber,
} from './classic-truth';

const TOLERANCE = 1e-12;

function assertClose(actual: number, truth: number, tolerance: number, label: string): void {
  const error = Math.abs(actual - truth) / Math.abs(truth);
  assert.ok(error <= tolerance, `${label}: ${actual} vs ${truth} (relative error ${error.toExponential(2)} > ${tolerance})`);
}

describe('classic: exact colliding false-positive rate', () => {
  it('equals brute-force enumeration over all hash outcomes for tiny filters', () => {
    const cases: [number, number, number][] = [
      [1, 2, 2], [2, 1, 1], [2, 1, 3], [2, 3, 2], [3, 1, 2], [3, 2, 2], [3, 1, 5], [4, 1, 3], [4, 2, 2], [4, 2, 3], [5, 3, 2], [5, 1, 4], [6, 1, 3], [6, 2, 2], [6, 3, 1], [6, 0, 3],
    ];
    for (const [m, n, k] of cases) {
      const truth = bruteForceFalsePositive(m, n, k, 'colliding');
      const exact = exactFalsePositiveRate(m, n, k);
      if (n === 0) { assert.equal(exact, 0); continue; }
      assert.ok(relativeError(exact, truth) <= TOLERANCE, `m=${m} n=${n} k=${k}: ${exact} vs ${toNumber(truth)}`);
    }
  });

  it('equals the exact BigInt DP over the number of set bits, small and moderate filters (k up to 64)', () => {
    let worst = 0;
    for (const m of [7, 20, 64, 150]) {
      for (const n of [1, 2, 5, 12]) {
        for (const k of [1, 2, 3, 7, 16, 33, 64]) {
          if (k * n > 400) continue;
          const truth = setBitsDpFalsePositive(m, n, k);
          const error = relativeError(exactFalsePositiveRate(m, n, k), truth);
          worst = Math.max(worst, error);
          assert.ok(error <= TOLERANCE, `m=${m} n=${n} k=${k}: relative error ${error}`);
        }
      }
    }
    assert.ok(worst < 1e-13, `worst ${worst}`);
  });

  it('equals exact rational inclusion-exclusion for large, lightly loaded filters (m = 1e6 and 1e9, n = 1e3)', () => {
    for (const [m, n, k] of [[1e6, 1e3, 7], [1e9, 1e3, 7], [1e9, 1e3, 3], [1e9, 1e3, 12], [123_456_789, 17, 9]] as const) {
      const truth = rationalDoubleSum(m, n, k);
      const error = relativeError(exactFalsePositiveRate(m, n, k), truth);
      assert.ok(error <= TOLERANCE, `m=${m} n=${n} k=${k}: relative error ${error}`);
    }
  });

  it('is within 1e-12 of a 3000-bit fixed-point evaluation for m up to 2^53, every load, k up to 64', () => {
    let worst = 0;
    let checked = 0;
    for (const m of [1000, 100_000, 1e9, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      for (const load of [1e-3, 0.05, 0.3, 0.7, 1.5, 3, 6, 20]) {
        for (const k of [1, 2, 7, 16, 33, 64]) {
          const n = Math.min(Number.MAX_SAFE_INTEGER, Math.max(1, Math.round((load * m) / k)));
          const truth = fixedPointDoubleSum(m, n, k);
          const truthValue = toNumber(truth);
          if (truthValue < 1e-290) continue; // below double precision's normal range
          const error = relativeError(exactFalsePositiveRate(m, n, k), truth);
          worst = Math.max(worst, error);
          checked++;
          assert.ok(error <= TOLERANCE, `m=${m} n=${n} k=${k}: relative error ${error}`);
        }
      }
    }
    assert.ok(checked > 150, `only ${checked} cases checked`);
  });

  it('handles the lightly loaded regime where plain inclusion-exclusion in doubles fails', () => {
    const [m, n, k] = [1e9, 1e3, 7];
    let naive = 0; // sum_i w_i sum_j (-1)^j C(i,j) (1 - j/m)^(kn), straightforward
    const w = distinctHitProbabilities(m, k);
    for (let i = 1; i <= k; i++) {
      let inner = 0;
      let binomial = 1;
      for (let j = 0; j <= i; j++) {
        inner += (j % 2 === 0 ? 1 : -1) * binomial * Math.pow(1 - j / m, k * n);
        binomial = (binomial * (i - j)) / (j + 1);
      }
      naive += w[i] * inner;
    }
    const truth = rationalDoubleSum(m, n, k);
    assert.ok(relativeError(naive, truth) > 1e-3, 'the naive evaluation should be badly wrong here');
    assert.ok(relativeError(exactFalsePositiveRate(m, n, k), truth) <= TOLERANCE);
  });

  it('agrees with Christensen\'s (eq. 7) and Grandi\'s (eq. 8) formulas as printed for moderate, loaded filters', () => {
    for (const [m, n, k] of [[8, 3, 2], [20, 10, 3], [30, 12, 4], [50, 40, 2], [12, 5, 5]] as const) {
      const truth = toNumber(setBitsDpFalsePositive(m, n, k));
      // As printed they cancel: a few digits are lost even where the filter is loaded.
      assertClose(christensenFalsePositiveRate(m, n, k), truth, 1e-8, `Christensen m=${m} n=${n} k=${k}`);
      assertClose(grandiFalsePositiveRate(m, n, k), truth, 1e-8, `Grandi m=${m} n=${n} k=${k}`);
      assertClose(exactFalsePositiveRate(m, n, k), truth, TOLERANCE, `exact m=${m} n=${n} k=${k}`);
    }
  });

  it('returns 0 for an empty filter and 1 for a one-bit filter', () => {
    assert.equal(exactFalsePositiveRate(1000, 0, 7), 0);
    assert.equal(exactFalsePositiveRate(1, 5, 7), 1);
    assert.equal(bloomFalsePositiveRate(1000, 0, 7), 0);
    assert.equal(partitionedFalsePositiveRate(1000, 0, 7), 0);
  });
});

describe('classic: the sandwich f_bloom < f_exact < f_partitioned (Fan et al. eq. 20)', () => {
  it('holds strictly for k >= 2 over a grid of sizes and loads', () => {
    for (const m of [50, 1000, 10_000, 1e6, 1e9]) {
      for (const bitsPerElement of [2, 5, 10, 20]) {
        for (const k of [2, 3, 7, 12, 30]) {
          if (k >= m) continue;
          const n = Math.max(1, Math.round(m / bitsPerElement));
          const bloom = bloomFalsePositiveRate(m, n, k);
          const exact = exactFalsePositiveRate(m, n, k);
          const upper = partitionedFalsePositiveRate(m, n, k);
          assert.ok(bloom < exact, `bloom < exact at m=${m} n=${n} k=${k}: ${bloom} vs ${exact}`);
          assert.ok(exact < upper, `exact < partitioned at m=${m} n=${n} k=${k}: ${exact} vs ${upper}`);
        }
      }
    }
  });

  it('collapses to equality at k = 1 (math-spec)', () => {
    for (const [m, n] of [[10, 3], [1000, 100], [1e9, 1e8]] as const) {
      const exact = exactFalsePositiveRate(m, n, 1);
      assertClose(bloomFalsePositiveRate(m, n, 1), exact, 1e-13, 'bloom');
      assertClose(partitionedFalsePositiveRate(m, n, 1), exact, 1e-13, 'partitioned');
    }
  });

  it('converges: the relative gap shrinks as m grows at fixed m/n (eq. 23)', () => {
    let previous = Infinity;
    for (const m of [1e3, 1e4, 1e5, 1e6, 1e7]) {
      const gap = partitionedFalsePositiveRate(m, m / 10, 7) / bloomFalsePositiveRate(m, m / 10, 7) - 1;
      assert.ok(gap < previous / 5, `gap ${gap} at m=${m}`);
      previous = gap;
    }
  });

  it('computes Bloom\'s formula accurately for huge m (log1p, not pow)', () => {
    // (1 - 1/m)^(kn) at m = 2^53 - 1: exact value via the series of ln(1 - x).
    const m = Number.MAX_SAFE_INTEGER;
    const n = 2 ** 49;
    const k = 7;
    const x = 1 / m;
    const lnZero = -k * n * (x + (x * x) / 2);
    const reference = Math.pow(-Math.expm1(lnZero), k);
    assertClose(bloomFalsePositiveRate(m, n, k), reference, 1e-14, 'bloom at 2^53');
  });
});

describe('classic: Bose\'s bounds error ratio and the paper\'s (Fig. 3-4)', () => {
  it('Bose\'s ratio exceeds the partitioned bound\'s ratio and converges more slowly (k = 7, m = 10n)', () => {
    let previousRatio = Infinity;
    for (const n of [1e3, 1e4, 1e5, 1e6]) {
      const bose = boseErrorRatio(10 * n, n, 7);
      const ours = partitionedErrorRatio(10 * n, n, 7);
      assert.ok(ours > 0 && bose > ours, `n=${n}: bose ${bose} vs ours ${ours}`);
      assert.ok(bose / ours > previousRatio * 0.99 || previousRatio === Infinity);
      previousRatio = bose / ours;
    }
  });

  it('grows with k at m = 10000, n = 1000 (Fig. 4), and the printed c = 1 gives a smaller ratio than the code\'s c = 2', () => {
    for (let k = 2; k <= 12; k++) {
      assert.ok(partitionedErrorRatio(10_000, 1000, k) > partitionedErrorRatio(10_000, 1000, k - 1));
      assert.ok(boseErrorRatio(10_000, 1000, k, 1) < boseErrorRatio(10_000, 1000, k, 2));
    }
  });
});

describe('classic: non-colliding and partitioned hashing', () => {
  it('equal brute-force enumeration for tiny filters (partitioned with and without k dividing m)', () => {
    const cases: [number, number, number, HashingModel][] = [
      [4, 2, 2, 'noncolliding'], [5, 3, 2, 'noncolliding'], [6, 2, 3, 'noncolliding'], [5, 1, 5, 'noncolliding'], [6, 4, 1, 'noncolliding'], [7, 2, 3, 'noncolliding'],
      [4, 2, 2, 'partitioned'], [6, 2, 3, 'partitioned'], [5, 3, 2, 'partitioned'], [7, 2, 3, 'partitioned'], [6, 3, 4, 'partitioned'], [3, 2, 3, 'partitioned'],
    ];
    for (const [m, n, k, hashing] of cases) {
      const truth = bruteForceFalsePositive(m, n, k, hashing);
      const exact = exactFalsePositiveRate(m, n, k, hashing);
      assert.ok(relativeError(exact, truth) <= TOLERANCE, `${hashing} m=${m} n=${n} k=${k}: ${exact} vs ${toNumber(truth)}`);
    }
  });

  it('partitioned: exactly eq. 19 when k divides m', () => {
    for (const [m, n, k] of [[1000, 100, 5], [7000, 1000, 7], [2 ** 40, 2 ** 36, 32]] as const) {
      assertClose(exactFalsePositiveRate(m, n, k, 'partitioned'), partitionedFalsePositiveRate(m, n, k), 1e-14, `m=${m}`);
    }
  });

  it('non-colliding: within 1e-12 of a fixed-point evaluation for large m and every load', () => {
    for (const m of [1000, 1e6, 1e9, 2 ** 45]) {
      for (const load of [1e-3, 0.1, 0.7, 2, 8]) {
        for (const k of [1, 3, 7, 20, 64]) {
          if (k > m) continue;
          const n = Math.max(1, Math.round((load * m) / k));
          const truth = fixedPointNoncolliding(m, n, k);
          if (toNumber(truth) < 1e-290) continue;
          const error = relativeError(exactFalsePositiveRate(m, n, k, 'noncolliding'), truth);
          assert.ok(error <= TOLERANCE, `m=${m} n=${n} k=${k}: relative error ${error}`);
        }
      }
    }
  });

  it('rejects k > m for the distinct-position models', () => {
    assert.throws(() => exactFalsePositiveRate(5, 1, 6, 'noncolliding'), RangeError);
    assert.throws(() => exactFalsePositiveRate(5, 1, 6, 'partitioned'), RangeError);
    assert.ok(exactFalsePositiveRate(5, 1, 6, 'colliding') > 0);
  });
});

describe('classic: optimal k', () => {
  it('entropy k* is slightly below Bloom\'s: 6.931125 vs 6.931472 at m = 1e4, n = 1e3 (math-spec)', () => {
    assert.equal(entropyOptimalK(10_000, 1000).toFixed(6), '6.931125');
    assert.equal(bloomOptimalK(10_000, 1000).toFixed(6), '6.931472');
    for (const [m, n] of [[1e3, 10], [1e6, 1e5], [1e9, 1e8]] as const) {
      const entropy = entropyOptimalK(m, n);
      const bloom = bloomOptimalK(m, n);
      assert.ok(entropy < bloom && (bloom - entropy) / bloom < 1 / m, `m=${m}`);
    }
  });

  it('the entropy k* is the real argmin of Bloom\'s eq. 2; Bloom\'s k* that of (1 - e^(-kn/m))^k', () => {
    const [m, n] = [200, 37];
    const kStar = entropyOptimalK(m, n);
    const delta = 1e-3;
    assert.ok(bloomFalsePositiveRate(m, n, kStar) < bloomFalsePositiveRate(m, n, kStar - delta));
    assert.ok(bloomFalsePositiveRate(m, n, kStar) < bloomFalsePositiveRate(m, n, kStar + delta));
    const approx = (k: number): number => Math.pow(1 - Math.exp((-k * n) / m), k);
    const bloomStar = bloomOptimalK(m, n);
    assert.ok(approx(bloomStar) < approx(bloomStar - delta) && approx(bloomStar) < approx(bloomStar + delta));
  });

  it('best integer k for m = 64, n = 1 is 34, not the formulas\' 44 (math-spec)', () => {
    const best = bestIntegerK(64, 1);
    assert.equal(best.k, 34);
    assert.equal(Math.round(entropyOptimalK(64, 1)), 44);
  });

  it('best integer k equals a full scan of k = 1..64 by the exact rate, for every hashing model', () => {
    for (const [m, n] of [[64, 1], [100, 3], [1000, 100], [10_000, 1000], [1e6, 5e4], [1e9, 1e6], [1e6, 10]] as const) {
      for (const hashing of ['colliding', 'noncolliding', 'partitioned'] as const) {
        let bestK = 1;
        let bestRate = Infinity;
        for (let k = 1; k <= Math.min(64, hashing === 'colliding' ? 64 : m); k++) {
          const rate = exactFalsePositiveRate(m, n, k, hashing);
          if (rate < bestRate) { bestRate = rate; bestK = k; }
        }
        const found = bestIntegerK(m, n, hashing);
        assert.equal(found.k, bestK, `${hashing} m=${m} n=${n}`);
        assert.equal(found.falsePositiveRate, bestRate);
      }
    }
  });

  it('best integer k is floor or ceil of the entropy k* for large n', () => {
    for (const [m, n] of [[1e4, 1e3], [1e6, 1e5], [3e7, 1e6], [1e9, 1e8]] as const) {
      const kStar = entropyOptimalK(m, n);
      const { k } = bestIntegerK(m, n);
      assert.ok(k === Math.floor(kStar) || k === Math.ceil(kStar), `m=${m} n=${n}: ${k} vs ${kStar}`);
    }
  });

  it('reports when the best k is at the limit of 64 hashes', () => {
    assert.equal(bestIntegerK(1e9, 10).atLimit, true);
    assert.equal(bestIntegerK(1e9, 10).k, 64);
    assert.equal(bestIntegerK(1e4, 1e3).atLimit, false);
  });
});

describe('classic: input validation', () => {
  it('throws RangeError for bad input instead of returning NaN', () => {
    const bad: (() => unknown)[] = [
      () => exactFalsePositiveRate(0, 1, 1), () => exactFalsePositiveRate(1.5, 1, 1), () => exactFalsePositiveRate(10, -1, 1),
      () => exactFalsePositiveRate(10, 1, 0), () => exactFalsePositiveRate(10, 1, 65), () => exactFalsePositiveRate(Number.NaN, 1, 1),
      () => exactFalsePositiveRate(2 ** 53, 1, 1), () => exactFalsePositiveRate(10, 1, 2, 'other' as HashingModel),
      () => bloomFalsePositiveRate(10, Number.NaN, 2), () => bloomFalsePositiveRate(10, 1, 0),
      () => partitionedFalsePositiveRate(10, 1, 0), () => bloomOptimalK(10, 0), () => entropyOptimalK(10, -1),
      () => christensenFalsePositiveRate(1e6, 1, 1), () => boseErrorRatio(10, 0, 2),
    ];
    for (const f of bad) assert.throws(f, RangeError);
  });
});
