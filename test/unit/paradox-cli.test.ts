import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Runs the built CLI (node scripts/build.mjs builds dist/cli.js) as a user would.
function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['dist/cli.js', 'paradox', ...args], { encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('bloom-lens paradox (cli-contract.md)', () => {
  before(function () {
    if (!existsSync('dist/cli.js')) throw new Error('dist/cli.js is missing: run node scripts/build.mjs first');
  });

  it('Fig. 2(b): --bpe 28.7 --prior 1e-6 is just inside the paradox, 28.8 just outside; min bits 28.7552', () => {
    const inside = JSON.parse(run(['--bpe', '28.7', '--prior', '1e-6', '--json']).stdout);
    const outside = JSON.parse(run(['--bpe', '28.8', '--prior', '1e-6', '--json']).stdout);
    assert.equal(inside.paradox, true);
    assert.equal(outside.paradox, false);
    assert.ok(Math.abs(inside.minBitsPerElement - 28.7552) < 5e-5);
    assert.deepEqual(Object.keys(inside).sort(), ['fpr', 'minBitsPerElement', 'paradox', 'posterior', 'thresholdPrior']);
    // fpr is Theorem 1's model 2^(-ln2 * bpe); threshold and posterior follow from it
    assert.ok(Math.abs(inside.fpr - Math.pow(2, -Math.LN2 * 28.7)) < 1e-20);
    assert.ok(Math.abs(inside.thresholdPrior - 1 / (1 + Math.pow(2, Math.LN2 * 28.7))) < 1e-18);
    assert.ok(Math.abs(inside.posterior - 1e-6 / (1e-6 + inside.fpr * (1 - 1e-6))) < 1e-15);
  });

  it('the 1e-3 example: --fpr 1e-3 --prior 1e-6 gives a posterior of about 1e-3; --m/--n equals --bpe', () => {
    const out = JSON.parse(run(['--m', '1000', '--n', '100', '--prior', '1e-6', '--fpr', '1e-3', '--json']).stdout);
    assert.equal(out.fpr, 1e-3);
    assert.ok(Math.abs(out.posterior - 1e-3) < 2e-6);
    assert.equal(out.paradox, true);
    const byBpe = JSON.parse(run(['--bpe', '10', '--prior', '0.001', '--alpha', '5', '--json']).stdout);
    const byMn = JSON.parse(run(['--m', '1e4', '--n', '1_000', '--prior', '0.001', '--alpha', '5', '--json']).stdout);
    assert.deepEqual(byBpe, byMn);
    // alpha = 100, prior 1e-2: the paradox cannot occur
    assert.equal(JSON.parse(run(['--bpe', '1', '--prior', '1e-2', '--alpha', '100', '--json']).stdout).minBitsPerElement, 0);
  });

  it('prints a table without --json', () => {
    const out = run(['--bpe', '8', '--prior', '0.01']);
    assert.equal(out.status, 0);
    assert.match(out.stdout, /paradox\s+yes/);
  });

  for (const args of [
    ['--prior', '0.1'], ['--bpe', '10'], ['--bpe', '10', '--prior', '0'], ['--bpe', '10', '--prior', '1.5'],
    ['--bpe', '0', '--prior', '0.1'], ['--bpe', 'abc', '--prior', '0.1'], ['--bpe', '1e400', '--prior', '0.1'],
    ['--bpe', '10', '--m', '100', '--prior', '0.1'], ['--m', '100', '--prior', '0.1'], ['--m', '100', '--n', '0', '--prior', '0.1'],
    ['--bpe', '10', '--prior', '0.1', '--alpha', '0'], ['--bpe', '10', '--prior', '0.1', '--alpha', 'NaN'],
    ['--bpe', '10', '--prior', '0.1', '--fpr', '1.1'], ['--bpe', '10', '--prior', '0.1', '--fpr'], ['--bpe', '10', '--prior', '0.1', '--k', '3'],
  ]) {
    it(`bad input exits 2 with one error line: ${args.join(' ')}`, () => {
      const out = run([...args, '--json']);
      assert.equal(out.status, 2);
      assert.match(out.stderr, /^error: [^\n]+\n$/);
      assert.ok(typeof JSON.parse(out.stdout).error === 'string');
    });
  }

  it('never prints NaN or Infinity at extreme valid input', () => {
    for (const args of [['--bpe', '1e15', '--prior', '1e-300'], ['--bpe', '1e-300', '--prior', '0.999999'], ['--m', '1', '--n', '9007199254740991', '--prior', '0.5', '--alpha', '1e300']]) {
      const out = run([...args, '--json']);
      assert.equal(out.status, 0, out.stderr);
      assert.doesNotMatch(out.stdout, /NaN|Infinity|null/);
    }
  });
});
