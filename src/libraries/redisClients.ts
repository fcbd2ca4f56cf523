/**
 * Clients that create RedisBloom filters: NRedisStack (.NET; with it the older redisbloom-py, JReBloom and rueidis
 * builders, which send the same BF.RESERVE) and Redis OM Spring's @Bloom (Java). Same sizing as BF.RESERVE.
 */
import { REDISBLOOM, redisBloom } from './redisbloom';
import type { LibraryDerivation, LibraryModule } from './types';

/** `db.BF().Reserve(key, errorRate, capacity[, expansion, nonscaling])` / `@Bloom(capacity, errorRate)` send BF.RESERVE. */
export function redisClientReserve(n: number, p: number, nonScaling: boolean): LibraryDerivation {
  return redisBloom(n, p, nonScaling);
}

export const NREDISSTACK: LibraryModule = {
  id: 'nredisstack',
  displayName: 'RedisBloom clients (NRedisStack, redisbloom-py, JReBloom, rueidis)',
  recognizers: ['nredisstack.bf.reserve', 'nredisstack.bf.insert', 'redisbloom-py.bfCreate', 'jrebloom.createFilter', 'rueidis.bfReserve'],
  layout: REDISBLOOM.layout,
  model: REDISBLOOM.model,
  sources: [{ repository: 'redis/NRedisStack', file: 'src/NRedisStack/Bloom/BloomCommands.cs', function: 'Reserve, Insert (BF.RESERVE / BF.INSERT)' }, ...REDISBLOOM.sources],
};

export const REDIS_OM_SPRING: LibraryModule = {
  id: 'redis-om-spring',
  displayName: 'Redis OM Spring @Bloom (RedisBloom)',
  recognizers: ['redis-om-spring.bloom'],
  layout: REDISBLOOM.layout,
  model: REDISBLOOM.model,
  sources: [{ repository: 'redis/redis-om-spring', file: 'redis-om-spring/src/main/java/com/redis/om/spring/annotations/Bloom.java', function: '@Bloom(name, capacity, errorRate)' }, ...REDISBLOOM.sources],
};
