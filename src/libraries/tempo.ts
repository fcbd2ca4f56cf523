/** Grafana Tempo block Bloom filters (`storage.trace.block`): a false-positive target, split into shards of a set size. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2_SQUARED } from './util';

const CONFIG: SourceCitation = { repository: 'grafana/tempo', file: 'tempodb/encoding/common/config.go', function: 'BlockConfig.BloomFP (bloom_filter_false_positive, flag trace.block.v2-bloom-filter-false-positive, default 0.01), BloomShardSizeBytes (100 KiB)' };
const BLOOM: SourceCitation = { repository: 'grafana/tempo', file: 'tempodb/encoding/common/bloom.go', function: 'NewBloom: shards = ceil(m / (shardSize · 8)) in [1, 1000], each bloom.New(shardSize · 8, k) with m, k from EstimateParameters' };

/** DefaultBloomShardSizeBytes and maxShardCount (config.go, bloom.go): the filter of one block holds at most 1000 shards of 100 KiB. */
const DEFAULT_SHARD_BYTES = 100 * 1024;
const MAX_SHARDS = 1000;

/** The traces per block up to which the rate is met with the default shard size: n = m_max · ln²2 / -ln p. */
export function tempoBloom(p: number): LibraryDerivation {
  const maxBits = MAX_SHARDS * DEFAULT_SHARD_BYTES * 8;
  const traces = Math.floor((maxBits * LN2_SQUARED) / -Math.log(p));
  return { notes: [`with the default 100 KiB shards the filter of a block stops growing at 1000 shards: beyond about ${traces.toLocaleString('en-US')} traces per block the rate is no longer met (raise bloom_filter_shard_size_bytes)`] };
}

export const TEMPO: LibraryModule = {
  id: 'tempo',
  displayName: 'Grafana Tempo',
  recognizers: ['tempo.bloomFilter'],
  entryPoints: [{
    kind: 'settings', recognizer: 'tempo.bloomFilter', title: 'Tempo block Bloom filter', triggers: ['p'],
    notes: ['one filter per block: n is the traces of one block, split into shards of bloom_filter_shard_size_bytes'],
    derive: (params) => (params.p !== undefined ? tempoBloom(params.p) : {}),
    settings: [
      ...['bloom_filter_false_positive', 'storage.trace.block.bloom_filter_false_positive'].map((name) => ({ role: 'p' as const, unit: 'probability' as const, form: 'key' as const, name, source: CONFIG })),
      { role: 'p', unit: 'probability', form: 'flag', name: 'storage.trace.block.v2-bloom-filter-false-positive', source: CONFIG },
    ],
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [CONFIG, BLOOM],
};
