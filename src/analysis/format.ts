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

export function formatBits(bits: number): string {
  return safe(bits, (b) => {
    for (const [scale, unit] of BIT_UNITS) if (b >= scale) return `${(b / scale).toPrecision(3)} ${unit}`;
    return `${Math.round(b)} bit`;
  });
}

export function formatBytes(bytes: number): string {
  return safe(bytes, (b) => {
    for (const [scale, unit] of BYTE_UNITS) if (b >= scale) return `${(b / scale).toPrecision(3)} ${unit}`;
    return `${Math.round(b)} B`;
  });
}

/** A count of items: 1234567 -> "1.23M"; small counts in full. */
export function formatCount(count: number): string {
  return safe(count, (c) => {
    const abs = Math.abs(c);
    if (abs >= 1e12) return `${(c / 1e12).toPrecision(3)}T`;
    if (abs >= 1e9) return `${(c / 1e9).toPrecision(3)}G`;
    if (abs >= 1e6) return `${(c / 1e6).toPrecision(3)}M`;
    if (abs >= 1e4) return `${(c / 1e3).toPrecision(3)}k`;
    return Number.isInteger(c) ? String(c) : c.toPrecision(3);
  });
}

/** A real number with a few significant digits (k*, bits per element). */
export function formatReal(value: number, digits = 3): string {
  return safe(value, (v) => (Number.isInteger(v) ? String(v) : v.toPrecision(digits)));
}
