/** holiman/bloomfilter (Go; go-ethereum's snapshot and trie-node filters). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** New(m, k): m bits (at least 2, stored in 64-bit words but indexed mod m), k keyed hashes of one 64-bit hash. */
export function holimanNew(m: number, k: number): LibraryDerivation {
  return result(m, k, []);
}

/** NewOptimal(maxN, p): OptimalM = ceil(-n ln p / ln²2), OptimalK = ceil(m ln 2 / n). */
export function holimanOptimal(n: number, p: number): LibraryDerivation {
  const m = Math.ceil((-n * Math.log(p)) / LN2_SQUARED);
  return result(m, Math.ceil((m * LN2) / n), []);
}

export const HOLIMAN: LibraryModule = {
  id: 'holiman-bloomfilter',
  displayName: 'holiman/bloomfilter (Go)',
  recognizers: ['go.holiman.new', 'go.holiman.newOptimal'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'holiman/bloomfilter', file: 'bloomfilter.go, optimal.go', function: 'New, NewOptimal, OptimalM, OptimalK' }],
};
