/** Linux eBPF BPF_MAP_TYPE_BLOOM_FILTER. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { nextPowerOfTwo, result, sizeNote, snippetSummary } from './util';
import { LN2 } from './util';

/** bloom_map_alloc: nr_bits = n k / 5 * 7 rounded up to a power of two (min 64, max 2^32). */
export function ebpf(maxEntries: number, hashes: number): LibraryDerivation {
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

export const EBPF: LibraryModule = {
  id: 'ebpf',
  displayName: 'Linux eBPF bloom filter map',
  recognizers: ['ebpf.bloomMap'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'torvalds/linux', file: 'kernel/bpf/bloom_filter.c', function: 'bloom_map_alloc' }],
  snippets: [{
    id: 'ebpf', label: 'Linux eBPF map',
    render: (d) => `/* ${snippetSummary(d)} (the kernel sizes nr_bits itself, rounded to a power of two) */\nstruct {\n    __uint(type, BPF_MAP_TYPE_BLOOM_FILTER);\n    __type(value, __u32);\n    __uint(max_entries, ${d.n});\n    __uint(map_extra, ${Math.min(15, d.k)});\n} filter SEC(".maps");`,
  }],
};
