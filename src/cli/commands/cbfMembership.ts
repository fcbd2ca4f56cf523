/**
 * The membership part of `bloom-lens cbf ... --counters c1,...,ck --prior P [--alpha A]`
 * (cli-contract.md): Theorem 2's membership, Theorem 4's decision and the smallest positive product.
 * Theorem 2 is exact for a partitioned CBF (k sub-arrays of m/k counters); see src/core/paradoxCounting.ts.
 */
import { optionalNumber, ParsedArgs, requireNumber, RULES, UsageError } from '../args';
import { bigintToNumber, cbfDecision } from '../../core/paradoxCounting';

const ALPHA_RULE = { above: 0, max: 1e300, describe: 'a cost ratio W_FN / W_FP > 0' };

/** Flags this helper reads (for the cbf command's rejectUnknownFlags). */
export const CBF_MEMBERSHIP_FLAGS = ['counters', 'prior', 'alpha'] as const;

/**
 * Parses and validates --counters (exactly k integers from 0 to n), --prior (in (0,1)) and --alpha
 * (> 0, default 1) for a CBF of mCounters counters, n elements and k hashes; throws UsageError on bad
 * input. productThreshold is exact up to 2^53 and saturates at Number.MAX_VALUE.
 */
export function cbfMembershipFields(args: ParsedArgs, mCounters: number, n: number, k: number): { membership: number; decision: 'positive' | 'negative'; productThreshold: number } {
  const raw = args.flags.get('counters');
  if (raw === undefined || raw === true) throw new UsageError('--counters needs k comma-separated counter values, e.g. --counters 1,3,2');
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.length !== k) throw new UsageError(`--counters must list exactly k = ${k} values, got ${parts.length}`);
  const counterValues = parts.map((text) => {
    if (!/^\d+$/.test(text.replace(/_/g, '')) || !Number.isSafeInteger(Number(text.replace(/_/g, '')))) {
      throw new UsageError(`--counters values must be integers from 0 to n = ${n}, got "${text}"`);
    }
    return Number(text.replace(/_/g, ''));
  });
  const prior = requireNumber(args, 'prior', RULES.probability);
  const alpha = optionalNumber(args, 'alpha', ALPHA_RULE) ?? 1;
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--counters needs --n >= 1 (a filter with elements), got ${n}`);
  if (!Number.isSafeInteger(k) || k < 1) throw new UsageError(`--k must be an integer >= 1, got ${k}`);
  if (!Number.isSafeInteger(mCounters) || mCounters < k) throw new UsageError(`--counters needs --m >= k = ${k} counters (k sub-arrays), got ${mCounters}`);
  for (const c of counterValues) {
    if (c > n) throw new UsageError(`--counters values must be integers from 0 to n = ${n} (a counter cannot exceed the number of elements), got ${c}`);
  }
  const result = cbfDecision(counterValues, mCounters, n, prior, alpha);
  return { membership: result.membership, decision: result.decision, productThreshold: bigintToNumber(result.productThreshold) };
}
