/** StarRocks NGRAMBF index: a Bloom filter of the n-grams of a column, sized by its false-positive rate `bloom_filter_fpp`. */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = {
  repository: 'StarRocks/starrocks',
  file: 'docs/en/table_design/indexes/Ngram_Bloom_Filter_Index.md',
  function: 'INDEX ... USING NGRAMBF ("gram_num" = .., "bloom_filter_fpp" = ..) (fpp 0.0001 to 0.05, default 0.05)',
};

export const STARROCKS_NGRAM: LibraryModule = {
  id: 'starrocks-ngrambf',
  displayName: 'StarRocks NGRAMBF index',
  recognizers: ['starrocks.ngrambf'],
  entryPoints: [{
    kind: 'settings', recognizer: 'starrocks.ngrambf', title: 'StarRocks NGRAMBF index (bloom_filter_fpp)', triggers: ['p'], requires: /\bNGRAM_?BF\b/i,
    notes: ['one filter per data page of the column: n is the distinct n-grams (gram_num characters) of a page'],
    settings: [{ role: 'p', unit: 'probability', form: 'key', name: 'bloom_filter_fpp', source: SOURCE }],
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
