/** growable-bloom-filter (Rust). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { LN2_SQUARED, result } from './util';

/** GrowableBloom::new(p, n): partitioned, k = ceil(log2(1/p)), bits rounded to bytes. */
export function growable(p: number, n: number): LibraryDerivation {
  const k = Math.ceil(Math.log2(1 / p));
  const bits = Math.ceil((Math.abs(Math.log(p)) * n) / LN2_SQUARED);
  const m = Math.ceil(bits / 8) * 8;
  return result(m, k, ['partitioned into k slices; grows x2 with error tightening 0.8 when full']);
}

export const GROWABLE: LibraryModule = {
  id: 'growable',
  displayName: 'growable-bloom-filter',
  recognizers: ['rust.growable.new', 'rust.growable.builder'],
  layout: { kind: 'classic', hashing: 'partitioned' },
  model: classicModel('partitioned'),
  sources: [{ repository: 'dpbriggs/growable-bloom-filters', file: 'src/lib.rs', function: 'Bloom::new, GrowableBloom::new' }],
  allocations: [{ id: 'growable', label: 'growable-bloom-filter (Rust)', call: (n, p) => `GrowableBloom::new(${p}, ${n})`, derive: (n, p) => growable(p, n) }],
};
