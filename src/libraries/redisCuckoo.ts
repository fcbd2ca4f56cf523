/**
 * RedisBloom's cuckoo filter: `CF.RESERVE key capacity [BUCKETSIZE b] [MAXITERATIONS i] [EXPANSION e]` and the clients
 * that send it (redis-py cf().reserve, node-redis cf.reserve, Jedis cfReserve, go-redis CFReserve*). Sources, in
 * RedisBloom/RedisBloom:
 * - src/config.c rm_config: cf_bucket_size 2 in [1, 255], cf_max_iterations 20 in [1, 65535], cf_expansion_factor 1 in
 *   [0, 32768], cf_initial_size max 1 << 30, cf_max_expansions 32.
 * - src/rebloom.c CFReserve_RedisCommand: "Capacity must be in the range [2 * BUCKETSIZE, %lld]" (capacity > max or
 *   2 b > capacity), and each option's "value must be in the range" reply.
 * - src/cuckoo.c CuckooFilter_Init: numBuckets = getNextN2(capacity / bucketSize) (a power of two, at least 1),
 *   expansion = getNextN2(expansion); CuckooFilter_Grow: sub-filter i has numBuckets x expansion^i buckets;
 *   CuckooFilter_InsertFP: with expansion 0 a full filter answers "no space".
 * - src/cuckoo.c getLookupParams: fp = hash % 255 + 1, one byte (src/cuckoo.h CuckooFingerprint is uint8_t).
 * - src/rebloom.c cfInsertCommon: "Maximum expansions reached" once cf_max_expansions (32) sub-filters exist.
 */
import type { LibraryDerivation } from '../detect/types';
import { cuckooTable } from './fingerprintLayouts';
import type { FingerprintLibraryModule, SourceCitation } from './types';
import { nextPowerOfTwo } from './util';

export const REDIS_CUCKOO_DEFAULTS = { bucketSize: 2, maxIterations: 20, expansion: 1 } as const;
/** src/config.c cf_initial_size.max. */
export const REDIS_CUCKOO_MAX_CAPACITY = 2 ** 30;
/** src/config.c cf_max_expansions: sub-filters a cuckoo filter may have. */
export const REDIS_CUCKOO_MAX_SUB_FILTERS = 32;
/** src/cuckoo.h: CuckooFingerprint is uint8_t, values 1..255. */
export const REDIS_CUCKOO_FINGERPRINT_BITS = 8;

export interface RedisCuckooOptions {
  readonly bucketSize?: number;
  readonly maxIterations?: number;
  readonly expansion?: number;
}

/** What CF.RESERVE allocates for `capacity` and its options, or RedisBloom's refusal (rejects, BL001). */
export function redisCuckoo(capacity: number | undefined, options: RedisCuckooOptions = {}): LibraryDerivation {
  const bucketSize = options.bucketSize ?? REDIS_CUCKOO_DEFAULTS.bucketSize;
  const maxIterations = options.maxIterations ?? REDIS_CUCKOO_DEFAULTS.maxIterations;
  const expansion = options.expansion ?? REDIS_CUCKOO_DEFAULTS.expansion;
  const rejects: string[] = [];
  const within = (value: number, min: number, max: number): boolean => Number.isInteger(value) && value >= min && value <= max;
  if (!within(bucketSize, 1, 255)) rejects.push(`BUCKETSIZE ${bucketSize} — RedisBloom replies "BUCKETSIZE: value must be in the range [1, 255]"`);
  if (!within(maxIterations, 1, 65535)) rejects.push(`MAXITERATIONS ${maxIterations} — RedisBloom replies "MAXITERATIONS: value must be in the range [1, 65535]"`);
  if (!within(expansion, 0, 32768)) rejects.push(`EXPANSION ${expansion} — RedisBloom replies "EXPANSION: value must be in the range [0, 32768]"`);
  if (rejects.length === 0 && capacity !== undefined && !(Number.isInteger(capacity) && capacity >= 2 * bucketSize && capacity <= REDIS_CUCKOO_MAX_CAPACITY)) {
    rejects.push(`capacity ${capacity} — RedisBloom replies "Capacity must be in the range [2 * BUCKETSIZE, ${REDIS_CUCKOO_MAX_CAPACITY}]" (BUCKETSIZE ${bucketSize})`);
  }
  if (rejects.length > 0) return { rejects, structure: cuckooTable(undefined, bucketSize, REDIS_CUCKOO_FINGERPRINT_BITS, 'refused by RedisBloom') };
  const buckets = capacity === undefined ? undefined : nextPowerOfTwo(Math.floor(capacity / bucketSize)); // getNextN2(capacity / bucketSize), at least 1
  const growth = expansion === 0 ? 0 : nextPowerOfTwo(expansion); // getNextN2(expansion): 0 stays 0 (no growth)
  const notes = growth !== expansion ? [`EXPANSION ${expansion} is rounded up to ${growth} (a power of two)`] : [];
  return {
    structure: cuckooTable(buckets, bucketSize, REDIS_CUCKOO_FINGERPRINT_BITS, 'a power of two', {
      whenFull: growth === 0 ? 'fails' : 'grows',
      ...(growth > 0 ? { expansion: growth, maxSubFilters: REDIS_CUCKOO_MAX_SUB_FILTERS } : {}),
    }),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

const GO_REDIS: SourceCitation = { repository: 'redis/go-redis', file: 'probabilistic.go', function: 'CFReserve, CFReserveBucketSize, CFReserveExpansion, CFReserveMaxIterations, CFReserveWithArgs (CFReserveOptions{Capacity, BucketSize, MaxIterations, Expansion})' };

/** The go-redis entry points: (ctx, key, capacity[, option]) or (ctx, key, &CFReserveOptions{...}). */
const goRedisOption = (callee: string, role: 'bucketSlots' | 'expansion' | 'maxKicks') => ({
  kind: 'call' as const, recognizer: 'go-redis.cfReserve', title: `go-redis ${callee.slice(1)}`, callee, arity: [4, 4] as const, languages: ['go'],
  params: [{ role: 'n' as const, unit: 'count' as const, position: 2 }, { role, unit: 'count' as const, position: 3 }],
  derive: (params: { n?: number }, _named: ReadonlyMap<string, string>, stated: ReadonlyMap<string, number>) => redisCuckoo(params.n, {
    bucketSize: stated.get('bucketSlots'), maxIterations: stated.get('maxKicks'), expansion: stated.get('expansion'),
  }),
  source: GO_REDIS,
});

const NREDISSTACK_CF: SourceCitation = { repository: 'redis/NRedisStack', file: 'src/NRedisStack/CuckooFilter/CuckooCommands.cs', function: 'Reserve / ReserveAsync(key, capacity, bucketSize = null, maxIterations = null, expansion = null)' };
const REDISBLOOM_PY_CF: SourceCitation = { repository: 'RedisBloom/redisbloom-py', file: 'redisbloom/client.py', function: 'Client.cfCreate(key, capacity, expansion=None, bucket_size=None, max_iterations=None)' };
const PREDIS_CF: SourceCitation = { repository: 'predis/predis', file: 'src/ClientInterface.php', function: '@method cfreserve(string $key, int $capacity, int $bucketSize = -1, int $maxIterations = -1, int $expansion = -1)' };

/** A client call that sends CF.RESERVE key capacity with its options at the given positions (-1: by name only) or names. */
const clientReserve = (recognizer: string, title: string, callee: string, languages: readonly string[], arity: readonly [number, number], options: { bucketSlots: [number, string]; maxKicks: [number, string]; expansion: [number, string] }, source: SourceCitation, requires?: RegExp, unset = Number.NaN) => ({
  kind: 'call' as const, recognizer, title, callee, arity, languages, ...(requires ? { requires } : {}),
  params: [{ role: 'n' as const, unit: 'count' as const, position: 1, names: ['capacity'] },
    ...(['bucketSlots', 'maxKicks', 'expansion'] as const).map((role) => ({ role, unit: 'count' as const, ...(options[role][0] >= 0 ? { position: options[role][0] } : {}), names: [options[role][1]] }))],
  // an option left at the client's "not sent" value (Predis -1) takes the server's default
  derive: (params: { n?: number }, _named: ReadonlyMap<string, string>, stated: ReadonlyMap<string, number>) => {
    const sent = (role: string) => (stated.get(role) === unset ? undefined : stated.get(role));
    return redisCuckoo(params.n, { bucketSize: sent('bucketSlots'), maxIterations: sent('maxKicks'), expansion: sent('expansion') });
  },
  source,
});

const NODE_REDIS_CF: SourceCitation = { repository: 'redis/node-redis', file: 'packages/bloom/lib/commands/cuckoo/RESERVE.ts, INSERT.ts, INSERTNX.ts', function: 'parseCommand(key, capacity, { BUCKETSIZE, MAXITERATIONS, EXPANSION }); insert(key, items, { CAPACITY, NOCREATE })' };
const REDIS_PY_CF: SourceCitation = { repository: 'redis/redis-py', file: 'redis/commands/bf/commands.py', function: 'CFCommands.insert / insertnx(key, items, capacity=None, nocreate=None)' };

/** CF.INSERT / CF.INSERTNX with CAPACITY: a missing filter is created with that capacity and the module's other defaults. */
const insertWithCapacity = (recognizer: string, title: string, callee: string, languages: readonly string[], arity: readonly [number, number], names: readonly string[], source: SourceCitation) => ({
  kind: 'call' as const, recognizer, title, callee, arity, languages,
  params: [{ role: 'n' as const, unit: 'count' as const, names }],
  notes: ['CF.INSERT creates the filter with this capacity when the key does not exist (unless NOCREATE); the other options take the module defaults'],
  derive: (params: { n?: number }) => redisCuckoo(params.n),
  source,
});

export const REDIS_CUCKOO: FingerprintLibraryModule = {
  id: 'redisbloom-cuckoo',
  displayName: 'RedisBloom cuckoo filter (CF.RESERVE)',
  recognizers: ['redis.cf.reserve', 'redis-py.cf.reserve', 'node-redis.cf.reserve', 'jedis.cfReserve', 'go-redis.cfReserve', 'nredisstack.cf.reserve', 'redisbloom-py.cfCreate', 'predis.cfreserve', 'node-redis.cf.insert', 'redis-py.cf.insert', 'nredisstack.cf.insert'],
  entryPoints: [
    { kind: 'call', recognizer: 'go-redis.cfReserve', title: 'go-redis CFReserve', callee: '.CFReserve', arity: [3, 3], languages: ['go'],
      params: [{ role: 'n', unit: 'count', position: 2 }],
      derive: (params) => redisCuckoo(params.n), source: GO_REDIS },
    goRedisOption('.CFReserveBucketSize', 'bucketSlots'),
    goRedisOption('.CFReserveExpansion', 'expansion'),
    goRedisOption('.CFReserveMaxIterations', 'maxKicks'),
    { kind: 'call', recognizer: 'go-redis.cfReserve', title: 'go-redis CFReserveWithArgs', callee: '.CFReserveWithArgs', arity: [3, 3], languages: ['go'],
      params: [{ role: 'n', unit: 'count', names: ['Capacity'] }, { role: 'bucketSlots', unit: 'count', names: ['BucketSize'] },
        { role: 'maxKicks', unit: 'count', names: ['MaxIterations'] }, { role: 'expansion', unit: 'count', names: ['Expansion'] }],
      // go-redis sends an option only when it is non-zero (probabilistic.go CFReserveWithArgs)
      derive: (params, _named, stated) => redisCuckoo(params.n, {
        bucketSize: stated.get('bucketSlots') || undefined, maxIterations: stated.get('maxKicks') || undefined, expansion: stated.get('expansion') || undefined,
      }),
      source: GO_REDIS },
    ...['.CF().Reserve', '.CF().ReserveAsync'].map((callee) => clientReserve('nredisstack.cf.reserve', `NRedisStack ${callee.slice(1)}`, callee, ['csharp'], [2, 5],
      { bucketSlots: [2, 'bucketSize'], maxKicks: [3, 'maxIterations'], expansion: [4, 'expansion'] }, NREDISSTACK_CF)),
    // node-redis's command names in capitals; the lower-case `client.cf.reserve` is read by src/detect/recognizers/redisCuckoo.ts
    clientReserve('node-redis.cf.reserve', 'node-redis cf.RESERVE', '.cf.RESERVE', ['javascript', 'typescript'], [2, 3],
      { bucketSlots: [-1, 'BUCKETSIZE'], maxKicks: [-1, 'MAXITERATIONS'], expansion: [-1, 'EXPANSION'] }, NODE_REDIS_CF),
    ...['.cf.insert', '.cf.insertNX', '.cf.INSERT', '.cf.INSERTNX'].map((callee) => insertWithCapacity('node-redis.cf.insert', `node-redis ${callee.slice(1)}`, callee, ['javascript', 'typescript'], [3, 3], ['CAPACITY'], NODE_REDIS_CF)),
    ...['.cf().insert', '.cf().insertnx'].map((callee) => insertWithCapacity('redis-py.cf.insert', `redis-py ${callee.slice(1)}`, callee, ['python'], [2, 4], ['capacity'], REDIS_PY_CF)),
    ...['.CF().Insert', '.CF().InsertNX', '.CF().InsertAsync', '.CF().InsertNXAsync'].map((callee) => insertWithCapacity('nredisstack.cf.insert', `NRedisStack ${callee.slice(1)}`, callee, ['csharp'], [2, 4], ['capacity'], NREDISSTACK_CF)),
    clientReserve('redisbloom-py.cfCreate', 'redisbloom-py cfCreate', '.cfCreate', ['python'], [2, 5],
      { expansion: [2, 'expansion'], bucketSlots: [3, 'bucket_size'], maxKicks: [4, 'max_iterations'] }, REDISBLOOM_PY_CF, /redisbloom/),
    clientReserve('predis.cfreserve', 'Predis cfreserve', 'cfreserve', ['php'], [2, 5],
      { bucketSlots: [2, 'bucketSize'], maxKicks: [3, 'maxIterations'], expansion: [4, 'expansion'] }, PREDIS_CF, /predis/i, -1),
  ],
  sources: [
    { repository: 'RedisBloom/RedisBloom', file: 'src/config.c', function: 'rm_config (cf_bucket_size, cf_max_iterations, cf_expansion_factor, cf_initial_size, cf_max_expansions)' },
    { repository: 'RedisBloom/RedisBloom', file: 'src/rebloom.c', function: 'CFReserve_RedisCommand, cfInsertCommon' },
    { repository: 'RedisBloom/RedisBloom', file: 'src/cuckoo.c', function: 'CuckooFilter_Init, CuckooFilter_Grow, getLookupParams, CuckooFilter_InsertFP' },
    { repository: 'redis/redis-py', file: 'redis/commands/bf/commands.py', function: 'CFCommands.create (reserve = create): key, capacity, expansion, bucket_size, max_iterations' },
    { repository: 'redis/node-redis', file: 'packages/bloom/lib/commands/cuckoo/RESERVE.ts', function: 'parseCommand(key, capacity, { BUCKETSIZE, MAXITERATIONS, EXPANSION })' },
    { repository: 'redis/jedis', file: 'src/main/java/redis/clients/jedis/bloom/commands/CuckooFilterCommands.java', function: 'cfReserve(key, capacity[, CFReserveParams])' },
    GO_REDIS, NREDISSTACK_CF, REDISBLOOM_PY_CF, PREDIS_CF, NODE_REDIS_CF, REDIS_PY_CF,
  ],
};
