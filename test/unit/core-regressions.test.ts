/**
 * Regressions from the core review: (1) the exact rates of very lightly loaded filters with many hashes
 * (kn/m ~ 1e-9 .. 1e-15, where plain inclusion-exclusion has no correct digit and the positive recipe's
 * factors underflow), and what is built on them (best k, sizing, the counting filter's correct rate);
 * (3) the N-bounded recycling sums at M = 1 and far past saturation. Truth: BigInt fixed point
 * (classic-truth.ts, 3000+ fractional bits) and independent direct sums.
 */
import * as assert from 'node:assert/strict';
import {
  bestIntegerK, exactFalsePositiveRate, exactLnFalsePositiveRate, HashingModel, maxElementsForBitsAndRate, sizeForElementsAndRate,
  textbookSize,
} from '../../src/core/classic';
import { countingCorrectRate } from '../../src/core/counting';
import { SeededRandom } from '../../src/core/random';
import { nBoundedRates, nBoundedSums, worstCaseRate } from '../../src/core/recycling';
import {
  fixedPointDoubleSum, fixedPointNoncolliding, fixedPower, Rational, relativeError, setBitsDpFalsePositive, toNumber,
} from './classic-truth';

const TOLERANCE = 1e-12;
/** Below this the double result may be subnormal: it must then only be "tiny". */
const REPRESENTABLE = 1e-300;
const MAX_M = Number.MAX_SAFE_INTEGER;

/** ln(num/den) of a positive rational, from the leading 60 bits of each. */
function lnRational(r: Rational): number {
  const bits = (x: bigint): number => x.toString(2).length;
  const shiftNum = Math.max(0, bits(r.num) - 60);
  const shiftDen = Math.max(0, bits(r.den) - 60);
  return Math.log(Number(r.num >> BigInt(shiftNum))) - Math.log(Number(r.den >> BigInt(shiftDen))) + (shiftNum - shiftDen) * Math.LN2;
}

/** The exact partitioned rate prod over the k slices of (1 - (1 - 1/s)^n), in fixed point. */
function fixedPointPartitioned(m: number, n: number, k: number, bits = 3000): Rational {
  const B = BigInt(bits);
  const one = 1n << B;
  let product = one;
  for (let l = 0; l < k; l++) {
    const s = BigInt(Math.floor(m / k) + (l < m % k ? 1 : 0));
    const setProbability = one - fixedPower(((s - 1n) << B) / s, BigInt(n), B);
    product = (product * setProbability) >> B;
  }
  return { num: product, den: one };
}

function truthFor(m: number, n: number, k: number, hashing: HashingModel, bits = 3000): Rational {
  if (hashing === 'colliding') return fixedPointDoubleSum(m, n, k, bits);
  if (hashing === 'noncolliding') return fixedPointNoncolliding(m, n, k, bits);
  return fixedPointPartitioned(m, n, k, bits);
}

/** Random (m, n, k) with log-uniform m in [1, 2^53), load kn/m log-uniform in [1e-15, 100], k in 1..64. */
function randomCases(seed: number, count: number, hashing: HashingModel): [number, number, number][] {
  const random = new SeededRandom(seed);
  const cases: [number, number, number][] = [];
  while (cases.length < count) {
    const m = Math.min(MAX_M, Math.max(1, Math.floor(2 ** (53 * random.nextDouble()))));
    const load = 10 ** (-15 + 17 * random.nextDouble());
    const k = 1 + random.nextInt(64);
    if (hashing !== 'colliding' && k > m) continue;
    const n = Math.min(MAX_M, Math.max(1, Math.round((load * m) / k)));
    cases.push([m, n, k]);
  }
  return cases;
}

/** Edge cases: the reported ones, extreme sizes, and m chosen so that the rate is near the edge of the double range. */
function edgeCases(hashing: HashingModel): [number, number, number][] {
  const cases: [number, number, number][] = [
    [2 ** 33, 1, 50], [2 ** 40, 1, 40], [MAX_M, 1, 1], [MAX_M, 1, 64], [MAX_M, 2, 7], [MAX_M, MAX_M, 64], [MAX_M, 2 ** 40, 50],
    [MAX_M, 140_737_488, 64], [MAX_M, 180_144, 50], [1, 1, 64], [2, 1, 64], [64, 1, 64], [65, 3, 64], [1e6, 1, 20], [1e12, 5, 33], [2 ** 47, 1000, 16], [2 ** 53 - 2 ** 20, 17, 5],
  ];
  // (kn/m)^k ~ 1e-290 and ~1e-310: the rate sits just inside / just outside the normal double range.
  for (const k of [10, 20, 33, 40, 50, 64]) {
    for (const n of [1, 3, 1000]) {
      for (const digits of [280, 295, 310]) cases.push([Math.min(MAX_M, Math.round(k * n * 10 ** (digits / k))), n, k]);
    }
  }
  return cases.filter(([m, , k]) => hashing === 'colliding' || k <= m);
}

/** Checks one case against the fixed-point truth; returns the relative error (undefined where the truth is below 1e-300). */
function checkCase(m: number, n: number, k: number, hashing: HashingModel): number | undefined {
  const label = `${hashing} m=${m} n=${n} k=${k}`;
  const truth = truthFor(m, n, k, hashing);
  const truthValue = toNumber(truth);
  const rate = exactFalsePositiveRate(m, n, k, hashing);
  assert.ok(rate >= 0 && rate <= 1, `${label}: ${rate}`);
  const lnRate = exactLnFalsePositiveRate(m, n, k, hashing);
  assert.ok(!Number.isNaN(lnRate) && lnRate <= 0, `${label}: ln ${lnRate}`);
  // Fixed-point truths far above the 2^-3000 resolution also check the logarithm (finite below 1e-308).
  const lnFinite = hashing !== 'noncolliding' || n === 1 || rate > 0; // see exactLnFalsePositiveRate's limitation
  if (truth.num > 1n << 200n && lnFinite) assert.ok(Math.abs(lnRate - lnRational(truth)) <= 1e-9 * Math.max(1, Math.abs(lnRational(truth))), `${label}: ln ${lnRate} vs ${lnRational(truth)}`);
  if (truthValue >= REPRESENTABLE) {
    const error = relativeError(rate, truth);
    assert.ok(error <= TOLERANCE, `${label}: ${rate} vs ${truthValue} (relative error ${error.toExponential(2)})`);
    return error;
  }
  assert.ok(rate <= REPRESENTABLE, `${label}: ${rate} but the exact rate is ${truthValue.toExponential(3)} (below 1e-300)`);
  return undefined;
}

describe('core regressions: exact rates of very lightly loaded filters (math-spec: 1e-12 for every m, load and k)', () => {
  it('colliding: the reported cases are astronomically small, not 0.037 and 1.8e-5', () => {
    // n = 1: the exact rate is E[(X/m)^k] with X <= k set bits, so at most (k/m)^k.
    for (const [m, k] of [[2 ** 33, 50], [2 ** 40, 40]] as const) {
      assert.ok(exactFalsePositiveRate(m, 1, k) <= (k / m) ** k + 1e-320, `m=${m} k=${k}: ${exactFalsePositiveRate(m, 1, k)}`);
      assert.ok(exactLnFalsePositiveRate(m, 1, k) <= k * Math.log(k / m) + 1e-9);
    }
  });

  it('colliding: equals exact BigInt enumeration of the set bits where that is feasible, light loads and k up to 64', () => {
    for (const [m, n, k] of [[1e4, 1, 64], [1e5, 1, 50], [3e5, 2, 40], [1e6, 1, 33], [1e7, 3, 20], [2 ** 30, 2, 16]] as const) {
      const truth = setBitsDpFalsePositive(m, n, k);
      assert.ok(relativeError(exactFalsePositiveRate(m, n, k), truth) <= TOLERANCE, `m=${m} n=${n} k=${k}`);
    }
  });

  for (const hashing of ['colliding', 'noncolliding', 'partitioned'] as const) {
    it(`${hashing}: within 1e-12 of fixed point (or tiny where it is below 1e-300) for random m < 2^53, loads 1e-15..100, k 1..64`, () => {
      let worst = 0;
      let representable = 0;
      const cases = [...edgeCases(hashing), ...randomCases(hashing === 'colliding' ? 11 : hashing === 'noncolliding' ? 12 : 13, 120, hashing)];
      for (const [m, n, k] of cases) {
        const error = checkCase(m, n, k, hashing);
        if (error === undefined) continue;
        worst = Math.max(worst, error);
        representable++;
      }
      assert.ok(representable >= 60, `only ${representable} representable cases`);
      assert.ok(worst < TOLERANCE);
    });
  }
});

describe('core regressions: saturated tiny filters', () => {
  it('m = 1 or 2 with a billion elements: rate 1 at once (a NaN in the conditioning estimate once sent this down an O(kn) loop)', () => {
    for (const k of [1, 6, 64]) {
      assert.equal(exactFalsePositiveRate(1, 1e9, k), 1);
      assert.ok(Math.abs(exactFalsePositiveRate(2, 1e9, k) - 1) < 1e-15);
    }
    // A loop over the elements would not finish within mocha's timeout at n = 1e12.
    for (let m = 1; m <= 3; m++) assert.ok(exactFalsePositiveRate(m, 1e12, 64) > 0.999);
  });
});

describe('core regressions: best k and sizing at the extremes', () => {
  it('best integer k is the argmin of the fixed-point exact rate over k = 1..64, also where every rate underflows', () => {
    const cases: [number, number, HashingModel][] = [
      [2 ** 40, 1, 'colliding'], [2 ** 33, 1, 'colliding'], [1e6, 1, 'colliding'], [64, 1, 'colliding'], [2 ** 40, 1, 'noncolliding'], [2 ** 40, 1, 'partitioned'],
      [1e4, 3, 'noncolliding'],
    ];
    for (const [m, n, hashing] of cases) {
      let bestK = 1;
      let bestNum = -1n;
      for (let k = 1; k <= Math.min(64, hashing === 'colliding' ? 64 : m); k++) {
        const { num } = truthFor(m, n, k, hashing, 4000); // common denominator 2^4000
        if (bestNum < 0n || num < bestNum) { bestNum = num; bestK = k; }
      }
      const found = bestIntegerK(m, n, hashing);
      assert.equal(found.k, bestK, `${hashing} m=${m} n=${n}`);
      assert.equal(found.falsePositiveRate, exactFalsePositiveRate(m, n, found.k, hashing));
      assert.equal(found.atLimit, found.k === 64);
    }
    assert.deepEqual(bestIntegerK(2 ** 40, 1), { k: 64, falsePositiveRate: 0, atLimit: true }); // was k = 62 with a rate of 1.4e-18
  });

  it('--m --p: huge filters hold about m ln^2 2 / ln(1/p) elements (was 0 at m = 2^33)', () => {
    for (const [m, p] of [[2 ** 33, 0.01], [2 ** 40, 1e-6], [MAX_M, 0.01], [2 ** 33, 1e-300]] as const) {
      const { n, k, falsePositiveRate } = maxElementsForBitsAndRate(m, p);
      assert.ok(n >= 1 && Number.isFinite(falsePositiveRate) && falsePositiveRate <= p, `m=${m} p=${p}: n=${n}`);
      assert.equal(exactFalsePositiveRate(m, n, k), falsePositiveRate);
      assert.ok(bestIntegerK(m, n + 1).falsePositiveRate > p, `m=${m} p=${p}: n + 1 also fits`);
      const estimate = (m * Math.LN2 * Math.LN2) / -Math.log(p);
      if (p >= 1e-6) assert.ok(Math.abs(n / estimate - 1) < 0.01, `m=${m} p=${p}: ${n} vs ${estimate}`);
    }
  });

  it('--n --p: tiny rates and single elements give finite, minimal sizes', () => {
    for (const [n, p] of [[1, 1e-300], [1, 1e-12], [3, 1e-200], [2 ** 40, 1e-12]] as const) {
      const { mBits, k, falsePositiveRate } = sizeForElementsAndRate(n, p);
      assert.ok(Number.isSafeInteger(mBits) && k >= 1 && k <= 64 && falsePositiveRate <= p, `n=${n} p=${p}`);
      assert.ok(bestIntegerK(mBits - 1, n).falsePositiveRate > p, `n=${n} p=${p}: m - 1 = ${mBits - 1} also reaches p`);
      if (n >= 1000) assert.ok(mBits < textbookSize(n, p).realMBits * 1.01);
    }
  });

  it('counting filter correct rate: finite, within [0, 1] and near 1 for huge lightly loaded filters (was 0.994 at m = 2^40, n = 2, k = 50)', () => {
    for (const [m, n, k] of [[2 ** 40, 2, 50], [MAX_M, 1, 64], [MAX_M, 2, 64], [MAX_M, 2 ** 40, 64], [2 ** 33, 1000, 64], [1, 5, 64], [2, 1, 1]] as const) {
      const rate = countingCorrectRate(m, n, k);
      for (const value of Object.values(rate)) assert.ok(Number.isFinite(value) && value >= 0 && value <= 1, `m=${m} n=${n} k=${k}: ${JSON.stringify(rate)}`);
      assert.ok(rate.exact <= rate.upper + 1e-15, `m=${m} n=${n} k=${k}`);
    }
    // n = 2 at m = 2^40: x is counted wrongly only if every counter it hits once is also hit by the other
    // element (probability about k/m per counter) or it hits no counter exactly once.
    assert.ok(countingCorrectRate(2 ** 40, 2, 50).exact > 1 - 1e-9);
    assert.ok(countingCorrectRate(MAX_M, 2, 64).exact > 1 - 1e-12);
  });
});

/** f_w(n) and x(n) = f_w/(1 - f_w) straight from eq. 1, with 1 - f_w = 1 - (1 - u)^k, u = (1 - 1/M)^(kn). */
function directTerms(mBits: number, k: number, n: number): { rate: number; odds: number } {
  if (n === 0) return { rate: 0, odds: 0 };
  const u = Math.exp(k * n * Math.log1p(-1 / mBits));
  const lnRate = k * (u > 0.5 ? Math.log(-Math.expm1(k * n * Math.log1p(-1 / mBits))) : Math.log1p(-u));
  const rate = Math.exp(lnRate);
  return { rate, odds: rate / -Math.expm1(lnRate) };
}

/** Kahan-summed sum_{n<count} of directTerms. */
function directSums(mBits: number, k: number, count: number): { sumRates: number; sumOdds: number } {
  let rates = 0, ratesC = 0, odds = 0, oddsC = 0;
  for (let n = 0; n < count; n++) {
    const { rate, odds: x } = directTerms(mBits, k, n);
    const y1 = rate - ratesC; const t1 = rates + y1; ratesC = (t1 - rates) - y1; rates = t1;
    const y2 = x - oddsC; const t2 = odds + y2; oddsC = (t2 - odds) - y2; odds = t2;
  }
  return { sumRates: rates, sumOdds: odds };
}

describe('core regressions: N-bounded recycling sums (eq. 1-3) at M = 1 and past saturation', () => {
  it('M = 1: f_w(0) = 0 and f_w(n) = 1 after, exactly; no NaN', () => {
    for (const k of [1, 3, 64]) {
      assert.deepEqual(nBoundedSums(1, k, 1), { sumRates: 0, sumOdds: 0 });
      for (const N of [2, 5, 1000, MAX_M]) {
        const sums = nBoundedSums(1, k, N);
        assert.equal(sums.sumRates, N - 1);
        assert.equal(sums.sumOdds, Infinity);
        const rates = nBoundedRates(1, k, N);
        assert.deepEqual(rates, { worstCase: 1, oracleAverage: (N - 1) / N, actualAverage: 1 });
      }
      assert.deepEqual(nBoundedRates(1, k, 1), { worstCase: 1, oracleAverage: 0, actualAverage: 0 });
    }
  });

  it('saturated tails in closed form equal the direct sums over every term (1e-12)', () => {
    // lambda N well past ln k + 40 but below the odds' overflow (lambda N < 700).
    for (const [M, k, N] of [[50, 1, 20_000], [50, 3, 5000], [200, 7, 15_000], [1000, 3, 100_000], [2, 1, 700], [3, 64, 25], [500, 3, 30_000], [5000, 2, 80_000]] as const) {
      const fast = nBoundedSums(M, k, N);
      const direct = directSums(M, k, N);
      assert.ok(Math.abs(fast.sumRates / direct.sumRates - 1) <= 1e-12, `rates M=${M} k=${k} N=${N}: ${fast.sumRates} vs ${direct.sumRates}`);
      assert.ok(Math.abs(fast.sumOdds / direct.sumOdds - 1) <= 1e-12, `odds M=${M} k=${k} N=${N}: ${fast.sumOdds} vs ${direct.sumOdds}`);
    }
  });

  it('any N up to 2^53: finite rates in [0, 1], f_o <= f_a <= f_w, and f_o = 1 - sum(1 - f_w)/N past saturation', () => {
    for (const M of [1, 2, 10, 1000, 1e6, 2 ** 40, MAX_M]) {
      for (const k of [1, 7, 64, 1000]) {
        for (const N of [1, 2, 4097, 1e5, 1e12, MAX_M]) {
          const r = nBoundedRates(M, k, N);
          for (const value of Object.values(r)) assert.ok(Number.isFinite(value) && value >= 0 && value <= 1, `M=${M} k=${k} N=${N}: ${JSON.stringify(r)}`);
          assert.ok(r.oracleAverage <= r.actualAverage + 1e-15 && r.actualAverage <= r.worstCase + 1e-15, `M=${M} k=${k} N=${N}: ${JSON.stringify(r)}`);
        }
      }
    }
    // 1 - f_o(N) = (1/N) sum_{n<N} (1 - f_w(n)), and the sum converges: sum it until its terms vanish.
    for (const [M, k] of [[1e6, 7], [1000, 1], [1e4, 30]] as const) {
      let deficit = 0;
      for (let n = 0; ; n++) {
        const missing = n === 0 ? 1 : -Math.expm1(k * Math.log1p(-Math.exp(k * n * Math.log1p(-1 / M))));
        deficit += missing;
        if (missing < 1e-300) break;
      }
      const N = MAX_M;
      assert.ok(Math.abs(nBoundedRates(M, k, N).oracleAverage - (1 - deficit / N)) <= 2e-16, `M=${M} k=${k}`);
      assert.equal(nBoundedRates(M, k, N).worstCase, worstCaseRate(M, k, N));
    }
  });
});
