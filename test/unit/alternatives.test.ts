/**
 * "Same job, other filters" (issue 19 items 3 and 4): the catalogue of libraries per structure, the three questions'
 * filter, the hover's "smaller: ..." row (RocksDB 10 bits/key -> Ribbon; nothing for a Guava filter at 1%), the
 * designer's chart and table data, and the protocol's open-at-a-section argument.
 */
import * as assert from 'node:assert/strict';
import { analyzeFinding } from '../../src/analysis/analyze';
import { alternativeRequest, MIN_MEMORY_SAVING, NOMINAL_KEYS, smallerAlternative, smallerAlternativeFor } from '../../src/analysis/alternatives';
import { compareStructures, StructureRow, STRUCTURE_IDS } from '../../src/core/compareStructures';
import { detectConfigs } from '../../src/detect';
import { hoverMarkdownText } from '../../src/extension/hoverText';
import { libraryById } from '../../src/libraries';
import {
  ALTERNATIVE_LIBRARIES, ECOSYSTEMS, ecosystemOf, librariesFor, STATIC_NEEDS, STATIC_PER_FILE, structureFits, WHEN_N_GROWS,
} from '../../src/libraries/alternatives';
import { validateHostMessage, validateOpenArgument, DEFAULT_INPUTS, STATE_VERSION } from '../../src/protocol';
import { alternativesChart, alternativesGrid, alternativesTableRows, ALTERNATIVES_HEADERS, fittingRows, RATE_GRID } from '../../webview/alternatives';

function report(text: string, languageId: string, fileName: string) {
  const findings = detectConfigs(text, { languageId, fileName });
  assert.equal(findings.length, 1, `one finding in ${JSON.stringify(text)}`);
  return analyzeFinding(findings[0]);
}

const ROCKSDB_10 = report('use rocksdb::BlockBasedOptions;\nlet mut options = BlockBasedOptions::default();\noptions.set_bloom_filter(10.0, false);\n', 'rust', 'db.rs');
const GUAVA_1_PERCENT = report('import com.google.common.hash.BloomFilter;\nclass A { BloomFilter<Long> f = BloomFilter.create(Funnels.longFunnel(), 1_000_000, 0.01); }\n', 'java', 'A.java');

describe('alternatives: the catalogue of libraries per structure (src/libraries/alternatives.ts)', () => {
  it('names only structures of compareStructures, each entry with a source, real fingerprint widths and a known ecosystem', () => {
    const ecosystems = new Set(ECOSYSTEMS.map((e) => e.id));
    assert.ok(ALTERNATIVE_LIBRARIES.length >= 20);
    for (const entry of ALTERNATIVE_LIBRARIES) {
      const what = `${entry.structure} / ${entry.name}`;
      assert.ok(STRUCTURE_IDS.includes(entry.structure), `${what}: unknown structure`);
      assert.ok(ecosystems.has(entry.ecosystem), `${what}: unknown ecosystem`);
      assert.ok(entry.source.repository.length > 0 && entry.source.file.length > 0 && entry.source.function.length > 0, `${what}: no source`);
      assert.match(entry.source.repository, /^([\w.-]+\/[\w.-]+|npm:[\w.-]+)$/, `${what}: repository ${entry.source.repository}`);
      for (const bits of entry.fingerprintBits) assert.ok(Number.isInteger(bits) && bits >= 1 && bits <= 64, `${what}: ${bits}-bit fingerprints`);
    }
  });

  it('has libraries for every structure a user can switch to, and none for the bounds', () => {
    for (const id of ['ribbon', 'xor', 'binary-fuse-3', 'binary-fuse-4', 'cuckoo', 'quotient', 'counting-bloom', 'blocked-512', 'split-block'] as const) {
      assert.ok(librariesFor(id).length > 0, `no library for ${id}`);
    }
    assert.equal(librariesFor('bound').length + librariesFor('bound-deletes').length, 0);
    // The fixed widths recorded from the sources: RedisBloom's uint8_t fingerprints, Pebble's bit-packed widths.
    assert.deepEqual(librariesFor('cuckoo', 'redis').map((l) => l.fingerprintBits), [[8]]);
    assert.deepEqual(librariesFor('binary-fuse-3', 'go').find((l) => l.name.startsWith('Pebble'))?.fingerprintBits, [4, 8, 10, 12, 16]);
  });

  it('lists static-per-file libraries that exist in src/libraries, and says what each structure does when n grows', () => {
    for (const id of Object.keys(STATIC_PER_FILE)) assert.ok(libraryById(id), `STATIC_PER_FILE names unknown library ${id}`);
    for (const id of STRUCTURE_IDS) assert.ok(WHEN_N_GROWS[id].length > 0);
  });

  it('tells the ecosystem from the file name, and Redis from the recogniser', () => {
    assert.equal(ecosystemOf('file:///work/A.java'), 'java');
    assert.equal(ecosystemOf('file:///work/db.rs'), 'rust');
    assert.equal(ecosystemOf('file:///work/cache.py?x#y'), 'python');
    assert.equal(ecosystemOf('file:///work/app.ts', 'redis.bf.reserve'), 'redis');
    assert.equal(ecosystemOf('file:///work/notes.md'), undefined);
  });
});

describe('alternatives: the three questions', () => {
  const rows = compareStructures(1_000_000, 0.01);
  const ids = (needs: Parameters<typeof structureFits>[1]): string[] => fittingRows(rows, needs).map((r) => r.id);

  it('keeps every structure for a static set, only inserting ones for inserts, only deleting ones for deletes', () => {
    assert.deepEqual(ids(STATIC_NEEDS), [...STRUCTURE_IDS]);
    assert.deepEqual(ids({ insertsAfterBuild: true, deletes: false, growing: false }), ['bound-deletes', 'bloom', 'blocked-512', 'split-block', 'cuckoo', 'quotient', 'counting-bloom']);
    assert.deepEqual(ids({ insertsAfterBuild: false, deletes: true, growing: false }), ['bound-deletes', 'cuckoo', 'quotient', 'counting-bloom']);
    // A growing n rules out the static structures (they are rebuilt with all keys), as inserts do.
    assert.deepEqual(ids({ insertsAfterBuild: false, deletes: false, growing: true }), ids({ insertsAfterBuild: true, deletes: false, growing: false }));
  });
});

describe('alternatives: the hover and lens row (src/analysis/alternatives.ts)', function () {
  this.timeout(60_000);

  it('RocksDB at 10 bits/key: RocksDB Ribbon, about 7.1 bits/key at 1e6 keys (-29%), the same FP', () => {
    const request = alternativeRequest(ROCKSDB_10);
    assert.ok(request);
    assert.equal(request.n, NOMINAL_KEYS); // bits per key only: the comparison says at how many keys
    assert.deepEqual(request.needs, STATIC_NEEDS); // rebuilt per SST: static structures fit
    assert.equal(request.bitsPerKey, 10);
    const row = smallerAlternativeFor(ROCKSDB_10);
    assert.ok(row, 'a row');
    assert.equal(row.structure, 'ribbon');
    assert.equal(row.name, 'RocksDB Ribbon');
    // Measured with Debian's RocksDB 7.8.3 (beyond-bloom.md 5.2): Ribbon at bpk 10 and 1e6 keys writes 7.10 bits/key.
    assert.ok(Math.abs(row.bitsPerKey - 7.10) < 0.05, `Ribbon ${row.bitsPerKey} bits/key`);
    assert.ok(row.memorySaving > 0.28 && row.memorySaving < 0.31, `saving ${row.memorySaving}`);
    assert.ok(row.falsePositiveRate <= request.p);
    assert.equal(row.text, `RocksDB Ribbon, ${row.bitsPerKey.toFixed(1)} bits/key (−29%), same FP at 1e6 keys`);
    assert.equal(row.short, 'Ribbon −29%');
  });

  it('renders the row as one table row with a link that opens the designer at the section, with n and p', () => {
    const markdown = hoverMarkdownText({ ...ROCKSDB_10, alternative: smallerAlternativeFor(ROCKSDB_10) }, { uri: 'file:///w/db.rs', line: 2, character: 0 });
    const lines = markdown.split('\n').filter((line) => line.startsWith('| smaller |'));
    assert.equal(lines.length, 1);
    const link = /\[compare\]\(command:bloomLens\.openDesigner\?([^ )]+)/.exec(lines[0]);
    assert.ok(link, lines[0]);
    const [argument] = JSON.parse(decodeURIComponent(link[1])) as unknown[];
    const checked = validateOpenArgument(argument);
    assert.ok(checked.ok && checked.value);
    assert.equal(checked.value.section, 'alternatives');
    assert.equal(checked.value.n, NOMINAL_KEYS);
    assert.equal(checked.value.p, alternativeRequest(ROCKSDB_10)?.p);
    // Without an alternative the hover has no such row.
    assert.ok(!hoverMarkdownText(ROCKSDB_10, { uri: 'file:///w/db.rs', line: 2, character: 0 }).includes('| smaller |'));
  });

  it('no row for a Guava filter at 1%: it takes inserts, and no inserting structure saves 20% (cuckoo 10.5, quotient 9.6 vs 9.59 bits/key)', () => {
    const request = alternativeRequest(GUAVA_1_PERCENT);
    assert.ok(request);
    assert.equal(request.needs.insertsAfterBuild, true);
    const rows = compareStructures(request.n, request.p);
    assert.equal(smallerAlternative(request, rows), undefined);
    // Why: the smallest inserting alternative saves less than 20% (the static ones would save more, but do not fit).
    const byId = Object.fromEntries(rows.map((r) => [r.id, r])) as Record<string, StructureRow>;
    assert.ok(1 - byId.quotient.bitsPerKey / request.bitsPerKey < MIN_MEMORY_SAVING);
    assert.ok(1 - byId.cuckoo.bitsPerKey / request.bitsPerKey < MIN_MEMORY_SAVING);
    assert.ok(1 - byId.ribbon.bitsPerKey / request.bitsPerKey >= MIN_MEMORY_SAVING);
  });

  it('no request where the filter already is Ribbon, or has no rate', () => {
    assert.equal(alternativeRequest(report('use rocksdb::BlockBasedOptions;\nlet mut o = BlockBasedOptions::default();\no.set_ribbon_filter(10.0);\n', 'rust', 'db.rs')), undefined);
    assert.equal(alternativeRequest({ ...ROCKSDB_10, metrics: { ...ROCKSDB_10.metrics, headline: undefined } }), undefined);
  });

  it('chooses the same library\'s structure when it saves enough, else the smallest; says the FP when it is lower', () => {
    const rows = compareStructures(1_000_000, 0.01);
    const base = { n: 1_000_000, p: 0.01, nominalKeys: false, bitsPerKey: 12, needs: STATIC_NEEDS };
    const smallest = smallerAlternative(base, rows);
    assert.equal(smallest?.structure, 'ribbon'); // 7.04 bits/key, the smallest of the candidates
    const preferred = smallerAlternative({ ...base, preferred: { structure: 'binary-fuse-3', name: 'Pebble binary fuse' } }, rows);
    assert.equal(preferred?.name, 'Pebble binary fuse');
    assert.equal(smallest?.short, 'Ribbon −41%'); // the lens: a few words (no "(RocksDB Standard128Ribbon)")
    assert.match(preferred!.text, /^Pebble binary fuse, 7\.9 bits\/key \(−34%\), FP 0\.781%$/); // 7-bit fingerprints: 2^-7
    // Deletes: cuckoo or quotient only; 12 bits/key is not 20% above them.
    assert.equal(smallerAlternative({ ...base, needs: { insertsAfterBuild: true, deletes: true, growing: false } }, rows), undefined);
    assert.equal(smallerAlternative({ ...base, bitsPerKey: 14, needs: { insertsAfterBuild: true, deletes: true, growing: false } }, rows)?.structure, 'quotient');
  });
});

describe('alternatives: the designer section\'s data (webview/alternatives.ts)', function () {
  this.timeout(120_000);

  it('plots bits per key against p for each fitting structure, the design marked, never NaN', () => {
    assert.ok(RATE_GRID.every((p, i) => p > 0 && p < 1 && (i === 0 || p < RATE_GRID[i - 1])));
    for (const n of [1, 1000, 1_000_000]) {
      const grid = alternativesGrid(n);
      const chart = alternativesChart(n, grid, { falsePositiveRate: 0.01, bitsPerKey: 9.6 }, STATIC_NEEDS);
      assert.equal(chart.series.length, STRUCTURE_IDS.length + 1);
      assert.ok(chart.xLog);
      for (const series of chart.series) for (const point of series.points) assert.ok(Number.isFinite(point.x) && Number.isFinite(point.y) && point.y > 0, `${series.label} at n = ${n}`);
      assert.doesNotMatch(chart.summary, /NaN|Infinity|undefined/);
      assert.deepEqual(chart.series.at(-1)?.points, [{ x: 0.01, y: 9.6 }]);
      // Each curve is the row compareStructures gives at that p.
      const ribbon = chart.series.find((s) => s.label.startsWith('Ribbon'))!;
      assert.equal(ribbon.points[5].y, compareStructures(n, RATE_GRID[5]).find((r) => r.id === 'ribbon')!.bitsPerKey);
    }
    const grid = alternativesGrid(1000);
    const deletes = alternativesChart(1000, grid, { falsePositiveRate: Number.NaN, bitsPerKey: Number.NaN }, { insertsAfterBuild: false, deletes: true, growing: false });
    assert.deepEqual(deletes.series.map((s) => s.label), ['bound (deletes)', 'cuckoo', 'quotient (CQF)', 'counting Bloom']);
    assert.doesNotMatch(deletes.summary, /NaN/);
  });

  it('tabulates the fitting rows with the ecosystem\'s libraries and, for a growing n, what each does', () => {
    const rows = compareStructures(1_000_000, 0.01);
    const all = alternativesTableRows(rows, STATIC_NEEDS, undefined);
    assert.equal(all.length, STRUCTURE_IDS.length);
    assert.ok(all.every((cells) => cells.length === ALTERNATIVES_HEADERS.length && cells.every((c) => !/NaN|undefined/.test(c))));
    const java = alternativesTableRows(rows, STATIC_NEEDS, 'java');
    const fuse = java.find((cells) => cells[0] === 'Binary fuse filter (3-wise)')!;
    assert.equal(fuse[1], '7.91');
    assert.match(fuse[7], /fastfilter_java XorBinaryFuse8 \/ 16 \/ 32 \(8\/16\/32-bit\)/);
    assert.doesNotMatch(fuse[7], /xorf|pyfusefilter/);
    const growing = alternativesTableRows(rows, { insertsAfterBuild: false, deletes: false, growing: true }, 'go');
    assert.ok(growing.every((cells) => cells[4] === 'yes'));
    assert.match(growing.find((cells) => cells[0] === 'Counting quotient filter')![8], /when n grows: doubles/);
  });
});

describe('alternatives: opening the designer at the section (src/protocol.ts)', () => {
  it('accepts a section with n and p, and refuses absurd values with a reason', () => {
    const location = { uri: 'file:///w/db.rs', line: 2, character: 0 };
    assert.deepEqual(validateOpenArgument({ ...location, section: 'alternatives', n: 1_000_000, p: 0.0095 }), { ok: true, value: { ...location, section: 'alternatives', n: 1_000_000, p: 0.0095 } });
    for (const bad of [{ n: 0 }, { n: 1.5 }, { p: 1 }, { p: 0 }, { p: Number.NaN }, { section: 'results' }]) {
      const checked = validateOpenArgument({ ...location, section: 'alternatives', ...bad });
      assert.equal(checked.ok, false, JSON.stringify(bad));
    }
    assert.equal(validateOpenArgument({ ...location, n: 10 }).ok, false); // n and p only with a section
    const state = { version: STATE_VERSION, inputs: DEFAULT_INPUTS };
    assert.equal(validateHostMessage({ type: 'init', state, prefill: true, section: 'alternatives' }).ok, true);
    assert.equal(validateHostMessage({ type: 'init', state, prefill: true, section: 'elsewhere' }).ok, false);
  });
});
