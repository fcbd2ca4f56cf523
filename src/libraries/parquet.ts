/** Parquet split-block Bloom filters (parquet-mr / parquet-java, Arrow, Iceberg). */
import { splitBlockModel } from './models';
import type { DeclaredSetting, LibraryDerivation, LibraryModule, SettingsEntryPoint, SourceCitation, StatedSettings } from './types';
import { parquetFilterBytes, parquetOptimalBits } from '../core/layouts';
import { result, sizeNote } from './util';

/**
 * The writer's filter (parquet-java BlockSplitBloomFilter.optimalNumOfBits and initBitset; src/core/layouts.ts
 * parquetFilterBytes): m = -8n / ln(1 - p^(1/8)) bits, (bits + 255) & ~256 (sic), bytes at least 32, up to the next
 * power of two, capped at maxBytes; k = 8.
 */
export function parquetSbbf(n: number, p: number, maxBytes: number): LibraryDerivation {
  const notes: string[] = [];
  const optimalBits = parquetOptimalBits(n, p);
  const bytes = parquetFilterBytes(n, p, maxBytes);
  if (bytes * 8 < optimalBits && bytes === maxBytes) {
    notes.push(`capped at parquet.bloom.filter.max.bytes = ${maxBytes} bytes (needs ${Math.ceil(optimalBits / 8)}): the FP rate is above the target`);
  } else sizeNote(notes, 'Parquet rounds the filter up to a power-of-two number of bytes', optimalBits, bytes * 8);
  return result(bytes * 8, 8, notes);
}

/**
 * A settings group's filter: n and p sized by the writer (capped at max bytes); without an NDV the writer
 * allocates the maximum for the column (parquet-java ParquetProperties, arrow-rs BloomFilterProperties).
 */
function parquetGroup(defaultMaxBytes: number) {
  return (params: { n?: number; p?: number }, stated: StatedSettings): LibraryDerivation => {
    const maxBytes = stated.values.maxBytes ?? defaultMaxBytes;
    if (params.n !== undefined && params.p !== undefined) return parquetSbbf(params.n, params.p, maxBytes);
    if (!stated.roles.has('n')) return { m: maxBytes * 8, k: 8, notes: [`expected ndv not set: the writer allocates the maximum (${maxBytes} bytes) for this filter`] };
    return {};
  };
}

const JAVA: SourceCitation = { repository: 'apache/parquet-java', file: 'parquet-hadoop/src/main/java/org/apache/parquet/hadoop/ParquetOutputFormat.java', function: 'BLOOM_FILTER_ENABLED, BLOOM_FILTER_EXPECTED_NDV, BLOOM_FILTER_FPP, BLOOM_FILTER_MAX_BYTES' };
const BUILDER: SourceCitation = { repository: 'apache/parquet-java', file: 'parquet-hadoop/src/main/java/org/apache/parquet/hadoop/ParquetWriter.java', function: 'Builder.withBloomFilterEnabled, withBloomFilterNDV, withBloomFilterFPP, withMaxBloomFilterBytes' };
const ICEBERG: SourceCitation = { repository: 'apache/iceberg', file: 'core/src/main/java/org/apache/iceberg/TableProperties.java', function: 'PARQUET_BLOOM_FILTER_COLUMN_ENABLED_PREFIX, PARQUET_BLOOM_FILTER_COLUMN_FPP_PREFIX, PARQUET_BLOOM_FILTER_COLUMN_NDV_PREFIX, PARQUET_BLOOM_FILTER_MAX_BYTES' };
const ARROW: SourceCitation = { repository: 'apache/arrow-rs', file: 'parquet/src/file/properties.rs', function: 'WriterPropertiesBuilder::set_bloom_filter_*, set_column_bloom_filter_*' };

type Role = Pick<DeclaredSetting, 'role' | 'unit'>;
const ENABLED: Role = { role: 'enabled', unit: 'flag' };
const NDV: Role = { role: 'n', unit: 'count' };
const FPP: Role = { role: 'p', unit: 'probability' };
const MAX_BYTES: Role = { role: 'maxBytes', unit: 'bytes' };

/** parquet-java: Hadoop keys (global or `#column`), the ParquetOutputFormat constants that hold them, and the writer builder. */
const PARQUET_JAVA_SETTINGS: SettingsEntryPoint = {
  kind: 'settings', recognizer: 'parquet.bloomFilter', title: 'Parquet Bloom filter', triggers: ['enabled', 'n', 'p'],
  defaults: { p: { value: 0.01, text: 'parquet-java default fpp 0.01 (ParquetProperties.DEFAULT_BLOOM_FILTER_FPP)' } },
  derive: parquetGroup(1_048_576),
  settings: [
    ...([['enabled', ENABLED], ['expected.ndv', NDV], ['fpp', FPP]] as const).flatMap(([key, role]) => [
      { ...role, form: 'key' as const, name: `parquet.bloom.filter.${key}#<column>`, source: JAVA },
      { ...role, form: 'key' as const, name: `parquet.bloom.filter.${key}`, source: JAVA },
    ]),
    { ...MAX_BYTES, form: 'key', name: 'parquet.bloom.filter.max.bytes', source: JAVA },
    { ...ENABLED, form: 'constant', name: 'ParquetOutputFormat.BLOOM_FILTER_ENABLED', source: JAVA },
    { ...NDV, form: 'constant', name: 'ParquetOutputFormat.BLOOM_FILTER_EXPECTED_NDV', source: JAVA },
    { ...FPP, form: 'constant', name: 'ParquetOutputFormat.BLOOM_FILTER_FPP', source: JAVA },
    { ...MAX_BYTES, form: 'constant', name: 'ParquetOutputFormat.BLOOM_FILTER_MAX_BYTES', source: JAVA },
    { ...ENABLED, form: 'method', name: 'withBloomFilterEnabled', columnArgument: true, source: BUILDER },
    { ...NDV, form: 'method', name: 'withBloomFilterNDV', columnArgument: true, source: BUILDER },
    { ...FPP, form: 'method', name: 'withBloomFilterFPP', columnArgument: true, source: BUILDER },
    { ...MAX_BYTES, form: 'method', name: 'withMaxBloomFilterBytes', source: BUILDER },
  ],
};

/** Iceberg table properties `write.parquet.bloom-filter-*.column.<col>` and the TableProperties prefixes that build them. */
const ICEBERG_SETTINGS: SettingsEntryPoint = {
  kind: 'settings', recognizer: 'iceberg.parquetBloomFilter', title: 'Iceberg Parquet Bloom filter', triggers: ['enabled', 'n', 'p'],
  defaults: { p: { value: 0.01, text: 'Iceberg default fpp 0.01 (PARQUET_BLOOM_FILTER_COLUMN_FPP_DEFAULT)' } },
  derive: parquetGroup(1_048_576),
  settings: [
    { ...ENABLED, form: 'key', name: 'write.parquet.bloom-filter-enabled.column.<column>', source: ICEBERG },
    { ...NDV, form: 'key', name: 'write.parquet.bloom-filter-ndv.column.<column>', source: ICEBERG },
    { ...FPP, form: 'key', name: 'write.parquet.bloom-filter-fpp.column.<column>', source: ICEBERG },
    { ...MAX_BYTES, form: 'key', name: 'write.parquet.bloom-filter-max-bytes', source: ICEBERG },
    { ...ENABLED, form: 'constant', name: 'TableProperties.PARQUET_BLOOM_FILTER_COLUMN_ENABLED_PREFIX', source: ICEBERG },
    { ...NDV, form: 'constant', name: 'TableProperties.PARQUET_BLOOM_FILTER_COLUMN_NDV_PREFIX', source: ICEBERG },
    { ...FPP, form: 'constant', name: 'TableProperties.PARQUET_BLOOM_FILTER_COLUMN_FPP_PREFIX', source: ICEBERG },
    { ...MAX_BYTES, form: 'constant', name: 'TableProperties.PARQUET_BLOOM_FILTER_MAX_BYTES', source: ICEBERG },
  ],
};

/** arrow-rs `WriterProperties::builder()`: global and per-column setters (an NDV enables the filter). */
const ARROW_RS_SETTINGS: SettingsEntryPoint = {
  kind: 'settings', recognizer: 'arrow-rs.parquet.bloomFilter', title: 'arrow-rs Parquet Bloom filter', triggers: ['enabled', 'n', 'p'],
  languages: ['rust'],
  defaults: {
    p: { value: 0.05, text: 'arrow-rs default fpp 0.05 (DEFAULT_BLOOM_FILTER_FPP)' },
    n: { value: 1_000_000, text: 'arrow-rs default ndv 1000000 (DEFAULT_BLOOM_FILTER_NDV; newer releases: the row group limit)' },
  },
  // optimal_num_of_bytes: clamped to [32 B, 128 MiB], rounded to a power of two
  derive: parquetGroup(128 * 1024 * 1024),
  settings: [
    { ...ENABLED, form: 'method', name: 'set_bloom_filter_enabled', source: ARROW },
    { ...FPP, form: 'method', name: 'set_bloom_filter_fpp', source: ARROW },
    { ...NDV, form: 'method', name: 'set_bloom_filter_ndv', source: ARROW },
    { ...NDV, form: 'method', name: 'set_bloom_filter_max_ndv', source: ARROW },
    { ...ENABLED, form: 'method', name: 'set_column_bloom_filter_enabled', columnArgument: true, source: ARROW },
    { ...FPP, form: 'method', name: 'set_column_bloom_filter_fpp', columnArgument: true, source: ARROW },
    { ...NDV, form: 'method', name: 'set_column_bloom_filter_ndv', columnArgument: true, source: ARROW },
    { ...NDV, form: 'method', name: 'set_column_bloom_filter_max_ndv', columnArgument: true, source: ARROW },
  ],
};

const TRINO: SourceCitation = { repository: 'trinodb/trino', file: 'plugin/trino-hive/src/main/java/io/trino/plugin/hive/HiveTableProperties.java, lib/trino-parquet/src/main/java/io/trino/parquet/writer/ParquetWriterOptions.java', function: 'PARQUET_BLOOM_FILTER_COLUMNS (parquet_bloom_filter_columns); DEFAULT_BLOOM_FILTER_FPP 0.01' };

/** Trino's Hive and Iceberg table property `parquet_bloom_filter_columns = ARRAY['c']`: Trino's writer at its fpp 0.01. */
const TRINO_PARQUET: SettingsEntryPoint = {
  kind: 'settings', recognizer: 'parquet.bloomFilter', title: 'Trino Parquet Bloom filter', triggers: ['columns'],
  defaults: { p: { value: 0.01, text: 'Trino Parquet writer default fpp 0.01 (ParquetWriterOptions.DEFAULT_BLOOM_FILTER_FPP)' } },
  settings: [{ role: 'columns', unit: 'name', form: 'key', name: 'parquet_bloom_filter_columns', source: TRINO }],
};

export const PARQUET: LibraryModule = {
  id: 'parquet',
  displayName: 'Parquet',
  recognizers: ['parquet.bloomFilter', 'iceberg.parquetBloomFilter', 'arrow-rs.parquet.bloomFilter'],
  entryPoints: [PARQUET_JAVA_SETTINGS, ICEBERG_SETTINGS, ARROW_RS_SETTINGS, TRINO_PARQUET],
  layout: { kind: 'split-block' },
  model: splitBlockModel('Parquet split-block filter (256-bit blocks, k = 8)'),
  sources: [
    { repository: 'apache/parquet-java', file: 'parquet-column/src/main/java/org/apache/parquet/column/values/bloomfilter/BlockSplitBloomFilter.java', function: 'optimalNumOfBits, BlockSplitBloomFilter(int, int)' },
    { repository: 'apache/parquet-format', file: 'BloomFilter.md', function: 'Split Block Bloom Filter' },
    JAVA, BUILDER, ICEBERG, ARROW, TRINO,
  ],
  allocations: [{ id: 'parquet', label: 'Parquet split-block (max 1 MiB)', call: (n, p) => `parquet.bloom.filter.expected.ndv=${n}, fpp=${p}`, derive: (n, p) => parquetSbbf(n, p, 1048576) }],
};
