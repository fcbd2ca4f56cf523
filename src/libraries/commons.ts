/** Apache Commons Collections 4.5 bloomfilter Shape. */
import { classicModel } from './models';
import type { CallEntryPoint, DeclaredParam, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { groupedInteger, LN2, LN2_SQUARED, probabilityLiteral, result } from './util';

/** Shape factories fromNP, fromNM, fromKM, fromNMK, fromPMK. */
export function commonsShape(kind: 'NP' | 'NM' | 'KM' | 'NMK' | 'PMK', values: { n?: number; p?: number; m?: number; k?: number }): LibraryDerivation {
  const { n, p, m, k } = values;
  switch (kind) {
    case 'NP': {
      if (n === undefined || p === undefined) return {};
      const bits = Math.ceil((n * Math.log(p)) / -LN2_SQUARED);
      return commonsChecked(bits, Math.round((LN2 * bits) / n), 'fromNP');
    }
    case 'NM':
      if (n === undefined || m === undefined) return {};
      return commonsChecked(m, Math.round((LN2 * m) / n), 'fromNM');
    case 'KM':
      return result(m, k, []);
    case 'NMK':
      return result(m, k, [], n !== undefined ? { n } : {});
    case 'PMK': {
      if (p === undefined || m === undefined || k === undefined) return result(m, k, []);
      const items = Math.ceil(m / (-k / Math.log(1 - Math.exp(Math.log(p) / k))));
      return result(m, k, [], { n: items });
    }
  }
}

/** Commons Shape throws IllegalArgumentException when the k it computes is below 1. */
function commonsChecked(m: number, k: number, factory: string): LibraryDerivation {
  if (k >= 1) return result(m, k, []);
  return { m, rejects: [`Shape.${factory} computes k = round(ln 2 · m / n) = ${k} < 1, and Commons Collections throws IllegalArgumentException`] };
}

const SHAPE: SourceCitation = { repository: 'apache/commons-collections', file: 'src/main/java/org/apache/commons/collections4/bloomfilter/Shape.java', function: 'fromNP, fromNM, fromKM, fromNMK, fromPMK' };

/** Each factory's parameters in its own order (Shape.java): fromKM and fromPMK do not start with n. */
const PARAMS: Record<'n' | 'p' | 'm' | 'k', DeclaredParam> = {
  n: { role: 'n', unit: 'count', names: ['numberOfItems'] },
  p: { role: 'p', unit: 'probability', names: ['probability'] },
  m: { role: 'm', unit: 'bits', names: ['numberOfBits'] },
  k: { role: 'k', unit: 'hashes', names: ['numberOfHashFunctions'] },
};

/** Shape.fromNP(numberOfItems, probability) ... fromPMK(probability, numberOfBits, numberOfHashFunctions), qualified or statically imported. */
const SHAPE_FACTORIES: readonly CallEntryPoint[] = (['NP', 'NM', 'KM', 'NMK', 'PMK'] as const).map((kind) => ({
  kind: 'call', recognizer: `commons.shape.from${kind}`, title: `Commons Collections Shape.from${kind}`, callee: `Shape.from${kind}`,
  arity: [kind.length, kind.length], languages: ['java', 'kotlin', 'scala', 'groovy'], requires: /commons\.collections4\.bloomfilter|BloomFilter/,
  params: kind.split('').map((letter, position) => ({ ...PARAMS[letter.toLowerCase() as 'n' | 'p' | 'm' | 'k'], position })),
  derive: (params) => commonsShape(kind, params),
  source: SHAPE,
}));

export const COMMONS: LibraryModule = {
  id: 'commons',
  displayName: 'Apache Commons Collections',
  recognizers: ['commons.shape.fromNP', 'commons.shape.fromNM', 'commons.shape.fromKM', 'commons.shape.fromNMK', 'commons.shape.fromPMK'],
  entryPoints: SHAPE_FACTORIES,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'apache/commons-collections', file: 'src/main/java/org/apache/commons/collections4/bloomfilter/Shape.java', function: 'fromNP, fromNM, fromPMK, calculateNumberOfHashFunctions' }],
  allocations: [{ id: 'commons', label: 'Apache Commons Collections', call: (n, p) => `Shape.fromNP(${n}, ${p})`, derive: (n, p) => commonsShape('NP', { n, p }) }],
  snippets: [{
    id: 'commons', label: 'Apache Commons Collections (Java)',
    render: (d) => `// n = ${d.n}, p = ${probabilityLiteral(d.p)}, m = ${d.mBits} bits, k = ${d.k}\nShape shape = Shape.fromNMK(${groupedInteger(d.n)}, ${groupedInteger(d.mBits)}, ${d.k});\nBloomFilter filter = new SimpleBloomFilter(shape);`,
  }],
};
