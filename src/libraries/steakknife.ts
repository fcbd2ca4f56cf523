/** steakknife/bloomfilter (Go): the library holiman/bloomfilter forked; the same New(m, k) and NewOptimal(maxN, p). */
import { classicModel } from './models';
import type { LibraryModule } from './types';

export const STEAKKNIFE: LibraryModule = {
  id: 'steakknife-bloomfilter',
  displayName: 'steakknife/bloomfilter (Go)',
  recognizers: ['go.steakknife.new', 'go.steakknife.newOptimal'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'steakknife/bloomfilter', file: 'new.go, optimal.go', function: 'New, NewOptimal, OptimalM, OptimalK' }],
};
