/**
 * Precision at repository scale (issue 20): what configures nothing stays silent, and every stated value is
 * reported as stated. Cases written in our own words after the false positives of test/fixtures/precision.
 */
import * as assert from 'node:assert/strict';
import { analyzeFinding } from '../../src/analysis/analyze';
import { detectConfigs } from '../../src/detect';
import { bareIdentifier, isStateSetElsewhere, isTypedParameter, readsTestCaseFields } from '../../src/detect/precision';
import type { ScanContext } from '../../src/detect/engine';
import { loadSyntaxFor } from '../../src/cli/syntax';
import type { SyntaxRuntime } from '../../src/detect/syntax/runtime';

const found = (text: string, languageId: string) => detectConfigs(text, { languageId }).map((f) => `${f.recognizer}@${f.range.start.line} ${JSON.stringify(f.params)}`);
const bl001 = (text: string, languageId: string) => detectConfigs(text, { languageId }).map((f) => analyzeFinding(f, {}).diagnostics.filter((d) => d.code === 'BL001').map((d) => d.message).join(' | '));

describe('detect: uses, not definitions, pass-throughs or expected values', () => {
  it('tells a typed parameter from a call argument', () => {
    for (const declared of ['double errorRate', 'long capacity', 'capacity int64', 'final int n', 'float fpp = kDefaultFpp', 'const std::string& key', 'Map<String, Long> sizes']) assert.ok(isTypedParameter(declared), declared);
    for (const argument of ['errorRate', '0.01', 'new Funnel()', 'await size()', 'x if y else z', 'n * 8', '"key"', 'capacity = 10']) assert.ok(!isTypedParameter(argument), argument);
  });

  it('reads through numeric conversions to the name they pass on', () => {
    assert.equal(bareIdentifier('uint32(bitsPerKey)'), 'bitsPerKey');
    assert.equal(bareIdentifier('(long) capacity'), 'capacity');
    assert.equal(bareIdentifier('n as u64'), 'n');
    assert.equal(bareIdentifier('this.fpp'), 'fpp');
    assert.equal(bareIdentifier('settings.getint("CAPACITY")'), undefined);
    assert.equal(bareIdentifier('n * 8'), undefined);
  });

  it('a client library declaring and forwarding bfReserve configures nothing; its caller with values does', () => {
    const text = [
      'public class Client {',
      '  public String bfReserve(String key, double errorRate, long capacity) {',
      '    return run(commands.bfReserve(key, errorRate, capacity));',
      '  }',
      '  void setUp() { client.bfReserve("seen", 0.001, 50_000); }',
      '}',
    ].join('\n');
    assert.deepEqual(found(text, 'java'), ['jedis.bfReserve@4 {"p":0.001,"n":50000}']);
  });

  it('Go: a helper forwarding its parameter and testify\'s expected values are silent; a value read at run time is a use', () => {
    const text = [
      'import "github.com/cockroachdb/pebble/bloom"',
      'func policyFor(bitsPerKey int) TableFilterPolicy { return bloom.FilterPolicy(uint32(bitsPerKey)) }',
      'func TestPolicies(t *testing.T) {',
      '  require.Equal(t, bloom.FilterPolicy(8), opts.Levels[0].FilterPolicy)',
      '  v, _ := strconv.Atoi(arg)',
      '  opts.FilterPolicy = bloom.FilterPolicy(uint32(v))',
      '  opts.Levels[1].FilterPolicy = bloom.FilterPolicy(12)',
      '}',
    ].join('\n');
    assert.deepEqual(found(text, 'go'), ['go.pebble.bloomFilterPolicy@5 {}', 'go.pebble.bloomFilterPolicy@6 {"bitsPerElement":12}']);
  });

  it('Python: a helper forwarding its defaults is silent, a value computed from a parameter is a use', () => {
    const text = [
      'from pybloom_live import BloomFilter',
      'def make(capacity=5000, error_rate=0.02):',
      '    return BloomFilter(capacity=capacity, error_rate=error_rate)',
      'class Seen:',
      '    def __init__(self, settings):',
      '        self.f = BloomFilter(capacity=settings.getint("SEEN_CAPACITY"), error_rate=0.001)',
    ].join('\n');
    assert.deepEqual(found(text, 'python'), ['pybloom.bloomFilter@5 {"p":0.001,"hashing":"partitioned"}']);
  });

  it('C++: a declaration\'s default argument, Mockito verify, a config key\'s own constant and enum member are silent', () => {
    assert.deepEqual(found('static std::unique_ptr<Filter> Make(int nkeys, double bloom_fpp = 0.02);\n', 'cpp'), []);
    assert.deepEqual(found('verify(client).bfReserve("k", 0.01, 1000);\n', 'java'), []);
    assert.deepEqual(found('when(commands.bfReserve("k", 0.01, 1000)).thenReturn(reply);\n', 'java'), []);
    assert.deepEqual(detectConfigs('message BloomHeader {\n  required int32 num_hash_functions = 1;\n}\n', { fileName: 'filter.proto' }), [], 'a protobuf field number');
    assert.deepEqual(found('gauge.set(cf.bloom_filter_bits_per_key.into());\n', 'rust'), [], 'a read of the setting');
    assert.deepEqual(found('opts.bloom_filter_bits_per_key = 12;\n', 'rust'), ['tikv.bloomFilterBitsPerKey@0 {"bitsPerElement":12}']);
    assert.deepEqual(found('public static final String ORC_BLOOM_COLUMNS = "orc.bloom.filter.columns";\n', 'java'), []);
    assert.deepEqual(found('enum Conf {\n  BLOOM_FILTER_FPP(\n      "orc.bloom.filter.fpp",\n      0.05, "fpp"),\n}\n', 'java'), []);
  });

  it('the generic recogniser does not read another structure\'s capacity as n', () => {
    assert.deepEqual(found('final class DynamicBloomFilterBuilder {\n  private static final int INITIAL_HASH_CAPACITY = 1024;\n}\n', 'java'), []);
    assert.equal(found('final class BloomSettings {\n  private static final int EXPECTED_ITEMS = 1024;\n  private static final double FPP = 0.01;\n}\n', 'java').length, 1);
  });

  it('a name assigned twice in one scope is read at its later value', () => {
    const python = 'class UrlBloomFilter:\n    RATE = 0.001\n    CAPACITY = 5_000_000\n    CAPACITY = 30000\n';
    assert.deepEqual(found(python, 'python'), ['generic.named@0 {"p":0.001,"n":30000}']);
  });

  it('without a tree, a bean method whose annotated parameters are forwarded configures nothing where it calls', () => {
    // the `{` and `}` inside the annotation's string end no statement; the list is read past the annotations
    const java = [
      'class Filters {',
      '  @Bean',
      '  RBloomFilter<String> seen(RedissonClient client,',
      '      @Value("${seen.capacity:20000}") long capacity,',
      '      @Qualifier(value = "x") double rate) {',
      '    RBloomFilter<String> f = client.getBloomFilter("seen");',
      '    f.tryInit(capacity, rate);',
      '    return f;',
      '  }',
      '}',
    ].join('\n');
    assert.ok(!found(java, 'java').some((f) => f.startsWith('redisson.tryInit')), found(java, 'java').join('; '));
    assert.ok(found(java.replace('f.tryInit(capacity, rate)', 'f.tryInit(capacity, 0.02)'), 'java').some((f) => f.startsWith('redisson.tryInit@6')));
  });
});

describe('detect: RedisBloom commands as stated', () => {
  it('command names listed or registered, and BF.INSERT NOCREATE, configure nothing', () => {
    assert.deepEqual(found('rules = ["+bf.reserve", "-bf.info", "+bf.insert"]\n', 'python'), []);
    assert.deepEqual(found('RegisterCommand(ctx, "bf.insert", InsertHandler, "write deny-oom", "write");\n', 'c'), []);
    assert.deepEqual(found('env.cmd("BF.INSERT", "k", "NOCREATE", "ITEMS", "a")\n', 'python'), []);
    assert.deepEqual(found('env.cmd("bf.reserve", *args)\n', 'python'), []);
    assert.deepEqual(found('r.execute_command("BF.INSERT", "k", "ITEMS", "a")\n', 'python'), ['redis.bf.insert@0 {"p":0.01,"n":100}']);
  });

  it('an invalid stated value is BL001 with that value, never replaced by the default', () => {
    const capacity = 'r.execute_command("BF.INSERT", "k", "CAPACITY", 0, "ITEMS", "a")\n';
    assert.deepEqual(found(capacity, 'python'), ['redis.bf.insert@0 {"p":0.01}']);
    assert.match(bl001(capacity, 'python')[0], /capacity = 0/);
    const error = 'redis-cli BF.INSERT k ERROR 1 ITEMS a\n';
    assert.deepEqual(found(error, 'shellscript'), ['redis.bf.insert@0 {"n":100}']);
    assert.match(bl001(error, 'shellscript')[0], /error_rate = 1 /);
    assert.match(bl001('env.cmd("bf.insert", "k", "ERROR", "big", "ITEMS", "a")\n', 'python')[0], /ERROR "big" is not a number/);
    assert.match(bl001('env.cmd("bf.reserve", "k", "0.01")\n', 'python')[0], /states no capacity/);
    const continued = 'env.cmd("bf.reserve k 0.01", capacity, "nonscaling")\n';
    assert.deepEqual(found(continued, 'python'), ['redis.bf.reserve@0 {"p":0.01}']);
    assert.deepEqual(bl001(continued, 'python'), [''], 'the capacity is the next call argument, not missing');
    assert.match(bl001('redis-cli BF.RESERVE k 0.1 100 EXPANSION -1\n', 'shellscript')[0], /EXPANSION = -1 is outside \[0, 32768\]/);
    assert.equal(bl001('redis-cli BF.RESERVE k 0.1 100 EXPANSION 4\n', 'shellscript')[0], '');
  });

  it('EXPANSION as rebloom.c reads it: no value, a word, or an expansion of a NONSCALING filter are BL001; 0 means non-scaling', () => {
    assert.match(bl001('env.cmd("bf.reserve k 0.01 4 expansion")\n', 'python')[0], /EXPANSION states no value/);
    assert.match(bl001('env.cmd("bf.reserve k 0.01 4 expansion str")\n', 'python')[0], /EXPANSION str is not a number/);
    assert.match(bl001('env.cmd("bf.reserve k 0.01 1000 nonscaling expansion 2")\n', 'python')[0], /Nonscaling filters cannot expand/);
    assert.equal(bl001('env.cmd("bf.reserve k 0.01 1000 nonscaling expansion 0")\n', 'python')[0], '');
    const zero = detectConfigs('redis-cli BF.RESERVE k 0.01 1000 EXPANSION 0\n', { languageId: 'shellscript' });
    const nonScaling = detectConfigs('redis-cli BF.RESERVE k 0.01 1000 NONSCALING\n', { languageId: 'shellscript' });
    assert.deepEqual(zero.map((f) => f.derived), nonScaling.map((f) => f.derived), 'EXPANSION 0 sizes the filter as NONSCALING does');
  });

  it('redis-py numeric strings are values (the server parses them); module arguments on one line are read together', () => {
    assert.deepEqual(found('r.bf().create("k", "0.0001", "1000")\n', 'python'), ['redis-py.bf.reserve@0 {"p":0.0001,"n":1000}']);
    assert.deepEqual(found('env = Env(moduleArgs="bf-error-rate 0.05 bf-initial-size 300 cf-max-expansions 3")\n', 'python'), ['redis.module.config@0 {"p":0.05,"n":300}']);
  });
});

describe('detect: Markdown and model picks', () => {
  it('the output of a describe typed at a shell prompt is what a table has, not a setting', () => {
    const notes = "# Notes\n\n```\nhbase(main):003:0> describe 'events'\nCOLUMN FAMILIES DESCRIPTION\n{NAME => 'd', BLOOMFILTER => 'ROWCOL', VERSIONS => '1'}\n```\n";
    assert.deepEqual(found(notes, 'markdown'), []);
    const create = "# Notes\n\n```\nhbase(main):004:0> create 'events', {NAME => 'd', BLOOMFILTER => 'ROWCOL', VERSIONS => '1'}\n```\n";
    assert.equal(found(create, 'markdown').length, 1);
  });

  it('Markdown: prose and placeholder-only examples are silent; code with values and calculator links are findings', () => {
    const text = [
      'Create it with bloom.New(float64(8 \\* 1<<20), float64(5)) in prose.',
      '```go',
      'f := bloom.NewWithEstimates(n, fp)',
      'g := bloom.NewWithEstimates(1000000, 0.01)',
      '```',
      'Sized with https://hur.st/bloomfilter/?n=1000&p=0.01',
    ].join('\n');
    assert.deepEqual(detectConfigs(text, { languageId: 'markdown' }).map((f) => `${f.recognizer}@${f.range.start.line}`), ['go.bits-and-blooms.newWithEstimates@3', 'calculator.url@5']);
  });

  it('RocksDB NewRibbonFilterPolicy(bpk, INT_MAX) builds Bloom at every level (filter_policy.cc): the Bloom model', () => {
    const everywhere = detectConfigs('#include <rocksdb/filter_policy.h>\nt.filter_policy.reset(rocksdb::NewRibbonFilterPolicy(10, INT_MAX));\n', { languageId: 'cpp' })[0];
    assert.equal(everywhere.recognizer, 'rocksdb.bitsPerKey');
    assert.ok(everywhere.notes?.some((note) => /every level/.test(note)));
    const hybrid = detectConfigs('#include <rocksdb/filter_policy.h>\nt.filter_policy.reset(rocksdb::NewRibbonFilterPolicy(10, 2));\n', { languageId: 'cpp' })[0];
    assert.equal(hybrid.recognizer, 'rocksdb.ribbon');
    assert.ok(hybrid.notes?.some((note) => /levels below 2/.test(note)));
  });
});

describe('detect: precision predicates on the parsed tree', () => {
  let syntax: SyntaxRuntime | undefined;
  before(async () => {
    syntax = await loadSyntaxFor(['a.java', 'a.go', 'a.py', 'a.rs', 'a.cc']);
    assert.ok(syntax, 'the syntax layer loads');
  });
  const parsed = (text: string, languageId: string) => detectConfigs(text, { languageId, syntax }).map((f) => `${f.recognizer}@${f.range.start.line} ${JSON.stringify(f.params)}`);

  it('Rust: a config struct built only to be compared is an expected value; the same struct used is a configuration', () => {
    const expected = [
      'fn test_custom_config() {',
      '    let mut value = TikvConfig::default();',
      '    value.rocksdb = DbConfig { defaultcf: DefaultCfConfig { bloom_filter_bits_per_key: 123, ..Default::default() }, ..Default::default() };',
      '    let load = TikvConfig::from_file(path);',
      '    assert_eq_debug(&value, &load);',
      '}',
    ].join('\n');
    assert.deepEqual(parsed(expected, 'rust'), []);
    // the same struct handed to the engine: a configuration (the variable has a use that is not an assertion)
    const used = expected.replace('    assert_eq_debug(&value, &load);', '    start_engine(&value);\n    assert_eq_debug(&value, &load);');
    assert.deepEqual(parsed(used, 'rust'), ['tikv.bloomFilterBitsPerKey@2 {"bitsPerElement":123}']);
  });

  it('Java: a call whose result is asserted is a use; AssertJ matcher arguments and Mockito stubs are expected values', () => {
    const text = [
      'class BloomTest {',
      '  void reserve() {',
      '    String reply = exec(commands.bfReserve("seen", 0.01, 1000));',
      '    assertThat(reply, equalTo("OK"));',
      '    String result = jedis.bfReserve("direct", 0.05, 5000);',
      '    assertThat(result, sameInstance(reply));',
      '    assertThat(policies).containsExactly(client.bfReserve("other", 0.02, 2000));',
      '    when(commands.bfReserve("stub", 0.03, 3000)).thenReturn(ok);',
      '    verify(commands).bfReserve("mock", 0.04, 4000);',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(parsed(text, 'java'), ['jedis.bfReserve@2 {"p":0.01,"n":1000}', 'jedis.bfReserve@4 {"p":0.05,"n":5000}']);
  });

  it('declarations on the tree: a default argument, an interface method; a use with a cast argument is not one', () => {
    const cpp = [
      'class Filter {',
      ' public:',
      '  explicit Filter(size_t bits_per_key = 10, int num_probes = 6);',
      '};',
      'void Open() { rocksdb::NewBloomFilterPolicy(static_cast<double>(sizeof(struct key) * 2)); }',
    ].join('\n');
    const found = parsed(cpp, 'cpp');
    assert.ok(!found.some((f) => f.startsWith('generic.named@2')), found.join('; '));
    assert.ok(found.some((f) => f.startsWith('rocksdb.bitsPerKey@4')), found.join('; '));
    const java = 'interface BloomCommands {\n  String bfReserve(String key, double errorRate, long capacity);\n}\n';
    assert.deepEqual(parsed(java, 'java'), []);
  });

  it('pass-throughs on the tree: a parameter forwarded is silent, and so is a field of a parameter', () => {
    const go = [
      'import "github.com/cockroachdb/pebble/bloom"',
      'func policyFor(bitsPerKey int) base.TableFilterPolicy {',
      '  return bloom.FilterPolicy(bitsPerKey)',
      '}',
      'func open(cfg Config) { opts.FilterPolicy = bloom.FilterPolicy(cfg.BloomBits) }',
    ].join('\n');
    assert.deepEqual(parsed(go, 'go'), []);
  });

  it('Python: help text of a command-line option is prose', () => {
    const text = [
      'import argparse',
      'parser.add_argument("--capacity", type=int, help="bloom filter capacity, e.g. BF.RESERVE key 0.01 1000")',
    ].join('\n');
    assert.deepEqual(parsed(text, 'python'), []);
  });
});

describe('detect: settings that are read, switched at run time or named without a value', () => {
  let syntax: SyntaxRuntime | undefined;
  before(async () => {
    syntax = await loadSyntaxFor(['a.java']);
  });
  const cases = (withTree: boolean) => (text: string) => detectConfigs(text, { languageId: 'java', syntax: withTree ? syntax : undefined }).map((f) => `${f.recognizer}@${f.range.start.line} ${JSON.stringify(f.params)}`);

  for (const withTree of [true, false]) {
    const found = cases(withTree);
    it(`a column switched on with a stated true is a filter with the defaults; a run-time switch, a read or a listing is none (${withTree ? 'tree' : 'text'})`, () => {
      const text = [
        'import static org.apache.iceberg.TableProperties.*;',
        'class Writer {',
        '  void configure(boolean useBloom) {',
        '    table.updateProperties().set(PARQUET_BLOOM_FILTER_COLUMN_ENABLED_PREFIX + "id", "true").commit();',
        '    props.put(PARQUET_BLOOM_FILTER_COLUMN_ENABLED_PREFIX + "name", Boolean.toString(useBloom));',
        '    boolean on = PropertyUtil.propertyAsBoolean(props, PARQUET_BLOOM_FILTER_COLUMN_ENABLED_PREFIX + "email",',
        '        false);',
        '    double fpp = PropertyUtil.propertyAsDouble(props, PARQUET_BLOOM_FILTER_COLUMN_FPP_PREFIX + "email", 0.05);',
        '    Set<String> keys = ImmutableSet.of(PARQUET_BLOOM_FILTER_COLUMN_ENABLED_PREFIX, METRICS_PREFIX);',
        '    assertThat(props).containsEntry(PARQUET_BLOOM_FILTER_COLUMN_ENABLED_PREFIX + "id", "true");',
        '  }',
        '}',
      ].join('\n');
      assert.deepEqual(found(text), ['iceberg.parquetBloomFilter@3 {"p":0.01}']);
    });
  }

  it('a key read from a configuration with its fallback is not a setting; the same key set is', () => {
    const read = 'class W {\n  double fpp() { return conf.getDouble("parquet.bloom.filter.fpp#id", 0.05); }\n}\n';
    assert.deepEqual(detectConfigs(read, { languageId: 'java' }), []);
    const set = 'class W {\n  void on() { conf.setDouble("parquet.bloom.filter.fpp#id", 0.05); }\n}\n';
    assert.deepEqual(detectConfigs(set, { languageId: 'java' }).map((f) => `${f.recognizer} ${JSON.stringify(f.params)}`), ['parquet.bloomFilter {"p":0.05}']);
  });

  it('a stated false or a run-time switch beside a stated sizing value keeps the sizing (the value is stated)', () => {
    const text = [
      'import static org.apache.iceberg.TableProperties.*;',
      'class Writer {',
      '  void configure(boolean on) {',
      '    props.put(PARQUET_BLOOM_FILTER_COLUMN_ENABLED_PREFIX + "id", Boolean.toString(on));',
      '    props.put(PARQUET_BLOOM_FILTER_COLUMN_FPP_PREFIX + "id", "0.02");',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(detectConfigs(text, { languageId: 'java' }).map((f) => JSON.stringify(f.params)), ['{"p":0.02}']);
  });

  it('ORC writer options need ORC\'s writer in the file; Iceberg\'s ORC table properties are ORC filters with Iceberg\'s default', () => {
    const paimon = 'class Store {\n  Db open() { return LocalKvDb.builder(dir).bloomFilterEnabled(true).bloomFilterFpp(0.1).build(); }\n}\n';
    assert.deepEqual(detectConfigs(paimon, { languageId: 'java' }).filter((f) => f.recognizer === 'orc.bloomFilter'), []);
    const orcWriter = 'import org.apache.orc.OrcFile;\nclass W {\n  Object o = OrcFile.writerOptions(conf).bloomFilterColumns("id").bloomFilterFpp(0.02);\n}\n';
    assert.deepEqual(detectConfigs(orcWriter, { languageId: 'java' }).map((f) => `${f.recognizer} ${JSON.stringify(f.params)}`), ['orc.bloomFilter {"p":0.02,"n":10000}']);
    const iceberg = 'class T {\n  void w() {\n    ORC.write(out).set("write.orc.bloom.filter.columns", "id,name").build();\n  }\n}\n';
    assert.deepEqual(detectConfigs(iceberg, { languageId: 'java' }).map((f) => `${f.recognizer} ${JSON.stringify(f.params)}`), ['orc.bloomFilter {"p":0.05,"n":10000}']);
  });
});

describe('detect: after the cuckoo and entry-point rounds (precision corpus, second pass)', () => {
  const inFile = (text: string, fileName: string) => detectConfigs(text, { fileName }).map((f) => `${f.recognizer}@${f.range.start.line} ${JSON.stringify(f.params)}`);
  const bl001In = (text: string, fileName: string) => detectConfigs(text, { fileName }).map((f) => analyzeFinding(f, {}).diagnostics.filter((d) => d.code === 'BL001').map((d) => d.message).join(' | '));

  it('in a test, only a call whose values are all fields of a test case is silent', () => {
    const table = 'import "github.com/bits-and-blooms/bloom/v3"\nfunc TestSizes(t *testing.T) {\n\tfor _, tc := range sizes {\n\t\tbloom.NewWithEstimates(uint(tc.count), tc.rate)\n\t}\n}\n';
    assert.deepEqual(inFile(table, 'sizes_test.go'), []);
    // a value the test computes at run time (drawn, parsed from the test's input) is a use
    const drawn = 'import "github.com/cockroachdb/pebble/bloom"\nfunc TestRandom(t *testing.T) {\n\tbits := rng.Uint32N(12)\n\topts.FilterPolicy = bloom.FilterPolicy(bits)\n}\n';
    assert.deepEqual(inFile(drawn, 'random_test.go'), ['go.pebble.bloomFilterPolicy@3 {}']);
    // BF.INSERT with ITEMS only creates a filter with the module's defaults; a word for the error rate is BL001
    assert.deepEqual(inFile('def test_grow(env):\n    env.cmd("bf.insert", "f", "ITEMS", *keys)\n', 'test_grow.py'), ['redis.bf.insert@1 {"p":0.01,"n":100}']);
    assert.match(bl001In('def test_bad(env):\n    env.cmd("bf.insert", "f", "ERROR", "lots", "ITEMS", "a")\n', 'test_bad.py')[0], /ERROR "lots" is not a number/);
  });

  it('tells the fields of a test case from other values', () => {
    const draft = (expressions: string[], extra: Partial<{ invalid: string[]; sources: object }> = {}) => ({
      start: 0, end: 0, recognizer: 'x', title: 'x', params: {}, sources: {}, invalid: [], notes: [], ...extra,
      unevaluated: expressions.map((expression) => ({ param: 'n' as const, expression })),
    });
    assert.ok(readsTestCaseFields(draft(['c.n', 'uint(c.p)'])));
    assert.ok(readsTestCaseFields(draft(['tt.args.bits'])));
    assert.ok(!readsTestCaseFields(draft([])), 'nothing stated: the defaults of a real call');
    assert.ok(!readsTestCaseFields(draft(['bits'])), 'a local value');
    assert.ok(!readsTestCaseFields(draft(['cfg.rng.Uint32N(11)'])), 'a call');
    assert.ok(!readsTestCaseFields(draft(['Sizes.LARGE'])), 'a constant by its qualified name');
    assert.ok(!readsTestCaseFields(draft(['c.n'], { invalid: ['p = 2 is above 1'] })), 'an invalid stated value');
  });

  it('CF.RESERVE: a registered command name is silent; an option with no value or with a word is BL001 with that word', () => {
    assert.deepEqual(found('RegisterCommand(ctx, "cf.reserve", ReserveHandler, "write deny-oom", "write fast");\n', 'c'), []);
    assert.match(bl001('env.cmd("CF.RESERVE k 100 BUCKETSIZE")\n', 'python')[0], /BUCKETSIZE states no value/);
    assert.match(bl001('env.cmd("CF.RESERVE k 100 MAXITERATIONS lots")\n', 'python')[0], /MAXITERATIONS lots is not a number/);
    assert.match(bl001('env.cmd("CF.RESERVE", "k", 100, "EXPANSION", "twice")\n', 'python')[0], /EXPANSION twice is not a number/);
    assert.equal(bl001('env.cmd("CF.RESERVE", "k", 100, "EXPANSION", growth)\n', 'python')[0], '', 'a variable keeps the default, with a note');
    assert.equal(bl001('env.cmd("CF.RESERVE k 100 BUCKETSIZE 4 EXPANSION 2")\n', 'python')[0], '');
  });

  it('Jedis cfReserve reads the options of a parameters variable built before the call', () => {
    const inline = detectConfigs('jedis.cfReserve("k", 5000, CFReserveParams.reserveParams().bucketSize(4));\n', { languageId: 'java' });
    const viaVariable = detectConfigs('CFReserveParams opts = new CFReserveParams()\n    .bucketSize(4).maxIterations(100);\njedis.cfReserve("k", 5000, opts);\n', { languageId: 'java' });
    const plain = detectConfigs('jedis.cfReserve("k", 5000);\n', { languageId: 'java' });
    assert.equal(viaVariable.length, 1);
    assert.deepEqual(viaVariable[0].derived, inline[0].derived);
    assert.notDeepEqual(viaVariable[0].derived, plain[0].derived, 'four slots per bucket, not the default two');
  });

  it('MDX pages read as Markdown: a key named in a list item is prose, a fenced example is a configuration', () => {
    assert.deepEqual(inFile('Options:\n* `file-index.bloom-filter.columns`: the columns that get a Bloom filter index.\n', 'docs/index.mdx'), []);
    const example = ['Index the customer column:', '```sql', "ALTER TABLE orders SET ('file-index.bloom-filter.columns' = 'customer');", '```'].join('\n');
    assert.deepEqual(inFile(example, 'docs/guide.mdx'), ['paimon.fileIndexBloom@2 {"n":1000000,"p":0.1}']);
  });

  it('Paimon: two tables of one file that index the same column are two filters, each from its own column list', () => {
    const text = [
      'class T {',
      '  void first() {',
      '    conf.set("file-index.bloom-filter.columns", "b");',
      ...Array.from({ length: 50 }, () => '    work();'),
      '  }',
      '  void second() {',
      '    conf.set("file-index.bloom-filter.columns", "b");',
      '    conf.set("file-index.bloom-filter.b.items", "20");',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(found(text, 'java'), ['paimon.fileIndexBloom@55 {"n":20,"p":0.1}']);
  });
});

describe('detect: adapters and library defaults (precision corpus, second pass)', () => {
  let syntax: SyntaxRuntime | undefined;
  before(async () => {
    syntax = await loadSyntaxFor(['a.java']);
  });
  for (const withTree of [true, false]) {
    const java = (text: string) => detectConfigs(text, { languageId: 'java', syntax: withTree ? syntax : undefined }).map((f) => `${f.recognizer}@${f.range.start.line} ${JSON.stringify(f.params)}`);

    it(`builder methods forwarding their parameters to Parquet's are pass-throughs, also over two methods (${withTree ? 'tree' : 'text'})`, () => {
      const text = [
        'import org.apache.parquet.hadoop.ParquetWriter;',
        'class Builder {',
        '  public Builder ndvFor(String path, long expected) {',
        '    props.withBloomFilterNDV(path, expected);',
        '    return this;',
        '  }',
        '  public Builder fppFor(String path, double rate) {',
        '    props.withBloomFilterFPP(path, rate);',
        '    return this;',
        '  }',
        '  void build() { writer.withBloomFilterNDV("id", 50000L).withBloomFilterFPP("id", 0.02); }',
        '}',
      ].join('\n');
      const findings = java(text);
      assert.equal(findings.length, 1, findings.join(', '));
      assert.match(findings[0], /@10 /);
    });

    it(`settings applied through lambdas that read them are no configuration; the library's own defaults are none either (${withTree ? 'tree' : 'text'})`, () => {
      const adapter = [
        'import org.apache.parquet.hadoop.ParquetOutputFormat;',
        'class Adapter {',
        '  void apply(Configuration conf) {',
        '    new ColumnConfigParser()',
        '        .withColumnConfig(ParquetOutputFormat.BLOOM_FILTER_EXPECTED_NDV, key -> conf.getLong(key, -1L), builder::withBloomFilterNDV)',
        '        .withColumnConfig(ParquetOutputFormat.BLOOM_FILTER_FPP, key -> conf.getDouble(key, 0.01), builder::withBloomFilterFPP);',
        '  }',
        '}',
      ].join('\n');
      assert.deepEqual(java(adapter), []);
      const defaults = 'class Props {\n  public static final double COLUMN_BLOOM_FPP_DEFAULT = 0.02;\n  public static final String BLOOM_FPP = "bloom.fpp";\n  public static final double BLOOM_FPP_DEFAULT = 0.03;\n}\n';
      assert.deepEqual(java(defaults), []);
      assert.equal(java('class App {\n  static final double BLOOM_FILTER_FPP = 0.02;\n}\n').length, 1, 'an application\'s own constant is still a finding');
    });
  }
});
describe('detect: state set elsewhere, printed text and named parameters (read without a tree where there is none)', () => {
  it('a filter read back from stored data right after it is built states no size, whatever it was built with', () => {
    const go = 'import "github.com/bits-and-blooms/bloom/v3"\nfunc load(r io.Reader) *bloom.BloomFilter {\n  var bits, hashes uint32\n  f := bloom.New(uint(bits), uint(hashes))\n  if _, err := f.ReadFrom(r); err != nil {\n    return nil\n  }\n  return f\n}\n';
    assert.deepEqual(found(go, 'go'), []);
    // ReadFrom replaces m and k with the stored ones (bits-and-blooms bloom.go ReadFrom): the stated 4096 and 3 size nothing
    assert.deepEqual(found(go.replace('uint(bits), uint(hashes)', '4096, 3'), 'go'), []);
    assert.deepEqual(found(go.replace('uint(bits), uint(hashes)', '4096, 3').replace('f.ReadFrom(r)', 'f.Add(r)'), 'go'), ['go.bits-and-blooms.new@3 {"m":4096,"k":3}']);
  });

  it('a parameter and state set elsewhere together, PHP parameters and getters of an injected field: no finding', () => {
    const php = "<?php\nclass Filters {\n  public function make(string $key, float $rate, int $size): bool {\n    return (bool)$this->redis->executeCommand(['BF.RESERVE', $key, $rate, $size]);\n  }\n}\n";
    assert.deepEqual(found(php, 'php'), []);
    const java = [
      'import org.apache.spark.sql.Dataset;',
      'class Joins {',
      '  private final JoinSettings settings;',
      '  Joins(JoinSettings settings) { this.settings = settings; }',
      '  Object build(Dataset<Row> rows, long expected) { return rows.stat().bloomFilter("id", expected, settings.getFpp()); }',
      '}',
    ].join('\n');
    assert.deepEqual(found(java, 'java'), []);
    // one value stated here keeps the finding
    assert.equal(found(java.replace('settings.getFpp()', '0.02'), 'java').length, 1);
  });

  it('values that are all state set elsewhere make no finding; a value computed here still does', () => {
    const go = [
      'import "github.com/redis/go-redis/v9"',
      'type store struct { rdb *redis.Client; fpp float64; capacity uint }',
      'func (s store) reset(ctx context.Context) { s.rdb.BFReserve(ctx, "k", s.fpp, int64(s.capacity)) }',
    ].join('\n');
    assert.deepEqual(found(go, 'go'), []);
    const flags = 'import "github.com/bits-and-blooms/bloom/v3"\nfunc main() {\n  n := flag.Uint("n", 0, "items")\n  f := bloom.NewWithEstimates(*n, 0.01)\n  _ = f\n}\n';
    assert.deepEqual(found(flags, 'go'), ['go.bits-and-blooms.newWithEstimates@3 {"p":0.01}']); // the rate is stated here
    const onlyFlags = flags.replace('0.01', '*rate').replace('  n := ', '  rate := flag.Float64("p", 0, "rate")\n  n := ');
    assert.deepEqual(found(onlyFlags, 'go'), []);
    const kotlin = 'import com.google.common.hash.BloomFilter\nclass Keys(expected: Int, fpp: Double) {\n  private val f = BloomFilter.create(KeyFunnel(), expected, fpp)\n}\n';
    assert.deepEqual(found(kotlin, 'kotlin'), []);
    const java = [
      'import org.redisson.api.RBloomFilter;',
      'class Dedup {',
      '  @Value("${dedup.n:1000}") private long expected;',
      '  @Value("${dedup.p:0.01}") private double rate;',
      '  void open() { filter.tryInit(expected, rate); }',
      '}',
    ].join('\n');
    assert.ok(!found(java, 'java').some((f) => f.startsWith('redisson.tryInit')), found(java, 'java').join());
    const elixir = 'defmodule Cmd do\n  def reserve(key, rate, size) do\n    Store.handle("BF.RESERVE", [key, to_string(rate), to_string(size)])\n  end\nend\n';
    assert.deepEqual(found(elixir, 'elixir'), []);
  });

  it('a growing filter built with no argument sizes nothing; a fixed one left at its defaults does', () => {
    assert.deepEqual(found("import { ScalableBloomFilter } from 'bloom-filters'\nexport const seen = new ScalableBloomFilter()\n", 'typescript'), []);
    assert.equal(found('import bloom_filter2\nseen = bloom_filter2.BloomFilter()\n', 'python').length, 1);
  });

  it('a parameter rebound with its fallback before use is stated where the filter is built', () => {
    const rust = [
      'use fastbloom::BloomFilter;',
      'fn make(items: Option<usize>, rate: Option<f64>) -> BloomFilter {',
      '    let items = items.unwrap_or(20_000);',
      '    let rate = rate.unwrap_or(0.02);',
      '    BloomFilter::with_false_pos(rate).expected_items(items)',
      '}',
    ].join('\n');
    assert.deepEqual(found(rust, 'rust'), ['rust.fastbloom.withFalsePos@4 {"p":0.02,"n":20000}']);
  });

  it('text a program prints is not a configuration, in a language read without a tree', () => {
    const scala = 'object Tips {\n  def main(a: Array[String]): Unit = {\n    println("  SET TBLPROPERTIES (\'orc.bloom.filter.columns\'=\'id\', \'orc.bloom.filter.fpp\'=\'0.02\')")\n  }\n}\n';
    assert.deepEqual(found(scala, 'scala'), []);
  });

  it('a default in a named-parameter group (Dart) is a value of the class it sizes, not of a call', () => {
    // round E judged this shape a decoy; the rulings settled from round L on (a parameter's default is a value) and
    // round W's `SizedBloom(capacity, error = 0.005)` make it the class's finding, at the class
    const dart = 'class BloomFilter {\n  BloomFilter({\n    required int expectedItems,\n    double falsePositiveRate = 0.02,\n  });\n}\n';
    assert.deepEqual(found(dart, 'dart'), ['generic.named@0 {"p":0.02}']);
    // the same group in a function that is no constructor declares parameters
    assert.deepEqual(found('void make({\n  required int expectedItems,\n  double falsePositiveRate = 0.02,\n}) {}\n', 'dart'), []);
  });
});

describe('detect: precision predicates stay in their place', () => {
  it('a comment that says "describe" hides nothing; a describe typed at a prompt in notes does', () => {
    const yaml = '# Describe the bloom filter settings\nbloom:\n  capacity: 5000\n  fpp: 0.01\n';
    assert.equal(found(yaml, 'yaml').length, 1);
    const notes = '```\nhbase(main):001:0> describe \'users\'\n{NAME => \'f\', BLOOMFILTER => \'ROW\', bloom.error.rate => \'0.01\'}\n```\n';
    assert.deepEqual(found(notes, 'markdown'), []);
  });

  it('Go: a field of the enclosing method\'s receiver is state set elsewhere, and so is a field of a plain function\'s parameter', () => {
    const lib = 'import "github.com/bits-and-blooms/bloom/v3"\n';
    const method = `${lib}func (c *Cache) reset() {\n\tc.f = bloom.NewWithEstimates(c.Items, c.Rate)\n}\n`;
    assert.deepEqual(found(method, 'go'), []);
    const plain = `${lib}func (c *Cache) Len() int { return c.n }\n\nfunc build(c Config) *bloom.BloomFilter {\n\treturn bloom.NewWithEstimates(c.Items, c.Rate)\n}\n`;
    assert.deepEqual(found(plain, 'go'), [], 'the caller passes the values in (blind rounds D, F and I judged these forwards decoys)');
    const local = `${lib}func build() *bloom.BloomFilter {\n\tc := Config{Items: 1000, Rate: 0.01}\n\treturn bloom.NewWithEstimates(c.Items, c.Rate)\n}\n`;
    assert.equal(found(local, 'go').length, 1, 'fields of a local built here are a use');
  });
});

describe('state set elsewhere is read with bounded work per text', () => {
  // a Java file: one field declared without a value, then many calls far below it reading other names
  const fieldLine = '  private long expectedInsertions;\n';
  const body = `class Holder {\n${fieldLine}${'  int filler = 1; // padding line\n'.repeat(3000)}`;
  const text = `${body}  void make() {}\n}\n`;
  // a context that counts the passes over the whole text and the characters sliced from it
  function counted(): { ctx: ScanContext; passes: () => number; sliced: () => number } {
    let passes = 0;
    let sliced = 0;
    const spied = new String(text) as String & Record<string, unknown>;
    spied.slice = (a?: number, b?: number) => { const s = text.slice(a, b); sliced += s.length; return s; };
    spied.matchAll = (re: RegExp) => { passes++; return text.matchAll(re); };
    const ctx = {
      source: { languageId: 'java', text },
      text: spied,
      hint: (_name: string, pattern: RegExp) => { passes++; return pattern.test(text); },
    } as unknown as ScanContext;
    return { ctx, passes: () => passes, sliced: () => sliced };
  }
  it('finds the field declared without a value and not the others', () => {
    const { ctx } = counted();
    assert.equal(isStateSetElsewhere(ctx, body.length, 'expectedInsertions'), true);
    assert.equal(isStateSetElsewhere(ctx, body.length, 'filler'), false);
    assert.equal(isStateSetElsewhere(ctx, body.length, 'somethingElse'), false);
  });
  it('reads the declared fields once per text and keeps its look-backs within one budget', () => {
    const { ctx, passes, sliced } = counted();
    for (let i = 0; i < 300; i++) isStateSetElsewhere(ctx, body.length, `name${i}`);
    assert.ok(passes() <= 2, `${passes()} passes over the whole text for 300 names`);
    assert.ok(sliced() <= 400_000, `${sliced()} characters looked back`);
  });
});
