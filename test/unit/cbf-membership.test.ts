import * as assert from 'node:assert/strict';
import { parseArgs, UsageError } from '../../src/cli/args';
import { cbfMembershipFields } from '../../src/cli/commands/cbfMembership';

const args = (text: string) => parseArgs(['cbf', ...text.split(' ')]);

describe('cbf --counters membership fields (Theorems 2 and 4)', () => {
  it('Section VIII-B: products 5, 23, 91 are the thresholds for priors 2^-3, 2^-5, 2^-7 at alpha 1/4', () => {
    const cases: [string, number][] = [['0.125', 5], ['0.03125', 23], ['0.0078125', 91]];
    for (const [prior, threshold] of cases) {
      const at = cbfMembershipFields(args(`--counters 1,1,1,1,1,${threshold} --prior ${prior} --alpha 0.25`), 26624, 3328, 6);
      const below = cbfMembershipFields(args(`--counters 1,1,1,1,1,${threshold - 1} --prior ${prior} --alpha 0.25`), 26624, 3328, 6);
      assert.equal(at.productThreshold, threshold);
      assert.equal(at.decision, 'positive');
      assert.equal(below.decision, 'negative');
      assert.ok(at.membership >= 0.8 && below.membership < 0.8, `${at.membership} ${below.membership}`);
    }
  });

  it('membership is Theorem 2 written out; alpha defaults to 1; a zero counter gives 0', () => {
    const out = cbfMembershipFields(args('--counters 2,3,1 --prior 0.01'), 300, 50, 3);
    const m = 300, n = 50, k = 3, pi = 6, p = 0.01;
    const expected = (m ** k * pi * p) / (m ** k * pi * p + (n * k) ** k * (1 - p));
    assert.ok(Math.abs(out.membership - expected) < 1e-15);
    assert.equal(out.decision, out.membership >= 0.5 ? 'positive' : 'negative');
    assert.equal(out.productThreshold, Math.max(1, Math.ceil(((n * k) / m) ** k * (1 - p) / p - 1e-9)));
    const zero = cbfMembershipFields(args('--counters 0,3,1 --prior 0.9'), 300, 50, 3);
    assert.deepEqual([zero.membership, zero.decision], [0, 'negative']);
  });

  for (const [flags, m, n, k] of [
    ['--prior 0.1', 100, 10, 2], ['--counters --prior 0.1', 100, 10, 2], ['--counters 1,2,3 --prior 0.1', 100, 10, 2],
    ['--counters 1 --prior 0.1', 100, 10, 2], ['--counters 1,-2 --prior 0.1', 100, 10, 2], ['--counters 1,2.5 --prior 0.1', 100, 10, 2],
    ['--counters 1,x --prior 0.1', 100, 10, 2], ['--counters 1,11 --prior 0.1', 100, 10, 2], ['--counters 1,2', 100, 10, 2],
    ['--counters 1,2 --prior 1', 100, 10, 2], ['--counters 1,2 --prior 0.1 --alpha 0', 100, 10, 2], ['--counters 1,2 --prior 0.1 --alpha abc', 100, 10, 2],
    ['--counters 1,1 --prior 0.1', 1, 10, 2], ['--counters 0,0 --prior 0.1', 100, 0, 2], ['--counters 1,,2 --prior 0.1', 100, 10, 3],
  ] as [string, number, number, number][]) {
    it(`rejects: ${flags} (m ${m}, n ${n}, k ${k})`, () => {
      assert.throws(() => cbfMembershipFields(args(flags), m, n, k), UsageError);
    });
  }

  it('huge thresholds stay finite numbers (exact below 2^53)', () => {
    const out = cbfMembershipFields(args('--counters 1,1,1,1,1,1,1,1,1,1 --prior 1e-300 --alpha 1e-300'), 10, 9007199254740991, 10);
    assert.ok(Number.isFinite(out.productThreshold) && out.productThreshold > 1e300);
    assert.equal(out.decision, 'negative');
    assert.ok(Number.isFinite(out.membership));
  });
});
