/** Grafana Tempo block Bloom filters (`storage.trace.block`): a false-positive target, split into shards of a set size. */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const CONFIG: SourceCitation = { repository: 'grafana/tempo', file: 'tempodb/encoding/common/config.go', function: 'BlockConfig.BloomFP (bloom_filter_false_positive), BloomShardSizeBytes' };
const BLOOM: SourceCitation = { repository: 'grafana/tempo', file: 'tempodb/encoding/common/bloom.go', function: 'NewBloom (shards of bits-and-blooms filters, at most 1000)' };

export const TEMPO: LibraryModule = {
  id: 'tempo',
  displayName: 'Grafana Tempo',
  recognizers: ['tempo.bloomFilter'],
  entryPoints: [{
    kind: 'settings', recognizer: 'tempo.bloomFilter', title: 'Tempo block Bloom filter', triggers: ['p'],
    notes: ['one filter per block: n is the traces of one block; beyond 1000 shards the rate is no longer met'],
    settings: ['bloom_filter_false_positive', 'storage.trace.block.bloom_filter_false_positive'].map((name) => ({ role: 'p' as const, unit: 'probability' as const, form: 'key' as const, name, source: CONFIG })),
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [CONFIG, BLOOM],
};
