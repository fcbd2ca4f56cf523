/** Helpers shared by the library modules: notes on rounding, result building, number literals for snippets. */
import type { LibraryDerivation } from './types';

export const LN2 = Math.LN2;
export const LN2_SQUARED = LN2 * LN2;

/** A note when rounding or a cap changes the size by more than 1 % (BL006 material). */
export function sizeNote(notes: string[], what: string, before: number, after: number): void {
  if (before > 0 && Math.abs(after - before) / before > 0.01) {
    notes.push(`${what}: ${Math.round(before)} bits -> ${after} bits (${after > before ? '+' : ''}${(((after - before) / before) * 100).toFixed(1)} %)`);
  }
}

export function result(m: number | undefined, k: number | undefined, notes: string[], extra: Partial<LibraryDerivation> = {}): LibraryDerivation {
  return { ...(m !== undefined ? { m } : {}), ...(k !== undefined ? { k } : {}), ...extra, ...(notes.length ? { notes } : {}) };
}

export const ceilTo = (value: number, multiple: number): number => Math.ceil(value / multiple) * multiple;
export const nextPowerOfTwo = (value: number): number => (value <= 1 ? 1 : 2 ** Math.ceil(Math.log2(value)));

/** Textbook bits per key for p: -ln p / ln²2. */
export const textbookBitsPerKey = (p: number): number => -Math.log(p) / LN2_SQUARED;

/** A number with at most `digits` decimals, without trailing zeros. */
export const fixed = (x: number, digits = 2): string => String(Number(x.toFixed(digits)));

/** Shortest decimal that round-trips, e.g. 0.01, 1e-7 -> 0.0000001 where short. */
export function probabilityLiteral(p: number): string {
  const plain = String(p);
  if (!plain.includes('e')) return plain;
  const fixedText = p.toFixed(20).replace(/0+$/, '');
  return Number(fixedText) === p && fixedText.length <= 24 ? fixedText : plain;
}

/** 1000000 -> 1_000_000 (languages with digit separators). */
export function groupedInteger(value: number, separator = '_'): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** The design on one comment line: "n = 1000, p = 0.01, m = 9586 bits, k = 7". */
export const snippetSummary = (d: { n: number; p: number; mBits: number; k: number }): string =>
  `n = ${d.n}, p = ${probabilityLiteral(d.p)}, m = ${d.mBits} bits, k = ${d.k}`;
