/**
 * Clients that create RedisBloom filters: NRedisStack (.NET; with it the older redisbloom-py, JReBloom and rueidis
 * builders, which send the same BF.RESERVE), node-redis's typed commands, Predis (PHP) and Redis OM Spring's @Bloom
 * (Java). Same sizing as BF.RESERVE.
 */
import { REDISBLOOM, redisBloom } from './redisbloom';
import type { DeclaredDefaults, EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';

/** `db.BF().Reserve(key, errorRate, capacity[, expansion, nonscaling])` / `@Bloom(capacity, errorRate)` send BF.RESERVE. */
export function redisClientReserve(n: number, p: number, nonScaling: boolean): LibraryDerivation {
  return redisBloom(n, p, nonScaling);
}

/** BF.INSERT / BF.ADD without CAPACITY or ERROR: the module's bf-initial-size and bf-error-rate (src/config.c). */
const INSERT_DEFAULTS: DeclaredDefaults = {
  p: { value: 0.01, text: 'RedisBloom default error rate 0.01 (bf-error-rate)' }, n: { value: 100, text: 'RedisBloom default capacity 100 (bf-initial-size)' },
};
const isTrue = (text: string | undefined): boolean => text !== undefined && /^(?:true|True|1)$/.test(text.trim());

const NODE_REDIS_INSERT: SourceCitation = { repository: 'redis/node-redis', file: 'packages/bloom/lib/commands/bloom/INSERT.ts', function: 'transformArguments(key, items, { CAPACITY, ERROR, EXPANSION, NOCREATE, NONSCALING })' };
const REDISBLOOM_PY: SourceCitation = { repository: 'RedisBloom/redisbloom-py', file: 'redisbloom/client.py', function: 'Client.bfInsert(key, items, capacity=None, error=None, noCreate=None, expansion=None, noScale=None)' };
const PREDIS: SourceCitation = { repository: 'predis/predis', file: 'src/ClientInterface.php', function: '@method bfreserve(string $key, float $errorRate, int $capacity, int $expansion = -1, bool $nonScaling = false)' };
const JS = ['javascript', 'typescript'];

const ENTRY_POINTS: readonly EntryPoint[] = [
  // client.bf.insert(key, items, { CAPACITY, ERROR, ... }): the options it leaves out take the module's defaults
  ...['.bf.insert', '.bf.INSERT'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'node-redis.bf.insert', title: `node-redis ${callee.slice(1)}`, callee, arity: [3, 3], languages: JS,
    params: [{ role: 'n', unit: 'count', names: ['CAPACITY'] }, { role: 'p', unit: 'probability', names: ['ERROR'] }], defaults: INSERT_DEFAULTS,
    derive: (params, named) => (params.n !== undefined && params.p !== undefined ? redisBloom(params.n, params.p, isTrue(named.get('NONSCALING'))) : {}), source: NODE_REDIS_INSERT,
  })),
  // redisbloom-py (legacy) rb.bfInsert(key, items, capacity=, error=, noScale=)
  { kind: 'call', recognizer: 'redisbloom-py.bfInsert', title: 'redisbloom-py bfInsert', callee: '.bfInsert', arity: [2, 7], languages: ['python'], requires: /redisbloom/,
    params: [{ role: 'n', unit: 'count', position: 2, names: ['capacity'] }, { role: 'p', unit: 'probability', position: 3, names: ['error'] }], defaults: INSERT_DEFAULTS,
    derive: (params, named) => (params.n !== undefined && params.p !== undefined ? redisBloom(params.n, params.p, isTrue(named.get('noScale'))) : {}), source: REDISBLOOM_PY },
  // Predis 2.x Redis Stack commands: $client->bfreserve($key, $errorRate, $capacity, $expansion = -1, $nonScaling = false)
  { kind: 'call', recognizer: 'predis.bfreserve', title: 'Predis bfreserve', callee: 'bfreserve', arity: [3, 5], languages: ['php'], requires: /predis/i,
    params: [{ role: 'p', unit: 'probability', position: 1, names: ['errorRate'] }, { role: 'n', unit: 'count', position: 2, names: ['capacity'] }],
    derive: (params, named) => (params.n !== undefined && params.p !== undefined ? redisBloom(params.n, params.p, isTrue(named.get('nonScaling'))) : {}), source: PREDIS },
];

export const NREDISSTACK: LibraryModule = {
  id: 'nredisstack',
  displayName: 'RedisBloom clients (NRedisStack, redisbloom-py, JReBloom, rueidis, node-redis, Predis)',
  recognizers: ['nredisstack.bf.reserve', 'nredisstack.bf.insert', 'redisbloom-py.bfCreate', 'redisbloom-py.bfInsert', 'jrebloom.createFilter', 'rueidis.bfReserve', 'node-redis.bf.insert', 'predis.bfreserve'],
  entryPoints: ENTRY_POINTS,
  layout: REDISBLOOM.layout,
  model: REDISBLOOM.model,
  sources: [{ repository: 'redis/NRedisStack', file: 'src/NRedisStack/Bloom/BloomCommands.cs', function: 'Reserve, Insert (BF.RESERVE / BF.INSERT)' }, NODE_REDIS_INSERT, REDISBLOOM_PY, PREDIS, ...REDISBLOOM.sources],
};

export const REDIS_OM_SPRING: LibraryModule = {
  id: 'redis-om-spring',
  displayName: 'Redis OM Spring @Bloom (RedisBloom)',
  recognizers: ['redis-om-spring.bloom'],
  layout: REDISBLOOM.layout,
  model: REDISBLOOM.model,
  sources: [{ repository: 'redis/redis-om-spring', file: 'redis-om-spring/src/main/java/com/redis/om/spring/annotations/Bloom.java', function: '@Bloom(name, capacity, errorRate)' }, ...REDISBLOOM.sources],
};
