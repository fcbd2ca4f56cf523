/** yourbasic/bloom (Go): New(n, fpRate) where the rate is stated as its inverse (200 means one false positive in 200). */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'yourbasic/bloom', file: 'bloom.go', function: 'New(n int, fpRate int): "room for n elements at a false-positives rate less than 1/fpRate"' };

export const YOURBASIC: LibraryModule = {
  id: 'yourbasic-bloom',
  displayName: 'yourbasic/bloom (Go)',
  recognizers: ['go.yourbasic.new'],
  entryPoints: [{
    kind: 'call', recognizer: 'go.yourbasic.new', title: 'yourbasic bloom.New(n, fpRate) (rate 1/fpRate)', callee: 'bloom.New', arity: [2, 2], languages: ['go'], requires: /yourbasic\/bloom/,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'one-in', position: 1 }],
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
