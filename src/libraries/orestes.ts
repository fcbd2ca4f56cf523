/** Orestes Bloomfilter (Baqend): `new FilterBuilder(expectedElements, falsePositiveProbability)`, local or Redis-backed. */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'Baqend/Orestes-Bloomfilter', file: 'src/main/java/orestes/bloomfilter/FilterBuilder.java', function: 'FilterBuilder(int expectedElements, double falsePositiveProbability), complete, optimalM, optimalK' };

export const ORESTES: LibraryModule = {
  id: 'orestes',
  displayName: 'Orestes Bloomfilter',
  recognizers: ['orestes.filterBuilder'],
  entryPoints: [{
    kind: 'call', recognizer: 'orestes.filterBuilder', title: 'Orestes FilterBuilder(expectedElements, falsePositiveProbability)', callee: 'FilterBuilder', arity: [2, 2], languages: ['java', 'kotlin', 'scala'], requires: /orestes\.bloomfilter/,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['expectedElements'] }, { role: 'p', unit: 'probability', position: 1, names: ['falsePositiveProbability'] }],
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
