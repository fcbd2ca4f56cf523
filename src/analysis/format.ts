/** Numbers formatted for people (ux.md: 1.00%, 9.59 Mbit, 1.14 MiB). Never prints NaN. */

function safe(value: number, render: (v: number) => string): string {
  return Number.isFinite(value) ? render(value) : '—';
}

/** A probability as a percentage with `digits` significant digits (three by default); tiny values in scientific form. */
export function formatProbability(probability: number, digits = 3): string {
  return safe(probability, (p) => {
    if (p === 0) return '0';
    const percent = p * 100;
    if (percent >= 0.01) return `${percent.toPrecision(digits)}%`;
    return p.toExponential(digits - 1);
  });
}

/**
 * A rate beside its target: three significant digits, more (up to six) while the rate would print like the target
 * without being equal to it, so 0.01004 next to 0.01 reads "1.004%", never "1.00%" (rates equal to six digits print alike).
 */
export function formatRateBeside(rate: number, target: number): string {
  for (let digits = 3; digits <= 6; digits++) {
    const text = formatProbability(rate, digits);
    if (text !== formatProbability(target, digits)) return text;
  }
  return formatProbability(rate); // equal to six digits: equal
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

/**
 * A rate this little (relative) above its target still meets it: a library's own rounding (Guava rounds m up to 64 bits
 * and k to an integer; the exact model differs from the formula libraries size with) moves the rate by less than 1%.
 */
export const TARGET_TOLERANCE = 0.01;

export interface Verdict {
  /** True when the rate is at or below the target, or above it by less than TARGET_TOLERANCE (relative). */
  readonly meets: boolean;
  /** True when it meets the target only thanks to the tolerance (the rate is above the target). */
  readonly withinTolerance: boolean;
  /** The rate formatted beside the target (formatRateBeside): enough digits to tell them apart. */
  readonly rate: string;
  /** In words, e.g. "meets 1.00%", "meets 1.00% (within 1%)" or "misses 1.00% (3.2% over)". */
  readonly text: string;
  /** The exact comparison, for a table row: "1.004% is 0.39% over the 1.00% target, within the 1% tolerance (...)". */
  readonly detail: string;
}

/**
 * The one rule every view uses to compare a false-positive rate with its target (never colour alone): at or below it
 * meets; above it by less than TARGET_TOLERANCE (relative) meets within the tolerance; else misses, saying by how much.
 */
export function formatVerdict(falsePositiveRate: number, target: number): Verdict {
  const rate = formatRateBeside(falsePositiveRate, target);
  if (!Number.isFinite(falsePositiveRate) || !Number.isFinite(target) || !(target > 0)) {
    return { meets: false, withinTolerance: false, rate, text: 'no target', detail: 'no target to compare with' };
  }
  const targetText = formatProbability(target);
  const excess = falsePositiveRate / target - 1;
  const percentOver = `${excess * 100 < 0.1 ? '<0.1' : (excess * 100).toPrecision(2)}% over`;
  if (falsePositiveRate <= target) {
    const under = excess < 0 ? `${(-excess * 100).toPrecision(2)}% under` : 'equal to';
    return { meets: true, withinTolerance: false, rate, text: `meets ${targetText}`, detail: `${rate} is ${under} the ${targetText} target` };
  }
  const tolerance = `${TARGET_TOLERANCE * 100}%`;
  if (excess < TARGET_TOLERANCE) {
    return {
      meets: true, withinTolerance: true, rate, text: `meets ${targetText} (within ${tolerance})`,
      detail: `${rate} is ${percentOver} the ${targetText} target: within the ${tolerance} tolerance for a library's own rounding`,
    };
  }
  const amount = excess >= 1 ? `${formatReal(falsePositiveRate / target)} times the target` : percentOver;
  return { meets: false, withinTolerance: false, rate, text: `misses ${targetText} (${amount})`, detail: `${rate} misses the ${targetText} target (${amount})` };
}
