/** steakknife/bloomfilter (Go): the library holiman/bloomfilter forked; the same New(m, k) and NewOptimal(maxN, p). */
import { holimanEntryPoints, STEAKKNIFE_SOURCE } from './holiman';
import { classicModel } from './models';
import type { LibraryModule } from './types';

export const STEAKKNIFE: LibraryModule = {
  id: 'steakknife-bloomfilter',
  displayName: 'steakknife/bloomfilter (Go)',
  recognizers: ['go.steakknife.new', 'go.steakknife.newOptimal'],
  // a file that imports both is read as holiman's (its module comes first in the library list)
  entryPoints: holimanEntryPoints('go.steakknife', 'steakknife/bloomfilter', /steakknife\/bloomfilter/, STEAKKNIFE_SOURCE),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [STEAKKNIFE_SOURCE],
};
