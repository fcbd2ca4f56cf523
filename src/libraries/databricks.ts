/**
 * Databricks Bloom filter indexes on Delta tables: `CREATE BLOOMFILTER INDEX ON [TABLE] t FOR COLUMNS(c [OPTIONS (...)])
 * [OPTIONS (...)]`, options `fpp` (default 0.1) and `numItems` (distinct items per file, default 1,000,000), per column
 * or for the whole statement. The implementation is closed; its documentation states the sizing: "the default value is
 * 0.1 which requires 5 bits per item", i.e. the optimal −ln p / ln²2 bits per item. The code is closed: the citation is
 * the documentation page.
 */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const DOCS: SourceCitation = { repository: 'https://docs.databricks.com', file: 'sql/language-manual/delta-create-bloomfilter-index', function: 'CREATE BLOOMFILTER INDEX ... OPTIONS (fpp = 0.1, numItems = 1000000, maxExpectedFpp = 1.0)' };

/** m = ceil(n · −ln p / ln²2), k = round(m / n · ln 2): the optimal filter the documentation's "5 bits per item at 0.1" describes. */
export function databricksBloom(numItems: number, fpp: number): LibraryDerivation {
  const m = Math.ceil((-numItems * Math.log(fpp)) / LN2_SQUARED);
  return result(m, Math.max(1, Math.round((m / numItems) * LN2)), ['Databricks does not publish its filter code: sized as the optimal filter its documentation describes (−ln p / ln²2 bits per item)']);
}

export const DATABRICKS: LibraryModule = {
  id: 'databricks',
  displayName: 'Databricks Bloom filter index',
  recognizers: ['databricks.bloomFilterIndex'],
  entryPoints: [
    { kind: 'settings', recognizer: 'databricks.bloomFilterIndex', title: 'Databricks CREATE BLOOMFILTER INDEX ... OPTIONS (fpp, numItems)', languages: ['sql'], triggers: ['n', 'p'],
      settings: [
        { role: 'p', unit: 'probability', form: 'key', name: 'fpp', source: DOCS },
        { role: 'n', unit: 'count', form: 'key', name: 'numItems', source: DOCS },
      ],
      defaults: { p: { value: 0.1, text: 'Databricks default fpp 0.1' }, n: { value: 1_000_000, text: 'Databricks default numItems 1,000,000' } },
      notes: ['one filter per column per data file; numItems is the distinct values a file holds'],
      matchedBy: 'src/detect/recognizers/sql.ts (databricks): options per column or for the statement, the column\'s first' },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [DOCS],
};
