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

export const PYBLOOM: LibraryModule = {
  id: 'pybloom',
  displayName: 'pybloom-live',
  recognizers: ['pybloom.bloomFilter', 'pybloom.scalableBloomFilter'],
  layout: { kind: 'classic', hashing: 'partitioned' },
  model: classicModel('partitioned'),
  sources: [{ repository: 'joseph-fox/python-bloomfilter', file: 'pybloom_live/pybloom.py', function: 'BloomFilter.__init__, ScalableBloomFilter.add' }],
  allocations: [{ id: 'pybloom', label: 'pybloom-live (Python)', call: (n, p) => `BloomFilter(capacity=${n}, error_rate=${p})`, derive: pybloom }],
  snippets: [{ id: 'pybloom', label: 'pybloom-live (Python)', render: (d) => `# ${snippetSummary(d)} (pybloom partitions the bits into k slices)\nfilter = BloomFilter(capacity=${groupedInteger(d.n)}, error_rate=${probabilityLiteral(d.p)})` }],
};
