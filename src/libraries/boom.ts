/** tylertreat/BoomFilters (Go). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { LN2_SQUARED, result } from './util';

/** boom.NewBloomFilter: m = ceil(n / (ln²2 / |ln p|)), k = ceil(log2(1/p)) (OptimalM, OptimalK). */
export function boom(n: number, p: number): LibraryDerivation {
  const m = Math.ceil(n / (LN2_SQUARED / Math.abs(Math.log(p))));
  const k = Math.ceil(Math.log2(1 / p));
  return result(m, k, []);
}

export const BOOM: LibraryModule = {
  id: 'boom',
  displayName: 'BoomFilters',
  recognizers: ['go.boom.newBloomFilter', 'go.boom.newScalableBloomFilter'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'tylertreat/BoomFilters', file: 'boom.go, classic.go', function: 'OptimalM, OptimalK, NewBloomFilter' }],
  allocations: [{ id: 'boom', label: 'tylertreat/BoomFilters (Go)', call: (n, p) => `boom.NewBloomFilter(${n}, ${p})`, derive: boom }],
};
