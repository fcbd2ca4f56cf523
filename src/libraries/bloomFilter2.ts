/** bloom-filter2 (Python). */
import { ceilCeil } from './bitsAndBlooms';
import { classicModel } from './models';
import type { LibraryModule } from './types';

export const BLOOM_FILTER2: LibraryModule = {
  id: 'bloom-filter2',
  displayName: 'bloom-filter2',
  recognizers: ['bloom-filter2.bloomFilter'],
  entryPoints: [
    { kind: 'call', recognizer: 'bloom-filter2.bloomFilter', title: 'bloom-filter2 BloomFilter(max_elements=10000, error_rate=0.1)', callee: 'BloomFilter', arity: [0, 2], languages: ['python'], requires: /\bbloom_filter2\b|from\s+bloom_filter\s+import|import\s+bloom_filter\b/,
      params: [{ role: 'n', unit: 'count', position: 0, names: ['max_elements'] }, { role: 'p', unit: 'probability', position: 1, names: ['error_rate'] }],
      defaults: { n: { value: 10000, text: 'bloom-filter2 default max_elements 10000' }, p: { value: 0.1, text: 'bloom-filter2 default error_rate 0.1' } },
      derive: (params) => (params.n !== undefined && params.p !== undefined ? ceilCeil(params.n, params.p) : {}),
      source: { repository: 'remram44/python-bloom-filter', file: 'bloom_filter2/bloom_filter.py', function: 'BloomFilter.__init__(self, max_elements=10000, error_rate=0.1, ...)' },
      matchedBy: "src/detect/recognizers/libraries.ts (pythonBloomFilter): BloomFilter(...) is also pybloom's class; its keywords and the imports tell which library it is" },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'remram44/python-bloom-filter', file: 'bloom_filter2/bloom_filter.py', function: 'BloomFilter.__init__ (numbits_and_num_probes)' }],
  allocations: [{ id: 'bloom-filter2', label: 'bloom-filter2 (Python)', call: (n, p) => `BloomFilter(max_elements=${n}, error_rate=${p})`, derive: ceilCeil }],
};
