/** Valkey's bloom module (valkey-bloom): RedisBloom's commands, sized with the Rust bloomfilter crate. */
import { rustBloomfilter } from './rustBloomfilter';
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { result } from './util';

/**
 * BF.RESERVE / BF.INSERT: BloomObject::new_reserved builds the first filter with
 * bloomfilter::Bloom::new_for_fp_rate_with_seed(capacity, fp_rate) (p itself, no tightening); a scale-out
 * filter i gets fp_rate · tightening_ratio^i (default 0.5) and capacity · expansion.
 */
export function valkeyBloom(n: number, p: number): LibraryDerivation {
  const first = rustBloomfilter(n, p);
  return result(first.m, first.k, ['Valkey sizes the first filter for p itself; each scale-out filter for p x 0.5^i (TIGHTENING ratio)']);
}

export const VALKEY_BLOOM: LibraryModule = {
  id: 'valkey-bloom',
  displayName: 'Valkey bloom module',
  recognizers: ['valkey.bf.reserve', 'valkey.bf.insert'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'valkey-io/valkey-bloom', file: 'src/bloom/utils.rs', function: 'BloomObject::new_reserved, BloomFilter::with_fixed_seed, calculate_fp_rate' }],
};
