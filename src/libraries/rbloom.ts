/** rbloom (Python, Rust core). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { ceilTo, groupedInteger, LN2, LN2_SQUARED, probabilityLiteral, result, snippetSummary } from './util';

/** Bloom(n, p): m = (u64)(-n ln p / ln²2) rounded up to 64; k = trunc(m/n ln 2). */
export function rbloom(n: number, p: number): LibraryDerivation {
  const notes: string[] = [];
  const rawBits = Math.trunc((-n * Math.log(p)) / LN2_SQUARED);
  const k = Math.max(1, Math.trunc((rawBits / n) * LN2));
  const ceilK = Math.round((rawBits / n) * LN2);
  if (ceilK !== k) notes.push(`rbloom truncates k to ${k} (round would give ${ceilK}); the FP rate is a little above the target`);
  return result(ceilTo(Math.max(rawBits, 1), 64), k, notes);
}

export const RBLOOM: LibraryModule = {
  id: 'rbloom',
  displayName: 'rbloom',
  recognizers: ['rbloom.bloom'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'KenanHanke/rbloom', file: 'src/lib.rs', function: 'Bloom::new, optimal_size, optimal_k' }],
  allocations: [{ id: 'rbloom', label: 'rbloom (Python)', call: (n, p) => `Bloom(${n}, ${p})`, derive: rbloom }],
  snippets: [{ id: 'rbloom', label: 'rbloom (Python)', render: (d) => `# ${snippetSummary(d)} (rbloom truncates k)\nfilter = Bloom(${groupedInteger(d.n)}, ${probabilityLiteral(d.p)})` }],
};
