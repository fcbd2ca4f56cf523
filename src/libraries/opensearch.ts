/** OpenSearch's document-id Bloom filter (a fuzzy set per segment on `_id`), switched on and sized by two index settings. */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SETTINGS: SourceCitation = { repository: 'opensearch-project/OpenSearch', file: 'server/src/main/java/org/opensearch/index/IndexSettings.java', function: 'INDEX_DOC_ID_FUZZY_SET_ENABLED_SETTING, INDEX_DOC_ID_FUZZY_SET_FALSE_POSITIVE_PROBABILITY_SETTING (0.01 to 0.50)' };

export const OPENSEARCH: LibraryModule = {
  id: 'opensearch-fuzzy-set',
  displayName: 'OpenSearch doc-id fuzzy set',
  recognizers: ['opensearch.docIdFuzzySet'],
  entryPoints: [{
    kind: 'settings', recognizer: 'opensearch.docIdFuzzySet', title: 'OpenSearch index.optimize_doc_id_lookup.fuzzy_set', triggers: ['enabled', 'p'],
    defaults: { p: { value: 0.2, text: 'OpenSearch default false_positive_probability 0.20 (index settings docs)' } },
    notes: ['one filter per segment on _id: n is the documents of a segment; OpenSearch accepts 0.01 to 0.50'],
    settings: [
      { role: 'enabled', unit: 'flag', form: 'key', name: 'index.optimize_doc_id_lookup.fuzzy_set.enabled', source: SETTINGS },
      { role: 'p', unit: 'probability', form: 'key', name: 'index.optimize_doc_id_lookup.fuzzy_set.false_positive_probability', source: SETTINGS },
    ],
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SETTINGS],
};
