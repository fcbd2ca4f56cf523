/**
 * bloomfilter-rb (igrigorik, Ruby): `BloomFilter::Native.new(size: 100, hashes: 4, seed:, bucket: 3, raise: false)`
 * and the Redis-backed `BloomFilter::Redis.new(size:, hashes:, ...)` / `BloomFilter::CountingRedis.new(...)`.
 * `size` is the number of cells (m), not of items; `hashes` is k; `bucket` is the bits per counting cell.
 */
import { classicModel } from './models';
import type { EntryPoint, LibraryModule, SourceCitation } from './types';

const NATIVE: SourceCitation = { repository: 'igrigorik/bloomfilter-rb', file: 'lib/bloomfilter/native.rb', function: 'Native#initialize(size: 100, hashes: 4, seed: Time.now.to_i, bucket: 3, raise: false) -> CBloomFilter.new(m, k, s, b, r)' };
const REDIS: SourceCitation = { repository: 'igrigorik/bloomfilter-rb', file: 'lib/bloomfilter/redis.rb', function: 'Redis#initialize(size: 100, hashes: 4, ...), indexes_for: crc32 % size for each of hashes' };
const DEFAULTS = { m: { value: 100, text: 'bloomfilter-rb default size 100 cells' }, k: { value: 4, text: 'bloomfilter-rb default hashes 4' } };

export const BLOOMFILTER_RB: LibraryModule = {
  id: 'bloomfilter-rb',
  displayName: 'bloomfilter-rb (Ruby)',
  recognizers: ['ruby.bloomfilter-rb.new'],
  entryPoints: [['BloomFilter::Native.new', NATIVE], ['BloomFilter::Redis.new', REDIS], ['BloomFilter::CountingRedis.new', REDIS]].map(([callee, source]): EntryPoint => ({
    kind: 'call', recognizer: 'ruby.bloomfilter-rb.new', title: `bloomfilter-rb ${callee}(size:, hashes:)`, callee: callee as string, arity: [0, 1], languages: ['ruby'], requires: /bloomfilter-rb|bloomfilter|BloomFilter::(?:Native|Redis|CountingRedis)\b/,
    params: [{ role: 'm', unit: 'bits', names: ['size'] }, { role: 'k', unit: 'hashes', names: ['hashes'] }],
    defaults: DEFAULTS,
    notes: ['bloomfilter-rb: `size` is the number of cells (m), not the number of items; each cell is a small counter'],
    derive: (params) => (params.m !== undefined && params.k !== undefined ? { m: params.m, k: params.k } : {}),
    source: source as SourceCitation,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [NATIVE, REDIS],
};
