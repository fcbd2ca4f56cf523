/** Apache ORC column Bloom filters. */
import { classicModel } from './models';
import type { CallEntryPoint, LibraryDerivation, LibraryModule, SettingsEntryPoint, SourceCitation } from './types';
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

const ICEBERG: SourceCitation = { repository: 'apache/iceberg', file: 'core/src/main/java/org/apache/iceberg/TableProperties.java', function: 'ORC_BLOOM_FILTER_COLUMNS, ORC_BLOOM_FILTER_FPP (default ORC_BLOOM_FILTER_FPP_DEFAULT = 0.05)' };

const ORC_DEFAULTS: SettingsEntryPoint['defaults'] = {
  p: { value: 0.01, text: 'ORC default fpp 0.01 (OrcConf.BLOOM_FILTER_FPP; older ORC and Hive releases 0.05)' },
  n: { value: 10_000, text: 'ORC builds one filter per row-index stride (default 10000 rows)' },
};
const deriveOrc: SettingsEntryPoint['derive'] = (params) => (params.n !== undefined && params.p !== undefined ? orc(params.n, params.p) : {});

/** A filter per listed column and row-index stride: keys (ORC names and Hive aliases). */
const ORC_SETTINGS: SettingsEntryPoint = {
  kind: 'settings', recognizer: 'orc.bloomFilter', title: 'ORC Bloom filter', triggers: ['p', 'columns'],
  defaults: ORC_DEFAULTS,
  derive: deriveOrc,
  settings: [
    { role: 'columns', unit: 'name', form: 'key', name: 'orc.bloom.filter.columns', source: CONF },
    { role: 'p', unit: 'probability', form: 'key', name: 'orc.bloom.filter.fpp', source: CONF },
    { role: 'p', unit: 'probability', form: 'key', name: 'orc.default.bloom.fpp', source: CONF },
    { role: 'n', unit: 'count', form: 'key', name: 'orc.row.index.stride', source: CONF },
    { role: 'n', unit: 'count', form: 'key', name: 'hive.exec.orc.default.row.index.stride', source: CONF },
  ],
};

/** The writer options, in code that uses ORC's writer (other builders, e.g. Paimon's LocalKvDb, have a `bloomFilterFpp` too). */
const ORC_WRITER: SettingsEntryPoint = {
  kind: 'settings', recognizer: 'orc.bloomFilter', title: 'ORC Bloom filter', triggers: ['p', 'columns'],
  requires: /OrcFile|org\.apache\.orc/,
  defaults: ORC_DEFAULTS,
  derive: deriveOrc,
  settings: [
    { role: 'columns', unit: 'name', form: 'method', name: 'bloomFilterColumns', source: WRITER },
    { role: 'p', unit: 'probability', form: 'method', name: 'bloomFilterFpp', source: WRITER },
    { role: 'n', unit: 'count', form: 'method', name: 'rowIndexStride', source: WRITER },
  ],
};

/** Trino's Hive connector table properties (`WITH (orc_bloom_filter_columns = ARRAY[...], orc_bloom_filter_fpp = 0.01)`). */
const TRINO_ORC: SettingsEntryPoint = {
  kind: 'settings', recognizer: 'orc.bloomFilter', title: 'Trino ORC Bloom filter', triggers: ['p', 'columns'],
  defaults: ORC_DEFAULTS,
  derive: deriveOrc,
  settings: [
    { role: 'columns', unit: 'name', form: 'key', name: 'orc_bloom_filter_columns', source: TRINO },
    { role: 'p', unit: 'probability', form: 'key', name: 'orc_bloom_filter_fpp', source: TRINO },
  ],
};

/** Iceberg's table properties for its ORC writer (its own default fpp, 0.05). */
const ICEBERG_ORC: SettingsEntryPoint = {
  kind: 'settings', recognizer: 'orc.bloomFilter', title: 'Iceberg ORC Bloom filter', triggers: ['p', 'columns'],
  defaults: { ...ORC_DEFAULTS, p: { value: 0.05, text: 'Iceberg default ORC fpp 0.05 (TableProperties.ORC_BLOOM_FILTER_FPP_DEFAULT)' } },
  derive: deriveOrc,
  settings: [
    { role: 'columns', unit: 'name', form: 'key', name: 'write.orc.bloom.filter.columns', source: ICEBERG },
    { role: 'p', unit: 'probability', form: 'key', name: 'write.orc.bloom.filter.fpp', source: ICEBERG },
  ],
};

const UTIL: SourceCitation = { repository: 'apache/orc', file: 'java/core/src/java/org/apache/orc/util/BloomFilter.java', function: 'BloomFilter(long expectedEntries) (DEFAULT_FPP 0.05), BloomFilter(long expectedEntries, double fpp); BloomFilterUtf8(long, double)' };
const JVM = ['java', 'kotlin', 'scala', 'groovy'];

/** Iceberg's TableProperties constants for the same two keys (`updateProperties().set(TableProperties.ORC_BLOOM_FILTER_FPP, "0.01")`). */
const ICEBERG_ORC_CONSTANTS: SettingsEntryPoint = {
  ...ICEBERG_ORC, languages: JVM,
  settings: [
    { role: 'columns', unit: 'name', form: 'constant', name: 'TableProperties.ORC_BLOOM_FILTER_COLUMNS', source: ICEBERG },
    { role: 'p', unit: 'probability', form: 'constant', name: 'TableProperties.ORC_BLOOM_FILTER_FPP', source: ICEBERG },
  ],
};

/** OrcConf's key objects, which set themselves (`OrcConf.BLOOM_FILTER_FPP.setDouble(conf, 0.01)`) or give their name (`getAttribute()`). */
const ORC_CONF_CONSTANTS: SettingsEntryPoint = {
  kind: 'settings', recognizer: 'orc.bloomFilter', title: 'ORC Bloom filter', triggers: ['p', 'columns'], languages: JVM,
  defaults: ORC_DEFAULTS,
  derive: deriveOrc,
  settings: [
    { role: 'columns', unit: 'name', form: 'constant', name: 'OrcConf.BLOOM_FILTER_COLUMNS', source: CONF },
    { role: 'p', unit: 'probability', form: 'constant', name: 'OrcConf.BLOOM_FILTER_FPP', source: CONF },
    { role: 'n', unit: 'count', form: 'constant', name: 'OrcConf.ROW_INDEX_STRIDE', source: CONF },
  ],
};

/** ORC's filter class itself: new BloomFilter(expectedEntries[, fpp]) and BloomFilterUtf8(expectedEntries, fpp). */
const ORC_UTIL: CallEntryPoint[] = [
  { kind: 'call', recognizer: 'orc.bloomFilter', title: 'ORC new BloomFilter(expectedEntries[, fpp])', callee: 'BloomFilter', arity: [1, 2], languages: JVM, requires: /org\.apache\.orc\.util/,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    defaults: { p: { value: 0.05, text: 'ORC BloomFilter.DEFAULT_FPP 0.05 (not OrcConf\'s 0.01)' } },
    derive: (params) => (params.n !== undefined && params.p !== undefined ? orc(params.n, params.p) : {}), source: UTIL },
  { kind: 'call', recognizer: 'orc.bloomFilter', title: 'ORC new BloomFilterUtf8(expectedEntries, fpp)', callee: 'BloomFilterUtf8', arity: [2, 2], languages: JVM, requires: /org\.apache\.orc\.util/,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? orc(params.n, params.p) : {}), source: UTIL },
];

const FIREHOSE: SourceCitation = { repository: 'AWS Data Firehose API reference', file: 'API_OrcSerDe (CloudFormation AWS::KinesisFirehose::DeliveryStream OrcSerDe; Terraform orc_ser_de)', function: 'BloomFilterColumns, BloomFilterFalsePositiveProbability (default 0.05, from 0 to 1), RowIndexStride (default 10000)' };

/** Firehose's ORC serializer (Terraform `orc_ser_de { ... }`, CloudFormation / CDK `OrcSerDe`): ORC's writer, Firehose's defaults. */
const FIREHOSE_ORC: SettingsEntryPoint = {
  kind: 'settings', recognizer: 'aws.firehose.orcSerDe', title: 'AWS Firehose ORC serializer Bloom filter', triggers: ['p', 'columns'],
  requires: /orc_ser_de|OrcSerDe|orcSerDe/,
  defaults: {
    p: { value: 0.05, text: 'Firehose default BloomFilterFalsePositiveProbability 0.05' },
    n: { value: 10_000, text: 'Firehose default RowIndexStride 10000 (one filter per stride)' },
  },
  derive: deriveOrc,
  settings: [
    ...['bloom_filter_columns', 'BloomFilterColumns'].map((name) => ({ role: 'columns' as const, unit: 'name' as const, form: 'key' as const, name, source: FIREHOSE })),
    ...['bloom_filter_false_positive_probability', 'BloomFilterFalsePositiveProbability'].map((name) => ({ role: 'p' as const, unit: 'probability' as const, form: 'key' as const, name, source: FIREHOSE })),
    ...['row_index_stride', 'RowIndexStride'].map((name) => ({ role: 'n' as const, unit: 'count' as const, form: 'key' as const, name, source: FIREHOSE })),
  ],
};

export const ORC: LibraryModule = {
  id: 'orc',
  displayName: 'ORC',
  recognizers: ['orc.bloomFilter', 'aws.firehose.orcSerDe'],
  entryPoints: [ORC_SETTINGS, ORC_WRITER, TRINO_ORC, ICEBERG_ORC, ICEBERG_ORC_CONSTANTS, ORC_CONF_CONSTANTS, ...ORC_UTIL, FIREHOSE_ORC],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'apache/orc', file: 'java/core/src/java/org/apache/orc/util/BloomFilter.java', function: 'BloomFilter(long, double), optimalNumOfBits, optimalNumOfHashFunctions' }, CONF, WRITER, TRINO, ICEBERG, UTIL],
  allocations: [{ id: 'orc', label: 'ORC', call: (n, p) => `orc.bloom.filter.fpp=${p} (n = ${n} per stride)`, derive: orc }],
};
