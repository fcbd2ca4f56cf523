/** holiman/bloomfilter (Go; go-ethereum's snapshot and trie-node filters) and steakknife/bloomfilter, the library it forked. */
import { classicModel } from './models';
import type { CallEntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** New(m, k): m bits (at least 2, stored in 64-bit words but indexed mod m), k keyed hashes of one 64-bit hash. */
export function holimanNew(m: number, k: number): LibraryDerivation {
  // v2/new.go newBits: `if m < MMin` (MMin = 2) returns an error
  if (m < 2) return { rejects: [`m = ${m}: bloomfilter.New returns an error below 2 bits`] };
  return result(m, k, []);
}

/** NewOptimal(maxN, p): OptimalM = ceil(-n ln p / ln²2), OptimalK = ceil(m ln 2 / n). */
export function holimanOptimal(n: number, p: number): LibraryDerivation {
  const m = Math.ceil((-n * Math.log(p)) / LN2_SQUARED);
  return result(m, Math.ceil((m * LN2) / n), []);
}

const HOLIMAN_SOURCE: SourceCitation = { repository: 'holiman/bloomfilter', file: 'v2/new.go', function: 'New(m, k), NewOptimal(maxN, p), OptimalM, OptimalK, newBits (m >= MMin = 2)' };
const STEAKKNIFE_SOURCE: SourceCitation = { repository: 'steakknife/bloomfilter', file: 'new.go, optimal.go', function: 'New, NewOptimal, OptimalM, OptimalK' };

/** The same two constructors in both packages (imported as `bloomfilter`); the import tells which library the file uses. */
export function holimanEntryPoints(id: 'go.holiman' | 'go.steakknife', library: string, requires: RegExp, source: SourceCitation): CallEntryPoint[] {
  return [
    { kind: 'call', recognizer: `${id}.new`, title: `${library} New(m, k)`, callee: 'bloomfilter.New', arity: [2, 2], languages: ['go'], requires,
      params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }],
      derive: (params) => (params.m !== undefined && params.k !== undefined ? holimanNew(params.m, params.k) : {}), source },
    { kind: 'call', recognizer: `${id}.newOptimal`, title: `${library} NewOptimal(maxN, p)`, callee: 'bloomfilter.NewOptimal', arity: [2, 2], languages: ['go'], requires,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? holimanOptimal(params.n, params.p) : {}), source },
  ];
}

export const HOLIMAN: LibraryModule = {
  id: 'holiman-bloomfilter',
  displayName: 'holiman/bloomfilter (Go)',
  recognizers: ['go.holiman.new', 'go.holiman.newOptimal'],
  entryPoints: holimanEntryPoints('go.holiman', 'holiman/bloomfilter', /holiman\/bloomfilter/, HOLIMAN_SOURCE),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [HOLIMAN_SOURCE],
};

export { STEAKKNIFE_SOURCE };
