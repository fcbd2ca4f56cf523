/**
 * npm bloom-filters' double-hashed slices (src/core/doubleHashedSlices.ts), validated three ways: exact
 * enumeration of every stored pattern for tiny prime slices, a seeded simulation of the library's own position
 * arithmetic, and the figures measured from the running library (beyond-bloom.md §5.2; the conformance suite
 * measures them again).
 */
import * as assert from 'node:assert/strict';
import { bloomFiltersJsPartitioned, bloomFiltersJsScalableChain, doubleHashedSlicesFalsePositiveRate } from '../../src/core/doubleHashedSlices';
import { exactFalsePositiveRate } from '../../src/core/classic';
import { SeededRandom } from '../../src/core/random';

/** Exact FP for uniform (α, β) ∈ Z_s² per key: enumerate every stored pattern tuple against query (0, 0). */
function enumerated(s: number, k: number, keys: number): number {
  const patterns = s * s;
  let positives = 0;
  let total = 0;
  const chosen = new Array<number>(keys).fill(0);
  for (;;) {
    let matchesAll = true;
    for (let i = 0; i < k && matchesAll; i++) matchesAll = chosen.some((pattern) => (Math.floor(pattern / s) + i * (pattern % s)) % s === 0);
    if (matchesAll) positives++;
    total++;
    let at = 0;
    while (at < keys && ++chosen[at] === patterns) chosen[at++] = 0;
    if (at === keys) break;
  }
  return positives / total;
}

/** The library's arithmetic: a, b uniform 32-bit; slice i's position |a + i·b + (i³ − i)/6| mod s. */
function simulated(s: number, k: number, keys: number, filters: number, queriesPerFilter: number, seed: number): number {
  const random = new SeededRandom(seed);
  const u32 = (): number => Math.floor(random.nextDouble() * 2 ** 32);
  const position = (a: number, b: number, i: number): number => (a + i * b + Math.floor((i ** 3 - i) / 6)) % s;
  let positives = 0;
  for (let f = 0; f < filters; f++) {
    const slices = Array.from({ length: k }, () => new Uint8Array(s));
    for (let j = 0; j < keys; j++) {
      const [a, b] = [u32(), u32()];
      for (let i = 0; i < k; i++) slices[i][position(a, b, i)] = 1;
    }
    for (let q = 0; q < queriesPerFilter; q++) {
      const [a, b] = [u32(), u32()];
      let all = true;
      for (let i = 0; i < k && all; i++) all = slices[i][position(a, b, i)] === 1;
      if (all) positives++;
    }
  }
  return positives / (filters * queriesPerFilter);
}

describe('core: double-hashed slices (npm bloom-filters PartitionedBloomFilter / ScalableBloomFilter)', () => {
  it('equals exact enumeration of every stored pattern for prime slices', () => {
    for (const [s, k, keys] of [[2, 2, 1], [3, 2, 2], [3, 3, 2], [5, 3, 2], [5, 4, 3], [7, 2, 2]] as const) {
      const exact = enumerated(s, k, keys);
      const model = doubleHashedSlicesFalsePositiveRate(s, k, keys);
      assert.ok(Math.abs(model - exact) < 1e-12, `s = ${s}, k = ${k}, ${keys} keys: model ${model}, enumeration ${exact}`);
    }
  });

  it('agrees with a seeded simulation of the library\'s position arithmetic (prime and composite slices) within 99.9 % intervals', () => {
    for (const [s, k, keys, seed] of [[11, 7, 8, 1], [12, 5, 6, 2], [31, 8, 21, 3], [69, 7, 50, 4]] as const) {
      const filters = 4000;
      const queries = 50;
      const measured = simulated(s, k, keys, filters, queries, seed);
      const model = doubleHashedSlicesFalsePositiveRate(s, k, keys);
      // The queries of one filter share it: a conservative sd from the between-filter spread bound sqrt(f(1-f)/filters).
      const sd = Math.sqrt((measured * (1 - measured)) / filters);
      assert.ok(Math.abs(model - measured) <= 3.29 * sd + 0.03 * model, `s = ${s}, k = ${k}, ${keys} keys: model ${model}, simulated ${measured} ± ${3.29 * sd}`);
    }
  });

  it('is far above fill^k in small slices and tends to the textbook partitioned rate in large ones', () => {
    const fill = (s: number, keys: number) => 1 - (1 - 1 / s) ** keys;
    assert.ok(doubleHashedSlicesFalsePositiveRate(11, 7, 8) > 5 * fill(11, 8) ** 7); // 6.5 % against 0.9 %
    const large = doubleHashedSlicesFalsePositiveRate(136_930, 7, 100_000);
    assert.ok(Math.abs(large / exactFalsePositiveRate(958_510, 100_000, 7, 'partitioned') - 1) < 1e-3, `${large}`);
    assert.equal(doubleHashedSlicesFalsePositiveRate(11, 7, 0), 0);
    assert.throws(() => doubleHashedSlicesFalsePositiveRate(0, 7, 1), RangeError);
  });

  it('sizes links and chains as bloom-filters 3.0.4 (beyond-bloom.md §5.2: 25.6 and 30.2 bits per key at 2e4 keys)', () => {
    assert.deepEqual(bloomFiltersJsPartitioned(100_000, 0.01, 0.5), { cells: 958_506, slices: 7, sliceBits: 136_930 });
    const defaults = bloomFiltersJsScalableChain(8, 0.01, 0.5, 20_000);
    assert.equal(defaults.links.length, 11);
    assert.equal(defaults.bits, 512_549); // the running library: 512,549 bits (conformance harness)
    assert.equal(bloomFiltersJsScalableChain(1000, 0.01, 0.5, 20_000).bits, 604_236);
    // Measured from the running library: 10.84 % ± 0.70 % (20 chains, defaults, 2000 keys); 6.19 % ± 0.25 % for the first link alone.
    assert.ok(Math.abs(bloomFiltersJsScalableChain(8, 0.01, 0.5, 2000).falsePositiveRate - 0.1084) < 0.007);
    assert.ok(Math.abs(bloomFiltersJsScalableChain(8, 0.01, 0.5, 8).falsePositiveRate - 0.0619) < 0.0025);
    assert.throws(() => bloomFiltersJsScalableChain(8, 1, 0.5, 10), RangeError);
  });
});
