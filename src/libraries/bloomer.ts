/** The bloomer gem (Ruby): Bloomer.new(capacity, false_positive_probability = 0.001) and Bloomer::Scalable.new(initial_capacity = 256, p = 0.001). */
import { classicModel } from './models';
import type { EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const SOURCE: SourceCitation = { repository: 'mceachen/bloomer', file: 'lib/bloomer.rb', function: 'Bloomer#initialize(capacity, false_positive_probability = 0.001), Bloomer::Scalable#initialize(initial_capacity = 256, false_positive_probability = 0.001) (1.0.0)' };

/**
 * Bloomer#initialize: m = (-(n ln p) / ln²2).round; k = (ln 2 · (m / n)).round, where m / n is Ruby's INTEGER division
 * for an integer capacity (p = 1 % gives 9 · 0.693 = 6.2 -> 6, not 7).
 */
export function bloomer(n: number, p: number): LibraryDerivation {
  const m = Math.round((-n * Math.log(p)) / LN2_SQUARED);
  const k = Math.round(LN2 * Math.trunc(m / n));
  const notes = k !== Math.round(LN2 * (m / n)) ? [`bloomer divides m by n in integers: k = round(ln 2 · ${Math.trunc(m / n)}) = ${k}`] : [];
  if (k < 1) return { rejects: [`bloomer computes k = round(ln 2 · ${Math.trunc(m / n)}) = 0 hash functions: every lookup answers "present"`] };
  return result(m, k, notes);
}

/** Scalable: S = 2, R = ln²2; the first Bloomer gets p · R; each next one twice the capacity and p · R^i. */
export const BLOOMER_SCALABLE_RATIO = LN2_SQUARED;

const DEFAULT_RATE = { p: { value: 0.001, text: 'bloomer default false_positive_probability 0.001' } };

export const BLOOMER: LibraryModule = {
  id: 'bloomer',
  displayName: 'bloomer (Ruby)',
  recognizers: ['ruby.bloomer.new'],
  entryPoints: [
    { kind: 'call', recognizer: 'ruby.bloomer.new', title: 'bloomer Bloomer.new(capacity, false_positive_probability)', callee: 'Bloomer.new', arity: [1, 2], languages: ['ruby'], requires: /bloomer/,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }], defaults: DEFAULT_RATE,
      derive: (params) => (params.n !== undefined && params.p !== undefined ? bloomer(params.n, params.p) : {}), source: SOURCE },
    { kind: 'call', recognizer: 'ruby.bloomer.new', title: 'bloomer Bloomer::Scalable.new(initial_capacity, false_positive_probability)', callee: 'Bloomer::Scalable.new', arity: [0, 2], languages: ['ruby'], requires: /bloomer/,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      defaults: { n: { value: 256, text: 'bloomer default initial_capacity 256' }, ...DEFAULT_RATE },
      notes: ['scalable: grows by adding filters of twice the capacity as it fills'],
      derive: (params) => {
        if (params.n === undefined || params.p === undefined) return {};
        const first = bloomer(params.n, params.p * BLOOMER_SCALABLE_RATIO);
        return first.rejects ? first : { ...first, p: params.p * BLOOMER_SCALABLE_RATIO, notes: [...(first.notes ?? []), `scalable: m and k are the first filter's, sized for p · ln²2 = ${Number((params.p * BLOOMER_SCALABLE_RATIO).toPrecision(6))}; the next ones get twice the capacity and p · (ln²2)^i`] };
      },
      source: SOURCE } satisfies EntryPoint,
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
