/** Regressions found in review: hangs at absurd inputs, a plateau in the capacity search, symlink loops. */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, copyFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { averageCapacity, recyclingCapacity, sigmaBoundedRates, worstCaseCapacity } from '../../src/core/recyclingCapacity';
import { analyzeFinding } from '../../src/analysis/analyze';
import { detectConfigs } from '../../src/detect';

const cli = resolve(__dirname, '../../../dist/cli.js');
const repo = resolve(__dirname, '../../..');

describe('review regressions', () => {
  it('capacities stop at 2^53 - 1 messages instead of looping when the target is near 1', () => {
    assert.equal(worstCaseCapacity(2 ** 50, 1, 0.999999), Number.MAX_SAFE_INTEGER);
    assert.equal(averageCapacity(2 ** 50, 2, 0.999999, 'average'), Number.MAX_SAFE_INTEGER);
  });

  it('oracle and average capacities never fall below the worst case (tight targets: f(1) = 0 for small k)', () => {
    const result = recyclingCapacity({ memoryBits: 1e8, targetRate: 1e-30, model: 'approximate' });
    assert.ok(result.worstCase.messages > 1);
    assert.ok(result.oracle.messages >= result.worstCase.messages, JSON.stringify(result));
    assert.ok(result.average.messages >= result.worstCase.messages, JSON.stringify(result));
  });

  it('the continuum model claims no bound it cannot keep: large k at light recycle thresholds', () => {
    for (const [k, mBits, sigmaBits] of [[30, 1e7, 1e5], [40, 1e7, 1e5], [64, 1e7, 1e5], [64, 1e6, 6e5], [12, 1e6, 6e5]] as const) {
      const params = { mBits, k, hashing: 'colliding' as const, sigmaBits, retain: false, phases: 1 as const };
      const exact = sigmaBoundedRates(params, 'exact');
      const approximate = sigmaBoundedRates(params, 'approximate');
      const error = Math.abs(approximate.falsePositiveRate - exact.falsePositiveRate) / exact.falsePositiveRate;
      assert.ok(error <= approximate.relativeErrorBound, `k=${k} M=${mBits} sigma=${sigmaBits}: error ${error} > bound ${approximate.relativeErrorBound}`);
    }
  });

  it('rbf refuses an exact chain too large to compute, with one error line', () => {
    const run = spawnSync(process.execPath, [cli, 'rbf', '--m', '1e8', '--k', '64', '--sigma', '99999999', '--model', 'exact'], { encoding: 'utf8', timeout: 300_000 });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /^error: --model exact is limited/);
  });

  it('scan enters a directory once, even through symlink loops', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bloom-lens-loop-'));
    mkdirSync(join(dir, 'src'));
    copyFileSync(join(repo, 'test/integration/workspace/src/gateway.go'), join(dir, 'src/gateway.go'));
    symlinkSync('.', join(dir, 'src/l1'));
    symlinkSync('..', join(dir, 'src/l2'));
    const run = spawnSync(process.execPath, [cli, 'scan', dir, '--format', 'json', '--fail-on', 'never'], { encoding: 'utf8', timeout: 300_000 });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).findings.length, 2);
  });

  it('the annotation of ux.md (n, p, sigma fraction, two phases) is sized and analysed', () => {
    const [finding] = detectConfigs('# bloom-lens: n=1e6 p=0.01 recycle=sigma:0.55 phases=2', { languageId: 'python' });
    const report = analyzeFinding(finding);
    assert.ok(report.config.mBits !== undefined && report.config.k !== undefined, report.lens);
    assert.equal(report.metrics.recycling?.kind, 'sigma-bounded');
  });

  it('a library-derived k above 64 is BL001, not silently computed with k = 64', () => {
    // n = 1000 keeps the bit array within Guava's 2^31 − 1 words (5e9 keys at this p would make Guava itself throw: a BL001 of its own)
    const [finding] = detectConfigs('import com.google.common.hash.BloomFilter;\nBloomFilter.create(f, 1000L, 1e-300);', { languageId: 'java' });
    const report = analyzeFinding(finding);
    assert.ok(report.diagnostics.some((d) => d.code === 'BL001' && /k = \d{3}/.test(d.message)), JSON.stringify(report.diagnostics));
    assert.equal(report.derived.exact, undefined);
  });
});

describe('CLI usage details', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 300_000 });

  it('--help prints the usage and exits 0, for any command', () => {
    const result = run('fp', '--help');
    assert.equal(result.status, 0);
    assert.match(result.stdout, /^usage: bloom-lens/);
  });

  it('a repeated flag and a stray word are errors (exit 2, one line; JSON with --json)', () => {
    const twice = run('fp', '--m', '1e4', '--m', '5', '--n', '1', '--k', '1', '--json');
    assert.equal(twice.status, 2);
    assert.deepEqual(JSON.parse(twice.stdout), { error: '--m is given twice' });
    assert.equal(twice.stderr, 'error: --m is given twice\n');
    const stray = run('paradox', 'junk', '--bpe', '10', '--prior', '0.1');
    assert.equal(stray.status, 2);
    assert.match(stray.stderr, /^error: unexpected argument "junk"/);
  });
});

describe('BL001 follows what each library does with tiny values', () => {
  const codes = (languageId: string, text: string): string[] => analyzeFinding(detectConfigs(text, { languageId })[0]).diagnostics.map((d) => d.code);

  it('Guava raises n = 0 to 1 and Go bloom.New raises m = 0 to 1: BL006, not BL001', () => {
    const guava = codes('java', 'import com.google.common.hash.BloomFilter;\nBloomFilter.create(f, 0, 0.01);');
    assert.ok(!guava.includes('BL001') && guava.includes('BL006'), guava.join());
    const go = codes('go', 'import "github.com/bits-and-blooms/bloom/v3"\nvar f = bloom.New(0, 3)');
    assert.ok(!go.includes('BL001') && go.includes('BL006'), go.join());
  });

  it('Commons Shape.fromNM with k = round(ln2 m/n) = 0 throws in Commons: BL001', () => {
    const commons = codes('java', 'import org.apache.commons.collections4.bloomfilter.Shape;\nShape s = Shape.fromNM(1000, 100);');
    assert.deepEqual(commons, ['BL001']);
  });
});
