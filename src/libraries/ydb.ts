/**
 * YDB (ydb-platform/ydb) Bloom skip indexes: `INDEX name LOCAL USING bloom_filter ON (cols) WITH
 * (false_positive_probability = 0.05)`, and `USING bloom_ngram_filter ... WITH (ngram_size = 3, false_positive_probability
 * = 0.01, case_sensitive = true)`. The rate is the only sizing option; YDB sizes the filter from each fragment's values.
 */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = {
  repository: 'ydb-platform/ydb',
  file: 'ydb/docs/en/core/yql/reference/syntax/_includes/bloom_skip_index_parameters.md (included by create_table/bloom_skip_index.md)',
  function: 'WITH (false_positive_probability) in (0, 1): default 0.0001 on row tables, 0.1 on column tables; bloom_ngram_filter: ngram_size 3..8 (default 3), false_positive_probability default 0.1',
};

export const YDB_BLOOM_INDEX: LibraryModule = {
  id: 'ydb-bloom-index',
  displayName: 'YDB Bloom skip index',
  recognizers: ['ydb.bloomFilterIndex'],
  entryPoints: [{
    kind: 'settings', recognizer: 'ydb.bloomFilterIndex', title: 'YDB INDEX ... LOCAL USING bloom_filter | bloom_ngram_filter WITH (false_positive_probability)', triggers: ['p'],
    requires: /\bLOCAL\s+USING\s+bloom_(?:ngram_)?filter\b/i,
    notes: ['a local skip index: one filter per data fragment (row table: over a prefix of the primary key), so n is the values of a fragment',
      'without false_positive_probability YDB uses 0.0001 on row tables and 0.1 on column tables (bloom_ngram_filter: 0.1)'],
    settings: [{ role: 'p', unit: 'probability', form: 'key', name: 'false_positive_probability', source: SOURCE }],
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
