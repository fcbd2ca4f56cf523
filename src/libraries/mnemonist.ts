/**
 * mnemonist (npm, Yomguithereal/mnemonist) BloomFilter, bloom-filter.js and bloom-filter.d.ts:
 * `new BloomFilter(capacity | {capacity, errorRate})` and `BloomFilter.from(iterable, capacity | options)`.
 * m = 8 · floor(bits / 8) with bits = -n ln p / ln²2 (the byte array's length is truncated, `| 0`), and
 * k = floor(m / n · ln 2) (truncated too, `| 0`): both round DOWN, unlike the textbook.
 */
import { classicModel } from './models';
import type { DeclaredParam, EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const SOURCE: SourceCitation = { repository: 'Yomguithereal/mnemonist', file: 'bloom-filter.js', function: 'BloomFilter(capacityOrOptions), BloomFilter.prototype.clear (bits, length = bits / 8 | 0, hashFunctions), DEFAULTS.errorRate = 0.005' };
const FROM: SourceCitation = { repository: 'Yomguithereal/mnemonist', file: 'bloom-filter.js', function: 'BloomFilter.from(iterable, options): capacity = iterable.length || iterable.size when options is absent' };

/** BloomFilter.prototype.clear. */
export function mnemonistBloom(n: number | undefined, p: number): LibraryDerivation {
  if (n === undefined) return {};
  if (!(n > 0)) return { rejects: [`capacity = ${n}: mnemonist throws "\`capacity\` option should be a positive integer."`] };
  if (p < 0) return { rejects: [`errorRate = ${p}: mnemonist throws "\`errorRate\` option should be a positive float."`] };
  if (p >= 1) return { rejects: [`errorRate = ${p}: -ln p <= 0 gives a byte array of no (or negative) length`] };
  const bits = (-n * Math.log(p)) / LN2_SQUARED;
  const bytes = Math.floor(bits / 8);
  const m = bytes * 8;
  const k = Math.floor((m / n) * LN2);
  return result(m, k, [`mnemonist truncates both: ${bytes} bytes (${m} bits) and k = floor(${(m / n).toFixed(3)} · ln 2)`]);
}

const JS = ['javascript', 'typescript'];
const REQUIRES = /['"]mnemonist(?:\/bloom-filter(?:\.js)?)?['"]/;
const P_DEFAULT = { p: { value: 0.005, text: 'mnemonist default errorRate 0.005' } };
// `options.errorRate || DEFAULTS.errorRate`: a stated 0 is the default
const P: DeclaredParam = { role: 'p', unit: 'probability', names: ['errorRate'], zeroMeans: { value: 0.005, text: 'errorRate 0 falls back to the default 0.005 (options.errorRate || DEFAULTS.errorRate)' } };

const ENTRY_POINTS: readonly EntryPoint[] = [
  ...['BloomFilter', 'mnemonist.BloomFilter'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'mnemonist.bloomFilter.new', title: 'mnemonist new BloomFilter(capacity | {capacity, errorRate})', callee, arity: [1, 1], languages: JS, requires: REQUIRES,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['capacity'] }, P], defaults: P_DEFAULT,
    derive: (params) => mnemonistBloom(params.n, params.p ?? 0.005), source: SOURCE,
  })),
  ...['BloomFilter.from', 'mnemonist.BloomFilter.from'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'mnemonist.bloomFilter.from', title: 'mnemonist BloomFilter.from(iterable, capacity | {capacity, errorRate})', callee, arity: [1, 2], languages: JS, requires: REQUIRES,
    params: [{ role: 'n', unit: 'count', position: 1, names: ['capacity'] }, P], defaults: P_DEFAULT,
    notes: ['without options the capacity is the iterable\'s length or size, known at run time'],
    derive: (params) => mnemonistBloom(params.n, params.p ?? 0.005), source: FROM,
  })),
];

export const MNEMONIST_BLOOM: LibraryModule = {
  id: 'mnemonist-bloom',
  displayName: 'mnemonist BloomFilter (npm)',
  recognizers: ['mnemonist.bloomFilter.new', 'mnemonist.bloomFilter.from'],
  entryPoints: ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE, FROM],
};
