/** bits-and-blooms/bloom (Go, formerly willf/bloom). */
import { classicModel } from './models';
import type { CallEntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result, snippetSummary } from './util';

/** bloom.EstimateParameters: m = ceil(-n ln p / ln²2), k = ceil(ln2 m / n). Also npm bloom-filters, bloom-filter2 and Hudi. */
export function ceilCeil(n: number, p: number): LibraryDerivation {
  const m = Math.ceil((-n * Math.log(p)) / LN2_SQUARED);
  const k = Math.ceil((LN2 * m) / n);
  return result(m, k, []);
}

const SOURCE: SourceCitation = { repository: 'bits-and-blooms/bloom', file: 'bloom.go', function: 'NewWithEstimates(n uint, fp float64), EstimateParameters(n, p) (m, k)' };

/**
 * The (n, p) entry points, matched without the import (`bloom.NewWithEstimates` is this library's name). New(m, k), From and
 * FromWithM stay procedural (src/detect/recognizers/libraries.ts): New raises m = 0 and k = 0 to 1 rather than refusing them,
 * and From's m is 64 bits per word of a slice (`make([]uint64, words)`).
 */
const ESTIMATES: readonly CallEntryPoint[] = [['NewWithEstimates', 'go.bits-and-blooms.newWithEstimates'], ['EstimateParameters', 'go.bits-and-blooms.estimateParameters']].map(([fn, recognizer]) => ({
  kind: 'call', recognizer, title: `bits-and-blooms bloom.${fn}`, callee: `bloom.${fn}`, arity: [2, 2], languages: ['go'],
  params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
  derive: (params) => (params.n !== undefined && params.p !== undefined ? ceilCeil(params.n, params.p) : {}), source: SOURCE,
}));

export const BITS_AND_BLOOMS: LibraryModule = {
  id: 'bits-and-blooms',
  displayName: 'bits-and-blooms/bloom',
  recognizers: ['go.bits-and-blooms.new', 'go.bits-and-blooms.newWithEstimates', 'go.bits-and-blooms.estimateParameters', 'go.bits-and-blooms.from'],
  entryPoints: ESTIMATES,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE, { repository: 'bits-and-blooms/bloom', file: 'bloom.go', function: 'New (max(1, m), max(1, k)), From (m = 64 len(data)), FromWithM' }],
  allocations: [{ id: 'bits-and-blooms', label: 'bits-and-blooms/bloom (Go)', call: (n, p) => `bloom.NewWithEstimates(${n}, ${p})`, derive: ceilCeil }],
  snippets: [{ id: 'bits-and-blooms', label: 'bits-and-blooms/bloom (Go)', render: (d) => `// ${snippetSummary(d)}\nfilter := bloom.New(${d.mBits}, ${d.k})` }],
};
