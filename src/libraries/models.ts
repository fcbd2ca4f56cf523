/**
 * The FP models a library module can point at, by layout. Each returns the rate a real filter of that layout
 * delivers; the layout formulas themselves live in src/core (classic.ts, layouts.ts, ribbon.ts, hash32.ts).
 */
import { bloomApproximateRate } from '../core/paradox';
import { exactFalsePositiveRate, MAX_HASHES } from '../core/classic';
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
