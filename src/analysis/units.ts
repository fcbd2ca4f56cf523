/**
 * Quantities as people type them: 1e6, 1M, 1_000_000, 2^20, 1 << 20, 64 KiB, 8 Mbit, 1%, 1-in-1000, 1/1000.
 * Pure (unit-tested in node). Every parser returns either a value (undefined for blank = "solve it") or the
 * reason the text is not acceptable, in words fit to show at the field.
 */
import { evaluateConstant } from '../detect/evaluate';

export type Parsed = { readonly ok: true; readonly value: number | undefined } | { readonly ok: false; readonly reason: string };

const ok = (value: number | undefined): Parsed => ({ ok: true, value });
const bad = (reason: string): Parsed => ({ ok: false, reason });

/** Count suffixes (decimal, and binary with i). */
const COUNT_SUFFIX: Record<string, number> = {
  k: 1e3, K: 1e3, m: 1e6, M: 1e6, g: 1e9, G: 1e9, b: 1e9, B: 1e9, t: 1e12, T: 1e12,
  Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40,
};

/** Size units, in bits. */
const SIZE_UNITS: Record<string, number> = {
  b: 1, bit: 1, bits: 1,
  kb: 1e3, kbit: 1e3, kbits: 1e3, mbit: 1e6, mbits: 1e6, gbit: 1e9, gbits: 1e9, tbit: 1e12,
  kibit: 2 ** 10, mibit: 2 ** 20, gibit: 2 ** 30,
  byte: 8, bytes: 8, B: 8,
  kB: 8e3, KB: 8e3, MB: 8e6, GB: 8e9, TB: 8e12,
  KiB: 8 * 2 ** 10, MiB: 8 * 2 ** 20, GiB: 8 * 2 ** 30, TiB: 8 * 2 ** 40,
};

function clean(text: string): string {
  return text.trim().replace(/[\s\u00a0]+/g, ' ');
}

/** A plain number or constant expression (1e6, 1_000_000, 10**6, 2^20, 1 << 20, (1<<20)*8). */
function expression(text: string): { ok: true; value: number } | { ok: false; reason: string } {
  const compact = text.replace(/(\d),(?=\d{3}\b)/g, '$1'); // 1,000,000
  const result = evaluateConstant(compact, { caretIsPower: true });
  if (!result.ok) return { ok: false, reason: `"${text}" is not a number` };
  if (!Number.isFinite(result.value)) return { ok: false, reason: `"${text}" is too large` };
  return { ok: true, value: result.value };
}

/** A number followed by an optional suffix from the table; returns the scaled value. */
function scaled(text: string, suffixes: Record<string, number>, caseInsensitive: boolean): { ok: true; value: number } | { ok: false; reason: string } {
  const match = /^(.*?)\s*([A-Za-z]+)$/.exec(text);
  if (match && !/^0[xob]/i.test(text)) {
    const [, number, suffix] = match;
    let factor = suffixes[suffix];
    if (factor === undefined && caseInsensitive) factor = suffixes[suffix.toLowerCase()];
    if (factor !== undefined) {
      if (number.trim() === '') return { ok: false, reason: `a number is missing before "${suffix}"` };
      const value = expression(number);
      return value.ok ? { ok: true, value: value.value * factor } : value;
    }
    const direct = expression(text); // language suffixes such as 1000L
    return direct.ok ? direct : { ok: false, reason: `unknown unit "${suffix}"` };
  }
  return expression(text);
}

/** Rounds values within 1e-9 relative of an integer (1.2e6 * 1e3 style products). */
function nearInteger(value: number): number {
  const rounded = Math.round(value);
  return Math.abs(value - rounded) <= 1e-9 * Math.max(1, Math.abs(value)) ? rounded : value;
}

/** A whole count >= min (n, messages): 1e6, 1M, 1.5k, 2^20, 1_000_000. */
export function parseCount(text: string, what = 'the count', min = 1): Parsed {
  const t = clean(text);
  if (t === '') return ok(undefined);
  const result = scaled(t, COUNT_SUFFIX, false);
  if (!result.ok) return bad(result.reason);
  const value = nearInteger(result.value);
  if (!Number.isInteger(value)) return bad(`${what} must be a whole number (got ${result.value})`);
  if (value < min) return bad(`${what} must be at least ${min}`);
  if (!Number.isSafeInteger(value)) return bad(`${what} must be below 2^53`);
  return ok(value);
}

/** A size in bits: 9585059, 1e7, 64 KiB, 8 Mbit, 2 MB, 2^23. Bare numbers (and k/M/G suffixes) are bits. */
export function parseBits(text: string, what = 'm'): Parsed {
  const t = clean(text);
  if (t === '') return ok(undefined);
  const match = /^(.*?)\s*([A-Za-z]+)$/.exec(t);
  let value: number;
  const factor = match && !/^0[xob]/i.test(t) ? SIZE_UNITS[match[2]] ?? SIZE_UNITS[match[2].toLowerCase()] ?? COUNT_SUFFIX[match[2]] : undefined;
  if (match && factor !== undefined) {
    if (match[1].trim() === '') return bad(`a number is missing before "${match[2]}"`);
    const base = expression(match[1]);
    if (!base.ok) return bad(base.reason);
    value = base.value * factor;
  } else {
    const direct = expression(t);
    if (!direct.ok) return bad(match ? `unknown unit "${match[2]}" (use bits, KiB, MiB, kB, MB, Mbit, ...)` : direct.reason);
    value = direct.value;
  }
  value = nearInteger(value);
  if (!Number.isInteger(value)) return bad(`${what} must be a whole number of bits (got ${value})`);
  if (value < 1) return bad(`${what} must be at least 1 bit`);
  if (!Number.isSafeInteger(value)) return bad(`${what} must be below 2^53 bits`);
  return ok(value);
}

/** A probability in (0, 1): 0.01, 1e-3, 1%, 0.5 %, 1-in-1000, 1 in 1000, 1/1000. */
export function parseProbability(text: string, what = 'p'): Parsed {
  const t = clean(text);
  if (t === '') return ok(undefined);
  let value: number;
  const oneIn = /^(.+?)\s*(?:-\s*in\s*-|\s+in\s+|:)\s*(.+)$/i.exec(t);
  if (t.endsWith('%')) {
    const base = expression(t.slice(0, -1).trim());
    if (!base.ok) return bad(base.reason);
    value = base.value / 100;
  } else if (oneIn) {
    const num = expression(oneIn[1]);
    const den = scaled(oneIn[2].trim(), COUNT_SUFFIX, false);
    if (!num.ok) return bad(num.reason);
    if (!den.ok) return bad(den.reason);
    if (!(den.value > 0)) return bad(`"${oneIn[2]}" must be positive`);
    value = num.value / den.value;
  } else {
    const slash = /^(.+?)\s*\/\s*(.+)$/.exec(t);
    if (slash) {
      const num = expression(slash[1]);
      const den = scaled(slash[2].trim(), COUNT_SUFFIX, false);
      if (!num.ok) return bad(num.reason);
      if (!den.ok) return bad(den.reason);
      if (!(den.value > 0)) return bad(`"${slash[2]}" must be positive`);
      value = num.value / den.value;
    } else {
      const base = expression(t);
      if (!base.ok) return bad(base.reason);
      value = base.value;
    }
  }
  if (!(value > 0 && value < 1)) return bad(`${what} must be strictly between 0 and 1 (0% and 100%), got ${value}`);
  return ok(value);
}

/** The number of hash functions: an integer in [1, max]. */
export function parseHashes(text: string, max: number): Parsed {
  const t = clean(text);
  if (t === '') return ok(undefined);
  const result = expression(t);
  if (!result.ok) return bad(result.reason);
  if (!Number.isInteger(result.value)) return bad(`k must be a whole number (got ${result.value})`);
  if (result.value < 1 || result.value > max) return bad(`k must be between 1 and ${max}`);
  return ok(result.value);
}

/** A positive real (alpha, bits per counter as a real is rejected by the caller). */
export function parsePositive(text: string, what: string, max = Number.MAX_VALUE): Parsed {
  const t = clean(text);
  if (t === '') return ok(undefined);
  const result = scaled(t, COUNT_SUFFIX, false);
  if (!result.ok) return bad(result.reason);
  if (!(result.value > 0)) return bad(`${what} must be greater than 0`);
  if (result.value > max) return bad(`${what} must be at most ${max}`);
  return ok(result.value);
}

/**
 * The sigma-bounded threshold: a fraction of m in (0, 1) (0.5 = half the bits) or a number of bits (units
 * allowed). Must end up in [k, m - 1] (recycling-spec.md).
 */
export function parseSigma(text: string, mBits: number | undefined, k: number | undefined): Parsed {
  const t = clean(text);
  if (t === '') return ok(undefined);
  let bits: number;
  const fraction = t.endsWith('%') ? parseProbability(t, 'sigma') : undefined;
  const plain = expression(t);
  if (fraction && fraction.ok && fraction.value !== undefined) {
    if (mBits === undefined) return bad('sigma as a fraction needs m');
    bits = Math.floor(fraction.value * mBits);
  } else if (plain.ok && plain.value > 0 && plain.value < 1) {
    if (mBits === undefined) return bad('sigma as a fraction needs m');
    bits = Math.floor(plain.value * mBits);
  } else {
    const parsed = parseBits(t, 'sigma');
    if (!parsed.ok) return parsed;
    bits = parsed.value as number;
  }
  if (k !== undefined && bits < k) return bad(`sigma = ${bits} bits must be at least k = ${k}`);
  if (mBits !== undefined && bits > mBits - 1) return bad(`sigma = ${bits} bits must be at most m - 1 = ${mBits - 1}`);
  return ok(bits);
}
