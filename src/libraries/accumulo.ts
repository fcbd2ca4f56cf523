/** Apache Accumulo table Bloom filters (`table.bloom.*`): Hadoop's DynamicBloomFilter with 5 hashes, a new row every `size` keys. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SettingsEntryPoint, SourceCitation } from './types';
import { result } from './util';

/** HASH_COUNT = 5; vectorSize = ceil(-5 · n / ln(1 - p^(1/5))) (BloomFilterLayer.Writer). */
export function accumuloBloom(n: number, p: number): LibraryDerivation {
  const k = 5;
  const m = Math.ceil((-k * n) / Math.log(1 - Math.pow(p, 1 / k)));
  return result(m, k, ['a dynamic filter: another filter of this size is added every n keys, so the FP rate grows with the file']);
}

const PROPERTY: SourceCitation = { repository: 'apache/accumulo', file: 'core/src/main/java/org/apache/accumulo/core/conf/Property.java', function: 'TABLE_BLOOM_ENABLED, TABLE_BLOOM_SIZE, TABLE_BLOOM_ERRORRATE' };
const LAYER: SourceCitation = { repository: 'apache/accumulo', file: 'core/src/main/java/org/apache/accumulo/core/file/BloomFilterLayer.java', function: 'Writer (HASH_COUNT, vectorSize)' };

/** What both spellings share: the defaults and BloomFilterLayer's sizing. */
const TABLE_BLOOM: Omit<SettingsEntryPoint, 'settings'> = {
  kind: 'settings', recognizer: 'accumulo.tableBloom', title: 'Accumulo table Bloom filter', triggers: ['enabled', 'n', 'p'],
  defaults: { n: { value: 1_048_576, text: 'Accumulo default table.bloom.size 1048576 keys' }, p: { value: 0.005, text: 'Accumulo default table.bloom.error.rate 0.5%' } },
  derive: (params) => (params.n !== undefined && params.p !== undefined ? accumuloBloom(params.n, params.p) : {}),
};

export const ACCUMULO: LibraryModule = {
  id: 'accumulo',
  displayName: 'Apache Accumulo',
  recognizers: ['accumulo.tableBloom'],
  entryPoints: [
    // the table properties as the shell and config files write them (`config -t t -s table.bloom.enabled=true`)
    { ...TABLE_BLOOM, settings: [
      { role: 'enabled', unit: 'flag', form: 'key', name: 'table.bloom.enabled', source: PROPERTY },
      { role: 'n', unit: 'count', form: 'key', name: 'table.bloom.size', source: PROPERTY },
      { role: 'p', unit: 'probability', form: 'key', name: 'table.bloom.error.rate', source: PROPERTY },
    ] },
    // Java: tableOperations().setProperty(table, Property.TABLE_BLOOM_SIZE.getKey(), "1000000")
    { ...TABLE_BLOOM, languages: ['java', 'kotlin', 'scala', 'groovy'], settings: [
      { role: 'enabled', unit: 'flag', form: 'constant', name: 'Property.TABLE_BLOOM_ENABLED', source: PROPERTY },
      { role: 'n', unit: 'count', form: 'constant', name: 'Property.TABLE_BLOOM_SIZE', source: PROPERTY },
      { role: 'p', unit: 'probability', form: 'constant', name: 'Property.TABLE_BLOOM_ERRORRATE', source: PROPERTY },
    ] },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [PROPERTY, LAYER],
};
