/** bloom-filter2 (Python). */
import { ceilCeil } from './bitsAndBlooms';
import { classicModel } from './models';
import type { LibraryModule } from './types';

export const BLOOM_FILTER2: LibraryModule = {
  id: 'bloom-filter2',
  displayName: 'bloom-filter2',
  recognizers: ['bloom-filter2.bloomFilter'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'remram44/python-bloom-filter', file: 'bloom_filter2/bloom_filter.py', function: 'BloomFilter.__init__ (numbits_and_num_probes)' }],
  allocations: [{ id: 'bloom-filter2', label: 'bloom-filter2 (Python)', call: (n, p) => `BloomFilter(max_elements=${n}, error_rate=${p})`, derive: ceilCeil }],
};
