/**
 * @pacote/bloom-filter (npm, PacoteJS/pacote): `new BloomFilter({ size, hashes, seed })` (size bits in a Uint32Array),
 * `new CountingBloomFilter({ size, hashes })` (size 32-bit counters) and `optimal(items, errorRate)`, which returns the
 * `{ size, hashes }` the constructors take: `new BloomFilter(optimal(n, p))` is that filter sized for n and p.
 */
import type { LibraryDerivation } from '../detect/types';
import { classicModel } from './models';
import type { DeclaredParam, EntryPoint, LibraryModule, SourceCitation } from './types';
import { LN2, result } from './util';

const OPTIMAL: SourceCitation = { repository: 'PacoteJS/pacote', file: 'packages/bloom-filter/src/optimal.ts', function: 'optimal(items, errorRate): size = Math.ceil(-(items * Math.log(errorRate)) / Math.LN2 ** 2), hashes = Math.round((size / items) * Math.LN2)' };
const BLOOM: SourceCitation = { repository: 'PacoteJS/pacote', file: 'packages/bloom-filter/src/bloom-filter.ts', function: 'BloomFilter(options: { size, hashes, seed = 0x00c0ffee }): throws unless size >= 1 and hashes >= 1; Uint32Array(Math.ceil(size / 32))' };
const COUNTING: SourceCitation = { repository: 'PacoteJS/pacote', file: 'packages/bloom-filter/src/counting-bloom-filter.ts', function: 'CountingBloomFilter(options: { size, hashes, seed }): the same checks; Uint32Array(size) counters' };

export function pacoteOptimal(n: number, p: number): LibraryDerivation {
  const m = Math.ceil(-(n * Math.log(p)) / LN2 ** 2);
  return result(m, Math.round((m / n) * LN2), []);
}

function pacoteSized(m: number | undefined, k: number | undefined): LibraryDerivation {
  if (m !== undefined && m < 1) return { rejects: [`size ${m}: the constructor throws "size must be greater than 0"`] };
  if (k !== undefined && k < 1) return { rejects: [`hashes ${k}: the constructor throws "number of hashes must be greater than 0"`] };
  return m !== undefined && k !== undefined ? result(m, k, []) : {};
}

const JS = ['javascript', 'typescript'];
const REQUIRES = /@pacote\/bloom-filter/;
const N_P: readonly DeclaredParam[] = [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }];
const SIZE_HASHES: readonly DeclaredParam[] = [{ role: 'm', unit: 'bits', names: ['size'] }, { role: 'k', unit: 'hashes', names: ['hashes'] }];
const COUNTING_NOTE = 'counting filter: size 32-bit counters (4 · size bytes)';
const byOptimal = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? pacoteOptimal(params.n, params.p) : {});

const ENTRY_POINTS: readonly EntryPoint[] = [
  // a filter constructed from optimal(n, p) directly: the finding takes n and p
  { kind: 'call', recognizer: 'pacote.bloomFilter.new', title: '@pacote/bloom-filter new BloomFilter(optimal(items, errorRate))', callee: 'BloomFilter(optimal', arity: [2, 2], languages: JS, requires: REQUIRES,
    params: N_P, derive: byOptimal, source: OPTIMAL },
  { kind: 'call', recognizer: 'pacote.countingBloomFilter.new', title: '@pacote/bloom-filter new CountingBloomFilter(optimal(items, errorRate))', callee: 'CountingBloomFilter(optimal', arity: [2, 2], languages: JS, requires: REQUIRES,
    params: N_P, notes: [COUNTING_NOTE], derive: byOptimal, source: OPTIMAL },
  { kind: 'call', recognizer: 'pacote.bloomFilter.new', title: '@pacote/bloom-filter new BloomFilter({ size, hashes })', callee: 'BloomFilter', arity: [1, 1], languages: JS, requires: REQUIRES,
    params: SIZE_HASHES, derive: (params) => pacoteSized(params.m, params.k), source: BLOOM },
  { kind: 'call', recognizer: 'pacote.countingBloomFilter.new', title: '@pacote/bloom-filter new CountingBloomFilter({ size, hashes })', callee: 'CountingBloomFilter', arity: [1, 1], languages: JS, requires: REQUIRES,
    params: [{ role: 'm', unit: 'count', names: ['size'] }, { role: 'k', unit: 'hashes', names: ['hashes'] }], notes: [COUNTING_NOTE], derive: (params) => pacoteSized(params.m, params.k), source: COUNTING },
  // the helper by itself (its result reaches a constructor through a variable): reported when both arguments read as values
  { kind: 'call', recognizer: 'pacote.optimal', title: '@pacote/bloom-filter optimal(items, errorRate)', callee: 'optimal', arity: [2, 2], languages: JS, requires: REQUIRES, onlyWhenRead: ['n', 'p'],
    params: N_P, notes: ['optimal returns the { size, hashes } the code passes on to BloomFilter or CountingBloomFilter'], derive: byOptimal, source: OPTIMAL },
];

export const PACOTE_BLOOM: LibraryModule = {
  id: 'pacote-bloom-filter',
  displayName: '@pacote/bloom-filter (npm)',
  recognizers: ['pacote.bloomFilter.new', 'pacote.countingBloomFilter.new', 'pacote.optimal'],
  entryPoints: ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [OPTIMAL, BLOOM, COUNTING],
};
