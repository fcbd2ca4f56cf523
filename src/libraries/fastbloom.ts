/** fastbloom (Rust, tomtomwombat/fastbloom). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { ceilTo, groupedInteger, LN2, LN2_SQUARED, result, snippetSummary } from './util';

/**
 * fastbloom 0.17 is a standard filter (k positions over all bits; no blocks since 0.12). with_num_bits(m) allocates
 * ceil(m / 64) u64 words (new_builder); expected_items(n) sets k = max(1, round(ln 2 · bits / n)) (optimal_hashes)
 * from the allocated bits; hashes(0) counts as 1.
 */
export function fastbloomNumBits(numBits: number, n?: number, hashes?: number): LibraryDerivation {
  const m = ceilTo(Math.max(numBits, 1), 64);
  const k = hashes !== undefined ? Math.max(1, hashes) : n !== undefined ? Math.max(1, Math.round((LN2 * m) / Math.max(1, n))) : undefined;
  return result(m, k, []);
}

/** with_false_pos(p).expected_items(n): optimal_size = max(64, 8 · ceil(n ln p / (-8 ln²2))) bits, then as with_num_bits. */
export function fastbloomFalsePos(n: number, p: number): LibraryDerivation {
  const items = Math.max(1, n); // expected_items: 0 is treated as 1
  const bits = Math.max(64, 8 * Math.ceil((items * Math.log(p)) / (-8 * LN2_SQUARED)));
  return fastbloomNumBits(bits, items);
}

export const FASTBLOOM: LibraryModule = {
  id: 'fastbloom',
  displayName: 'fastbloom',
  recognizers: ['rust.fastbloom.withFalsePos', 'rust.fastbloom.withNumBits'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'tomtomwombat/fastbloom', file: 'src/builder.rs', function: 'optimal_size, optimal_hashes, BuilderWithFalsePositiveRate::expected_items' },
    { repository: 'tomtomwombat/fastbloom', file: 'src/lib.rs', function: 'new_builder (ceil(bits / 64) words), index (standard layout)' }],
  allocations: [{ id: 'fastbloom', label: 'fastbloom (Rust)', call: (n, p) => `BloomFilter::with_false_pos(${p}).expected_items(${n})`, derive: fastbloomFalsePos }],
  snippets: [{ id: 'fastbloom', label: 'fastbloom (Rust)', render: (d) => `// ${snippetSummary(d)} (a standard filter; m is rounded up to 64-bit words)\nlet filter = BloomFilter::with_num_bits(${groupedInteger(d.mBits)}).hashes(${d.k});` }],
};
