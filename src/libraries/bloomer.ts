/** The bloomer gem (Ruby): Bloomer.new(expected_size, false_positive_probability) and Bloomer::Scalable.new. */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'mceachen/bloomer', file: 'lib/bloomer.rb, lib/bloomer/scalable.rb', function: 'Bloomer#initialize(capacity, false_positive_probability), Bloomer::Scalable#initialize' };

export const BLOOMER: LibraryModule = {
  id: 'bloomer',
  displayName: 'bloomer (Ruby)',
  recognizers: ['ruby.bloomer.new'],
  entryPoints: ['Bloomer.new', 'Bloomer::Scalable.new'].map((callee) => ({
    kind: 'call' as const, recognizer: 'ruby.bloomer.new', title: `bloomer ${callee}(capacity, false_positive_probability)`, callee, arity: [2, 2] as const, languages: ['ruby'], requires: /bloomer/,
    params: [{ role: 'n' as const, unit: 'count' as const, position: 0 }, { role: 'p' as const, unit: 'probability' as const, position: 1 }],
    notes: callee.includes('Scalable') ? ['scalable: grows by adding filters as it fills'] : [],
    source: SOURCE,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
