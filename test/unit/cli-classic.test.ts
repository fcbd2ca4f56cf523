import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  bestIntegerK, bloomFalsePositiveRate, bloomOptimalK, entropyOptimalK, exactFalsePositiveRate, maxElementsForBitsAndRate, partitionedFalsePositiveRate,
  sizeForElementsAndRate, sizeForElementsRateAndK,
} from '../../src/core/classic';
import { countingCorrectRate } from '../../src/core/counting';

const CLI = resolve(__dirname, '../../../dist/cli.js');

interface Run { status: number | null; stdout: string; stderr: string }

function run(...args: string[]): Run {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function runJson(...args: string[]): Record<string, unknown> {
  const result = run(...args, '--json');
  assert.equal(result.status, 0, `exit ${result.status}: ${result.stderr}`);
  assert.doesNotMatch(result.stdout, /NaN|Infinity/);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

function assertUsageError(args: string[], pattern: RegExp): void {
  const text = run(...args);
  assert.equal(text.status, 2, `${args.join(' ')}: exit ${text.status}`);
  const lines = text.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line on stderr, got: ${text.stderr}`);
  assert.match(lines[0], /^error: /);
  assert.match(lines[0], pattern);
  assert.doesNotMatch(text.stderr, /\bat .*\.js:\d+/); // no stack trace
  const json = run(...args, '--json');
  assert.equal(json.status, 2);
  const parsed = JSON.parse(json.stdout) as { error: string };
  assert.match(parsed.error, pattern);
}

describe('cli: fp, size and cbf (cli-contract.md)', function () {
  this.timeout(600_000); // a hang guard, not a speed limit

  before(function () {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run node scripts/build.mjs first`);
  });

  it('fp --json prints exactly the contract\'s fields, computed by the core', () => {
    const out = runJson('fp', '--m', '1e4', '--n', '1_000', '--k', '7');
    assert.deepEqual(out, {
      m: 10_000, n: 1000, k: 7, hashing: 'colliding',
      bloom: bloomFalsePositiveRate(1e4, 1e3, 7),
      exact: exactFalsePositiveRate(1e4, 1e3, 7),
      partitionedUpper: partitionedFalsePositiveRate(1e4, 1e3, 7),
      optimalK: { bloom: bloomOptimalK(1e4, 1e3), entropy: entropyOptimalK(1e4, 1e3), bestInteger: 7, bestIntegerExact: exactFalsePositiveRate(1e4, 1e3, 7) },
      bitsPerElement: 10,
    });
  });

  it('fp accepts 2^20, 1<<20 and the hashing models', () => {
    const a = runJson('fp', '--m', '2^20', '--n', '1e5', '--k', '5', '--hashing', 'noncolliding');
    const b = runJson('fp', '--m', '1<<20', '--n', '100000', '--k', '5', '--hashing', 'noncolliding');
    assert.deepEqual(a, b);
    assert.equal(a.exact, exactFalsePositiveRate(2 ** 20, 1e5, 5, 'noncolliding'));
    const partitioned = runJson('fp', '--m', '64', '--n', '1', '--k', '34', '--hashing', 'partitioned');
    assert.equal(partitioned.exact, exactFalsePositiveRate(64, 1, 34, 'partitioned'));
  });

  it('fp prints a readable table without --json', () => {
    const result = run('fp', '--m', '1e9', '--n', '1e8', '--k', '7');
    assert.equal(result.status, 0);
    assert.match(result.stdout, /exact FP \(colliding\)\s+0\.00819372/);
    assert.match(result.stdout, /best integer k/);
    assert.doesNotMatch(result.stdout, /NaN|undefined|Infinity/);
  });

  it('size answers all four directions with the contract\'s fields', () => {
    const np = runJson('size', '--n', '1e6', '--p', '0.01');
    const expected = sizeForElementsAndRate(1e6, 0.01);
    assert.equal(np.m, expected.mBits);
    assert.equal(np.k, expected.k);
    assert.equal(np.exact, expected.falsePositiveRate);
    assert.equal(np.bitsPerElement, expected.mBits / 1e6);

    const mp = runJson('size', '--m', '1e6', '--p', '0.001');
    const capacity = maxElementsForBitsAndRate(1e6, 0.001);
    assert.deepEqual([mp.n, mp.k, mp.exact], [capacity.n, capacity.k, capacity.falsePositiveRate]);

    const mn = runJson('size', '--m', '64', '--n', '1');
    assert.deepEqual([mn.k, mn.exact], [34, bestIntegerK(64, 1).falsePositiveRate]);

    const npk = runJson('size', '--n', '1e5', '--p', '1e-4', '--k', '10', '--hashing', 'partitioned');
    const fixedK = sizeForElementsRateAndK(1e5, 1e-4, 10, 'partitioned');
    assert.deepEqual([npk.m, npk.exact], [fixedK.mBits, fixedK.falsePositiveRate]);
  });

  it('cbf --json gives the correct rate (eq. 26 bounds and the exact value)', () => {
    const out = runJson('cbf', '--m', '1e4', '--n', '1e3', '--k', '7');
    const rate = countingCorrectRate(1e4, 1e3, 7);
    assert.deepEqual(out.correctRate, { lower: rate.lower, upper: rate.upper, exact: rate.exact, paperExact: rate.paperExact });
    const text = run('cbf', '--m', '1e4', '--n', '1e3', '--k', '7');
    assert.match(text.stdout, /correct rate, exact\s+0\.99180493/);
  });

  it('bad input exits 2 with one clear line (and {"error"} with --json)', () => {
    assertUsageError(['fp', '--m', '1e4', '--n', '1e3'], /missing --k/);
    assertUsageError(['fp', '--m', '0', '--n', '1', '--k', '1'], /--m must be/);
    assertUsageError(['fp', '--m', '100', '--n', 'abc', '--k', '1'], /--n must be/);
    assertUsageError(['fp', '--m', '100', '--n', '10', '--k', '65'], /--k must be an integer from 1 to 64/);
    assertUsageError(['fp', '--m', '100', '--n', '10', '--k', '0'], /--k must be/);
    assertUsageError(['fp', '--m', '100', '--n', '10', '--k', '3', '--hashing', 'random'], /--hashing must be one of/);
    assertUsageError(['fp', '--m', '10', '--n', '1', '--k', '11', '--hashing', 'partitioned'], /k <= --m|k distinct/);
    assertUsageError(['fp', '--m', '100', '--n', '10', '--k', '3', '--bogus', '1'], /unknown option --bogus/);
    assertUsageError(['fp', '--m', 'NaN', '--n', '10', '--k', '3'], /--m must be/);
    assertUsageError(['size', '--n', '1e6', '--p', '1'], /--p must be a probability/);
    assertUsageError(['size', '--n', '1e6', '--p', '0'], /--p must be a probability/);
    assertUsageError(['size', '--m', '1e6', '--n', '1e5', '--k', '7'], /size needs one of .* use "bloom-lens fp"/);
    assertUsageError(['size', '--p', '0.01'], /size needs one of/);
    assertUsageError(['size', '--n', '1e15', '--p', '1e-12', '--k', '1'], /more than 2\^53/);
    assertUsageError(['cbf', '--m', '1e4', '--n', '0', '--k', '7'], /--n must be/);
    assertUsageError(['cbf', '--m', '1e4', '--n', '1e3', '--k', '7', '--counters', '1,2,3', '--prior', '0.5'], /exactly k = 7 values/);
    assertUsageError(['cbf', '--m', '1e4', '--n', '1e3', '--k', '3', '--counters', '1,2,3'], /missing --prior/);
  });

  it('cbf with counters adds Theorem 2 membership, the Theorem 4 decision and the product threshold', () => {
    // Section VIII-B setting: n = 3328, m = 26624, k = 6, alpha = 1/4; prior 0.5.
    const out = run('cbf', '--m', '26624', '--n', '3328', '--k', '6', '--counters', '1,1,1,1,1,5', '--prior', '0.5', '--alpha', '0.25', '--json');
    const json = JSON.parse(out.stdout);
    // Theorem 2 by hand: P = m^k pi p / (m^k pi p + (nk)^k (1-p)), pi = 5, (nk/m)^k = 0.75^6.
    const likelihood = 5 / Math.pow(0.75, 6);
    assert.ok(Math.abs(json.membership - likelihood / (likelihood + 1)) < 1e-12);
    assert.equal(json.decision, 'positive');
    assert.equal(json.productThreshold, 1);
    assert.ok(json.correctRate.exact > 0.97);
  });

  it('never prints NaN or Infinity at the edges (m = 1, n = 1, k = 64, huge m)', () => {
    for (const args of [
      ['fp', '--m', '1', '--n', '1', '--k', '1'], ['fp', '--m', '1', '--n', '5', '--k', '64'], ['fp', '--m', '9007199254740991', '--n', '1', '--k', '64'],
      ['fp', '--m', '1e15', '--n', '1e14', '--k', '64', '--hashing', 'noncolliding'], ['size', '--m', '1', '--n', '1'], ['size', '--m', '8', '--p', '1e-9'],
      ['cbf', '--m', '1', '--n', '1', '--k', '1'], ['cbf', '--m', '1e15', '--n', '2', '--k', '64'],
    ]) {
      const out = run(...args, '--json');
      assert.equal(out.status, 0, `${args.join(' ')}: ${out.stderr}`);
      assert.doesNotMatch(out.stdout, /NaN|Infinity|null/, args.join(' '));
      const text = run(...args);
      assert.doesNotMatch(text.stdout, /NaN|Infinity|undefined/, args.join(' '));
    }
  });
});
