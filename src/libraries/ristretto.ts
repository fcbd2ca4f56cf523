/** dgraph-io/ristretto `z.NewBloomFilter(a, b)`: bbloom's code inside ristretto (its TinyLFU doorkeeper), read the same way. */
import { bbloom } from './bbloom';
import { classicModel } from './models';
import type { LibraryModule } from './types';

export const RISTRETTO: LibraryModule = {
  id: 'ristretto',
  displayName: 'ristretto z.NewBloomFilter',
  recognizers: ['go.ristretto.newBloomFilter'],
  // z.NewBloomFilter(params ...float64) is bbloom's New: (n, p) when the second argument is below 1, else (m, k)
  entryPoints: [
    { kind: 'call', recognizer: 'go.ristretto.newBloomFilter', title: 'ristretto z.NewBloomFilter(float64(n), p)', callee: 'z.NewBloomFilter', arity: [2, 2], languages: ['go'], requires: /dgraph-io\/ristretto/,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? bbloom(params.n, params.p) : {}),
      source: { repository: 'dgraph-io/ristretto', file: 'z/bbloom.go', function: 'NewBloomFilter (params[1] < 1: calcSizeByWrongPositives)' },
      matchedBy: "src/detect/recognizers/libraries.ts (bbloom): one call means (n, p) or (m, k) by the value of its second argument" },
    { kind: 'call', recognizer: 'go.ristretto.newBloomFilter', title: 'ristretto z.NewBloomFilter(float64(m), float64(k))', callee: 'z.NewBloomFilter', arity: [2, 2], languages: ['go'], requires: /dgraph-io\/ristretto/,
      params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }],
      derive: (params) => (params.m !== undefined && params.k !== undefined ? bbloom(params.m, params.k) : {}),
      source: { repository: 'dgraph-io/ristretto', file: 'z/bbloom.go', function: 'NewBloomFilter (params[1] >= 1: entries = params[0] bits, locs = params[1])' },
      matchedBy: "src/detect/recognizers/libraries.ts (bbloom): one call means (n, p) or (m, k) by the value of its second argument" },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'dgraph-io/ristretto', file: 'z/bbloom.go', function: 'NewBloomFilter, calcSizeByWrongPositives, getSize (as AndreasBriese/bbloom)' }],
};
