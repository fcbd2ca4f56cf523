/** KrakenD's token revoker (devopsfaith/bloomfilter): `"github_com/devopsfaith/bloomfilter": {"N": n, "P": p, ...}`. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const SOURCE: SourceCitation = { repository: 'krakendio/bloomfilter', file: 'krakend/config.go, rotate/rotate.go', function: 'Config (N, P, HashName, TTL), NewSliding' };
const BASE: SourceCitation = { repository: 'devopsfaith/bloomfilter', file: 'bloomfilter/bloomfilter.go, bloomfilter.go', function: 'New(cfg Config): m = M(N, P) = ceil(-N ln P / ln(2^ln 2)), k = K(m, N) = ceil(ln 2 · m / N)' };

/** bloomfilter.go M and K: m = ceil(-n ln p / ln²2) (written ln(2^ln 2)), k = ceil(ln 2 · m / n), rounded up both. */
function mCeilKCeil(n: number, p: number): LibraryDerivation {
  const m = Math.ceil((-n * Math.log(p)) / LN2_SQUARED);
  return result(m, Math.ceil((LN2 * m) / n), []);
}

export const KRAKEND: LibraryModule = {
  id: 'krakend-bloomfilter',
  displayName: 'KrakenD bloomfilter (token revocation)',
  recognizers: ['krakend.bloomfilter'],
  entryPoints: [{
    // the library from Go: `baseBloomfilter.New(bloomfilter.Config{N: n, P: p, HashName: ...})` (package baseBloomfilter,
    // imported from .../bloomfilter/bloomfilter, usually under an alias)
    kind: 'call', recognizer: 'krakend.bloomfilter', title: 'devopsfaith/bloomfilter New(Config{N, P})', callee: 'baseBloomfilter.New', arity: [1, 1], languages: ['go'],
    requires: /devopsfaith\/bloomfilter\/bloomfilter\b|krakendio\/bloomfilter(?:\/v\d+)?\/bloomfilter\b/,
    params: [{ role: 'n', unit: 'count', names: ['N'] }, { role: 'p', unit: 'probability', names: ['P'] }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? mCeilKCeil(params.n, params.p) : {}),
    source: BASE,
  }, {
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
  sources: [SOURCE, BASE],
};
