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
  entryPoints: [
    { kind: 'settings', recognizer: 'cpp.partow.bloomParameters', title: 'Partow bloom_parameters p; p.projected_element_count = n; p.false_positive_probability = fp;', languages: ['cpp'], triggers: ['n', 'p'],
      settings: [
        { role: 'n', unit: 'count', form: 'field', name: 'projected_element_count', source: { repository: 'ArashPartow/bloom', file: 'bloom_filter.hpp', function: 'bloom_parameters::projected_element_count, compute_optimal_parameters' } },
        { role: 'p', unit: 'probability', form: 'field', name: 'false_positive_probability', source: { repository: 'ArashPartow/bloom', file: 'bloom_filter.hpp', function: 'bloom_parameters::false_positive_probability, compute_optimal_parameters' } },
      ],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? partow(params.n, params.p) : {}),
      matchedBy: 'src/detect/recognizers/extra.ts (partow): member assignments on the variable a bloom_parameters declaration names' },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'ArashPartow/bloom', file: 'bloom_filter.hpp', function: 'bloom_parameters::compute_optimal_parameters' }],
};
