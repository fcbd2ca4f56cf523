/** dgraph-io/ristretto `z.NewBloomFilter(a, b)`: bbloom's code inside ristretto (its TinyLFU doorkeeper), read the same way. */
import { classicModel } from './models';
import type { LibraryModule } from './types';

export const RISTRETTO: LibraryModule = {
  id: 'ristretto',
  displayName: 'ristretto z.NewBloomFilter',
  recognizers: ['go.ristretto.newBloomFilter'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'dgraph-io/ristretto', file: 'z/bbloom.go', function: 'NewBloomFilter, calcSizeByWrongPositives, getSize (as AndreasBriese/bbloom)' }],
};
