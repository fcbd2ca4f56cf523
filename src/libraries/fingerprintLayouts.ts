/**
 * What the fingerprint-filter library modules share: the structure of a cuckoo table, an XOR filter and a binary fuse
 * filter as a library allocates it (detect/types.ts FingerprintStructure), from src/core/fingerprintFilters.ts.
 */
import { binaryFuseLayout, FuseArity, xorFilterSlots } from '../core/fingerprintFilters';
import type { FingerprintStructure, LibraryDerivation } from '../detect/types';

/** "1,048,576" */
const grouped = (value: number): string => value.toLocaleString('en-US');

/** A cuckoo table of `buckets` buckets (undefined: the capacity is not a constant) of `bucketSlots` tags of `fingerprintBits` bits each. */
export function cuckooTable(buckets: number | undefined, bucketSlots: number, fingerprintBits: number, how: string, extra: Partial<FingerprintStructure> = {}): FingerprintStructure {
  if (buckets === undefined) return { kind: 'cuckoo', fingerprintBits, bucketSlots, layout: `${bucketSlots}-slot buckets (${how}); the capacity is not known`, ...extra };
  return {
    kind: 'cuckoo', fingerprintBits, bucketSlots, slots: buckets * bucketSlots,
    layout: `${grouped(buckets)} buckets x ${bucketSlots} slots (${how})`, ...extra,
  };
}

/** Slots per key of an XOR filter in the large-n limit (Graf & Lemire 2020: 1.23 n + 32). */
export const XOR_SLOTS_PER_KEY = 1.23;
/** Slots per key of a 3-wise binary fuse filter for n >= 1e6 (binary_fuse_calculate_size_factor: 1.125). */
export const FUSE3_SLOTS_PER_KEY = 1.125;

/**
 * An XOR filter built from n keys (n unknown: the keys come from elsewhere; memory per key in the large-n limit).
 * `slots` is the library's own sizing (default: xor_singleheader xor8_allocate, fingerprintFilters.ts xorFilterSlots).
 */
export function xorFilter(n: number | undefined, fingerprintBits: number, slots: (n: number) => number = xorFilterSlots): LibraryDerivation {
  const known = n !== undefined && Number.isSafeInteger(n) && n >= 1;
  return {
    structure: known
      ? { kind: 'xor', fingerprintBits, arity: 3, slots: slots(n), layout: `${grouped(slots(n))} slots, 3 per key (about 1.23 n + 32)` }
      : { kind: 'xor', fingerprintBits, arity: 3, slotsPerKey: XOR_SLOTS_PER_KEY, layout: '1.23 n + 32 slots, 3 per key' },
  };
}

/** A 3-wise binary fuse filter built from n keys (binaryfusefilter.h binary_fuse8_allocate, as binaryFuseLayout). */
export function binaryFuseFilter(n: number | undefined, fingerprintBits: number, arity: FuseArity = 3): LibraryDerivation {
  if (n === undefined || !Number.isSafeInteger(n) || n < 1) {
    return { structure: { kind: 'binary-fuse', fingerprintBits, arity, slotsPerKey: FUSE3_SLOTS_PER_KEY, layout: `${arity}-wise, about ${FUSE3_SLOTS_PER_KEY} n slots for large n` } };
  }
  const layout = binaryFuseLayout(n, arity);
  return {
    structure: {
      kind: 'binary-fuse', fingerprintBits, arity, slots: layout.slots,
      layout: `${grouped(layout.slots)} slots: ${grouped(layout.segmentCount + arity - 1)} segments of ${grouped(layout.segmentLength)}, ${arity}-wise`,
    },
  };
}
