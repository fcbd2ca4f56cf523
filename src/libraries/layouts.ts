/**
 * Generic layouts a person can choose (CLI `--layout`, the designer's layout select): the FP of each and the
 * sizing searches over it. Classic uses the exact textbook model (src/core/classic.ts); blocked and split-block use
 * the layout models (src/core/layouts.ts); Ribbon is RocksDB's policy with bits_per_key = m / n (src/libraries/rocksdb.ts). Pure.
 */
import { bestIntegerK, exactFalsePositiveRate, MAX_HASHES } from '../core/classic';
import { blockedFalsePositiveRate, SPLIT_BLOCK_BITS, splitBlockFalsePositiveRate } from '../core/layouts';
import { ROCKSDB_RIBBON_MODEL } from './rocksdb';
import type { HashingModel } from '../detect/types';

/** A layout choice: `classic`, `blocked:<block bits>`, `sbbf` (split-block, k = 8), `ribbon`. */
export type LayoutChoice =
  | { readonly kind: 'classic' }
  | { readonly kind: 'blocked'; readonly blockBits: number }
  | { readonly kind: 'split-block' }
  | { readonly kind: 'ribbon' };

export { SPLIT_BLOCK_BITS };
export const SPLIT_BLOCK_K = 8;
export const LAYOUT_SYNTAX = 'classic, blocked:<block bits> (e.g. blocked:512), sbbf or ribbon';

/** Parses `classic`, `blocked:512`, `sbbf`, `ribbon`; returns an error message for anything else. */
export function parseLayout(text: string): LayoutChoice | string {
  const value = text.trim().toLowerCase();
  if (value === 'classic') return { kind: 'classic' };
  if (value === 'sbbf' || value === 'split-block') return { kind: 'split-block' };
  if (value === 'ribbon') return { kind: 'ribbon' };
  const blocked = /^blocked:(\d+)$/.exec(value);
  if (blocked) {
    const blockBits = Number(blocked[1]);
    if (!Number.isSafeInteger(blockBits) || blockBits < 2) return `the block size in blocked:<bits> must be a whole number of bits >= 2, got "${blocked[1]}"`;
    return { kind: 'blocked', blockBits };
  }
  if (value.startsWith('blocked')) return `blocked needs its block size in bits, e.g. blocked:512, got "${text}"`;
  return `must be one of ${LAYOUT_SYNTAX}, got "${text}"`;
}

/** RocksDB's Ribbon policy with bits_per_key = m / n (the Bloom-equivalent setting) holding n keys (src/core/ribbon.ts). */
function ribbonRate(mBits: number, n: number): number {
  return ROCKSDB_RIBBON_MODEL.atCapacity?.(mBits, n, 0) ?? 1;
}

/** The layout as the CLI writes it. */
export function layoutText(layout: LayoutChoice): string {
  return layout.kind === 'blocked' ? `blocked:${layout.blockBits}` : layout.kind === 'split-block' ? 'sbbf' : layout.kind;
}

/** Stable model id (as in `scan`'s derived.model). */
export function layoutModelId(layout: LayoutChoice): string {
  return layout.kind === 'classic' ? 'classic-exact' : layout.kind === 'blocked' ? `blocked-${layout.blockBits}` : layout.kind;
}

/** The model in words. */
export function layoutModelName(layout: LayoutChoice): string {
  switch (layout.kind) {
    case 'classic': return 'exact (textbook filter)';
    case 'blocked': return `blocked filter (${layout.blockBits}-bit blocks)`;
    case 'split-block': return 'split-block filter (256-bit blocks, k = 8)';
    case 'ribbon': return 'RocksDB Ribbon filter (bits per key = m / n)';
  }
}

/** k is not a free parameter: fixed at 8 (split-block) or absent (Ribbon). */
export function layoutFixesK(layout: LayoutChoice): boolean {
  return layout.kind === 'split-block' || layout.kind === 'ribbon';
}

/** FP after n insertions into mBits bits with k probes, for this layout (k is ignored by split-block and Ribbon). */
export function layoutFalsePositiveRate(layout: LayoutChoice, mBits: number, n: number, k: number, hashing: HashingModel = 'colliding'): number {
  switch (layout.kind) {
    case 'classic': return exactFalsePositiveRate(mBits, n, k, hashing);
    case 'blocked': return blockedFalsePositiveRate(mBits, n, k, layout.blockBits);
    case 'split-block': return splitBlockFalsePositiveRate(mBits, n);
    case 'ribbon': return ribbonRate(mBits, n);
  }
}

/** The best integer k for m and n in this layout (8 for split-block; undefined for Ribbon). */
export function layoutBestK(layout: LayoutChoice, mBits: number, n: number, hashing: HashingModel = 'colliding'): { k?: number; falsePositiveRate: number } {
  if (layout.kind === 'classic') {
    const best = bestIntegerK(mBits, n, hashing);
    return { k: best.k, falsePositiveRate: best.falsePositiveRate };
  }
  if (layout.kind === 'split-block') return { k: SPLIT_BLOCK_K, falsePositiveRate: splitBlockFalsePositiveRate(mBits, n) };
  if (layout.kind === 'ribbon') return { falsePositiveRate: ribbonRate(mBits, n) };
  // Blocked: the FP is unimodal in k; walk up from k = 1 while it falls.
  let bestK = 1;
  let bestRate = blockedFalsePositiveRate(mBits, n, 1, layout.blockBits);
  for (let k = 2; k <= MAX_HASHES; k++) {
    const rate = blockedFalsePositiveRate(mBits, n, k, layout.blockBits);
    if (!(rate < bestRate)) break;
    bestK = k;
    bestRate = rate;
  }
  return { k: bestK, falsePositiveRate: bestRate };
}

/** Bits are allocated in whole blocks: m rounded up to the block size (classic and Ribbon: whole bits). */
export function layoutGranule(layout: LayoutChoice): number {
  return layout.kind === 'blocked' ? layout.blockBits : layout.kind === 'split-block' ? SPLIT_BLOCK_BITS : 1;
}

/** Smallest m (whole blocks) whose FP at n, with k or the best k, is at most p. */
export function layoutSizeForElementsAndRate(layout: LayoutChoice, n: number, p: number, k?: number): { mBits: number; k?: number; falsePositiveRate: number } {
  const granule = layoutGranule(layout);
  const evaluate = (mBits: number): { k?: number; falsePositiveRate: number } =>
    k !== undefined ? { k, falsePositiveRate: layoutFalsePositiveRate(layout, mBits, n, k) } : layoutBestK(layout, mBits, n);
  let low = 0; // granules that fail
  let high = 1;
  while (!(evaluate(high * granule).falsePositiveRate <= p)) {
    low = high;
    high *= 2;
    if (high * granule > Number.MAX_SAFE_INTEGER / 2) throw new RangeError(`no ${layoutText(layout)} filter of at most 2^52 bits reaches p = ${p} for n = ${n}${k !== undefined ? ` with k = ${k}` : ''}`);
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (evaluate(mid * granule).falsePositiveRate <= p) high = mid;
    else low = mid;
  }
  const mBits = high * granule;
  return { mBits, ...evaluate(mBits) };
}

/** Largest n whose FP in mBits, with the best k, is at most p (0 when even one element is above p). */
export function layoutMaxElementsForBitsAndRate(layout: LayoutChoice, mBits: number, p: number): { n: number; k?: number; falsePositiveRate: number } {
  const evaluate = (n: number): { k?: number; falsePositiveRate: number } => layoutBestK(layout, mBits, n);
  if (!(evaluate(1).falsePositiveRate <= p)) return { n: 0, falsePositiveRate: evaluate(1).falsePositiveRate };
  let low = 1;
  let high = 2;
  while (evaluate(high).falsePositiveRate <= p) {
    low = high;
    high *= 2;
    if (high > Number.MAX_SAFE_INTEGER / 2) break;
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (evaluate(mid).falsePositiveRate <= p) low = mid;
    else high = mid;
  }
  return { n: low, ...evaluate(low) };
}
