/** scrapy-redis-bloomfilter (Python3WebSpider): a Redis bitmap of 2^BLOOMFILTER_BIT bits with BLOOMFILTER_HASH_NUMBER hashes. */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';
import { result } from './util';

const DEFAULTS: SourceCitation = { repository: 'Python3WebSpider/ScrapyRedisBloomFilter', file: 'scrapy_redis_bloomfilter/defaults.py', function: 'BLOOMFILTER_HASH_NUMBER = 6, BLOOMFILTER_BIT = 30' };
const FILTER: SourceCitation = { repository: 'Python3WebSpider/ScrapyRedisBloomFilter', file: 'scrapy_redis_bloomfilter/bloomfilter.py', function: 'BloomFilter.__init__ (m = 1 << bit, one seeded hash per hash_number)' };

export const SCRAPY_REDIS_BLOOMFILTER: LibraryModule = {
  id: 'scrapy-redis-bloomfilter',
  displayName: 'scrapy-redis-bloomfilter',
  recognizers: ['scrapy-redis-bloomfilter.settings'],
  entryPoints: [{
    kind: 'settings', recognizer: 'scrapy-redis-bloomfilter.settings', title: 'scrapy-redis-bloomfilter settings', triggers: ['m', 'k'],
    defaults: { m: { value: 2 ** 30, text: 'default BLOOMFILTER_BIT = 30 (2^30 bits, 128 MiB)' }, k: { value: 6, text: 'default BLOOMFILTER_HASH_NUMBER = 6' } },
    derive: (params) => (params.m !== undefined && params.k !== undefined ? result(params.m, params.k, []) : {}),
    settings: [
      { role: 'm', unit: 'bits-log2', form: 'key', name: 'BLOOMFILTER_BIT', source: DEFAULTS },
      { role: 'k', unit: 'hashes', form: 'key', name: 'BLOOMFILTER_HASH_NUMBER', source: DEFAULTS },
    ],
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [DEFAULTS, FILTER],
};
