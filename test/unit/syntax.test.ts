import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConstantsIndex } from '../../src/detect/constants';
import { evaluateConstant } from '../../src/detect/evaluate';
import { detectConfigs, fileConstants } from '../../src/detect/index';
import { languageFromFileName } from '../../src/detect/source';
import { isPrintOrLog, SyntaxFacts } from '../../src/detect/syntax/facts';
import { GRAMMAR_FILES, grammarFileFor, LANGUAGE_QUERIES, wasmPackagePath } from '../../src/detect/syntax/queries';
import { SyntaxRuntime } from '../../src/detect/syntax/runtime';
import { hoverMarkdownText } from '../../src/extension/hoverText';
import { analyzeFinding } from '../../src/analysis/analyze';

/** A runtime or grammar file in its npm package (VS Code's package, or the grammar's own: Kotlin, Scala). */
const wasmPath = (file: string): string => join('node_modules', wasmPackagePath(file));
const readWasm = (file: string): Promise<Uint8Array> => readFile(wasmPath(file));
let runtime: SyntaxRuntime;

before(async () => {
  runtime = await SyntaxRuntime.create(readWasm);
});

/** The facts of a text in a language whose grammar is loaded (the caller disposes them). */
async function factsOf(languageId: string, text: string): Promise<SyntaxFacts> {
  const grammar = await runtime.load(languageId);
  assert.ok(grammar, `grammar for ${languageId}`);
  return new SyntaxFacts(grammar, text);
}

/** The value of `name` resolved in `text` the way detection resolves it (tree first, then the text readers). */
async function resolved(languageId: string, text: string, name: string): Promise<number | undefined> {
  await runtime.load(languageId);
  const constants = fileConstants(text, { languageId, syntax: runtime });
  const found = constants.find((c) => c.name === name);
  if (found) return found.value;
  // Not constant-style: evaluate through the tree's table directly.
  const facts = await factsOf(languageId, text);
  try {
    const definition = facts.definitions().get(name);
    if (!definition) return undefined;
    const result = evaluateConstant(definition.expression, { resolve: (n) => facts.definitions().get(n)?.expression ?? undefined });
    return result.ok ? result.value : undefined;
  } finally {
    facts.dispose();
  }
}

describe('syntax layer: runtime and grammars', () => {
  it('loads every grammar the product uses, and every query compiles against its grammar', async function () {
    this.timeout(20_000);
    for (const grammar of Object.keys(LANGUAGE_QUERIES)) {
      const languageId = ({ 'c-sharp': 'csharp', tsx: 'typescriptreact', bash: 'shellscript', cpp: 'cpp' } as Record<string, string>)[grammar] ?? grammar;
      const loaded = await runtime.load(languageId);
      assert.ok(loaded, `${grammar} loads and its query compiles`);
      assert.equal(loaded.grammar, grammar);
      assert.ok(loaded.language.abiVersion >= 13 && loaded.language.abiVersion <= 15, `${grammar} ABI ${loaded.language.abiVersion}`);
    }
    assert.deepEqual(new Set(runtime.loadedGrammars), new Set(Object.keys(LANGUAGE_QUERIES)));
  });

  it('every grammar file the product loads exists in the package (the build copies them to dist/)', () => {
    for (const file of ['tree-sitter.wasm', ...GRAMMAR_FILES]) assert.ok(existsSync(wasmPath(file)), file);
    const build = readFileSync(join('scripts', 'build.mjs'), 'utf8');
    for (const file of GRAMMAR_FILES) {
      const stem = file.replace(/^tree-sitter-|\.wasm$/g, '');
      const owner = wasmPackagePath(file).replace(/\/[^/]+$/, '');
      assert.ok(owner.startsWith('@vscode/') ? build.includes(`'${stem}'`) : build.includes(`${stem}: 'node_modules/${owner}'`), `build.mjs copies ${file}`);
    }
  });

  it('maps languages to grammars; languages without one have none (text readers)', () => {
    assert.equal(grammarFileFor('c'), 'cpp');
    assert.equal(grammarFileFor('typescriptreact'), 'tsx');
    assert.equal(grammarFileFor('yaml'), undefined);
    assert.equal(grammarFileFor(undefined), undefined);
  });

  it('a language whose grammar is not loaded is read as text, with the same findings', async () => {
    const fresh = await SyntaxRuntime.create((file) => readWasm(file));
    const text = 'class A {\n  static final long N = 1000;\n  BloomFilter<String> f = BloomFilter.create(Funnels.stringFunnel(UTF_8), N, 0.01);\n}\n';
    assert.equal(fresh.grammarFor('java'), undefined);
    const before = detectConfigs(text, { languageId: 'java', syntax: fresh });
    assert.deepEqual(before.map((f) => f.params), detectConfigs(text, { languageId: 'java' }).map((f) => f.params));
    assert.equal(before[0].params.n, 1000);
  });

  it('a grammar that cannot be read leaves its language to the text readers (no throw)', async () => {
    const broken = await SyntaxRuntime.create((file) => (file === 'tree-sitter.wasm' ? readWasm(file) : Promise.reject(new Error('missing'))));
    assert.equal(await broken.load('go'), undefined);
    assert.equal(broken.grammarFor('go'), undefined);
  });
});

describe('syntax layer: one parse, one query, one resolution per language', () => {
  const cases: { languageId: string; text: string; name: string; value: number }[] = [
    { languageId: 'java', text: 'class Limits {\n  static final long EXPECTED_USERS = 1024 * 1024 * 32;\n}\n', name: 'EXPECTED_USERS', value: 33554432 },
    { languageId: 'go', text: 'package x\nfunc f() {\n\tcapacity, errorRate := int64(1_000_000), 0.0001\n\t_ = errorRate\n}\n', name: 'capacity', value: 1e6 },
    { languageId: 'python', text: 'class Sizes:\n    SIZE = 100_000\n\na, b = 1000, 0.01\n', name: 'b', value: 0.01 },
    { languageId: 'rust', text: 'const BITS: f64 = 10.0;\nfn f() { let (n, p) = (5_000u64, 0.02); }\n', name: 'n', value: 5000 },
    { languageId: 'typescript', text: 'const { n, p } = { n: 2_000, p: 0.05 };\nconst [k, m] = [7, 1 << 20];\n', name: 'm', value: 1048576 },
    { languageId: 'javascript', text: 'class C { static SIZE = 64 * 1024; }\n', name: 'SIZE', value: 65536 },
    { languageId: 'csharp', text: 'class C { const int Capacity = 1_000_000; enum Mode { Bits = 12 } }\n', name: 'Bits', value: 12 },
    { languageId: 'cpp', text: '#define BLOOM_BITS 12\nstruct S { static constexpr int kBits = sizeof(uint64_t) * 8; };\n', name: 'kBits', value: 64 },
    { languageId: 'php', text: '<?php\nclass C { const HASHES = 5; }\n$size = 10000000;\n', name: 'HASHES', value: 5 },
    { languageId: 'ruby', text: 'class C\n  ERROR_RATE = 0.01\nend\n', name: 'ERROR_RATE', value: 0.01 },
    { languageId: 'shellscript', text: 'BLOOM_BITS=16\n', name: 'BLOOM_BITS', value: 16 },
    { languageId: 'kotlin', text: 'class Store {\n    companion object {\n        const val CAPACITY = 1_000L * 1_000\n    }\n}\n', name: 'Store.CAPACITY', value: 1e6 },
    { languageId: 'scala', text: 'object Limits {\n  final val Bits: Int = 1 << 20\n}\n', name: 'Limits.Bits', value: 1048576 },
  ];
  for (const { languageId, text, name, value } of cases) {
    it(`${languageId}: ${name} = ${value}`, async () => {
      const facts = await factsOf(languageId, text);
      try {
        assert.ok(facts.definitions().get(name), `${name} is bound in the tree`);
      } finally {
        facts.dispose();
      }
      assert.equal(await resolved(languageId, text, name), value);
    });
  }

  it('enum members and Go const blocks with several names', async () => {
    assert.equal(await resolved('typescript', 'enum Sizes { Small = 1000, Large = Small * 1000 }\n', 'Large'), 1e6);
    assert.equal(await resolved('rust', 'enum Bits { Low = 8, High = 16 }\n', 'High'), 16);
    assert.equal(await resolved('go', 'package x\nconst (\n\tN, P = 1 << 20, 0.01\n)\n', 'N'), 1048576);
    assert.equal(await resolved('go', 'package x\nconst (\n\tN, P = 1 << 20, 0.01\n)\n', 'P'), 0.01);
  });

  it('a name bound to two different values is not a constant', async () => {
    assert.equal(await resolved('python', 'n = 1000\nn = 2000\n', 'n'), undefined);
  });

  it('class members are also bound under their owner (Limits.N)', async () => {
    const facts = await factsOf('java', 'class Limits {\n  static final long N = 5;\n}\n');
    try {
      assert.equal(facts.definitions().get('Limits.N')?.expression, '5');
      assert.equal(facts.definitions().get('Limits.N')?.owner, 'Limits');
    } finally {
      facts.dispose();
    }
  });
});

describe('syntax layer: values resolved like a reader, in detection', () => {
  before(async () => {
    for (const languageId of ['java', 'go', 'python', 'typescript', 'rust']) await runtime.load(languageId);
  });

  it('Go: a tuple assignment feeds go-redis BFReserve (the text readers cannot split it)', () => {
    const text = 'package main\nfunc f() {\n\tcapacity, errorRate := int64(1_000_000), 0.0001\n\trdb.BFReserve(ctx, "k", errorRate, capacity)\n}\n';
    const [finding] = detectConfigs(text, { languageId: 'go', syntax: runtime });
    assert.equal(finding.params.n, 1e6);
    assert.equal(finding.params.p, 0.0001);
    assert.deepEqual(finding.sources.n?.origin, { name: 'capacity', line: 2 });
    const [plain] = detectConfigs(text, { languageId: 'go' });
    assert.equal(plain.params.n, undefined, 'without the tree the tuple stays unresolved');
  });

  it('Java: a class constant with arithmetic, and its origin with the file name', () => {
    const text = 'class Cache {\n  static final long EXPECTED = 1024 * 1024 * 32;\n  BloomFilter<String> f = BloomFilter.create(Funnels.stringFunnel(UTF_8), EXPECTED, 0.01);\n}\n';
    const [finding] = detectConfigs(text, { languageId: 'java', fileName: 'Cache.java', syntax: runtime });
    assert.equal(finding.params.n, 33554432);
    assert.deepEqual(finding.sources.n?.origin, { name: 'EXPECTED', line: 1, file: 'Cache.java' });
  });

  it('TypeScript: destructuring feeds a node-redis reserve', () => {
    const text = 'const { capacity, errorRate } = { capacity: 50_000, errorRate: 0.001 };\nawait client.bf.reserve("k", errorRate, capacity);\n';
    const [finding] = detectConfigs(text, { languageId: 'typescript', syntax: runtime });
    assert.equal(finding.params.n, 50000);
    assert.equal(finding.params.p, 0.001);
  });

  it('Rust: a tuple let feeds Bloom::new_for_fp_rate', () => {
    const text = 'use bloomfilter::Bloom;\nfn main() {\n    let (items, fp) = (100_000usize, 0.01);\n    let b = Bloom::new_for_fp_rate(items, fp);\n}\n';
    const [finding] = detectConfigs(text, { languageId: 'rust', syntax: runtime });
    assert.equal(finding.params.n, 100000);
    assert.equal(finding.params.p, 0.01);
  });

  it('constants from another file of the workspace, with their origin rendered in the hover', () => {
    const limits = 'public class Limits {\n  public static final long EXPECTED_USERS = 10 * 1000 * 1000;\n  public static final double FPP = 0.001;\n}\n';
    const index = new ConstantsIndex();
    index.setFile('src/Limits.java', fileConstants(limits, { fileName: 'src/Limits.java', syntax: runtime }));
    const user = 'class Users {\n  BloomFilter<Long> seen = BloomFilter.create(Funnels.longFunnel(), Limits.EXPECTED_USERS, Limits.FPP);\n}\n';
    const [finding] = detectConfigs(user, { languageId: 'java', fileName: 'src/Users.java', syntax: runtime, constants: index });
    assert.equal(finding.params.n, 1e7);
    assert.equal(finding.params.p, 0.001);
    assert.deepEqual(finding.sources.n?.origin, { name: 'Limits.EXPECTED_USERS', line: 1, file: 'src/Limits.java' });
    const hover = hoverMarkdownText(analyzeFinding(finding), { uri: 'file:///src/Users.java', line: 1, character: 2 } as never);
    assert.match(hover, /n from `Limits\.EXPECTED_USERS`, Limits\.java:2/);
    // Without the index the values are unknown, and two files disagreeing on Limits.EXPECTED_USERS leave it unresolved.
    assert.equal(detectConfigs(user, { languageId: 'java', syntax: runtime })[0].params.n, undefined);
    index.setFile('legacy/Limits.java', [{ name: 'Limits.EXPECTED_USERS', value: 5, line: 0 }]);
    assert.equal(detectConfigs(user, { languageId: 'java', syntax: runtime, constants: index })[0].params.n, undefined);
  });

  it('string concatenation and templates: DDL built in code with a constant spliced in', async () => {
    await runtime.load('php');
    await runtime.load('ruby');
    const cases: [string, string, number][] = [
      ['java', 'class A {\n  static final double FPP = 0.04;\n  static final String DDL = "ALTER TABLE t ADD INDEX i x TYPE bloom_filter(" + FPP + ") GRANULARITY 1";\n}\n', 0.04],
      ['python', 'FPP = 0.01\nDDL = "CREATE TABLE t (x String, INDEX i x TYPE bloom_filter(" + str(FPP) + ") GRANULARITY 1)"\n', 0.01],
      ['typescript', 'const FPP = 0.03;\nconst ddl = `ALTER TABLE t ADD INDEX i x TYPE bloom_filter(${FPP}) GRANULARITY 1`;\n', 0.03],
      ['ruby', 'FPP = 0.05\nDDL = "ALTER TABLE t ADD INDEX i x TYPE bloom_filter(#{FPP}) GRANULARITY 1"\n', 0.05],
      ['php', '<?php\n$fpp = 0.06;\n$ddl = "ALTER TABLE t ADD INDEX i x TYPE bloom_filter(" . $fpp . ") GRANULARITY 1";\n', 0.06],
    ];
    for (const [languageId, text, p] of cases) {
      const [finding] = detectConfigs(text, { languageId, fileName: `ddl.${languageId}`, syntax: runtime });
      assert.equal(finding?.params.p, p, `${languageId}: ${JSON.stringify(finding?.unevaluated)}`);
      assert.equal(finding.sources.p?.origin?.line, languageId === 'php' || languageId === 'java' ? 1 : 0, languageId);
    }
  });

  it('the constants index also works without a grammar (text readers), e.g. Python module constants', () => {
    const constants = fileConstants('EXPECTED_ITEMS = 10**6\nlower = 3\n', { fileName: 'settings.py' });
    assert.deepEqual(constants.map((c) => [c.name, c.value, c.line]), [['EXPECTED_ITEMS', 1e6, 0]]);
  });
});

describe('syntax layer: prose is not configuration', () => {
  before(async () => {
    for (const languageId of ['python', 'java', 'go', 'rust', 'typescript']) await runtime.load(languageId);
  });

  it('a Python docstring that speaks of the default bloom_filter_fp_chance produces nothing', () => {
    const text = 'def create_table(session):\n    """Creates the table with the default bloom_filter_fp_chance = 0.01 of Cassandra."""\n    session.execute(DDL)\n';
    assert.equal(detectConfigs(text, { languageId: 'python', syntax: runtime }).length, 0);
    assert.ok(detectConfigs(text, { languageId: 'python' }).length > 0, 'the text readers alone take the docstring for CQL');
  });

  it('log and print messages produce nothing; the same text in a CQL statement still does', () => {
    const cases: [string, string][] = [
      ['python', 'logger.info("table created with bloom_filter_fp_chance = 0.1")\n'],
      ['python', 'print(f"bloom_filter_fp_chance = {0.1}")\n'],
      ['java', 'class A { void f() { log.info("using bloom_filter_fp_chance = 0.1"); System.out.println("bloom_filter_fp_chance = 0.1"); } }\n'],
      ['go', 'package x\nfunc f() { fmt.Printf("bloom_filter_fp_chance = 0.1\\n"); log.Infof("bloom_filter_fp_chance = 0.1") }\n'],
      ['rust', 'fn f() { println!("bloom_filter_fp_chance = 0.1"); }\n'],
      ['typescript', 'console.log("bloom_filter_fp_chance = 0.1");\n'],
    ];
    for (const [languageId, text] of cases) {
      assert.equal(detectConfigs(text, { languageId, syntax: runtime }).length, 0, `${languageId}: ${text}`);
    }
    const statement = 'session.execute("ALTER TABLE ks.t WITH bloom_filter_fp_chance = 0.1")\n';
    const [finding] = detectConfigs(statement, { languageId: 'python', syntax: runtime });
    assert.equal(finding?.params.p, 0.1);
  });

  it('print and log callees are told from calls that build text (Sprintf, format)', () => {
    for (const callee of ['print', 'println!', 'console.log', 'System.out.println', 'fmt.Printf', 'fmt.Fprintln', 'logger.info', 'log.Infof', 'LOG.warn', 'Log.d', 'Console.WriteLine', 'puts', 'echo']) {
      assert.ok(isPrintOrLog(callee), callee);
    }
    for (const callee of ['fmt.Sprintf', 'String.format', 'format!', 'session.execute', 'redis.call', 'info', 'error']) assert.ok(!isPrintOrLog(callee), callee);
  });

  it('the bloom-lens annotation in a comment still counts', () => {
    const text = 'def f():\n    """Sizing."""\n    # bloom-lens: n=1e6 p=0.01\n    pass\n';
    const [finding] = detectConfigs(text, { languageId: 'python', syntax: runtime });
    assert.equal(finding.params.n, 1e6);
  });

  it('a parse with errors loses no finding the text readers make', () => {
    const broken = 'class A {\n  void f( {\n  BloomFilter<String> f = BloomFilter.create(Funnels.stringFunnel(UTF_8), 1000, 0.01);\n';
    const withTree = detectConfigs(broken, { languageId: 'java', syntax: runtime });
    assert.deepEqual(withTree.map((f) => [f.recognizer, f.params]), detectConfigs(broken, { languageId: 'java' }).map((f) => [f.recognizer, f.params]));
    assert.equal(withTree.length, 1);
  });
});

describe('syntax layer: Kotlin and Scala', () => {
  const kotlin = [
    'const val TOP_LEVEL = 2_000',
    'object Limits {',
    '    const val FPP = 0.01',
    '}',
    'class Store(private val size: Int = 10) {',
    '    companion object {',
    '        private const val CAPACITY = 1_000_000L',
    '    }',
    // Kotlin passes a Java method's arguments by position (named arguments are for Kotlin functions)
    '    val filter = BloomFilter.create(Funnels.longFunnel(), CAPACITY, Limits.FPP)',
    '    val writer = ParquetWriter.builder(path).withBloomFilterNDV("id", 5_000L).build()',
    '    fun log() { println("bloom fpp = 0.5") }',
    '}',
    '',
  ].join('\n');

  it('Kotlin: constants at file, object and companion-object level, under their owner', async () => {
    const facts = await factsOf('kotlin', kotlin);
    try {
      const table = facts.definitions();
      assert.equal(table.get('TOP_LEVEL')?.expression, '2_000');
      assert.equal(table.get('TOP_LEVEL')?.owner, undefined);
      assert.equal(table.get('Limits.FPP')?.expression, '0.01');
      // a companion object's members are the class's: `Store.CAPACITY`
      assert.equal(table.get('Store.CAPACITY')?.expression, '1_000_000L');
      assert.equal(table.get('filter')?.owner, 'Store');
      assert.equal(facts.hasError(), false);
    } finally {
      facts.dispose();
    }
  });

  it('Kotlin: a named argument and a builder chain are seen in their calls', async () => {
    const facts = await factsOf('kotlin', kotlin);
    try {
      const fpp = facts.around(kotlin.indexOf('Limits.FPP)'));
      assert.deepEqual(fpp?.calls[0], { callee: 'BloomFilter.create', argumentIndex: 2 });
      const ndv = facts.around(kotlin.indexOf('5_000L'));
      assert.deepEqual(ndv?.calls[0], { callee: 'ParquetWriter.builder(path).withBloomFilterNDV', argumentIndex: 1 });
      assert.equal(facts.around(kotlin.indexOf('size: Int'))?.inDeclaration, true);
      assert.ok(facts.around(kotlin.indexOf('Funnels.longFunnel'))?.parameters.has('size'), 'the primary constructor\'s parameter');
      assert.equal(facts.isProse(kotlin.indexOf('bloom fpp')), true);
      assert.equal(facts.isProse(kotlin.indexOf('"id"') + 1), false);
    } finally {
      facts.dispose();
    }
    // a value bound to a variable that is only handed to an assertion is an expected value; one handed to a builder is not
    const test = 'fun checks() {\n    val expectedRate = 0.01\n    assertEquals(expectedRate, filter.rate)\n    val rate = 0.02\n    build(rate)\n}\n';
    const inTest = await factsOf('kotlin', test);
    try {
      assert.equal(inTest.around(test.indexOf('0.01'))?.boundForAssertion, true);
      assert.equal(inTest.around(test.indexOf('0.02'))?.boundForAssertion, false);
    } finally {
      inTest.dispose();
    }
  });

  it('Kotlin: Guava sized by a companion constant and an object constant', async () => {
    await runtime.load('kotlin');
    const guava = detectConfigs(kotlin, { languageId: 'kotlin', syntax: runtime }).find((f) => f.recognizer.startsWith('guava'));
    assert.ok(guava, 'a Guava finding');
    assert.equal(guava.params.n, 1e6);
    assert.equal(guava.params.p, 0.01);
  });

  const scala = [
    'object Limits {',
    '  final val Capacity = 1000000L',
    '}',
    'class Store(n: Long) {',
    '  val (items, rate) = (5000, 0.02)',
    '  val filter = BloomFilter(expectedInsertions = Limits.Capacity, fpp = 0.01)',
    '  def f(): Unit = { println(s"bloom $n"); logger.info("bloom fpp 0.5") }',
    '}',
    '',
  ].join('\n');

  it('Scala: object members, tuple patterns; a named argument binds nothing', async () => {
    const facts = await factsOf('scala', scala);
    try {
      const table = facts.definitions();
      assert.equal(table.get('Limits.Capacity')?.expression, '1000000L');
      assert.equal(table.get('rate')?.expression, '0.02');
      assert.equal(table.get('items')?.owner, 'Store');
      assert.equal(table.has('fpp'), false, 'fpp = 0.01 is an argument, not a binding');
      assert.equal(table.has('expectedInsertions'), false);
      assert.deepEqual(facts.around(scala.indexOf('0.01'))?.calls[0], { callee: 'BloomFilter', argumentIndex: 1 });
      assert.equal(facts.around(scala.indexOf('0.01'))?.boundForAssertion, false);
      assert.ok(facts.around(scala.indexOf('Limits.Capacity'))?.parameters.has('n'), 'the class parameter');
      assert.equal(facts.isProse(scala.indexOf('bloom fpp')), true);
    } finally {
      facts.dispose();
    }
  });

  it('Kotlin: a one-line class body parses as ERROR; the file still finds what the text readers find', async () => {
    await runtime.load('kotlin');
    const broken = 'object C { const val X = 5 }\nclass D { val y = 2 }\nconst val CAPACITY = 5000\nval f = BloomFilter.create(Funnels.longFunnel(), CAPACITY, 0.01)\n';
    const facts = await factsOf('kotlin', broken);
    try {
      assert.equal(facts.hasError(), true);
      assert.equal(facts.around(broken.indexOf('0.01')), undefined, 'in the ERROR node: left to the text readers');
    } finally {
      facts.dispose();
    }
    const withTree = detectConfigs(broken, { languageId: 'kotlin', syntax: runtime });
    const plain = detectConfigs(broken, { languageId: 'kotlin' });
    assert.equal(plain.length, 1, 'the text readers find the Guava call');
    assert.equal(plain[0].params.n, 5000);
    assert.deepEqual(withTree.map((f) => [f.recognizer, f.params]), plain.map((f) => [f.recognizer, f.params]));
    // the constants index holds every constant the text readers see, beside the tree's own (X, in the ERROR node)
    const names = fileConstants(broken, { languageId: 'kotlin', syntax: runtime }).map((c) => c.name);
    for (const name of fileConstants(broken, { languageId: 'kotlin' }).map((c) => c.name)) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
    assert.ok(names.includes('CAPACITY') && names.includes('X'), names.join(', '));
  });
});

describe('syntax layer: the whole corpus read with the grammars loaded', () => {
  it('loses no finding and changes no value the text readers find; decoys stay silent', async function () {
    this.timeout(60_000);
    for (const languageId of ['java', 'go', 'python', 'rust', 'typescript', 'typescriptreact', 'javascript', 'csharp', 'php', 'ruby', 'cpp', 'shellscript', 'kotlin', 'scala']) await runtime.load(languageId);
    const corpus = join('test', 'fixtures', 'corpus');
    const expectations = JSON.parse(readFileSync(join(corpus, 'expected.json'), 'utf8')) as Record<string, unknown>;
    const problems: string[] = [];
    let parsedFiles = 0;
    let gained = 0;
    for (const file of Object.keys(expectations).filter((name) => !name.startsWith('_'))) {
      const text = readFileSync(join(corpus, file), 'utf8');
      const plain = detectConfigs(text, { fileName: file });
      const parsed = detectConfigs(text, { fileName: file, syntax: runtime });
      if (runtime.grammarFor(plain.length > 0 || parsed.length > 0 ? languageFromFileName(file) : undefined)) parsedFiles++;
      if (file.startsWith('decoys/') && parsed.length > 0) problems.push(`${file}: decoy finding ${parsed[0].recognizer}`);
      // what the file is expected to give (a text reading the tree corrects is no loss)
      const wanted = (expectations[file] ?? []) as { recognizer: string; line: number; params: Record<string, unknown> }[];
      const expected = (f: { recognizer: string; range: { start: { line: number } } }) => wanted.find((w) => w.recognizer === f.recognizer && w.line === f.range.start.line);
      for (const finding of plain) {
        const twin = parsed.find((f) => f.recognizer === finding.recognizer && f.range.start.line === finding.range.start.line);
        // In a decoy, what the text readers took for a configuration and the tree shows is prose is meant to go; a
        // finding the corpus does not expect (the tree reads a declaration, or finds the filter at its call) likewise.
        if (!twin && !file.startsWith('decoys/') && expected(finding)) {
          problems.push(`${file}: lost ${finding.recognizer}@${finding.range.start.line}`);
          continue;
        }
        if (!twin) continue;
        for (const [param, value] of Object.entries(finding.params)) {
          // a value the tree reads differently is a loss when the text readers had the expected one
          if ((twin.params as Record<string, unknown>)[param] !== value && expected(finding)?.params[param] !== (twin.params as Record<string, unknown>)[param]) problems.push(`${file}: ${finding.recognizer} ${param} ${String(value)} -> ${String((twin.params as Record<string, unknown>)[param])}`);
        }
        gained += Object.keys(twin.params).length - Object.keys(finding.params).length;
      }
    }
    console.log(`      corpus: ${parsedFiles} files with findings read with a grammar; ${gained} more parameters resolved`);
    assert.deepEqual(problems, []);
    assert.ok(parsedFiles > 20, `${parsedFiles} corpus files parsed`);
  });
});


describe('syntax layer: defaults, own members, loops and the nearest constant', () => {
  before(async () => {
    for (const languageId of ['python', 'typescript', 'javascript', 'php', 'ruby']) await runtime.load(languageId);
  });

  it('a parameter with a default resolves to it, said so in the hover; one without a default stays a pass-through', () => {
    const py = 'import redis\n\ndef make_seen(r, rate: float = 0.002, capacity=250_000):\n    r.bf().reserve("seen", rate, capacity)\n';
    const [finding] = detectConfigs(py, { languageId: 'python', fileName: 'seen.py', syntax: runtime });
    assert.deepEqual([finding?.recognizer, finding?.params.p, finding?.params.n], ['redis-py.bf.reserve', 0.002, 250000]);
    assert.deepEqual(finding.sources.n?.origin, { name: 'capacity', line: 2, file: 'seen.py', parameterDefault: true });
    const hover = hoverMarkdownText(analyzeFinding(finding), { uri: 'file:///seen.py', line: 3, character: 4 } as never);
    assert.match(hover, /n from the default of parameter `capacity`, seen\.py:3/);
    const forwarded = 'import redis\n\ndef make_seen(r, rate, capacity):\n    r.bf().reserve("seen", rate, capacity)\n';
    assert.deepEqual(detectConfigs(forwarded, { languageId: 'python', syntax: runtime }), []);
  });

  it('defaults in TypeScript arrow functions, PHP and Ruby signatures', () => {
    const ts = "import { BloomFilter } from 'bloom-filters';\nexport const make = (items = 5_000, rate = 0.02) => BloomFilter.create(items, rate);\n";
    assert.deepEqual(detectConfigs(ts, { languageId: 'typescript', syntax: runtime }).map((f) => f.params), [{ n: 5000, p: 0.02 }]);
    const php = "<?php\nfunction boot(float $rate = 0.03, int $size = 40000) {\n    $redis->rawCommand('BF.RESERVE', 'k', $rate, $size);\n}\n";
    assert.deepEqual(detectConfigs(php, { languageId: 'php', syntax: runtime }).map((f) => [f.params.p, f.params.n]), [[0.03, 40000]]);
    const rb = "require 'redis-bloomfilter'\ndef seen(size = 90_000, error_rate = 0.001)\n  Redis::Bloomfilter.new(size: size, error_rate: error_rate, key_name: 'k')\nend\n";
    assert.deepEqual(detectConfigs(rb, { languageId: 'ruby', syntax: runtime }).map((f) => [f.params.n, f.params.p]), [[90000, 0.001]]);
  });

  it('defaults of a Kotlin function on one line: the grammar lists the default beside its parameter', async () => {
    await runtime.load('kotlin');
    const kt = 'import org.redisson.api.RBloomFilter\nfun seen(key: String, items: Long = 3_000_000, rate: Double = 0.004): RBloomFilter<String> {\n  val f = client.getBloomFilter<String>(key); f.tryInit(items, rate); return f\n}\n';
    const [finding] = detectConfigs(kt, { languageId: 'kotlin', fileName: 'Seen.kt', syntax: runtime });
    assert.deepEqual([finding?.params.n, finding?.params.p], [3000000, 0.004]);
    assert.equal(finding.sources.n?.origin?.parameterDefault, true);
    const forwarded = kt.replace(' = 3_000_000', '');
    assert.deepEqual(detectConfigs(forwarded, { languageId: 'kotlin', syntax: runtime }).map((f) => [f.params.n, f.params.p]), [[undefined, 0.004]]);
  });

  it('a shell script piping what it echoes into redis-cli sends commands; echoed alone, they are a message', async () => {
    await runtime.load('shellscript');
    const script = 'fill() {\n  echo "CF.RESERVE seen:$1 20000"\n}\nfill a | redis-cli --pipe\n';
    assert.deepEqual(detectConfigs(script, { languageId: 'shellscript', syntax: runtime }).map((f) => [f.recognizer, f.range.start.line, f.params.n]), [['redis.cf.reserve', 1, 20000]]);
    const usage = 'echo "then run: CF.RESERVE seen 20000"\n';
    assert.deepEqual(detectConfigs(usage, { languageId: 'shellscript', syntax: runtime }), []);
  });

  it('a member set in the constructor with a fallback feeds a raw command', () => {
    const js = [
      "const Redis = require('ioredis');",
      'class Seen {',
      '  constructor(opts = {}) { this.rate = opts.rate || 0.005; this.size = opts.size ?? 70000; }',
      "  init() { return redis.call('BF.RESERVE', 'k', String(this.rate), String(this.size)); }",
      '}',
    ].join('\n');
    assert.deepEqual(detectConfigs(js, { languageId: 'javascript', syntax: runtime }).map((f) => [f.params.p, f.params.n]), [[0.005, 70000]]);
  });

  it('a loop over literal rows configures one filter per row', () => {
    const py = [
      'import redis',
      'r = redis.Redis()',
      'for key, size, rate in [("a", 1_000, 0.01), ("b", 5_000, 0.001)]:',
      '    r.execute_command("BF.RESERVE", key, rate, size)',
    ].join('\n');
    const findings = detectConfigs(py, { languageId: 'python', syntax: runtime });
    assert.deepEqual(findings.map((f) => [f.range.start.line, f.params.n, f.params.p]), [[3, 1000, 0.01], [3, 5000, 0.001]]);
    assert.equal(findings[1].sources.n?.origin?.line, 2);
  });

  it('a loop splits only its own configuration; settings elsewhere in the file are reported once', () => {
    const py = [
      'conf = {}',
      'for cols, fpp in [("a", 0.01), ("b", 0.02), ("c", 0.05)]:',
      '    conf.set("orc.bloom.filter.fpp", fpp)',
      ...Array.from({ length: 45 }, (_, i) => `x${i} = ${i}`),
      'conf.set("orc.bloom.filter.columns", "d")',
      'conf.set("orc.bloom.filter.fpp", 0.001)',
    ].join('\n');
    const findings = detectConfigs(py, { languageId: 'python', syntax: runtime });
    const outside = findings.filter((f) => f.range.start.line > 40);
    assert.equal(outside.length, 1, 'the configuration after the loop, once');
    assert.equal(outside[0].params.p, 0.001);
  });

  it('where two files define a constant differently, the one beside the reader wins, then one in its language', () => {
    const index = new ConstantsIndex();
    index.setFile('crawler/settings.py', [{ name: 'FP_RATE', value: 0.0001, line: 1 }]);
    index.setFile('store/constants.rs', [{ name: 'FP_RATE', value: 0.002, line: 3 }]);
    assert.equal(index.lookup('FP_RATE', 'store/index.rs')?.value, 0.002);
    assert.equal(index.lookup('FP_RATE', 'crawler/worker.py')?.value, 0.0001);
    assert.equal(index.lookup('FP_RATE', 'tools/x.py')?.value, 0.0001); // same language
    assert.equal(index.lookup('FP_RATE', 'tools/x.go'), undefined); // neither: ambiguous
    assert.equal(index.lookup('FP_RATE'), undefined);
    // a member indexed under its owner answers for that owner or an unknown one, not another owner (`MESH.N` is no `MESH_LIMITS.N`)
    const owned = new ConstantsIndex();
    owned.setFile('src/Limits.java', [{ name: 'N', value: 5, line: 1 }, { name: 'Limits.N', value: 5, line: 1 }]);
    assert.equal(owned.lookup('Limits.N')?.value, 5);
    assert.equal(owned.lookup('pkg.Limits.N')?.value, 5);
    assert.equal(owned.lookup('Other.N'), undefined);
  });

  it('object keys exported by a module are constants of the workspace, and so is a string constant\'s length', () => {
    const config = fileConstants("module.exports = {\n  SEEN_KEY: 'k',\n  SEEN_RATE: 0.001,\n};\n", { languageId: 'javascript', syntax: runtime });
    assert.deepEqual(config.map((c) => [c.name, c.value]), [['SEEN_KEY.length', 1], ['SEEN_RATE', 0.001]]);
  });
});
