/** `bloom-lens fp`: false-positive probability of a plain filter (cli-contract.md). */
import { choice, Command, optionalNumber, ParsedArgs, rejectPositional, rejectUnknownFlags, requireNumber, RULES, table, UsageError } from '../args';
import {
  bestIntegerK, bloomFalsePositiveRate, bloomOptimalK, entropyOptimalK, exactFalsePositiveRate, HashingModel, partitionedFalsePositiveRate,
} from '../../core/classic';
import {
  LAYOUT_SYNTAX, LayoutChoice, layoutFalsePositiveRate, layoutFixesK, layoutGranule, layoutModelId, layoutModelName, layoutText, parseLayout, SPLIT_BLOCK_K,
} from '../../libraries/layouts';

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

/** The --layout flag (default classic), validated: blocked and split-block need a non-classic hashing left at its default. */
export function layoutFlag(args: ParsedArgs): LayoutChoice {
  const raw = args.flags.get('layout');
  if (raw === undefined) return { kind: 'classic' };
  if (raw === true) throw new UsageError(`--layout needs a value (${LAYOUT_SYNTAX})`);
  const layout = parseLayout(raw);
  if (typeof layout === 'string') throw new UsageError(`--layout ${layout}`);
  if (layout.kind !== 'classic' && args.flags.has('hashing')) {
    throw new UsageError(`--hashing applies to --layout classic only (the ${layoutText(layout)} layout fixes how positions are drawn)`);
  }
  return layout;
}

/** --k with a layout that fixes it: split-block needs 8 (or no --k), Ribbon has none. */
export function checkLayoutK(layout: LayoutChoice, k: number | undefined): void {
  if (k === undefined) return;
  if (layout.kind === 'split-block' && k !== SPLIT_BLOCK_K) throw new UsageError(`--layout sbbf always sets k = 8 bits per key (one per 32-bit word), got --k ${k}`);
  if (layout.kind === 'ribbon') throw new UsageError('--layout ribbon has no hash count: leave out --k');
}

export const fpCommand: Command = (args) => {
  rejectUnknownFlags(args, ['m', 'n', 'k', 'hashing', 'layout']);
  rejectPositional(args);
  const layout = layoutFlag(args);
  const m = requireNumber(args, 'm', RULES.bits);
  const n = requireNumber(args, 'n', RULES.positiveElements);
  if (layout.kind !== 'classic') return layoutFp(layout, m, n, optionalNumber(args, 'k', RULES.hashes));
  const k = requireNumber(args, 'k', RULES.hashes);
  const hashing = hashingFlag(args, m, k);
  return asUsageError(() => {
    const bloom = bloomFalsePositiveRate(m, n, k);
    const exact = exactFalsePositiveRate(m, n, k, hashing);
    const partitionedUpper = partitionedFalsePositiveRate(m, n, k);
    const best = bestIntegerK(m, n, hashing);
    const optimalK = { bloom: bloomOptimalK(m, n), entropy: entropyOptimalK(m, n), bestInteger: best.k, bestIntegerExact: best.falsePositiveRate };
    const bitsPerElement = m / n;
    // The contract's fields; with an explicit --layout classic also the layout's (as every --layout answer has them).
    const json = { m, n, k, hashing, bloom, exact, partitionedUpper, optimalK, bitsPerElement, ...(args.flags.has('layout') ? { layout: 'classic', model: layoutModelId({ kind: 'classic' }), fp: exact } : {}) };
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

/** `fp --layout blocked:B | sbbf | ribbon`: the layout's FP, with the textbook exact rate for the same m, n, k beside it. */
function layoutFp(layout: LayoutChoice, m: number, n: number, kGiven: number | undefined): ReturnType<Command> {
  checkLayoutK(layout, kGiven);
  if (layout.kind === 'blocked' && kGiven === undefined) throw new UsageError(`missing --k (${RULES.hashes.describe}); --layout ${layoutText(layout)} needs it`);
  const granule = layoutGranule(layout);
  if (m % granule !== 0) throw new UsageError(`--m must be a whole number of ${granule}-bit blocks for --layout ${layoutText(layout)} (e.g. ${Math.ceil(m / granule) * granule}), got ${m}`);
  const k = layoutFixesK(layout) ? (layout.kind === 'split-block' ? SPLIT_BLOCK_K : undefined) : kGiven;
  return asUsageError(() => {
    const fp = layoutFalsePositiveRate(layout, m, n, k ?? 1);
    const exact = k !== undefined ? exactFalsePositiveRate(m, n, k) : undefined;
    const bitsPerElement = m / n;
    const json = { m, n, ...(k !== undefined ? { k } : {}), layout: layoutText(layout), model: layoutModelId(layout), fp, ...(exact !== undefined ? { exact } : {}), bitsPerElement };
    const text = table([
      ['filter', `m = ${formatCount(m)} bits, n = ${formatCount(n)}${k !== undefined ? `, k = ${k}` : ''}, ${layoutModelName(layout)}`],
      ['bits per element', formatReal(bitsPerElement)],
      [`FP (${layoutModelName(layout)})`, formatProbability(fp)],
      ...(exact !== undefined ? [['exact FP, textbook filter (same m, n, k)', formatProbability(exact)] as [string, string]] : []),
    ]);
    return { json, text };
  });
}
