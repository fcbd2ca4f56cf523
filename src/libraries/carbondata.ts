/** Apache CarbonData bloom index: `CREATE INDEX ... AS 'bloomfilter' PROPERTIES('BLOOM_SIZE'=n, 'BLOOM_FPP'=p)`, one filter per blocklet. */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'apache/carbondata', file: 'index/bloom/src/main/java/org/apache/carbondata/index/bloom/BloomCoarseGrainIndexFactory.java', function: 'BLOOM_SIZE, BLOOM_FPP, DEFAULT_BLOOM_FILTER_SIZE, DEFAULT_BLOOM_FILTER_FPP' };

export const CARBONDATA: LibraryModule = {
  id: 'carbondata',
  displayName: 'Apache CarbonData bloom index',
  recognizers: ['carbondata.bloomIndex'],
  entryPoints: [{
    kind: 'settings', recognizer: 'carbondata.bloomIndex', title: 'CarbonData bloom index', triggers: ['n', 'p'], requires: /['"]bloomfilter['"]|carbondata/i,
    notes: ['one filter per blocklet: n is the rows of one blocklet'],
    defaults: { n: { value: 640_000, text: 'CarbonData default BLOOM_SIZE 640000 (32000 × 20)' }, p: { value: 0.00001, text: 'CarbonData default BLOOM_FPP 0.00001' } },
    // the factory reads the property names lower-cased
    settings: [
      { role: 'n', unit: 'count', form: 'key', name: 'BLOOM_SIZE', source: SOURCE },
      { role: 'n', unit: 'count', form: 'key', name: 'bloom_size', source: SOURCE },
      { role: 'p', unit: 'probability', form: 'key', name: 'BLOOM_FPP', source: SOURCE },
      { role: 'p', unit: 'probability', form: 'key', name: 'bloom_fpp', source: SOURCE },
    ],
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
