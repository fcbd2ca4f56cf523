/**
 * @libp2p/utils filters (npm, libp2p/js-libp2p packages/utils/src/filters), used by libp2p and Helia for peer and
 * block deduplication: `createBloomFilter(itemCount, errorRate = 0.005)` and `new BloomFilter({ bits, hashes })`
 * (ported from xxbloom), `createCuckooFilter(maxItems, errorRate = 0.005)`, `createScalableCuckooFilter(maxItems,
 * errorRate = 0.001, { scale })` and their classes. The cuckoo `optimize` computes the fingerprint width in BITS
 * (ceil(log2(1/p) + log2(2b))) and passes it as `fingerprintSize`, which the Fingerprint reads as BYTES copied from a
 * 32-bit FNV-1a hash: at most 4 bytes (32 bits) of a fingerprint carry hash bits.
 */
import type { LibraryDerivation } from '../detect/types';
import { cuckooTable } from './fingerprintLayouts';
import { classicModel } from './models';
import type { DeclaredParam, EntryPoint, FingerprintLibraryModule, LibraryModule, SourceCitation } from './types';
import { xxbloomOptimal } from './surveyLongTail';
import { result } from './util';

const BLOOM: SourceCitation = { repository: 'libp2p/js-libp2p', file: 'packages/utils/src/filters/bloom-filter.ts', function: 'createBloomFilter(itemCount, errorRate = 0.005) = new BloomFilter(optimize(...)): bits = Math.round(-1 * itemCount * Math.log(errorRate) / LN2_SQUARED), hashes = Math.round((bits / itemCount) * Math.LN2); BloomFilter({ seeds, hashes = 8, bits = 1024 })' };
const CUCKOO: SourceCitation = { repository: 'libp2p/js-libp2p', file: 'packages/utils/src/filters/cuckoo-filter.ts', function: 'optimize(maxItems, errorRate = 0.001): bucketSize 2 if p > 0.002, 4 if p > 0.00001, else 8; filterSize = Math.round(maxItems / MAX_LOAD[bucketSize]) (1: 0.5, 2: 0.84, 4: 0.95, 8: 0.98); fingerprintSize = min(ceil(log2(1/p) + log2(2 * bucketSize)), 64); createCuckooFilter(maxItems, errorRate = 0.005); add: 500 swaps (maxCuckooCount), j = hash % filterSize' };
const FINGERPRINT: SourceCitation = { repository: 'libp2p/js-libp2p', file: 'packages/utils/src/filters/fingerprint.ts', function: 'Fingerprint(buf, hash, seed, fingerprintSize = 2): alloc(fingerprintSize) bytes filled from hash.hashV (a 32-bit hash: at most 4 bytes); TypeError above MAX_FINGERPRINT_SIZE 64' };
const SCALABLE: SourceCitation = { repository: 'libp2p/js-libp2p', file: 'packages/utils/src/filters/scalable-cuckoo-filter.ts', function: 'createScalableCuckooFilter(maxItems, errorRate = 0.001, { scale = 2 }): ScalableCuckooFilter(optimize(...)); a sub-filter of filterSize · scale^i buckets is added when none is reliable (count / filterSize > 0.9)' };

const MAX_LOAD: Readonly<Record<number, number>> = { 1: 0.5, 2: 0.84, 4: 0.95, 8: 0.98 };
/** Bytes of a fingerprint that carry hash bits: the 32-bit FNV-1a hash has 4. */
const HASH_BYTES = 4;

/** The table a cuckoo filter of these options allocates (filterSize buckets of bucketSize, fingerprintSize bytes). */
export function libp2pCuckooTable(buckets: number | undefined, bucketSize: number, fingerprintBytes: number, how: string, scalable: boolean, notes: string[] = []): LibraryDerivation {
  if (fingerprintBytes > 64) return { rejects: [`fingerprintSize ${fingerprintBytes}: Fingerprint throws TypeError('Invalid Fingerprint Size') above 64`], structure: cuckooTable(undefined, bucketSize, 8 * HASH_BYTES, 'not allocated') };
  const bits = 8 * Math.min(fingerprintBytes, HASH_BYTES);
  if (fingerprintBytes > HASH_BYTES) notes.push(`fingerprintSize ${fingerprintBytes} bytes allocated per fingerprint, but the 32-bit hash fills at most ${HASH_BYTES}: ${bits}-bit fingerprints`);
  notes.push('filterSize counts buckets; a filter counts as full (not reliable) once it holds 0.9 items per bucket');
  return { structure: cuckooTable(buckets, bucketSize, bits, how, scalable ? { whenFull: 'grows' } : { whenFull: 'drops-a-key' }), notes };
}

/** optimize(maxItems, errorRate): the options createCuckooFilter and createScalableCuckooFilter construct with. */
export function libp2pCuckooOptimal(n: number, p: number, scalable: boolean): LibraryDerivation {
  const bucketSize = p > 0.002 ? 2 : p > 0.00001 ? 4 : 8;
  const buckets = Math.round(n / MAX_LOAD[bucketSize]);
  const fingerprintSize = Math.min(Math.ceil(Math.log2(1 / p) + Math.log2(2 * bucketSize)), 64);
  return libp2pCuckooTable(buckets, bucketSize, fingerprintSize, `round(maxItems / ${MAX_LOAD[bucketSize]}) buckets of ${bucketSize} (bucket size for p)`, scalable,
    [`optimize: fingerprintSize = ceil(log2(1/p) + log2(${2 * bucketSize})) = ${fingerprintSize}, a bit count the filter reads as bytes`]);
}

const JS = ['javascript', 'typescript'];
const REQUIRES = /@libp2p\/utils/;
const N_P: readonly DeclaredParam[] = [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }];

export const LIBP2P_BLOOM: LibraryModule = {
  id: 'libp2p-bloom-filter',
  displayName: '@libp2p/utils BloomFilter (npm)',
  recognizers: ['js.libp2p.bloomFilter'],
  entryPoints: [
    { kind: 'call', recognizer: 'js.libp2p.bloomFilter', title: '@libp2p/utils createBloomFilter(itemCount, errorRate)', callee: 'createBloomFilter', arity: [1, 2], languages: JS, requires: REQUIRES,
      params: N_P, defaults: { p: { value: 0.005, text: '@libp2p/utils default errorRate 0.005' } },
      derive: (params) => (params.n !== undefined ? xxbloomOptimal(params.n, params.p ?? 0.005) : {}), source: BLOOM },
    { kind: 'call', recognizer: 'js.libp2p.bloomFilter', title: '@libp2p/utils new BloomFilter({ bits, hashes, seeds })', callee: 'BloomFilter', arity: [1, 1], languages: JS, requires: REQUIRES,
      params: [{ role: 'm', unit: 'bits', names: ['bits'] }, { role: 'k', unit: 'hashes', names: ['hashes'] }],
      defaults: { m: { value: 1024, text: '@libp2p/utils default bits 1024' }, k: { value: 8, text: '@libp2p/utils default hashes 8' } },
      derive: (params) => (params.m !== undefined && params.k !== undefined ? result(params.m, params.k, []) : {}), source: BLOOM },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [BLOOM],
};

const TABLE: readonly DeclaredParam[] = [{ role: 'n', unit: 'count', names: ['filterSize'] }, { role: 'bucketSlots', unit: 'count', names: ['bucketSize'] }, { role: 'fingerprintBits', unit: 'bytes', names: ['fingerprintSize'] }];

const CUCKOO_ENTRIES: readonly EntryPoint[] = [
  { kind: 'call', recognizer: 'js.libp2p.cuckooFilter', title: '@libp2p/utils createCuckooFilter(maxItems, errorRate)', callee: 'createCuckooFilter', arity: [1, 2], languages: JS, requires: REQUIRES,
    params: N_P, defaults: { p: { value: 0.005, text: '@libp2p/utils createCuckooFilter default errorRate 0.005' } },
    derive: (params) => (params.n !== undefined ? libp2pCuckooOptimal(params.n, params.p ?? 0.005, false) : {}), source: CUCKOO },
  { kind: 'call', recognizer: 'js.libp2p.scalableCuckooFilter', title: '@libp2p/utils createScalableCuckooFilter(maxItems, errorRate, { scale })', callee: 'createScalableCuckooFilter', arity: [1, 3], languages: JS, requires: REQUIRES,
    params: [...N_P, { role: 'expansion', unit: 'count', names: ['scale'] }], defaults: { p: { value: 0.001, text: '@libp2p/utils createScalableCuckooFilter default errorRate 0.001' } },
    derive: (params, _named, stated) => {
      if (params.n === undefined) return {};
      const first = libp2pCuckooOptimal(params.n, params.p ?? 0.001, true);
      return { ...first, notes: [...(first.notes ?? []), `scalable: sub-filter i has filterSize · ${stated.get('expansion') ?? 2}^i buckets`] };
    },
    source: SCALABLE },
  { kind: 'call', recognizer: 'js.libp2p.cuckooFilter', title: '@libp2p/utils new CuckooFilter({ filterSize, bucketSize, fingerprintSize })', callee: 'CuckooFilter', arity: [1, 1], languages: JS, requires: REQUIRES,
    params: TABLE, derive: (params, _named, stated) => libp2pCuckooTable(params.n, stated.get('bucketSlots') ?? 4, stated.get('fingerprintBits') ?? 2, 'filterSize buckets', false), source: CUCKOO },
  { kind: 'call', recognizer: 'js.libp2p.scalableCuckooFilter', title: '@libp2p/utils new ScalableCuckooFilter({ filterSize, bucketSize, fingerprintSize, scale })', callee: 'ScalableCuckooFilter', arity: [1, 1], languages: JS, requires: REQUIRES,
    params: [...TABLE, { role: 'expansion', unit: 'count', names: ['scale'] }],
    derive: (params, _named, stated) => {
      const slots = stated.get('bucketSlots') ?? 4;
      return libp2pCuckooTable(params.n ?? (1 << 18) / slots, slots, stated.get('fingerprintBits') ?? 2, params.n === undefined ? `default (1 << 18) / ${slots} buckets` : 'filterSize buckets', true);
    },
    source: SCALABLE },
];

export const LIBP2P_CUCKOO: FingerprintLibraryModule = {
  id: 'libp2p-cuckoo-filter',
  displayName: '@libp2p/utils CuckooFilter (npm)',
  recognizers: ['js.libp2p.cuckooFilter', 'js.libp2p.scalableCuckooFilter'],
  entryPoints: CUCKOO_ENTRIES,
  sources: [CUCKOO, FINGERPRINT, SCALABLE],
};
