/** flor (DCSO, Python): BloomFilter(n=capacity, p=false positive rate). */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'DCSO/flor', file: 'flor/__init__.py', function: 'BloomFilter.__init__(n, p)' };

export const FLOR: LibraryModule = {
  id: 'flor',
  displayName: 'flor (Python)',
  recognizers: ['flor.bloomFilter'],
  entryPoints: [{
    kind: 'call', recognizer: 'flor.bloomFilter', title: 'flor BloomFilter(n, p)', callee: 'BloomFilter', arity: [0, 3], languages: ['python'], requires: /\bfrom\s+flor\s+import|\bimport\s+flor\b/,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['n'] }, { role: 'p', unit: 'probability', position: 1, names: ['p'] }],
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
