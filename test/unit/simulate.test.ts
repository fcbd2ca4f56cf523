import * as assert from 'node:assert/strict';
import { exactFalsePositiveRate, HashingModel } from '../../src/core/classic';
import { PlainFilterSimulation, simulatePlainFilter, simulationInterval } from '../../src/core/simulate';

describe('simulate: seeded Monte Carlo of a plain filter', () => {
  const cases: [number, number, number, HashingModel, number][] = [
    [1000, 100, 7, 'colliding', 11],
    [1000, 100, 7, 'noncolliding', 12],
    [1000, 100, 7, 'partitioned', 13],
    [1001, 100, 7, 'partitioned', 14], // 1001 = 7 * 143: k divides m
    [1003, 100, 7, 'partitioned', 15], // uneven slices
    [16, 2, 4, 'colliding', 16],
    [16, 2, 4, 'noncolliding', 17],
    [16, 2, 4, 'partitioned', 18],
    [100_000, 5000, 3, 'colliding', 19],
  ];
  for (const [mBits, n, k, hashing, seed] of cases) {
    it(`agrees with the exact ${hashing} rate within the 99% interval (m=${mBits}, n=${n}, k=${k})`, () => {
      const exact = exactFalsePositiveRate(mBits, n, k, hashing);
      const trials = Math.max(200, Math.round(300_000 / (n * k + 100)));
      const interval = simulatePlainFilter({ mBits, n, k, hashing, trials, seed });
      assert.ok(interval.lower <= exact && exact <= interval.upper, `${exact} outside [${interval.lower}, ${interval.upper}] (${interval.falsePositives} FPs)`);
      assert.ok(interval.falsePositives > 100, 'enough events for the interval to mean something');
    });
  }

  it('has the power to tell the hashing models apart (m = 16, n = 2, k = 4)', () => {
    const colliding = exactFalsePositiveRate(16, 2, 4, 'colliding');
    const noncolliding = exactFalsePositiveRate(16, 2, 4, 'noncolliding');
    const interval = simulatePlainFilter({ mBits: 16, n: 2, k: 4, hashing: 'noncolliding', trials: 20_000, seed: 5 });
    assert.ok(interval.lower <= noncolliding && noncolliding <= interval.upper);
    assert.ok(colliding > interval.upper, `colliding ${colliding} should be outside [${interval.lower}, ${interval.upper}]`);
  });

  it('is deterministic for a seed, and chunked runs equal one run', () => {
    const options = { mBits: 500, n: 50, k: 5, hashing: 'colliding' as const, queriesPerFilter: 64 };
    const a = new PlainFilterSimulation(options, 42);
    a.run(30); a.run(70);
    const b = new PlainFilterSimulation(options, 42);
    b.run(100);
    assert.deepEqual(a.counts, b.counts);
    const c = new PlainFilterSimulation(options, 43);
    c.run(100);
    assert.notDeepEqual(a.counts, c.counts);
    assert.deepEqual(simulatePlainFilter({ ...options, trials: 100, seed: 42 }).falsePositives, a.counts.falsePositives);
  });

  it('widens the interval for correlated queries on one filter (design effect)', () => {
    // Few filters, many queries each: the naive binomial interval over all queries would be too narrow.
    const sim = new PlainFilterSimulation({ mBits: 100, n: 20, k: 2, queriesPerFilter: 4096 }, 7);
    sim.run(40);
    const { filters, queries, falsePositives } = sim.counts;
    const withEffect = sim.interval(0.99);
    const naive = simulationInterval({ filters: 1, queries, falsePositives, sumOfSquaredFilterRates: 0 }, 4096, 0.99);
    assert.equal(filters, 40);
    assert.ok(withEffect.upper - withEffect.lower > 2 * (naive.upper - naive.lower));
  });

  it('gives [0, 1] before any run and rejects bad options', () => {
    const sim = new PlainFilterSimulation({ mBits: 10, n: 1, k: 1 }, 1);
    assert.deepEqual([sim.interval().lower, sim.interval().upper], [0, 1]);
    assert.throws(() => new PlainFilterSimulation({ mBits: 0, n: 1, k: 1 }, 1), RangeError);
    assert.throws(() => new PlainFilterSimulation({ mBits: 3, n: 1, k: 4, hashing: 'noncolliding' }, 1), RangeError);
    assert.throws(() => new PlainFilterSimulation({ mBits: 2 ** 32, n: 1, k: 1 }, 1), RangeError);
  });
});
