/**
 * The slow searches compareStructures used before issue 19's speed-up, kept as the reference the fast path must
 * reproduce (test/unit/compareStructures.test.ts, test/bench/compareStructures.bench.ts). Every candidate size is
 * evaluated with the full exact model, nothing shared between evaluations: 10-400 ms per (n, p).
 */
import { exactFalsePositiveRate, sizeForElementsAndRate } from '../../src/core/classic';
import { blockedFalsePositiveRate, ROCKSDB_CACHE_LINE_BITS, SPLIT_BLOCK_BITS, splitBlockFalsePositiveRate } from '../../src/core/layouts';
import { rocksDbFastLocalNumProbes, rocksDbRibbonConfiguration } from '../../src/core/ribbon';

/** Largest filter searched (bits), as compareStructures. */
const MAX_SEARCHED_BITS = 2 ** 52;
/** RocksDB's bits_per_key ceiling, in millibits. */
const MAX_MILLIBITS = 100_000;

/** Smallest whole number of units with rate <= p: doubling from the guess, then bisection (the pre-speed-up search). */
function slowSmallestUnits(guessUnits: number, unitBits: number, rate: (units: number) => number, p: number): number {
  const maxUnits = Math.floor(MAX_SEARCHED_BITS / unitBits);
  let high = Math.min(maxUnits, Math.max(1, Math.ceil(guessUnits)));
  let low = 0;
  while (!(rate(high) <= p)) {
    if (high === maxUnits) return maxUnits;
    low = high;
    high = Math.min(maxUnits, high * 2);
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (rate(mid) <= p) high = mid;
    else low = mid;
  }
  return high;
}

const textbookBits = (n: number, p: number): number => (n * Math.log2(1 / p)) / Math.LN2;

export interface ReferenceSizes {
  readonly bloom: { readonly mBits: number; readonly k: number; readonly fp: number };
  readonly countingBloomFp: number;
  readonly blocked: { readonly lines: number; readonly k: number; readonly fp: number };
  readonly splitBlock: { readonly blocks: number; readonly fp: number };
  readonly ribbon: { readonly millibits: number; readonly filterBytes: number; readonly fp: number };
}

/** The sizes and rates the slow compareStructures gave for n keys at p (only the searched rows; the rest are closed forms). */
export function referenceSizes(n: number, p: number): ReferenceSizes {
  const size = sizeForElementsAndRate(n, p);
  const probes = (lines: number): number => rocksDbFastLocalNumProbes(Math.round((lines * ROCKSDB_CACHE_LINE_BITS * 1000) / n));
  const blockedRate = (lines: number): number => blockedFalsePositiveRate(lines * ROCKSDB_CACHE_LINE_BITS, n, probes(lines), ROCKSDB_CACHE_LINE_BITS);
  const lines = slowSmallestUnits(textbookBits(n, p) / ROCKSDB_CACHE_LINE_BITS, ROCKSDB_CACHE_LINE_BITS, blockedRate, p);
  const splitRate = (blocks: number): number => splitBlockFalsePositiveRate(blocks * SPLIT_BLOCK_BITS, n);
  const blocks = slowSmallestUnits(textbookBits(n, p) / SPLIT_BLOCK_BITS, SPLIT_BLOCK_BITS, splitRate, p);
  const configure = (millibits: number) => rocksDbRibbonConfiguration(Math.min(millibits, MAX_MILLIBITS) / 1000, n);
  let millibits = MAX_MILLIBITS;
  if (configure(MAX_MILLIBITS).falsePositiveRate <= p) {
    millibits = slowSmallestUnits(Math.min(MAX_MILLIBITS, (textbookBits(n, p) / n) * 1000), 1, (m) => configure(m).falsePositiveRate, p);
  }
  const ribbon = configure(millibits);
  return {
    bloom: { mBits: size.mBits, k: size.k, fp: size.falsePositiveRate },
    countingBloomFp: exactFalsePositiveRate(size.mBits, n, size.k),
    blocked: { lines, k: probes(lines), fp: blockedRate(lines) },
    splitBlock: { blocks, fp: splitRate(blocks) },
    ribbon: { millibits, filterBytes: ribbon.filterBytes, fp: ribbon.falsePositiveRate },
  };
}
