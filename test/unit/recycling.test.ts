import * as assert from 'node:assert/strict';
import {
  continuumErrorBound, continuumSums, kOneClosedForm, memoryForCapacity, nBoundedRates, nBoundedSums, recyclingCapacity,
  RecyclingHashing, sigmaBoundedContinuum, sigmaBoundedExact, sigmaBoundedRates, sigmaCurves, stationaryDistribution,
  TransitionRows, visitPass, worstCaseCapacity, worstCaseRate, averageCapacity, harmonicDifference,
} from '../../src/core/recyclingCapacity';

const HASHINGS: readonly RecyclingHashing[] = ['colliding', 'noncolliding'];

// ---- independent formulation: the spec's closed forms in exact BigInt arithmetic --------------------------
function choose(n: number, r: number): bigint {
  if (r < 0 || r > n) return 0n;
  let result = 1n;
  for (let t = 0; t < r; t++) result = (result * BigInt(n - t)) / BigInt(t + 1);
  return result;
}

/** T(i, i+d) from recycling-spec.md's closed forms, exactly, then rounded once to double. */
function exactTransition(M: number, k: number, hashing: RecyclingHashing, i: number, d: number): number {
  if (i + d > M) return 0;
  if (hashing === 'colliding') {
    let sum = 0n;
    for (let r = 0; r <= d; r++) {
      const term = choose(d, r) * BigInt(i + d - r) ** BigInt(k);
      sum += r % 2 === 0 ? term : -term;
    }
    const numerator = choose(M - i, d) * sum;
    const denominator = BigInt(M) ** BigInt(k);
    return ratio(numerator, denominator);
  }
  return ratio(choose(M - i, d) * choose(i, k - d), choose(M, k));
}

function ratio(numerator: bigint, denominator: bigint): number {
  // scale so that both fit doubles without losing relative precision
  const scale = 10n ** 30n;
  return Number((numerator * scale) / denominator) / 1e30;
}

/** The literal chain of recycling-spec.md (P built entry by entry), solved densely by Gaussian elimination. */
function denseChain(M: number, k: number, sigma: number, hashing: RecyclingHashing, retain: boolean) {
  const n = sigma + 1;
  const T = (i: number, j: number): number => (j < i || j > i + k ? 0 : exactTransition(M, k, hashing, i, j - i));
  const overflow = (i: number): number => { let s = 0; for (let j = sigma + 1; j <= i + k; j++) s += T(i, j); return s; };
  const P = Array.from({ length: n }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    for (let j = i; j <= sigma; j++) P[i][j] += T(i, j);
    const R = overflow(i);
    if (retain) for (let j = 1; j <= sigma; j++) P[i][j] += R * T(0, j);
    else P[i][0] += R;
  }
  // pi (P - I) = 0, sum pi = 1: A x = b with A = (P - I)^T and the last equation replaced by the normalisation.
  const A = Array.from({ length: n }, (_, r) => Float64Array.from({ length: n + 1 }, (_, c) => (c === n ? (r === n - 1 ? 1 : 0) : r === n - 1 ? 1 : P[c][r] - (r === c ? 1 : 0))));
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(A[r][col]) > Math.abs(A[pivot][col])) pivot = r;
    [A[col], A[pivot]] = [A[pivot], A[col]];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const factor = A[r][col] / A[col][col];
      if (factor !== 0) for (let c = col; c <= n; c++) A[r][c] -= factor * A[col][c];
    }
  }
  const pi = A.map((row, r) => row[n] / row[r]);
  let f = 0, recycleRate = 0, frozen = 0;
  for (let i = 0; i < n; i++) {
    const rho = T(i, i);
    const R = overflow(i);
    f += pi[i] * rho;
    recycleRate += pi[i] * R;
    frozen += pi[i] * R * rho;
  }
  return { pi, falsePositiveRate: f, arrivalsPerCycle: 1 / recycleRate, frozenFalsePositive: frozen / recycleRate };
}

const relative = (a: number, b: number): number => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

describe('recycling: transition rows', () => {
  it('equal the closed forms of recycling-spec.md (exact BigInt) and sum to 1', () => {
    for (const hashing of HASHINGS) {
      for (const [M, k] of [[20, 3], [37, 6], [12, 12]] as const) {
        const rows = new TransitionRows({ mBits: M, k, hashing });
        const row = new Float64Array(k + 1);
        for (let i = 0; i < M; i++) {
          rows.row(i, row);
          let sum = 0;
          for (let d = 0; d <= k; d++) {
            const expected = exactTransition(M, k, hashing, i, d);
            assert.ok(Math.abs(row[d] - expected) <= 1e-14 * Math.max(expected, 1e-30) + 1e-300, `${hashing} M=${M} k=${k} T(${i},${i + d}) ${row[d]} vs ${expected}`);
            sum += row[d];
          }
          assert.ok(Math.abs(sum - 1) < 1e-14, `row ${i} sums to ${sum}`);
          assert.ok(relative(rows.falsePositive(i), exactTransition(M, k, hashing, i, 0)) < 1e-14 || i < k);
        }
      }
    }
  });
});

describe('recycling: the one pass against the dense literal chain', () => {
  for (const hashing of HASHINGS) {
    for (const retain of [false, true]) {
      it(`${hashing}, ${retain ? 'retaining' : 'non-retaining'}: f1, f2, E[N_0] and pi agree to 1e-12 (M <= 60)`, () => {
        for (const [M, k, sigma] of [[10, 2, 6], [30, 3, 20], [60, 5, 41], [60, 1, 59], [40, 7, 7], [50, 4, 49]] as const) {
          const dense = denseChain(M, k, sigma, hashing, retain);
          const one = sigmaBoundedExact({ mBits: M, k, sigmaBits: sigma, hashing, retain, phases: 1 });
          const two = sigmaBoundedExact({ mBits: M, k, sigmaBits: sigma, hashing, retain, phases: 2 });
          const where = `M=${M} k=${k} sigma=${sigma}`;
          assert.ok(relative(one.falsePositiveRate, dense.falsePositiveRate) < 1e-12, `${where}: f1 ${one.falsePositiveRate} vs ${dense.falsePositiveRate}`);
          assert.ok(relative(one.arrivalsPerCycle, dense.arrivalsPerCycle) < 1e-12, `${where}: arrivals ${one.arrivalsPerCycle} vs ${dense.arrivalsPerCycle}`);
          assert.equal(one.expectedMessagesPerCycle, retain ? one.arrivalsPerCycle + 1 : one.arrivalsPerCycle);
          assert.ok(relative(two.frozenFalsePositiveRate, dense.frozenFalsePositive) < 1e-12, `${where}: frozen`);
          const f2 = dense.falsePositiveRate + dense.frozenFalsePositive - dense.falsePositiveRate * dense.frozenFalsePositive;
          assert.ok(relative(two.falsePositiveRate, f2) < 1e-12, `${where}: f2`);
          const pi = stationaryDistribution({ mBits: M, k, hashing, sigmaBits: sigma, retain });
          for (let i = 0; i <= sigma; i++) assert.ok(Math.abs(pi[i] - dense.pi[i]) < 1e-12, `${where}: pi_${i}`);
        }
      });
    }
  }

  it('flow balance: the frozen distribution sums to 1 even at M = 1e5 (no drift over the pass)', () => {
    const pass = visitPass({ mBits: 100_000, k: 7, hashing: 'colliding' }, 99_999, { twoPhase: true });
    for (const sigma of [7, 1000, 50_000, 99_999]) assert.ok(Math.abs(pass.frozenMass![sigma] - 1) < 1e-12, `sigma=${sigma}: ${pass.frozenMass![sigma]}`);
  });

  it('the k = 1 closed form (eq. 19) equals the chain', () => {
    for (const [M, sigma] of [[10, 1], [100, 60], [1000, 999], [5000, 2500]] as const) {
      for (const hashing of HASHINGS) {
        const chain = sigmaBoundedExact({ mBits: M, k: 1, sigmaBits: sigma, hashing, retain: false, phases: 1 }).falsePositiveRate;
        assert.ok(relative(chain, kOneClosedForm(M, sigma)) < 1e-12, `M=${M} sigma=${sigma}`);
      }
    }
  });

  it('f_sigma^1 increases strictly with sigma; E[N_0] depends only on the hashing type', () => {
    const curves = sigmaCurves({ mBits: 2000, k: 5, hashing: 'colliding', maxSigma: 1999, retain: false, phases: 1 });
    for (let n = 1; n < curves.sigmas.length; n++) assert.ok(curves.falsePositiveRate[n] > curves.falsePositiveRate[n - 1]);
    const retaining = sigmaBoundedExact({ mBits: 2000, k: 5, sigmaBits: 1200, hashing: 'colliding', retain: true, phases: 1 });
    const dropping = sigmaBoundedExact({ mBits: 2000, k: 5, sigmaBits: 1200, hashing: 'colliding', retain: false, phases: 1 });
    assert.equal(retaining.expectedMessagesPerCycle, dropping.expectedMessagesPerCycle);
    assert.ok(retaining.falsePositiveRate > dropping.falsePositiveRate);
  });

  it('the four variants agree closely for M > 1000 (paper, Section VI-A)', () => {
    for (const phases of [1, 2] as const) {
      const rates = HASHINGS.flatMap((hashing) => [false, true].map((retain) =>
        sigmaBoundedExact({ mBits: 10_000, k: 5, sigmaBits: 6000, hashing, retain, phases }).falsePositiveRate));
      const spread = (Math.max(...rates) - Math.min(...rates)) / Math.min(...rates);
      assert.ok(spread < 0.003, `phases=${phases}: spread ${spread}`);
    }
  });

  it('two phases, colliding: the exact intersection is slightly below eq. 26 and equal for non-colliding', () => {
    const colliding = sigmaBoundedExact({ mBits: 200, k: 3, sigmaBits: 120, hashing: 'colliding', retain: false, phases: 2 });
    assert.ok(colliding.falsePositiveRateExactIntersection! < colliding.falsePositiveRate);
    assert.ok(relative(colliding.falsePositiveRateExactIntersection!, colliding.falsePositiveRate) < 0.02);
    const noncolliding = sigmaBoundedExact({ mBits: 200, k: 3, sigmaBits: 120, hashing: 'noncolliding', retain: false, phases: 2 });
    assert.equal(noncolliding.falsePositiveRateExactIntersection, noncolliding.falsePositiveRate);
  });

  it('rejects bad input with RangeError (never NaN)', () => {
    assert.throws(() => sigmaBoundedExact({ mBits: 100, k: 5, sigmaBits: 100, hashing: 'colliding', retain: false, phases: 1 }), RangeError);
    assert.throws(() => sigmaBoundedExact({ mBits: 100, k: 5, sigmaBits: 4, hashing: 'colliding', retain: false, phases: 1 }), RangeError);
    assert.throws(() => sigmaBoundedExact({ mBits: 100, k: 0, sigmaBits: 50, hashing: 'colliding', retain: false, phases: 1 }), RangeError);
    assert.throws(() => nBoundedRates(100, 3, 0), RangeError);
    assert.throws(() => recyclingCapacity({ memoryBits: 1000, targetRate: 1 }), RangeError);
  });
});

describe('recycling: continuum model (leading 1/M term removed)', () => {
  it('harmonic differences are exact to 1e-15', () => {
    for (const [a, b] of [[1000, 0], [1e6, 10], [2 ** 40, 2 ** 39], [5000, 4900]] as const) {
      let direct = 0;
      if (a - b < 2e6) { for (let n = a; n > b; n--) direct += 1 / n; assert.ok(relative(harmonicDifference(a, b), direct) < 1e-13); }
      else assert.ok(relative(harmonicDifference(a, b), Math.log(2)) < 1e-12);
    }
  });

  it('is within its stated bound of the exact pass (M = 1e4 .. 2^40, k = 2 .. 20), and < 1e-6 for M >= 1e6', () => {
    let worstRatio = 0;
    for (const hashing of HASHINGS) {
      for (const M of [1e4, 1e5, 1e9, 2 ** 40]) {
        for (const k of [2, 3, 7, 12, 20]) {
          const top = Math.min(M - 1, 200_000);
          const pass = visitPass({ mBits: M, k, hashing }, top);
          const sigmas = [0.05, 0.3, 0.6, 0.9, 0.999].map((x) => Math.round(x * M)).concat([1, 10, 100, 1000].map((r) => Math.round(Math.sqrt(r * M))))
            .filter((s) => s >= k && s <= top);
          for (const sigma of sigmas) {
            const L = pass.cumulativeVisits[sigma];
            const S = pass.cumulativeFalsePositives[sigma];
            const c = continuumSums({ mBits: M, k, hashing }, sigma);
            const bound = continuumErrorBound(M, k, sigma);
            const errorF = relative(c.cumulativeFalsePositives / c.cumulativeVisits, S / L);
            const errorL = relative(c.cumulativeVisits, L);
            worstRatio = Math.max(worstRatio, errorF / bound, errorL / bound);
            assert.ok(errorF <= bound && errorL <= bound, `${hashing} M=${M} k=${k} sigma=${sigma}: errors ${errorF}, ${errorL} > bound ${bound}`);
          }
        }
      }
    }
    assert.ok(worstRatio > 0);
  });

  it('removes the plain limit error (k-1) c(x)/M, c(x) = 1/(2 ln(1/(1-x))) (spec: c(0.6) = 0.546)', () => {
    const M = 1e5, k = 7;
    const pass = visitPass({ mBits: M, k, hashing: 'colliding' }, M - 1);
    for (const [x, c] of [[0.2, 2.241], [0.6, 0.546], [0.95, 0.167]] as const) {
      const sigma = Math.round(x * M);
      const exact = pass.cumulativeFalsePositives[sigma] / pass.cumulativeVisits[sigma];
      const sums = continuumSums({ mBits: M, k, hashing: 'colliding' }, sigma);
      const plainError = (sums.plainCumulativeFalsePositives / sums.plainCumulativeVisits) / exact - 1;
      assert.ok(Math.abs(plainError * M / (k - 1) - c) < 0.002, `x=${x}: ${plainError * M / (k - 1)}`);
      assert.ok(Math.abs(1 / (2 * Math.log(1 / (1 - x))) - c) < 0.001);
      assert.ok(relative(sums.cumulativeFalsePositives / sums.cumulativeVisits, exact) < 1e-10);
    }
  });

  it('one and two phases, all variants: continuum vs exact at M = 1e6, k = 7, sigma = 0.6M below 1e-6', () => {
    for (const hashing of HASHINGS) for (const retain of [false, true]) for (const phases of [1, 2] as const) {
      const params = { mBits: 1_000_000, k: 7, sigmaBits: 600_000, hashing, retain, phases };
      const exact = sigmaBoundedExact(params);
      const approx = sigmaBoundedContinuum(params);
      assert.equal(approx.model, 'approximate');
      assert.ok(approx.relativeErrorBound < 1e-6);
      assert.ok(relative(approx.falsePositiveRate, exact.falsePositiveRate) < 1e-6);
      assert.ok(relative(approx.expectedMessagesPerCycle, exact.expectedMessagesPerCycle) < 1e-6);
    }
  });

  it('auto picks the exact pass when cheap and the continuum otherwise; handles M = 2^40', () => {
    assert.equal(sigmaBoundedRates({ mBits: 1e5, k: 7, sigmaBits: 60_000, hashing: 'colliding', retain: false, phases: 1 }).model, 'exact');
    const big = sigmaBoundedRates({ mBits: 2 ** 40, k: 7, sigmaBits: 2 ** 39, hashing: 'noncolliding', retain: true, phases: 2 });
    assert.equal(big.model, 'approximate');
    assert.ok(big.falsePositiveRate > 0 && big.falsePositiveRate < 1 && Number.isFinite(big.expectedMessagesPerCycle));
  });
});

describe('recycling: N-bounded rates (eq. 1-3)', () => {
  it('f_o <= f_a <= f_w, and eq. 1 is the FP after N insertions', () => {
    for (const [M, k, N] of [[1000, 5, 150], [100, 3, 10], [1e6, 7, 100_000], [1e9, 7, 1e8]] as const) {
      const r = nBoundedRates(M, k, N);
      assert.ok(r.oracleAverage <= r.actualAverage && r.actualAverage <= r.worstCase, `M=${M}`);
      // the plain formula loses about kN ulps in (1-1/M)^(kN): compare loosely where it is still meaningful
      assert.ok(relative(r.worstCase, Math.pow(1 - Math.pow(1 - 1 / M, k * N), k)) < 1e-16 * k * N * 10);
    }
  });

  it('the Euler-Maclaurin sums equal the direct sums', () => {
    for (const [M, k, N] of [[1e6, 7, 100_000], [1e7, 3, 4097], [1e6, 12, 300_000]] as const) {
      const fast = nBoundedSums(M, k, N);
      const direct = nBoundedSums(M, k, N, true);
      assert.ok(relative(fast.sumRates, direct.sumRates) < 1e-10, `rates ${fast.sumRates} vs ${direct.sumRates}`);
      assert.ok(relative(fast.sumOdds, direct.sumOdds) < 1e-10, `odds ${fast.sumOdds} vs ${direct.sumOdds}`);
    }
  });
});

describe('recycling: capacities (paper Section V)', () => {
  it('worst-case capacity is the largest N with f_w(N) <= eps (brute force)', () => {
    for (const [M, k, eps] of [[1000, 3, 0.01], [5000, 7, 0.001], [100, 1, 0.2]] as const) {
      let n = 0;
      while (worstCaseRate(M, k, n + 1) <= eps) n++;
      assert.equal(worstCaseCapacity(M, k, eps), n);
    }
  });

  it('oracle and average capacities are the largest N with f <= eps (brute force)', () => {
    const M = 2000, k = 5, eps = 0.01;
    for (const kind of ['oracle', 'average'] as const) {
      const C = averageCapacity(M, k, eps, kind);
      const at = (N: number): number => { const r = nBoundedRates(M, k, N); return kind === 'oracle' ? r.oracleAverage : r.actualAverage; };
      assert.ok(at(C) <= eps && at(C + 1) > eps, kind);
    }
  });

  it('the best sigma is the largest with f <= eps, at the best k (ties to the smaller k)', () => {
    const result = recyclingCapacity({ memoryBits: 5000, targetRate: 0.01 });
    const { k, sigma, messages } = result.sigmaBounded;
    const base = { mBits: 5000, k, hashing: 'colliding' as const, retain: false, phases: 1 as const };
    assert.ok(sigmaBoundedExact({ ...base, sigmaBits: sigma }).falsePositiveRate <= 0.01);
    assert.ok(sigmaBoundedExact({ ...base, sigmaBits: sigma + 1 }).falsePositiveRate > 0.01);
    assert.equal(messages, sigmaBoundedExact({ ...base, sigmaBits: sigma }).expectedMessagesPerCycle);
    for (let other = 1; other <= 16; other++) {
      const curves = sigmaCurves({ mBits: 5000, k: other, hashing: 'colliding', maxSigma: 4999, retain: false, phases: 1 });
      let best = 0;
      for (let n = 0; n < curves.sigmas.length; n++) if (curves.falsePositiveRate[n] <= 0.01) best = curves.expectedMessagesPerCycle[n];
      assert.ok(other < k ? best < messages : best <= messages, `k=${other}: ${best} vs ${messages}`);
    }
  });

  it("reproduces the paper's headline: worst case ~2/3 (eps 0.01) and ~0.73 (0.001) of sigma-bounded; fa ~0.995; one/two phase ~3.07 and ~2.79", () => {
    for (const M of [1e4, 1e5]) {
      const at01 = recyclingCapacity({ memoryBits: M, targetRate: 0.01 });
      const at001 = recyclingCapacity({ memoryBits: M, targetRate: 0.001 });
      const r = (a: number, b: number): number => a / b;
      assert.ok(Math.abs(r(at01.worstCase.messages, at01.sigmaBounded.messages) - 0.671) < 0.005);
      assert.ok(Math.abs(r(at001.worstCase.messages, at001.sigmaBounded.messages) - 0.728) < 0.005);
      assert.ok(Math.abs(r(at01.average.messages, at01.sigmaBounded.messages) - 0.995) < 0.005);
      assert.ok(Math.abs(r(at01.sigmaBounded.messages, at01.twoPhase.messages) - 3.07) < 0.02);
      assert.ok(Math.abs(r(at001.sigmaBounded.messages, at001.twoPhase.messages) - 2.79) < 0.02);
      // the paper's order: sigma-bounded >= f_o >= f_a > f_w
      assert.ok(at01.sigmaBounded.messages >= at01.oracle.messages - 1 && at01.oracle.messages >= at01.average.messages && at01.average.messages > at01.worstCase.messages);
    }
  });

  it('the continuum capacity equals the exact one at M = 2e5', () => {
    const exact = recyclingCapacity({ memoryBits: 200_000, targetRate: 0.005, model: 'exact' });
    const approx = recyclingCapacity({ memoryBits: 200_000, targetRate: 0.005, model: 'approximate' });
    assert.equal(approx.model, 'approximate');
    for (const key of ['sigmaBounded', 'twoPhase'] as const) {
      assert.equal(approx[key].k, exact[key].k);
      assert.ok(Math.abs(approx[key].sigma - exact[key].sigma) <= 1);
      assert.ok(relative(approx[key].messages, exact[key].messages) < 1e-5);
    }
  });

  it('the reverse finds the smallest memory that holds the messages', () => {
    for (const kind of ['worstCase', 'sigmaBounded', 'twoPhase'] as const) {
      const r = memoryForCapacity({ targetRate: 0.01, messagesPerCycle: 500, kind });
      const at = (M: number): number => recyclingCapacity({ memoryBits: M, targetRate: 0.01 })[kind].messages;
      assert.ok(at(r.memoryBits) >= 500, `${kind} at ${r.memoryBits}`);
      assert.ok(at(r.memoryBits - 1) < 500, `${kind} at ${r.memoryBits - 1}`);
    }
  });
});
