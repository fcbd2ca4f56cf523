/**
 * Every sizing entry point a library module declares (src/libraries/*.ts `entryPoints`) gets a case generated from
 * its declaration: a snippet that states each parameter by position or name, detected, and asserted to come back
 * with the declared recogniser and each role's value in the declared unit (bytes read as 8 bits each).
 */
import * as assert from 'node:assert/strict';
import { detectConfigs } from '../../src/detect/index';
import { triggers } from '../../src/detect/recognizers/declared';
import { FINGERPRINT_LIBRARIES, LIBRARIES } from '../../src/libraries';
import type { CallEntryPoint, DeclaredSetting, ParamRole, SettingsEntryPoint } from '../../src/libraries/types';

/** A distinct value per role, so a role read as another fails. */
const VALUE: Partial<Record<ParamRole, number>> = { n: 12345, p: 0.02, m: 65536, k: 5, bitsPerElement: 9, maxBytes: 4096, sets: 4, bucketSlots: 4, fingerprintBits: 16, maxKicks: 50, expansion: 2, ratio: 0.5, kind: 0 };
const SIZING: readonly ParamRole[] = ['n', 'p', 'm', 'k', 'bitsPerElement'];
/** Fingerprints filled from a hash narrower than the stated width: @libp2p/utils copies at most the 4 bytes of a 32-bit FNV-1a hash. */
const HASH_LIMITED_WIDTH: Record<string, number> = { 'js.libp2p.cuckooFilter': 32, 'js.libp2p.scalableCuckooFilter': 32 };
const FILE_FOR: Record<string, string> = {
  rust: 'a.rs', python: 'a.py', go: 'a.go', scala: 'a.scala', c: 'a.c', cpp: 'a.cc', kotlin: 'A.kt', csharp: 'A.cs', php: 'a.php', ruby: 'a.rb', javascript: 'a.js', typescript: 'a.ts', dart: 'a.dart', swift: 'a.swift', elixir: 'a.ex', erlang: 'a.erl', lua: 'a.lua',
};

/** The value a snippet states for a role in a unit: a power of two of bits states its exponent (2^16 = VALUE.m), an inverse rate 1/p. */
function statedText(role: ParamRole, unit: string): string {
  if (unit === 'bits-log2') return String(Math.log2(VALUE.m!));
  if (unit === 'one-in') return String(1 / VALUE.p!);
  return String(VALUE[role]);
}

function expectedParam(role: ParamRole, unit: string): number {
  if (unit === 'bits-log2') return VALUE.m!;
  return (VALUE[role] ?? 0) * (unit === 'bytes' ? 8 : unit === 'mebibytes' ? 8 * 1024 * 1024 : 1);
}

/**
 * A text the regular expression matches, written from its source: the first alternative, with escapes, word
 * boundaries, optional quotes and whitespace classes spelled out (`/using\s+BloomFilter\b/` -> `using BloomFilter`).
 */
function exampleOf(pattern: RegExp): string {
  const first = pattern.source.split(/(?<!\\)\|/)[0];
  const text = first.replace(/\(\?:/g, '').replace(/(?<!\\)\)/g, '').replace(/\\b/g, '').replace(/\\s[+*]/g, ' ').replace(/\[([^\]])[^\]]*\]\??/g, '$1')
    .replace(/[?^$]/g, '').replace(/\\(.)/g, '$1');
  assert.ok(pattern.test(text), `no example for ${pattern}: ${text}`);
  return text;
}

/** A comment naming the library (`requires`): its import, as the file would have it. */
function hintFor(requires: RegExp | undefined, language: string): string {
  if (!requires) return '';
  if (language === 'lua') return `-- ${exampleOf(requires)}\n`;
  return language === 'python' || language === 'ruby' ? `# ${exampleOf(requires)}\n` : `// ${exampleOf(requires)}\n`;
}

function callSnippet(entry: CallEntryPoint): { text: string; fileName: string } {
  const language = entry.languages?.[0] ?? 'java';
  const positional = entry.params.filter((p) => p.position !== undefined).sort((a, b) => a.position! - b.position!);
  const named = entry.params.filter((p) => p.position === undefined && !p.names?.[0].startsWith('.'));
  // a setter chained after the call (`.withFalsePositiveRate(0.02)`)
  const chained = entry.params.filter((p) => p.position === undefined && p.names?.[0].startsWith('.')).map((p) => `${p.names![0]}(${statedText(p.role, p.unit)})`).join('');
  // struct-field parameters (go-redis options) go in a struct literal as the last argument
  const structFields = language === 'go' && named.length > 0;
  const count = structFields ? (entry.arity?.[0] ?? 1) - 1 : Math.max(entry.arity?.[0] ?? 0, positional.length ? positional[positional.length - 1].position! + 1 : 0);
  const args: string[] = [];
  for (let i = 0; i < count; i++) {
    const param = positional.find((p) => p.position === i);
    args.push(param ? statedText(param.role, param.unit) : i === 0 ? '"x"' : '0');
  }
  // keyword arguments as the language writes them: `name: value` in Ruby, C# and Swift, `name=value` elsewhere
  const colon = language === 'ruby' || language === 'csharp' || language === 'swift';
  if (structFields) args.push(`&Options{${named.map((p) => `${p.names![0]}: ${statedText(p.role, p.unit)}`).join(', ')}}`);
  else args.push(...named.map((p) => `${p.names![0]}${colon ? ': ' : '='}${statedText(p.role, p.unit)}`));
  // parameters stated as type arguments (`CuckooFilter<size_t, 16>`), the others a plain type
  const typed = entry.typeArguments ?? [];
  const typeCount = typed.length ? Math.max(...typed.map((p) => p.position ?? 0)) + 1 : 0;
  const typeArgs = typeCount ? `<${Array.from({ length: typeCount }, (_, i) => { const p = typed.find((t) => t.position === i); return p && p.role !== 'kind' ? statedText(p.role, p.unit) : 'size_t'; }).join(', ')}>` : '';
  const callee = `${entry.callee.startsWith('.') ? `receiver${entry.callee}` : entry.callee}${typeArgs}`;
  return { text: `${hintFor(entry.requires, language)}x = ${callee}(${args.join(', ')})${chained}\n`, fileName: FILE_FOR[language] ?? 'A.java' };
}

function settingLine(setting: DeclaredSetting, value: string): string {
  switch (setting.form) {
    case 'key': return `${setting.name.replace('<column>', 'col')}=${value}`;
    case 'method': return setting.columnArgument ? `builder.${setting.name}("col", ${value});` : `builder.${setting.name}(${value});`;
    case 'flag': return `./tool --${setting.name}=${value}`;
    case 'field': return `    ${setting.name}: ${value},`;
    case 'constant': return `conf.set(${setting.name} + "#col", ${value});`;
  }
}

/** One snippet per sizing setting, with the entry's kind setting (when it has one) and the trigger it needs. */
function settingSnippet(entry: SettingsEntryPoint, setting: DeclaredSetting): { text: string; fileName: string } {
  const language = entry.languages?.[0] ?? (setting.form === 'key' ? 'properties' : setting.form === 'flag' ? 'shellscript' : 'java');
  const lines: string[] = [];
  const kind = entry.settings.find((s) => s.role === 'kind');
  if (kind) lines.push(settingLine(kind, exampleOf(kind.value!)));
  lines.push(settingLine(setting, statedText(setting.role, setting.unit)));
  // a setting that makes no filter alone (a stride, a hash count) comes with one that does
  if (!entry.triggers.includes(setting.role)) {
    const trigger = entry.settings.find((s) => entry.triggers.includes(s.role) && s.form === setting.form && s.role !== 'enabled' && s.role !== 'columns')
      ?? entry.settings.find((s) => entry.triggers.includes(s.role) && s.form === setting.form)!;
    lines.push(settingLine(trigger, trigger.role === 'columns' ? '"col"' : trigger.role === 'enabled' ? 'true' : String(VALUE[trigger.role])));
  }
  if (entry.settings.some((s) => s.role === 'sets')) lines.push(settingLine(entry.settings.find((s) => s.role === 'sets')!, String(VALUE.sets)));
  const body = setting.form === 'field' ? `x := Spec{\n${lines.join('\n')}\n}\n` : `${lines.join('\n')}\n`;
  const fileName = FILE_FOR[language] ?? (language === 'properties' ? 'a.properties' : language === 'shellscript' ? 'a.sh' : 'A.java');
  return { text: `${hintFor(entry.requires, language)}${body}`, fileName };
}

/**
 * Entry points whose form the generated snippet cannot write (DDL, command text, member assignments, `new` with an
 * object literal): one hand-written case each, keyed by recogniser and callee or setting name, with the value each
 * declared sizing role must come back with.
 */
const HAND_WRITTEN: Record<string, { text: string; fileName: string; params: Partial<Record<ParamRole, number>> }> = {
  // `Capacity` is too common a word to select a line alone (declared.ts COMMON_WORDS): written as tair-go's builder is
  'tair-go.bfInsert Capacity': { text: '// alibaba/tair-go\nargs := tair.BfInsertArgs().Capacity(12345)\n', fileName: 'a.go', params: { n: 12345 } },
  'bloomfilter.js.new BloomFilter': { text: "const { BloomFilter } = require('bloomfilter');\nconst seen = new BloomFilter(65536, 5);\n", fileName: 'a.js', params: { m: 65536, k: 5 } },
  'bitcore.bloomFilter.new BloomFilter': { text: "const BloomFilter = require('bitcore-lib').BloomFilter;\nconst filter = new BloomFilter({ vData: Buffer.alloc(4096), nHashFuncs: 5, nTweak: 0, nFlags: 0 });\n", fileName: 'a.js', params: { k: 5 } },
  'postgres.brinBloom int8_bloom_ops': { text: 'CREATE INDEX events_brin ON events USING brin (id int8_bloom_ops(n_distinct_per_range = 12345, false_positive_rate = 0.02));\n', fileName: 'a.sql', params: { n: 12345, p: 0.02 } },
  'postgres.bloom length': { text: 'CREATE INDEX people_bloom ON people USING bloom (name) WITH (length = 96);\n', fileName: 'a.sql', params: { m: 96 } },
  'postgres.bloom col<column>': { text: 'CREATE INDEX people_bloom ON people USING bloom (name, city) WITH (length = 96, col1 = 3, col2 = 3);\n', fileName: 'a.sql', params: { k: 3 } },
  'databricks.bloomFilterIndex fpp': { text: 'CREATE BLOOMFILTER INDEX ON TABLE events FOR COLUMNS(id OPTIONS (fpp = 0.02));\n', fileName: 'a.sql', params: { p: 0.02 } },
  'databricks.bloomFilterIndex numItems': { text: 'CREATE BLOOMFILTER INDEX ON TABLE events FOR COLUMNS(id) OPTIONS (numItems = 12345);\n', fileName: 'a.sql', params: { n: 12345 } },
  'clickhouse.bloomFilter bloom_filter': { text: 'CREATE TABLE t (id UInt64, INDEX id_bf id TYPE bloom_filter(0.02) GRANULARITY 4) ENGINE = MergeTree ORDER BY id;\n', fileName: 'a.sql', params: { p: 0.02 } },
  'clickhouse.tokenbf tokenbf_v1': { text: 'ALTER TABLE logs ADD INDEX body_tok body TYPE tokenbf_v1(8192, 5, 0) GRANULARITY 1;\n', fileName: 'a.sql', params: { m: 65536, k: 5 } },
  'clickhouse.ngrambf ngrambf_v1': { text: 'ALTER TABLE logs ADD INDEX body_ngram body TYPE ngrambf_v1(3, 8192, 5, 0) GRANULARITY 1;\n', fileName: 'a.sql', params: { m: 65536, k: 5 } },
  'valkey.bf.reserve BF.RESERVE': { text: 'valkey-cli BF.RESERVE users 0.02 12345\n', fileName: 'a.sh', params: { p: 0.02, n: 12345 } },
  'valkey.bf.insert BF.INSERT': { text: 'valkey-cli BF.INSERT users CAPACITY 12345 ERROR 0.02 ITEMS alice bob\n', fileName: 'a.sh', params: { n: 12345, p: 0.02 } },
  'cpp.partow.bloomParameters projected_element_count': { text: '#include "bloom_filter.hpp"\nvoid make() {\n  bloom_parameters params;\n  params.projected_element_count = 12345;\n}\n', fileName: 'a.cc', params: { n: 12345 } },
  // cuckoopy keeps at most the 8 bytes of its FNV-64 hash: a generated 16-byte width would come back as 64 bits
  'python.cuckoopy.cuckooFilter CuckooFilter': { text: 'from cuckoopy import CuckooFilter\nseen = CuckooFilter(12345, 4, 2)\n', fileName: 'a.py', params: { n: 12345 } },
  'python.cuckoopy.cuckooFilter cuckoopy.CuckooFilter': { text: 'import cuckoopy\nseen = cuckoopy.CuckooFilter(capacity=12345, fingerprint_size=2)\n', fileName: 'a.py', params: { n: 12345 } },
  'cpp.partow.bloomParameters false_positive_probability': { text: '#include "bloom_filter.hpp"\nvoid make() {\n  bloom_parameters params;\n  params.false_positive_probability = 0.02;\n}\n', fileName: 'a.cc', params: { p: 0.02 } },
};

/** The hand-written case asserts every declared sizing role of its entry point, and nothing it does not declare. */
function handWrittenCase(key: string, roles: readonly ParamRole[], recognizer: string): void {
  const { text, fileName, params } = HAND_WRITTEN[key];
  assert.deepEqual(Object.keys(params).sort(), [...roles].sort(), `${key}: the case states each declared sizing role`);
  const findings = detectConfigs(text, { fileName });
  const finding = findings.find((f) => f.recognizer === recognizer);
  assert.ok(finding, `no ${recognizer} in ${JSON.stringify(text)}: ${JSON.stringify(findings.map((f) => f.recognizer))}`);
  for (const role of roles) assert.equal((finding.params as Record<string, number>)[role], params[role], `${role} in ${text}`);
}

describe('declared entry points: one generated case per declaration', () => {
  const entries = [...LIBRARIES, ...FINGERPRINT_LIBRARIES].flatMap((library) => (library.entryPoints ?? []).map((entry) => ({ library, entry })));

  it('every library module declares its sizing entry points, each with the repository, file and function that define it', () => {
    for (const library of [...LIBRARIES, ...FINGERPRINT_LIBRARIES]) {
      assert.ok((library.entryPoints ?? []).length > 0, `${library.id} declares no entry point`);
      for (const entry of library.entryPoints ?? []) {
        const sources = entry.kind === 'call' ? [entry.source] : entry.settings.map((s) => s.source);
        assert.ok(sources.length > 0, `${library.id}: ${entry.title} cites no source`);
        for (const source of sources) assert.ok(source && source.repository && source.file && source.function, `${library.id}: ${entry.title}: source ${JSON.stringify(source)}`);
      }
    }
  });

  it('every hand-written case belongs to a declared entry point', () => {
    const keys = new Set(entries.flatMap(({ entry }) => (entry.kind === 'call' ? [`${entry.recognizer} ${entry.callee}`] : entry.settings.map((s) => `${entry.recognizer} ${s.name}`))));
    for (const key of Object.keys(HAND_WRITTEN)) assert.ok(keys.has(key), `${key} is no declared entry point`);
  });

  it('every declaration names its source and roles, and its recogniser belongs to its module', () => {
    assert.ok(entries.length >= 20, `${entries.length} entry points`);
    for (const { library, entry } of entries) {
      assert.ok(library.recognizers.includes(entry.recognizer), `${library.id}: ${entry.recognizer} is not among its recognisers`);
      const sources = entry.kind === 'call' ? [entry.source] : entry.settings.map((s) => s.source);
      for (const source of sources) assert.ok(source.repository && source.file && source.function, `${entry.title}: source`);
    }
  });

  for (const { library, entry } of entries) {
    if (entry.kind === 'call') {
      it(`${entry.recognizer}: ${entry.callee}`, () => {
        const handWritten = `${entry.recognizer} ${entry.callee}`;
        if (HAND_WRITTEN[handWritten]) return handWrittenCase(handWritten, entry.params.filter((p) => SIZING.includes(p.role)).map((p) => p.role), entry.recognizer);
        const { text, fileName } = callSnippet(entry);
        const finding = detectConfigs(text, { fileName }).find((f) => f.recognizer === entry.recognizer);
        assert.ok(finding, `no ${entry.recognizer} in ${JSON.stringify(text)}: ${JSON.stringify(detectConfigs(text, { fileName }).map((f) => f.recognizer))}`);
        for (const param of entry.params.filter((p) => SIZING.includes(p.role))) {
          assert.equal((finding.params as Record<string, number>)[param.role], expectedParam(param.role, param.unit), `${param.role} in ${text}`);
        }
        if (FINGERPRINT_LIBRARIES.includes(library as never)) {
          // another filter: its structure, with each declared bucket size and fingerprint width as stated
          const structure = finding.derived.structure;
          assert.ok(structure, `no structure for ${text}`);
          assert.equal(structure.kind === 'cuckoo', /cuckoo|cf/i.test(entry.callee), text);
          if (entry.params.some((p) => p.role === 'bucketSlots')) assert.equal(structure.bucketSlots, VALUE.bucketSlots, text);
          const width = [...entry.params, ...(entry.typeArguments ?? [])].find((p) => p.role === 'fingerprintBits');
          const stated = VALUE.fingerprintBits! * (width?.unit === 'bytes' ? 8 : 1);
          if (width) assert.equal(structure.fingerprintBits, Math.min(stated, HASH_LIMITED_WIDTH[entry.recognizer] ?? stated), text);
        }
      });
      continue;
    }
    for (const setting of entry.settings.filter((s) => SIZING.includes(s.role))) {
      it(`${entry.recognizer}: ${setting.form} ${setting.name}`, () => {
        const handWritten = `${entry.recognizer} ${setting.name}`;
        if (HAND_WRITTEN[handWritten]) return handWrittenCase(handWritten, [setting.role], entry.recognizer);
        const { text, fileName } = settingSnippet(entry, setting);
        const findings = detectConfigs(text, { fileName });
        const finding = findings.find((f) => f.recognizer === entry.recognizer);
        assert.ok(finding, `no ${entry.recognizer} in ${JSON.stringify(text)}: ${JSON.stringify(findings.map((f) => f.recognizer))}`);
        assert.equal((finding.params as Record<string, number>)[setting.role], expectedParam(setting.role, setting.unit), text);
      });
    }
  }

  it('bloomfilter.js withTargetError sizes as its source does, through the declaration', () => {
    // m = ceil(-1000 · log2(0.01) / ln 2) = 9586 bits -> 300 buckets of 32 = 9600 bits; k = ceil(ln 2 · 9586 / 1000) = 7
    const finding = detectConfigs("import { BloomFilter } from 'bloomfilter';\nconst f = BloomFilter.withTargetError(1000, 0.01);\n", { fileName: 'a.ts' }).find((f) => f.recognizer === 'bloomfilter.js.withTargetError');
    assert.ok(finding);
    assert.equal(finding.derived.m, 9600);
    assert.equal(finding.derived.k, 7);
  });

  it('a DPDK vBF sizes each filter as rte_member_create_vbf does', () => {
    // 65536 keys over 16 sets at p = 0.03: 4096 keys per filter, fp_one = 1 - 0.97^(1/16) ≈ 0.0019019;
    // bits = ceil(4096 · ln(fp_one) / ln(2^-ln2)) = 53517 -> 65536; hashes = (uint32)(ln2 · 53517 / 4096) = 9
    const text = '#include <rte_member.h>\nstruct rte_member_parameters p = {\n  .type = RTE_MEMBER_TYPE_VBF,\n  .num_keys = 1 << 16,\n  .num_set = 16,\n  .false_positive_rate = 0.03,\n};\n';
    const finding = detectConfigs(text, { fileName: 'm.c' }).find((f) => f.recognizer === 'dpdk.member.vbf');
    assert.ok(finding);
    assert.equal(finding.derived.n, 4096);
    const fpOne = Math.fround(1 - Math.pow(Math.fround(1 - Math.fround(0.03)), 1 / 16));
    const bits = Math.ceil((4096 * Math.log(fpOne)) / Math.log(1 / Math.pow(2, Math.LN2)));
    assert.equal(finding.derived.m, 2 ** Math.ceil(Math.log2(bits)));
    assert.equal(finding.derived.k, Math.trunc((Math.LN2 * bits) / 4096));
    assert.ok(finding.derived.k! >= 8 && finding.derived.k! <= 10, `k = ${finding.derived.k}`);
    // a hash-table set-summary is not a Bloom filter
    assert.deepEqual(detectConfigs(text.replace('RTE_MEMBER_TYPE_VBF', 'RTE_MEMBER_TYPE_HT'), { fileName: 'm.c' }).filter((f) => f.recognizer === 'dpdk.member.vbf'), []);
  });
});

describe('a column-list trigger reads only what follows its value', () => {
  const columns = LIBRARIES.flatMap((l) => l.entryPoints ?? []).flatMap((e) => ('settings' in e ? e.settings : [])).find((s) => s.role === 'columns')!;
  // a string that records how many characters each slice of it returns
  function spied(text: string): { text: string; sliced: number[] } {
    const sliced: number[] = [];
    const wrapper = new String(text) as String & { slice(a?: number, b?: number): string };
    wrapper.slice = (a?: number, b?: number) => { const s = text.slice(a, b); sliced.push(s.length); return s; };
    return { text: wrapper as unknown as string, sliced };
  }
  it('an empty list `[]` followed by a long file still names no filter, and the file is not copied', () => {
    const before = "orc_bloom_filter_columns = ARRAY[";
    const file = `${before}] -- none\n${'x'.repeat(100_000)}`;
    const hit = { setting: columns, column: undefined, at: 0, line: 0, value: { text: 'ARRAY[', start: before.length - 6, end: before.length } };
    const { text, sliced } = spied(file);
    assert.equal(triggers(hit, text), false);
    assert.ok(sliced.length > 0 && Math.max(...sliced) <= 64, `sliced ${sliced.join(', ')} characters`);
    // a list with a column still triggers
    assert.equal(triggers({ ...hit, value: { ...hit.value, text: "ARRAY['a']" } }, file), true);
  });
});
