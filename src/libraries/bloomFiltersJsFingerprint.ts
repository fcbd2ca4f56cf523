/**
 * npm bloom-filters (Callidon/bloom-filters) 3.0.4: CuckooFilter and XorFilter. Measured in beyond-bloom.md 5.2 and
 * in the conformance suite (test/conformance/beyondLibraries.ts).
 * - src/cuckoo/cuckoo-filter.ts CuckooFilter.create(size, errorRate, bucketSize = 4, maxKicks = 500): buckets =
 *   ceil(size / bucketSize / 0.955); computeFingerpintLength(bucketSize, errorRate) = ceil(ceil(log2(1/p) + log2(2b)) / 8)
 *   hex characters of the hash, 4 bits each, passed to `new CuckooFilter(buckets, fLength, bucketSize, maxKicks)`.
 * - Its eviction path recomputes the alternate bucket from the reduced index, so relocated fingerprints land where
 *   lookups never look: members answer "absent" once evictions start (Callidon/bloom-filters issue #68, open).
 * - src/bloom/xor-filter.ts XorFilter.create(elements, bits = 8) / new XorFilter(size, bits): 8, 16, 32 or 64-bit
 *   fingerprints; 3.0.4's _getOptimalFilterSize: 1.23 n + 32 slots, rounded down to a multiple of 3.
 */
import type { LibraryDerivation } from '../detect/types';
import { cuckooTable, xorFilter } from './fingerprintLayouts';
import type { FingerprintLibraryModule, SourceCitation } from './types';
import { JS_LANGUAGES } from './xorFilters';

export const BLOOM_FILTERS_CUCKOO_ISSUE = 'https://github.com/Callidon/bloom-filters/issues/68';
const FALSE_NEGATIVES = {
  why: 'its evictions move a fingerprint to a bucket that lookups never check, so members answer "absent" once the table needs evictions (measured: a third of the members at load 0.955, b = 4)',
  issue: BLOOM_FILTERS_CUCKOO_ISSUE,
};

/** bits per hex character of the fingerprint string */
const BITS_PER_HEX = 4;

/** computeFingerpintLength: ceil(ceil(log2(1/p) + log2(2b)) / 8) hex characters (meant as bytes, cut as hex digits). */
export function bloomFiltersCuckooHexCharacters(p: number, bucketSize: number): number {
  return Math.ceil(Math.ceil(Math.log2(1 / p) + Math.log2(2 * bucketSize)) / 8);
}

/** The table `new CuckooFilter(buckets, hexCharacters, bucketSize)` allocates (buckets undefined: not known). */
function bloomFiltersCuckooTable(buckets: number | undefined, hexCharacters: number, bucketSize: number): LibraryDerivation {
  if (!Number.isInteger(bucketSize) || bucketSize < 1) return { rejects: [`bucketSize ${bucketSize} must be a whole number of at least 1`], structure: cuckooTable(undefined, 4, 0, 'not allocated') };
  const bits = BITS_PER_HEX * hexCharacters;
  return {
    structure: cuckooTable(buckets, bucketSize, bits, `${hexCharacters} hex character${hexCharacters === 1 ? '' : 's'} of the hash: ${bits}-bit fingerprints`, { whenFull: 'drops-a-key', falseNegatives: FALSE_NEGATIVES }),
  };
}

/** CuckooFilter.create(n, p, bucketSize = 4); p unknown or invalid: the 8-bit fingerprint of 1e-5 < p < 1 at b = 4 is not assumed. */
export function bloomFiltersCuckoo(n: number | undefined, p: number | undefined, bucketSize = 4): LibraryDerivation {
  if (p === undefined || !(p > 0 && p < 1)) return { structure: cuckooTable(undefined, bucketSize, 0, 'the fingerprint length comes from p, which is not known', { whenFull: 'drops-a-key', falseNegatives: FALSE_NEGATIVES }) };
  const hexCharacters = bloomFiltersCuckooHexCharacters(p, bucketSize);
  const derived = bloomFiltersCuckooTable(n === undefined ? undefined : Math.ceil(n / bucketSize / 0.955), hexCharacters, bucketSize);
  const notes = [`p = ${p} gives ${hexCharacters} hex character${hexCharacters === 1 ? '' : 's'} (${BITS_PER_HEX * hexCharacters}-bit fingerprints): the library meant bytes, but cuts hex digits of 4 bits`];
  return { ...derived, notes };
}

const SOURCE_CUCKOO: SourceCitation = { repository: 'Callidon/bloom-filters', file: 'src/cuckoo/cuckoo-filter.ts', function: 'CuckooFilter.create (computeFingerpintLength, capacity = ceil(size / bucketSize / 0.955)), constructor(size, fLength, bucketSize, maxKicks)' };
const SOURCE_XOR: SourceCitation = { repository: 'Callidon/bloom-filters', file: 'src/bloom/xor-filter.ts', function: 'XorFilter.create(elements, bits_per_fingerprint = 8), constructor(size, bits_per_fingerprint), _getOptimalFilterSize' };
const REQUIRES = /bloom-filters/;

export const BLOOM_FILTERS_JS_FINGERPRINT: FingerprintLibraryModule = {
  id: 'bloom-filters-fingerprint',
  displayName: 'bloom-filters CuckooFilter and XorFilter (npm)',
  recognizers: ['bloom-filters.cuckoo.create', 'bloom-filters.cuckoo.from', 'bloom-filters.xor'],
  entryPoints: [
    { kind: 'call', recognizer: 'bloom-filters.cuckoo.create', title: 'bloom-filters CuckooFilter.create', callee: 'CuckooFilter.create', arity: [2, 4], languages: JS_LANGUAGES, requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }, { role: 'bucketSlots', unit: 'count', position: 2 }, { role: 'maxKicks', unit: 'count', position: 3 }],
      derive: (params, _named, stated) => bloomFiltersCuckoo(params.n, params.p, stated.get('bucketSlots') ?? 4), source: SOURCE_CUCKOO },
    // from(items, errorRate, bucketSize = 4, maxKicks = 500): create(Array.from(items).length, ...), then adds them
    { kind: 'call', recognizer: 'bloom-filters.cuckoo.from', title: 'bloom-filters CuckooFilter.from(items, errorRate)', callee: 'CuckooFilter.from', arity: [2, 4], languages: JS_LANGUAGES, requires: REQUIRES,
      params: [{ role: 'p', unit: 'probability', position: 1 }, { role: 'bucketSlots', unit: 'count', position: 2 }, { role: 'maxKicks', unit: 'count', position: 3 }],
      notes: ['sized for the number of items it is built from'],
      derive: (params, _named, stated) => bloomFiltersCuckoo(undefined, params.p, stated.get('bucketSlots') ?? 4), source: { ...SOURCE_CUCKOO, function: 'CuckooFilter.from(items, errorRate, bucketSize = 4, maxKicks = 500): create(Array.from(items).length, errorRate, bucketSize, maxKicks)' } },
    { kind: 'call', recognizer: 'bloom-filters.xor', title: 'bloom-filters XorFilter.create', callee: 'XorFilter.create', arity: [1, 2], languages: JS_LANGUAGES, requires: REQUIRES,
      params: [{ role: 'n', unit: 'keys', position: 0 }, { role: 'fingerprintBits', unit: 'bits', position: 1 }],
      derive: (params, _named, stated) => xorFilter(params.n, stated.get('fingerprintBits') ?? 8), source: SOURCE_XOR },
    { kind: 'call', recognizer: 'bloom-filters.xor', title: 'bloom-filters new XorFilter', callee: 'XorFilter', arity: [1, 2], languages: JS_LANGUAGES, requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'fingerprintBits', unit: 'bits', position: 1 }],
      derive: (params, _named, stated) => xorFilter(params.n, stated.get('fingerprintBits') ?? 8), source: SOURCE_XOR },
  ],
  sources: [SOURCE_CUCKOO, SOURCE_XOR, { repository: 'Callidon/bloom-filters', file: 'issue #68', function: `CuckooFilter returns false negative (${BLOOM_FILTERS_CUCKOO_ISSUE})` }],
};
