/** fastbloom (Rust, tomtomwombat/fastbloom). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { ceilTo, groupedInteger, LN2_SQUARED, result, snippetSummary } from './util';

/** with_false_pos(p).expected_items(n): bits = 8 ceil(-n ln p / (8 ln²2)), min 512, rounded up to 512-bit blocks. */
export function fastbloomFalsePos(n: number, p: number): LibraryDerivation {
  const bits = Math.max(512, 8 * Math.ceil((-n * Math.log(p)) / (8 * LN2_SQUARED)));
  return result(ceilTo(bits, 512), undefined, ['fastbloom is a blocked filter (512-bit blocks) and chooses k per block; its FP rate is above the classic formula']);
}

export const FASTBLOOM: LibraryModule = {
  id: 'fastbloom',
  displayName: 'fastbloom',
  recognizers: ['rust.fastbloom.withFalsePos', 'rust.fastbloom.withNumBits'],
  layout: { kind: 'blocked', blockBits: 512 },
  model: classicModel('colliding'),
  sources: [{ repository: 'tomtomwombat/fastbloom', file: 'src/builder.rs', function: 'BuilderWithFalsePositiveRate::expected_items' }],
  allocations: [{ id: 'fastbloom', label: 'fastbloom (Rust)', call: (n, p) => `BloomFilter::with_false_pos(${p}).expected_items(${n})`, derive: fastbloomFalsePos }],
  snippets: [{ id: 'fastbloom', label: 'fastbloom (Rust)', render: (d) => `// ${snippetSummary(d)} (blocked filter: its FP is above the classic rate)\nlet filter = BloomFilter::with_num_bits(${groupedInteger(d.mBits)}).hashes(${d.k});` }],
};
