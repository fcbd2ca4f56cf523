/** RedisBloom (BF.RESERVE / BF.INSERT) and its clients (redis-py, node-redis, Jedis, go-redis). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { groupedInteger, probabilityLiteral, result, sizeNote, snippetSummary } from './util';

/** RedisBloom bloom_init: bits rounded up to a power of two; k = ceil(ln2 bpe); scaling filters size their first link for p/2. */
export function redisBloom(n: number, p: number, nonScaling: boolean): LibraryDerivation {
  const notes: string[] = [];
  const error = nonScaling ? p : p * 0.5; // ERROR_TIGHTENING_RATIO 0.5 (src/sb.c)
  const bpe = -Math.log(error) / 0.480453013918201;
  const exact = n * bpe;
  const n2 = Math.floor(Math.log2(exact)) + 1; // logb(entries * bpe) + 1
  const bits = n2 <= 63 ? 2 ** n2 : undefined;
  const k = Math.ceil(0.693147180559945 * bpe);
  if (bits !== undefined) sizeNote(notes, 'RedisBloom rounds the bit count up to a power of two', exact, bits);
  if (!nonScaling) notes.push('scaling filter: the first sub-filter is sized for p/2 (later ones p/4, p/8, ...); capacity grows by EXPANSION when full');
  return result(bits, k, notes, nonScaling ? {} : { p: error });
}

export const REDISBLOOM: LibraryModule = {
  id: 'redisbloom',
  displayName: 'RedisBloom',
  recognizers: ['redis.bf.reserve', 'redis.bf.insert', 'redis-py.bf.reserve', 'redis-py.bf.insert', 'node-redis.bf.reserve', 'jedis.bfReserve', 'go-redis.bfReserve', 'redis.module.config'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [
    { repository: 'RedisBloom/RedisBloom', file: 'src/rebloom.c', function: 'bfCreateChain (BLOOM_OPT_NOROUND | BLOOM_OPT_FORCE64)' },
    { repository: 'RedisBloom/RedisBloom', file: 'src/sb.c', function: 'SB_NewChain, sbAddLink (ERROR_TIGHTENING_RATIO)' },
    { repository: 'RedisBloom/RedisBloom', file: 'deps/bloom/bloom.c', function: 'bloom_init_size, bloom_calc_bpe' },
  ],
  allocations: [
    { id: 'redis-nonscaling', label: 'RedisBloom NONSCALING', call: (n, p) => `BF.RESERVE key ${p} ${n} NONSCALING`, derive: (n, p) => redisBloom(n, p, true) },
    { id: 'redis', label: 'RedisBloom (scaling, first link)', call: (n, p) => `BF.RESERVE key ${p} ${n}`, derive: (n, p) => redisBloom(n, p, false) },
  ],
  snippets: [
    { id: 'redis', label: 'RedisBloom (BF.RESERVE)', render: (d) => `# ${snippetSummary(d)} (RedisBloom rounds the bits up to a power of two)\nBF.RESERVE my-filter ${probabilityLiteral(d.p)} ${d.n} NONSCALING` },
    { id: 'redis-py', label: 'redis-py (Python)', render: (d) => `# ${snippetSummary(d)}\nr.bf().reserve("my-filter", ${probabilityLiteral(d.p)}, ${groupedInteger(d.n)}, noScale=True)` },
  ],
};
