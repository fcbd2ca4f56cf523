/** pybloomfiltermmap3 (prashnts): an mmap-backed filter, BloomFilter(capacity, error_rate, filename). */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'prashnts/pybloomfiltermmap3', file: 'src/pybloomfilter.pyx', function: 'BloomFilter.__cinit__(capacity, error_rate, filename)' };

export const PYBLOOMFILTERMMAP: LibraryModule = {
  id: 'pybloomfiltermmap',
  displayName: 'pybloomfiltermmap3',
  recognizers: ['pybloomfiltermmap.bloomFilter'],
  entryPoints: ['pybloomfilter.BloomFilter', 'BloomFilter'].map((callee) => ({
    kind: 'call' as const, recognizer: 'pybloomfiltermmap.bloomFilter', title: 'pybloomfiltermmap3 BloomFilter(capacity, error_rate, filename)', callee, arity: [0, 4] as const, languages: ['python'], requires: /\bpybloomfilter\b/,
    params: [{ role: 'n' as const, unit: 'count' as const, position: 0, names: ['capacity'] }, { role: 'p' as const, unit: 'probability' as const, position: 1, names: ['error_rate'] }],
    source: SOURCE,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
