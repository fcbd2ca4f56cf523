/**
 * The `cuckoofilter` import in Python. Two libraries use it: the PyPI package `cuckoofilter` (beaulian/cuckoofilter,
 * `CuckooFilter(capacity, fingerprint_size=1)`: next_pow2(capacity) / 4 buckets of 4), modelled here, and
 * michael-the1/python-cuckoo (`CuckooFilter(capacity, fingerprint_size, bucket_size=4, max_kicks=500)`: capacity
 * buckets), modelled in pythonLongTail.ts: a file naming python-cuckoo, or a call with bucket_size or max_kicks (three
 * or four arguments), is python-cuckoo's. fingerprint_size is in BYTES in both (the hash truncated to that many bytes).
 */
import type { LibraryDerivation } from '../detect/types';
import { cuckooTable } from './fingerprintLayouts';
import type { EntryPoint, FingerprintLibraryModule, SourceCitation } from './types';
import { nextPowerOfTwo } from './util';

const BEAULIAN: SourceCitation = { repository: 'beaulian/cuckoofilter', file: 'cuckoofilter/cuckoofilter.py', function: 'CuckooFilter.__init__(capacity, fingerprint_size=1): assert capacity >= 4, int(get_next_pow2(capacity) / DEFAULT_BUCKET_SIZE) buckets; insert (MAX_CUCKOO_COUNT = 500)' };
const BEAULIAN_BUCKET: SourceCitation = { repository: 'beaulian/cuckoofilter', file: 'cuckoofilter/bucket.py', function: 'DEFAULT_BUCKET_SIZE = 4' };

/**
 * The PyPI package's next_pow2(capacity) / 4 buckets of 4; an insert that runs out of kicks has swapped a stored
 * fingerprint out.
 */
export function pyCuckoofilter(capacity: number | undefined, fingerprintBytes: number): LibraryDerivation {
  const bits = 8 * fingerprintBytes;
  if (capacity !== undefined && capacity < 4) {
    return { rejects: [`capacity = ${capacity}: cuckoofilter asserts capacity >= 4 (AssertionError)`], structure: cuckooTable(undefined, 4, bits, 'not allocated') };
  }
  const buckets = capacity === undefined ? undefined : Math.floor(nextPowerOfTwo(capacity) / 4);
  return { structure: cuckooTable(buckets, 4, bits, `next_pow2(capacity) / 4, ${fingerprintBytes}-byte fingerprints`, { whenFull: 'drops-a-key' }) };
}

export const PY_CUCKOOFILTER: FingerprintLibraryModule = {
  id: 'py-cuckoofilter',
  displayName: 'cuckoofilter (Python)',
  recognizers: ['cuckoofilter.cuckooFilter'],
  entryPoints: ['CuckooFilter', 'cuckoofilter.CuckooFilter'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'cuckoofilter.cuckooFilter', title: 'cuckoofilter CuckooFilter(capacity, fingerprint_size=1)', callee, arity: [1, 2], languages: ['python'],
    requires: /\bimport cuckoofilter\b|\bfrom cuckoofilter\b/,
    // python-cuckoo's keywords: such a call is python-cuckoo's (pythonLongTail.ts)
    excludesNames: ['bucket_size', 'max_kicks'],
    params: [{ role: 'n', unit: 'count', position: 0, names: ['capacity'] }, { role: 'fingerprintBits', unit: 'bytes', position: 1, names: ['fingerprint_size'] }],
    derive: (params, _named, stated) => pyCuckoofilter(params.n, stated.get('fingerprintBits') ?? 1),
    source: BEAULIAN,
  })),
  sources: [BEAULIAN, BEAULIAN_BUCKET],
};
