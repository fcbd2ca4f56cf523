/** Apache ORC column Bloom filters. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SettingsEntryPoint, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** BloomFilter(n, fpp): m = (int)(-n ln p / ln²2) + (64 - m % 64); k = max(1, round(m/n ln 2)). */
export function orc(n: number, p: number): LibraryDerivation {
  const raw = Math.trunc((-n * Math.log(p)) / LN2_SQUARED);
  const m = raw + (64 - (raw % 64));
  const k = Math.max(1, Math.round((m / n) * LN2));
  return result(m, k, []);
}

const CONF: SourceCitation = { repository: 'apache/orc', file: 'java/core/src/java/org/apache/orc/OrcConf.java', function: 'BLOOM_FILTER_COLUMNS, BLOOM_FILTER_FPP, ROW_INDEX_STRIDE (Hive aliases orc.default.bloom.fpp, hive.exec.orc.default.row.index.stride)' };
const TRINO: SourceCitation = { repository: 'trinodb/trino', file: 'plugin/trino-hive/src/main/java/io/trino/plugin/hive/HiveTableProperties.java', function: 'ORC_BLOOM_FILTER_COLUMNS, ORC_BLOOM_FILTER_FPP (table properties orc_bloom_filter_columns, orc_bloom_filter_fpp)' };
const WRITER: SourceCitation = { repository: 'apache/orc', file: 'java/core/src/java/org/apache/orc/OrcFile.java', function: 'WriterOptions.bloomFilterColumns, bloomFilterFpp, rowIndexStride' };

/** A filter per listed column and row-index stride: keys (ORC names and Hive aliases) and the writer options. */
const ORC_SETTINGS: SettingsEntryPoint = {
  kind: 'settings', recognizer: 'orc.bloomFilter', title: 'ORC Bloom filter', triggers: ['p', 'columns'],
  defaults: {
    p: { value: 0.01, text: 'ORC default fpp 0.01 (OrcConf.BLOOM_FILTER_FPP; older ORC and Hive releases 0.05)' },
    n: { value: 10_000, text: 'ORC builds one filter per row-index stride (default 10000 rows)' },
  },
  derive: (params) => (params.n !== undefined && params.p !== undefined ? orc(params.n, params.p) : {}),
  settings: [
    { role: 'columns', unit: 'name', form: 'key', name: 'orc.bloom.filter.columns', source: CONF },
    { role: 'p', unit: 'probability', form: 'key', name: 'orc.bloom.filter.fpp', source: CONF },
    { role: 'p', unit: 'probability', form: 'key', name: 'orc.default.bloom.fpp', source: CONF },
    { role: 'n', unit: 'count', form: 'key', name: 'orc.row.index.stride', source: CONF },
    { role: 'n', unit: 'count', form: 'key', name: 'hive.exec.orc.default.row.index.stride', source: CONF },
    { role: 'columns', unit: 'name', form: 'method', name: 'bloomFilterColumns', source: WRITER },
    { role: 'columns', unit: 'name', form: 'key', name: 'orc_bloom_filter_columns', source: TRINO },
    { role: 'p', unit: 'probability', form: 'key', name: 'orc_bloom_filter_fpp', source: TRINO },
    { role: 'p', unit: 'probability', form: 'method', name: 'bloomFilterFpp', source: WRITER },
    { role: 'n', unit: 'count', form: 'method', name: 'rowIndexStride', source: WRITER },
  ],
};

export const ORC: LibraryModule = {
  id: 'orc',
  displayName: 'ORC',
  recognizers: ['orc.bloomFilter'],
  entryPoints: [ORC_SETTINGS],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'apache/orc', file: 'java/core/src/java/org/apache/orc/util/BloomFilter.java', function: 'BloomFilter(long, double), optimalNumOfBits, optimalNumOfHashFunctions' }, CONF, WRITER],
  allocations: [{ id: 'orc', label: 'ORC', call: (n, p) => `orc.bloom.filter.fpp=${p} (n = ${n} per stride)`, derive: orc }],
};
