/**
 * Bloom filters on the BEAM: Bloomex (gmcabrita/bloomex, Elixir) and ebloom (basho/ebloom, Erlang NIF over Arash
 * Partow's C++ bloom_filter).
 */
import { classicModel } from './models';
import type { EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { result } from './util';

const BLOOMEX: SourceCitation = { repository: 'gmcabrita/bloomex', file: 'lib/bloomex.ex', function: 'Bloomex.plain(capacity, error, hash_func), Bloomex.scalable(capacity, error, error_ratio, growth, hash_func), plain(:size, ...)' };
const EBLOOM: SourceCitation = { repository: 'basho/ebloom', file: 'c_src/ebloom_nifs.cpp, c_src/bloom_filter.hpp', function: 'ebloom_new_filter(predicted_element_count, false_positive_probability, random_seed) -> bloom_filter::find_optimal_parameters' };

/**
 * Bloomex plain(:size, capacity, e): k = 1 + trunc(log2(1/e)) slices; each slice has 2^mb bits with
 * mb = 1 + trunc(-log2(1 - (1 - e^(1/k))^(1/capacity))); the filter holds trunc(ln(1 - e^(1/k)) / ln(1 - 2^-mb)) keys.
 * The guard refuses capacity < 4 / e (FunctionClauseError).
 */
export function bloomexPlain(capacity: number, e: number): LibraryDerivation {
  if (capacity < 4 / e) return { rejects: [`capacity ${capacity} is below 4 / error = ${Number((4 / e).toPrecision(6))}: Bloomex's guard fails (FunctionClauseError)`] };
  const k = 1 + Math.trunc(Math.log2(1 / e));
  const fillPerSlice = Math.pow(e, 1 / k);
  const mb = 1 + Math.trunc(-Math.log2(1 - Math.pow(1 - fillPerSlice, 1 / capacity)));
  const sliceBits = 2 ** mb;
  const max = Math.trunc(Math.log(1 - fillPerSlice) / Math.log(1 - 1 / sliceBits));
  return result(k * sliceBits, k, [`partitioned: ${k} slices of 2^${mb} bits; Bloomex reports a capacity of ${max} keys`]);
}

/** Bloomex.scalable(capacity, error, error_ratio, growth): the first filter is plain(capacity, error · (1 - error_ratio)). */
export function bloomexScalable(capacity: number, e: number, errorRatio: number): LibraryDerivation {
  if (!(errorRatio > 0 && errorRatio < 1)) return { rejects: [`error_ratio ${errorRatio} must be a float in (0, 1): Bloomex's guard fails (FunctionClauseError)`] };
  const first = bloomexPlain(capacity, e * (1 - errorRatio));
  if (first.rejects) return { rejects: [`capacity ${capacity} is below 4 / (error · (1 - error_ratio)): Bloomex's guard fails (FunctionClauseError)`] };
  return { ...first, p: e * (1 - errorRatio), notes: [...(first.notes ?? []), `scalable: m and k are the first filter's, sized for error · (1 - error_ratio) = ${Number((e * (1 - errorRatio)).toPrecision(6))}; each next filter has 2^growth times the slice size and error · error_ratio`] };
}

/**
 * bloom_filter::find_optimal_parameters (the 2000 Open Bloom Filter that ebloom bundles): the k in 1..999 minimising
 * m = -k n / ln(1 - p^(1/k)); table_size = (size_t) m, rounded up to whole bytes; salt_count = k.
 */
export function ebloom(n: number, p: number): LibraryDerivation {
  let best = Infinity;
  let bestK = 0;
  for (let k = 1; k < 1000; k++) {
    const m = (-k * n) / Math.log(1 - Math.pow(p, 1 / k));
    if (m < best) {
      best = m;
      bestK = k;
    }
  }
  const bits = Math.trunc(best);
  return result(bits % 8 === 0 ? bits : bits + 8 - (bits % 8), bestK, []);
}

export const BLOOMEX_MODULE: LibraryModule = {
  id: 'bloomex',
  displayName: 'Bloomex (Elixir)',
  recognizers: ['elixir.bloomex'],
  entryPoints: [
    { kind: 'call', recognizer: 'elixir.bloomex', title: 'Bloomex.plain(capacity, error)', callee: 'Bloomex.plain', arity: [2, 3], languages: ['elixir'],
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      hashing: { model: 'partitioned', why: 'Bloomex keeps one bit vector per hash function' },
      derive: (params) => (params.n !== undefined && params.p !== undefined ? bloomexPlain(params.n, params.p) : {}), source: BLOOMEX },
    { kind: 'call', recognizer: 'elixir.bloomex', title: 'Bloomex.scalable(capacity, error, error_ratio, growth)', callee: 'Bloomex.scalable', arity: [4, 5], languages: ['elixir'],
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }, { role: 'ratio', unit: 'probability', position: 2 }, { role: 'expansion', unit: 'count', position: 3 }],
      hashing: { model: 'partitioned', why: 'Bloomex keeps one bit vector per hash function' },
      derive: (params, _named, stated) => {
        const ratio = stated.get('ratio');
        return params.n !== undefined && params.p !== undefined && ratio !== undefined ? bloomexScalable(params.n, params.p, ratio) : {};
      },
      source: BLOOMEX },
    // scalable has no defaults for error_ratio and growth: a two- or three-argument call (docs and posts write
    // `Bloomex.scalable(10_000, 0.01)`) names Bloomex's scalable filter but raises UndefinedFunctionError
    { kind: 'call', recognizer: 'elixir.bloomex', title: 'Bloomex.scalable(capacity, error) without error_ratio and growth', callee: 'Bloomex.scalable', arity: [2, 3], languages: ['elixir'],
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      hashing: { model: 'partitioned', why: 'Bloomex keeps one bit vector per hash function' },
      derive: () => ({ rejects: ['Bloomex.scalable takes capacity, error, error_ratio and growth (hash_func alone has a default): a shorter call raises UndefinedFunctionError'] }),
      source: BLOOMEX },
  ],
  layout: { kind: 'classic', hashing: 'partitioned' },
  model: classicModel('partitioned'),
  sources: [BLOOMEX],
};

export const EBLOOM_MODULE: LibraryModule = {
  id: 'ebloom',
  displayName: 'ebloom (Erlang)',
  recognizers: ['erlang.ebloom.new'],
  entryPoints: [{
    kind: 'call', recognizer: 'erlang.ebloom.new', title: 'ebloom:new(PredictedElementCount, FalsePositiveProbability, RandomSeed)', callee: 'ebloom:new', arity: [3, 3], languages: ['erlang', 'elixir'],
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? ebloom(params.n, params.p) : {}), source: EBLOOM,
  } satisfies EntryPoint],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [EBLOOM],
};
