/** Apache Paimon file index: a Bloom filter per listed column and data file (`file-index.bloom-filter.*` table options). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** BloomFilter64(items, fpp): bits = (int)(-n ln p / ln²2), then up to the next whole byte (always at least one more bit); k = max(1, round(bits / n · ln 2)). */
export function paimonBloom(n: number, p: number): LibraryDerivation {
  const raw = Math.trunc((-n * Math.log(p)) / LN2_SQUARED);
  const m = raw + (8 - (raw % 8));
  if (m > 2 ** 31 - 1) return { rejects: [`${m} bits overflows Paimon's int bit count (BloomFilter64)`] };
  return result(m, Math.max(1, Math.round((m / n) * LN2)), []);
}

const INDEX: SourceCitation = { repository: 'apache/paimon', file: 'paimon-common/src/main/java/org/apache/paimon/fileindex/bloomfilter/BloomFilterFileIndex.java', function: 'DEFAULT_ITEMS, DEFAULT_FPP, ITEMS, FPP' };
const CORE: SourceCitation = { repository: 'apache/paimon', file: 'paimon-api/src/main/java/org/apache/paimon/CoreOptions.java', function: 'LOOKUP_CACHE_BLOOM_FILTER_ENABLED (true), LOOKUP_CACHE_BLOOM_FILTER_FPP (0.05)' };
const FILTER: SourceCitation = { repository: 'apache/paimon', file: 'paimon-common/src/main/java/org/apache/paimon/utils/BloomFilter64.java', function: 'BloomFilter64(long items, double fpp)' };

export const PAIMON: LibraryModule = {
  id: 'paimon',
  displayName: 'Apache Paimon file index',
  recognizers: ['paimon.fileIndexBloom', 'paimon.lookupCacheBloom'],
  entryPoints: [{
    kind: 'settings', recognizer: 'paimon.fileIndexBloom', title: 'Paimon file-index Bloom filter', triggers: ['columns', 'n', 'p'],
    notes: ['one filter per data file: n is the rows of one file'],
    defaults: { n: { value: 1_000_000, text: 'Paimon default items 1000000 (BloomFilterFileIndex.DEFAULT_ITEMS)' }, p: { value: 0.1, text: 'Paimon default fpp 0.1 (BloomFilterFileIndex.DEFAULT_FPP)' } },
    derive: (params) => (params.n !== undefined && params.p !== undefined ? paimonBloom(params.n, params.p) : {}),
    settings: [
      { role: 'columns', unit: 'name', form: 'key', name: 'file-index.bloom-filter.columns', source: INDEX },
      { role: 'p', unit: 'probability', form: 'key', name: 'file-index.bloom-filter.<column>.fpp', source: INDEX },
      { role: 'n', unit: 'count', form: 'key', name: 'file-index.bloom-filter.<column>.items', source: INDEX },
    ],
  }, {
    // the lookup join's local cache files: a filter per file, sized by the file's rows at this fpp
    kind: 'settings', recognizer: 'paimon.lookupCacheBloom', title: 'Paimon lookup cache Bloom filter', triggers: ['enabled', 'p'],
    notes: ['one filter per lookup cache file: n is the rows of that file'],
    defaults: { p: { value: 0.05, text: 'Paimon default lookup.cache.bloom.filter.fpp 0.05 (CoreOptions.LOOKUP_CACHE_BLOOM_FILTER_FPP)' } },
    settings: [
      { role: 'enabled', unit: 'flag', form: 'key', name: 'lookup.cache.bloom.filter.enabled', source: CORE },
      { role: 'p', unit: 'probability', form: 'key', name: 'lookup.cache.bloom.filter.fpp', source: CORE },
    ],
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [INDEX, FILTER, CORE],
};
