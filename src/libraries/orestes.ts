/** Orestes Bloomfilter (Baqend): `new FilterBuilder(expectedElements, falsePositiveProbability)` or `(size, hashes)`, local or Redis-backed. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const SOURCE: SourceCitation = { repository: 'Baqend/Orestes-Bloomfilter', file: 'src/main/java/orestes/bloomfilter/FilterBuilder.java', function: 'FilterBuilder(int expectedElements, double falsePositiveProbability), FilterBuilder(int size, int hashes), expectedElements, falsePositiveProbability, size, hashes, complete, optimalM, optimalK' };
const JVM = ['java', 'kotlin', 'scala', 'groovy'];
const REQUIRES = /orestes\.bloomfilter/;

/** FilterBuilder.complete: size = optimalM(n, p) = (int) ceil(−n ln p / ln²2) unless set; hashes = optimalK(n, m) = (int) ceil(ln 2 · m / n) unless set. */
export function orestes(params: { n?: number; p?: number; m?: number; k?: number }): LibraryDerivation {
  const { n, p } = params;
  const m = params.m ?? (n !== undefined && p !== undefined ? Math.ceil((-n * Math.log(p)) / LN2_SQUARED) : undefined);
  const k = params.k ?? (n !== undefined && m !== undefined ? Math.ceil((LN2 * m) / n) : undefined);
  return m === undefined && k === undefined ? {} : result(m, k, []);
}

export const ORESTES: LibraryModule = {
  id: 'orestes',
  displayName: 'Orestes Bloomfilter',
  recognizers: ['orestes.filterBuilder'],
  entryPoints: [
    // Java picks the constructor by the second argument's type: a double is the FP rate, an int the hash count
    { kind: 'call', recognizer: 'orestes.filterBuilder', title: 'Orestes FilterBuilder(expectedElements, falsePositiveProbability)', callee: 'FilterBuilder', arity: [2, 2], overload: { position: 1, wholeNumber: false }, languages: JVM, requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0, names: ['expectedElements'] }, { role: 'p', unit: 'probability', position: 1, names: ['falsePositiveProbability'] }],
      derive: orestes, source: SOURCE },
    { kind: 'call', recognizer: 'orestes.filterBuilder', title: 'Orestes FilterBuilder(size, hashes)', callee: 'FilterBuilder', arity: [2, 2], overload: { position: 1, wholeNumber: true }, languages: JVM, requires: REQUIRES,
      params: [{ role: 'm', unit: 'bits', position: 0, names: ['size'] }, { role: 'k', unit: 'hashes', position: 1, names: ['hashes'] }],
      derive: orestes, source: SOURCE },
    // new FilterBuilder().expectedElements(n).falsePositiveProbability(p) / .size(m).hashes(k)
    // (size and hashes alone name no Bloom word a prefilter can see: they join a group that states n or p)
    { kind: 'settings', recognizer: 'orestes.filterBuilder', title: 'Orestes FilterBuilder', triggers: ['n', 'p'], languages: JVM, requires: REQUIRES,
      derive: orestes,
      settings: [
        { role: 'n', unit: 'count', form: 'method', name: 'expectedElements', source: SOURCE },
        { role: 'p', unit: 'probability', form: 'method', name: 'falsePositiveProbability', source: SOURCE },
        { role: 'm', unit: 'bits', form: 'method', name: 'size', source: SOURCE },
        { role: 'k', unit: 'hashes', form: 'method', name: 'hashes', source: SOURCE },
      ] },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
