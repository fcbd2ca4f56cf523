/** growable-bloom-filter (Rust). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, result } from './util';

/**
 * GrowableBloom::new(p, n), first sub-filter (Bloom::new, 2.x since 2021): k = ceil(log2(1/p)) slices of ceil(n / ln 2) bits
 * each (every slice half full at n), the whole rounded up to bytes. Releases before 2021 sized ceil(|ln p| n / ln²2) bits.
 */
export function growable(p: number, n: number): LibraryDerivation {
  const k = Math.ceil(Math.log2(1 / p));
  const sliceBits = Math.ceil(n / LN2);
  const m = Math.ceil((k * sliceBits) / 8) * 8;
  return result(m, k, ['partitioned into k slices; when full it adds a sub-filter of growth_factor (2) times the capacity at p x tightening_ratio^i (0.8515625)']);
}

const SOURCE: SourceCitation = { repository: 'dpbriggs/growable-bloom-filters', file: 'src/lib.rs', function: 'Bloom::new (slice_len_bits = ceil(capacity / ln 2)), GrowableBloom::new(desired_error_prob, est_insertions), grow, GrowableBloomBuilder::new (1000, 0.01), DEFAULT_TIGHTENING_RATIO (2.1.1)' };

export const GROWABLE: LibraryModule = {
  id: 'growable',
  displayName: 'growable-bloom-filter',
  recognizers: ['rust.growable.new', 'rust.growable.builder'],
  // the builder (its values in chained calls) is procedural: src/detect/recognizers/libraries.ts
  entryPoints: [{
    kind: 'call', recognizer: 'rust.growable.new', title: 'growable-bloom-filter GrowableBloom::new(desired_error_prob, est_insertions)', callee: 'GrowableBloom::new', arity: [2, 2], languages: ['rust'],
    params: [{ role: 'p', unit: 'probability', position: 0 }, { role: 'n', unit: 'count', position: 1 }],
    hashing: { model: 'partitioned', why: 'growable-bloom-filter is partitioned' },
    derive: (params) => (params.n !== undefined && params.p !== undefined ? growable(params.p, params.n) : {}), source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'partitioned' },
  model: classicModel('partitioned'),
  sources: [SOURCE],
  allocations: [{ id: 'growable', label: 'growable-bloom-filter (Rust)', call: (n, p) => `GrowableBloom::new(${p}, ${n})`, derive: (n, p) => growable(p, n) }],
};
