/** The redis-bloomfilter gem (Ruby): Redis::Bloomfilter.new(size:, error_rate:, key_name:, redis:). */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'taganaka/redis-bloomfilter', file: 'lib/redis/bloomfilter.rb', function: 'Redis::Bloomfilter#initialize (size, error_rate)' };

export const REDIS_BLOOMFILTER_RB: LibraryModule = {
  id: 'redis-bloomfilter-rb',
  displayName: 'redis-bloomfilter (Ruby)',
  recognizers: ['ruby.redis-bloomfilter.new'],
  entryPoints: [{
    kind: 'call', recognizer: 'ruby.redis-bloomfilter.new', title: 'redis-bloomfilter Redis::Bloomfilter.new(size:, error_rate:)', callee: 'Redis::Bloomfilter.new', arity: [0, 1], languages: ['ruby'], requires: /redis-bloomfilter|Redis::Bloomfilter/,
    params: [{ role: 'n', unit: 'count', names: ['size'] }, { role: 'p', unit: 'probability', names: ['error_rate'] }],
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
