/**
 * The results table: every formula of the papers for the design point, each with the exact value (for the
 * tooltip / copy), a value formatted for people and where it comes from. Pure.
 */
import {
  bestIntegerK, bloomFalsePositiveRate, bloomOptimalK, boseErrorRatio, entropyOptimalK, exactFalsePositiveRate,
  maxElementsForBitsAndRate, partitionedFalsePositiveRate,
} from '../src/core/classic';
import { layoutModelName } from '../src/libraries/layouts';
import { countingCorrectRate } from '../src/core/counting';
import { minBitsPerElement, paradoxOccurs, posteriorMembership, thresholdPrior } from '../src/core/paradox';
import { formatBits, formatBytes, formatCount, formatProbability, formatReal } from '../src/analysis/format';
import type { Design } from './solve';

export interface ResultRow {
  readonly group: string;
  readonly label: string;
  /** Formatted for people. */
  readonly text: string;
  /** The full-precision value, when the row is one number. */
  readonly exact?: number;
  /** Formula and citation. */
  readonly source: string;
}

function row(group: string, label: string, exact: number | undefined, text: string, source: string): ResultRow {
  return exact === undefined ? { group, label, text, source } : { group, label, text, exact, source };
}

/** The rows for the classic, counting and paradox models (recycling rows come from the worker). */
export function resultRows(design: Design): ResultRow[] {
  const { n, mBits: m, k, hashing } = design;
  const rows: ResultRow[] = [];
  const solvedNote = (param: 'n' | 'p' | 'm' | 'k'): string => (design.solved.includes(param) ? ' (solved)' : '');
  rows.push(row('design', 'n (elements)' + solvedNote('n'), n, formatCount(n), 'given or solved'));
  rows.push(row('design', 'm (bits)' + solvedNote('m'), m, `${formatBits(m)} = ${formatBytes(m / 8)} (${m} bits)`, 'given or solved: smallest m meeting p (exact model)'));
  rows.push(row('design', 'bits per element', m / n, formatReal(m / n, 4), 'm / n'));
  rows.push(row('design', 'k (hash functions)' + solvedNote('k'), k, String(k), 'given or solved: best integer k (exact model)'));
  if (design.targetGiven) rows.push(row('design', 'target p', design.p, formatProbability(design.p), 'given'));

  if (design.layout.kind !== 'classic') {
    rows.push(row('false-positive rate', `${layoutModelName(design.layout)} (the chosen layout)`, design.falsePositiveRate, formatProbability(design.falsePositiveRate),
      'library-models.md: blocked (Putze et al. 2007) / split-block sum over the block load (src/core/layouts.ts)'));
  }
  const exactColliding = exactFalsePositiveRate(m, n, k, 'colliding');
  rows.push(row('false-positive rate', 'exact (colliding)', exactColliding, formatProbability(exactColliding),
    'E[(X/m)^k] = Christensen eq. 7 = Grandi eq. 8 (Fan et al.), stable O(k^2) (math-spec)'));
  const bloom = bloomFalsePositiveRate(m, n, k);
  rows.push(row('false-positive rate', "Bloom's formula", bloom, formatProbability(bloom), '(1 - (1 - 1/m)^(kn))^k, Fan et al. eq. 2'));
  if (k <= m) {
    const nonColliding = exactFalsePositiveRate(m, n, k, 'noncolliding');
    rows.push(row('false-positive rate', 'exact (non-colliding: k distinct bits)', nonColliding, formatProbability(nonColliding), 'math-spec: Non-colliding'));
    const partitionedExact = exactFalsePositiveRate(m, n, k, 'partitioned');
    rows.push(row('false-positive rate', 'exact (partitioned: k slices)', partitionedExact, formatProbability(partitionedExact), 'math-spec: Partitioned'));
  }
  const partitionedBound = partitionedFalsePositiveRate(m, n, k);
  rows.push(row('false-positive rate', 'partitioned bound', partitionedBound, formatProbability(partitionedBound),
    '(1 - (1 - k/m)^n)^k, Fan et al. eq. 19: an upper bound of the exact colliding rate'));
  if (n >= 1) {
    const bose = boseErrorRatio(m, n, k);
    rows.push(row('false-positive rate', "Bose et al.'s bounds error ratio (the paper's ratio, not a guaranteed bound)", bose, formatReal(bose, 4),
      'beta = (k/p) sqrt((ln m - 2k ln p)/m), Fan et al. eq. 5-6 with the authors\' c = 2; the O() constant is unspecified'));
  }
  if (hashing !== 'colliding') {
    rows.push(row('false-positive rate', `exact (${hashing}, the chosen model)`, design.falsePositiveRate, formatProbability(design.falsePositiveRate), 'math-spec: Model'));
  }

  const best = bestIntegerK(m, n, hashing);
  const bloomK = bloomOptimalK(m, n);
  const entropyK = entropyOptimalK(m, n);
  rows.push(row('optimal k', "Bloom's k* = (m/n) ln 2", bloomK, formatReal(bloomK, 5), 'Fan et al. eq. 9'));
  rows.push(row('optimal k', 'entropy k* = -ln 2 / (n ln(1 - 1/m))', entropyK, formatReal(entropyK, 5), 'Fan et al. eq. 15 (exact argmin of eq. 2)'));
  rows.push(row('optimal k', 'best integer k (exact model)', best.k, `${best.k} (FP ${formatProbability(best.falsePositiveRate)})`, 'argmin over integer k of the exact rate'));

  const capacity = maxElementsForBitsAndRate(m, design.capacityTarget, hashing);
  rows.push(row('capacity', `elements at FP ${formatProbability(design.capacityTarget)} (exact, best k)`, capacity.n, `${formatCount(capacity.n)} (k = ${capacity.k})`,
    'largest n with exact FP <= target for some integer k'));

  const counters = m;
  const counting = countingCorrectRate(counters, n, k);
  rows.push(row('counting filter', `memory with ${design.counterBits}-bit counters`, counters * design.counterBits, `${formatBits(counters * design.counterBits)} (${formatBytes((counters * design.counterBits) / 8)})`,
    'm counters x bits per counter'));
  rows.push(row('counting filter', 'CBF correct rate (exact)', counting.exact, formatProbability(counting.exact),
    'P(min counter = true count), with x\'s own collisions (math-spec erratum to Fan et al. eq. 25)'));
  rows.push(row('counting filter', 'CBF correct rate bounds (Fan et al. eq. 26)', undefined,
    `${formatProbability(counting.lower)} .. ${formatProbability(counting.upper)}`, '1 - f_partitioned(m, n-1, k) .. 1 - f_bloom(m, n-1, k)'));

  if (design.prior !== undefined) {
    const f = design.falsePositiveRate;
    const posterior = posteriorMembership(design.prior, f);
    const threshold = thresholdPrior(f, design.alpha);
    const paradox = paradoxOccurs(design.prior, f, design.alpha);
    const needed = minBitsPerElement(design.prior, design.alpha);
    rows.push(row('Bloom paradox', 'Pr(member | positive)', posterior, formatProbability(posterior), 'p / (p + f (1 - p)), Rottenstreich & Keslassy'));
    rows.push(row('Bloom paradox', `paradox threshold prior (alpha = ${formatReal(design.alpha)})`, threshold, formatProbability(threshold), 'f / (f + alpha)'));
    rows.push(row('Bloom paradox', 'verdict', undefined, paradox ? 'paradox: a positive answer costs more than it helps' : 'no paradox', 'f (1 - p) > alpha p'));
    rows.push(row('Bloom paradox', 'minimal bits per element', needed, formatReal(needed, 4), 'ln((1-p)/(alpha p)) / (ln 2)^2, Fig. 2b'));
  }
  return rows;
}

/** Markdown table of rows (for the exported report). */
export function rowsToMarkdown(rows: readonly ResultRow[]): string {
  const escape = (text: string): string => text.replace(/\|/g, '\\|');
  const lines = ['| group | quantity | value | exact | formula / source |', '|---|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${escape(r.group)} | ${escape(r.label)} | ${escape(r.text)} | ${r.exact === undefined ? '' : String(r.exact)} | ${escape(r.source)} |`);
  return lines.join('\n');
}
