/** RedisBloom (BF.RESERVE / BF.INSERT) and its clients (redis-py, node-redis, Jedis, go-redis). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { groupedInteger, probabilityLiteral, result, snippetSummary } from './util';

/** ln²2 and ln 2 as RedisBloom writes them (deps/bloom/bloom.c, calc_bpe and LN2). */
const REDIS_LN2_SQUARED = 0.480453013918201;
const REDIS_LN2 = 0.693147180559945;
/** src/sb.c: each link's error is the previous one times 0.5; the first is p/2 unless NONSCALING. */
export const ERROR_TIGHTENING_RATIO = 0.5;

/**
 * BF.RESERVE / BF.INSERT / BF.ADD's auto-created filter: bfCreateChain (src/rebloom.c) passes
 * BLOOM_OPT_NOROUND | BLOOM_OPT_FORCE64, so bloom_init (deps/bloom/bloom.c) takes bits = (uint64)(n · bpe),
 * at least 1, rounded up to whole 64-bit words; bpe = -ln(error) / ln²2 and hashes = ceil(ln2 · bpe).
 * SB_NewChain (src/sb.c) gives the first link error p · 0.5 unless NONSCALING.
 */
export function redisBloom(n: number, p: number, nonScaling: boolean): LibraryDerivation {
  const notes: string[] = [];
  const error = nonScaling ? p : p * ERROR_TIGHTENING_RATIO;
  const bpe = Math.abs(-Math.log(error) / REDIS_LN2_SQUARED); // calc_bpe
  const bits = Math.max(1, Math.trunc(n * bpe)); // BLOOM_OPT_NOROUND: (uint64_t)(entries * bpe), at least 1
  const m = bits % 64 === 0 ? bits : (Math.trunc(bits / 64) + 1) * 64; // bytes = ((bits / 64) + 1) * 8 unless exact
  const k = Math.ceil(REDIS_LN2 * bpe); // (int)ceil(LN2 * bpe)
  if (!nonScaling) notes.push(`scaling filter: the first sub-filter is sized for p/2 = ${Number(error.toPrecision(6))} (later ones p/4, p/8, ...); capacity grows by EXPANSION when full`);
  return result(m, k, notes, nonScaling ? {} : { p: error });
}

const NODE_REDIS_RESERVE: SourceCitation = { repository: 'redis/node-redis', file: 'packages/bloom/lib/commands/bloom/RESERVE.ts', function: 'transformArguments(key, errorRate, capacity, { EXPANSION, NONSCALING })' };
const GO_REDIS: SourceCitation = { repository: 'redis/go-redis', file: 'probabilistic.go', function: 'BFReserveWithArgs, BFReserveOptions{Capacity, Error, Expansion, NonScaling}' };

export const REDISBLOOM: LibraryModule = {
  id: 'redisbloom',
  displayName: 'RedisBloom',
  recognizers: ['redis.bf.reserve', 'redis.bf.insert', 'redis-py.bf.reserve', 'redis-py.bf.insert', 'node-redis.bf.reserve', 'jedis.bfReserve', 'redis4cats.bfReserve', 'go-redis.bfReserve', 'go-redis.bfInsert', 'jedis.bfInsert', 'redis.module.config'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  entryPoints: [
    // node-redis's command names in capitals (`client.bf.RESERVE`); the lower-case `client.bf.reserve` is read by src/detect/recognizers/redis.ts
    { kind: 'call', recognizer: 'node-redis.bf.reserve', title: 'node-redis bf.RESERVE', callee: '.bf.RESERVE', arity: [3, 4], languages: ['javascript', 'typescript'],
      params: [{ role: 'p', unit: 'probability', position: 1 }, { role: 'n', unit: 'count', position: 2 }],
      derive: (params, named) => (params.n !== undefined && params.p !== undefined ? redisBloom(params.n, params.p, named.get('NONSCALING') === 'true') : {}), source: NODE_REDIS_RESERVE },
    // go-redis sends Error then Capacity positionally (BF.RESERVE key error capacity), EXPANSION and NONSCALING when set
    { kind: 'call', recognizer: 'go-redis.bfReserve', title: 'go-redis BFReserveWithArgs', callee: '.BFReserveWithArgs', arity: [3, 3], languages: ['go'],
      params: [{ role: 'n', unit: 'count', names: ['Capacity'] }, { role: 'p', unit: 'probability', names: ['Error'] }],
      derive: (params, named) => (params.n !== undefined && params.p !== undefined ? redisBloom(params.n, params.p, named.get('NonScaling') === 'true') : {}), source: GO_REDIS },
    // BFInsert(ctx, key, &BFInsertOptions{Capacity, Error, ...}, items...): unset fields are left out, the server's defaults apply
    { kind: 'call', recognizer: 'go-redis.bfInsert', title: 'go-redis BFInsert', callee: '.BFInsert', arity: [3, 1000], languages: ['go'],
      params: [{ role: 'n', unit: 'count', names: ['Capacity'] }, { role: 'p', unit: 'probability', names: ['Error'] }],
      defaults: { p: { value: 0.01, text: 'RedisBloom default error rate 0.01 (bf-error-rate)' }, n: { value: 100, text: 'RedisBloom default capacity 100 (bf-initial-size)' } },
      derive: (params, named) => (params.n !== undefined && params.p !== undefined ? redisBloom(params.n, params.p, named.get('NonScaling') === 'true') : {}), source: GO_REDIS },
    // Jedis bfInsert(key, new BFInsertParams().capacity(n).error(p), items...)
    { kind: 'call', recognizer: 'jedis.bfInsert', title: 'Jedis bfInsert', callee: '.bfInsert', arity: [2, 1000], languages: ['java', 'kotlin', 'scala'], requires: /jedis/i,
      params: [{ role: 'n', unit: 'count', names: ['capacity'] }, { role: 'p', unit: 'probability', names: ['error'] }],
      defaults: { p: { value: 0.01, text: 'RedisBloom default error rate 0.01 (bf-error-rate)' }, n: { value: 100, text: 'RedisBloom default capacity 100 (bf-initial-size)' } },
      derive: (params, named) => (params.n !== undefined && params.p !== undefined ? redisBloom(params.n, params.p, named.has('nonScaling')) : {}),
      source: { repository: 'redis/jedis', file: 'src/main/java/redis/clients/jedis/bloom/BFInsertParams.java', function: 'capacity, error, expansion, noCreate, nonScaling' } },
  ],
  sources: [
    GO_REDIS,
    NODE_REDIS_RESERVE,
    { repository: 'RedisBloom/RedisBloom', file: 'src/rebloom.c', function: 'bfCreateChain (BLOOM_OPT_NOROUND | BLOOM_OPT_FORCE64)' },
    { repository: 'RedisBloom/RedisBloom', file: 'src/sb.c', function: 'SB_NewChain, sbAddLink (ERROR_TIGHTENING_RATIO)' },
    { repository: 'RedisBloom/RedisBloom', file: 'deps/bloom/bloom.c', function: 'bloom_init (BLOOM_OPT_NOROUND branch), calc_bpe' },
  ],
  allocations: [
    { id: 'redis-nonscaling', label: 'RedisBloom NONSCALING', call: (n, p) => `BF.RESERVE key ${p} ${n} NONSCALING`, derive: (n, p) => redisBloom(n, p, true) },
    { id: 'redis', label: 'RedisBloom (scaling, first link)', call: (n, p) => `BF.RESERVE key ${p} ${n}`, derive: (n, p) => redisBloom(n, p, false) },
  ],
  snippets: [
    { id: 'redis', label: 'RedisBloom (BF.RESERVE)', render: (d) => `# ${snippetSummary(d)} (RedisBloom sizes m itself: n · -ln p / ln²2 bits in 64-bit words)\nBF.RESERVE my-filter ${probabilityLiteral(d.p)} ${d.n} NONSCALING` },
    { id: 'redis-py', label: 'redis-py (Python)', render: (d) => `# ${snippetSummary(d)}\nr.bf().reserve("my-filter", ${probabilityLiteral(d.p)}, ${groupedInteger(d.n)}, noScale=True)` },
  ],
};
