/** KrakenD's token revoker (devopsfaith/bloomfilter): `"github_com/devopsfaith/bloomfilter": {"N": n, "P": p, ...}`. */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'krakendio/bloomfilter', file: 'krakend/config.go, rotate/rotate.go', function: 'Config (N, P, HashName, TTL), NewSliding' };

export const KRAKEND: LibraryModule = {
  id: 'krakend-bloomfilter',
  displayName: 'KrakenD bloomfilter (token revocation)',
  recognizers: ['krakend.bloomfilter'],
  entryPoints: [{
    kind: 'settings', recognizer: 'krakend.bloomfilter', title: 'KrakenD bloomfilter revoker', triggers: ['n', 'p'], requires: /devopsfaith\/bloomfilter|krakendio\/bloomfilter/,
    notes: ['a rotating filter: the generations of the last TTL seconds are kept'],
    settings: [
      { role: 'kind', unit: 'name', form: 'key', name: 'github_com/devopsfaith/bloomfilter', value: /^\{$/, source: SOURCE },
      { role: 'n', unit: 'count', form: 'key', name: 'N', source: SOURCE },
      { role: 'p', unit: 'probability', form: 'key', name: 'P', source: SOURCE },
    ],
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
