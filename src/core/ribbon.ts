/**
 * TEMPORARY STUB in branch h-libs, to be replaced by H1's src/core/ribbon.ts (tag core-layouts) at merge.
 * A Ribbon filter stores about bitsPerKey result bits per key: FP ≈ 2^-bitsPerKey (no space overhead modelled).
 */
export function ribbonFalsePositiveRate(bitsPerKey: number, _n?: number): number {
  return Math.min(1, 2 ** -bitsPerKey);
}
