/** pyprobables (barrust/pyprobables): BloomFilter, CountingBloomFilter, ExpandingBloomFilter, RotatingBloomFilter by (est_elements, false_positive_rate). */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'barrust/pyprobables', file: 'probables/blooms/bloom.py, countingbloom.py, expandingbloom.py', function: 'BloomFilter.__init__(est_elements, false_positive_rate), _set_optimized_params' };
const CALLS: readonly (readonly [string, string])[] = [
  ['BloomFilter', 'pyprobables.bloomFilter'], ['CountingBloomFilter', 'pyprobables.countingBloomFilter'],
  ['ExpandingBloomFilter', 'pyprobables.expandingBloomFilter'], ['RotatingBloomFilter', 'pyprobables.rotatingBloomFilter'],
];

export const PYPROBABLES: LibraryModule = {
  id: 'pyprobables',
  displayName: 'pyprobables',
  recognizers: CALLS.map(([, id]) => id),
  entryPoints: CALLS.map(([callee, recognizer]) => ({
    kind: 'call' as const, recognizer, title: `pyprobables ${callee}(est_elements, false_positive_rate)`, callee, arity: [0, 4] as const, languages: ['python'], requires: /\bprobables\b/,
    params: [{ role: 'n' as const, unit: 'count' as const, position: 0, names: ['est_elements'] }, { role: 'p' as const, unit: 'probability' as const, position: 1, names: ['false_positive_rate'] }],
    source: SOURCE,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
