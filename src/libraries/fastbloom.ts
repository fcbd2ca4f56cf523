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
  // the builders take n (.expected_items) and k (.hashes) from the call chained after them
  entryPoints: [
    { kind: 'call', recognizer: 'rust.fastbloom.withFalsePos', title: 'fastbloom BloomFilter::with_false_pos(p).expected_items(n)', callee: 'BloomFilter::with_false_pos', arity: [1, 1], languages: ['rust'],
      params: [{ role: 'p', unit: 'probability', position: 0 }],
      notes: ['n is the argument of the chained .expected_items(n) (or the number of .items(...)); AtomicBloomFilter takes the same builder'],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? fastbloomFalsePos(params.n, params.p) : {}),
      source: { repository: 'tomtomwombat/fastbloom', file: 'src/lib.rs, src/builder.rs', function: 'BloomFilter::with_false_pos, BuilderWithFalsePositiveRate::expected_items' },
      matchedBy: "src/detect/recognizers/libraries.ts (fastbloom): n comes from the chained .expected_items(n) call" },
    { kind: 'call', recognizer: 'rust.fastbloom.withNumBits', title: 'fastbloom BloomFilter::with_num_bits(m).hashes(k)', callee: 'BloomFilter::with_num_bits', arity: [1, 1], languages: ['rust'],
      params: [{ role: 'm', unit: 'bits', position: 0 }],
      notes: ['k is the argument of the chained .hashes(k), or chosen from the chained .expected_items(n); BloomFilter::from_vec(vec![0; words]) sizes m as 64 bits per word'],
      derive: (params) => (params.m !== undefined ? fastbloomNumBits(params.m, params.n, params.k) : {}),
      source: { repository: 'tomtomwombat/fastbloom', file: 'src/lib.rs, src/builder.rs', function: 'BloomFilter::with_num_bits, BuilderWithBits::hashes, BuilderWithBits::expected_items' },
      matchedBy: "src/detect/recognizers/libraries.ts (fastbloom): k and n come from the chained .hashes(k) / .expected_items(n) calls" },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'tomtomwombat/fastbloom', file: 'src/builder.rs', function: 'optimal_size, optimal_hashes, BuilderWithFalsePositiveRate::expected_items' },
    { repository: 'tomtomwombat/fastbloom', file: 'src/lib.rs', function: 'new_builder (ceil(bits / 64) words), index (standard layout)' }],
  allocations: [{ id: 'fastbloom', label: 'fastbloom (Rust)', call: (n, p) => `BloomFilter::with_false_pos(${p}).expected_items(${n})`, derive: fastbloomFalsePos }],
  snippets: [{ id: 'fastbloom', label: 'fastbloom (Rust)', render: (d) => `// ${snippetSummary(d)} (a standard filter; m is rounded up to 64-bit words)\nlet filter = BloomFilter::with_num_bits(${groupedInteger(d.mBits)}).hashes(${d.k});` }],
};
