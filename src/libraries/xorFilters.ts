/**
 * XOR and binary fuse filter libraries (Graf & Lemire 2020, 2022): the FastFilter reference code in C
 * (xor_singleheader) and Go (xorfilter), the Rust crate xorf and the npm port binary-fuse-filter. Each is built from
 * all its keys at once: n is how many keys are passed; a non-member matches with 2^-f for f-bit fingerprints.
 */
import type { LibraryDerivation } from '../detect/types';
import { binaryFuseFilter, xorFilter } from './fingerprintLayouts';
import type { CallEntryPoint, FingerprintLibraryModule, SourceCitation } from './types';

/** The JavaScript family (a module's first language names the file of its generated entry-point test). */
export const JS_LANGUAGES: readonly string[] = ['typescript', 'javascript', 'typescriptreact', 'javascriptreact'];

/** An entry point that builds a filter from its keys (the first argument) or from their count (C's allocate). */
function builtFrom(recognizer: string, title: string, callee: string, languages: readonly string[], requires: RegExp, unit: 'keys' | 'count', derive: (n: number | undefined) => LibraryDerivation, source: SourceCitation): CallEntryPoint {
  return {
    kind: 'call', recognizer, title, callee, languages, requires,
    params: [{ role: 'n', unit, position: 0 }],
    notes: unit === 'keys' ? ['built from all its keys at once: n is how many keys are passed; keys cannot be added or removed later'] : [],
    derive: (params) => derive(params.n), source,
  };
}

const C_XOR: SourceCitation = { repository: 'FastFilter/xor_singleheader', file: 'include/xorfilter.h', function: 'xor8_allocate, xor16_allocate: capacity = 32 + 1.23 size, rounded down to a multiple of 3' };
const C_FUSE: SourceCitation = { repository: 'FastFilter/xor_singleheader', file: 'include/binaryfusefilter.h', function: 'binary_fuse8_allocate, binary_fuse16_allocate (binary_fuse_calculate_segment_length, binary_fuse_calculate_size_factor)' };
const C_REQUIRES = /xorfilter|binaryfusefilter/; // #include "xorfilter.h" / "binaryfusefilter.h"

export const XOR_SINGLEHEADER: FingerprintLibraryModule = {
  id: 'xor-singleheader',
  displayName: 'FastFilter xor_singleheader (C)',
  recognizers: ['c.xorfilter.allocate', 'c.binaryfuse.allocate'],
  entryPoints: [
    builtFrom('c.xorfilter.allocate', 'xor_singleheader xor8_allocate', 'xor8_allocate', ['c', 'cpp'], C_REQUIRES, 'count', (n) => xorFilter(n, 8), C_XOR),
    builtFrom('c.xorfilter.allocate', 'xor_singleheader xor16_allocate', 'xor16_allocate', ['c', 'cpp'], C_REQUIRES, 'count', (n) => xorFilter(n, 16), C_XOR),
    builtFrom('c.binaryfuse.allocate', 'xor_singleheader binary_fuse8_allocate', 'binary_fuse8_allocate', ['c', 'cpp'], C_REQUIRES, 'count', (n) => binaryFuseFilter(n, 8), C_FUSE),
    builtFrom('c.binaryfuse.allocate', 'xor_singleheader binary_fuse16_allocate', 'binary_fuse16_allocate', ['c', 'cpp'], C_REQUIRES, 'count', (n) => binaryFuseFilter(n, 16), C_FUSE),
  ],
  sources: [C_XOR, C_FUSE],
};

const GO_XOR: SourceCitation = { repository: 'FastFilter/xorfilter', file: 'xorfilter.go', function: 'Populate(keys): capacity = 32 + ceil(1.23 size), rounded down to a multiple of 3; Xor8' };
const GO_FUSE: SourceCitation = { repository: 'FastFilter/xorfilter', file: 'binaryfusefilter8.go', function: 'PopulateBinaryFuse8(keys) = NewBinaryFuse[uint8] (binaryfusefilter.go initializeParameters)' };

/** FastFilter/xorfilter Populate: 32 + ceil(1.23 n) slots, rounded down to a multiple of 3 (one more slot than C's floor at most). */
export function goXorSlots(n: number): number {
  const capacity = 32 + Math.ceil(1.23 * n);
  return capacity - (capacity % 3);
}

export const FASTFILTER_GO: FingerprintLibraryModule = {
  id: 'fastfilter-go',
  displayName: 'FastFilter xorfilter (Go)',
  recognizers: ['go.xorfilter.populate', 'go.xorfilter.binaryFuse8'],
  entryPoints: [
    builtFrom('go.xorfilter.populate', 'xorfilter Populate (Xor8)', 'xorfilter.Populate', ['go'], /FastFilter\/xorfilter/, 'keys', (n) => xorFilter(n, 8, goXorSlots), GO_XOR),
    builtFrom('go.xorfilter.binaryFuse8', 'xorfilter PopulateBinaryFuse8', 'xorfilter.PopulateBinaryFuse8', ['go'], /FastFilter\/xorfilter/, 'keys', (n) => binaryFuseFilter(n, 8), GO_FUSE),
  ],
  sources: [GO_XOR, GO_FUSE],
};

const XORF_XOR: SourceCitation = { repository: 'ayazhafiz/xorf', file: 'src/prelude/xor.rs', function: 'xor_from_impl: capacity = (1.23 n) as usize + 32, rounded down to a multiple of 3 (Xor8, Xor16, Xor32 From<&[u64]>)' };
const XORF_FUSE: SourceCitation = { repository: 'ayazhafiz/xorf', file: 'src/prelude/bfuse.rs', function: 'bfuse_from_impl: segment_length, size_factor, capacity = round(n size_factor) (BinaryFuse8/16/32 TryFrom<&[u64]>)' };

export const XORF: FingerprintLibraryModule = {
  id: 'xorf',
  displayName: 'xorf (Rust)',
  recognizers: ['rust.xorf.xor', 'rust.xorf.binaryFuse'],
  entryPoints: [
    ...([8, 16, 32] as const).map((bits) => builtFrom('rust.xorf.xor', `xorf Xor${bits}::from`, `Xor${bits}::from`, ['rust'], /xorf/, 'keys', (n) => xorFilter(n, bits), XORF_XOR)),
    ...([8, 16, 32] as const).map((bits) => builtFrom('rust.xorf.binaryFuse', `xorf BinaryFuse${bits}::try_from`, `BinaryFuse${bits}::try_from`, ['rust'], /xorf/, 'keys', (n) => binaryFuseFilter(n, bits), XORF_FUSE)),
  ],
  sources: [XORF_XOR, XORF_FUSE],
};

const NPM_FUSE: SourceCitation = { repository: 'npm binary-fuse-filter 1.0.0', file: 'a port of FastFilter/xorfilter (Go)', function: 'populateBinaryFuse8(keys): calculateSegmentLength, calculateSizeFactor (3-wise), 8-bit fingerprints' };

export const BINARY_FUSE_FILTER_JS: FingerprintLibraryModule = {
  id: 'binary-fuse-filter-js',
  displayName: 'binary-fuse-filter (npm)',
  recognizers: ['js.binaryFuseFilter.populate'],
  entryPoints: [
    builtFrom('js.binaryFuseFilter.populate', 'binary-fuse-filter populateBinaryFuse8', 'populateBinaryFuse8', JS_LANGUAGES, /binary-fuse-filter/, 'keys', (n) => binaryFuseFilter(n, 8), NPM_FUSE),
  ],
  sources: [NPM_FUSE],
};
