/**
 * Go cuckoo filters: seiflotfy/cuckoofilter (Debian golang-github-seiflotfy-cuckoofilter-dev), linvon/cuckoo-filter
 * and panmari/cuckoofilter. All three use power-of-two bucket counts and tags hash % (2^f - 1) + 1 (0 means empty).
 */
import type { LibraryDerivation } from '../detect/types';
import { cuckooTable } from './fingerprintLayouts';
import type { FingerprintLibraryModule, SourceCitation } from './types';
import { nextPowerOfTwo } from './util';

const SEIFLOTFY: SourceCitation = { repository: 'seiflotfy/cuckoofilter', file: 'cuckoofilter.go', function: 'NewFilter(capacity): buckets = getNextPow2(capacity) / bucketSize' };

/**
 * seiflotfy NewFilter(capacity): getNextPow2(capacity) / 4 buckets (at least 1) of 4 one-byte tags; util.go
 * getFingerprint: hash % 255 + 1. A failed insert leaves an evicted key out (measured: beyond-bloom.md 5.2).
 */
export function seiflotfyCuckoo(capacity: number | undefined): LibraryDerivation {
  const buckets = capacity === undefined ? undefined : Math.max(1, Math.floor(nextPowerOfTwo(capacity) / 4));
  return { structure: cuckooTable(buckets, 4, 8, 'getNextPow2(capacity) / 4', { whenFull: 'drops-a-key' }) };
}

export const SEIFLOTFY_CUCKOO: FingerprintLibraryModule = {
  id: 'seiflotfy-cuckoo',
  displayName: 'seiflotfy/cuckoofilter (Go)',
  recognizers: ['go.seiflotfy.cuckoo.newFilter'],
  entryPoints: [
    { kind: 'call', recognizer: 'go.seiflotfy.cuckoo.newFilter', title: 'seiflotfy/cuckoofilter NewFilter', callee: 'cuckoo.NewFilter', arity: [1, 1], languages: ['go'],
      requires: /seiflotfy\/cuckoofilter/, params: [{ role: 'n', unit: 'count', position: 0 }],
      derive: (params) => seiflotfyCuckoo(params.n), source: SEIFLOTFY },
  ],
  sources: [SEIFLOTFY, { repository: 'seiflotfy/cuckoofilter', file: 'util.go', function: 'getFingerprint: hash % 255 + 1' },
    { repository: 'seiflotfy/cuckoofilter', file: 'bucket.go', function: 'bucketSize = 4, fingerprint byte' }],
};

const LINVON: SourceCitation = { repository: 'linvon/cuckoo-filter', file: 'cuckoofilter.go', function: 'NewFilter(tagsPerBucket, bitsPerItem, maxNumKeys, tableType)' };

/** linvon util.go maxLoadFactor: 0.85 for 2 tags per bucket, 0.96 for 4, 0.99 otherwise (when the table is doubled). */
function linvonMaxLoadFactor(tagsPerBucket: number): number {
  return tagsPerBucket === 2 ? 0.85 : tagsPerBucket === 4 ? 0.96 : 0.99;
}

/**
 * linvon NewFilter: numBuckets = getNextPow2(maxNumKeys / tagsPerBucket), doubled when maxNumKeys / (numBuckets x
 * tagsPerBucket) > maxLoadFactor, at least 1; tagHash: hv % (2^bitsPerItem - 1) + 1. TableTypePacked (1) stores
 * semi-sorted buckets, one bit less per tag. A failed insert is kept as the one victim, after which Add refuses.
 */
export function linvonCuckoo(tagsPerBucket: number, bitsPerItem: number, maxNumKeys: number | undefined, tableType: number): LibraryDerivation {
  if (!(Number.isInteger(tagsPerBucket) && tagsPerBucket >= 1) || !(Number.isInteger(bitsPerItem) && bitsPerItem >= 1 && bitsPerItem <= 32)) {
    return {
      rejects: [`tagsPerBucket ${tagsPerBucket} and bitsPerItem ${bitsPerItem} must be whole numbers (bitsPerItem 1 to 32, a uint32 tag)`],
      structure: cuckooTable(undefined, 4, 0, 'not allocated'),
    };
  }
  let buckets: number | undefined;
  if (maxNumKeys !== undefined) {
    buckets = nextPowerOfTwo(Math.floor(maxNumKeys / tagsPerBucket));
    if (maxNumKeys / (buckets * tagsPerBucket) > linvonMaxLoadFactor(tagsPerBucket)) buckets *= 2;
    buckets = Math.max(1, buckets);
  }
  const packed = tableType === 1;
  return {
    structure: cuckooTable(buckets, tagsPerBucket, bitsPerItem, packed ? 'a power of two, semi-sorted: one bit less per tag' : 'a power of two', {
      whenFull: 'fails', ...(packed && buckets !== undefined ? { memoryBits: buckets * tagsPerBucket * (bitsPerItem - 1) } : {}),
    }),
  };
}

export const LINVON_CUCKOO: FingerprintLibraryModule = {
  id: 'linvon-cuckoo',
  displayName: 'linvon/cuckoo-filter (Go)',
  recognizers: ['go.linvon.cuckoo.newFilter'],
  entryPoints: [
    { kind: 'call', recognizer: 'go.linvon.cuckoo.newFilter', title: 'linvon/cuckoo-filter NewFilter', callee: 'cuckoo.NewFilter', arity: [4, 4], languages: ['go'],
      requires: /linvon\/cuckoo-filter/,
      params: [{ role: 'bucketSlots', unit: 'count', position: 0 }, { role: 'fingerprintBits', unit: 'bits', position: 1 }, { role: 'n', unit: 'count', position: 2 }, { role: 'kind', unit: 'name', position: 3 }],
      derive: (params, named, stated) => {
        const b = stated.get('bucketSlots');
        const f = stated.get('fingerprintBits');
        if (b === undefined || f === undefined) return { structure: cuckooTable(undefined, b ?? 4, f ?? 0, 'tagsPerBucket or bitsPerItem is not a constant', { whenFull: 'fails' }) };
        return linvonCuckoo(b, f, params.n, stated.get('kind') ?? (/Packed$/.test(named.get('kind') ?? '') ? 1 : 0));
      },
      source: LINVON },
  ],
  sources: [LINVON, { repository: 'linvon/cuckoo-filter', file: 'util.go', function: 'maxLoadFactor, getNextPow2' },
    { repository: 'linvon/cuckoo-filter', file: 'cuckoofilter.go', function: 'tagHash: hv % ((1 << bitsPerItem) - 1) + 1; addImpl keeps one victim' }],
};

const PANMARI: SourceCitation = { repository: 'panmari/cuckoofilter', file: 'cuckoofilter.go', function: 'NewFilter(Config{NumElements, Precision}): numBuckets, maxFingerprintMinusOne' };

/** panmari Precision: Low 8 bits, High 32, anything else (Medium, the default) 16 (cuckoofilter.go NewFilter). */
export function panmariFingerprintBits(precision: string | undefined): number {
  const name = precision?.replace(/^.*\./, '');
  return name === 'Low' ? 8 : name === 'High' ? 32 : 16;
}

/**
 * panmari numBuckets: getNextPow2(numElements / 4), doubled when numElements / (numBuckets x 4) > 0.96, at least 1;
 * 4 slots per bucket (bucket.go). cuckooInsert gives up after 500 kicks holding an evicted fingerprint, which is lost
 * (the Filter interface: the filter "might return false negatives").
 */
export function panmariCuckoo(numElements: number | undefined, fingerprintBits: number): LibraryDerivation {
  let buckets: number | undefined;
  if (numElements !== undefined) {
    buckets = nextPowerOfTwo(Math.floor(numElements / 4));
    if (numElements / (buckets * 4) > 0.96) buckets *= 2;
    buckets = Math.max(1, buckets);
  }
  return { structure: cuckooTable(buckets, 4, fingerprintBits, 'a power of two', { whenFull: 'drops-a-key' }) };
}

export const PANMARI_CUCKOO: FingerprintLibraryModule = {
  id: 'panmari-cuckoo',
  displayName: 'panmari/cuckoofilter (Go)',
  recognizers: ['go.panmari.cuckoo.newFilter'],
  entryPoints: [
    { kind: 'call', recognizer: 'go.panmari.cuckoo.newFilter', title: 'panmari/cuckoofilter NewFilter', callee: 'cuckoo.NewFilter', arity: [1, 1], languages: ['go'],
      // NewFilter(Config{NumElements, Precision}); older releases: NewFilter(numElements uint), four 16-bit tags in a uint64 bucket
      requires: /panmari\/cuckoofilter/, params: [{ role: 'n', unit: 'count', position: 0, names: ['NumElements'] }],
      derive: (params, named) => panmariCuckoo(params.n, panmariFingerprintBits(named.get('Precision'))), source: PANMARI },
  ],
  sources: [PANMARI, { repository: 'panmari/cuckoofilter', file: 'bucket.go', function: 'bucketSize = 4, nullFp = 0' }],
};

// efficient/cuckoofilter (C++, the paper's reference implementation): linvon/cuckoo-filter is its Go port, same table.
const EFFICIENT: SourceCitation = { repository: 'efficient/cuckoofilter', file: 'src/cuckoofilter.h', function: 'template <ItemType, size_t bits_per_item, TableType = SingleTable> CuckooFilter(max_num_keys): assoc 4, upperpower2(max(1, max_num_keys / assoc)) buckets, doubled when the load would pass 0.96; kMaxCuckooCount 500, one victim' };

export const EFFICIENT_CUCKOO: FingerprintLibraryModule = {
  id: 'efficient-cuckoofilter',
  displayName: 'efficient/cuckoofilter (C++)',
  recognizers: ['cpp.efficient.cuckooFilter'],
  entryPoints: [{
    kind: 'call', recognizer: 'cpp.efficient.cuckooFilter', title: 'cuckoofilter::CuckooFilter<ItemType, bits_per_item, TableType>(max_num_keys)', callee: 'CuckooFilter', arity: [1, 1], languages: ['cpp'],
    requires: /cuckoofilter\.h|cuckoofilter::/, declaration: true,
    params: [{ role: 'n', unit: 'count', position: 0 }],
    typeArguments: [{ role: 'fingerprintBits', unit: 'bits', position: 1 }, { role: 'kind', unit: 'name', position: 2 }],
    derive: (params, named, stated) => {
      const bits = stated.get('fingerprintBits');
      if (bits === undefined) return { structure: cuckooTable(undefined, 4, 0, 'bits_per_item is not a constant', { whenFull: 'fails' }) };
      return linvonCuckoo(4, bits, params.n, /PackedTable/.test(named.get('kind') ?? '') ? 1 : 0);
    },
    source: EFFICIENT,
  }],
  sources: [EFFICIENT, { repository: 'efficient/cuckoofilter', file: 'src/packedtable.h', function: 'PackedTable: semi-sorted buckets of 4 tags, one bit less per tag' }],
};
