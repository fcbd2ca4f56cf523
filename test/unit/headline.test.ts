/**
 * The headline is what the library delivers: headlineRate, BL002 on it, BL006 naming the layout, the lens, the
 * CLI's `--layout`, `scan`'s derived.fp / derived.model on the fixture corpus, and the designer's layouts.
 * Expected rates come from the core layout models (src/core/layouts.ts) and library-models.md, not from the analysis.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyzeFinding } from '../../src/analysis/analyze';
import { formatProbability } from '../../src/analysis/format';
import { headlineRate } from '../../src/analysis/headline';
import { parseArgs, UsageError } from '../../src/cli/args';
import { fpCommand } from '../../src/cli/commands/fp';
import { scanCommand } from '../../src/cli/commands/scan';
import { sizeCommand } from '../../src/cli/commands/size';
import { exactFalsePositiveRate } from '../../src/core/classic';
import { bloomApproximateRate } from '../../src/core/paradox';
import {
  blockedFalsePositiveRate, blockedFalsePositiveRatePerElement, splitBlockFalsePositiveRate,
} from '../../src/core/layouts';
import { detectConfigs } from '../../src/detect';
import type { Finding } from '../../src/detect/types';
import { validateInputs, DEFAULT_INPUTS } from '../../src/protocol';
import { solveDesign } from '../../webview/solve';
import { designSummary } from '../../webview/summary';
import { fpVsItems } from '../../webview/chartData';

function only(text: string, fileName: string): Finding {
  const findings = detectConfigs(text, { fileName });
  assert.equal(findings.length, 1, `one finding in ${text}`);
  return findings[0];
}

const ROCKS_20 = 'table_options.filter_policy.reset(rocksdb::NewBloomFilterPolicy(20, false));';

describe('headline: the library\'s own model', () => {
  it('RocksDB 20 bits/key: per-element blocked rate (512-bit blocks), named, with the textbook rate second', () => {
    const report = analyzeFinding(only(ROCKS_20, 'options.cc'));
    const blocked = blockedFalsePositiveRatePerElement(20, 11, 512);
    const textbook = bloomApproximateRate(20, 11);
    const headline = headlineRate(report.config, report.metrics)!;
    assert.deepEqual(
      { rate: headline.falsePositiveRate, perElement: headline.perElement, id: headline.modelId, model: headline.model },
      { rate: blocked, perElement: true, id: 'blocked-512', model: 'RocksDB blocked filter (512-bit blocks)' },
    );
    assert.equal(report.metrics.headline?.falsePositiveRate, blocked);
    assert.ok(Math.abs(blocked - 0.000197) < 0.00002, 'library-models.md measured 0.0197%');
    // BL006 says why, in the brief's words
    const bl006 = report.diagnostics.find((d) => d.code === 'BL006')!;
    assert.ok(bl006.message.includes(`RocksDB blocked filter (512-bit blocks): FP ${formatProbability(blocked)} instead of the textbook ${formatProbability(textbook)} at 20 bits/key`), bl006.message);
    // the lens leads with the library's rate, the textbook second
    assert.ok(report.lens.includes(`FP ${formatProbability(blocked)} (textbook ${formatProbability(textbook)})`), report.lens);
    assert.equal(report.hover.rows.find(([label]) => /^FP/.test(label))?.[1], formatProbability(blocked));
    assert.deepEqual([report.derived.fp, report.derived.model], [blocked, 'blocked-512']);
  });

  it('BL002 judges the headline: a limit between the textbook and the blocked rate fires on the blocked one', () => {
    const report = analyzeFinding(only(ROCKS_20, 'options.cc'), { maxFalsePositiveRate: 1e-4 });
    const bl002 = report.diagnostics.find((d) => d.code === 'BL002');
    assert.ok(bl002, report.diagnostics.map((d) => d.code).join());
    assert.ok(bl002.message.includes(formatProbability(blockedFalsePositiveRatePerElement(20, 11, 512))), bl002.message);
    assert.equal(analyzeFinding(only(ROCKS_20, 'options.cc'), { maxFalsePositiveRate: 3e-4 }).diagnostics.find((d) => d.code === 'BL002'), undefined);
  });

  it('Parquet (Iceberg property): split-block rate at capacity for the library\'s m', () => {
    const report = analyzeFinding(only("TBLPROPERTIES ('write.parquet.bloom-filter-enabled.column.id'='true', 'write.parquet.bloom-filter-ndv.column.id'='10000')", 'table.sql'));
    const sbbf = splitBlockFalsePositiveRate(131072, 10_000);
    assert.deepEqual([report.derived.fp, report.derived.model, report.metrics.headline?.perElement], [sbbf, 'split-block', false]);
    assert.equal(report.derived.exact, exactFalsePositiveRate(131072, 10_000, 8));
    assert.ok(report.diagnostics.some((d) => d.code === 'BL006' && (d.detail ?? d.message).includes('split-block')));
  });

  it('textbook libraries keep the exact rate (Guava) and per-element sizing keeps Bloom\'s formula (Cassandra)', () => {
    const guava = analyzeFinding(only('BloomFilter<String> f = BloomFilter.create(Funnels.stringFunnel(UTF_8), 1000000, 0.01);', 'A.java'));
    assert.deepEqual([guava.derived.fp, guava.derived.model], [exactFalsePositiveRate(9_585_088, 1e6, 7), 'classic-exact']);
    const cassandra = analyzeFinding(only('ALTER TABLE t WITH bloom_filter_fp_chance = 0.01;', 'schema.cql'));
    assert.deepEqual([cassandra.derived.fp, cassandra.derived.model], [bloomApproximateRate(10, 5), 'bloom-per-element']);
  });
});

describe('CLI: --layout', () => {
  const fp = (...argv: string[]) => fpCommand(parseArgs(['fp', ...argv])).json as Record<string, unknown>;
  const size = (...argv: string[]) => sizeCommand(parseArgs(['size', ...argv])).json as Record<string, unknown>;

  it('fp --layout blocked:512 / sbbf / ribbon give the layout\'s rate and model id; classic output is unchanged without the flag', () => {
    const blocked = fp('--m', '10240000', '--n', '512000', '--k', '11', '--layout', 'blocked:512');
    assert.deepEqual([blocked.fp, blocked.model, blocked.layout, blocked.exact], [blockedFalsePositiveRate(10_240_000, 512_000, 11, 512), 'blocked-512', 'blocked:512', exactFalsePositiveRate(10_240_000, 512_000, 11)]);
    assert.equal(fp('--m', '4096', '--n', '100', '--k', '5', '--layout', 'blocked:64').fp, blockedFalsePositiveRate(4096, 100, 5, 64));
    const sbbf = fp('--m', '1024000', '--n', '100000', '--layout', 'sbbf');
    assert.deepEqual([sbbf.fp, sbbf.k, sbbf.model], [splitBlockFalsePositiveRate(1_024_000, 100_000), 8, 'split-block']);
    assert.equal(fp('--m', '1000', '--n', '100', '--layout', 'ribbon').model, 'ribbon');
    const classic = fp('--m', '10000', '--n', '1000', '--k', '7');
    assert.equal('layout' in classic || 'fp' in classic || 'model' in classic, false);
    assert.deepEqual([fp('--m', '10000', '--n', '1000', '--k', '7', '--layout', 'classic').fp, fp('--m', '10000', '--n', '1000', '--k', '7', '--layout', 'classic').model], [exactFalsePositiveRate(10000, 1000, 7), 'classic-exact']);
  });

  it('size --layout: the smallest whole number of blocks that reaches p (checked one block smaller), all four directions', () => {
    const r = size('--n', '1000000', '--p', '0.01', '--layout', 'blocked:512');
    const m = r.m as number;
    const k = r.k as number;
    assert.equal(m % 512, 0);
    assert.ok(blockedFalsePositiveRate(m, 1e6, k, 512) <= 0.01);
    for (let kk = 1; kk <= 30; kk++) assert.ok(blockedFalsePositiveRate(m - 512, 1e6, kk, 512) > 0.01, `k = ${kk} at one block less`);
    const s = size('--n', '1000000', '--p', '0.01', '--layout', 'sbbf');
    assert.equal((s.m as number) % 256, 0);
    assert.ok(splitBlockFalsePositiveRate(s.m as number, 1e6) <= 0.01 && splitBlockFalsePositiveRate((s.m as number) - 256, 1e6) > 0.01);
    const capacity = size('--m', '1048576', '--p', '0.01', '--layout', 'sbbf');
    assert.ok(splitBlockFalsePositiveRate(1_048_576, capacity.n as number) <= 0.01 && splitBlockFalsePositiveRate(1_048_576, (capacity.n as number) + 1) > 0.01);
    const withK = size('--n', '10000', '--p', '0.01', '--k', '6', '--layout', 'blocked:512');
    assert.ok(blockedFalsePositiveRate(withK.m as number, 10_000, 6, 512) <= 0.01 && blockedFalsePositiveRate((withK.m as number) - 512, 10_000, 6, 512) > 0.01);
    const best = size('--m', '102400', '--n', '10000', '--layout', 'blocked:512');
    for (let kk = 1; kk <= 20; kk++) assert.ok(blockedFalsePositiveRate(102_400, 10_000, best.k as number, 512) <= blockedFalsePositiveRate(102_400, 10_000, kk, 512));
  });

  it('rejects bad layouts with one clear error (exit 2)', () => {
    const cases: [string[], RegExp][] = [
      [['fp', '--m', '1024', '--n', '10', '--k', '3', '--layout', 'blocked'], /blocked:512/],
      [['fp', '--m', '1024', '--n', '10', '--k', '3', '--layout', 'blocked:0'], /block size/],
      [['fp', '--m', '1024', '--n', '10', '--k', '3', '--layout', 'cuckoo'], /classic, blocked:<block bits>.*sbbf or ribbon/],
      [['fp', '--m', '1000', '--n', '10', '--k', '3', '--layout', 'blocked:512'], /whole number of 512-bit blocks/],
      [['fp', '--m', '1024', '--n', '10', '--k', '7', '--layout', 'sbbf'], /k = 8/],
      [['fp', '--m', '1024', '--n', '10', '--layout', 'blocked:512'], /missing --k/],
      [['fp', '--m', '1024', '--n', '10', '--k', '3', '--layout', 'blocked:512', '--hashing', 'noncolliding'], /--hashing applies to --layout classic/],
      [['size', '--n', '10', '--p', '0.01', '--k', '3', '--layout', 'ribbon'], /leave out --k/],
      [['fp', '--m', '1024', '--n', '10', '--k', '3', '--layout'], /--layout needs a value/],
    ];
    for (const [argv, pattern] of cases) {
      const command = argv[0] === 'fp' ? fpCommand : sizeCommand;
      assert.throws(() => command(parseArgs(argv)), (error: unknown) => error instanceof UsageError && pattern.test(error.message), argv.join(' '));
    }
    const cli = resolve(__dirname, '../../../dist/cli.js');
    const result = spawnSync(process.execPath, [cli, 'fp', '--m', '1024', '--n', '10', '--k', '3', '--layout', 'cuckoo'], { encoding: 'utf8', timeout: 300_000 });
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr.trim(), /^error: --layout must be one of/);
  });
});

describe('scan --format json: derived.fp and derived.model on every finding of the fixture corpus', () => {
  it('every finding has a model id; fp is the headline (library model, exact at capacity, or per element)', () => {
    const dir = resolve(__dirname, '../../../test/fixtures/detect');
    const files = readdirSync(dir).filter((f) => f !== 'expected.json' && f !== 'README.md').map((f) => join(dir, f));
    const out = scanCommand(parseArgs(['scan', ...files, '--format', 'json'])).json as { findings: { recognizer: string; derived: Record<string, unknown>; diagnostics: { code: string }[] }[] };
    assert.ok(out.findings.length > 40, `${out.findings.length} findings`);
    const models = new Set<string>();
    let withFp = 0;
    for (const f of out.findings) {
      const { fp, model, m, k, n, exact } = f.derived as { fp?: number; model?: string; m?: number; k?: number; n?: number; exact?: number };
      const invalid = f.diagnostics.some((d) => d.code === 'BL001' || d.code === 'BL007');
      if (fp === undefined) {
        assert.ok(invalid || model === undefined, `${f.recognizer}: no fp but model ${model}`);
        continue;
      }
      withFp++;
      assert.ok(typeof model === 'string' && fp >= 0 && fp <= 1, `${f.recognizer}: fp ${fp}, model ${model}`);
      models.add(model);
      if (model === 'classic-exact') assert.equal(fp, exact, f.recognizer);
      if (model === 'split-block') assert.equal(fp, splitBlockFalsePositiveRate(m!, n!), f.recognizer);
      if (model === 'blocked-512' && f.recognizer.startsWith('rocksdb')) assert.ok(fp > 0 && k !== undefined);
    }
    assert.ok(withFp > 30, `${withFp} findings with fp`);
    for (const id of ['classic-exact', 'bloom-per-element', 'blocked-512', 'split-block', 'ribbon']) assert.ok(models.has(id), `the corpus exercises ${id}: ${[...models].join(', ')}`);
  });
});

describe('designer: layouts', () => {
  it('split-block: n and p solve to whole 256-bit blocks with k = 8 and the SBBF rate; bad m and k are marked', () => {
    const result = solveDesign({ ...DEFAULT_INPUTS, n: '1000000', p: '0.01', layout: 'sbbf' });
    assert.ok(result.ok);
    const { mBits, k, falsePositiveRate, classicFalsePositiveRate } = result.design;
    assert.equal(mBits % 256, 0);
    assert.equal(k, 8);
    assert.equal(falsePositiveRate, splitBlockFalsePositiveRate(mBits, 1e6));
    assert.ok(falsePositiveRate <= 0.01 && splitBlockFalsePositiveRate(mBits - 256, 1e6) > 0.01);
    assert.equal(classicFalsePositiveRate, exactFalsePositiveRate(mBits, 1e6, 8));
    const chart = fpVsItems(result.design);
    assert.match(chart.series[0].label, /split-block/);
    const badM = solveDesign({ ...DEFAULT_INPUTS, n: '1000', m: '1000', p: '', layout: 'sbbf' });
    assert.ok(!badM.ok && /multiple of 256/.test(badM.errors.m ?? ''));
    const badK = solveDesign({ ...DEFAULT_INPUTS, k: '5', layout: 'sbbf' });
    assert.ok(!badK.ok && /k = 8/.test(badK.errors.k ?? ''));
  });

  it('the answer strip leads with the layout\'s model and its capacity, like a detected library', () => {
    const result = solveDesign({ ...DEFAULT_INPUTS, n: '100000', m: '1024000', k: '7', p: '', layout: 'blocked:512' });
    assert.ok(result.ok);
    const summary = designSummary(result.design);
    assert.equal(summary.falsePositive, formatProbability(blockedFalsePositiveRate(1_024_000, 100_000, 7, 512)));
    assert.match(summary.model, /block/);
    const classicResult = solveDesign({ ...DEFAULT_INPUTS, n: '100000', m: '1024000', k: '7', p: '' });
    assert.ok(classicResult.ok);
    const classic = designSummary(classicResult.design);
    assert.equal(classic.falsePositive, formatProbability(exactFalsePositiveRate(1_024_000, 100_000, 7)));
    assert.notEqual(summary.capacity, classic.capacity, 'the blocked capacity at the target is smaller than the textbook one');
  });

  it('blocked:512 with m and n: the best k by the blocked model', () => {
    const result = solveDesign({ ...DEFAULT_INPUTS, n: '10000', m: '102400', p: '', layout: 'blocked:512' });
    assert.ok(result.ok);
    for (let k = 1; k <= 20; k++) assert.ok(result.design.falsePositiveRate <= blockedFalsePositiveRate(102_400, 10_000, k, 512));
  });

  it('the protocol accepts the offered layouts, old states without one, and nothing else', () => {
    assert.ok(validateInputs({ ...DEFAULT_INPUTS, layout: 'blocked:512' }).ok);
    assert.ok(validateInputs(DEFAULT_INPUTS).ok);
    assert.ok(!validateInputs({ ...DEFAULT_INPUTS, layout: 'ribbon' }).ok);
  });
});

