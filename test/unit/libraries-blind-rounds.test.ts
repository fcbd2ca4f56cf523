/**
 * Libraries added for blind rounds B and C (issue 17): each derivation checked against numbers worked out by hand from
 * the library's source (the arithmetic is in the comments), and the entry points no fixture file covers.
 */
import * as assert from 'node:assert/strict';
import { detectConfigs } from '../../src/detect/index';
import { accumuloBloom } from '../../src/libraries/accumulo';
import { badgerBloom } from '../../src/libraries/badger';
import { btcdFilter } from '../../src/libraries/btcd';
import { gethStateBloom } from '../../src/libraries/geth';
import { paimonBloom } from '../../src/libraries/paimon';
import { parquetjsBytes, parquetjsFilter } from '../../src/libraries/parquetjs';
import { rueidisprobBloom } from '../../src/libraries/rueidisprob';
import type { Finding } from '../../src/detect/types';

function only(text: string, fileName: string): Finding {
  const findings = detectConfigs(text, { fileName });
  assert.equal(findings.length, 1, findings.map((f) => `${f.recognizer} ${JSON.stringify(f.params)}`).join('; '));
  return findings[0];
}

describe('libraries of the blind rounds: their own sizing', () => {
  it('btcd NewFilter: BIP37 bytes, k by float division', () => {
    // (uint32)(-1000 ln 1e-4 / ln²2) = 19170 bits -> 2396 bytes = 19168 bits; k = (uint32)(19168 / 1000 · ln 2) = 13
    assert.deepEqual([btcdFilter(1000, 1e-4).m, btcdFilter(1000, 1e-4).k], [19168, 13]);
    // 1e6 keys at 1e-4 need more than 36000 bytes: capped, with a note
    const capped = btcdFilter(1_000_000, 1e-4);
    assert.equal(capped.m, 288_000);
    assert.ok(capped.notes?.some((note) => note.includes('36000')));
  });

  it('rueidisprob: m = ceil(-n ln p / ln²2), k = round(m/n ln 2), at most 2^32 bits', () => {
    assert.deepEqual([rueidisprobBloom(1_000_000, 0.001).m, rueidisprobBloom(1_000_000, 0.001).k], [14_377_588, 10]);
    assert.ok(rueidisprobBloom(1e9, 1e-6).rejects?.[0].includes('2^32'));
  });

  it('Paimon BloomFilter64: truncated bits, then up to the next byte (always at least one more bit)', () => {
    // (int)(-500000 ln 0.01 / ln²2) = 4792529; + (8 - 4792529 % 8) = 4792536; k = round(4792536 / 500000 · ln 2) = 7
    assert.deepEqual([paimonBloom(500_000, 0.01).m, paimonBloom(500_000, 0.01).k], [4_792_536, 7]);
    assert.equal(paimonBloom(1000, 0.5).m! % 8, 0);
  });

  it('Accumulo: k fixed at 5, vectorSize = ceil(-5n / ln(1 - p^(1/5)))', () => {
    const derived = accumuloBloom(2_000_000, 0.001);
    assert.deepEqual([derived.m, derived.k], [34_569_996, 5]);
  });

  it('Badger: the hash count for p becomes the bits per key (the trap in the table builder)', () => {
    // ceil(-ln 0.01 / ln 2) = 7 bits per key, k = (int)(7 · 0.69) = 4; p = 0.001: 10 and 6
    assert.deepEqual([badgerBloom(0.01).bitsPerElement, badgerBloom(0.01).k], [7, 4]);
    assert.deepEqual([badgerBloom(0.001).bitsPerElement, badgerBloom(0.001).k], [10, 6]);
  });

  it('geth --bloomfilter.size: megabytes of bits, 4 hashes, at least 256 MB', () => {
    assert.deepEqual([gethStateBloom(2048 * 8 * 1024 * 1024).m, gethStateBloom(2048 * 8 * 1024 * 1024).k], [2048 * 8 * 1024 * 1024, 4]);
    assert.equal(gethStateBloom(100 * 8 * 1024 * 1024).m, 256 * 8 * 1024 * 1024);
    const flag = only('geth --datadir /d snapshot prune-state --bloomfilter.size 512\n', 'prune.sh');
    assert.equal(flag.params.m, 512 * 8 * 1024 * 1024);
  });

  it('parquetjs: one eighth of the blocks its own formula asks for', () => {
    // m = -8 · 100000 / ln(1 - 0.001^(1/8)) = 1460769.7; (m + 31) & ~32 = 1460800; (1460800 + 255) & ~256 = 1460799;
    // ceil(1460799 / 256) = 5707 blocks, >>> 3 = 713 blocks = 182528 bits
    assert.deepEqual([parquetjsFilter(100_000, 0.001).m, parquetjsFilter(100_000, 0.001).k], [182_528, 8]);
    assert.equal(parquetjsBytes(3000 * 8).m, 4096 * 8); // bytes up to a power of two
    assert.ok(parquetjsBytes(100 * 8).rejects?.length);
  });
});

describe('entry points of the blind rounds that no corpus file shows', () => {
  it('steakknife/bloomfilter New(m, k) is told from holiman by its import', () => {
    const finding = only('import "github.com/steakknife/bloomfilter"\nvar f, _ = bloomfilter.New(1<<20, 7)\n', 'a.go');
    assert.equal(finding.recognizer, 'go.steakknife.new');
    assert.deepEqual([finding.params.m, finding.params.k], [1 << 20, 7]);
  });

  it('rueidisprob counting filter, pyprobables expanding and rotating filters, probabilistic-collections from_item_count', () => {
    assert.equal(only('import "github.com/redis/rueidis/rueidisprob"\nf, _ := rueidisprob.NewCountingBloomFilter(c, "k", 1000, 0.01)\n', 'a.go').recognizer, 'rueidisprob.newCountingBloomFilter');
    const expanding = only('from probables import ExpandingBloomFilter\nf = ExpandingBloomFilter(est_elements=5000, false_positive_rate=0.01)\n', 'a.py');
    assert.deepEqual([expanding.recognizer, expanding.params.n, expanding.params.p], ['pyprobables.expandingBloomFilter', 5000, 0.01]);
    assert.equal(only('from probables import RotatingBloomFilter\nf = RotatingBloomFilter(est_elements=10, false_positive_rate=0.05)\n', 'a.py').recognizer, 'pyprobables.rotatingBloomFilter');
    const fromCount = only('use probabilistic_collections::bloom::BloomFilter;\nlet f = BloomFilter::<u32>::from_item_count(8192, 1000);\n', 'a.rs');
    // k = ceil(8192 / 1000 · ln 2) = 6
    assert.deepEqual([fromCount.recognizer, fromCount.params.m, fromCount.params.n, fromCount.derived.k], ['rust.probabilistic-collections.fromItemCount', 8192, 1000, 6]);
  });

  it('a rate in percent and an inverse rate are read as probabilities, without a range to rewrite', () => {
    const accumulo = only('config -t t -s table.bloom.size=1000\nconfig -t t -s table.bloom.error.rate=0.5%\n', 'a.sh');
    assert.equal(accumulo.params.p, 0.005);
    assert.equal(accumulo.sources.p?.range, undefined);
    const yourbasic = only('import "github.com/yourbasic/bloom"\nvar f = bloom.New(1000, 50)\n', 'a.go');
    assert.equal(yourbasic.params.p, 0.02);
    assert.equal(yourbasic.sources.p?.range, undefined);
  });

  it('a key with no value (a struct tag) and a call on a test table configure nothing', () => {
    assert.deepEqual(detectConfigs('type C struct {\n\tFP float64 `yaml:"bloom_filter_false_positive"`\n}\n', { fileName: 'c.go' }), []);
    const table = 'import "github.com/bits-and-blooms/bloom/v3"\nfunc TestX(t *testing.T) {\n\tfor _, c := range cases {\n\t\tbloom.NewWithEstimates(c.n, c.p)\n\t}\n}\n';
    assert.deepEqual(detectConfigs(table, { fileName: 'x_test.go' }), []);
    assert.equal(detectConfigs(table, { fileName: 'x.go' }).length, 1); // outside a test it is still a configuration to show
  });
});
