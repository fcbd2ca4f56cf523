/** Arash Partow's C++ bloom_filter: bloom_parameters::compute_optimal_parameters. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { result } from './util';

/** The k in 1..999 that needs the fewest bits, m = -k n / ln(1 - p^(1/k)), rounded up to whole bytes. */
export function partow(n: number, p: number): LibraryDerivation {
  let best = Infinity;
  let bestK = 1;
  for (let k = 1; k < 1000; k++) {
    const m = (-k * n) / Math.log(1 - Math.pow(p, 1 / k));
    if (m < best) {
      best = m;
      bestK = k;
    }
  }
  const bits = Math.ceil(best);
  return result(bits + (bits % 8 === 0 ? 0 : 8 - (bits % 8)), bestK, []);
}

export const PARTOW: LibraryModule = {
  id: 'partow-bloom',
  displayName: 'C++ Bloom Filter Library (Partow)',
  recognizers: ['cpp.partow.bloomParameters'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'ArashPartow/bloom', file: 'bloom_filter.hpp', function: 'bloom_parameters::compute_optimal_parameters' }],
};
