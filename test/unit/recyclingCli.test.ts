import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { nBoundedRates, recyclingCapacity, sigmaBoundedExact } from '../../src/core/recyclingCapacity';

const CLI = resolve(__dirname, '../../../dist/cli.js');

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run node scripts/build.mjs first');
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function json(...args: string[]): Record<string, any> {
  const result = run(...args, '--json');
  assert.equal(result.status, 0, result.stderr);
  assert.ok(!/NaN|Infinity/.test(result.stdout), result.stdout);
  return JSON.parse(result.stdout);
}

describe('CLI: rbf and capacity (cli-contract.md)', () => {
  it('rbf --n gives fw, fo, fa of eq. 1-3', () => {
    const out = json('rbf', '--m', '1e3', '--k', '5', '--n', '150');
    const expected = nBoundedRates(1000, 5, 150);
    assert.equal(out.fw, expected.worstCase);
    assert.equal(out.fo, expected.oracleAverage);
    assert.equal(out.fa, expected.actualAverage);
  });

  it('rbf --sigma gives fSigma, E[N_0], model and bound, in every variant', () => {
    for (const [recycle, phases, hashing] of [['drop', '1', 'colliding'], ['retain', '2', 'noncolliding']] as const) {
      const out = json('rbf', '--m', '2^12', '--k', '4', '--sigma', '2000', '--recycle', recycle, '--phases', phases, '--hashing', hashing);
      const expected = sigmaBoundedExact({ mBits: 4096, k: 4, sigmaBits: 2000, hashing, retain: recycle === 'retain', phases: Number(phases) as 1 | 2 });
      assert.equal(out.fSigma, expected.falsePositiveRate);
      assert.equal(out.expectedMessagesPerCycle, expected.expectedMessagesPerCycle);
      assert.equal(out.model, 'exact');
      assert.equal(out.relativeErrorBound, 0);
    }
    const big = json('rbf', '--m', '1<<40', '--k', '7', '--sigma', '6e11');
    assert.equal(big.model, 'approximate');
    assert.ok(big.relativeErrorBound > 0 && big.relativeErrorBound < 1e-6);
    assert.ok(big.fSigma > 0 && big.fSigma < 1);
  });

  it('capacity gives the five capacities with their k (and sigma)', () => {
    const out = json('capacity', '--memory', '20000', '--target', '0.01');
    const expected = recyclingCapacity({ memoryBits: 20000, targetRate: 0.01 });
    for (const key of ['worstCase', 'oracle', 'average', 'sigmaBounded', 'twoPhase'] as const) assert.deepEqual(out[key], JSON.parse(JSON.stringify(expected[key])));
    assert.equal(out.model, 'exact');
  });

  it('capacity uses the continuum model for large memory (no exact chain of 1e12 states)', () => {
    const out = json('capacity', '--memory', '1e12', '--target', '0.001');
    assert.equal(out.model, 'approximate');
    assert.ok(out.sigmaBounded.messages > out.worstCase.messages);
  });

  it('prints a table without --json', () => {
    const result = run('capacity', '--memory', '1e4', '--target', '0.01');
    assert.equal(result.status, 0);
    assert.match(result.stdout, /sigma-bounded/);
  });

  it('bad input: exit 2 and one error line, JSON error with --json', () => {
    const bad: string[][] = [
      ['rbf', '--m', '100', '--k', '5', '--sigma', '100'],
      ['rbf', '--m', '100', '--k', '5', '--sigma', '4'],
      ['rbf', '--m', '100', '--k', '0', '--n', '10'],
      ['rbf', '--m', '0', '--k', '3', '--n', '10'],
      ['rbf', '--m', '100', '--k', '3'],
      ['rbf', '--m', '100', '--k', '3', '--n', '5', '--sigma', '50'],
      ['rbf', '--m', '100', '--k', '3', '--sigma', '50', '--phases', '3'],
      ['rbf', '--m', '100', '--k', '3', '--sigma', '50', '--recycle', 'keep'],
      ['rbf', '--m', '100', '--k', '3', '--sigma', 'abc'],
      ['rbf', '--m', '100', '--k', '3', '--sigma', '50', '--hashing', 'partitioned'],
      ['capacity', '--memory', '1e6', '--target', '1'],
      ['capacity', '--memory', '1e6', '--target', '0'],
      ['capacity', '--memory', '-5', '--target', '0.01'],
      ['capacity', '--target', '0.01'],
      ['capacity', '--memory', '1e6', '--target', '0.01', '--bogus', '1'],
    ];
    for (const args of bad) {
      const plain = run(...args);
      assert.equal(plain.status, 2, args.join(' '));
      assert.equal(plain.stderr.trim().split('\n').length, 1, args.join(' '));
      assert.match(plain.stderr, /^error: /);
      const withJson = run(...args, '--json');
      assert.equal(withJson.status, 2);
      assert.ok(typeof JSON.parse(withJson.stdout).error === 'string');
    }
  });
});
