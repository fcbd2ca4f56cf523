import * as assert from 'node:assert/strict';
import { nBoundedRates, RecyclingHashing, sigmaBoundedExact } from '../../src/core/recycling';
import { simulateRecycling } from '../../src/core/simulateRecycling';

// Each case has its own fixed seed; the models must fall inside the simulator's 99% confidence intervals.
describe('recycling: models against the seeded simulator (99% confidence intervals)', () => {
  let seed = 1000;
  for (const M of [100, 1000, 5000]) {
    for (const hashing of ['colliding', 'noncolliding'] as RecyclingHashing[]) {
      for (const retain of [false, true]) {
        for (const phases of [1, 2] as const) {
          const caseSeed = seed++;
          it(`M=${M} ${hashing} ${retain ? 'retaining' : 'non-retaining'} ${phases} phase(s): f_sigma and E[N_0]`, () => {
            const k = 4;
            const sigma = Math.round(0.6 * M);
            const model = sigmaBoundedExact({ mBits: M, k, sigmaBits: sigma, hashing, retain, phases });
            const sim = simulateRecycling({ mBits: M, k, hashing, mode: { kind: 'sigma', sigmaBits: sigma, retain, phases }, cycles: Math.round(250_000 / model.expectedMessagesPerCycle), seed: caseSeed });
            // colliding two-phase: the exact-intersection value is the true average (eq. 26 is very slightly high)
            const rate = model.falsePositiveRateExactIntersection ?? model.falsePositiveRate;
            const f = sim.falsePositiveRate;
            assert.ok(f.lower <= rate && rate <= f.upper, `f: model ${rate} outside [${f.lower}, ${f.upper}]`);
            const m = sim.expectedMessagesPerCycle;
            assert.ok(m.lower <= model.expectedMessagesPerCycle && model.expectedMessagesPerCycle <= m.upper, `E[N_0]: ${model.expectedMessagesPerCycle} outside [${m.lower}, ${m.upper}]`);
          });
        }
      }
    }
  }

  it('N-bounded: f_o <= f_a <= simulated average (upper 99% bound), below the worst case', () => {
    for (const [M, k, N, caseSeed] of [[100, 3, 12, 7], [1000, 5, 150, 8], [5000, 4, 900, 9]] as const) {
      const rates = nBoundedRates(M, k, N);
      const sim = simulateRecycling({ mBits: M, k, hashing: 'colliding', mode: { kind: 'n', messagesPerCycle: N }, cycles: Math.round(300_000 / N), seed: caseSeed });
      assert.ok(rates.oracleAverage <= rates.actualAverage, `M=${M}`);
      assert.ok(rates.actualAverage <= sim.falsePositiveRate.upper, `M=${M}: fa ${rates.actualAverage} vs ${JSON.stringify(sim.falsePositiveRate)}`);
      assert.ok(sim.falsePositiveRate.upper < rates.worstCase, `M=${M}: the average is below the worst case`);
    }
  });

  it('is deterministic for a seed', () => {
    const run = () => simulateRecycling({ mBits: 300, k: 3, hashing: 'colliding', mode: { kind: 'sigma', sigmaBits: 200, retain: false, phases: 2 }, cycles: 50, seed: 42 });
    assert.deepEqual(run(), run());
  });
});
