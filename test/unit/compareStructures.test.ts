import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { exactFalsePositiveRate, sizeForElementsAndRate } from '../../src/core/classic';
import { compareStructures, MIN_COMPARED_RATE, StructureRow, STRUCTURE_IDS } from '../../src/core/compareStructures';
import {
  binaryFuseLayout, cuckooFalsePositiveRate, cuckooFingerprintBits, cuckooPowerOfTwoBuckets, quotientFalsePositiveRate, quotientRemainderBits,
  xorFamilyFingerprintBits, xorFilterSlots,
} from '../../src/core/fingerprintFilters';
import { blockedFalsePositiveRate, splitBlockFalsePositiveRate } from '../../src/core/layouts';
import { rocksDbRibbonConfiguration } from '../../src/core/ribbon';
import { referenceSizes } from './compareStructuresReference';

const CLI = resolve(__dirname, '../../../dist/cli.js');

function byId(rows: readonly StructureRow[]): Record<string, StructureRow> {
  return Object.fromEntries(rows.map((row) => [row.id, row]));
}

const near = (actual: number, expected: number, tolerance: number, what: string): void =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} vs ${expected} +- ${tolerance}`);

describe('compareStructures: the same n and p in other filters (issue 19, beyond-bloom.md)', function () {
  this.timeout(120_000);
  const rows = compareStructures(1_000_000, 0.01);
  const row = byId(rows);

  it('gives every structure once, in the contract\'s order, each at or below p with finite numbers', () => {
    assert.deepEqual(rows.map((r) => r.id), [...STRUCTURE_IDS]);
    assert.deepEqual([...STRUCTURE_IDS], [
      'bound', 'bound-deletes', 'bloom', 'blocked-512', 'split-block', 'ribbon', 'xor', 'binary-fuse-3', 'binary-fuse-4', 'cuckoo', 'quotient', 'counting-bloom',
    ]);
    for (const r of rows) {
      assert.ok(r.fp <= 0.01 && r.fp > 0, `${r.id} fp ${r.fp}`);
      assert.ok(r.reachesTarget);
      assert.ok(Number.isFinite(r.bitsPerKey) && Number.isFinite(r.memoryBits));
      assert.equal(r.bitsPerKey, r.memoryBits / 1_000_000);
      assert.ok(r.notes.length > 0 && r.name.length > 0 && r.source.length > 0);
    }
  });

  it('meets the done-when figures at n = 1e6, p = 0.01 (beyond-bloom.md section 2)', () => {
    near(row.bound.bitsPerKey, 6.64, 0.005, 'bound');
    near(row['bound-deletes'].bitsPerKey, 6.644 + 1.443, 0.005, 'bound with deletes');
    near(row.bloom.bitsPerKey, 9.59, 0.005, 'bloom');
    near(row['blocked-512'].bitsPerKey, 9.9, 0.05, 'blocked');
    near(row['split-block'].bitsPerKey, 10.53, 0.01, 'split-block');
    near(row.ribbon.bitsPerKey, 7.0, 0.1, 'ribbon');
    near(row.xor.bitsPerKey, 8.61, 0.005, 'xor (7-bit)');
    near(row['binary-fuse-3'].bitsPerKey, 7.91, 0.005, 'fuse 3-wise (7-bit)');
    near(row['binary-fuse-4'].bitsPerKey, 7.54, 0.005, 'fuse 4-wise (7-bit)');
    near(row.cuckoo.bitsPerKey, 10.47, 0.005, 'cuckoo (10-bit)');
    near(row.quotient.bitsPerKey, 9.61, 0.005, 'quotient (7-bit)');
    near(row['counting-bloom'].bitsPerKey, 38.37, 0.01, 'counting Bloom');
    assert.equal(row.bloom.accessesPerQuery, 7);
    assert.deepEqual([row.xor, row['binary-fuse-3'], row.cuckoo].map((r) => r.parameters.fingerprintBits), [7, 7, 10]);
    assert.equal(row.quotient.parameters.remainderBits, 7);
    assert.match(row.cuckoo.notes[0], /^10-bit fingerprints/);
  });

  it('follows the formulas and sizing code, recomputed here independently', () => {
    const n = 1_000_000;
    // XOR: xor8_allocate, capacity = 32 + 1.23 n rounded down to a multiple of 3; f = ceil(log2(1/p))
    assert.equal(row.xor.memoryBits, Math.floor(Math.floor(32 + 1.23 * n) / 3) * 3 * 7);
    assert.equal(row.xor.fp, 2 ** -7);
    // Fuse 3-wise at 1e6: segment 8192, capacity 1,125,000, 138 segments covered -> 1,130,496 slots (measured with the npm port)
    assert.equal(row['binary-fuse-3'].memoryBits, 1_130_496 * 7);
    // Cuckoo: ceil(n / 3.82) buckets of 4 slots of 10 bits
    assert.equal(row.cuckoo.memoryBits, Math.ceil(n / (4 * 0.955)) * 4 * 10);
    // Quotient: (r + 2.125) bits per slot at 95% load
    assert.equal(row.quotient.memoryBits, Math.ceil(n / 0.95) * 9.125);
    // Bloom and counting Bloom: the exact sizing, then 4-bit counters
    const bloom = sizeForElementsAndRate(n, 0.01);
    assert.equal(row.bloom.memoryBits, bloom.mBits);
    assert.equal(row['counting-bloom'].memoryBits, 4 * bloom.mBits);
    assert.equal(row['counting-bloom'].fp, exactFalsePositiveRate(bloom.mBits, n, bloom.k));
    // Blocked and split-block: the smallest whole-block sizes; one block fewer misses p
    const blockedLines = row['blocked-512'].memoryBits / 512;
    const k = row['blocked-512'].parameters.k;
    assert.equal(row['blocked-512'].fp, blockedFalsePositiveRate(blockedLines * 512, n, k, 512));
    assert.ok(blockedFalsePositiveRate((blockedLines - 1) * 512, n, k, 512) > 0.01);
    const blocks = row['split-block'].memoryBits / 256;
    assert.ok(splitBlockFalsePositiveRate((blocks - 1) * 256, n) > 0.01 && splitBlockFalsePositiveRate(blocks * 256, n) <= 0.01);
    // Ribbon: RocksDB's own configuration at the chosen bits_per_key; 1 millibit less misses p
    const setting = row.ribbon.parameters.bitsPerKeySetting;
    assert.equal(row.ribbon.memoryBits, rocksDbRibbonConfiguration(setting, n).filterBytes * 8);
    assert.ok(rocksDbRibbonConfiguration(setting - 0.001, n).falsePositiveRate > 0.01);
  });

  it('reproduces the small-n slot overheads of beyond-bloom.md section 3 (from the reference sizing code)', () => {
    // n: [xor slots/n, fuse3 segment, fuse3 slots/n, fuse4 segment, fuse4 slots/n]
    const table: [number, number, number, number, number, number][] = [
      [100, 1.53, 64, 1.92, 8, 1.68], [1000, 1.26, 128, 1.408, 32, 1.376], [10_000, 1.233, 512, 1.28, 256, 1.229],
      [100_000, 1.23, 2048, 1.188, 1024, 1.126], [1_000_000, 1.23, 8192, 1.131, 4096, 1.077], [10_000_000, 1.23, 32768, 1.127, 16384, 1.076],
    ];
    for (const [n, xor, seg3, fuse3, seg4, fuse4] of table) {
      near(xorFilterSlots(n) / n, xor, 0.006, `xor ${n}`);
      const three = binaryFuseLayout(n, 3);
      const four = binaryFuseLayout(n, 4);
      assert.equal(three.segmentLength, seg3, `fuse3 segment ${n}`);
      assert.equal(four.segmentLength, seg4, `fuse4 segment ${n}`);
      near(three.slots / n, fuse3, 0.0015, `fuse3 ${n}`);
      near(four.slots / n, fuse4, 0.0015, `fuse4 ${n}`);
    }
    // measured with npm binary-fuse-filter: n = 1e5 -> 118,784 slots
    assert.equal(binaryFuseLayout(100_000, 3).slots, 118_784);
    // tiny n: the C code's unsigned arithmetic still gives one segment (n = 1: 3 segments of 4 slots)
    assert.equal(binaryFuseLayout(1, 3).slots, 12);
    assert.equal(binaryFuseLayout(2, 3).slots, 12);
  });

  it('prints the fingerprint widths of beyond-bloom.md: XOR/fuse 7/10/14, cuckoo 10/13/17, CQF 7/10/14', () => {
    assert.deepEqual([0.01, 0.001, 0.0001].map(xorFamilyFingerprintBits), [7, 10, 14]);
    assert.deepEqual([0.01, 0.001, 0.0001].map((p) => cuckooFingerprintBits(p)), [10, 13, 17]);
    assert.deepEqual([0.01, 0.001, 0.0001].map(quotientRemainderBits), [7, 10, 14]);
    // cuckoo FP at 95.5% load: f = 10 -> 0.74%, 13 -> 0.093%, 17 -> 0.0058% (beyond-bloom.md)
    near(cuckooFalsePositiveRate(10, 0.955), 0.0074, 0.00005, 'f 10');
    near(cuckooFalsePositiveRate(13, 0.955), 0.00093, 0.000005, 'f 13');
    near(cuckooFalsePositiveRate(17, 0.955), 0.000058, 0.0000005, 'f 17');
    // and below Fan et al.'s bound 2b / 2^f (every slot full), approaching it as f grows
    for (let f = 4; f <= 20; f++) {
      const full = cuckooFalsePositiveRate(f, 1);
      assert.ok(full <= 8 / 2 ** f && full > 0.9 * 8 / 2 ** f * (f >= 8 ? 1 : 0.6), `f ${f}`);
    }
    // ceil(log2(1/p) + 3) is the smallest whole tag at full load
    for (const p of [0.05, 0.01, 0.003, 0.001, 1e-5]) assert.equal(cuckooFingerprintBits(p, 1), Math.ceil(Math.log2(1 / p) + 3) - (cuckooFalsePositiveRate(Math.ceil(Math.log2(1 / p) + 2), 1) <= p ? 1 : 0));
  });

  it('quotient filter FP: 1 - (1 - 2^-(q+r))^n equals exact enumeration of every hash tuple for a tiny filter', () => {
    // q = 1 (2 slots), r = 2: 8 hash values; n = 3 keys each uniform over the 8 values; a query uniform too.
    const values = 8;
    let hits = 0;
    let total = 0;
    for (let a = 0; a < values; a++) for (let b = 0; b < values; b++) for (let c = 0; c < values; c++) {
      for (let query = 0; query < values; query++) { total++; if (query === a || query === b || query === c) hits++; }
    }
    near(quotientFalsePositiveRate(2, 3, 2), hits / total, 1e-15, 'enumeration');
  });

  it('cuckoo FP: the per-slot model equals exact enumeration of two tiny buckets', () => {
    // b = 1, f = 2 (tags 1..3), each of the 2 slots occupied with probability 1/2 by a uniform tag: enumerate.
    let probability = 0;
    const states: [number, number][] = [[0, 0.5], [1, 0.5 / 3], [2, 0.5 / 3], [3, 0.5 / 3]];
    for (const [x, px] of states) for (const [y, py] of states) for (let tag = 1; tag <= 3; tag++) {
      if (x === tag || y === tag) probability += (px * py) / 3;
    }
    near(cuckooFalsePositiveRate(2, 0.5, 1), probability, 1e-15, 'enumeration');
  });

  it('sizes a power-of-two cuckoo table as efficient/cuckoofilter does (and as measured with seiflotfy at n = 1e5)', () => {
    assert.equal(cuckooPowerOfTwoBuckets(100_000), 32_768); // 131,072 slots, load 0.763
    assert.equal(cuckooPowerOfTwoBuckets(4 * 32_768), 65_536); // load 1 > 0.96: doubled
    assert.equal(cuckooPowerOfTwoBuckets(125_000), 32_768); // load 0.954: kept
    assert.equal(cuckooPowerOfTwoBuckets(126_000), 65_536); // load 0.961: doubled
    const power = byId(compareStructures(100_000, 0.01)).cuckoo.variants.find((v) => v.name.startsWith('power-of-two'));
    near(power?.bitsPerKey ?? 0, 131_072 * 10 / 100_000, 1e-12, 'power-of-two variant');
  });

  it('offers the 8- and 16-bit fingerprints libraries use, with their FP (xor8 9.84 bits at 0.39%, bf8 9.04)', () => {
    const xor8 = row.xor.variants.find((v) => v.name.startsWith('xor8'));
    near(xor8?.bitsPerKey ?? 0, 9.84, 0.005, 'xor8');
    assert.equal(xor8?.fp, 2 ** -8);
    const bf8 = row['binary-fuse-3'].variants.find((v) => v.name.startsWith('8-bit'));
    near(bf8?.bitsPerKey ?? 0, 9.04, 0.005, 'bf8');
    const semi = row.cuckoo.variants.find((v) => v.name.startsWith('semi-sorted'));
    near(semi?.bitsPerKey ?? 0, 9.42, 0.005, 'semi-sorted cuckoo');
    assert.ok(row.xor.notes.some((note) => /xor8.*9\.84 bits\/key, FP 0\.391%/.test(note)), row.xor.notes.join(' | '));
  });

  it('puts cuckoo below Bloom only below p of about 0.4% (2.5% semi-sorted), as beyond-bloom.md section 4 says', () => {
    const cheaper = (p: number, semi: boolean): boolean => {
      const r = byId(compareStructures(1_000_000, p));
      const cuckoo = semi ? r.cuckoo.variants[0].bitsPerKey : r.cuckoo.bitsPerKey;
      return cuckoo < r.bloom.bitsPerKey;
    };
    assert.equal(cheaper(0.001, false), true);
    assert.equal(cheaper(0.01, false), false);
    assert.equal(cheaper(0.01, true), true);
    assert.equal(cheaper(0.05, true), false);
  });

  it('gives the slow searches\' sizes and rates exactly (fast path against the reference on a grid of n and p)', () => {
    const grid: [number[], number[]][] = [
      [[1, 10, 1000, 1_000_000, 1e9, 2 ** 50], [0.5, 0.01, 1e-4, 1e-9, MIN_COMPARED_RATE]],
      [[2, 3, 100, 12_345, 950_000_001, 2 ** 40], [0.999999, 0.1, 0.0123, 1e-3, 3.3e-7, 1e-15]],
    ];
    let compared = 0;
    for (const [ns, ps] of grid) for (const n of ns) for (const p of ps) {
      let reference: ReturnType<typeof referenceSizes>;
      try {
        reference = referenceSizes(n, p);
      } catch (error) {
        // the Bloom row needs more than 2^53 - 1 bits: both refuse alike
        assert.throws(() => compareStructures(n, p), (e: Error) => e.message === (error as Error).message, `${n}, ${p}`);
        continue;
      }
      const fast = byId(compareStructures(n, p));
      const at = `n ${n}, p ${p}`;
      assert.deepEqual([fast.bloom.memoryBits, fast.bloom.parameters.k, fast.bloom.fp], [reference.bloom.mBits, reference.bloom.k, reference.bloom.fp], `bloom ${at}`);
      assert.equal(fast['counting-bloom'].fp, reference.countingBloomFp, `counting ${at}`);
      const blocked = fast['blocked-512'];
      assert.deepEqual([blocked.parameters.blocks, blocked.parameters.k, blocked.fp], [reference.blocked.lines, reference.blocked.k, reference.blocked.fp], `blocked ${at}`);
      assert.deepEqual([fast['split-block'].parameters.blocks, fast['split-block'].fp], [reference.splitBlock.blocks, reference.splitBlock.fp], `split-block ${at}`);
      const ribbon = fast.ribbon;
      assert.deepEqual([Math.round(ribbon.parameters.bitsPerKeySetting * 1000), ribbon.memoryBits, ribbon.fp], [reference.ribbon.millibits, reference.ribbon.filterBytes * 8, reference.ribbon.fp], `ribbon ${at}`);
      compared++;
    }
    assert.ok(compared >= 50, `compared ${compared} of 66 (n, p)`);
  });

  it('refuses bad input with a clear message and never returns NaN', () => {
    for (const [n, p] of [[0, 0.01], [-1, 0.01], [1.5, 0.01], [2 ** 53, 0.01], [NaN, 0.01], [1000, 0], [1000, 1], [1000, NaN], [1000, -0.1], [1000, 1e-30]]) {
      assert.throws(() => compareStructures(n, p), (error: Error) => error instanceof RangeError && /n must|p must/.test(error.message), `${n}, ${p}`);
    }
    for (const n of [1, 2, 3, 100, 12_345, 1e9, 2 ** 40]) {
      for (const p of [0.5, 0.1, 0.01, 1e-6, MIN_COMPARED_RATE, 0.999999]) {
        for (const r of compareStructures(n, p)) {
          for (const value of [r.bitsPerKey, r.memoryBits, r.fp]) assert.ok(Number.isFinite(value) && value >= 0, `${n} ${p} ${r.id}: ${value}`);
          if (!r.reachesTarget) assert.ok(r.fp > p && r.notes.some((note) => /reach/.test(note)), `${n} ${p} ${r.id}`);
        }
      }
    }
  });
});

describe('bloom-lens compare (CLI)', function () {
  this.timeout(120_000);
  const run = (...args: string[]) => spawnSync(process.execPath, [CLI, 'compare', ...args], { encoding: 'utf8', timeout: 30_000 });

  it('prints exactly the contract\'s JSON shape, one row per structure', () => {
    const result = run('--n', '1e6', '--p', '0.01', '--json');
    assert.equal(result.status, 0, result.stderr);
    assert.doesNotMatch(result.stdout, /NaN|Infinity/);
    const json = JSON.parse(result.stdout) as { n: number; p: number; structures: Record<string, unknown>[] };
    assert.deepEqual(Object.keys(json), ['n', 'p', 'structures']);
    assert.equal(json.n, 1_000_000);
    assert.equal(json.p, 0.01);
    assert.deepEqual(json.structures.map((s) => s.id), [...STRUCTURE_IDS]);
    const expected = compareStructures(1_000_000, 0.01);
    json.structures.forEach((s, i) => {
      assert.deepEqual(Object.keys(s), ['id', 'name', 'bitsPerKey', 'memoryBits', 'fp', 'inserts', 'deletes', 'accessesPerQuery', 'notes']);
      assert.equal(s.bitsPerKey, expected[i].bitsPerKey);
      assert.equal(s.fp, expected[i].fp);
      assert.equal(s.inserts, expected[i].inserts);
      assert.equal(s.deletes, expected[i].deletes);
    });
    const flags = Object.fromEntries(json.structures.map((s) => [s.id, [s.inserts, s.deletes]]));
    assert.deepEqual(flags.ribbon, [false, false]);
    assert.deepEqual(flags.xor, [false, false]);
    assert.deepEqual(flags.cuckoo, [true, true]);
    assert.deepEqual(flags.bloom, [true, false]);
  });

  it('prints a table for a person and exits 2 with one clear line on bad input', () => {
    const text = run('--n', '1000000', '--p', '0.01');
    assert.equal(text.status, 0);
    assert.match(text.stdout, /Binary fuse filter \(3-wise\)\s+7\.91/);
    assert.match(text.stdout, /Counting Bloom \(4-bit counters\)\s+38\.37/);
    for (const args of [['--n', '0', '--p', '0.01'], ['--n', '1e6', '--p', '1'], ['--n', '1e6'], ['--n', '9007199254740992', '--p', '0.01'], ['--n', '1e6', '--p', '1e-30'], ['--n', '1e6', '--p', '0.01', '--k', '3']]) {
      const bad = run(...args, '--json');
      assert.equal(bad.status, 2, args.join(' '));
      assert.match(bad.stderr, /^error: .+\n$/);
      assert.ok('error' in JSON.parse(bad.stdout));
    }
  });
});
