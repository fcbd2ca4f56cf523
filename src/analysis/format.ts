/** Numbers formatted for people (ux.md: 1.00%, 9.59 Mbit, 1.14 MiB). Never prints NaN. */

function safe(value: number, render: (v: number) => string): string {
  return Number.isFinite(value) ? render(value) : '—';
}

/** A probability as a percentage with three significant digits; tiny values in scientific form. */
export function formatProbability(probability: number): string {
  return safe(probability, (p) => {
    if (p === 0) return '0';
    const percent = p * 100;
    if (percent >= 0.01) return `${percent.toPrecision(3)}%`;
    return p.toExponential(2);
  });
}

const BIT_UNITS: readonly [number, string][] = [[1e12, 'Tbit'], [1e9, 'Gbit'], [1e6, 'Mbit'], [1e3, 'kbit']];
const BYTE_UNITS: readonly [number, string][] = [[2 ** 40, 'TiB'], [2 ** 30, 'GiB'], [2 ** 20, 'MiB'], [2 ** 10, 'KiB']];
const COUNT_UNITS: readonly [number, string][] = [[1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']];
/** Counts below this are printed in full (9999, not 10.0k). */
const FULL_COUNT_LIMIT = 1e4;

/**
 * The value in the largest unit it reaches (units largest first), three significant digits; a mantissa that
 * rounds to 1000 moves up one unit (999,999 bits is "1.00 Mbit", not "1.00e+3 kbit").
 */
function withUnit(value: number, units: readonly [number, string][], separator: string, small: (v: number) => string, minimum = 0): string {
  const i = units.findIndex(([scale]) => Math.abs(value) >= scale);
  if (i < 0 || Math.abs(value) < minimum) return small(value);
  const mantissa = value / units[i][0];
  if (Math.abs(Number(mantissa.toPrecision(3))) < 1000) return `${mantissa.toPrecision(3)}${separator}${units[i][1]}`;
  if (i === 0) return `${Math.round(mantissa)}${separator}${units[0][1]}`;
  return `${(value / units[i - 1][0]).toPrecision(3)}${separator}${units[i - 1][1]}`;
}

export function formatBits(bits: number): string {
  return safe(bits, (b) => withUnit(b, BIT_UNITS, ' ', (v) => `${Math.round(v)} bit`));
}

export function formatBytes(bytes: number): string {
  return safe(bytes, (b) => withUnit(b, BYTE_UNITS, ' ', (v) => `${Math.round(v)} B`));
}

/** A count of items: 1234567 -> "1.23M"; counts below 10,000 in full. */
export function formatCount(count: number): string {
  const small = (c: number): string => (Number.isInteger(c) || Math.abs(c) >= 100 ? String(Math.round(c)) : c.toPrecision(3));
  return safe(count, (c) => withUnit(c, COUNT_UNITS, '', small, FULL_COUNT_LIMIT));
}

/** A real number with a few significant digits (k*, bits per element). */
export function formatReal(value: number, digits = 3): string {
  return safe(value, (v) => (Number.isInteger(v) ? String(v) : v.toPrecision(digits)));
}

export interface Verdict {
  /** True when the rate is at or below the target. */
  readonly meets: boolean;
  /** In words, e.g. "meets 1.00%" or "misses 1.00% (3.2% over)". */
  readonly text: string;
}

/**
 * A false-positive rate against its target, in words (never colour alone). A miss says by how much, relative
 * to the target, so a rate that prints like the target ("1.00%") is not mistaken for a pass.
 */
export function formatVerdict(falsePositiveRate: number, target: number): Verdict {
  if (!Number.isFinite(falsePositiveRate) || !Number.isFinite(target) || !(target > 0)) return { meets: false, text: 'no target' };
  if (falsePositiveRate <= target) return { meets: true, text: `meets ${formatProbability(target)}` };
  const over = (falsePositiveRate / target - 1) * 100;
  const amount = over >= 100 ? `${formatReal(falsePositiveRate / target)} times the target` : `${over < 0.1 ? '<0.1' : over.toPrecision(2)}% over`;
  return { meets: false, text: `misses ${formatProbability(target)} (${amount})` };
}
