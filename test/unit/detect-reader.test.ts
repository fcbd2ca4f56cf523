/**
 * Reading code as its writer meant it (issue 17, rounds H and I): local names of a library's classes and packages,
 * Bloom-named classes defined elsewhere, null-check fallbacks, values a function's one call site passes, and where a
 * finding starts. Cases written in our own words after the patterns of the blind rounds.
 */
import * as assert from 'node:assert/strict';
import { detectConfigs, evaluateConstant, RECOGNIZERS } from '../../src/detect';
import { dealias, originalColumn } from '../../src/detect/alias';
import { languagesToRead } from '../../src/detect/fencedBlocks';
import { loadSyntaxFor } from '../../src/cli/syntax';
import type { SyntaxRuntime } from '../../src/detect/syntax/runtime';

let syntax: SyntaxRuntime | undefined;
before(async () => {
  syntax = await loadSyntaxFor(['a.java', 'a.go', 'a.py', 'a.ts', 'a.php', 'a.scala', 'a.kt']);
});
const found = (text: string, languageId: string, withTree = true) =>
  detectConfigs(text, { languageId, syntax: withTree ? syntax : undefined }).map((f) => `${f.recognizer}@${f.range.start.line} ${JSON.stringify(f.params)}`);

describe('detect: a library under a local name', () => {
  it('Scala `{BloomFilter => GBloomFilter}`: Guava, at the column the code writes', () => {
    const text = 'import com.google.common.hash.{Funnels, BloomFilter => GBloomFilter}\n\nobject Seen {\n  val ids = GBloomFilter.create(Funnels.longFunnel(), 50000L, 0.001)\n}\n';
    const findings = detectConfigs(text, { languageId: 'scala', syntax });
    assert.deepEqual(findings.map((f) => `${f.recognizer}@${f.range.start.line}:${f.range.start.character} ${JSON.stringify(f.params)}`), ['guava.create@3:12 {"n":50000,"p":0.001}']);
    // the value's range points at its text as written
    const n = findings[0].sources.n!.range!;
    assert.equal(text.split('\n')[n.start.line].slice(n.start.character, n.end.character), '50000L');
  });

  it('JS `require(...).BloomFilter` bound to another name, and TS `import { BloomFilter as BF }`', () => {
    assert.deepEqual(found("const bloomFilter = require('bloom-filters').BloomFilter;\nconst f = bloomFilter.create(10000, 0.01);\n", 'javascript'), ['bloom-filters.create@1 {"n":10000,"p":0.01}']);
    assert.deepEqual(found("import { BloomFilter as BF } from 'bloom-filters';\nconst f = BF.create(2000, 0.02);\n", 'typescript'), ['bloom-filters.create@1 {"n":2000,"p":0.02}']);
  });

  it('Go: an import alias reads as the package name its callees use (bits-and-blooms `bloom`, seiflotfy `cuckoo`)', () => {
    const bloom = 'package x\n\nimport (\n\tbb "github.com/bits-and-blooms/bloom/v3"\n)\n\nvar seen = bb.NewWithEstimates(100000, 0.01)\n';
    assert.deepEqual(found(bloom, 'go'), ['go.bits-and-blooms.newWithEstimates@6 {"n":100000,"p":0.01}']);
    const cuckoo = 'package x\n\nimport cf "github.com/seiflotfy/cuckoofilter"\n\nvar seen = cf.NewFilter(500000)\n';
    assert.deepEqual(found(cuckoo, 'go'), ['go.seiflotfy.cuckoo.newFilter@4 {"n":500000}']);
  });

  it('leaves unrelated imports, the import line itself and text without aliases as they are', () => {
    assert.deepEqual(dealias('import numpy as np\nx = np.zeros(3)\n', 'python').edits, []);
    const text = 'from pybloom_live import BloomFilter as BF\nf = BF(capacity=1000, error_rate=0.01)\n';
    const result = dealias(text, 'python');
    assert.equal(result.text.split('\n')[0], 'from pybloom_live import BloomFilter as BF');
    assert.equal(result.text.split('\n')[1], 'f = BloomFilter(capacity=1000, error_rate=0.01)');
    assert.deepEqual(result.edits, [{ line: 1, column: 4, originalLength: 2, replacementLength: 11 }]);
    // columns after the replaced name shift back; inside it they map to its start
    assert.equal(originalColumn(result.edits, 1, 15), 6);
    assert.equal(originalColumn(result.edits, 1, 8), 4);
    assert.equal(originalColumn(result.edits, 1, 2), 2);
    assert.equal(originalColumn(result.edits, 0, 30), 30);
  });
});

describe('detect: a Bloom-named class defined elsewhere, read by the shape of its arguments', () => {
  it('one rate and one count: p and n, in any order and language', () => {
    assert.deepEqual(found("<?php\n$bloom = new BloomFilter(1000, 0.01, '/tmp/seen.bin');\n", 'php'), ['generic.named@1 {"n":1000,"p":0.01}']);
    assert.deepEqual(found('class A {\n  void f() {\n    BloomFilter<String> b = new BloomFilter<String>(0.1, 1000);\n  }\n}\n', 'java'), ['generic.named@2 {"p":0.1,"n":1000}']);
    assert.deepEqual(found("import { BloomFilter } from './bloom.js';\nconst bf = new BloomFilter(100, 0.01);\n", 'typescript'), ['generic.named@1 {"n":100,"p":0.01}']);
  });

  it('a rate and a value known only at run time: the rate alone; names say their role', () => {
    assert.deepEqual(found('class P {\n  BloomFilter toFilter(int maxElts) {\n    return new BloomFilter(0.1, maxElts);\n  }\n}\n', 'java'), ['generic.named@2 {"p":0.1}']);
    const locals = 'class M {\n  void run() {\n    double falsePositiveProbability = 0.0001;\n    int expectedNumberOfElements = 500;\n    BloomFilter<String> f = new BloomFilter<String>(falsePositiveProbability, expectedNumberOfElements);\n  }\n}\n';
    assert.deepEqual(found(locals, 'java'), ['generic.named@4 {"p":0.0001,"n":500}']);
  });

  it('says nothing where the shape leaves doubt or the name is no class', () => {
    assert.deepEqual(found('const f = new BloomFilter(1024, 7);\n', 'javascript'), [], 'two whole numbers: m and k, or n and k?');
    assert.deepEqual(found('BloomFilter bloom = new BloomFilter(BloomFilter.GlowMode.Objects);\n', 'java'), [], 'a graphics filter with no number');
    assert.deepEqual(found('enum Conf {\n  BLOOM_FILTER_FPP(\n      "orc.bloom.filter.fpp",\n      0.05, "fpp"),\n}\n', 'java'), [], 'an enum member');
  });
});

describe('detect: values a reader resolves', () => {
  it('a null check choosing a fallback is that fallback (Java, JS, Python)', () => {
    for (const [text, value] of [['x == null ? 20000L : x', 20000], ['(rate != null) ? rate : 0.01D', 0.01], ['0.001 if p is None else p', 0.001], ['p if p is not None else 0.02', 0.02]] as const) {
      const result = evaluateConstant(text);
      assert.ok(result.ok && result.value === value, `${text}: ${JSON.stringify(result)}`);
    }
    assert.ok(!evaluateConstant('x == null ? y : x').ok, 'no constant on either side');
    const redisson = 'class D {\n  D(RedissonClient c, Long n, Double p) {\n    RBloomFilter<String> bf = c.getBloomFilter("k");\n    bf.tryInit(n == null ?\n        20000L : n,\n      p == null ?\n        0.01D : p);\n  }\n}\n';
    assert.deepEqual(found(redisson, 'java'), ['redisson.tryInit@3 {"n":20000,"p":0.01}']);
  });

  it('reads of a setting with a fallback are that fallback; text the code parses is a number; symbols are text', () => {
    for (const [text, value] of [
      ['config.getOrDefault("catalog.bloom.fpp", 0.02)', 0.02], ['Long.parseLong(config.getOrDefault("n", String.valueOf(1000000)))', 1000000],
      ['int(os.getenv("BLOOM_N", "5000"))', 5000], ['Keyword.get(opts, :capacity, 1000)', 1000], ['ENV.fetch("SIZE", 64)', 64], ['Integer.parseInt("12")', 12],
    ] as const) {
      const result = evaluateConstant(text);
      assert.ok(result.ok && result.value === value, `${text}: ${JSON.stringify(result)}`);
    }
    assert.ok(!evaluateConstant('"1000"').ok, 'a string alone is text, not a number');
    assert.ok(!evaluateConstant('config.getOrDefault("n")').ok, 'no fallback stated');
  });

  it('a value the code sets when the caller left it unset is its default (Go, Python)', () => {
    const go = 'package x\n\nimport "github.com/bits-and-blooms/bloom/v3"\n\nfunc New(cfg Config) *bloom.BloomFilter {\n\tif cfg.Size == 0 {\n\t\tcfg.Size = 10000\n\t}\n\treturn bloom.NewWithEstimates(uint(cfg.Size), 0.01)\n}\n';
    assert.deepEqual(found(go, 'go'), ['go.bits-and-blooms.newWithEstimates@8 {"n":10000,"p":0.01}']);
    const python = 'from pybloom_live import BloomFilter\n\ndef make(capacity=None):\n    if capacity is None:\n        capacity = 250000\n    return BloomFilter(capacity=capacity, error_rate=0.001)\n';
    assert.deepEqual(found(python, 'python'), ['pybloom.bloomFilter@5 {"n":250000,"p":0.001,"hashing":"partitioned"}']);
  });

  it('a constructor chained through this(...) and a Kotlin primary constructor\'s default are values', () => {
    const java = [
      'import com.google.common.hash.BloomFilter;', 'public class Diff {', '  private static final int SIZE = 4194304;',
      '  private Diff(int size, double fpp) {', '    this.keys = BloomFilter.create(Funnels.stringFunnel(UTF_8), size, fpp);', '  }',
      '  public Diff() {', '    this(SIZE, 0.001);', '  }', '}',
    ].join('\n');
    assert.deepEqual(found(java, 'java'), ['guava.create@4 {"n":4194304,"p":0.001}']);
    const kotlin = 'import com.google.common.hash.BloomFilter\nconst val RATE = .01\nclass Devices(expected: Int = 500000) {\n  val seen = BloomFilter.create(Funnels.stringFunnel(UTF_8), expected, RATE)\n}\n';
    assert.deepEqual(found(kotlin, 'kotlin'), ['guava.create@3 {"n":500000,"p":0.01}']);
  });

  it('Scala getOrElse keeps its fallback; another object\'s method is no call of the function', () => {
    const result = evaluateConstant('conf.fpp.getOrElse(0.02)');
    assert.ok(result.ok && result.value === 0.02, JSON.stringify(result));
    const python = [
      'import redis', 'r = redis.Redis()', '',
      'def create(name, capacity, error_rate=0.01):',
      "    r.execute_command('BF.RESERVE', name, error_rate, capacity)", '',
      "other.create('x', 5, 6)", '',
    ].join('\n');
    assert.deepEqual(found(python, 'python'), ['redis.bf.reserve@4 {"p":0.01}'], 'other.create(...) passes nothing to this create: its own default stays');
  });

  it('a function called once in the file sizes the filter with that call\'s arguments; called twice, with its defaults', () => {
    const once = [
      'import redis', 'r = redis.Redis()', '',
      'def create_sized(name, expected_items, error_rate=0.01, factor=1.2):',
      '    capacity = int(expected_items * factor)',
      "    r.execute_command('BF.RESERVE', name, error_rate, capacity)", '',
      "create_sized('urls', 5_000_000, error_rate=0.001)", '',
    ].join('\n');
    assert.deepEqual(found(once, 'python'), ['redis.bf.reserve@5 {"p":0.001,"n":6000000}']);
    const twice = `${once}create_sized('ids', 1000)\n`;
    assert.deepEqual(found(twice, 'python'), ['redis.bf.reserve@5 {"p":0.01}'], 'two call sites: the function\'s own default only');
  });

  it('a field or the size of a parameter is the caller\'s value: no finding where it is forwarded', () => {
    const kotlin = 'import org.redisson.api.RedissonClient\nclass C {\n  fun bloom(client: RedissonClient, props: BloomProps) {\n    client.getBloomFilter<String>("k").tryInit(props.expectedInsertions, props.falseProbability)\n  }\n}\n';
    assert.deepEqual(found(kotlin, 'kotlin'), []);
    const java = 'import com.google.common.hash.BloomFilter;\nclass W {\n  static BloomFilter<CharSequence> build(double fpp, Set<String> index) {\n    return BloomFilter.create(Funnels.stringFunnel(UTF_8), index.size(), fpp);\n  }\n}\n';
    assert.deepEqual(found(java, 'java'), []);
    const go = 'package x\n\nimport "github.com/bits-and-blooms/bloom/v3"\n\nfunc Save(data [][]byte, fp float64) *bloom.BloomFilter {\n\treturn bloom.NewWithEstimates(uint(len(data)), fp)\n}\n';
    assert.deepEqual(found(go, 'go'), []);
  });

  it('a field of a parameter whose type states its default is that default (Rust `Default`, Kotlin, Python dataclass)', () => {
    const rust = [
      'use bloom::BloomFilter;', 'pub struct Opts { pub items: u32, pub fp_rate: f32 }',
      'impl Default for Opts {', '    fn default() -> Self { Self { items: 50_000, fp_rate: 0.01 } }', '}',
      'pub fn open(opts: Opts) -> BloomFilter {', '    BloomFilter::with_rate(opts.fp_rate, opts.items)', '}',
    ].join('\n');
    const findings = detectConfigs(rust, { languageId: 'rust' });
    assert.deepEqual(findings.map((f) => `${f.recognizer}@${f.range.start.line} ${JSON.stringify(f.params)}`), ['rust.bloom.withRate@6 {"p":0.01,"n":50000}']);
    assert.equal(findings[0].sources.p?.origin?.name, 'Opts.fp_rate');
    const kotlin = 'import org.redisson.api.RedissonClient\ndata class BloomProps(val expectedInsertions: Long = 2_000_000, val falseProbability: Double = 0.001)\nclass C {\n  fun bloom(client: RedissonClient, props: BloomProps) {\n    client.getBloomFilter<String>("k").tryInit(props.expectedInsertions, props.falseProbability)\n  }\n}\n';
    assert.deepEqual(found(kotlin, 'kotlin'), ['redisson.tryInit@4 {"n":2000000,"p":0.001}']);
    const noDefault = 'import org.redisson.api.RedissonClient\ndata class BloomProps(val expectedInsertions: Long, val falseProbability: Double)\nclass C {\n  fun bloom(client: RedissonClient, props: BloomProps) {\n    client.getBloomFilter<String>("k").tryInit(props.expectedInsertions, props.falseProbability)\n  }\n}\n';
    assert.deepEqual(found(noDefault, 'kotlin'), [], 'no default stated: the caller\'s values');
  });

  it('a Terraform module input passed on configures nothing there', () => {
    const forwarded = 'resource "aws_kinesis_firehose_delivery_stream" "s" {\n  orc_ser_de {\n    bloom_filter_columns                    = var.bloom_columns\n    bloom_filter_false_positive_probability = var.bloom_fpp\n  }\n}\n';
    assert.deepEqual(detectConfigs(forwarded, { fileName: 'main.tf' }).map((f) => f.recognizer), []);
    const stated = forwarded.replace('var.bloom_columns', '["id"]').replace('var.bloom_fpp', '0.02');
    assert.deepEqual(detectConfigs(stated, { fileName: 'main.tf' }).map((f) => `${f.recognizer} ${JSON.stringify(f.params)}`), ['aws.firehose.orcSerDe {"p":0.02,"n":10000}']);
  });

  it('a key followed by a type declares a column or a property, not a value', () => {
    assert.deepEqual(found('export interface TableOptions {\n  bloom_filter_fp_chance?: number;\n}\n', 'typescript'), []);
    assert.deepEqual(found('String ddl = "CREATE TABLE t (" + "bloom_filter_fp_chance double," + "caching text)";\n', 'java'), []);
    assert.deepEqual(found("CREATE TABLE ks.t (id int PRIMARY KEY) WITH bloom_filter_fp_chance = 0.01;\n", 'sql'), ['cassandra.fpChance@0 {"p":0.01}']);
  });
});

describe('detect: where a finding starts', () => {
  it('a Redis command over several lines starts at its call; a ClickHouse index at its `ADD INDEX`', () => {
    const ts = "await client.sendCommand([\n  'BF.RESERVE',\n  'k',\n  '0.01',\n  '1000',\n]);\n";
    assert.deepEqual(found(ts, 'typescript'), ['redis.bf.reserve@0 {"p":0.01,"n":1000}']);
    const sql = 'ALTER TABLE events\n    ADD INDEX IF NOT EXISTS idx_user user_id\n    TYPE bloom_filter(0.01) GRANULARITY 4;\n';
    assert.deepEqual(found(sql, 'sql'), ['clickhouse.bloomFilter@1 {"p":0.01}']);
  });

  it('Spring `@Value` defaults start at the first sizing annotation, not at an `@Autowired` above it', () => {
    const java = [
      'class Links {', '  @Autowired(required = false)', '  private RedissonClient client;', '',
      '  @Value("${links.bloom.expected-insertions:1000000}")', '  private long expectedInsertions;',
      '  @Value("${links.bloom.false-probability:0.01}")', '  private double falseProbability;', '}',
    ].join('\n');
    assert.deepEqual(found(java, 'java'), ['generic.named@4 {"n":1000000,"p":0.01}']);
  });

  it('Markdown: what a command printed in a terminal transcript is output, what is typed at a prompt is a command', () => {
    const printed = '# Run\n\n```\n$ python3 build/bloom_filter.py\nBloomFilter(capacity=1000, error_rate=0.01)\n  m = 9586\n```\n';
    assert.deepEqual(found(printed, 'markdown'), []);
    const typed = '# Run\n\n```\n$ redis-cli\n127.0.0.1:6379> BF.RESERVE k 0.01 1000\nOK\n```\n';
    assert.deepEqual(found(typed, 'markdown'), ['redis.bf.reserve@4 {"p":0.01,"n":1000}']);
  });
});

describe('detect: Go snippets in documentation that show no import', () => {
  it('`bloom.New(m, k)` in a README is bits-and-blooms, unless the text names another `bloom` package (yourbasic)', () => {
    const readme = '# bloom\n\nTo add a string:\n\n    n := uint(1000)\n    filter := bloom.New(20*n, 5)\n    filter.Add([]byte("Love"))\n';
    assert.deepEqual(found(readme, 'markdown'), ['go.bits-and-blooms.new@5 {"m":20000,"k":5}']);
    assert.deepEqual(found(`Using github.com/yourbasic/bloom:\n\n${readme}`, 'markdown'), ['go.yourbasic.new@7 {"n":20000,"p":0.2}'], 'yourbasic reads New(n, 1/p)');
    assert.deepEqual(found('package x\n\nfunc f() {\n\tfilter := bloom.New(20000, 5)\n}\n', 'go'), [], 'in Go source the import decides');
  });
});

describe('detect: a class of the project, not the library with the same signature', () => {
  it('Python `from memory.bloom import BloomFilter` is read generically, `from pybloom_live import` is pybloom', () => {
    assert.deepEqual(found('from memory.bloom import BloomFilter\nbf = BloomFilter(capacity=1000, error_rate=0.01)\n', 'python'), ['generic.named@1 {"n":1000,"p":0.01}']);
    assert.deepEqual(found('from pybloom_live import BloomFilter\nbf = BloomFilter(capacity=1000, error_rate=0.01)\n', 'python'), ['pybloom.bloomFilter@1 {"n":1000,"p":0.01,"hashing":"partitioned"}']);
  });
});

describe('detect: rounds R to U, read as a reader does', () => {
  it('HBase: a Bloom type through a constant, a project helper, a StoreFileWriter with its key count; not a branch on the caller\'s text', () => {
    const imports = 'import org.apache.hadoop.hbase.regionserver.BloomType;\n';
    assert.deepEqual(found(`${imports}class A {\n  static final BloomType BLOOM = BloomType.ROWCOL;\n  void f(HColumnDescriptor cd) {\n    cd.setBloomFilterType(BLOOM);\n  }\n}\n`, 'java'), ['hbase.columnFamily@4 {"p":0.01}']);
    assert.deepEqual(found(`${imports}class A {\n  void f() {\n    Tables.createIfMissing(conn, "users", BloomType.ROW);\n  }\n}\n`, 'java'), ['hbase.columnFamily@3 {"p":0.01}']);
    const writer = `${imports}class A {\n  void f() {\n    int rows = 5000;\n    StoreFileWriter w = new StoreFileWriter.Builder(conf, fs)\n        .withBloomType(BloomType.ROW)\n        .withMaxKeyCount(rows)\n        .build();\n  }\n}\n`;
    assert.deepEqual(found(writer, 'java'), ['hbase.columnFamily@5 {"n":5000,"p":0.01}']);
    const branch = `${imports}class A {\n  static void apply(HColumnDescriptor cd, String type) {\n    if (type.equals("ROW"))\n      cd.setBloomFilterType(BloomType.ROW);\n    else if (type.equals("ROWCOL")) cd.setBloomFilterType(BloomType.ROWCOL);\n  }\n}\n`;
    assert.deepEqual(found(branch, 'java'), [], 'the branch picks what the caller named');
    assert.deepEqual(found(`${imports}class A {\n  boolean f(BloomType t) {\n    return t == BloomType.ROW;\n  }\n}\n`, 'java'), [], 'a comparison configures nothing');
  });

  it('PHP `use A\\B\\BloomFilter as Other;` reads Other as the library\'s class', () => {
    const text = "<?php\nuse RocketLabs\\BloomFilter\\BloomFilter as Filter;\nuse RocketLabs\\BloomFilter\\Persist\\BitString;\n$f = Filter::createFromApproximateSize(new BitString(), 50000, 0.002);\n";
    assert.deepEqual(found(text, 'php'), ['php.rocketlabs.createFromApproximateSize@3 {"n":50000,"p":0.002}']);
  });

  it('an options hash filled above the call (`opts[:size] ||= ...`) or assigned a literal states the call\'s keywords', () => {
    const filled = "require 'bloomfilter-rb'\ndef open(opts = {})\n  opts[:size] ||= 2_000 * 4\n  opts[:hashes] ||= 5\n  BloomFilter::Native.new(opts)\nend\n";
    assert.deepEqual(detectConfigs(filled, { languageId: 'ruby' }).map((f) => `${f.recognizer}@${f.range.start.line} ${JSON.stringify(f.params)}`), ['ruby.bloomfilter-rb.new@4 {"m":8000,"k":5}']);
    const literal = "require 'bloomfilter-rb'\nopts = { size: 1024, hashes: 3 }\nf = BloomFilter::Native.new(opts)\n";
    assert.deepEqual(detectConfigs(literal, { languageId: 'ruby' }).map((f) => JSON.stringify(f.params)), ['{"m":1024,"k":3}']);
  });

  it('a declared field\'s default: pydantic `Field(default=...)`', () => {
    const text = 'from pydantic import BaseModel, Field\n\nclass Knobs(BaseModel):\n    bloom_capacity: int = Field(default=250000, ge=1)\n    bloom_error_rate: float = Field(default=0.005, gt=0.0)\n';
    assert.deepEqual(found(text, 'python'), ['generic.named@3 {"n":250000,"p":0.005}']);
  });

  it('Spring `@Value("${key}")` without a default is read at run time: the call is a finding with what it states', () => {
    const text = 'import com.google.common.hash.BloomFilter;\nimport com.google.common.hash.Funnels;\nclass Conf {\n  @Value("${links.bloom.expected}")\n  private long expected;\n  @Value("${links.bloom.fpp}")\n  private double fpp;\n\n  BloomFilter<Long> links() {\n    return BloomFilter.create(Funnels.longFunnel(), expected, fpp);\n  }\n}\n';
    assert.deepEqual(found(text, 'java'), ['guava.create@9 {}']);
    // with the fields set by a constructor the caller calls, the values are the caller's (no finding)
    const state = 'import com.google.common.hash.BloomFilter;\nimport com.google.common.hash.Funnels;\nclass Conf {\n  private long expected;\n  private double fpp;\n  BloomFilter<Long> links() {\n    return BloomFilter.create(Funnels.longFunnel(), expected, fpp);\n  }\n}\n';
    assert.deepEqual(found(state, 'java'), []);
  });

  it('a settings group starts at the setting that makes the filter, not one above it that tunes it (ORC stride, columns)', () => {
    const text = "CREATE TABLE t (id BIGINT) STORED AS ORC TBLPROPERTIES (\n  'orc.row.index.stride' = '20000',\n  'orc.bloom.filter.columns' = 'id',\n  'orc.bloom.filter.fpp' = '0.02'\n);\n";
    assert.deepEqual(detectConfigs(text, { languageId: 'sql' }).map((f) => `${f.recognizer}@${f.range.start.line} ${JSON.stringify(f.params)}`), ['orc.bloomFilter@2 {"n":20000,"p":0.02}']);
  });
});

describe('detect: rounds R to U, text that configures nothing', () => {
  it('values a test sets and then asserts it read back', () => {
    const text = 'class SettingsTests {\n  void testFpp() {\n    Settings s = Settings.builder().put("index.field.title.bloom_filter_fpp", "0.03").build();\n    assertEquals(0.03, FieldSettings.fpp(s).get("title"), 0.0001);\n  }\n}\n';
    assert.deepEqual(found(text, 'java'), []);
    // the same setting with no assertion of it is a configuration
    assert.equal(found(text.replace(/\n    assertEquals[^\n]*/, ''), 'java').length, 1);
  });

  it('statistics a running filter reports: counters beside the values', () => {
    const stats = '{\n  "orders": {\n    "bloomFilter": {\n      "hashFunctions": 3,\n      "probabilityOfFalsePositive": 0.01,\n      "requestCount": 38,\n      "refusedCount": 39\n    }\n  }\n}\n';
    assert.deepEqual(detectConfigs(stats, { languageId: 'json' }), []);
    assert.equal(detectConfigs(stats.replace(/,\n      "requestCount": 38,\n      "refusedCount": 39/, ''), { languageId: 'json' }).length, 1, 'without the counters it is a configuration');
  });

  it('a graphics `Bloom` effect in a file that draws', () => {
    const text = 'class World {\n  World(Model model) {\n    batch = new SpriteBatch();\n    bloom = new Bloom(model.viewport, 0.75f);\n  }\n}\n';
    assert.deepEqual(found(text, 'java'), []);
  });

  it('a stand-in class whose constructor takes sizes and never uses them', () => {
    const standIn = 'class BloomFilter:\n    def __init__(self, max_elements: int = 1_000_000, error_rate: float = 0.001) -> None:\n        self._items = set()\n\n    def add(self, item):\n        self._items.add(item)\n';
    assert.deepEqual(found(standIn, 'python'), []);
    const used = 'class BloomFilter:\n    def __init__(self, max_elements: int = 1_000_000, error_rate: float = 0.001) -> None:\n        self.bits = bytearray(int(-max_elements * math.log(error_rate) / 0.48) // 8)\n';
    assert.equal(found(used, 'python').length, 1, 'a constructor that uses them sizes the filter');
  });
});

describe('detect: rounds V and W, read as a reader does', () => {
  it('a class\'s constructor or init whose parameter defaults size it starts at the class (C++)', () => {
    const text = 'class BloomFilter {\npublic:\n    explicit BloomFilter(size_t expected_elements = 100000, double false_positive_rate = 0.01);\n};\n';
    assert.deepEqual(found(text, 'cpp', false), ['generic.named@0 {"n":100000,"p":0.01}']);
  });

  it('a function that returns its setting\'s default (serde `default = "..."`, Go, Python), and config text inside a raw string apart', () => {
    const rust = 'pub const DEFAULTS: &str = r##"\n[storage]\nbloom_filter_bits_per_key = 10\n"##;\n\nfn default_bloom_false_positive_rate() -> f64 { 0.02 }\n';
    assert.deepEqual(found(rust, 'rust', false), ['tikv.bloomFilterBitsPerKey@2 {"bitsPerElement":10}', 'generic.named@5 {"p":0.02}']);
    assert.deepEqual(found('package x\nfunc defaultBloomFPR() float64 { return 0.02 }\n', 'go', false), ['generic.named@1 {"p":0.02}']);
    assert.deepEqual(found('def default_bloom_capacity():\n    return 10_000\n', 'python', false), ['generic.named@0 {"n":10000}']);
  });

  it('C# `int.MaxValue`, a namespace written at the call, and a retry that calls itself is no second call site', () => {
    const cs = 'class A {\n  A() {\n    filter = BloomFilter.FilterBuilder.Build<string>(int.MaxValue);\n  }\n}\n';
    assert.deepEqual(found(cs, 'csharp', false), ['bloomfilter-net.build@2 {"n":2147483647,"p":0.01}']);
    const retry = "class S {\n  constructor(private redis: Redis) {\n    this.ensure('seen', 0.002, 40000);\n  }\n  private async ensure(key: string, rate = 0.01, capacity = 10000) {\n    if (!(await this.lock(key))) return this.ensure(key, rate, capacity);\n    await this.redis.call('BF.RESERVE', key, rate, capacity);\n  }\n}\n";
    assert.deepEqual(found(retry, 'typescript'), ['redis.bf.reserve@6 {"p":0.002,"n":40000}']);
  });

  it('React state\'s initial value and a shorthand property (`{ size: filterSize, hashFunctions }`)', () => {
    const text = 'function Playground() {\n  const [filterSize] = useState<number>(128)\n  const [hashFunctions, setHashFunctions] = useState(4)\n  const f = new BloomFilter({ size: filterSize, hashFunctions })\n}\n';
    assert.deepEqual(found(text, 'typescript'), ['generic.named@3 {"m":128,"k":4}']);
  });

  it('a method named for the filter it builds, its sizes as parameter defaults', () => {
    const text = 'class Index {\n  createBloomFilter(items, falsePositiveRate = 0.02) {\n    const m = Math.ceil(-items.length * Math.log(falsePositiveRate) / (Math.log(2) ** 2));\n    return new Array(m).fill(false);\n  }\n}\n';
    assert.deepEqual(found(text, 'javascript'), ['generic.named@1 {"p":0.02}']);
  });

  it('DPDK `.type = 1` is RTE_MEMBER_TYPE_VBF', () => {
    const text = '#include <rte_member.h>\nstatic void f(int n) {\n  const struct rte_member_parameters params = {\n    .type = 1,\n    .num_keys = n,\n    .num_set = 2,\n    .false_positive_rate = 0.02,\n  };\n}\n';
    assert.deepEqual(detectConfigs(text, { languageId: 'c' }).map((f) => `${f.recognizer} ${JSON.stringify(f.params)}`), ['dpdk.member.vbf {"p":0.02}']);
  });
});

describe('detect: rounds V and W, text that configures nothing', () => {
  it('members of a local that is a parameter\'s member chain are caller input; a local filled by a call is not', () => {
    const cs = 'using BloomFilter;\nstatic class Ext {\n  static void Add(Services services, CachingOptions options) {\n    var bloom = options.Policy?.Bloom;\n    services.Add(FilterBuilder.Build<string>(bloom.ExpectedElements, bloom.ErrorRate));\n  }\n}\n';
    assert.deepEqual(found(cs, 'csharp', false), []);
  });

  it('a file\'s size beside its url and checksum, and a filter switched off beside its bits', () => {
    const manifest = '{\n  "bloom_filter": {\n    "url": "https://example.com/index.bloom",\n    "size_bytes": 1200000,\n    "sha256": "bb22"\n  }\n}\n';
    assert.deepEqual(detectConfigs(manifest, { languageId: 'json' }), []);
    const off = '{\n  "block_size": 4096,\n  "bloom_filter_enabled": false,\n  "bloom_bits_per_key": 10\n}\n';
    assert.deepEqual(detectConfigs(off, { languageId: 'json' }), []);
  });

  it('a Lua function\'s parameters are its callers\'', () => {
    const lua = "local function reserve(key, capacity)\n  return redis.call('CF.RESERVE', key, capacity)\nend\n";
    assert.deepEqual(detectConfigs(lua, { languageId: 'lua' }), []);
  });
});

describe('detect: a Markdown document\'s code blocks read in their own language', () => {
  it('a ```python block\'s parameter defaults and a raw command built from them, at the block\'s lines', () => {
    const md = '# Dedupe\n\nSome prose about bloom filters.\n\n```python\nimport redis\n\nclass Seen:\n    def create(self, capacity=2000000, error_rate=0.002):\n        self.r.execute_command("BF.RESERVE", "seen", error_rate, capacity)\n```\n';
    assert.deepEqual(found(md, 'markdown'), ['redis.bf.reserve@9 {"p":0.002,"n":2000000}']);
  });

  it('a block inside a quote names the library of a later block; a sketch stating a number is a filter, one stating none is not', () => {
    const md = '> Library:\n>\n>```go\n>import "github.com/linvon/cuckoo-filter"\n>```\n\n```go\ncf := cuckoo.NewFilter(4, 9, maxKeys, cuckoo.TableTypePacked)\n```\n';
    assert.deepEqual(found(md, 'markdown'), ['go.linvon.cuckoo.newFilter@7 {}']);
    assert.deepEqual(found(md.replace('4, 9, maxKeys', 'buckets, bits, maxKeys'), 'markdown'), []);
  });

  it('blocks of one language read as one program: the import in the first block names the library of the later ones', () => {
    const md = '# hazy\n\n```python\nfrom hazy import ScalableBloomFilter\n```\n\nGrowing filters:\n\n```python\nsbf = ScalableBloomFilter(initial_capacity=5000, false_positive_rate=0.02)\n```\n';
    assert.deepEqual(found(md, 'markdown'), ['python.hazy.scalableBloomFilter@9 {"n":5000,"p":0.02}']);
  });

  it('a block\'s call that states nothing stays silent, as in the Markdown reading', () => {
    assert.deepEqual(found('Sizing:\n\n```go\nf := bloom.NewWithEstimates(expected, rate)\n```\n', 'markdown'), []);
  });

  it('lists the languages of a document\'s blocks (their grammars are loaded for it)', () => {
    assert.deepEqual(languagesToRead('```py\nx = 1\n```\n\n```yaml\na: 1\n```\n\n~~~ts\nconst y = 2\n~~~\n', 'markdown'), ['markdown', 'python', 'typescript']);
    assert.deepEqual(languagesToRead('```py\nx = 1\n```\n', 'python'), ['python']);
  });
});

describe('detect: rounds X to AC, read as a reader does', () => {
  it('a project\'s factory function and a Python module\'s class read by the shape of their arguments; a subscripted generic class', () => {
    assert.deepEqual(found('let seen = new_bloom(1_000_000, 0.001);\n', 'rust', false), ['generic.named@0 {"n":1000000,"p":0.001}']);
    assert.deepEqual(found('import native_bloom\nf = native_bloom.BloomFilter(50000, 0.02)\n', 'python'), ['generic.named@1 {"n":50000,"p":0.02}']);
    assert.deepEqual(found('from mylib.filters import BloomFilter\nf = BloomFilter[str](capacity=50000, error_rate=0.02)\n', 'python'), ['generic.named@1 {"n":50000,"p":0.02}']);
  });

  it('two calls that read the same constants are two filters', () => {
    const text = 'import native_bloom\nfrom rbloom import Bloom\nCAPACITY = 100_000\nRATE = 0.01\na = native_bloom.BloomFilter(CAPACITY, RATE)\nb = Bloom(CAPACITY, RATE)\n';
    assert.deepEqual(found(text, 'python'), ['generic.named@4 {"n":100000,"p":0.01}', 'rbloom.bloom@5 {"n":100000,"p":0.01}']);
  });

  it('an environment variable\'s fallback at the end of a chain (Rust), a multi-line function returning a default with a comment', () => {
    const env = 'fn load() -> Settings {\n    Settings {\n        fp: std::env::var("APP_BLOOM_FP_RATE")\n            .ok()\n            .and_then(|s| s.parse().ok())\n            .unwrap_or(0.02),\n    }\n}\n';
    assert.deepEqual(found(env, 'rust', false).map((f) => f.replace(/@\d+/, '')), ['generic.named {"p":0.02}']);
    assert.deepEqual(found('fn bloom_rate() -> f64 {\n    0.002 // 0.2 %\n}\n', 'rust', false), ['generic.named@0 {"p":0.002}']);
  });

  it('bloom-filter-scala with named arguments chooses its overload by the names', () => {
    const text = 'import bloomfilter.mutable.BloomFilter\nobject A {\n  val seen = BloomFilter[String](\n    numberOfItems = 300_000,\n    falsePositiveRate = 0.001\n  )\n}\n';
    assert.deepEqual(found(text, 'scala'), ['bloom-filter-scala.bloomFilter@2 {"n":300000,"p":0.001}']);
  });
});

describe('detect: rounds X to AC, text that configures nothing', () => {
  it('an ORC column list that is empty or filled in at run time builds no filter', () => {
    assert.deepEqual(detectConfigs("CREATE TABLE t (a INT) STORED AS ORC TBLPROPERTIES ('orc.bloom.filter.columns'='', 'orc.bloom.filter.fpp'='0.05');\n", { languageId: 'sql' }), []);
    const java = 'class B {\n  String clause(List<String> keys) {\n    return String.format("\'orc.bloom.filter.columns\'=\'%s\'", String.join(",", keys));\n  }\n}\n';
    assert.deepEqual(found(java, 'java'), []);
  });

  it('a row of Cassandra\'s schema tables in a test fixture is data', () => {
    const go = 'package x\nvar rows = []row{{\n\t"keyspace_name": "billing", "table_name": "invoices",\n\t"bloom_filter_fp_chance": 0.01,\n}}\n';
    assert.deepEqual(found(go, 'go'), []);
  });

  it('a filter rebuilt from stored words, a parameter\'s entry and a closure\'s parameter configure nothing', () => {
    assert.deepEqual(found('fn read(raw: &[u8]) -> BloomFilter {\n    let words = decode(raw);\n    BloomFilter::from_vec(words).hashes(7)\n}\n', 'rust', false).filter((f) => !f.startsWith('generic')), []);
    assert.deepEqual(found('from bloom_filter2 import BloomFilter\ndef run(conf):\n    return BloomFilter(max_elements=conf["max_elements"], error_rate=conf["error_rate"])\n', 'python'), []);
    assert.deepEqual(found('fn make(rate: Option<f64>) -> Option<BloomFilter> {\n    rate.map(|r| BloomFilter::with_false_pos(r).expected_items(1000))\n}\n', 'rust', false).map((f) => f.replace(/@\d+/, '')), ['rust.fastbloom.withFalsePos {"n":1000}']);
  });
});

describe('detect: rounds AB to AE, values a reader takes', () => {
  it('a lone Bloom-named size is the filter\'s bits; a few "bloom" pixels of a glow effect are none', () => {
    assert.deepEqual(found('class Config:\n    SEARCH_BLOOM_FILTER_SIZE = 500  # size of the search Bloom filter\n', 'python'), ['generic.named@1 {"m":500}']);
    assert.deepEqual(found('cfg := PoolConfig{\n\tMaxPeers:        10,\n\tBloomFilterSize: 1024,\n}\n', 'go').map((f) => f.replace(/@\d+/, '')), ['generic.named {"m":1024}']);
    assert.deepEqual(found('post = dict(haze=0.35, bloom=0.95, bloom_size=9, vignette=0.35)\n', 'python'), []);
  });

  it('Bloom-named parameters with literal defaults are what the function builds; a C++ prototype states none', () => {
    const python = 'class Spider(Base):\n    def __init__(self, state=None,\n                 bloom_filter_capacity: int = 10_000_000, bloom_filter_error_rate: float = 0.1):\n        super().__init__(state, bloom_filter_capacity, bloom_filter_error_rate)\n';
    assert.deepEqual(found(python, 'python'), ['generic.named@2 {"n":10000000,"p":0.1}']);
    assert.deepEqual(found('void Make(int keys, size_t bloom_capacity = 100000, double bloom_fp_rate = 0.01);\n', 'cpp'), []);
    // not Bloom-named: a hand-rolled class's constructor default stays a declaration
    assert.deepEqual(found('class Seen {\n  Seen({required int expectedItems, double falsePositiveRate = 0.01});\n}\n', 'dart', false), []);
  });

  it('a hash count given as a list of hash functions, through the name bound to it', () => {
    const text = 'from bloom_filter import BloomFilter, fnv, djb\n\nclass Shard:\n    def __init__(self, cells, filter_size=256, hash_functions=[fnv, djb]):\n        self.bloom = self._make(filter_size, hash_functions)\n\n    def _make(self, filter_size, hash_functions):\n        return BloomFilter(filter_size, hash_functions)\n';
    assert.deepEqual(found(text, 'python'), ['generic.named@7 {"m":256,"k":2}']);
  });
});

describe('detect: a class of this file, called with some of its arguments', () => {
  it('the call is the filter; the constructor\'s defaults fill what it leaves out, and the class line states none alone', () => {
    const ts = 'export class BloomFilter {\n  constructor(expectedItems: number, falsePositiveRate = 0.01) {\n    this.bits = new Uint8Array(1)\n  }\n}\nconst CAPACITY = 100_000\nconst next = new BloomFilter(CAPACITY)\n';
    assert.deepEqual(found(ts, 'typescript'), ['generic.named@6 {"n":100000,"p":0.01}']);
    // every argument passed: the class's own defaults are a configuration of their own
    const scala = 'case class BloomSettings(expectedItems: Long = 300000L, fpp: Double = 0.01)\n\nobject Settings {\n  val small = BloomSettings(expectedItems = 80000L, fpp = 0.05)\n}\n';
    assert.deepEqual(found(scala, 'scala', false), ['generic.named@0 {"n":300000,"p":0.01}', 'generic.named@3 {"n":80000,"p":0.05}']);
  });

  it('epsilon and delta are a false-positive rate', () => {
    assert.deepEqual(found('from delta_bloom import BloomFilter\nbf = BloomFilter(n=1000, delta=0.01)\n', 'python'), ['generic.named@1 {"n":1000,"p":0.01}']);
    assert.deepEqual(found('class BloomFilter:\n    def __init__(self, n=None, epsilon=None):\n        self.m = n\n\nbase = BloomFilter(n=15_000, epsilon=0.5)\n', 'python'), ['generic.named@4 {"n":15000,"p":0.5}']);
  });
});

describe('detect: a guessed filter inside a function, bound by the function\'s only call', () => {
  it('a bare parameter read from the call (a Rust generic header with nested angle brackets)', () => {
    const rust = 'use crate::bloom::BloomFilter;\n\nimpl Writer {\n    pub fn create<P: AsRef<Path>>(path: P) -> Result<Self, String> {\n        Self::create_sized(path, 10000)\n    }\n\n    pub fn create_sized<P: AsRef<Path>>(path: P, expected_rows: usize) -> Result<Self, String> {\n        let bloom = BloomFilter::new(expected_rows, 0.01);\n        Ok(Self { bloom })\n    }\n}\n';
    assert.deepEqual(found(rust, 'rust'), ['generic.named@8 {"p":0.01,"n":10000}']);
  });
});

describe('detect: a filter class named otherwise, known by its own text', () => {
  it('the Bloom formula or "Bloom filter" with membership methods makes a class a filter: its defaults, its calls', () => {
    const formula = 'import math\n\nclass UrlMembershipFilter:\n    def __init__(self, expected_elements: int = 100000, false_positive_rate: float = 0.01):\n        self.size = int(-expected_elements * math.log(false_positive_rate) / (math.log(2) ** 2))\n        self.bits = bytearray((self.size + 7) // 8)\n';
    assert.deepEqual(found(formula, 'python'), ['generic.named@2 {"n":100000,"p":0.01}']);
    const words = 'class SeenFilter:\n    """Bloom filter for request URLs."""\n\n    def __init__(self, expected_insertions=1_000_000, fpp=0.01):\n        self.bits = bytearray(expected_insertions)\n\n    def add(self, url):\n        self.bits[hash(url) % len(self.bits)] = 1\n\nclass Engine:\n    def __init__(self):\n        self.seen = SeenFilter(expected_insertions=2_000_000, fpp=0.001)\n';
    assert.deepEqual(found(words, 'python'), ['generic.named@0 {"n":1000000,"p":0.01}', 'generic.named@11 {"n":2000000,"p":0.001}']);
    const ruby = 'class MembershipFilter\n  def initialize(capacity: 1000, error_rate: 0.01)\n    @size = (-capacity * Math.log(error_rate) / (Math.log(2)**2)).ceil\n  end\nend\n';
    assert.deepEqual(found(ruby, 'ruby', false), ['generic.named@0 {"n":1000,"p":0.01}']);
  });

  it('a settings class that mentions the filter, and a class that builds one from a library, are no filters themselves', () => {
    const settings = 'class CacheSettings:\n    """Cache and its Bloom filter."""\n    ttl_seconds: int = 60\n    max_items: int = 5000\n';
    assert.deepEqual(found(settings, 'python'), []);
    const user = 'from bloom_filter2 import BloomFilter\n\nclass Router:\n    """LRU in front of Redis, with a Bloom filter to skip cold keys."""\n    def __init__(self):\n        self.near = LRUCache(maxsize=10000)\n        self.known = BloomFilter(max_elements=1000000, error_rate=0.001)\n\n    def put(self, key):\n        self.known.add(key)\n';
    assert.deepEqual(found(user, 'python'), ['bloom-filter2.bloomFilter@6 {"n":1000000,"p":0.001}']);
  });
});

describe('detect: a type imported from a module named for the filter', () => {
  it('is read as a filter class (Rust `use self::bloom::Filter`, Python `from .bloom import Sieve`, TS `from "./bloom"`)', () => {
    assert.deepEqual(found('use self::bloom::Filter;\nfn main() {\n    let f = Filter::new(5000, 0.01);\n}\n', 'rust'), ['generic.named@2 {"n":5000,"p":0.01}']);
    assert.deepEqual(found('from .bloom import Sieve\n\nseen = Sieve(capacity=20000, error_rate=0.001)\n', 'python'), ['generic.named@2 {"n":20000,"p":0.001}']);
    assert.deepEqual(found('import { Sieve } from "./util/bloom";\nconst seen = new Sieve(20000, 0.001);\n', 'typescript'), ['generic.named@1 {"n":20000,"p":0.001}']);
    // a module that also exports a Bloom-named type: that one is the filter, the others use it
    assert.deepEqual(found('from bloom_tracker import BloomSettings, Tracker\n\nt = Tracker(spark, 3)\n', 'python'), []);
  });

  it('a TypeScript declaration file builds nothing', () => {
    const text = 'export declare class BloomFilter {\n  constructor(capacity: number, errorRate?: number);\n}\nexport declare const DEFAULT_BLOOM_ERROR_RATE = 0.01;\n';
    assert.deepEqual(detectConfigs(text, { fileName: 'bloom.d.ts' }), []);
  });
});

describe('detect: constructors written as functions', () => {
  it('a JavaScript constructor function named for the filter is its class; Lua `Class.new` is its constructor', () => {
    assert.deepEqual(found('function ProtoBloom(size) {\n    this.size = size || 128;\n    this.bits = [];\n}\n', 'javascript'), ['generic.named@0 {"m":128}']);
    const lua = 'local BloomFilter = {}\nBloomFilter.__index = BloomFilter\n\nfunction BloomFilter.new(size, numHashes)\n    return setmetatable({ _size = size, _numHashes = numHashes }, BloomFilter)\nend\n\nlocal bf = BloomFilter.new(1000, 3)\n';
    assert.deepEqual(found(lua, 'lua', false), ['generic.named@7 {"m":1000,"k":3}']);
  });
});

describe('detect: Guava\'s vocabulary and a conditional read', () => {
  it('"expected insertions" beside a false-positive probability is a filter\'s sizing though no name says Bloom', () => {
    const java = 'public class SeenLinkFilterProperties {\n    @Value("${seen-links.expected-insertions:5000000}")\n    private int expectedInsertions;\n\n    @Value("${seen-links.false-positive-probability:0.000001}")\n    private double falsePositiveProbability;\n}\n';
    assert.deepEqual(found(java, 'java'), ['generic.named@1 {"n":5000000,"p":0.000001}']);
    // constants are read by the call that builds the filter, elsewhere; a lone count of insertions says nothing
    assert.deepEqual(found('public final class C {\n    public static final int EXPECTED_INSERTIONS = 50_000;\n    public static final double FALSE_POSITIVE_PROBABILITY = 0.01;\n}\n', 'java'), []);
    assert.deepEqual(found('queue:\n  expected-insertions: 1000\n  batch: 10\n', 'yaml'), []);
  });

  it('a filter read back from a file only when the file exists keeps its own size otherwise', () => {
    const go = 'package seen\n\nimport "github.com/bits-and-blooms/bloom/v3"\n\nfunc load() {\n\tfilter = bloom.NewWithEstimates(10000000, 0.001)\n\tif f, err := os.Open(path); err == nil {\n\t\tfilter.ReadFrom(f)\n\t}\n}\n';
    assert.deepEqual(found(go, 'go'), ['go.bits-and-blooms.newWithEstimates@5 {"n":10000000,"p":0.001}']);
    const always = go.replace('\tif f, err := os.Open(path); err == nil {\n\t\tfilter.ReadFrom(f)\n\t}\n', '\tfilter.ReadFrom(file)\n');
    assert.deepEqual(found(always, 'go'), []);
  });
});

describe('detect: rounds AF and AG, text a reader knows is no setting, and a library\'s ignored flag', () => {
  it('a C# object standing for a row of Cassandra\'s schema tables is data', () => {
    const cs = 'private static object Row() => new\n{\n    keyspace_name = "ks1",\n    table_name = "tbl1",\n    compaction = new { },\n    caching = "ALL",\n    bloom_filter_fp_chance = 0.1,\n    comment = "c",\n};\n';
    assert.deepEqual(found(cs, 'csharp'), []);
  });

  it('RocksDB\'s use_block_based_builder = true is read and said to be ignored', () => {
    const findings = detectConfigs('table_options.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10, true));\n', { languageId: 'cpp' });
    assert.deepEqual(findings.map((f) => f.recognizer), ['rocksdb.bitsPerKey']);
    assert.ok(findings[0].notes?.some((note) => note.includes('ignored since RocksDB 7.0')), JSON.stringify(findings[0].notes));
  });
});

describe('detect: a filter class sized by the bit array it allocates', () => {
  it('bitarray(FILTER_BITS) in a Bloom class is its m; bytes are read as bytes', () => {
    const py = 'from bitarray import bitarray\n\nFILTER_BITS = 5000000\n\nclass BloomFilter:\n    def __init__(self):\n        self.arr = bitarray(FILTER_BITS)\n\n    def add(self, link):\n        pass\n';
    assert.deepEqual(found(py, 'python'), ['generic.named@4 {"m":5000000}']);
    const bytes = 'class TinyBloom:\n    def __init__(self):\n        self.bits = bytearray(4096)\n';
    assert.deepEqual(found(bytes, 'python'), ['generic.named@0 {"m":32768}']);
    // a size the caller passes allocates nothing known here
    assert.deepEqual(found('class TinyBloom:\n    def __init__(self, size):\n        self.bits = bytearray(size)\n', 'python'), []);
  });
});

describe('detect: a JavaScript module object names the library\'s classes', () => {
  it('compiled TypeScript (`bloom_filters_1.BloomFilter`) and `import * as bf` read as the library\'s own names, columns as written', () => {
    const compiled = '"use strict";\nconst bloom_filters_1 = require("bloom-filters");\nlet f = new bloom_filters_1.BloomFilter(1000, 4);\n';
    const findings = detectConfigs(compiled, { languageId: 'javascript' });
    assert.deepEqual(findings.map((f) => `${f.recognizer}@${f.range.start.line}:${f.range.start.character} ${JSON.stringify(f.params)}`), ['bloom-filters.new@2:8 {"m":1000,"k":4}']);
    assert.deepEqual(found('import * as bf from "bloom-filters";\nconst seen = bf.BloomFilter.create(1000, 0.01);\n', 'typescript'), ['bloom-filters.create@1 {"n":1000,"p":0.01}']);
  });
});

describe('detect: a command-line field\'s default in its attribute', () => {
  it('clap `#[arg(long, default_value_t = ...)]` above a Bloom-named field is its value, starting at the attribute; its doc comment gives the unit', () => {
    const rust = '#[derive(Parser)]\nstruct Cli {\n    /// Size of the Bloom filter in bytes.\n    #[arg(long, default_value_t = 1024 * 1024)]\n    bloom_filter_size: usize,\n}\n';
    assert.deepEqual(found(rust, 'rust'), ['generic.named@3 {"m":8388608}']);
    assert.deepEqual(found('struct Cli {\n    #[arg(long, default_value = "0.01")]\n    bloom_fp_rate: f64,\n}\n', 'rust'), ['generic.named@1 {"p":0.01}']);
  });
});

describe('detect: where a setting read over several lines starts', () => {
  it('at the Bloom-named local its call is bound to; a type annotation is no unevaluated value', () => {
    const py = 'def from_crawler(settings):\n    bloom_capacity = _as_int(\n        settings.get("DEDUP_BLOOM_CAPACITY", 1_000_000),\n        minimum=1,\n    )\n    bloom_error_rate = _as_float(\n        settings.get("DEDUP_BLOOM_ERROR_RATE", 0.001),\n    )\n';
    assert.deepEqual(found(py, 'python'), ['generic.named@1 {"n":1000000,"p":0.001}']);
    const typed = detectConfigs('import math\nclass SeenPages:\n    """Bloom filter over pages."""\n    def __init__(self, capacity: int, error_rate: float = 0.001):\n        self.size = int(-capacity * math.log(error_rate) / (math.log(2) ** 2))\n', { languageId: 'python' });
    assert.deepEqual(typed.map((f) => [f.recognizer, f.params, f.unevaluated]), [['generic.named', { p: 0.001 }, []]]);
  });
});

describe('detect: Scala type arguments nested one level', () => {
  it('`BloomFilter.create[Array[Byte]](...)` is Guava\'s create', () => {
    const scala = 'import com.google.common.hash.{BloomFilter, Funnels}\n\nobject F {\n  def empty(expectedKeys: Int = 100000): BloomFilter[Array[Byte]] = {\n    val rate = 0.01\n    BloomFilter.create[Array[Byte]](Funnels.byteArrayFunnel(), expectedKeys, rate)\n  }\n\n  def use(): Unit = { val f = empty() }\n}\n';
    assert.deepEqual(found(scala, 'scala'), ['guava.create@5 {"n":100000,"p":0.01}']);
  });
});

describe('detect: Ruby and Elixir calls without parentheses', () => {
  it('the arguments run to the end of the line: keywords, positions, a block or comment after them left out', () => {
    assert.deepEqual(found("require 'bloom-filter'\n\ntags = BloomFilter.new size: 100_000, error_rate: 0.01 # per tag\n", 'ruby', false), ['ruby.bloom-filter.new@2 {"n":100000,"p":0.01}']);
    assert.deepEqual(found("require 'bloom-filter'\nf = BloomFilter.new bits: 1_000_000, hashes: 4\n", 'ruby', false), ['ruby.bloom-filter.new@1 {"m":1000000,"k":4}']);
    // the same words in Java are no call
    assert.deepEqual(found('class A { BloomFilter.new x; }\n', 'java', false), []);
  });
});

describe('detect: the recognisers\' patterns stay fast', () => {
  it('every pattern is short enough for V8 to optimise (one alternation of every callee, 27 KB, ran 4x slower on every file)', () => {
    for (const recognizer of RECOGNIZERS) {
      for (const pattern of [recognizer.pattern]) assert.ok(pattern.source.length < 18_000, `${recognizer.ids.slice(0, 3).join(', ')}: ${pattern.source.length} characters`);
    }
  });
});

describe('detect: review of the rules added for rounds AF to AI', () => {
  it('a filter class named `Filter` is no `.filter(`; `from bloomberg import` names no filter', () => {
    const ts = 'import { Filter } from "./bloom";\n' + 'const a = xs.filter((x) => x > 1);\n'.repeat(50) + 'const bloomOptions = { capacity: 100000, errorRate: 0.001 };\n';
    assert.deepEqual(found(ts, 'typescript').map((f) => f.replace(/@\d+/, '')), ['generic.named {"n":100000,"p":0.001}']);
    assert.deepEqual(found('from bloomberg.api import Session\n\ns = Session(size=4096)\n', 'python'), []);
  });

  it('a buffer a Bloom-named class allocates is no bit array; a count of insertions made is a statistic', () => {
    assert.deepEqual(found('class BloomFilterReader:\n    def __init__(self):\n        self.buf = bytearray(65536)\n', 'python'), []);
    assert.deepEqual(found('class DiffStats:\n    def __init__(self):\n        self.insertions = 0\n        self.false_positive_rate = 0.05\n', 'python'), []);
  });

  it('keywords are no unevaluated values; Gradio\'s Number takes its value first', () => {
    const js = detectConfigs('const bloomOptions = { bloomFilterSize: 1000, bloomFilterFpp: null };\n', { languageId: 'javascript' });
    assert.deepEqual(js.flatMap((f) => f.unevaluated.map((u) => u.expression)), []);
    assert.deepEqual(found('import gradio as gr\ncapacity = gr.Number(100000, label="capacity")\nseen = MyBloom(capacity=capacity, error_rate=0.01)\n', 'python'), ['generic.named@2 {"n":100000,"p":0.01}']);
  });

  it('a Markdown block\'s sketch is judged by its call, not a comment after it; a block in a nested quote closes', () => {
    const md = '```go\nimport "github.com/bits-and-blooms/bloom/v3"\n\nfilter := bloom.NewWithEstimates(expected, rate) // step 2\n```\n';
    assert.deepEqual(found(md, 'markdown'), []);
    const nested = '> > ```python\n> > x = 1\n> > ```\n\n```python\nfrom pybloom_live import BloomFilter\nf = BloomFilter(capacity=1000, error_rate=0.01)\n```\n';
    assert.deepEqual(found(nested, 'markdown'), ['pybloom.bloomFilter@6 {"n":1000,"p":0.01,"hashing":"partitioned"}']);
  });
});

describe('detect: texts the new needles must not make costly', () => {
  it('a git log\'s "insertions(+)" is no needle (only Guava\'s "expected insertions" is)', () => {
    const log = ' 3 files changed, 10 insertions(+), 2 deletions(-)\n'.repeat(2000);
    assert.deepEqual(detectConfigs(log, { languageId: 'plaintext' }), []);
    // the needle's absence is what keeps it cheap: the Guava words in a config still are one
    assert.deepEqual(found('filter:\n  expected-insertions: 1000000\n  false-positive-probability: 0.01\n', 'yaml').map((f) => f.replace(/@\d+/, '')), ['generic.named {"n":1000000,"p":0.01}']);
  });
});

describe('detect: settings beside one that names a Bloom class', () => {
  it('the settings with its prefix size the class it names; another prefix\'s settings stay apart', () => {
    const py = 'SCHEDULER_DUPEFILTER_CLASS = "listings.dupefilter.RedisBloomDupeFilter"\nSCHEDULER_DUPEFILTER_ERROR_RATE = 0.0001\nSCHEDULER_DUPEFILTER_CAPACITY = 10000\nQUEUE_CAPACITY = 500\n';
    assert.deepEqual(found(py, 'python'), ['generic.named@1 {"p":0.0001,"n":10000}']);
    assert.deepEqual(found('CACHE_BACKEND = "app.cache.RedisCache"\nCACHE_CAPACITY = 10000\n', 'python'), []);
  });
});

describe('detect: a member set from a typed parameter', () => {
  it('`self.settings.error_rate` reads the default of the type `settings: BloomSettings` declares (a Python class with bases)', () => {
    const py = 'from redisbloom.client import Client\n\nclass BloomSettings(object):\n    def __init__(self, key, error_rate=0.001, capacity=1_000_000):\n        self.error_rate = error_rate\n        self.capacity = capacity\n\nclass Dupes:\n    def __init__(self, client: Client, settings: BloomSettings):\n        self.client = client\n        self.settings = settings\n\n    def ensure(self, key):\n        self.client.bfCreate(key, self.settings.error_rate, self.settings.capacity)\n';
    assert.deepEqual(found(py, 'python').filter((f) => !f.startsWith('generic')), ['redisbloom-py.bfCreate@13 {"p":0.001,"n":1000000}']);
  });
});

describe('detect: Dart constructors\' named and optional parameter defaults', () => {
  it('a Bloom-named class\'s `({... rate = 0.01})` or `([this.size = 100])` is the class\'s finding; a call\'s `new X({...})` is the call\'s', () => {
    const dart = 'class GossipBloom {\n  final int _size;\n\n  GossipBloom({\n    required int expectedItems,\n    double falsePositiveRate = 0.01,\n  }) : _size = expectedItems;\n}\n';
    assert.deepEqual(found(dart, 'dart', false), ['generic.named@0 {"p":0.01}']);
    assert.deepEqual(found('class WordBloom {\n  final int size;\n  WordBloom([this.size = 100]) {\n    init(size);\n  }\n}\n', 'dart', false), ['generic.named@0 {"m":100}']);
    const ts = 'export class BloomFilter {\n  constructor(options: Options) {\n    this.size = options.size;\n  }\n\n  static restore(s: State): BloomFilter {\n    const filter = new BloomFilter({\n      expectedItems: 100000,\n      falsePositiveRate: 0.01,\n    });\n    return filter;\n  }\n}\n';
    assert.deepEqual(found(ts, 'typescript'), ['generic.named@6 {"n":100000,"p":0.01}']);
  });
});
