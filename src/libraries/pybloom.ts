/** pybloom / pybloom-live (Python): partitioned filters. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { groupedInteger, LN2_SQUARED, probabilityLiteral, result, snippetSummary } from './util';

/** BloomFilter(capacity, error_rate): k = ceil(log2(1/p)), k slices of ceil(n|ln p|/(k ln²2)) bits. */
export function pybloom(n: number, p: number): LibraryDerivation {
  const k = Math.ceil(Math.log(1 / p) / Math.log(2));
  const bitsPerSlice = Math.ceil((n * Math.abs(Math.log(p))) / (k * LN2_SQUARED));
  return result(k * bitsPerSlice, k, ['partitioned: k slices of ' + bitsPerSlice + ' bits, one probe per slice']);
}

/** The import that names pybloom, pybloom-live or pybloom2 (a fork of the same code: jaybaird/python-bloomfilter pybloom2/pybloom.py). */
const PYBLOOM_IMPORT = /\bpybloom(?:_live|2)?\b|pybloom-live/;

export const PYBLOOM: LibraryModule = {
  id: 'pybloom',
  displayName: 'pybloom-live',
  recognizers: ['pybloom.bloomFilter', 'pybloom.scalableBloomFilter'],
  entryPoints: [
    { kind: 'call', recognizer: 'pybloom.bloomFilter', title: 'pybloom BloomFilter(capacity, error_rate=0.001)', callee: 'BloomFilter', arity: [1, 2], languages: ['python'], requires: PYBLOOM_IMPORT,
      params: [{ role: 'n', unit: 'count', position: 0, names: ['capacity'] }, { role: 'p', unit: 'probability', position: 1, names: ['error_rate'] }],
      defaults: { p: { value: 0.001, text: 'pybloom default error_rate 0.001' } },
      hashing: { model: 'partitioned', why: 'pybloom is partitioned' },
      derive: (params) => (params.n !== undefined && params.p !== undefined ? pybloom(params.n, params.p) : {}),
      source: { repository: 'joseph-fox/python-bloomfilter', file: 'pybloom_live/pybloom.py', function: 'BloomFilter.__init__(self, capacity, error_rate=0.001)' },
      matchedBy: "src/detect/recognizers/libraries.ts (pythonBloomFilter): BloomFilter(...) is also bloom-filter2's class; its keywords and the imports tell which library it is" },
    { kind: 'call', recognizer: 'pybloom.scalableBloomFilter', title: 'pybloom ScalableBloomFilter(initial_capacity=100, error_rate=0.001, mode)', callee: 'ScalableBloomFilter', arity: [0, 3], languages: ['python'], requires: PYBLOOM_IMPORT,
      params: [{ role: 'n', unit: 'count', position: 0, names: ['initial_capacity'] }, { role: 'p', unit: 'probability', position: 1, names: ['error_rate'] }],
      defaults: { n: { value: 100, text: 'pybloom default initial_capacity 100' }, p: { value: 0.001, text: 'pybloom default error_rate 0.001' } },
      hashing: { model: 'partitioned', why: 'pybloom is partitioned' },
      notes: ['scalable: the first sub-filter gets error_rate x 0.1; each next one capacity x mode (SMALL_SET_GROWTH 2, LARGE_SET_GROWTH 4) and error_rate x 0.9'],
      source: { repository: 'joseph-fox/python-bloomfilter', file: 'pybloom_live/pybloom.py', function: 'ScalableBloomFilter.__init__(self, initial_capacity=100, error_rate=0.001, mode=LARGE_SET_GROWTH), add' },
      matchedBy: "src/detect/recognizers/libraries.ts (pythonScalable): the growth note reads the mode constant, and a file defining its own ScalableBloomFilter is skipped" },
  ],
  layout: { kind: 'classic', hashing: 'partitioned' },
  model: classicModel('partitioned'),
  sources: [{ repository: 'joseph-fox/python-bloomfilter', file: 'pybloom_live/pybloom.py', function: 'BloomFilter.__init__, ScalableBloomFilter.add' }],
  allocations: [{ id: 'pybloom', label: 'pybloom-live (Python)', call: (n, p) => `BloomFilter(capacity=${n}, error_rate=${p})`, derive: pybloom }],
  snippets: [{ id: 'pybloom', label: 'pybloom-live (Python)', render: (d) => `# ${snippetSummary(d)} (pybloom partitions the bits into k slices)\nfilter = BloomFilter(capacity=${groupedInteger(d.n)}, error_rate=${probabilityLiteral(d.p)})` }],
};
