/** The `cuckoofilter` crate (axiomhq/rust-cuckoofilter): CuckooFilter::with_capacity(cap), 4 one-byte fingerprints per bucket. */
import type { LibraryDerivation } from '../detect/types';
import { cuckooTable } from './fingerprintLayouts';
import type { FingerprintLibraryModule, SourceCitation } from './types';
import { nextPowerOfTwo } from './util';

const SOURCE: SourceCitation = { repository: 'axiomhq/rust-cuckoofilter', file: 'src/lib.rs', function: 'CuckooFilter::with_capacity: max(1, cap.next_power_of_two() / BUCKET_SIZE) buckets; add (MAX_REBUCKET = 500, the last fingerprint moved is dropped)' };
const BUCKET: SourceCitation = { repository: 'axiomhq/rust-cuckoofilter', file: 'src/bucket.rs', function: 'FINGERPRINT_SIZE = 1 byte, BUCKET_SIZE = 4, EMPTY_FINGERPRINT_DATA = 100' };

/** with_capacity(cap): max(1, next_power_of_two(cap) / 4) buckets of 4 one-byte tags (the byte 100 marks empty: 255 values). */
export function rustCuckoofilter(capacity: number | undefined): LibraryDerivation {
  const buckets = capacity === undefined ? undefined : Math.max(1, Math.floor(nextPowerOfTwo(capacity) / 4));
  return { structure: cuckooTable(buckets, 4, 8, 'next_power_of_two(capacity) / 4', { whenFull: 'drops-a-key' }) };
}

export const RUST_CUCKOOFILTER: FingerprintLibraryModule = {
  id: 'rust-cuckoofilter',
  displayName: 'cuckoofilter crate (Rust)',
  recognizers: ['rust.cuckoofilter.withCapacity'],
  entryPoints: [
    { kind: 'call', recognizer: 'rust.cuckoofilter.withCapacity', title: 'cuckoofilter CuckooFilter::with_capacity(cap)', callee: 'CuckooFilter::with_capacity', arity: [1, 1], languages: ['rust'],
      requires: /\bcuckoofilter\b/, params: [{ role: 'n', unit: 'count', position: 0 }], derive: (params) => rustCuckoofilter(params.n), source: SOURCE },
  ],
  sources: [SOURCE, BUCKET],
};
