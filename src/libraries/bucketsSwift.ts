/**
 * Buckets-Swift (mauriciosantos/Buckets-Swift) `BloomFilter<T>(expectedCount: n)` (FPP 0.03) and
 * `BloomFilter<T>(expectedCount: n, FPP: p)`; the same struct is copied into several Swift projects.
 */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const SOURCE: SourceCitation = { repository: 'mauriciosantos/Buckets-Swift', file: 'Source/BloomFilter.swift', function: 'init(expectedCount:) (Constants.DefaultFPP = 0.03), init(expectedCount:FPP:)' };

/** m = n ln(1/p) / ln²2 as a Double; the bit array has Int(m) bits (truncated) and k = Int(ceil((m / n) ln 2)) from the unrounded m. */
export function bucketsSwift(n: number, p: number): LibraryDerivation {
  const exactBits = (n * Math.log(1 / p)) / LN2_SQUARED;
  return result(Math.trunc(exactBits), Math.ceil((exactBits / n) * LN2), []);
}

export const BUCKETS_SWIFT: LibraryModule = {
  id: 'buckets-swift',
  displayName: 'Buckets BloomFilter (Swift)',
  recognizers: ['swift.buckets.bloomFilter'],
  entryPoints: [{
    kind: 'call', recognizer: 'swift.buckets.bloomFilter', title: 'Swift BloomFilter(expectedCount:, FPP:)', callee: 'BloomFilter', arity: [0, 0], languages: ['swift'], requires: /\bimport\s+Buckets\b|\bFPP\s*:/,
    params: [{ role: 'n', unit: 'count', names: ['expectedCount'] }, { role: 'p', unit: 'probability', names: ['FPP'] }],
    defaults: { p: { value: 0.03, text: 'Buckets default FPP 0.03' } },
    derive: (params) => (params.n !== undefined && params.p !== undefined ? bucketsSwift(params.n, params.p) : {}),
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
