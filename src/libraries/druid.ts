/** Apache Druid bloom aggregator (`{"type": "bloom", "maxNumEntries": n}`, SQL `BLOOM_FILTER(expr, numEntries)`): a BloomKFilter per query. */
import { bloomKFilter } from './hive';
import { blockedModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'apache/druid', file: 'extensions-core/druid-bloom-filter/src/main/java/org/apache/druid/query/aggregation/bloom/BloomFilterAggregatorFactory.java', function: 'BloomFilterAggregatorFactory(name, field, maxNumEntries)' };
const SQL: SourceCitation = { repository: 'apache/druid', file: 'extensions-core/druid-bloom-filter/src/main/java/org/apache/druid/query/aggregation/bloom/sql/BloomFilterSqlAggregator.java', function: 'BLOOM_FILTER(expr, numEntries) (docs/querying/sql-functions.md)' };
const FILTER: SourceCitation = { repository: 'apache/druid', file: 'extensions-core/druid-bloom-filter/src/main/java/org/apache/druid/query/filter/BloomKFilter.java', function: 'BloomKFilter(long maxNumEntries) (Hive\'s BloomKFilter: DEFAULT_FPP 0.05, 8-long blocks)' };
const FIXED_FPP = { p: { value: 0.05, text: 'BloomKFilter sizes for its fixed DEFAULT_FPP 0.05' } };

export const DRUID: LibraryModule = {
  id: 'druid-bloom',
  displayName: 'Apache Druid bloom aggregator',
  recognizers: ['druid.bloomAggregator'],
  entryPoints: [{
    kind: 'settings', recognizer: 'druid.bloomAggregator', title: 'Druid bloom aggregator', triggers: ['n'],
    defaults: FIXED_FPP,
    derive: (params) => (params.n !== undefined ? bloomKFilter(params.n) : {}),
    settings: [
      { role: 'kind', unit: 'name', form: 'key', name: 'type', value: /^["']?bloom["']?$/, source: SOURCE },
      { role: 'n', unit: 'count', form: 'key', name: 'maxNumEntries', source: SOURCE },
    ],
  }, {
    kind: 'call', recognizer: 'druid.bloomAggregator', title: 'Druid SQL BLOOM_FILTER(expr, numEntries)', callee: 'BLOOM_FILTER', arity: [2, 2],
    params: [{ role: 'n', unit: 'count', position: 1, names: ['numEntries'] }],
    defaults: FIXED_FPP,
    derive: (params) => (params.n !== undefined ? bloomKFilter(params.n) : {}),
    source: SQL,
  }],
  layout: { kind: 'blocked', blockBits: 512 },
  model: blockedModel(512, 'Druid BloomKFilter (512-bit blocks)'),
  sources: [SOURCE, SQL, FILTER],
};
