/**
 * Library modules (src/libraries): each library's own m and k against the numbers in library-models.md and the
 * sources' worked examples, each FP model against library-models.md's measurements, and the registry's shape.
 * Expected values are computed here from the sources' formulas or copied from the design documents, never from
 * our own output.
 */
import * as assert from 'node:assert/strict';
import { blockedFalsePositiveRatePerElement } from '../../src/core/layouts';
import { analyzeFinding } from '../../src/analysis/analyze';
import { ribbonFalsePositiveRate } from '../../src/core/ribbon';
import { detectConfigs } from '../../src/detect';
import { derive, filterBitsForKeys, libraryAllocations, LIBRARIES, libraryForRecognizer, modelForRecognizer, SNIPPET_LIBRARIES } from '../../src/libraries';
import { ERROR_TIGHTENING_RATIO } from '../../src/libraries/redisbloom';
import { rocksdbFilterSpace, rocksdbMillibits, ROCKSDB_RIBBON_MODEL } from '../../src/libraries/rocksdb';
import { PARQUET } from '../../src/libraries/parquet';

/** |model - measured| within z standard deviations of a measurement over `queries` absent keys, plus a relative tolerance. */
function assertNearMeasured(model: number, measured: number, queries: number, what: string, relativeTolerance = 0.02, z = 3.3): void {
  const sd = Math.sqrt((measured * (1 - measured)) / queries);
  assert.ok(Math.abs(model - measured) <= z * sd + relativeTolerance * measured, `${what}: model ${model} vs measured ${measured} (sd ${sd})`);
}

describe('libraries: RedisBloom (src/rebloom.c bfCreateChain, src/sb.c SB_NewChain, deps/bloom/bloom.c bloom_init)', () => {
  it('BF.RESERVE k 0.01 1000000: m = 11,027,776 and k = 8; NONSCALING: m = 9,585,088 and k = 7 (library-models.md)', () => {
    assert.deepEqual([derive.redisBloom(1e6, 0.01, false).m, derive.redisBloom(1e6, 0.01, false).k], [11_027_776, 8]);
    assert.deepEqual([derive.redisBloom(1e6, 0.01, true).m, derive.redisBloom(1e6, 0.01, true).k], [9_585_088, 7]);
  });

  it('no power-of-two rounding: bits = (uint64)(n · bpe) rounded up to 64-bit words, first link at p · 0.5', () => {
    for (const [n, p] of [[1000, 0.01], [50_000, 0.001], [123_457, 0.0003], [1, 0.5]] as const) {
      for (const nonScaling of [false, true]) {
        const error = nonScaling ? p : p * 0.5;
        const bpe = -Math.log(error) / 0.480453013918201; // calc_bpe's ln²2 constant
        const bits = Math.max(1, Math.floor(n * bpe));
        const d = derive.redisBloom(n, p, nonScaling);
        assert.equal(d.m, Math.ceil(bits / 64) * 64, `n = ${n}, p = ${p}, NONSCALING ${nonScaling}`);
        assert.equal(d.k, Math.ceil(0.693147180559945 * bpe)); // bloom.c's LN2
        assert.equal(d.p, nonScaling ? undefined : error);
      }
    }
    assert.equal(ERROR_TIGHTENING_RATIO, 0.5);
  });
});

describe('libraries: Guava, fastbloom, LevelDB, Cassandra', () => {
  it('Guava 31.1: n = 1e5, p = 0.01 gives m = 958,528 and k = 7 (library-models.md, measured)', () => {
    const d = derive.guava(1e5, 0.01);
    assert.deepEqual([d.m, d.k], [958_528, 7]);
  });

  it('fastbloom 0.17 is a standard filter: optimal_size rounded up to 64-bit words, k = round(ln 2 · m / n)', () => {
    // builder.rs optimal_size: 8 · ceil(n ln p / (-8 ln²2)), at least 64; lib.rs new_builder: ceil(bits / 64) words
    const bits = Math.max(64, 8 * Math.ceil((10_000 * Math.log(0.001)) / (-8 * Math.LN2 * Math.LN2)));
    const m = Math.ceil(bits / 64) * 64;
    const d = derive.fastbloomFalsePos(10_000, 0.001);
    assert.equal(d.m, m);
    assert.equal(d.k, Math.round((Math.LN2 * m) / 10_000));
    assert.deepEqual(derive.fastbloomNumBits(1000, 100), { m: 1024, k: Math.round((Math.LN2 * 1024) / 100) });
    assert.equal(derive.fastbloomNumBits(1024, undefined, 0).k, 1); // hashes(0) is treated as 1
    assert.equal(modelForRecognizer('rust.fastbloom.withFalsePos')?.layout.kind, 'classic');
  });

  it('LevelDB: k = (int)(bits_per_key · 0.69) clamped to [1, 30] (util/bloom.cc)', () => {
    assert.equal(derive.leveldb(10).k, 6);
    assert.equal(derive.leveldb(1).k, 1);
    assert.equal(derive.leveldb(100).k, 30);
  });

  it('Cassandra: fp_chance 0.01 gives 10 buckets per element and 5 hashes (BloomCalculations.computeBloomSpec)', () => {
    const d = derive.cassandra(0.01);
    assert.deepEqual([d.bitsPerElement, d.k], [10, 5]);
  });
});

describe('libraries: RocksDB (filter_policy.cc, util/bloom_impl.h)', () => {
  it('k from ChooseNumProbes as in library-models.md: 6, 10, 16, 20 bits/key give 4, 6, 9, 11', () => {
    assert.deepEqual([6, 10, 16, 20].map((b) => derive.rocksdb(b).k), [4, 6, 9, 11]);
  });

  it('millibits = (int)(bpk · 1000 + 0.500001); < 0.5 no filter, < 1 -> 1, >= 100 -> 100', () => {
    assert.equal(rocksdbMillibits(9.9995), 10000);
    assert.equal(rocksdbMillibits(7.4999999999999), 7500);
    assert.equal(derive.rocksdb(0.4).k, undefined);
    assert.equal(derive.rocksdb(0.7).bitsPerElement, 1);
    assert.equal(derive.rocksdb(250).bitsPerElement, 100);
  });

  it('filter bytes: ceil(n · millibits / 8000) rounded to 64-byte lines, plus 5 metadata bytes (measured 250,053 for 200k keys at 10 bits/key)', () => {
    assert.equal(rocksdbFilterSpace(200_000, 10_000).bytesWithMetadata, 250_053);
    assert.equal(rocksdbFilterSpace(200_000, 10_000).filterBits, 250_048 * 8);
    assert.equal(rocksdbFilterSpace(1, 10_000).filterBits, 512);
  });

  it('the blocked model is within the measurement of RocksDB 7.8 (1,000,000 absent keys; library-models.md)', () => {
    const model = modelForRecognizer('rocksdb.bitsPerKey')!.model;
    assert.equal(model.id, 'blocked-512');
    for (const [bitsPerKey, k, measured] of [[6, 4, 0.0579], [10, 6, 0.00963], [16, 9, 0.000847], [20, 11, 0.000197]] as const) {
      assert.equal(derive.rocksdb(bitsPerKey).k, k);
      assertNearMeasured(model.perElement!(bitsPerKey, k)!, measured, 1_000_000, `${bitsPerKey} bits/key`);
    }
  });

  it('Ribbon: the FP RocksDB sizes it for, 1 / desired_one_in_fp_rate_ = BloomMath::CacheLocalFpRate(bpk, probes, 512)', () => {
    const standard = (b: number, k: number): number => (1 - Math.exp(-k / b)) ** k;
    const cacheLocal = (b: number, k: number): number => {
      const keys = 512 / b;
      const sd = Math.sqrt(keys);
      return (standard(512 / (keys + sd), k) + standard(512 / (keys - sd), k)) / 2;
    };
    assert.ok(Math.abs(ROCKSDB_RIBBON_MODEL.perElement!(10, undefined)! / cacheLocal(10, 6) - 1) < 1e-12);
    assert.ok(Math.abs(ROCKSDB_RIBBON_MODEL.perElement!(20, undefined)! / cacheLocal(20, 11) - 1) < 1e-12);
    assert.equal(modelForRecognizer('rocksdb.ribbon')?.layout.kind, 'ribbon');
  });
});

describe('libraries: filter memory for a known number of keys (bits-per-key libraries)', () => {
  // Measured with Debian's RocksDB 7.8 and LevelDB 1.23 for 200,000 keys (the conformance suite checks these live).
  it('RocksDB: whole 64-byte cache lines (2,000,384 bits at 10 bits/key), Ribbon: its slots (1,409,408 bits), LevelDB: whole bytes', () => {
    assert.equal(filterBitsForKeys('rocksdb.bitsPerKey', 200_000, 10), 2_000_384);
    assert.equal(filterBitsForKeys('rocksdb.bitsPerKey', 200_000, 16), 3_200_000);
    assert.equal(filterBitsForKeys('rocksdb.ribbon', 200_000, 10), 1_409_408);
    assert.equal(filterBitsForKeys('leveldb.bitsPerKey', 100, 10), 1000);
    assert.equal(filterBitsForKeys('tikv.bloomFilterBitsPerKey', 200_000, 10), 2_000_384, 'TiKV hands its setting to RocksDB');
    assert.equal(filterBitsForKeys('go.goleveldb.bloomFilter', 5, 10), 64, 'goleveldb, like LevelDB, allocates at least 64 bits');
    assert.equal(filterBitsForKeys('cassandra.fpChance', 1000, 10), 10_000, 'a library without its own rounding: ceil(n · bits per key)');
  });

  it('an annotated n gives the Ribbon filter its real memory and the FP of its Bloom-equivalent setting', () => {
    const [finding] = detectConfigs('// bloom-lens: n=200000\nauto policy = rocksdb::NewRibbonFilterPolicy(10);\n', { languageId: 'cpp' });
    assert.equal(finding?.recognizer, 'rocksdb.ribbon');
    const report = analyzeFinding(finding);
    assert.equal(report.config.mBits, 1_409_408);
    assert.equal(report.metrics.headline?.falsePositiveRate, ribbonFalsePositiveRate(10, 200_000));
  });
});

describe('libraries: Parquet split-block (BlockSplitBloomFilter, parquet-format BloomFilter.md)', () => {
  it('sizing: -8n / ln(1 - p^(1/8)) bits, bytes to a power of two in [32, max]', () => {
    assert.equal(derive.parquetSbbf(10_000, 0.01, 1 << 20).m, 16384 * 8); // 96,815 bits -> 12,102 bytes -> 16,384 bytes
    assert.equal(derive.parquetSbbf(1, 0.5, 1 << 20).m, 32 * 8);
    assert.equal(derive.parquetSbbf(1e9, 0.01, 1 << 20).m, (1 << 20) * 8);
    assert.equal(derive.parquetSbbf(10_000, 0.01, 1 << 20).k, 8);
  });

  it('the model reproduces library-models.md\'s SBBF table (8, 10, 12, 16, 20 bits per value)', () => {
    const table: [number, number][] = [[8, 0.0332], [10, 0.0126], [12, 0.0054], [16, 0.0013], [20, 0.00042]];
    for (const [bitsPerValue, expected] of table) {
      const rate = PARQUET.model.perElement!(bitsPerValue, 8)!;
      assert.ok(Math.abs(rate / expected - 1) < 0.05, `${bitsPerValue} bits per value: ${rate} vs ${expected}`);
    }
  });
});

describe('libraries: the registry', () => {
  it('ids are unique, every module cites repository, file and function, and a recogniser belongs to one module', () => {
    const ids = LIBRARIES.map((l) => l.id);
    assert.equal(new Set(ids).size, ids.length);
    const recognizers = LIBRARIES.flatMap((l) => l.recognizers);
    assert.equal(new Set(recognizers).size, recognizers.length);
    for (const library of LIBRARIES) {
      assert.ok(library.sources.length > 0, library.id);
      // a repository as owner/name, or for a closed product (Databricks) the documentation site that states its behaviour
      for (const source of library.sources) assert.ok((/^[\w.-]+\/[\w.-]+$/.test(source.repository) || /^https:\/\/docs\.[\w.-]+$/.test(source.repository)) && source.file && source.function, `${library.id}: ${JSON.stringify(source)}`);
      for (const id of library.recognizers) assert.equal(libraryForRecognizer(id), library);
    }
    const snippets = SNIPPET_LIBRARIES.map((s) => s.id);
    assert.equal(new Set(snippets).size, snippets.length);
    assert.equal(snippets[0], 'annotation');
  });

  it('the designer table takes each library\'s FP from its own model (RocksDB: its real filter for n keys)', () => {
    const rows = new Map(libraryAllocations(200_000, 0.01).map((row) => [row.id, row]));
    const rocks = rows.get('rocksdb')!;
    // NewBloomFilterPolicy(9.59): 9585 millibits, k = 6, (200000 · 9585 + 7999) / 8000 = 239,625 bytes -> 239,680 (64-byte lines)
    assert.equal(rocks.k, 6);
    assert.equal(rocks.mBits, 239_680 * 8);
    assert.ok(rocks.falsePositiveRate! > 0.01, 'the blocked filter is above the classic sizing\'s target');
    const parquet = rows.get('parquet')!;
    assert.ok(parquet.notes.some((note) => /split-block/.test(note)));
    assert.ok(Math.abs(blockedFalsePositiveRatePerElement(20, 11, 512) - modelForRecognizer('rocksdb.bitsPerKey')!.model.perElement!(20, 11)!) < 1e-15);
  });
});

describe('libraries: BIP37 in JavaScript, as the running npm libraries size (bloom-filter 0.2.0, bfilter 2.4.0; conformance suite)', () => {
  const analyzed = (text: string) => {
    const finding = detectConfigs(text, { languageId: 'javascript' })[0];
    assert.ok(finding, text);
    return analyzeFinding(finding);
  };

  it('bitcore create(50000, 0.001): floor(size / 8) bytes = 718,872 bits and k = floor(m / n · ln 2) = 9 (not Bitcoin Core\'s capped size)', () => {
    assert.deepEqual([derive.bitcoinBloom(50_000, 0.001).m], [288_000]); // Bitcoin Core caps at 36,000 bytes
    const report = analyzed("const BloomFilter = require('bloom-filter');\nconst f = BloomFilter.create(50000, 0.001);");
    assert.deepEqual([report.derived.m, report.derived.k], [718_872, 9]);
    assert.ok(!report.diagnostics.some((d) => d.code === 'BL002'), 'a healthy filter: no BL002');
  });

  it('bitcore caps the data at 36,000 · 8 bytes and clamps k to [1, 50]', () => {
    const capped = analyzed("const BloomFilter = require('bloom-filter');\nconst f = BloomFilter.create(1000000, 0.0001);");
    assert.deepEqual([capped.derived.m, capped.derived.k], [2_304_000, 1]);
    assert.ok(Math.abs((capped.derived.fp as number) - 0.3521) < 0.001, `FP ${capped.derived.fp}`); // measured 35.24 % ± 0.35 %
    const { m: mHalf, k: kHalf } = analyzed("const BloomFilter = require('bloom-filter');\nconst f = BloomFilter.create(1000, 0.5);").derived;
    assert.deepEqual([mHalf, kHalf], [1440, 1]); // floor(0.998) = 0, raised to MIN_HASH_FUNCS
    const { k: kTiny } = analyzed("const BloomFilter = require('bloom-filter');\nconst f = BloomFilter.create(100, 1e-16);").derived;
    assert.equal(kTiny, 50); // 53, capped
  });

  it('bcoin fromRate rounds the size down to whole bytes: 287,544 and 95,848 bits', () => {
    assert.equal(analyzed("const { BloomFilter } = require('bfilter');\nBloomFilter.fromRate(20000, 0.001, 1);").derived.m, 287_544);
    assert.equal(analyzed("const { BloomFilter } = require('bfilter');\nBloomFilter.fromRate(5000, 0.0001, 1);").derived.m, 95_848);
  });

  it('bcoin over its BIP37 limits without update = -1 is BL001 quoting its error, with no rates; update = -1 builds it', () => {
    for (const call of ['BloomFilter.fromRate(100000, 0.01, 1)', 'BloomFilter.fromRate(100000, 0.01)', 'BloomFilter.fromRate(100, 1e-16, 1)']) {
      const report = analyzed(`const { BloomFilter } = require('bfilter');\n${call};`);
      assert.deepEqual(report.diagnostics.map((d) => d.code), ['BL001'], call);
      assert.match(report.diagnostics[0].message, /Bloom filter size violates policy limits!/);
      assert.equal(report.derived.fp, undefined, `${call}: no rate for a filter that never exists`);
      assert.equal(report.derived.m, undefined);
    }
    const unlimited = analyzed("const { BloomFilter } = require('bfilter');\nBloomFilter.fromRate(100000, 0.01, -1);");
    assert.deepEqual([unlimited.derived.m, unlimited.derived.k], [958_504, 6]);
    assert.ok(!unlimited.diagnostics.some((d) => d.code === 'BL001'));
  });
});

describe('libraries: Guava refusals are BL001 with Guava\'s own message (BloomFilter.create checkArgument; run by the conformance suite)', () => {
  const guavaReport = (n: string, p: string) => {
    const finding = detectConfigs(`import com.google.common.hash.BloomFilter;\nBloomFilter<Long> f = BloomFilter.create(Funnels.longFunnel(), ${n}, ${p});`, { languageId: 'java' })[0];
    return analyzeFinding(finding);
  };

  it('p outside (0, 1), negative insertions, 0 bits and more than 2^31 − 1 words', () => {
    for (const [n, p, message] of [
      ['1000L', '0', 'False positive probability (0.0) must be > 0.0'],
      ['1000L', '1.5', 'False positive probability (1.5) must be < 1.0'],
      ['1000L', '1', 'False positive probability (1.0) must be < 1.0'],
      ['-1L', '0.01', 'Expected insertions (-1) must be >= 0'],
      ['1L', '0.99', 'Could not create BloomFilter of 0 bits'],
      ['20000000000L', '0.01', 'Could not create BloomFilter of 191701167547 bits'],
    ] as const) {
      const report = guavaReport(n, p);
      assert.deepEqual(report.diagnostics.map((d) => d.code), ['BL001'], `${n}, ${p}`);
      assert.ok(report.diagnostics[0].message.includes(message), `${n}, ${p}: ${report.diagnostics[0].message}`);
      assert.equal(report.derived.fp, undefined);
    }
  });

  it('just inside the word cap Guava builds the filter (2^31 − 1 words of 64 bits)', () => {
    // n = 1.4e10 at p = 0.01 needs 134,191,817,283 bits = 2,096,747,145 words < 2^31 − 1
    const inside = derive.guava(14_000_000_000, 0.01);
    assert.equal(inside.rejects, undefined);
    assert.ok((inside.m as number) / 64 <= 2 ** 31 - 1);
    const over = /Could not create BloomFilter of (\d+) bits/.exec(derive.guava(15_000_000_000, 0.01).rejects?.[0] ?? '');
    assert.ok(over && Math.ceil(Number(over[1]) / 64) > 2 ** 31 - 1, 'n = 1.5e10 at p = 0.01 is refused');
  });
});

describe('libraries: PostgreSQL BRIN bloom as brin_bloom.c sizes it (checked against PostgreSQL 15 by the conformance suite)', () => {
  const brin = (options: string, withClause = '') => analyzeFinding(detectConfigs(`CREATE INDEX i ON t USING brin (c int4_bloom_ops${options})${withClause};`, { languageId: 'sql' })[0]);

  it('n_distinct_per_range: the default −0.1 is 10 % of 291 × 128 tuples; at least 16; at most 291 × pages_per_range', () => {
    for (const [options, withClause, m, k, n] of [
      ['(n_distinct_per_range = 100, false_positive_rate = 0.01)', '', 960, 7, 100],
      ['', '', 35_696, 7, 3724],
      ['(n_distinct_per_range = 5)', '', 160, 7, 16],
      ['(n_distinct_per_range = -0.1, false_positive_rate = 0.01)', ' WITH (pages_per_range = 1)', 280, 7, 29],
      ['(n_distinct_per_range = 1000, false_positive_rate = 0.25)', ' WITH (pages_per_range = 4)', 2888, 2, 1000],
    ] as const) {
      const report = brin(options, withClause);
      assert.deepEqual([report.derived.m, report.derived.k, report.derived.n], [m, k, n], `${options}${withClause}`);
      assert.ok(!report.diagnostics.some((d) => d.code === 'BL001'));
    }
  });

  it('a filter over 8144 bytes is BL001 with PostgreSQL\'s ERROR, and no rates', () => {
    const report = brin('(n_distinct_per_range = 100000, false_positive_rate = 0.01)');
    assert.deepEqual(report.diagnostics.map((d) => d.code), ['BL001']);
    assert.match(report.diagnostics[0].message, /the bloom filter is too large \(44629 > 8144\)/); // 100000 is capped at 37248 first
    assert.equal(report.derived.fp, undefined);
    const row = libraryAllocations(1_000_000, 0.01).find((allocation) => allocation.id === 'brin');
    assert.ok(row && row.mBits === undefined && row.falsePositiveRate === undefined && /the bloom filter is too large \(44629 > 8144\)/.test(row.notes.join(' ')), JSON.stringify(row));
  });
});
