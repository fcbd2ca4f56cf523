/** Apache Doris NGRAM_BF index: a Bloom filter of the n-grams of each page, sized in bytes by `bf_size`. */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'apache/doris', file: 'fe/fe-core/src/main/java/org/apache/doris/analysis/InvertedIndexUtil.java, be/src/olap/rowset/segment_v2/ngram_bloom_filter.cpp', function: 'NGRAM_BF properties gram_size, bf_size (bytes)' };

export const DORIS_NGRAM: LibraryModule = {
  id: 'doris-ngram-bf',
  displayName: 'Doris NGRAM_BF index',
  recognizers: ['doris.ngramBf'],
  entryPoints: [{
    kind: 'settings', recognizer: 'doris.ngramBf', title: 'Doris NGRAM_BF index (bf_size bytes)', triggers: ['m'], requires: /ngram_bf/i,
    notes: ['one filter per page of the column: n is the distinct n-grams of a page'],
    settings: [{ role: 'm', unit: 'bytes', form: 'key', name: 'bf_size', source: SOURCE }],
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
