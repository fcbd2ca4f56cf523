/** Apache Druid bloom aggregator (`{"type": "bloom", "maxNumEntries": n}`): a BloomKFilter per query. */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'apache/druid', file: 'extensions-core/druid-bloom-filter/src/main/java/org/apache/druid/query/aggregation/bloom/BloomFilterAggregatorFactory.java', function: 'BloomFilterAggregatorFactory(name, field, maxNumEntries)' };

export const DRUID: LibraryModule = {
  id: 'druid-bloom',
  displayName: 'Apache Druid bloom aggregator',
  recognizers: ['druid.bloomAggregator'],
  entryPoints: [{
    kind: 'settings', recognizer: 'druid.bloomAggregator', title: 'Druid bloom aggregator', triggers: ['n'],
    settings: [
      { role: 'kind', unit: 'name', form: 'key', name: 'type', value: /^["']?bloom["']?$/, source: SOURCE },
      { role: 'n', unit: 'count', form: 'key', name: 'maxNumEntries', source: SOURCE },
    ],
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
