/**
 * solana-bloom (Rust, the `bloom` crate of solana-labs/solana and anza-xyz/agave, imported as `solana_bloom`):
 * `Bloom::random(num_items, false_rate, max_bits)` and `ConcurrentBloomInterval::new(num_items, false_positive_rate,
 * max_bits)`, used by gossip pull requests and the sigverify dedup. The bit count is capped at max_bits (and at least 8),
 * and the key count is computed from the CAPPED bit count, so a cap below the optimum also lowers k.
 */
import type { LibraryDerivation } from '../detect/types';
import { classicModel } from './models';
import type { DeclaredParam, EntryPoint, LibraryModule, SourceCitation } from './types';
import { LN2, result } from './util';

const RANDOM: SourceCitation = { repository: 'anza-xyz/agave', file: 'bloom/src/bloom.rs', function: 'Bloom::random(num_items, false_rate, max_bits): m = num_bits(n, p) = ceil(n ln p / ln(1 / 2^ln 2)); num_bits = max(8, min(m, max_bits)); num_keys(num_bits, n) = 0 when n == 0, else max(1, round(num_bits / n · ln 2))' };
const NEW: SourceCitation = { repository: 'anza-xyz/agave', file: 'bloom/src/bloom.rs', function: 'Bloom::new(num_bits, keys): asserts num_bits >= 8; one FNV hash per key (k = keys.len())' };
const INTERVAL: SourceCitation = { repository: 'anza-xyz/agave', file: 'bloom/src/bloom.rs', function: 'ConcurrentBloomInterval::new(num_items, false_positive_rate, max_bits): ConcurrentBloom::from(Bloom::random(...)), cleared by maybe_reset(reset_interval_ms)' };

export function solanaBloomRandom(n: number, p: number, maxBits: number | undefined): LibraryDerivation {
  const optimal = Math.ceil((n * Math.log(p)) / Math.log(1 / Math.pow(2, LN2)));
  const bits = Math.max(8, maxBits === undefined ? optimal : Math.min(optimal, maxBits));
  const notes: string[] = [];
  if (maxBits !== undefined && optimal > maxBits) notes.push(`capped: ${optimal} bits wanted for n and p, max_bits ${maxBits} allocated (k from the capped size)`);
  if (n === 0) return { m: bits, notes: [...notes, 'num_items 0: no keys, add stores nothing and contains answers false'] };
  return result(bits, Math.max(1, Math.round((bits / n) * LN2)), notes);
}

const RUST = ['rust'];
const REQUIRES = /\bsolana_bloom\b/;
const PARAMS: readonly DeclaredParam[] = [
  { role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 },
  // the cap in bits (the role names a size cap; the value is read as written, in bits)
  { role: 'maxBytes', unit: 'bits', position: 2 },
];
const derive = (params: { n?: number; p?: number }, _named: ReadonlyMap<string, string>, stated: ReadonlyMap<string, number>): LibraryDerivation =>
  (params.n !== undefined && params.p !== undefined ? solanaBloomRandom(params.n, params.p, stated.get('maxBytes')) : {});

const ENTRY_POINTS: readonly EntryPoint[] = [
  ...['Bloom::random'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'rust.solana-bloom.random', title: 'solana-bloom Bloom::random(num_items, false_rate, max_bits)', callee, arity: [3, 3], languages: RUST, requires: REQUIRES,
    params: PARAMS, derive, source: RANDOM,
  })),
  { kind: 'call', recognizer: 'rust.solana-bloom.random', title: 'solana-bloom ConcurrentBloomInterval::new(num_items, false_positive_rate, max_bits)', callee: 'ConcurrentBloomInterval::new', arity: [3, 3], languages: RUST, requires: REQUIRES,
    params: PARAMS, notes: ['cleared whenever maybe_reset finds its interval elapsed'], derive, source: INTERVAL },
];

export const SOLANA_BLOOM: LibraryModule = {
  id: 'solana-bloom',
  displayName: 'solana-bloom (Rust)',
  recognizers: ['rust.solana-bloom.random'],
  entryPoints: ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [RANDOM, NEW, INTERVAL],
};
