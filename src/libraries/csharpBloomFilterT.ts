/**
 * The C# `BloomFilter<T>` class copied into many projects (Easy.Common, Abot, SIL.Collections, ...):
 * `new BloomFilter<string>(capacity)` with an error rate of 1/capacity, `new BloomFilter<string>(capacity, errorRate)`,
 * and the overloads that add a hash function. Sizing: BestM = ceil(n · log_{1/2^ln2}(p)) = ceil(-n ln p / ln²2),
 * BestK = round(ln 2 · m / n). The generic type argument (`BloomFilter<T>(`) tells it from other C# libraries.
 */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = {
  repository: 'NimaAra/Easy.Common',
  file: 'Easy.Common/BloomFilter.cs',
  function: 'BloomFilter<T>(int capacity[, float errorRate][, Func<T,int> hashFunction]): BestErrorRate = 1/capacity, BestM, BestK',
};

/** m and k as BestM/BestK compute them; the error rate is 1/capacity when the call states none (BestErrorRate). */
export function bestMK(n: number, p: number | undefined): LibraryDerivation {
  const rate = p ?? 1 / n;
  if (!(n >= 1) || !(rate > 0 && rate < 1)) return {};
  const m = Math.ceil((n * Math.log(rate)) / Math.log(1 / 2 ** Math.LN2));
  return { m, k: Math.round((Math.LN2 * m) / n), ...(p === undefined ? { notes: [`error rate 1/capacity = ${rate.toPrecision(3)} (BestErrorRate)`] } : {}) };
}

export const CSHARP_BLOOM_FILTER_T: LibraryModule = {
  id: 'csharp-bloomfilter-t',
  displayName: 'C# BloomFilter<T> (the widely copied class)',
  recognizers: ['csharp.bloomFilterT.new'],
  entryPoints: [{
    kind: 'call', recognizer: 'csharp.bloomFilterT.new', title: 'C# new BloomFilter<T>(capacity[, errorRate])', callee: 'BloomFilter', arity: [1, 5], languages: ['csharp'],
    requires: /new BloomFilter<string>\(|new BloomFilter<[A-Za-z]+>\(/,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['capacity'] }, { role: 'p', unit: 'probability', position: 1, names: ['errorRate'] }],
    notes: ['without an error rate the class uses 1/capacity'],
    derive: (params) => (params.n !== undefined ? bestMK(params.n, params.p) : {}),
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
