import * as assert from 'node:assert/strict';
import { bloomFalsePositiveRate } from '../../src/core/classic';
import { capacitiesByModel, recyclingAnalysis, runSimulation, simulationChartData, stationaryChartData } from '../../webview/heavy';

describe('webview worker computations (recycling charts, simulation)', () => {
  it('capacities by model come from the core and reproduce the spec\'s headline ratios at M = 1e5 (C_w/C_1 = 0.671 at 0.01; one/two-phase ~ 3.07)', () => {
    const { capacities } = capacitiesByModel(100000, 'colliding', false, 0.01);
    const [worst, oracle, average, one, two] = capacities.map((c) => c.messages);
    assert.ok(Math.abs(worst / one - 0.671) < 0.002, String(worst / one));
    assert.ok(Math.abs(one / two - 3.07) < 0.03, String(one / two));
    assert.ok(oracle >= worst && average >= worst, 'average-case N-bounded sizing admits at least the worst case');
    assert.ok(Math.abs(average / one - 0.995) < 0.01, String(average / one));
  });

  it('the analysis for an N-bounded design gives f_w >= f_o and f_a, and the charts\' text alternatives', () => {
    const result = recyclingAnalysis({ mBits: 20000, k: 4, n: 2000, hashing: 'colliding', recycling: 'n-bounded', retain: false, phases: 1, target: 0.01 });
    const nb = result.nBounded!;
    assert.ok(Math.abs(nb.worstCase / bloomFalsePositiveRate(20000, 2000, 4) - 1) < 1e-12, "f_w is Bloom's formula (eq. 1)");
    assert.ok(nb.oracleAverage < nb.worstCase && nb.actualAverage < nb.worstCase);
    assert.equal(result.capacityChart.categories!.length, 5);
    assert.match(result.capacityChart.summary, /Worst-case sizing holds/);
    assert.equal(result.phasesChart.series[0].points.length, 6);
    assert.equal(result.stationaryChart, undefined);
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
