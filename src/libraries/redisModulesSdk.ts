/** redis-modules-sdk (TypeScript): `new RedisBloom(...).reserve(key, errorRate, capacity, { expansion, nonscaling })` sends BF.RESERVE. */
import { classicModel } from './models';
import { redisBloom } from './redisbloom';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = {
  repository: 'danitseitlin/redis-modules-sdk-ts',
  file: 'modules/bloom/redisbloom.commander.ts',
  function: 'BloomCommander.reserve(key, errorRate, capacity, options?: BFReserveParameter) -> BF.RESERVE key errorRate capacity [expansion] [NONSCALING]',
};

export const REDIS_MODULES_SDK: LibraryModule = {
  id: 'redis-modules-sdk',
  displayName: 'redis-modules-sdk RedisBloom',
  recognizers: ['redis-modules-sdk.reserve'],
  entryPoints: [{
    kind: 'call', recognizer: 'redis-modules-sdk.reserve', title: 'redis-modules-sdk RedisBloom.reserve(key, errorRate, capacity)', callee: '.reserve', arity: [3, 4],
    languages: ['typescript', 'javascript', 'typescriptreact', 'javascriptreact'], requires: /redis-modules-sdk/,
    params: [{ role: 'p', unit: 'probability', position: 1 }, { role: 'n', unit: 'count', position: 2 }],
    notes: ['an options object `{ nonscaling: true }` makes the filter non-scaling; shown as the scaling default'],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? redisBloom(params.n, params.p, false) : {}),
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
