import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { detectConfigs } from '../../src/detect/index';
import { RECOGNIZER_IDS } from '../../src/detect/recognizers';
import type { Finding } from '../../src/detect/types';

const FIXTURES = resolve('test/fixtures/detect');

interface Expected {
  recognizer: string;
  line: number;
  params: Record<string, unknown>;
  derived?: Record<string, number>;
  invalid?: number;
  unevaluated?: string[];
  recycling?: Record<string, unknown>;
  sources?: Record<string, string>;
}

const expectations = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Record<string, Expected[] | string>;

function describeFinding(f: Finding): string {
  return `${f.recognizer}@${f.range.start.line} ${JSON.stringify(f.params)}`;
}

describe('detect: fixture corpus (expected findings written by hand from the catalogue)', () => {
  for (const [file, expected] of Object.entries(expectations)) {
    if (file.startsWith('_') || typeof expected === 'string') continue;
    it(file, () => {
      const text = readFileSync(join(FIXTURES, file), 'utf8');
      const findings = detectConfigs(text, { fileName: file });
      assert.equal(findings.length, expected.length, `found: ${findings.map(describeFinding).join('; ')}`);
      expected.forEach((want, i) => {
        const got = findings[i];
        const label = `${file} finding ${i} (${want.recognizer} line ${want.line})`;
        assert.equal(got.recognizer, want.recognizer, label);
        assert.equal(got.range.start.line, want.line, label);
        assert.deepEqual(got.params, want.params, label);
        for (const [key, value] of Object.entries(want.derived ?? {})) {
          assert.equal((got.derived as Record<string, unknown>)[key], value, `${label}: derived.${key}`);
        }
        assert.equal(got.invalid?.length ?? 0, want.invalid ?? 0, `${label}: invalid ${JSON.stringify(got.invalid)}`);
        assert.deepEqual(got.unevaluated.map((u) => u.param).sort(), (want.unevaluated ?? []).slice().sort(), `${label}: unevaluated`);
        if (want.recycling) assert.deepEqual(got.recycling, want.recycling, `${label}: recycling`);
        for (const [param, kind] of Object.entries(want.sources ?? {})) {
          assert.equal((got.sources as Record<string, { kind: string } | undefined>)[param]?.kind, kind, `${label}: source of ${param}`);
        }
      });
    });
  }

  it('covers every recogniser id at least once (here, in the real-world corpus or inline below)', () => {
    const covered = new Set<string>();
    const corpus = JSON.parse(readFileSync(resolve('test/fixtures/corpus/expected.json'), 'utf8')) as Record<string, Expected[] | string>;
    for (const [, expected] of [...Object.entries(expectations), ...Object.entries(corpus)]) if (Array.isArray(expected)) for (const e of expected) covered.add(e.recognizer);
    const notCovered = RECOGNIZER_IDS.filter((id) => !covered.has(id) && !EXTRA_COVERAGE.has(id));
    assert.deepEqual(notCovered, []);
  });
});

/** Ids covered by the inline tests below rather than by a fixture file. */
const EXTRA_COVERAGE = new Set([
  'commons.shape.fromNM', 'commons.shape.fromNMK', 'commons.shape.fromPMK', 'bitcoinj.bloomFilter', 'hbase.columnFamily',
  'elasticsearch.es87BloomFilter', 'go.bits-and-blooms.estimateParameters', 'go.boom.newScalableBloomFilter', 'bloom-filters.from',
  'bloom-filters.scalable', 'rust.bloomfilter.newWithSeed', 'rust.growable.builder', 'redis-py.bf.insert', 'jedis.bfReserve',
  'go-redis.bfReserve', 'iceberg.parquetBloomFilter', 'doris.bloomFilterFpp', 'valkey.bf.insert',
  'rocksdb.legacyBloom', // hash32-headline.test.ts
  // other filters: fingerprint-detect.test.ts
  'node-redis.cf.reserve', 'jedis.cfReserve', 'go-redis.cfReserve', 'go.linvon.cuckoo.newFilter', 'go.panmari.cuckoo.newFilter', 'bloom-filters.xor',
  'c.xorfilter.allocate', 'c.binaryfuse.allocate', 'go.xorfilter.populate', 'go.xorfilter.binaryFuse8', 'rust.xorf.xor', 'js.binaryFuseFilter.populate',
  // jvm-inventory.test.ts
  'pinot.bloomFilter', 'lucene.fuzzySet', 'opensearch.docIdFuzzySet', 'paimon.lookupCacheBloom',
  // libraries-blind-rounds.test.ts
  'go.steakknife.new', 'rueidisprob.newCountingBloomFilter', 'pyprobables.expandingBloomFilter', 'pyprobables.rotatingBloomFilter', 'rust.probabilistic-collections.fromItemCount',
  // libraries-inventory.test.ts
  'node-redis.bf.insert', 'redisbloom-py.bfInsert', 'predis.bfreserve', 'bcoin.bloom.new', 'pyprobables.bloomFilterOnDisk', 'php.rocketlabs.createFromApproximateSize',
  'php.rocketlabs.create', 'swift.buckets.bloomFilter', 'nredisstack.cf.reserve', 'redisbloom-py.cfCreate', 'predis.cfreserve', 'pyprobables.cuckooFilter',
  'pyprobables.countingCuckooFilter', 'node-redis.cf.insert', 'redis-py.cf.insert', 'nredisstack.cf.insert',
  'minibloom.optimalFilter', 'minibloom.filter', 'jsbloom.filter', 'bloomfilter-py.bloomFilter',
  // libraries-go-rust.test.ts
  'go.boom.newUnstableBloomFilter', 'go.boom.newCuckooFilter', 'rust.cuckoofilter.withCapacity', 'rust.probabilistic-collections.fromFpp', 'rust.probabilistic-collections.partitioned', 'rust.probabilistic-collections.scalable',
  // libraries-long-tail.test.ts
  'python.hazy.bloomFilter', 'python.hazy.countingBloomFilter', 'python.hazy.scalableBloomFilter', 'python.hazy.cuckooFilter', 'go.gostl.bloomfilter.new',
  'go.gostl.bloomfilter.newWithEstimates', 'c.barrust.bloomFilterInit', 'c.barrust.countingBloomInit', 'tair-go.bfInsert', 'stream-lib.bloomFilter',
  'bloom-filter-scala.bloomFilter', 'bloom-filter-scala.bloomFilterBits', 'bloom-filter-scala.cuckooFilter', 'dablooms.scalingBloom', 'dablooms.countingBloom',
  'rust.scalableCuckooFilter.new', 'rust.scalableCuckooFilter.builder', 'cuckoofilter4j.builder',
  'beam.cuckooFilter.new', 'go.cfilter.new', 'pds-net.bloomFilter', 'pds-net.partitioned', 'pds-net.counting', 'pds-net.scalable', 'licia.bloomFilter',
  'bloomd.config', 'guava-probably.cuckooFilter', 'python.hazy.estimateParams', 'go.gostl.bloomfilter.estimateParameters',
  'pyrebloom.new', 'cpp.efficient.cuckooFilter',
  'python.bloompy.bloomFilter', 'python.bloompy.countingBloomFilter', 'python.bloompy.scalableBloomFilter', 'python.bloompy.scalableCountingBloomFilter',
  'mnemonist.bloomFilter.new', 'mnemonist.bloomFilter.from', 'ydb.bloomFilterIndex', 'python.pybloom2.bloomFilter', 'python.pybloom2.countingBloomFilter',
  // libraries-long-tail-py.test.ts
  'python.pyblume.filter', 'python.bloomsieve.bloomFilter', 'python.bloomsieve.getOptimalMK', 'python.bloomsieve.bloomFilterService', 'python.bloomsieve.createFilter',
  'python.python-cuckoo.cuckooFilter', 'python.scalable-cuckoo-filter.cuckooFilter', 'python.scalable-cuckoo-filter.bCuckooFilter', 'python.scalable-cuckoo-filter.scalableCuckooFilter',
  'python.pybloof.bloomFilter', 'python.pybloof.bloomCalculator', 'python.simplebloom.bloomFilter', 'python.pdsa.bloomFilter', 'python.pdsa.countingBloomFilter',
  'python.pyfusefilter.xor', 'python.pyfusefilter.binaryFuse', 'python.datasketches.createByAccuracy', 'python.datasketches.createBySize',
  'cpp.datasketches.createByAccuracy', 'cpp.datasketches.createBySize', 'python.bloomlib.bloomFilter', 'python.bloomfilter-lite.bloomFilter',
  // libraries-long-tail-js.test.ts
  'js.bloem.bloem', 'js.bloem.scalingBloem', 'js.cuckoo-filter.scalable', 'lua.bloombool.new', 'ruby.bloombroom.bloomFilter', 'ruby.bloombroom.findMK',
  'swift.designalgorithmskit.bloomFilter', 'swift.designalgorithmskit.countingBloomFilter', 'rust.solana-bloom.random', 'pacote.bloomFilter.new',
  'pacote.countingBloomFilter.new', 'pacote.optimal', 'js.xxbloom.createOptimal', 'js.xxbloom.new', 'js.xxbloom.optimize', 'php.makinacorpus.bloomFilter',
  'js.libp2p.bloomFilter', 'js.libp2p.cuckooFilter', 'js.libp2p.scalableCuckooFilter', 'bitcore.bloomFilter.positional',
  // libraries-long-tail-py2.test.ts
  'python.pdsa.createFromCapacity', 'python.scf.pyScalableCuckooFilter', 'rust.bloom_filter_plus.new', 'rust.bloom_filter_plus.setters',
  'rust.git-bloomfilter.new', 'swift.durbrow.optimizedForCount', 'swift.durbrow.countHashes', 'elixir.bloom_filter.new',
  'rust.bloom-filter-rs.optimal', 'rust.bloom-filter-rs.new', 'swift.ddg-bloom.totalItems', 'swift.ddg-bloom.fromPath',
  // libraries-long-tail-js2.test.ts
  'ts.voltaire.bloomFilterCreate', 'js.bloomf.new', 'ts.imcotton-bloom.bloomBy', 'ts.imcotton-bloom.new', 'ts.kgwinnup-bloom.new', 'js.bloomfilter-redis.new',
  'dart.keyscope.bfReserve', 'dart.keyscope.bfInsert', 'js.bloomit.create', 'js.bloomit.from', 'js.bloomit.new', 'js.fission-bloom-filters.create',
  'js.fission-bloom-filters.from', 'js.fission-bloom-filters.new', 'js.fission-bloom-filters.counting', 'js.koala-js-bloom.new', 'dart.serializable-bloom-filter.new', 'js.bloom-redis.new',
]);

describe('detect: libraries met in the real-world corpus (their own sizing, computed by hand from their sources)', () => {
  it('Valkey bloom sizes its first filter with the Rust bloomfilter crate for p itself', () => {
    const reserve = one('# valkey\nvalkey-cli BF.RESERVE v 0.01 10000', 'shellscript');
    assert.equal(reserve.recognizer, 'valkey.bf.reserve');
    // bytes = ceil(-n ln p / (8 ln²2)) = 11982; k = ceil(m/n ln 2) = 7
    assert.deepEqual([reserve.derived.m, reserve.derived.k], [95856, 7]);
    const insert = one('# valkey\nvalkey-cli BF.INSERT v CAPACITY 10000 ERROR 0.01 ITEMS a', 'shellscript');
    assert.equal(insert.recognizer, 'valkey.bf.insert');
    assert.deepEqual([insert.params.n, insert.params.p], [10000, 0.01]);
  });

  it('bcoin fromRate truncates bits and k and rounds the data down to whole bytes (bfilter fromOptions: size -= size & 7)', () => {
    const f = one("const { BloomFilter } = require('bfilter');\nconst f = BloomFilter.fromRate(20000, 0.001, 0);", 'javascript');
    assert.deepEqual([f.derived.m, f.derived.k], [287544, 9]);
  });

  it('libbloom: bits = n * bpe, whole bytes; k = ceil(ln 2 * bpe)', () => {
    const f = one('bloom_init2(&b, 1000000, 0.01);', 'c');
    assert.deepEqual([f.derived.m, f.derived.k], [9585064, 7]);
  });

  it("Partow's compute_optimal_parameters picks the k with the fewest bits", () => {
    const f = one('bloom_parameters p;\np.projected_element_count = 1000;\np.false_positive_probability = 0.0001;', 'cpp');
    assert.deepEqual([f.derived.m, f.derived.k], [19176, 13]);
  });

  it('holiman/bloomfilter NewOptimal: ceil m, ceil k; New keeps m and k', () => {
    const f = one('import bloomfilter "github.com/holiman/bloomfilter/v2"\nf, _ := bloomfilter.NewOptimal(50000, 0.001)', 'go');
    assert.deepEqual([f.derived.m, f.derived.k], [718880, 10]);
  });

  it('goleveldb and Pebble follow LevelDB: k = trunc(0.69 bits per key)', () => {
    assert.equal(one('o := &opt.Options{Filter: filter.NewBloomFilter(10)}', 'go').derived.k, 6);
    assert.equal(one('p := bloom.FilterPolicy(16)', 'go').derived.k, 11);
  });
});

describe('detect: the generic recogniser (names read across styles)', () => {
  it('reads the same parameters from camel, snake, kebab and upper-case names, and says so in the notes', () => {
    for (const [text, languageId] of [
      ['bloom:\n  expectedItems: 1000\n  falsePositiveRate: 0.01', 'yaml'],
      ['bloom:\n  expected_items: 1000\n  false_positive_rate: 0.01', 'yaml'],
      ['[bloom]\nexpected-items = 1000\nfalse-positive-rate = 0.01', 'toml'],
      ['BLOOM_EXPECTED_ITEMS=1000\nBLOOM_FALSE_POSITIVE_RATE=0.01', 'properties'],
    ] as const) {
      const f = one(text, languageId);
      assert.equal(f.recognizer, 'generic.named', text);
      assert.deepEqual([f.params.n, f.params.p], [1000, 0.01], text);
      assert.ok(f.notes?.some((n) => /^guessed from names: /.test(n) && /n ← /.test(n) && /p ← /.test(n)), JSON.stringify(f.notes));
    }
  });

  it('bytes are bits x 8; a percentage is a fraction; seeds count as hashes', () => {
    const bytes = one('bloom_filter:\n  size_in_bytes: 1024\n  num_hashes: 3', 'yaml');
    assert.deepEqual([bytes.params.m, bytes.params.k], [8192, 3]);
    const percent = one('bloom:\n  capacity: 500\n  error_rate: 1%', 'yaml');
    assert.equal(percent.params.p, 0.01);
  });

  it('stays silent on graphics bloom, Bloomberg and filters with no sizing', () => {
    assert.equal(detectConfigs('bloom:\n  intensity: 1.2\n  threshold: 0.8\n  size: 4', { languageId: 'yaml' }).length, 0);
    assert.equal(detectConfigs('bloomberg:\n  capacity: 10\n  error_rate: 0.1', { languageId: 'yaml' }).length, 0);
    assert.equal(detectConfigs('class BloomHolder { private BloomFilter<String> f; }', { languageId: 'java' }).length, 0);
  });

  it('a library finding that consumes named constants replaces the guess from their names', () => {
    const text = 'import com.google.common.hash.*;\nclass A {\n  static final long BLOOM_EXPECTED = 1000;\n  static final double BLOOM_FPP = 0.01;\n  BloomFilter<Long> f = BloomFilter.create(Funnels.longFunnel(), BLOOM_EXPECTED, BLOOM_FPP);\n}';
    const findings = detectConfigs(text, { languageId: 'java' });
    assert.deepEqual(findings.map((f) => f.recognizer), ['guava.create']);
  });
});

function one(text: string, languageId: string): Finding {
  const findings = detectConfigs(text, { languageId });
  assert.equal(findings.length, 1, findings.map(describeFinding).join('; '));
  return findings[0];
}

describe('detect: more recognisers', () => {
  it('Commons fromNM / fromNMK / fromPMK', () => {
    const nm = one('import org.apache.commons.collections4.bloomfilter.Shape;\nShape s = Shape.fromNM(1000, 9586);', 'java');
    assert.equal(nm.recognizer, 'commons.shape.fromNM');
    assert.equal(nm.derived.k, 7); // round(ln2 * 9586 / 1000) = round(6.64)
    const nmk = one('import org.apache.commons.collections4.bloomfilter.Shape;\nShape s = Shape.fromNMK(1000, 9586, 5);', 'java');
    assert.deepEqual(nmk.params, { n: 1000, m: 9586, k: 5 });
    const pmk = one('import org.apache.commons.collections4.bloomfilter.Shape;\nShape s = Shape.fromPMK(0.01, 9586, 7);', 'java');
    // n = ceil(m / (-k / ln(1 - exp(ln p / k)))): ln(1 - 0.01^(1/7)) = ln(1 - 0.51795) = -0.72972; 9586 / (7 / 0.72972) = 999.3 -> 1000
    assert.equal(pmk.derived.n, 1000);
  });

  it('bitcoinj new BloomFilter(elements, fpr, tweak)', () => {
    const f = one('import org.bitcoinj.core.BloomFilter;\nBloomFilter f = new BloomFilter(1000, 0.0001, 0);', 'java');
    assert.equal(f.recognizer, 'bitcoinj.bloomFilter');
    assert.equal(f.derived.m, 19168); // 2396 bytes, as Bitcoin Core
    assert.equal(f.derived.k, 13);
  });

  it('HBase column family BLOOMFILTER => ROWCOL tightens p to 1 - sqrt(1 - p)', () => {
    const f = one("create 't', {NAME => 'cf', BLOOMFILTER => 'ROWCOL'}", 'ruby');
    assert.equal(f.recognizer, 'hbase.columnFamily');
    assert.equal(f.params.p, 0.01);
    assert.ok(Math.abs((f.derived.p as number) - (1 - Math.sqrt(0.99))) < 1e-15);
    assert.equal(detectConfigs("create 't', {NAME => 'cf', BLOOMFILTER => 'NONE'}", { languageId: 'ruby' }).length, 0);
  });

  it('Elasticsearch ES87 postings format: fixed 10 bits/entry, 7 hashes', () => {
    const f = one('return new ES87BloomFilterPostingsFormat(bigArrays, this::internalGetPostingsFormatForField);', 'java');
    assert.deepEqual(f.params, { bitsPerElement: 10, k: 7 });
  });

  it('eBPF bloom map hash count, as the kernel reads map_extra: 0 is 5 hashes, above 15 is EINVAL (C and cilium/ebpf alike)', () => {
    const cilium = (extra: number) => one(`import "github.com/cilium/ebpf"\nvar spec = &ebpf.MapSpec{\n\tType: ebpf.BloomFilter,\n\tValueSize: 4,\n\tMaxEntries: 10000,\n\tMapExtra: ${extra},\n}`, 'go');
    const c = (extra: number) => one(`struct {\n  __uint(type, BPF_MAP_TYPE_BLOOM_FILTER);\n  __uint(max_entries, 10000);\n  __uint(map_extra, ${extra});\n} f SEC(".maps");`, 'c');
    for (const read of [cilium, c]) {
      const zero = read(0);
      assert.equal(zero.params.k, 5);
      assert.equal(zero.sources.k?.kind, 'default');
      assert.equal(zero.invalid?.length ?? 0, 0);
      assert.equal(read(7).params.k, 7);
      const over = read(16);
      assert.ok(over.invalid?.some((text) => /EINVAL/.test(text)), String(over.invalid));
    }
  });

  it('Go EstimateParameters and BoomFilters scalable', () => {
    const f = one('import "github.com/bits-and-blooms/bloom/v3"\nm, k := bloom.EstimateParameters(1000000, 0.01)', 'go');
    assert.equal(f.recognizer, 'go.bits-and-blooms.estimateParameters');
    assert.equal(f.derived.m, 9585059);
    const s = one('sbf := boom.NewScalableBloomFilter(10000, 0.01, 0.8)', 'go');
    assert.equal(s.recognizer, 'go.boom.newScalableBloomFilter');
    assert.deepEqual(s.params, { n: 10000, p: 0.01, hashing: 'partitioned' });
    // the first sub-filter: NewPartitionedBloomFilter(10000, 0.01): m* = ceil(10000 · |ln 0.01| / ln²2) = 95851, k = ceil(log2 100) = 7,
    // 7 partitions of ceil(95851 / 7) = 13693 bits
    assert.deepEqual([s.derived.m, s.derived.k], [95851, 7]);
  });

  it('npm bloom-filters from() and ScalableBloomFilter', () => {
    const from = one("import { BloomFilter } from 'bloom-filters'\nconst f = BloomFilter.from(items, 0.01)", 'typescript');
    assert.equal(from.recognizer, 'bloom-filters.from');
    assert.deepEqual(from.params, { p: 0.01 });
    const scalable = one("import { ScalableBloomFilter } from 'bloom-filters'\nconst s = new ScalableBloomFilter(8)", 'typescript');
    // bloom-filters 3.0.4 ScalableBloomFilter(_initial_size = 8, _error_rate = 0.01, _ratio = 0.5); m and k are the first link's
    assert.deepEqual(scalable.params, { n: 8, p: 0.01, hashing: 'partitioned' });
    assert.deepEqual([scalable.derived.m, scalable.derived.k, scalable.derived.growth], [77, 7, { initialSize: 8, errorRate: 0.01, ratio: 0.5 }]);
    // with no argument at all the filter grows from the library's initial size: nothing is sized where it is built
    assert.deepEqual(detectConfigs("import { ScalableBloomFilter } from 'bloom-filters'\nconst s = new ScalableBloomFilter()", { languageId: 'typescript' }), []);
  });

  it('Rust growable builder and bloomfilter with seed', () => {
    const g = one('let g = GrowableBloomBuilder::new().estimated_insertions(1000).desired_error_ratio(0.05).build();', 'rust');
    assert.equal(g.recognizer, 'rust.growable.builder');
    // Bloom::new(1000, 0.05): k = ceil(log2 20) = 5 slices of ceil(1000 / ln 2) = 1443 bits = 7215 bits, rounded up to bytes: 7216
    assert.equal(g.derived.m, 7216);
    const seeded = one('use bloomfilter::Bloom;\nlet b = Bloom::new_for_fp_rate_with_seed(1_000_000, 0.01, &seed);', 'rust');
    assert.equal(seeded.recognizer, 'rust.bloomfilter.newForFpRate');
    assert.equal(seeded.derived.m, 9585064);
  });

  it('redis-py insert, Jedis and go-redis', () => {
    const insert = one('r.bf().insert("k", ["a"], capacity=10000, error=0.01)', 'python');
    assert.equal(insert.recognizer, 'redis-py.bf.insert');
    // RedisBloom bfCreateChain (NOROUND | FORCE64), first link at p/2: (uint64)(1e4 · -ln 0.005 / ln²2) = 110277 -> 110336 (64-bit words)
    assert.equal(insert.derived.m, 110336);
    const jedis = one('jedis.bfReserve("k", 0.01, 1000000);', 'java');
    assert.equal(jedis.recognizer, 'jedis.bfReserve');
    assert.equal(jedis.derived.k, 8);
    const go = one('rdb.BFReserveNonScaling(ctx, "k", 0.01, 1000000)', 'go');
    assert.equal(go.recognizer, 'go-redis.bfReserve');
    assert.equal(go.derived.k, 7);
    assert.equal(go.derived.m, 9585088); // library-models.md: BF.RESERVE k 0.01 1000000 NONSCALING
  });

  it('Iceberg table properties and Doris properties', () => {
    const ice = one("TBLPROPERTIES ('write.parquet.bloom-filter-enabled.column.id'='true', 'write.parquet.bloom-filter-ndv.column.id'='10000')", 'sql');
    assert.equal(ice.recognizer, 'iceberg.parquetBloomFilter');
    assert.deepEqual(ice.params, { n: 10000, p: 0.01 });
    // m = -8 * 10000 / ln(1 - 0.01^(1/8)) = 96815 bits -> 12102 bytes -> 16384 bytes (power of two)
    assert.equal(ice.derived.m, 16384 * 8);
    const doris = one('PROPERTIES ("bloom_filter_columns" = "k1,k2", "bloom_filter_fpp" = "0.05")', 'sql');
    assert.deepEqual(doris.params, { p: 0.05 });
  });
});

describe('detect: precision', () => {
  const decoys: [string, string][] = [
    ['plaintext', 'Bloom filters are great. The bloom of spring. BF.RESERVE is a Redis command.'],
    ['css', '.a { filter: blur(2px); }\n.bloom { filter: brightness(2); }'],
    ['java', 'class Cache { BloomFilter<String> filter; /* created elsewhere */ }'],
    ['java', 'String s = "BloomFilter.create(Funnels.longFunnel(), 100, 0.01)";'],
    ['python', '# self.f = BloomFilter(capacity=1000, error_rate=0.01)\nprint("bloom")'],
    ['typescript', "// const f = BloomFilter.create(1000, 0.01)\nconst bloomColor = 'red';"],
    ['go', 'type BloomFilter struct { m uint }\nfunc New(m uint) *BloomFilter { return &BloomFilter{m} }'],
    ['markdown', 'Use `BF.RESERVE key error_rate capacity` to create a filter.'],
    ['sql', "SELECT 'bloom_filter' AS name; -- TYPE bloom_filter(0.01)"],
  ];
  for (const [languageId, text] of decoys) {
    it(`no finding: ${text.slice(0, 50).replace(/\n/g, ' ')}`, () => {
      assert.deepEqual(detectConfigs(text, { languageId }), []);
    });
  }

  it('ranges are 0-based and cover the call', () => {
    const text = 'import com.google.common.hash.Funnels;\n  x = BloomFilter.create(Funnels.longFunnel(), 1000, 0.01);\n';
    const f = one(text, 'java');
    assert.deepEqual(f.range, { start: { line: 1, character: 6 }, end: { line: 1, character: 58 } });
    assert.deepEqual(f.sources.n?.range, { start: { line: 1, character: 47 }, end: { line: 1, character: 51 } });
  });

  it('an annotation on the line above adds to the config instead of making a second finding', () => {
    const text = 'import com.google.common.hash.Funnels;\n// bloom-lens: recycle=sigma:300 phases=1 hashing=noncolliding\nf = BloomFilter.create(Funnels.longFunnel(), 1000, 0.01);';
    const f = one(text, 'java');
    assert.deepEqual(f.recycling, { kind: 'sigma-bounded', sigmaBits: 300 });
    assert.equal(f.params.hashing, 'noncolliding');
    assert.equal(f.params.phases, 1);
  });

  it('annotations in every comment syntax', () => {
    const cases: [string, string][] = [
      ['sql', '-- bloom-lens: n=1000 p=0.01'],
      ['xml', '<!-- bloom-lens: n=1000 p=0.01 -->'],
      ['c', '/* bloom-lens: n=1000 p=0.01 */'],
      ['ini', '; bloom-lens: n=1000 p=0.01'],
      ['yaml', '# bloom-lens: n=1000 p=0.01'],
      ['plaintext', '; bloom-lens: n=1000 p=0.01'],
    ];
    for (const [languageId, text] of cases) {
      const f = one(text, languageId);
      assert.deepEqual(f.params, { n: 1000, p: 0.01 }, languageId);
    }
  });

  it('malformed annotation values are reported, never NaN', () => {
    const f = one('// bloom-lens: n=lots p=0.01 recycle=sigma:-3 phases=3 hashing=magic', 'typescript');
    assert.deepEqual(f.params, { p: 0.01 });
    assert.equal(f.invalid?.length, 4);
  });

  it('no recycling is invented without a guard, an annotation or a rolling type', () => {
    const f = one('import com.google.common.hash.Funnels;\nf = BloomFilter.create(Funnels.longFunnel(), 1000, 0.01);\nf.clear();', 'java');
    assert.equal(f.recycling, undefined);
  });

  it('a plain count-guarded clear or re-create makes an n-bounded recycling filter', () => {
    const clear = one('import com.google.common.hash.Funnels;\nstatic final int LIMIT = 5_000;\nseen = BloomFilter.create(Funnels.longFunnel(), 10000, 0.01);\nvoid add(long x) {\n  if (inserted >= LIMIT) {\n    seen.clear();\n  }\n}', 'java');
    assert.deepEqual(clear.recycling, { kind: 'n-bounded', messagesPerCycle: 5000 });
    const recreate = one('from pybloom_live import BloomFilter\ndef add(self, x):\n    if self.count > 999:\n        self.f = BloomFilter(1000, 0.01)\n        self.count = 0', 'python');
    assert.deepEqual(recreate.recycling, { kind: 'n-bounded', messagesPerCycle: 1000 });
  });
});

describe('detect: entry points and readings from the blind rounds D and E', () => {
  it('StarRocks NGRAMBF reads bloom_filter_fpp as its own index, not a Doris table property; prose after a key is no value', () => {
    const sql = 'CREATE TABLE t (\n  title VARCHAR(64),\n  INDEX i (title) USING NGRAMBF ("gram_num" = "3", "bloom_filter_fpp" = "0.01")\n) DUPLICATE KEY(title);\n';
    assert.deepEqual(detectConfigs(sql, { languageId: 'sql' }).map(describeFinding), ['starrocks.ngrambf@2 {"p":0.01}']);
    const tf = '# bloom_filter_fpp is the rate of the NGRAMBF index below\nresource "starrocks_index" "i" {\n  properties = {\n    "bloom_filter_fpp" = "0.02"\n  }\n}\n';
    assert.deepEqual(detectConfigs(tf, { fileName: 'index.tf' }).map(describeFinding), ['starrocks.ngrambf@3 {"p":0.02}']);
  });

  it('Redis clients: redis4cats bfReserve, node-redis bf.RESERVE, redis-py on a variable bound to bf(), an array of command arguments', () => {
    assert.equal(one('import dev.profunktor.redis4cats.Redis\nval r = redis.bfReserve("k", 0.02, 5000L)\n', 'scala').recognizer, 'redis4cats.bfReserve');
    assert.deepEqual(one("import { createClient } from 'redis';\nawait client.bf.RESERVE('k', 0.01, 300);\n", 'typescript').params, { p: 0.01, n: 300 });
    const py = one('import redis\nfilters = redis.Redis().bf()\nfilters.create("k", 0.003, 7000)\n', 'python');
    assert.deepEqual([py.recognizer, py.params.p, py.params.n], ['redis-py.bf.reserve', 0.003, 7000]);
    assert.deepEqual(one("await client.call('bf.reserve', ['k', '0.01', '2500']);\n", 'javascript').params, { p: 0.01, n: 2500 });
  });

  it('a call continued on the next line, Kotlin RocksDB BloomFilter without new, Java XOR said so', () => {
    const guava = one('import com.google.common.hash.BloomFilter;\nclass A { Object f() { return BloomFilter.\n    create(Funnels.longFunnel(), 3000, 0.02); } }\n', 'java');
    assert.deepEqual(guava.params, { n: 3000, p: 0.02 });
    assert.deepEqual(one('import org.rocksdb.BloomFilter\nval t = BlockBasedTableConfig().setFilterPolicy(BloomFilter(12.0, false))\n', 'kotlin').params, { bitsPerElement: 12 });
    const xor = one('import com.google.common.hash.BloomFilter;\nclass A { static final Object F = BloomFilter.create(Funnels.longFunnel(), 10 ^ 6, 0.01); }\n', 'java');
    assert.equal(xor.params.n, 12);
    assert.ok((xor.notes ?? []).some((n) => /XOR/.test(n)), (xor.notes ?? []).join());
  });

  it('ORC keys handed through Paimon\'s table-default. namespace', () => {
    const java = 'class A { void f() { t.executeSql("CREATE CATALOG c WITH (\'table-default.orc.bloom.filter.columns\' = \'id\', \'table-default.orc.bloom.filter.fpp\' = \'0.002\')"); } }\n';
    assert.deepEqual(detectConfigs(java, { languageId: 'java' }).map((f) => [f.recognizer, f.params.p]), [['orc.bloomFilter', 0.002]]);
  });

  it('ndk BloomFilterPrehash (Dart), redis-modules-sdk reserve, CodableBloomFilter (Swift)', () => {
    const dart = one("import 'package:ndk/ndk.dart';\nfinal b = BloomFilterPrehash(falsePositiveProbability: 0.01, numItems: 1000);\n", 'dart');
    assert.deepEqual([dart.recognizer, dart.params.p, dart.params.n, dart.derived?.m, dart.derived?.k], ['dart.ndk.bloomFilterPrehash', 0.01, 1000, 9586, 7]);
    const sdk = one("import { RedisBloom } from 'redis-modules-sdk';\nclient.reserve('k', 0.01, 12000);\n", 'typescript');
    assert.deepEqual([sdk.recognizer, sdk.params.p, sdk.params.n], ['redis-modules-sdk.reserve', 0.01, 12000]);
    const swift = one('import CodableBloomFilter\nlet f = try BloomFilter<String>(hashes: [.djb232, .sdbm32, .djb232], byteCount: 64)\n', 'swift');
    assert.deepEqual([swift.recognizer, swift.params.m, swift.params.k], ['swift.codable-bloom-filter.init', 512, 2]);
  });

  it('names: words before the Bloom word name its owner; a repeated parameter starts the next group; a list of hash functions is k', () => {
    const py = 'SEEN_BLOOM_CAP = 2_000\nSEEN_BLOOM_FP_RATE = 0.01\n\nQUEUE_BLOOM_CAP = 500\nQUEUE_BLOOM_FP_RATE = 0.001\n';
    assert.deepEqual(detectConfigs(py, { languageId: 'python' }).map(describeFinding), ['generic.named@0 {"n":2000,"p":0.01}', 'generic.named@3 {"n":500,"p":0.001}']);
    assert.deepEqual(one('let f = BloomFilter<String>(size: 2048, hashFunctions: [fnv, murmur, djb2])\n', 'swift').params, { m: 2048, k: 3 });
  });
});

describe('detect: Lettuce custom commands', () => {
  it('a ProtocolKeyword naming BF.RESERVE, dispatched with a CommandArgs chain bound to a variable', () => {
    const kotlin = [
      'import io.lettuce.core.protocol.ProtocolKeyword',
      'object Reserve : ProtocolKeyword { override fun getBytes(): ByteArray = "BF.RESERVE".toByteArray() }',
      'fun make(c: RedisCommands<String, String>) {',
      '    val a = CommandArgs(StringCodec.UTF8).addKey("k").add(0.02).add(40_000L)',
      '    c.dispatch(Reserve, StatusOutput(StringCodec.UTF8), a)',
      '}',
    ].join('\n');
    assert.deepEqual(detectConfigs(kotlin, { languageId: 'kotlin' }).map(describeFinding), ['redis.bf.reserve@3 {"p":0.02,"n":40000}']);
    // without the dispatch, the keyword alone configures nothing
    assert.deepEqual(detectConfigs(kotlin.split('\n').slice(0, 2).join('\n'), { languageId: 'kotlin' }), []);
  });
});

describe('detect: a SQL index configured as a whole starts at its definition', () => {
  it('CREATE INDEX on one line, its USING clause on the next: the finding starts at CREATE INDEX', () => {
    const pg = one('-- lookup by tag\nCREATE INDEX tags_bloom ON items\n  USING bloom (tag, owner)\n  WITH (length = 64, col1 = 4, col2 = 4);', 'sql');
    assert.equal(pg.range.start.line, 1);
    assert.deepEqual([pg.params.m, pg.params.k], [64, 4]);
    const doris = one('CREATE INDEX idx_body\n  ON notes(body)\n  USING NGRAM_BF PROPERTIES("gram_size"="2", "bf_size"="512");', 'sql');
    assert.equal(doris.range.start.line, 0);
  });

  it('a statement that ended before is not the definition', () => {
    const pg = one('CREATE INDEX other ON t (a);\nALTER TABLE x ADD COLUMN y int;\nSELECT 1; CREATE TABLE z (a int) ; \n\n-- USING bloom below\nCREATE TABLE q AS SELECT 1;\nALTER INDEX foo SET (x = 1); DO $$ BEGIN END $$;\n\nCREATE INDEX b ON t USING bloom (a) WITH (length = 32);', 'sql');
    assert.equal(pg.range.start.line, 8);
  });
});

describe('detect: Spring @Value defaults of one class or one constructor are one configuration', () => {
  it('fields annotated one by one group into one finding at the first annotation', () => {
    const java = [
      'public class Seen {',
      '    @Value("${seen.bloom.expected-insertions:40000}")',
      '    private long expectedInsertions;',
      '',
      '    @Value("${seen.bloom.false-probability:0.02}")',
      '    private double falseProbability;',
      '}',
    ].join('\n');
    assert.deepEqual(detectConfigs(java, { languageId: 'java' }).map(describeFinding), ['generic.named@1 {"n":40000,"p":0.02}']);
  });

  it('annotated constructor parameters are the configuration, not a mere declaration', () => {
    const java = [
      'public class Seen {',
      '    public Seen(RedissonClient client,',
      '                @Value("${seen.bloom.expected-insertions:40000}") long expected,',
      '                @Value("${seen.bloom.false-probability:0.02}") double fpp) {',
      '        this.filter = client.getBloomFilter("seen");',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(detectConfigs(java, { languageId: 'java' }).map(describeFinding), ['generic.named@2 {"n":40000,"p":0.02}']);
  });
});

describe('detect: the widely copied C# BloomFilter<T>', () => {
  it('new BloomFilter<string>(capacity) sizes for an error rate of 1/capacity (BestErrorRate, BestM, BestK)', () => {
    const cs = 'class Crawl {\n  private BloomFilter<string> seen = new BloomFilter<string>(0x2710);\n}\n';
    const finding = one(cs, 'csharp');
    assert.equal(finding.recognizer, 'csharp.bloomFilterT.new');
    assert.equal(finding.params.n, 10000);
    // p = 1/10000: m = ceil(10000 * ln(10000) / ln(2)^2) = ceil(191701.2) and k = round(ln 2 * m / n) = 13
    assert.deepEqual([finding.derived.m, finding.derived.k], [191702, 13]);
    const stated = one('var f = new BloomFilter<int>(5000, 0.01F);', 'csharp');
    assert.deepEqual([stated.params.n, stated.params.p, stated.derived.k], [5000, 0.01, 7]);
  });
});
