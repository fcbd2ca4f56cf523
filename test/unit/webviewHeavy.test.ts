import * as assert from 'node:assert/strict';
import { bloomFalsePositiveRate } from '../../src/core/classic';
import { sigmaBoundedExact } from '../../src/core/recycling';
import { capacitiesByModel, runSimulation, sigmaCapacity, simulationChartData, stationaryChartData, worstCaseCapacity } from '../../webview/heavy';

describe('webview worker computations (recycling charts, simulation)', () => {
  it('worst-case capacity is the largest N with f_w(N) <= target', () => {
    for (const [M, k, eps] of [[1000, 3, 0.01], [100000, 7, 0.001]] as const) {
      const N = worstCaseCapacity(M, k, eps);
      assert.ok(bloomFalsePositiveRate(M, N, k) <= eps);
      assert.ok(bloomFalsePositiveRate(M, N + 1, k) > eps);
    }
  });

  it('sigma capacity (exact chain): sigma* is the last sigma within the target', () => {
    const M = 2000, k = 4, eps = 0.01;
    const c = sigmaCapacity(M, k, 'colliding', false, 1, eps)!;
    const at = sigmaBoundedExact({ mBits: M, k, hashing: 'colliding', sigmaBits: c.sigmaBits, retain: false, phases: 1 });
    const above = sigmaBoundedExact({ mBits: M, k, hashing: 'colliding', sigmaBits: c.sigmaBits + 1, retain: false, phases: 1 });
    assert.ok(at.falsePositiveRate <= eps && above.falsePositiveRate > eps);
    assert.equal(c.messages, at.expectedMessagesPerCycle);
  });

  it('reproduces the spec\'s headline ratios at M = 1e5 (recycling-spec.md: C_w/C_1 = 0.671 at 0.01, one/two-phase ~ 3.07)', () => {
    const models = capacitiesByModel(100000, 'colliding', false, 0.01);
    const worst = models[0].messages!;
    const one = models[3].messages!;
    const two = models[4].messages!;
    assert.ok(Math.abs(worst / one - 0.671) < 0.002, String(worst / one));
    assert.ok(Math.abs(one / two - 3.07) < 0.03, String(one / two));
    assert.ok(models[1].missing && models[2].missing, 'f_o / f_a are flagged as missing from the core');
  });

  it('the stationary distribution chart holds all the probability mass', () => {
    const chart = stationaryChartData(5000, 3, 'colliding', 2500, false);
    const total = chart.series[0].points.reduce((a, p) => a + p.y, 0);
    assert.ok(Math.abs(total - 1) < 1e-9, String(total));
    assert.ok(chart.series[0].points.length <= 120);
  });

  it('simulation: progress reaches 1, the model lies inside most 99% intervals, and cancellation stops it', async () => {
    const progress: number[] = [];
    const request = { mBits: 2000, n: 200, k: 4, hashing: 'colliding' as const, filtersPerPoint: 200, seed: 7 };
    const points = await runSimulation(request, (f) => progress.push(f), () => false, async () => undefined);
    assert.ok(points && points.length === 5);
    assert.equal(progress.at(-1), 1);
    const inside = points.filter((p) => p.model >= p.lower && p.model <= p.upper).length;
    assert.ok(inside >= 4, `model inside ${inside} of 5 intervals`);
    assert.match(simulationChartData(points, request).summary, /inside the 99% interval/);
    let calls = 0;
    const cancelled = await runSimulation({ ...request, n: 2000, filtersPerPoint: 2000 }, () => undefined, () => ++calls > 2, async () => undefined);
    assert.equal(cancelled, undefined);
  });
});
