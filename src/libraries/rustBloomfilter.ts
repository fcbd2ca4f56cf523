/** bloomfilter crate (Rust, jedisct1/rust-bloom-filter; also inside valkey-bloom). */
import { classicModel } from './models';
import type { CallEntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { groupedInteger, LN2, LN2_SQUARED, result, snippetSummary } from './util';

/**
 * Bloom::new(bitmap_bytes, n) / new_for_fp_rate(n, p): the bitmap in bytes (compute_bitmap_size), k = max(1, round(m/n ln 2))
 * (optimal_k_num; 3.0 rounds, releases before 3.0 took the ceiling).
 */
export function rustBloomfilter(n: number, p: number | undefined, bitmapBytes?: number): LibraryDerivation {
  const bytes = bitmapBytes ?? Math.ceil((n * Math.log(p as number)) / (-8 * LN2_SQUARED)); // compute_bitmap_size
  const m = bytes * 8;
  const k = Math.max(1, Math.round((m / n) * LN2)); // optimal_k_num
  return result(m, k, []);
}

const SOURCE: SourceCitation = { repository: 'jedisct1/rust-bloom-filter', file: 'src/lib.rs', function: 'Bloom::new, new_with_seed, new_for_fp_rate, new_for_fp_rate_with_seed, compute_bitmap_size, optimal_k_num (3.0.1)' };
// `Bloom` alone is a common name: the (bytes, n) constructors need the crate named in the file
const REQUIRES = /\bbloomfilter\b/;
const BYTES_NOTE = 'Bloom::new takes the bitmap size in BYTES (recorded here as bits)';

const ENTRY_POINTS: readonly CallEntryPoint[] = [
  ...(['new', 'new_with_seed'] as const).map((fn) => ({
    kind: 'call' as const, recognizer: 'rust.bloomfilter.new', title: `bloomfilter Bloom::${fn}(bitmap_size, items_count)`, callee: `Bloom::${fn}`,
    arity: fn === 'new' ? [2, 2] as const : [3, 3] as const, languages: ['rust'], requires: REQUIRES, notes: [BYTES_NOTE],
    params: [{ role: 'm' as const, unit: 'bytes' as const, position: 0 }, { role: 'n' as const, unit: 'count' as const, position: 1 }],
    derive: (params: { m?: number; n?: number }) => (params.m !== undefined && params.n !== undefined ? rustBloomfilter(params.n, undefined, params.m / 8) : {}), source: SOURCE,
  })),
  ...(['new_for_fp_rate', 'new_for_fp_rate_with_seed'] as const).map((fn) => ({
    kind: 'call' as const, recognizer: 'rust.bloomfilter.newForFpRate', title: `bloomfilter Bloom::${fn}(items_count, fp_p)`, callee: `Bloom::${fn}`,
    arity: fn === 'new_for_fp_rate' ? [2, 2] as const : [3, 3] as const, languages: ['rust'],
    params: [{ role: 'n' as const, unit: 'count' as const, position: 0 }, { role: 'p' as const, unit: 'probability' as const, position: 1 }],
    derive: (params: { n?: number; p?: number }) => (params.n !== undefined && params.p !== undefined ? rustBloomfilter(params.n, params.p) : {}), source: SOURCE,
  })),
];

export const RUST_BLOOMFILTER: LibraryModule = {
  id: 'rust-bloomfilter',
  displayName: 'bloomfilter (Rust)',
  recognizers: ['rust.bloomfilter.new', 'rust.bloomfilter.newForFpRate'],
  entryPoints: ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
  allocations: [{ id: 'rust-bloomfilter', label: 'bloomfilter (Rust)', call: (n, p) => `Bloom::new_for_fp_rate(${n}, ${p})`, derive: (n, p) => rustBloomfilter(n, p) }],
  snippets: [{ id: 'rust-bloomfilter', label: 'bloomfilter (Rust)', render: (d) => `// ${snippetSummary(d)} (the bitmap size is in bytes)\nlet filter = Bloom::new(${groupedInteger(Math.ceil(d.mBits / 8))}, ${groupedInteger(d.n)});` }],
};
