/** Linux eBPF BPF_MAP_TYPE_BLOOM_FILTER. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { nextPowerOfTwo, result, sizeNote, snippetSummary } from './util';
import { LN2 } from './util';

/** bloom_map_alloc: nr_bits = n k / 5 * 7 rounded up to a power of two (min 64, max 2^32). */
export function ebpf(maxEntries: number, hashes: number): LibraryDerivation {
  // bloom_map_alloc: `attr->map_extra & ~0xF` is EINVAL; the low 4 bits are the hash count
  if (hashes > 15) return { rejects: [`map_extra = ${hashes}: the kernel takes 1-15 hash functions (0 means 5); bpf() returns EINVAL`] };
  const notes: string[] = [];
  const product = maxEntries * hashes;
  let bits: number;
  if (product > 0xffffffff || Math.trunc(product / 5) * 7 > 0xffffffff || Math.trunc(product / 5) * 7 > 2 ** 31) {
    bits = 2 ** 32;
  } else {
    const raw = Math.trunc(product / 5) * 7;
    bits = raw <= 64 ? 64 : nextPowerOfTwo(raw);
  }
  sizeNote(notes, 'the kernel rounds nr_bits up to a power of two', (maxEntries * hashes) / LN2, bits);
  return result(bits, hashes, notes);
}

const AYA: SourceCitation = { repository: 'aya-rs/aya', file: 'ebpf/aya-ebpf/src/maps/bloom_filter.rs', function: 'BloomFilter::with_max_entries(max_entries, flags), BloomFilter::pinned' };
const CILIUM: SourceCitation = { repository: 'cilium/ebpf', file: 'map.go', function: 'MapSpec{Type: BloomFilter, MaxEntries, MapExtra}' };
// bloom_map_alloc: `nr_hash_funcs = attr->map_extra & BPF_BLOOM_FILTER_HASH_MASK; if (nr_hash_funcs == 0) nr_hash_funcs = 5;`
const KERNEL_ZERO_HASHES = { value: 5, text: 'MapExtra = 0 means the kernel default, 5 hash functions' };
const KERNEL_DEFAULT_HASHES = { k: { value: 5, text: 'eBPF default: 5 hash functions when map_extra is not set' } };
const deriveMap = (params: { n?: number; k?: number }): LibraryDerivation => (params.n !== undefined && params.k !== undefined ? ebpf(params.n, params.k) : {});

export const EBPF: LibraryModule = {
  id: 'ebpf',
  displayName: 'Linux eBPF bloom filter map',
  recognizers: ['ebpf.bloomMap'],
  entryPoints: [
    // aya's legacy map cannot set map_extra: the kernel's 5 hash functions
    ...['BloomFilter::with_max_entries', 'BloomFilter::pinned'].map((callee) => ({
      kind: 'call' as const, recognizer: 'ebpf.bloomMap', title: `aya ${callee}`, callee, arity: [2, 2] as const, languages: ['rust'], requires: /aya/,
      params: [{ role: 'n' as const, unit: 'count' as const, position: 0, names: ['max_entries'] }], defaults: KERNEL_DEFAULT_HASHES, derive: deriveMap, source: AYA,
    })),
    { kind: 'settings', recognizer: 'ebpf.bloomMap', title: 'cilium/ebpf BloomFilter map', triggers: ['n'], languages: ['go'], requires: /cilium\/ebpf/,
      defaults: KERNEL_DEFAULT_HASHES, derive: deriveMap,
      settings: [
        { role: 'kind', unit: 'name', form: 'field', name: 'Type', value: /\bebpf\.BloomFilter\b/, source: CILIUM },
        { role: 'n', unit: 'count', form: 'field', name: 'MaxEntries', source: CILIUM },
        { role: 'k', unit: 'hashes', form: 'field', name: 'MapExtra', zeroMeans: KERNEL_ZERO_HASHES, source: CILIUM },
      ] },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'torvalds/linux', file: 'kernel/bpf/bloom_filter.c', function: 'bloom_map_alloc' }, AYA, CILIUM],
  snippets: [{
    id: 'ebpf', label: 'Linux eBPF map',
    render: (d) => `/* ${snippetSummary(d)} (the kernel sizes nr_bits itself, rounded to a power of two) */\nstruct {\n    __uint(type, BPF_MAP_TYPE_BLOOM_FILTER);\n    __type(value, __u32);\n    __uint(max_entries, ${d.n});\n    __uint(map_extra, ${Math.min(15, d.k)});\n} filter SEC(".maps");`,
  }],
};
