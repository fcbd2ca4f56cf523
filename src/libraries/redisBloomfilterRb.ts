/** The redis-bloomfilter gem (Ruby): Redis::Bloomfilter.new(size:, error_rate:, key_name:, redis:, driver:). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const SOURCE: SourceCitation = { repository: 'taganaka/redis-bloomfilter', file: 'lib/redis/bloomfilter.rb', function: 'Redis::Bloomfilter#initialize (size, error_rate: ArgumentError when either is nil), optimal_m, optimal_k' };

/** optimal_m: (-n ln p / ln²2).round; optimal_k: (ln 2 · (m / n)).round with Ruby's integer division, at least 1. */
export function redisBloomfilterRb(n: number, p: number): LibraryDerivation {
  const m = Math.round((-n * Math.log(p)) / LN2_SQUARED);
  const k = Math.max(1, Math.round(LN2 * Math.trunc(m / n)));
  const notes = k !== Math.round(LN2 * (m / n)) ? [`redis-bloomfilter divides m by n in integers: k = round(ln 2 · ${Math.trunc(m / n)}) = ${k}`] : [];
  return result(m, k, notes);
}

export const REDIS_BLOOMFILTER_RB: LibraryModule = {
  id: 'redis-bloomfilter-rb',
  displayName: 'redis-bloomfilter (Ruby)',
  recognizers: ['ruby.redis-bloomfilter.new'],
  entryPoints: [{
    // `size` is the number of ITEMS here (bloomfilter-rb's `size` is bits); both size and error_rate are required
    kind: 'call', recognizer: 'ruby.redis-bloomfilter.new', title: 'redis-bloomfilter Redis::Bloomfilter.new(size:, error_rate:)', callee: 'Redis::Bloomfilter.new', arity: [0, 1], languages: ['ruby'], requires: /redis-bloomfilter|Redis::Bloomfilter/,
    params: [{ role: 'n', unit: 'count', names: ['size'] }, { role: 'p', unit: 'probability', names: ['error_rate'] }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? redisBloomfilterRb(params.n, params.p) : {}),
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
