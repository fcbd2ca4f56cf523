/** bits-and-blooms/bloom (Go, formerly willf/bloom). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { LN2, LN2_SQUARED, result, snippetSummary } from './util';

/** bloom.EstimateParameters: m = ceil(-n ln p / ln²2), k = ceil(ln2 m / n). Also npm bloom-filters, bloom-filter2 and Hudi. */
export function ceilCeil(n: number, p: number): LibraryDerivation {
  const m = Math.ceil((-n * Math.log(p)) / LN2_SQUARED);
  const k = Math.ceil((LN2 * m) / n);
  return result(m, k, []);
}

export const BITS_AND_BLOOMS: LibraryModule = {
  id: 'bits-and-blooms',
  displayName: 'bits-and-blooms/bloom',
  recognizers: ['go.bits-and-blooms.new', 'go.bits-and-blooms.newWithEstimates', 'go.bits-and-blooms.estimateParameters', 'go.bits-and-blooms.from'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'bits-and-blooms/bloom', file: 'bloom.go', function: 'EstimateParameters, NewWithEstimates, New (max(1, m))' }],
  allocations: [{ id: 'bits-and-blooms', label: 'bits-and-blooms/bloom (Go)', call: (n, p) => `bloom.NewWithEstimates(${n}, ${p})`, derive: ceilCeil }],
  snippets: [{ id: 'bits-and-blooms', label: 'bits-and-blooms/bloom (Go)', render: (d) => `// ${snippetSummary(d)}\nfilter := bloom.New(${d.mBits}, ${d.k})` }],
};
