/** rbloom (Python, Rust core): `Bloom(expected_items, false_positive_rate, hash_func=None)`. */
import { classicModel } from './models';
import type { EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { ceilTo, groupedInteger, LN2, LN2_SQUARED, probabilityLiteral, result, snippetSummary } from './util';

const SOURCE: SourceCitation = { repository: 'KenanHanke/rbloom', file: 'src/lib.rs', function: 'Bloom::new(expected_items, false_positive_rate, hash_func): size_in_bits, k = (size_in_bits / n · ln 2) as u64; BitLine::new rounds up to 64-bit words' };

/**
 * Bloom::new: size_in_bits = -n ln p / ln²2 (a float); BitLine::new(size_in_bits as u64) allocates whole 64-bit words;
 * k = (size_in_bits / n · ln 2) as u64, truncated from the float, so 6 at p = 1 % and 0 for p > 0.5 (no floor).
 */
export function rbloom(n: number, p: number): LibraryDerivation {
  const notes: string[] = [];
  const sizeInBits = (-n * Math.log(p)) / LN2_SQUARED;
  const k = Math.trunc((sizeInBits / n) * LN2);
  const roundK = Math.round((sizeInBits / n) * LN2);
  if (k === 0) return { rejects: [`rbloom computes k = ${((sizeInBits / n) * LN2).toFixed(3)} hash functions, truncated to 0: every lookup answers "present"`] };
  if (roundK !== k) notes.push(`rbloom truncates k to ${k} (round would give ${roundK}); the FP rate is a little above the target`);
  return result(ceilTo(Math.max(Math.trunc(sizeInBits), 1), 64), k, notes);
}

export const RBLOOM: LibraryModule = {
  id: 'rbloom',
  displayName: 'rbloom',
  recognizers: ['rbloom.bloom'],
  entryPoints: ['Bloom', 'rbloom.Bloom'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'rbloom.bloom', title: 'rbloom Bloom(expected_items, false_positive_rate)', callee, arity: [0, 3], languages: ['python'], requires: /\bfrom\s+rbloom\s+import\b|\bimport\s+rbloom\b/,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['expected_items'] }, { role: 'p', unit: 'probability', position: 1, names: ['false_positive_rate'] }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? rbloom(params.n, params.p) : {}),
    source: SOURCE,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
  allocations: [{ id: 'rbloom', label: 'rbloom (Python)', call: (n, p) => `Bloom(${n}, ${p})`, derive: rbloom }],
  snippets: [{ id: 'rbloom', label: 'rbloom (Python)', render: (d) => `# ${snippetSummary(d)} (rbloom truncates k)\nfilter = Bloom(${groupedInteger(d.n)}, ${probabilityLiteral(d.p)})` }],
};
