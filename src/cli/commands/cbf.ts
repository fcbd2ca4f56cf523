/** `bloom-lens cbf`: counting Bloom filters (cli-contract.md); the correct rate (Fan et al. section 5). */
import { Command, hasFlag, rejectPositional, rejectUnknownFlags, requireNumber, RULES, table } from '../args';
import { CBF_MEMBERSHIP_FLAGS, cbfMembershipFields } from './cbfMembership';
import { countingCorrectRate } from '../../core/counting';
import { asUsageError, formatCount } from './fp';

export const cbfCommand: Command = (args) => {
  rejectUnknownFlags(args, ['m', 'n', 'k', ...CBF_MEMBERSHIP_FLAGS]);
  rejectPositional(args);
  const m = requireNumber(args, 'm', { ...RULES.bits, describe: 'an integer number of counters >= 1' });
  const n = requireNumber(args, 'n', RULES.positiveElements);
  const k = requireNumber(args, 'k', RULES.hashes);
  // Membership (Rottenstreich & Keslassy Theorems 2 and 4) when counter values are given.
  const membership = hasFlag(args, 'counters') || hasFlag(args, 'prior') || hasFlag(args, 'alpha')
    ? cbfMembershipFields(args, m, n, k) : undefined;
  return asUsageError(() => {
    const rate = countingCorrectRate(m, n, k);
    const json = { m, n, k, correctRate: { lower: rate.lower, upper: rate.upper, exact: rate.exact, paperExact: rate.paperExact }, ...membership };
    const membershipRows: [string, string][] = membership ? [
      ['membership Pr(x in S | counters)', `${membership.membership.toPrecision(6)} (Theorem 2, partitioned CBF)`],
      ['decision', `${membership.decision} (Theorem 4)`],
      ['smallest positive counter product', String(membership.productThreshold)],
    ] : [];
    const text = table([
      ['filter', `m = ${formatCount(m)} counters, n = ${formatCount(n)} distinct elements, k = ${k}`],
      ['correct rate, exact', formatRate(rate.exact)],
      ['eq. 26 lower bound', formatRate(rate.lower)],
      ['eq. 26 upper bound', formatRate(rate.upper)],
      ['eq. 25 (1 - f_exact(n-1))', formatRate(rate.paperExact)],
      ['note', rate.exact < rate.lower
        ? 'the exact rate is below the paper\'s lower bound: x\'s own hashes can hit one counter twice (math-spec erratum)'
        : 'the exact rate counts x\'s own double hits on a counter (math-spec erratum)'],
      ...membershipRows,
    ]);
    return { json, text };
  });
};

function formatRate(x: number): string {
  return x.toPrecision(10);
}
