/** bloomfilter crate (Rust, jedisct1/rust-bloom-filter). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { groupedInteger, LN2, LN2_SQUARED, result, snippetSummary } from './util';

/** Bloom::new(bitmap_bytes, n) / new_for_fp_rate(n, p): bitmap in bytes; k = max(1, ceil(m/n ln 2)). */
export function rustBloomfilter(n: number, p: number | undefined, bitmapBytes?: number): LibraryDerivation {
  const bytes = bitmapBytes ?? Math.ceil((n * Math.log(p as number)) / (-8 * LN2_SQUARED)); // compute_bitmap_size
  const m = bytes * 8;
  const k = Math.max(1, Math.ceil((m / n) * LN2)); // optimal_k_num
  return result(m, k, []);
}

export const RUST_BLOOMFILTER: LibraryModule = {
  id: 'rust-bloomfilter',
  displayName: 'bloomfilter (Rust)',
  recognizers: ['rust.bloomfilter.new', 'rust.bloomfilter.newForFpRate'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'jedisct1/rust-bloom-filter', file: 'src/lib.rs', function: 'Bloom::new, new_for_fp_rate, compute_bitmap_size, optimal_k_num' }],
  allocations: [{ id: 'rust-bloomfilter', label: 'bloomfilter (Rust)', call: (n, p) => `Bloom::new_for_fp_rate(${n}, ${p})`, derive: (n, p) => rustBloomfilter(n, p) }],
  snippets: [{ id: 'rust-bloomfilter', label: 'bloomfilter (Rust)', render: (d) => `// ${snippetSummary(d)} (the bitmap size is in bytes)\nlet filter = Bloom::new(${groupedInteger(Math.ceil(d.mBits / 8))}, ${groupedInteger(d.n)});` }],
};
