/**
 * The FP models a library module can point at, by layout. Each returns the rate a real filter of that layout
 * delivers; the layout formulas themselves live in src/core (classic.ts, layouts.ts, ribbon.ts, hash32.ts).
 */
import { bloomApproximateRate } from '../core/paradox';
import { exactFalsePositiveRate, MAX_HASHES } from '../core/classic';
import {
  blockedFalsePositiveRate, blockedFalsePositiveRatePerElement, SPLIT_BLOCK_BITS, splitBlockFalsePositiveRate, splitBlockFalsePositiveRatePerElement,
} from '../core/layouts';
import type { HashingModel } from '../detect/types';
import type { FalsePositiveModel } from './types';

const validK = (k: number): boolean => Number.isInteger(k) && k >= 1 && k <= MAX_HASHES;

/** The textbook filter: exact FP at n (Bose et al. / Christensen et al.), Bloom's formula per element. */
export function classicModel(hashing: HashingModel = 'colliding'): FalsePositiveModel {
  return {
    id: 'classic-exact',
    name: 'exact (textbook filter)',
    atCapacity: (mBits, n, k) => (validK(k) && (hashing === 'colliding' || k <= mBits) ? exactFalsePositiveRate(mBits, n, k, hashing) : undefined),
    perElement: (bitsPerElement, k) => (k !== undefined && validK(k) ? bloomApproximateRate(bitsPerElement, k) : undefined),
  };
}

export const CLASSIC_MODEL = classicModel('colliding');

/**
 * A blocked filter (Putze, Sanders, Singler 2007): a key picks one block of blockBits bits and sets k bits in it.
 * FP = Σ P(load = i) (1 - (1 - 1/B)^(k i))^k over the block load (src/core/layouts.ts).
 */
export function blockedModel(blockBits: number, name: string): FalsePositiveModel {
  return {
    id: `blocked-${blockBits}`,
    name,
    reason: `a key's k bits all fall in one ${blockBits}-bit block, and blocks fill unevenly`,
    atCapacity: (mBits, n, k) => (validK(k) && mBits % blockBits === 0 ? blockedFalsePositiveRate(mBits, n, k, blockBits) : undefined),
    perElement: (bitsPerElement, k) => (k !== undefined && validK(k) ? blockedFalsePositiveRatePerElement(bitsPerElement, k, blockBits) : undefined),
  };
}

/** Split-block (Parquet SBBF): 256-bit blocks of eight 32-bit words, one bit per word; k is always 8. */
export function splitBlockModel(name: string): FalsePositiveModel {
  return {
    id: 'split-block',
    name,
    reason: 'a key sets one bit in each of the eight 32-bit words of one 256-bit block, and blocks fill unevenly',
    // whole 256-bit blocks: a writer with bytes not a multiple of 32 uses floor(bytes / 32) blocks
    atCapacity: (mBits, n) => (mBits >= SPLIT_BLOCK_BITS ? splitBlockFalsePositiveRate(Math.floor(mBits / SPLIT_BLOCK_BITS) * SPLIT_BLOCK_BITS, n) : undefined),
    perElement: (bitsPerElement) => splitBlockFalsePositiveRatePerElement(bitsPerElement),
  };
}
