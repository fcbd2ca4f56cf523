import * as assert from 'node:assert/strict';
import { bloomFalsePositiveRate, exactFalsePositiveRate } from '../../src/core/classic';
import {
  blockedFalsePositiveRate, blockedFalsePositiveRateAsPrinted, blockedFalsePositiveRatePerElement, blockedFalsePositiveRateUpperBound,
  blockedFalsePositiveRatePerElementAsPrinted, BlockRateTables, parquetFilterBytes, parquetOptimalBits, rocksDbCacheLocalFpRateEstimate,
  splitBlockFalsePositiveRate, splitBlockFalsePositiveRatePerElement,
} from '../../src/core/layouts';
import { lnBinomialPmf } from '../../src/core/numeric';
import { simulateLayout } from '../../src/core/simulateLayouts';

/** FastLocalBloomBitsBuilder::CalculateSpace without the 5 metadata bytes: ceil(n millibits / 8000) up to 64-byte lines. */
function rocksDbFilterBits(n: number, bitsPerKey: number): number {
  const bytes = Math.ceil((n * bitsPerKey * 1000) / 8000);
  return Math.ceil(bytes / 64) * 64 * 8;
}

/** Brute force: every block and position choice of every key and of the query, counted exactly. */
function enumerateBlocked(mBits: number, n: number, k: number, blockBits: number): number {
  const blocks = mBits / blockBits;
  const choicesPerKey = blocks * blockBits ** k;
  const keyBits = (choice: number): number[] => {
    const block = choice % blocks;
    let rest = Math.floor(choice / blocks);
    const bits: number[] = [];
    for (let j = 0; j < k; j++) { bits.push(block * blockBits + (rest % blockBits)); rest = Math.floor(rest / blockBits); }
    return bits;
  };
  const keys = Array.from({ length: choicesPerKey }, (_, c) => keyBits(c));
  let hits = 0;
  let total = 0;
  const set = new Uint8Array(mBits);
  const recurse = (depth: number): void => {
    if (depth === n) {
      for (const query of keys) { total++; if (query.every((b) => set[b] > 0)) hits++; }
      return;
    }
    for (const key of keys) {
      for (const b of key) set[b]++;
      recurse(depth + 1);
      for (const b of key) set[b]--;
    }
  };
  recurse(0);
  return hits / total;
}

/**
 * Independent formulation: plain sum over every load with numeric.ts's lnGamma binomial and a per-load rate,
 * normalised by the summed weights (lnGamma of n = 1e6 carries about 1e-9 absolute error, common to all terms).
 */
function naiveLoadSum(mBits: number, n: number, blockBits: number, rate: (load: number) => number, from = 0, to = n, step = 1): number {
  let sum = 0;
  let weights = 0;
  for (let i = from; i <= to; i += step) {
    const w = Math.exp(lnBinomialPmf(n, blockBits / mBits, i));
    sum += w * rate(i);
    weights += w;
  }
  return sum / weights;
}

function relativeError(a: number, b: number): number {
  return Math.abs(a - b) / Math.abs(b);
}

describe('layouts: blocked Bloom filters', () => {
  // library-models.md, measured on RocksDB 7.8 (format_version 5): 200,000 keys, 1,000,000 absent Gets.
  const measured: [number, number, number][] = [[6, 4, 0.0579], [10, 6, 0.00963], [16, 9, 0.000847], [20, 11, 0.000197]];
  for (const [bitsPerKey, k, fp] of measured) {
    it(`lands within one measured sd of RocksDB FastLocalBloom at ${bitsPerKey} bits/key (k = ${k})`, () => {
      const n = 200_000;
      const model = blockedFalsePositiveRate(rocksDbFilterBits(n, bitsPerKey), n, k, 512);
      const sd = Math.sqrt((fp * (1 - fp)) / 1_000_000);
      assert.ok(Math.abs(model - fp) <= sd, `model ${model} vs measured ${fp} +- ${sd}`);
      // and the textbook rate does not (power of the check) from 10 bits/key up
      if (bitsPerKey >= 10) assert.ok(Math.abs(exactFalsePositiveRate(rocksDbFilterBits(n, bitsPerKey), n, k) - fp) > 3 * sd);
    });
  }

  it('matches RocksDB\'s published FastLocalBloom rates per probe count (PR #6092, util/bloom_test.cc) to 1%, better than eq. 3 as printed', () => {
    // 16 bits/key: 9 probes 0.0843%, 11 probes 0.0884%; 14 bits/key: 9 probes 0.1846%, 8 probes 0.1843%
    const published: [number, number, number][] = [[16, 9, 0.000843], [16, 11, 0.000884], [14, 9, 0.001846], [14, 8, 0.001843]];
    for (const [bitsPerKey, k, fp] of published) {
      const model = blockedFalsePositiveRatePerElement(bitsPerKey, k, 512);
      assert.ok(relativeError(model, fp) < 0.01, `${bitsPerKey}/${k}: ${model} vs ${fp}`);
      assert.ok(relativeError(blockedFalsePositiveRatePerElementAsPrinted(bitsPerKey, k, 512), fp) > relativeError(model, fp));
    }
  });

  it('reproduces library-models.md\'s "blocked formula (binomial)" column with the printed variant', () => {
    const printed: [number, number, number][] = [[6, 4, 0.0575], [10, 6, 0.00957], [16, 9, 0.000826], [20, 11, 0.000191]];
    for (const [bitsPerKey, k, value] of printed) {
      const n = 200_000;
      const model = blockedFalsePositiveRateAsPrinted(rocksDbFilterBits(n, bitsPerKey), n, k, 512);
      assert.ok(relativeError(model, value) < 0.006, `${bitsPerKey}: ${model} vs printed ${value}`);
      assert.ok(model < blockedFalsePositiveRate(rocksDbFilterBits(n, bitsPerKey), n, k, 512), 'Bloom in the block is below the exact block rate');
    }
  });

  it('equals brute-force enumeration of the layout for tiny filters', () => {
    const cases: [number, number, number, number][] = [[8, 2, 2, 4], [8, 3, 2, 4], [6, 2, 3, 3], [4, 2, 1, 2], [9, 2, 2, 3]];
    for (const [mBits, n, k, blockBits] of cases) {
      const exact = enumerateBlocked(mBits, n, k, blockBits);
      const model = blockedFalsePositiveRate(mBits, n, k, blockBits);
      assert.ok(relativeError(model, exact) < 1e-12, `m=${mBits} n=${n} k=${k} B=${blockBits}: ${model} vs ${exact}`);
    }
  });

  it('agrees with an independent naive load sum (lnGamma binomial x classic exact rate) to 1e-12', () => {
    const cases: [number, number, number, number][] = [[512 * 40, 1000, 5, 512], [256 * 7, 90, 3, 256], [1024 * 3, 200, 9, 1024], [64 * 100, 500, 1, 64]];
    for (const [mBits, n, k, blockBits] of cases) {
      const naive = naiveLoadSum(mBits, n, blockBits, (i) => (i === 0 ? 0 : exactFalsePositiveRate(blockBits, i, k)));
      const model = blockedFalsePositiveRate(mBits, n, k, blockBits);
      assert.ok(relativeError(model, naive) < 1e-12, `${mBits}/${n}/${k}/${blockBits}: ${model} vs ${naive}`);
    }
  });

  it('is the classic exact rate when the filter is one block, and above it otherwise', () => {
    for (const [mBits, n, k] of [[512, 40, 6], [4096, 300, 7], [1 << 20, 100_000, 7], [64, 1, 34]]) {
      assert.equal(blockedFalsePositiveRate(mBits, n, k, mBits), exactFalsePositiveRate(mBits, n, k));
      assert.ok(blockedFalsePositiveRate(mBits * 8, n * 8, k, mBits) > exactFalsePositiveRate(mBits * 8, n * 8, k));
    }
    assert.ok(relativeError(blockedFalsePositiveRateAsPrinted(1000, 100, 7, 1000), bloomFalsePositiveRate(1000, 100, 7)) < 1e-14);
  });

  it('converges to its per-element (Poisson) limit as n grows at fixed bits per key', () => {
    const limit = blockedFalsePositiveRatePerElement(10, 6, 512);
    const finite = blockedFalsePositiveRate(512 * 2_000_000, 102_400_000, 6, 512);
    assert.ok(relativeError(finite, limit) < 1e-6, `${finite} vs ${limit}`);
    const small = blockedFalsePositiveRate(512 * 20, 1024, 6, 512); // a 20-line filter: binomial, not Poisson
    assert.ok(relativeError(small, limit) > 1e-3);
    // independent Poisson sum
    let poisson = 0;
    const lambda = 51.2;
    for (let i = 1; i < 400; i++) poisson += Math.exp(-lambda + i * Math.log(lambda) - lnFactorial(i)) * exactFalsePositiveRate(512, i, 6);
    assert.ok(relativeError(limit, poisson) < 1e-12, `${limit} vs ${poisson}`);
  });

  it('sums wide load spreads on a lattice without losing accuracy (checked against the naive sum)', () => {
    // B = 2^20, 4 blocks, 400,000 keys: load sd 274, about 7,000 terms, so the lattice path is taken.
    const B = 2 ** 20;
    const mBits = 4 * B;
    const n = 400_000;
    const sd = Math.sqrt(n * 0.25 * 0.75);
    const from = Math.floor(n / 4 - 40 * sd);
    const to = Math.ceil(n / 4 + 40 * sd);
    const printedRate = (i: number): number => Math.pow(-Math.expm1(7 * i * Math.log1p(-1 / B)), 7);
    const naivePrinted = naiveLoadSum(mBits, n, B, printedRate, from, to);
    assert.ok(relativeError(blockedFalsePositiveRateAsPrinted(mBits, n, 7, B), naivePrinted) < 1e-11);
    // exact block rate (interpolated over the range): naive sum every 5th load, weighted by 5 (sd >> 5)
    const naiveExact = naiveLoadSum(mBits, n, B, (i) => exactFalsePositiveRate(B, i, 7), from, to, 5);
    assert.ok(relativeError(blockedFalsePositiveRate(mBits, n, 7, B), naiveExact) < 1e-10);
  });

  it('matches RocksDB\'s own CacheLocalFpRate estimate only roughly (its +-1 sd average runs low)', () => {
    // util/bloom_impl.h: 10 bits/key, 6 probes, theoretical cache-local 0.9535%
    assert.ok(Math.abs(rocksDbCacheLocalFpRateEstimate(10, 6) - 0.009535) < 5e-6);
    assert.ok(rocksDbCacheLocalFpRateEstimate(24, 12) < blockedFalsePositiveRatePerElement(24, 12, 512));
  });

  it('gives finite rates in [0, 1] at the edges, never NaN', () => {
    const values = [
      blockedFalsePositiveRate(512, 0, 6, 512),
      blockedFalsePositiveRate(512 * 8, 1, 6, 512),
      blockedFalsePositiveRate(512 * 8, 1, 1, 512),
      blockedFalsePositiveRate(512, 2 ** 53 - 1, 6, 512),
      blockedFalsePositiveRate(512 * 1024, 2 ** 53 - 1, 6, 512),
      blockedFalsePositiveRate(2 ** 52, 2 ** 53 - 1, 6, 512),
      blockedFalsePositiveRate(2 ** 52, 1, 30, 512),
      blockedFalsePositiveRate(2 ** 52, 1000, 64, 512),
      blockedFalsePositiveRate(2 ** 40, 1e11, 6, 512),
      blockedFalsePositiveRate(1024, 3, 64, 1),
      blockedFalsePositiveRatePerElement(0.001, 6, 512),
      blockedFalsePositiveRatePerElement(1e6, 30, 512),
      blockedFalsePositiveRatePerElementAsPrinted(10, 6, 512),
      splitBlockFalsePositiveRate(256, 2 ** 53 - 1),
      splitBlockFalsePositiveRate(512, 2 ** 53 - 1),
      splitBlockFalsePositiveRate(256 * 2 ** 40, 1),
      splitBlockFalsePositiveRatePerElement(1e-3),
      splitBlockFalsePositiveRatePerElement(1e9),
    ];
    for (const v of values) assert.ok(Number.isFinite(v) && v >= 0 && v <= 1, `${v}`);
    assert.equal(values[0], 0);
    assert.equal(values[3], 1);
    // one key in 8 lines: the query must pick its line (1/8) and hit its bits: exact value
    assert.ok(relativeError(values[1], (1 / 8) * exactFalsePositiveRate(512, 1, 6)) < 1e-12);
    assert.ok(values[6] > 0 && values[6] < 1e-30, 'tiny but not underflowed garbage');
    assert.throws(() => blockedFalsePositiveRate(1000, 10, 6, 512), RangeError);
    assert.throws(() => blockedFalsePositiveRate(512, -1, 6, 512), RangeError);
    assert.throws(() => blockedFalsePositiveRate(512, 1.5, 6, 512), RangeError);
    assert.throws(() => blockedFalsePositiveRate(512, 1, 0, 512), RangeError);
    assert.throws(() => splitBlockFalsePositiveRate(300, 1), RangeError);
    assert.throws(() => blockedFalsePositiveRatePerElement(0, 6, 512), RangeError);
  });
});

describe('layouts: what the sizing searches use (shared in-block tables, bounds of the blocked rate)', () => {
  it('gives the same blocked rates, bit for bit, with in-block tables shared across calls in any order', () => {
    const cases: [number, number, number][] = [
      [512 * 2000, 100_000, 6], [512 * 20, 100_000, 6], [512 * 200_000, 1_000_000, 6], [512 * 3, 1000, 6], [512 * 2, 5, 24], [512 * 7000, 50_000, 24],
      [512 * 20_000, 1_000_000, 1], [512 * 2 ** 20, 2 ** 40, 3],
    ];
    const forward = new BlockRateTables();
    const backward = new BlockRateTables();
    const shared = cases.map(([m, n, k]) => blockedFalsePositiveRate(m, n, k, 512, forward));
    const reversed = [...cases].reverse().map(([m, n, k]) => blockedFalsePositiveRate(m, n, k, 512, backward)).reverse();
    cases.forEach(([m, n, k], i) => {
      const alone = blockedFalsePositiveRate(m, n, k, 512);
      assert.equal(shared[i], alone, `(${m}, ${n}, ${k})`);
      assert.equal(reversed[i], alone, `(${m}, ${n}, ${k}) reversed`);
    });
  });

  it('brackets the blocked rate between eq. 3 as printed (below) and the negative-association bound (above)', () => {
    let widest = 1;
    for (const n of [1, 7, 1000, 1_000_000, 2 ** 40]) {
      for (const bitsPerKey of [0.01, 0.5, 1, 2, 5, 10, 16, 30, 80, 500]) {
        const lines = Math.max(1, Math.min(2 ** 43, Math.round((n * bitsPerKey) / 512)));
        for (const k of [1, 2, 6, 12, 24]) {
          const exact = blockedFalsePositiveRate(lines * 512, n, k, 512);
          const lower = blockedFalsePositiveRateAsPrinted(lines * 512, n, k, 512);
          const upper = blockedFalsePositiveRateUpperBound(lines * 512, n, k, 512);
          const at = `(${lines} lines, ${n}, ${k})`;
          assert.ok(lower <= exact * (1 + 1e-12) && exact <= upper * (1 + 1e-12), `${at}: ${lower} <= ${exact} <= ${upper}`);
          if (k === 1) assert.ok(relativeError(lower, exact) < 1e-12 && relativeError(upper, exact) < 1e-12, `${at}: all equal at k = 1`);
          if (n >= 1000 && bitsPerKey <= 16) widest = Math.max(widest, upper / lower);
        }
      }
    }
    // at the usual loads (32 or more keys per line) close enough to settle a search's sizes away from the crossing
    assert.ok(widest < 1.15, `upper / lower up to ${widest}`);
    // the upper bound against brute-force enumeration: 2 blocks of 4 bits, 2 keys, k = 2 (every hash choice)
    const B = 4;
    let falsePositives = 0;
    let cases = 0;
    for (let code = 0; code < (2 * B * B) ** 2 * 2 * B * B; code++) {
      let rest = code;
      const pick = (): [number, number, number] => { const block = rest % 2; rest = Math.floor(rest / 2); const a = rest % B; rest = Math.floor(rest / B); const b = rest % B; rest = Math.floor(rest / B); return [block, a, b]; };
      const bits = [0, 0];
      for (let key = 0; key < 2; key++) { const [block, a, b] = pick(); bits[block] |= (1 << a) | (1 << b); }
      const [block, a, b] = pick();
      cases++;
      if ((bits[block] >> a) & 1 && (bits[block] >> b) & 1) falsePositives++;
    }
    const enumerated = falsePositives / cases;
    assert.ok(relativeError(blockedFalsePositiveRate(2 * B, 2, 2, B), enumerated) < 1e-12, 'exact = enumeration');
    assert.ok(blockedFalsePositiveRateUpperBound(2 * B, 2, 2, B) >= enumerated && blockedFalsePositiveRateAsPrinted(2 * B, 2, 2, B) <= enumerated);
    assert.throws(() => blockedFalsePositiveRateUpperBound(1000, 10, 6, 512), RangeError);
  });
});

function lnFactorial(i: number): number {
  let s = 0;
  for (let j = 2; j <= i; j++) s += Math.log(j);
  return s;
}

describe('layouts: split-block Bloom filters (SBBF)', () => {
  it('reproduces library-models.md\'s SBBF table (bits per value 8/10/12/16/20)', () => {
    const table: [number, number][] = [[8, 0.0332], [10, 0.0126], [12, 0.0054], [16, 0.0013], [20, 0.00042]];
    for (const [bitsPerValue, printed] of table) {
      const model = splitBlockFalsePositiveRatePerElement(bitsPerValue);
      const digits = printed >= 0.01 ? 0.00005 : printed >= 0.001 ? 0.00005 : 0.000005;
      assert.ok(Math.abs(model - printed) <= digits, `${bitsPerValue}: ${model} vs ${printed}`);
      assert.ok(model > bloomFalsePositiveRate(1_000_000 * bitsPerValue, 1_000_000, 8), 'worse than classic k = 8');
    }
  });

  it('reproduces parquet-format BloomFilter.md: 1024 blocks with 26,214 values give about 1.26%, and its sizing table', () => {
    assert.ok(Math.abs(splitBlockFalsePositiveRate(1024 * 256, 26_214) - 0.0126) < 0.00005);
    const table: [number, number][] = [[6.0, 0.1], [10.5, 0.01], [16.9, 0.001], [26.4, 0.0001], [41, 0.00001]];
    for (const [bitsPerValue, rate] of table) {
      assert.ok(relativeError(splitBlockFalsePositiveRatePerElement(bitsPerValue), rate) < 0.015, `${bitsPerValue}`);
    }
  });

  it('agrees with an independent naive load sum and with the closed form for one block', () => {
    const word = (i: number): number => Math.pow(1 - Math.pow(31 / 32, i), 8);
    for (const [mBits, n] of [[256 * 100, 2000], [256 * 3, 40], [256 * 4096, 1_000_000]]) {
      const naive = naiveLoadSum(mBits, n, 256, word);
      assert.ok(relativeError(splitBlockFalsePositiveRate(mBits, n), naive) < 1e-12, `${mBits}/${n}`);
    }
    assert.ok(relativeError(splitBlockFalsePositiveRate(256, 37), word(37)) < 1e-14);
  });

  it('sizes like Parquet writers and exposes the real rate behind the target', () => {
    // library-research.md 3.3: n = 1e5, p = 0.01 gives 10.49 bits/value and 1.019% real; n = 1e6 at the 1 MiB cap gives 2.73%.
    const bytes = parquetFilterBytes(100_000, 0.01);
    assert.equal(bytes, 131_072);
    assert.ok(Math.abs(splitBlockFalsePositiveRate(bytes * 8, 100_000) - 0.01019) < 0.00001);
    assert.equal(parquetFilterBytes(1_000_000, 0.01), 1024 * 1024);
    assert.ok(Math.abs(splitBlockFalsePositiveRate(8 * 1024 * 1024, 1_000_000) - 0.0273) < 0.00005);
    assert.equal(parquetFilterBytes(1, 0.5), 32);
    // initBitset caps at maxBytes itself (not a power of two), and ignores a maxBytes outside [32, 128 MiB]
    assert.equal(parquetFilterBytes(1_000_000, 0.01, 1_000_000), 1_000_000);
    assert.equal(parquetFilterBytes(20_000_000, 0.01, 10), 32 * 1024 * 1024); // 1.94e8 bits -> 24.2 MB -> 32 MiB
    assert.equal(parquetFilterBytes(200_000_000, 0.01, 10), 128 * 1024 * 1024); // bits capped at 2^30
    // (bits + 255) & ~256 clears bit 8 only. 423 values: 4095 bits -> 4350 (bit 8 clear) -> 543 bytes -> 1024.
    // 424 values: 4104 bits -> 4359 -> 4103 (bit 8 cleared) -> 512 bytes: one more value, half the filter.
    assert.equal(Math.trunc(parquetOptimalBits(423, 0.01)), 4095);
    assert.equal(Math.trunc(parquetOptimalBits(424, 0.01)), 4104);
    assert.equal(parquetFilterBytes(423, 0.01), 1024);
    assert.equal(parquetFilterBytes(424, 0.01), 512);
  });
});

describe('layouts: seeded simulators agree with the models (99.9% intervals)', () => {
  const inside = (label: string, model: number, interval: { lower: number; upper: number; falsePositives: number }): void => {
    assert.ok(interval.lower <= model && model <= interval.upper, `${label}: model ${model} outside [${interval.lower}, ${interval.upper}]`);
    assert.ok(interval.falsePositives >= 200, `${label}: enough events (${interval.falsePositives})`);
  };

  it('blocked, uniform probes', () => {
    const mBits = 512 * 32;
    const n = 1600;
    const interval = simulateLayout({ spec: { layout: 'blocked', mBits, k: 6, blockBits: 512 }, n, trials: 60, queriesPerFilter: 4000, seed: 1 });
    inside('blocked', blockedFalsePositiveRate(mBits, n, 6, 512), interval);
  });

  it('blocked, tiny blocks where the classic rate is clearly wrong', () => {
    const mBits = 64 * 50;
    const n = 400;
    const interval = simulateLayout({ spec: { layout: 'blocked', mBits, k: 3, blockBits: 64 }, n, trials: 60, queriesPerFilter: 3000, seed: 2 });
    inside('blocked64', blockedFalsePositiveRate(mBits, n, 3, 64), interval);
    const classic = exactFalsePositiveRate(mBits, n, 3);
    assert.ok(classic < interval.lower || classic > interval.upper, 'the simulator tells blocked from classic');
  });

  it('RocksDB FastLocalBloom in-line probes (h2 times the golden ratio, top 9 bits) behave like uniform probes', () => {
    const n = 20_000;
    const mBits = rocksDbFilterBits(n, 10);
    const interval = simulateLayout({ spec: { layout: 'rocksdbFastLocal', mBits, k: 6 }, n, trials: 12, queriesPerFilter: 40_000, seed: 3 });
    inside('fastlocal', blockedFalsePositiveRate(mBits, n, 6, 512), interval);
  });

  it('SBBF, uniform and Parquet-salted bits', () => {
    const mBits = 256 * 200;
    const n = 5120; // 10 bits per value
    const model = splitBlockFalsePositiveRate(mBits, n);
    inside('sbbf', model, simulateLayout({ spec: { layout: 'splitBlock', mBits }, n, trials: 40, queriesPerFilter: 10_000, seed: 4 }));
    inside('parquet', model, simulateLayout({ spec: { layout: 'parquetSplitBlock', mBits }, n, trials: 40, queriesPerFilter: 10_000, seed: 5 }));
  });

  it('is deterministic for a seed', () => {
    const options = { spec: { layout: 'splitBlock' as const, mBits: 2560 }, n: 200, trials: 5, queriesPerFilter: 500, seed: 9 };
    assert.deepEqual(simulateLayout(options), simulateLayout(options));
    assert.notDeepEqual(simulateLayout(options), simulateLayout({ ...options, seed: 10 }));
  });
});
