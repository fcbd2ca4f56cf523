import * as assert from 'node:assert/strict';
import { binaryFuseLayout, cuckooBuckets, cuckooFalsePositiveRate, quotientFalsePositiveRate, xorFamilyFalsePositiveRate, xorFilterSlots } from '../../src/core/fingerprintFilters';
import { simulateCuckoo, simulateQuotient, simulateXorFamily } from '../../src/core/simulateFingerprintFilters';

const inside = (model: number, interval: { lower: number; upper: number; estimate: number }, what: string): void =>
  assert.ok(model >= interval.lower && model <= interval.upper, `${what}: model ${model} outside [${interval.lower}, ${interval.upper}] (estimate ${interval.estimate})`);

describe('fingerprint filter simulators agree with the models (99.9% intervals)', function () {
  this.timeout(120_000);

  for (const structure of ['xor', 'binary-fuse-3', 'binary-fuse-4'] as const) {
    it(`${structure}: built by peeling at the reference size, no false negatives, FP 2^-f`, () => {
      for (const [n, f] of [[2000, 4], [5000, 6]]) {
        const result = simulateXorFamily({ structure, n, fingerprintBits: f, trials: 6, queriesPerFilter: 40_000, seed: 17 + n + f });
        assert.equal(result.falseNegatives, 0);
        assert.equal(result.slots, structure === 'xor' ? xorFilterSlots(n) : binaryFuseLayout(n, structure === 'binary-fuse-3' ? 3 : 4).slots);
        // the reference sizing peels: xor_singleheader expects each attempt to succeed with probability > 0.5
        assert.ok(result.buildAttempts <= 3 * result.filters, `${structure} n ${n}: ${result.buildAttempts} attempts for ${result.filters} filters`);
        inside(xorFamilyFalsePositiveRate(f), result, `${structure} n ${n} f ${f}`);
      }
    });
  }

  it('peeling fails below the 1.222 n threshold of 3-wise hypergraphs (the simulator really peels)', () => {
    // 1.15 n slots: a 2-core remains in every attempt for n this large; the 100 attempts all fail.
    assert.throws(() => simulateXorFamily({ structure: 'xor', n: 20_000, xorSlots: 23_001, fingerprintBits: 4, trials: 1, queriesPerFilter: 1, seed: 1 }), /peeling failed 100 times/);
    // and the reference 1.23 n + 32 peels at the same n
    assert.equal(simulateXorFamily({ structure: 'xor', n: 20_000, fingerprintBits: 4, trials: 1, queriesPerFilter: 1, seed: 1 }).falseNegatives, 0);
  });

  it('cuckoo, b = 4, filled to 95.5%: inserts succeed with evictions, no false negatives, FP = 1 - (1 - a/(2^f - 1))^8', () => {
    for (const [n, f] of [[3000, 6], [3000, 8], [1200, 5]]) {
      const buckets = cuckooBuckets(n);
      const result = simulateCuckoo({ n, fingerprintBits: f, buckets, trials: 8, queriesPerFilter: 50_000, seed: 99 + n + f });
      assert.equal(result.failedInserts, 0, `n ${n} f ${f}`);
      assert.equal(result.falseNegatives, 0);
      assert.ok(Math.abs(result.load - n / (buckets * 4)) < 1e-12);
      inside(cuckooFalsePositiveRate(f, result.load), result, `cuckoo n ${n} f ${f}`);
      // the intervals are tight enough to tell the model from Fan et al.'s full-table bound 2b / 2^f
      if (f <= 6) assert.ok(8 / 2 ** f > result.upper, `bound ${8 / 2 ** f} inside [${result.lower}, ${result.upper}]`);
    }
  });

  it('cuckoo with a power-of-two table at 76% load (seiflotfy at n = 1e5 scaled down) and b = 2', () => {
    const low = simulateCuckoo({ n: 3125, fingerprintBits: 7, buckets: 1024, trials: 8, queriesPerFilter: 50_000, seed: 5 });
    assert.equal(low.failedInserts, 0);
    inside(cuckooFalsePositiveRate(7, 3125 / 4096), low, 'power-of-two table');
    const pairs = simulateCuckoo({ n: 1700, fingerprintBits: 6, buckets: 1000, bucketSlots: 2, trials: 8, queriesPerFilter: 50_000, seed: 6 });
    assert.equal(pairs.failedInserts, 0);
    inside(cuckooFalsePositiveRate(6, 0.85, 2), pairs, 'b = 2 at 85%');
  });

  it('cuckoo past what the table holds: an insert fails (the simulator really evicts, it does not just count)', () => {
    const over = simulateCuckoo({ n: 4000, fingerprintBits: 8, buckets: 1000, trials: 2, queriesPerFilter: 100, seed: 3 });
    assert.ok(over.failedInserts >= 1);
    assert.ok(over.load > 0.9 && over.load < 1, `${over.load}`);
  });

  it('quotient filter: FP 1 - (1 - 2^-(q+r))^n, no false negatives', () => {
    for (const [q, r, n] of [[10, 4, 970], [12, 6, 3890], [8, 2, 243]]) {
      const result = simulateQuotient({ n, fingerprintBits: r, quotientBits: q, trials: 6, queriesPerFilter: 60_000, seed: q * 100 + r });
      assert.equal(result.falseNegatives, 0);
      inside(quotientFalsePositiveRate(r, n, 2 ** q), result, `quotient q ${q} r ${r}`);
    }
  });

  it('is deterministic for a seed and refuses bad options', () => {
    const a = simulateQuotient({ n: 100, fingerprintBits: 3, quotientBits: 7, trials: 2, queriesPerFilter: 500, seed: 42 });
    const b = simulateQuotient({ n: 100, fingerprintBits: 3, quotientBits: 7, trials: 2, queriesPerFilter: 500, seed: 42 });
    assert.deepEqual(a, b);
    assert.throws(() => simulateXorFamily({ structure: 'xor', n: 0, fingerprintBits: 8, trials: 1, queriesPerFilter: 1, seed: 1 }), /n must be/);
    assert.throws(() => simulateCuckoo({ n: 10, fingerprintBits: 0, buckets: 4, trials: 1, queriesPerFilter: 1, seed: 1 }), /fingerprint bits/);
    assert.throws(() => simulateQuotient({ n: 10, fingerprintBits: 4, quotientBits: 0, trials: 1, queriesPerFilter: 1, seed: 1 }), /quotient bits/);
  });
});
