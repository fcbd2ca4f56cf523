/** `bloom-lens fp`: false-positive probability of a plain filter (cli-contract.md). */
import { choice, Command, ParsedArgs, rejectPositional, rejectUnknownFlags, requireNumber, RULES, table, UsageError } from '../args';
import {
  bestIntegerK, bloomFalsePositiveRate, bloomOptimalK, entropyOptimalK, exactFalsePositiveRate, HashingModel, partitionedFalsePositiveRate,
} from '../../core/classic';

export const HASHING_MODELS: readonly HashingModel[] = ['colliding', 'noncolliding', 'partitioned'];

/** A probability for a person: 7 significant digits, exponent form when small, and "1 in N". */
export function formatProbability(p: number): string {
  if (p === 0) return '0';
  const digits = p < 1e-4 ? p.toExponential(6) : p.toPrecision(7);
  return p < 0.5 ? `${digits}  (1 in ${formatCount(1 / p)})` : digits;
}

/** A count or size for a person: grouped digits, exponent form when huge. */
export function formatCount(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Math.abs(x) >= 1e15) return x.toExponential(3);
  return Math.round(x).toLocaleString('en-US');
}

/** A real number for a person (6 significant digits). */
export function formatReal(x: number): string {
  return Number.isInteger(x) ? formatCount(x) : x.toPrecision(6);
}

/** The hashing model flag, checked against m and k (distinct positions need k <= m). */
export function hashingFlag(args: ParsedArgs, mBits?: number, k?: number): HashingModel {
  const hashing = choice(args, 'hashing', HASHING_MODELS, 'colliding');
  if (hashing !== 'colliding' && mBits !== undefined && k !== undefined && k > mBits) {
    throw new UsageError(`--hashing ${hashing} needs --k <= --m (k distinct positions), got k = ${k} > m = ${mBits}`);
  }
  return hashing;
}

/** Core RangeErrors (e.g. an answer beyond 2^53 bits) become usage errors: exit 2, one clear line. */
export function asUsageError<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
}

export const fpCommand: Command = (args) => {
  rejectUnknownFlags(args, ['m', 'n', 'k', 'hashing']);
  rejectPositional(args);
  const m = requireNumber(args, 'm', RULES.bits);
  const n = requireNumber(args, 'n', RULES.positiveElements);
  const k = requireNumber(args, 'k', RULES.hashes);
  const hashing = hashingFlag(args, m, k);
  return asUsageError(() => {
    const bloom = bloomFalsePositiveRate(m, n, k);
    const exact = exactFalsePositiveRate(m, n, k, hashing);
    const partitionedUpper = partitionedFalsePositiveRate(m, n, k);
    const best = bestIntegerK(m, n, hashing);
    const optimalK = { bloom: bloomOptimalK(m, n), entropy: entropyOptimalK(m, n), bestInteger: best.k, bestIntegerExact: best.falsePositiveRate };
    const bitsPerElement = m / n;
    const json = { m, n, k, hashing, bloom, exact, partitionedUpper, optimalK, bitsPerElement };
    const text = table([
      ['filter', `m = ${formatCount(m)} bits, n = ${formatCount(n)}, k = ${k}, ${hashing} hashing`],
      ['bits per element', formatReal(bitsPerElement)],
      [`exact FP (${hashing})`, formatProbability(exact)],
      ['Bloom\'s formula (eq. 2)', formatProbability(bloom)],
      ['partitioned upper bound (eq. 19)', formatProbability(partitionedUpper)],
      ['optimal k, Bloom (m/n ln 2)', formatReal(optimalK.bloom)],
      ['optimal k, entropy (eq. 15)', formatReal(optimalK.entropy)],
      ['best integer k (exact)', `${best.k}${best.atLimit ? ' (the largest allowed)' : ''}  ->  ${formatProbability(best.falsePositiveRate)}`],
    ]);
    return { json, text };
  });
};
