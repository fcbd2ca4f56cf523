/**
 * BloomFilter.NetCore (vla/BloomFilter.NetCore, C#): `FilterBuilder.Build(expectedElements[, errorRate][, hashMethod])`,
 * the Redis back-end `FilterRedisBuilder.Build(configuration, redisKey, expectedElements[, errorRate][, hashMethod])`, and
 * the options objects `new FilterMemoryOptions { ExpectedElements = n, ErrorRate = p }` (also FilterRedisOptions) that
 * `services.AddBloomFilter(o => o.UseInMemory(...))` reads. Sizing: Filter.BestM = ceil(-n ln p / ln²2), BestK = ceil(ln 2 · m / n).
 */
import { ceilCeil } from './bitsAndBlooms';
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';

const BUILDER: SourceCitation = { repository: 'vla/BloomFilter.NetCore', file: 'src/BloomFilter/FilterBuilder.cs', function: 'FilterBuilder.Build(int expectedElements) (errorRate 0.01), Build(expectedElements, double errorRate[, HashMethod | HashFunction])' };
const REDIS_BUILDER: SourceCitation = { repository: 'vla/BloomFilter.NetCore', file: 'src/BloomFilter.Redis/FilterRedisBuilder.cs', function: 'FilterRedisBuilder.Build(configuration, redisKey, expectedElements[, errorRate = 0.01][, hashMethod])' };
const OPTIONS: SourceCitation = { repository: 'vla/BloomFilter.NetCore', file: 'src/BloomFilter/Configurations/FilterMemoryOptions.cs', function: 'FilterMemoryOptions { ExpectedElements = 1000000, ErrorRate = 0.01 }' };
const FILTER: SourceCitation = { repository: 'vla/BloomFilter.NetCore', file: 'src/BloomFilter/Filter.cs', function: 'Filter(name, expectedElements, errorRate, hashFunction): BestM, BestK (ArgumentOutOfRangeException unless n >= 1 and 0 < p < 1)' };

const DEFAULT_RATE = { p: { value: 0.01, text: 'BloomFilter.NetCore default errorRate 0.01' } };
const derive = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? ceilCeil(params.n, params.p) : {});
// `using BloomFilter;`, or the namespace written at the call (`BloomFilter.FilterBuilder.Build<string>(...)`)
const REQUIRES = /using\s+BloomFilter\b|\bBloomFilter\s*\.\s*Filter(?:Redis)?Builder\b/;

export const BLOOM_FILTER_NET: LibraryModule = {
  id: 'bloomfilter-net',
  displayName: 'BloomFilter.NetCore',
  recognizers: ['bloomfilter-net.build'],
  entryPoints: [
    { kind: 'call', recognizer: 'bloomfilter-net.build', title: 'BloomFilter.NetCore FilterBuilder.Build(expectedElements, errorRate)', callee: 'FilterBuilder.Build', arity: [0, 4], languages: ['csharp'], requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0, names: ['expectedElements'] }, { role: 'p', unit: 'probability', position: 1, names: ['errorRate'] }],
      defaults: DEFAULT_RATE, derive, source: BUILDER },
    // the connection (string, ConfigurationOptions or multiplexer) and the Redis key come first
    { kind: 'call', recognizer: 'bloomfilter-net.build', title: 'BloomFilter.NetCore FilterRedisBuilder.Build(configuration, redisKey, expectedElements, errorRate)', callee: 'FilterRedisBuilder.Build', arity: [3, 5], languages: ['csharp'], requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 2, names: ['expectedElements'] }, { role: 'p', unit: 'probability', position: 3, names: ['errorRate'] }],
      defaults: DEFAULT_RATE, derive, source: REDIS_BUILDER },
    { kind: 'settings', recognizer: 'bloomfilter-net.build', title: 'BloomFilter.NetCore FilterMemoryOptions', triggers: ['n', 'p'], languages: ['csharp'], requires: REQUIRES,
      defaults: { n: { value: 1_000_000, text: 'FilterMemoryOptions default ExpectedElements 1000000' }, ...DEFAULT_RATE },
      derive: (params) => derive(params),
      settings: [
        { role: 'n', unit: 'count', form: 'field', name: 'ExpectedElements', source: OPTIONS },
        { role: 'p', unit: 'probability', form: 'field', name: 'ErrorRate', source: OPTIONS },
      ] },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [BUILDER, REDIS_BUILDER, OPTIONS, FILTER],
};
