/**
 * liyue201/gostl `ds/bloomfilter` (package `bloom`): New(m, k, opts...) and NewWithEstimates(n, fp, opts...). k SHA-512
 * derived 64-bit values modulo m; the bitmap stores m rounded up to whole bytes but only the first m bits are used.
 */
import { ceilCeil } from './bitsAndBlooms';
import { classicModel } from './models';
import type { EntryPoint, LibraryModule, SourceCitation } from './types';
import { result } from './util';

const BLOOM: SourceCitation = { repository: 'liyue201/gostl', file: 'ds/bloomfilter/bloom.go', function: 'New(m, k uint64, opts ...Option), NewWithEstimates(n uint64, fp float64, opts ...Option), EstimateParameters: m = ceil(-n ln p / ln²2), k = ceil(ln 2 · m / n)' };
const HASH: SourceCitation = { repository: 'liyue201/gostl', file: 'algorithm/hash/hash.go', function: 'GenHashInts: k 64-bit words of chained SHA-512; Add sets hashs[i] % m' };

const REQUIRES = /liyue201\/gostl/;
// the package is `bloom`; an import alias `bloomfilter` follows the directory name
const QUALIFIERS = ['bloom', 'bloomfilter'];

const ENTRY_POINTS: readonly EntryPoint[] = QUALIFIERS.flatMap((q): EntryPoint[] => [
  { kind: 'call', recognizer: 'go.gostl.bloomfilter.new', title: 'gostl bloom.New(m, k)', callee: `${q}.New`, arity: [2, 10], languages: ['go'], requires: REQUIRES,
    params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }],
    derive: (params) => (params.m !== undefined && params.k !== undefined ? result(params.m, params.k, []) : {}), source: BLOOM },
  { kind: 'call', recognizer: 'go.gostl.bloomfilter.newWithEstimates', title: 'gostl bloom.NewWithEstimates(n, fp)', callee: `${q}.NewWithEstimates`, arity: [2, 10], languages: ['go'], requires: REQUIRES,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? ceilCeil(params.n, params.p) : {}), source: BLOOM },
  { kind: 'call', recognizer: 'go.gostl.bloomfilter.estimateParameters', title: 'gostl bloom.EstimateParameters(n, p)', callee: `${q}.EstimateParameters`, arity: [2, 2], languages: ['go'], requires: REQUIRES,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? ceilCeil(params.n, params.p) : {}), source: BLOOM },
]);

export const GOSTL_BLOOM: LibraryModule = {
  id: 'gostl-bloom',
  displayName: 'gostl bloom (Go)',
  recognizers: ['go.gostl.bloomfilter.new', 'go.gostl.bloomfilter.newWithEstimates', 'go.gostl.bloomfilter.estimateParameters'],
  entryPoints: ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [BLOOM, HASH],
};
