/**
 * bitly/dablooms (C; Python binding pydablooms, Go binding godablooms): a scaling, counting Bloom filter.
 * new_scaling_bloom(capacity, error_rate, filename) adds counting filters of the same capacity at error_rate · 0.5^(i+1);
 * new_counting_bloom(capacity, error_rate, filename) is one of them at error_rate. Each filter is partitioned: nfuncs
 * slices of counts_per_func 4-bit counters.
 */
import { classicModel } from './models';
import type { EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { result } from './util';

const INIT: SourceCitation = { repository: 'bitly/dablooms', file: 'src/dablooms.c', function: 'counting_bloom_init: nfuncs = ceil(log(1 / error_rate) / log(2)), counts_per_func = ceil(capacity · |log(error_rate)| / (nfuncs · log(2)^2)), size = nfuncs · counts_per_func, num_bytes = (size + 1) / 2' };
const SCALING: SourceCitation = { repository: 'bitly/dablooms', file: 'src/dablooms.c', function: 'new_scaling_bloom(capacity, error_rate, filename), new_counting_bloom_from_scale: error_rate · ERROR_TIGHTENING_RATIO^(num_blooms + 1), ERROR_TIGHTENING_RATIO 0.5' };
const COUNTING: SourceCitation = { repository: 'bitly/dablooms', file: 'src/dablooms.h', function: 'new_counting_bloom(unsigned int capacity, double error_rate, const char *filename), new_scaling_bloom, *_from_file' };
const PYTHON: SourceCitation = { repository: 'bitly/dablooms', file: 'pydablooms/pydablooms.c', function: 'Dablooms_init: kwlist capacity, error_rate, filepath -> new_scaling_bloom' };
const GO: SourceCitation = { repository: 'bitly/dablooms', file: 'godablooms/dablooms.go', function: 'NewScalingBloom(capacity, errorRate, filename), NewScalingBloomFromFile' };

/** counting_bloom_init(capacity, error_rate): k = ceil(log2(1/p)) slices of ceil(n |ln p| / (k ln²2)) counters each. */
export function dabloomsCounting(n: number, p: number): LibraryDerivation {
  const k = Math.ceil(Math.log(1 / p) / Math.log(2));
  const perSlice = Math.ceil((n * Math.abs(Math.log(p))) / (k * Math.pow(Math.log(2), 2)));
  return result(k * perSlice, k, [`${k} slices of ${perSlice} 4-bit counters (${Math.ceil((k * perSlice) / 2)} bytes)`]);
}

/** new_scaling_bloom: the first counting filter is sized for error_rate / 2; the next ones for / 4, / 8, ... */
export function dabloomsScaling(n: number, p: number): LibraryDerivation {
  const first = dabloomsCounting(n, p / 2);
  return { ...first, p: p / 2, notes: [...(first.notes ?? []), `scaling: the first filter is sized for error_rate / 2 = ${p / 2}; each filter added when one is full holds ${n} more at half the rate`] };
}

const PARTITIONED = { model: 'partitioned' as const, why: 'dablooms gives each hash function its own slice of counters' };
const N_P = [{ role: 'n' as const, unit: 'count' as const, position: 0, names: ['capacity'] }, { role: 'p' as const, unit: 'probability' as const, position: 1, names: ['error_rate'] }];
const REQUIRES = /dablooms/;
const scaling = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? dabloomsScaling(params.n, params.p) : {});

const ENTRY_POINTS: readonly EntryPoint[] = [
  ...['new_scaling_bloom', 'new_scaling_bloom_from_file'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'dablooms.scalingBloom', title: `dablooms ${callee}(capacity, error_rate, filename)`, callee, arity: [3, 3], languages: ['c', 'cpp'], requires: REQUIRES,
    params: N_P, hashing: PARTITIONED, derive: scaling, source: SCALING,
  })),
  ...['new_counting_bloom', 'new_counting_bloom_from_file'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'dablooms.countingBloom', title: `dablooms ${callee}(capacity, error_rate, filename)`, callee, arity: [3, 3], languages: ['c', 'cpp'], requires: REQUIRES,
    params: N_P, hashing: PARTITIONED, derive: (params) => (params.n !== undefined && params.p !== undefined ? dabloomsCounting(params.n, params.p) : {}), source: COUNTING,
  })),
  ...['Dablooms', 'pydablooms.Dablooms'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'dablooms.scalingBloom', title: 'pydablooms Dablooms(capacity, error_rate, filepath)', callee, arity: [0, 3], languages: ['python'], requires: REQUIRES,
    params: N_P, hashing: PARTITIONED, derive: scaling, source: PYTHON,
  })),
  ...['dablooms.NewScalingBloom', 'dablooms.NewScalingBloomFromFile'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'dablooms.scalingBloom', title: `godablooms ${callee.slice('dablooms.'.length)}(capacity, errorRate, filename)`, callee, arity: [3, 3], languages: ['go'], requires: REQUIRES,
    params: N_P, hashing: PARTITIONED, derive: scaling, source: GO,
  })),
];

export const DABLOOMS: LibraryModule = {
  id: 'dablooms',
  displayName: 'dablooms (C, Python, Go)',
  recognizers: ['dablooms.scalingBloom', 'dablooms.countingBloom'],
  entryPoints: ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'partitioned' },
  model: classicModel('partitioned'),
  sources: [INIT, SCALING, COUNTING, PYTHON, GO],
};
