/**
 * bloompy (PyPI `bloompy` 0.1.1, repository 01ly/bloompy; read in its mirror kingking888/bloompy, whose dist/ holds the
 * published 0.1.1 wheel): BloomFilter, CountingBloomFilter (4-bit counters), ScalableBloomFilter and SCBloomFilter (a
 * scalable filter of counting filters), all in bloompy/__init__.py. Unlike pybloom, the error rate comes FIRST
 * (`BloomFilter(error_rate, element_num=None, bit_num=None)`), m is rounded up to whole 32-bit words and
 * k = ceil(ln 2 · m / n) over the whole bit array (not partitioned).
 */
import { classicModel } from './models';
import type { DeclaredParam, EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const FILE = 'bloompy/__init__.py';
// 01ly/bloompy's history, as stored in its mirror (its dist/ holds the published 0.1.1)
const REPOSITORY = 'kingking888/bloompy';
const BLOOM: SourceCitation = { repository: REPOSITORY, file: FILE, function: 'BloomFilter.__init__(error_rate, element_num=None, bit_num=None), _install, __align_4bytes' };
const COUNTING: SourceCitation = { repository: REPOSITORY, file: FILE, function: 'CountingBloomFilter.__init__(error_rate=0.001, element_num=10**4, bit_num=None): bit_array * 4, _set_bit_value (4 bits a counter)' };
const SCALABLE: SourceCitation = { repository: REPOSITORY, file: FILE, function: 'ScalableBloomFilter.__init__(error_rate=0.001, initial_capacity=10**4, mode=SMALL_SET_GROWTH), add (ratio 0.9)' };
const SC: SourceCitation = { repository: REPOSITORY, file: FILE, function: 'SCBloomFilter(ScalableBloomFilter).add: CountingBloomFilter(error_rate * 0.9, element_num=initial_capacity)' };

/**
 * BloomFilter._install: with element_num, bit_num = -n ln p / ln²2; with bit_num, element_num = -m ln²2 / ln p. Then
 * m = ceil(bit_num / 32) · 32 and k = ceil(ln 2 · m / element_num) (the aligned m over the unrounded element_num).
 */
export function bloompy(p: number | undefined, n: number | undefined, bitNum: number | undefined): LibraryDerivation {
  if (p === undefined) return {};
  if (!(p > 0)) return { rejects: [`error_rate = ${p}: bloompy raises ValueError("error rate should be a positive value.")`] };
  if (p >= 1) return { rejects: [`error_rate = ${p}: ln p >= 0 gives bloompy no bits (negative or zero bit_num)`] };
  if (n && bitNum) return { rejects: ['element_num and bit_num both given: bloompy raises ValueError("Multi arguments are given, needs 2 args, but got 3.")'] };
  if (!n && !bitNum) return { rejects: ['neither element_num nor bit_num: bloompy raises ValueError("Function arguments missing.")'] };
  const elements = n ?? (-bitNum! * LN2_SQUARED) / Math.log(p);
  const rawBits = bitNum ?? (-n! * Math.log(p)) / LN2_SQUARED;
  const m = Math.ceil(rawBits / 32) * 32;
  const k = Math.ceil((LN2 * m) / elements);
  const notes = ['add raises IndexError("BloomFilter is at capacity.") once half of the bits are set'];
  if (n === undefined) notes.push(`bit_num only: bloompy takes capacity = ceil(-m ln²2 / ln p) = ${Math.ceil(elements)} elements`);
  return result(m, k, notes);
}

const PY = ['python'];
const REQUIRES = /\bimport\s+bloompy\b|\bfrom\s+bloompy\b/;
const P: DeclaredParam = { role: 'p', unit: 'probability', position: 0, names: ['error_rate'] };
const N: DeclaredParam = { role: 'n', unit: 'count', position: 1, names: ['element_num'] };
const M: DeclaredParam = { role: 'm', unit: 'bits', position: 2, names: ['bit_num'] };
const MODE: DeclaredParam = { role: 'expansion', unit: 'count', position: 2, names: ['mode'] };
const qualified = (name: string): string[] => [name, `bloompy.${name}`];
const COUNTING_DEFAULTS = { p: { value: 0.001, text: 'bloompy default error_rate 0.001' }, n: { value: 10_000, text: 'bloompy default element_num 10**4' } };

/** SMALL_SET_GROWTH = 2 (the default), LARGE_SET_GROWTH = 4. */
function growth(named: ReadonlyMap<string, string>, stated: ReadonlyMap<string, number>): number {
  const text = named.get('mode') ?? named.get('expansion') ?? '';
  return stated.get('expansion') ?? (/LARGE_SET_GROWTH/.test(text) ? 4 : 2);
}

/** ScalableBloomFilter / SCBloomFilter: the first sub-filter is BloomFilter(error_rate · 0.9, element_num=initial_capacity). */
function scalable(p: number | undefined, n: number | undefined, scale: number, counting: boolean): LibraryDerivation {
  if (p === undefined || n === undefined) return {};
  const first = bloompy(p * 0.9, n, undefined);
  if (first.rejects) return first;
  return { ...first, p: p * 0.9, notes: [...(first.notes ?? []).filter((note) => !note.startsWith('add raises')),
    `scalable: the first ${counting ? 'counting ' : ''}sub-filter holds ${n} items at error_rate x 0.9; each next one ${scale}x the items at 0.9x the rate (the total FP tends to 9 x error_rate)`] };
}

const ENTRY_POINTS: readonly EntryPoint[] = [
  ...qualified('BloomFilter').map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'python.bloompy.bloomFilter', title: 'bloompy BloomFilter(error_rate, element_num=None, bit_num=None)', callee, arity: [0, 3], languages: PY, requires: REQUIRES,
    params: [P, N, M], derive: (params) => bloompy(params.p, params.n, params.m), source: BLOOM,
  })),
  ...qualified('CountingBloomFilter').map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'python.bloompy.countingBloomFilter', title: 'bloompy CountingBloomFilter(error_rate=0.001, element_num=10**4, bit_num=None)', callee, arity: [0, 3], languages: PY, requires: REQUIRES,
    params: [P, N, M], defaults: COUNTING_DEFAULTS,
    notes: ['counting filter: each of the m positions is a 4-bit counter (4m bits of memory); add raises IndexError once count reaches element_num',
      'bit_num alone is refused: the default element_num=10**4 makes it "Multi arguments" unless element_num=None is passed'],
    derive: (params) => bloompy(params.p, params.n, params.m), source: COUNTING,
  })),
  ...qualified('ScalableBloomFilter').map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'python.bloompy.scalableBloomFilter', title: 'bloompy ScalableBloomFilter(error_rate=0.001, initial_capacity=10**4, mode)', callee, arity: [0, 3], languages: PY, requires: REQUIRES,
    params: [P, { role: 'n', unit: 'count', position: 1, names: ['initial_capacity'] }, MODE], defaults: COUNTING_DEFAULTS,
    derive: (params, named, stated) => scalable(params.p, params.n, growth(named, stated), false), source: SCALABLE,
  })),
  ...qualified('SCBloomFilter').map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'python.bloompy.scalableCountingBloomFilter', title: 'bloompy SCBloomFilter(error_rate=0.001, initial_capacity=10**4, mode)', callee, arity: [0, 3], languages: PY, requires: REQUIRES,
    params: [P, { role: 'n', unit: 'count', position: 1, names: ['initial_capacity'] }, MODE], defaults: COUNTING_DEFAULTS,
    notes: ['counting sub-filters: 4-bit counters, 4m bits of memory each'],
    derive: (params, named, stated) => scalable(params.p, params.n, growth(named, stated), true), source: SC,
  })),
];

export const BLOOMPY: LibraryModule = {
  id: 'bloompy',
  displayName: 'bloompy (Python)',
  recognizers: ['python.bloompy.bloomFilter', 'python.bloompy.countingBloomFilter', 'python.bloompy.scalableBloomFilter', 'python.bloompy.scalableCountingBloomFilter'],
  entryPoints: ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [BLOOM, COUNTING, SCALABLE, SC],
};

/**
 * `pybloom2` as imported in code (no PyPI package of that name is listed): a vendored copy of bloompy, e.g.
 * WangYang-bit/EdgeDup Server/pybloom2.py. Same _install (m in whole 32-bit words), but `self.hash_num = 10` replaces
 * the ceil formula, CountingBloomFilter defaults element_num to the module's `element_num1 = 3000` and keeps one numpy
 * int per position. (jaybaird/python-bloomfilter's pybloom2/pybloom.py is pybloom's code: its `BloomFilter(capacity=...)`
 * and ScalableBloomFilter are read as pybloom's, src/detect/recognizers/libraries.ts.)
 */
const PYBLOOM2_SOURCE: SourceCitation = { repository: 'WangYang-bit/EdgeDup', file: 'Server/pybloom2.py', function: 'BloomFilter.__init__(error_rate, element_num=None, bit_num=None), _install (hash_num = 10); CountingBloomFilter.__init__(error_rate=0.001, element_num=element_num1 = 3000, bit_num=None)' };
const PYBLOOM2_IMPORT = /\bpybloom2\b/;

export function pybloom2(p: number | undefined, n: number | undefined, bitNum: number | undefined): LibraryDerivation {
  const sized = bloompy(p, n, bitNum);
  if (sized.rejects || sized.m === undefined) return sized;
  return { ...sized, k: 10, notes: [...(sized.notes ?? []), 'this copy fixes hash_num = 10 whatever m / n'] };
}

export const PYBLOOM2: LibraryModule = {
  id: 'pybloom2',
  displayName: 'pybloom2 (vendored bloompy copy, Python)',
  recognizers: ['python.pybloom2.bloomFilter', 'python.pybloom2.countingBloomFilter'],
  entryPoints: [
    ...['BloomFilter', 'pybloom2.BloomFilter'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'python.pybloom2.bloomFilter', title: 'pybloom2 BloomFilter(error_rate, element_num=None, bit_num=None)', callee, arity: [0, 3], languages: PY, requires: PYBLOOM2_IMPORT,
      // jaybaird's pybloom2 BloomFilter(capacity=, error_rate=) is pybloom's (src/detect/recognizers/libraries.ts)
      excludesNames: ['capacity'],
      params: [P, N, M], derive: (params) => pybloom2(params.p, params.n, params.m), source: PYBLOOM2_SOURCE,
    })),
    ...['CountingBloomFilter', 'pybloom2.CountingBloomFilter'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'python.pybloom2.countingBloomFilter', title: 'pybloom2 CountingBloomFilter(error_rate=0.001, element_num=3000, bit_num=None)', callee, arity: [0, 3], languages: PY, requires: PYBLOOM2_IMPORT,
      params: [P, N, M], defaults: { p: { value: 0.001, text: 'pybloom2 default error_rate 0.001' }, n: { value: 3000, text: 'pybloom2 default element_num element_num1 = 3000' } },
      notes: ['counting filter: one numpy int counter per position (64-bit on most platforms); add never refuses'],
      derive: (params) => pybloom2(params.p, params.n, params.m), source: PYBLOOM2_SOURCE,
    })),
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [PYBLOOM2_SOURCE],
};
