/**
 * Config files read by position-keeping parsers (src/detect/configTree.ts): key paths and value ranges for YAML,
 * JSON/JSONC and TOML; malformed input gives nothing (the text readers decide); nested keys reach the Spark,
 * HBase and Hudi recognisers; what the text readers found before is still found.
 */
import * as assert from 'node:assert/strict';
import { configEntries, ConfigEntry, MAX_CONFIG_LENGTH } from '../../src/detect/configTree';
import { detectConfigs } from '../../src/detect/index';

function entry(entries: readonly ConfigEntry[] | undefined, path: string): ConfigEntry {
  const found = entries?.find((e) => e.path.join('.') === path);
  assert.ok(found, `${path} in ${entries?.map((e) => e.path.join('.')).join(', ')}`);
  return found;
}

/** The value's range points at the value's text, and the key's at the key's last segment as written. */
function assertRanges(text: string, found: ConfigEntry, valueText: string, keyText: string): void {
  assert.equal(found.value.text, valueText);
  assert.equal(text.slice(found.value.start, found.value.end), valueText);
  assert.equal(text.slice(found.keyStart, found.keyEnd), keyText);
}

describe('config parsers: key paths and ranges', () => {
  it('YAML: nested maps, sequences, quoted and block scalars, several documents', () => {
    const text = [
      'cache:',
      '  dedup:',
      '    type: bloom-filter',
      '    capacity: 10M   # ten million',
      '    fp-probability: "0.001"',
      'filters:',
      '  - name: users',
      '    expected-items: 1B',
      'bloom:',
      '  capacity: >-',
      '    1000000',
      '---',
      'second: {bloom: {fpp: 0.1}}',
      '',
    ].join('\n');
    const entries = configEntries(text, 'yaml');
    assertRanges(text, entry(entries, 'cache.dedup.capacity'), '10M', 'capacity');
    assertRanges(text, entry(entries, 'cache.dedup.fp-probability'), '0.001', 'fp-probability');
    assertRanges(text, entry(entries, 'filters.0.expected-items'), '1B', 'expected-items');
    assertRanges(text, entry(entries, 'bloom.capacity'), '1000000', 'capacity');
    assertRanges(text, entry(entries, 'second.bloom.fpp'), '0.1', 'fpp');
  });

  it('JSON with comments and trailing commas (JSONC); dotted keys stay one segment', () => {
    const text = '{\n  // settings\n  "dedup": { "type": "bloom", "capacity": 5000000, "errorRate": "0.001", },\n  "spark.sql.x": [1, {"bits": 64}],\n}\n';
    const entries = configEntries(text, 'jsonc');
    assertRanges(text, entry(entries, 'dedup.capacity'), '5000000', 'capacity');
    assertRanges(text, entry(entries, 'dedup.errorRate'), '0.001', 'errorRate');
    assertRanges(text, entry(entries, 'spark.sql.x.1.bits'), '64', 'bits');
    assert.deepEqual(entry(entries, 'spark.sql.x.1.bits').path, ['spark.sql.x', '1', 'bits']);
  });

  it('TOML: tables, dotted and quoted keys, inline tables, strings', () => {
    const text = '[cache.bloom]\ncapacity = 1_000_000\nfpp = "0.01"\nlimits = { bits = 64 }\n\n[hudi]\n"hoodie.index.bloom.fpp" = 0.000001\n';
    const entries = configEntries(text, 'toml');
    assertRanges(text, entry(entries, 'cache.bloom.capacity'), '1_000_000', 'capacity');
    assertRanges(text, entry(entries, 'cache.bloom.fpp'), '0.01', 'fpp');
    assertRanges(text, entry(entries, 'cache.bloom.limits.bits'), '64', 'bits');
    assertRanges(text, entry(entries, 'hudi.hoodie.index.bloom.fpp'), '0.000001', '"hoodie.index.bloom.fpp"');
  });

  it('malformed or half-typed input gives nothing (the text readers decide); other languages are not parsed', () => {
    assert.equal(configEntries('bloom:\n  capacity: 1000\n fpp: [0.01\n', 'yaml'), undefined);
    assert.equal(configEntries('{"bloom": {"capacity": 1000,', 'json'), undefined);
    assert.equal(configEntries('[bloom]\ncapacity = \n', 'toml'), undefined);
    assert.equal(configEntries('capacity: 1000\n', 'python'), undefined);
    assert.equal(configEntries('capacity: 1000\n', undefined), undefined);
    assert.ok(configEntries('bloom:\n  capacity: 1000\n', 'yaml'));
    // a text over the size limit is not parsed (bounded work); the same settings below it are
    const settings = 'bloom:\n  capacity: 1000\n';
    const padding = `# ${'x'.repeat(MAX_CONFIG_LENGTH)}\n`;
    assert.equal(configEntries(settings + padding, 'yaml'), undefined);
    assert.equal(configEntries(settings + padding.slice(0, MAX_CONFIG_LENGTH - settings.length - 1) + '\n', 'yaml')?.length, 1);
  });
});

describe('config parsers: in detection', () => {
  const spark = (n: number) => [
    'spark:',
    '  sql:',
    '    optimizer:',
    '      runtime:',
    '        bloomFilter:',
    '          enabled: true',
    `          expectedNumItems: ${n}`,
    '          numBits: 16777216',
    '',
  ].join('\n');

  it('YAML: Spark runtime filter keys nested over five levels are Spark\'s (not a guess from names), values at their text', () => {
    const text = spark(2_000_000);
    const [finding, ...rest] = detectConfigs(text, { languageId: 'yaml' });
    assert.equal(rest.length, 0);
    assert.equal(finding.recognizer, 'spark.runtimeBloomFilter');
    assert.equal(finding.params.n, 2e6);
    assert.equal(finding.params.m, 16777216);
    const lines = text.split('\n');
    assert.equal(finding.range.start.line, 5, 'starts at the first key of the group');
    assert.equal(finding.sources.n?.range?.start.line, 6);
    assert.equal(lines[6].slice(finding.sources.n!.range!.start.character, finding.sources.n!.range!.end.character), '2000000');
  });

  it('JSON and TOML: HBase and Hudi keys nested under their prefixes', () => {
    const json = '{"io": {"storefile": {"bloom": {"error.rate": 0.005, "enabled": true}}}}\n';
    const [hbase] = detectConfigs(json, { languageId: 'json' });
    assert.equal(hbase?.recognizer, 'hbase.storefileBloom');
    assert.equal(hbase.params.p, 0.005);
    const toml = '[hoodie.index.bloom]\nnum_entries = 80000\nfpp = 0.0001\n';
    const [hudi] = detectConfigs(toml, { languageId: 'toml' });
    assert.equal(hudi?.recognizer, 'hudi.bloomIndex');
    assert.equal(hudi.params.n, 80000);
    assert.equal(hudi.params.p, 0.0001);
  });

  it('a half-typed YAML file keeps every finding the text readers make, and adds none from a parse', () => {
    const text = `${spark(3_000_000)}bloom:\n  capacity: 5000\n  fpp: 0.01\nbroken: [\n`;
    const findings = detectConfigs(text, { languageId: 'yaml' });
    assert.deepEqual(findings.map((f) => f.recognizer), ['generic.named', 'generic.named'], 'no Spark finding: the nested keys need a clean parse');
    assert.equal(findings[0].params.n, 3e6, 'the guess from names the text readers made');
    assert.equal(findings[1].params.n, 5000);
    // the same text without the broken line: the parser's Spark finding replaces the guess, the rest is unchanged
    const clean = detectConfigs(text.replace('broken: [\n', ''), { languageId: 'yaml' });
    assert.deepEqual(clean.map((f) => f.recognizer), ['spark.runtimeBloomFilter', 'generic.named']);
    assert.deepEqual(clean[1].params, findings[1].params);
  });

  it('dotted keys written on one line are read as before (one finding, not two)', () => {
    const text = 'spark.sql.optimizer.runtime.bloomFilter.expectedNumItems: 4000000\nspark.sql.optimizer.runtime.bloomFilter.numBits: 8388608\n';
    const findings = detectConfigs(text, { languageId: 'yaml' });
    assert.equal(findings.length, 1);
    assert.equal(findings[0].params.n, 4e6);
  });

  it('application configs: a `type: bloom-filter` block with unit suffixes; memory counts only with a byte unit', () => {
    const text = 'dedup:\n  type: bloom-filter\n  capacity: 10M\n  fp-probability: 0.001\nids:\n  kind: bloom\n  memory: 64MiB\n  hashes: 7\nother:\n  kind: bloom\n  memory: 64\n  hashes: 5\n';
    const findings = detectConfigs(text, { languageId: 'yaml' });
    assert.equal(findings[0]?.params.n, 1e7);
    assert.equal(findings[0].params.p, 0.001);
    assert.equal(findings[1]?.params.m, 64 * 2 ** 20 * 8, 'bits from MiB');
    assert.equal(findings[1].params.k, 7);
    assert.ok(findings.every((f) => f.params.m !== 64 && f.params.m !== 512), 'a bare `memory: 64` is not read as a size');
  });

  it('a YAML block scalar: its content is the value', () => {
    const [finding] = detectConfigs('bloom:\n  capacity: >-\n    1000000\n  fpp: 0.02\n', { languageId: 'yaml' });
    assert.equal(finding?.params.n, 1e6);
    assert.equal(finding.params.p, 0.02);
  });
});
