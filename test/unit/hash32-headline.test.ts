/**
 * LevelDB and RocksDB's legacy filter at the headline (issue 18 item 3): the cheap tables the hover reads, checked against the
 * seeded bit-exact estimator and the semi-analytic model they were generated from, against the libraries running here, and
 * through detection and analysis (hover, lens, derived.fp).
 */
import * as assert from 'node:assert/strict';
import { analyzeFinding } from '../../src/analysis/analyze';
import {
  LEVELDB_FILTER_SIZES, levelDbDatabaseFalsePositiveRate, levelDbFalsePositiveRateEstimate, rocksDbLegacyFalsePositiveRate,
  rocksDbLegacyFalsePositiveRateEstimate, rocksDbLegacyFalsePositiveRateSemiAnalytic,
} from '../../src/core/hash32';
import { LEVELDB_RATE_CLASSES, LEVELDB_RATES, LEVELDB_RATES_MAX_BITS_PER_KEY } from '../../src/core/levelDbRates';
import { detectConfigs } from '../../src/detect';
import type { Finding } from '../../src/detect/types';
import { filterBitsForKeys } from '../../src/libraries';

function only(text: string, languageId: string, fileName: string): Finding {
  const findings = detectConfigs(text, { languageId, fileName });
  assert.equal(findings.length, 1, JSON.stringify(findings.map((f) => f.recognizer)));
  return findings[0];
}

const LEVELDB_CALL = (bitsPerKey: number, annotation = ''): string => `#include "leveldb/filter_policy.h"\n${annotation}options.filter_policy = leveldb::NewBloomFilterPolicy(${bitsPerKey});`;

describe('hash32 at the headline: LevelDB in a database', () => {
  it('the table covers whole bits per key 1..30 for three filter sizes; 99.9% intervals within 5% (8% above 20 bits/key)', () => {
    assert.equal(LEVELDB_RATES.length, LEVELDB_RATES_MAX_BITS_PER_KEY);
    assert.equal(LEVELDB_RATES_MAX_BITS_PER_KEY, 30);
    LEVELDB_RATES.forEach((row, i) => {
      assert.equal(row.length, LEVELDB_RATE_CLASSES.length);
      const bound = i + 1 <= 20 ? 0.05 : 0.08; // scripts/hash32-tables.mjs: a fifth of the work above 20 bits/key
      for (const [rate, relativeHalfWidth] of row) assert.ok(rate > 0 && rate < 1 && relativeHalfWidth > 0 && relativeHalfWidth <= bound, `${i + 1} bits/key: ${rate} ±${relativeHalfWidth}`);
    });
    assert.equal(levelDbDatabaseFalsePositiveRate(0), undefined, 'below 1 bit/key: not in the table');
    assert.equal(levelDbDatabaseFalsePositiveRate(31), undefined);
    assert.equal(levelDbDatabaseFalsePositiveRate(14.9)?.estimate, levelDbDatabaseFalsePositiveRate(14)?.estimate, 'LevelDB takes an int');
  });

  for (const bitsPerKey of [10, 14, 20]) {
    it(`the table at ${bitsPerKey} bits/key is the seeded estimator's average over filters of 30-40 keys (independent seed)`, () => {
      const table = levelDbDatabaseFalsePositiveRate(bitsPerKey);
      assert.ok(table);
      let sum = 0;
      let halfWidths = 0;
      const sizes = [30, 35, 40];
      for (const keys of sizes) {
        const e = levelDbFalsePositiveRateEstimate(keys, bitsPerKey, { seed: 7, relativeHalfWidth: 0.04, maxWork: 2e8 });
        sum += e.estimate;
        halfWidths += ((e.upper - e.lower) / 2) ** 2;
      }
      // Three of the eleven sizes: their mean is within the wiggle between sizes (about 5%) plus both intervals.
      const mean = sum / sizes.length;
      const allowed = Math.sqrt(halfWidths) / sizes.length + (table.upper - table.estimate) + 0.05 * table.estimate;
      assert.ok(Math.abs(mean - table.estimate) <= allowed, `table ${table.estimate}, estimator ${mean} ± ${allowed}`);
    });
  }

  it('reproduces LevelDB 1.23 measured in a real database (200k keys of 19 bytes, random values, 1M absent Gets)', () => {
    // Counting FilterPolicy around NewBloomFilterPolicy: filter checks and positives, and the keys of every filter built.
    // [bits/key, filter size class, keys per filter measured, positives per 999,952 filter checks]
    const measured: [number, keyof typeof LEVELDB_FILTER_SIZES, number, number, number][] = [
      [14, 'typical', 33, 2371, 999_952], // 100-byte values (the 0.178% had compressible values: 66-99 keys per filter)
      [10, 'typical', 33, 10_176, 999_952],
      [14, 'largeValues', 4, 18_105, 999_543], // 1 KB values
    ];
    for (const [bitsPerKey, size, keys, positives, checks] of measured) {
      assert.equal(LEVELDB_FILTER_SIZES[size].keys > 0, true);
      const rate = positives / checks;
      const sd = Math.sqrt((rate * (1 - rate)) / checks);
      const table = levelDbDatabaseFalsePositiveRate(bitsPerKey, size);
      assert.ok(table);
      // conformance rule: z(99.9%) sd + 2% of the model, plus the table's own interval and the 33-vs-35-key difference (3%)
      assert.ok(Math.abs(table.estimate - rate) <= 3.29 * sd + (table.upper - table.estimate) + 0.05 * table.estimate,
        `${bitsPerKey} bits/key, ${keys} keys per filter: measured ${rate}, table ${table.estimate}`);
    }
  });

  it('hover, lens and derived.fp lead with the database rate, say the filter size it assumes, and give the other sizes', () => {
    const report = analyzeFinding(only(LEVELDB_CALL(14), 'cpp', 'db.cc'));
    const table = levelDbDatabaseFalsePositiveRate(14);
    assert.ok(table);
    assert.equal(report.derived.fp, table.estimate);
    assert.equal(report.derived.model, 'leveldb-hash32');
    assert.ok(table.estimate > 0.0022 && table.estimate < 0.0026, 'about twice the textbook 0.121%');
    assert.match(report.hover.answer, /^FP 0\.2\d\d% per element · 14 bits\/element · k = 9/);
    assert.match(report.lens, /FP 0\.2\d\d% \(textbook 0\.121%\)/);
    const row = report.hover.rows.find(([label]) => label.startsWith('FP per element (LevelDB'));
    assert.ok(row, JSON.stringify(report.hover.rows));
    assert.match(row[0], /filters of ~35 keys \(4 KB blocks of 100-byte values\)/);
    const detail = report.diagnostics.find((d) => d.code === 'BL006')?.detail ?? '';
    assert.match(detail, /~4 keys \(1 KB values\) [0-9.]+%, ~35 keys \(100-byte values\) [0-9.]+%, ~120 keys \(10-byte values\) [0-9.]+%/);
  });

  it('a known n sets the memory, not the keys per filter: the rate stays the database rate', () => {
    const report = analyzeFinding(only(LEVELDB_CALL(14, '// bloom-lens: n=200000\n'), 'cpp', 'db.cc'));
    assert.equal(report.config.mBits, filterBitsForKeys('leveldb.bitsPerKey', 200_000, 14));
    assert.equal(report.metrics.headline?.falsePositiveRate, levelDbDatabaseFalsePositiveRate(14)?.estimate);
  });
});

describe('hash32 at the headline: RocksDB format_version < 5 (legacy Bloom)', () => {
  const cpp = (formatVersion: string, annotation = ''): string => `#include <rocksdb/filter_policy.h>\n${formatVersion}\n${annotation}table_options.filter_policy.reset(rocksdb::NewBloomFilterPolicy(16, false));`;

  it('reads format_version from the same file: a C++ setter, an OPTIONS file, Java setFormatVersion; not from a comment', () => {
    const legacy = only(cpp('table_options.format_version = 4;'), 'cpp', 'db.cc');
    assert.equal(legacy.recognizer, 'rocksdb.legacyBloom');
    assert.equal(legacy.derived.k, 11, 'LegacyNoLocalityBloomImpl::ChooseNumProbes(16) = (int)(16 * 0.69)');
    assert.equal(only(cpp('table_options.format_version = 5;'), 'cpp', 'db.cc').recognizer, 'rocksdb.bitsPerKey');
    assert.equal(only(cpp('// table_options.format_version = 4;'), 'cpp', 'db.cc').recognizer, 'rocksdb.bitsPerKey');
    const options = only('[TableOptions/BlockBasedTable "default"]\n  format_version=3\n  filter_policy=bloomfilter:10:false\n', 'ini', 'OPTIONS-000007');
    assert.deepEqual([options.recognizer, options.derived.k], ['rocksdb.legacyBloom', 6]);
    const java = only('import org.rocksdb.*;\nBlockBasedTableConfig t = new BlockBasedTableConfig().setFormatVersion(4).setFilterPolicy(new BloomFilter(20));', 'java', 'Db.java');
    assert.deepEqual([java.recognizer, java.derived.k], ['rocksdb.legacyBloom', 13]);
  });

  it('the legacy table is the semi-analytic model (util/bloom_test.cc: 16 bits/key, 11 probes, 0.3571%)', () => {
    for (const bitsPerKey of [6, 10, 16, 20]) {
      const n = 200_000;
      const semi = rocksDbLegacyFalsePositiveRateSemiAnalytic(n, bitsPerKey);
      assert.ok(Math.abs((rocksDbLegacyFalsePositiveRate(bitsPerKey) ?? 0) / semi - 1) < 2e-3, `${bitsPerKey} bits/key`);
    }
    assert.ok(Math.abs((rocksDbLegacyFalsePositiveRate(16) ?? 0) - 0.003571) < 0.000005);
    assert.equal(rocksDbLegacyFalsePositiveRate(24), undefined, 'k = 16 is the semi-analytic limit');
  });

  it('m, k and FP of the legacy filter through analysis; past 8,192 lines the 32-bit floor is added (seeded estimate agrees)', () => {
    const small = analyzeFinding(only(cpp('table_options.format_version = 4;', '// bloom-lens: n=200000\n'), 'cpp', 'db.cc'));
    assert.equal(small.config.mBits, 6251 * 512, 'an odd number of 512-bit lines (LegacyBloomBitsBuilder)');
    assert.equal(small.config.k, 11);
    assert.equal(small.metrics.headline?.modelId, 'rocksdb-legacy-hash32');
    assert.equal(small.metrics.headline?.falsePositiveRate, rocksDbLegacyFalsePositiveRate(16));
    const large = analyzeFinding(only(cpp('table_options.format_version = 4;', '// bloom-lens: n=1000000\n'), 'cpp', 'db.cc'));
    const shown = large.metrics.headline?.falsePositiveRate ?? 0;
    const estimate = rocksDbLegacyFalsePositiveRateEstimate(1_000_000, 16, { relativeHalfWidth: 0.04, maxWork: 1e8 });
    assert.ok(shown > (rocksDbLegacyFalsePositiveRate(16) ?? 1));
    assert.ok(Math.abs(shown - estimate.estimate) <= (estimate.upper - estimate.estimate) + 0.02 * shown, `${shown} vs ${estimate.estimate}`);
  });
});
