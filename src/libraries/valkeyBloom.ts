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
  entryPoints: [
    { kind: 'call', recognizer: 'valkey.bf.reserve', title: 'Valkey BF.RESERVE key error_rate capacity [EXPANSION e | NONSCALING]', callee: 'BF.RESERVE', arity: [3, 6],
      params: [{ role: 'p', unit: 'probability', position: 1 }, { role: 'n', unit: 'count', position: 2 }],
      source: { repository: 'valkey-io/valkey-bloom', file: 'src/bloom/command_handler.rs', function: 'bloom_filter_reserve' },
      matchedBy: 'src/detect/recognizers/redis.ts (redisCommand): a command written as text, a string among call arguments or printf conversions, shared with RedisBloom and told apart by the file naming valkey' },
    { kind: 'call', recognizer: 'valkey.bf.insert', title: 'Valkey BF.INSERT key [CAPACITY c] [ERROR e] ... ITEMS ...', callee: 'BF.INSERT', arity: [1, 1000],
      params: [{ role: 'n', unit: 'count', names: ['CAPACITY'] }, { role: 'p', unit: 'probability', names: ['ERROR'] }],
      // src/configs.rs: BLOOM_CAPACITY_DEFAULT 100 (bloom-capacity), BLOOM_FP_RATE_DEFAULT "0.01" (bloom-fp-rate)
      defaults: { n: { value: 100, text: 'valkey-bloom default capacity 100 (bloom-capacity)' }, p: { value: 0.01, text: 'valkey-bloom default fp rate 0.01 (bloom-fp-rate)' } },
      source: { repository: 'valkey-io/valkey-bloom', file: 'src/bloom/command_handler.rs', function: 'bloom_filter_insert' },
      matchedBy: 'src/detect/recognizers/redis.ts (redisCommand): keyword tokens of a command written as text, shared with RedisBloom and told apart by the file naming valkey' },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'valkey-io/valkey-bloom', file: 'src/bloom/utils.rs', function: 'BloomObject::new_reserved, BloomFilter::with_fixed_seed, calculate_fp_rate' }],
};
