/** TiKV's RocksDB column families: `bloom-filter-bits-per-key` (config.toml) and its Rust struct defaults. */
import { ROCKSDB, rocksdb } from './rocksdb';
import type { LibraryDerivation, LibraryModule } from './types';

/** TiKV passes bloom-filter-bits-per-key to RocksDB's Bloom policy (block-based-bloom-filter = false: the full filter). */
export function tikv(bitsPerKey: number): LibraryDerivation {
  return rocksdb(bitsPerKey);
}

export const TIKV: LibraryModule = {
  id: 'tikv',
  displayName: 'TiKV (RocksDB)',
  recognizers: ['tikv.bloomFilterBitsPerKey'],
  entryPoints: [
    { kind: 'settings', recognizer: 'tikv.bloomFilterBitsPerKey', title: 'TiKV bloom-filter-bits-per-key (per column family)', triggers: ['bitsPerElement'],
      settings: [
        { role: 'bitsPerElement', unit: 'bits-per-key', form: 'key', name: 'bloom-filter-bits-per-key', source: { repository: 'tikv/tikv', file: 'src/config/mod.rs', function: 'cf_config! bloom_filter_bits_per_key (serde kebab-case), DefaultCfConfig::default (10)' } },
        { role: 'bitsPerElement', unit: 'bits-per-key', form: 'field', name: 'bloom_filter_bits_per_key', source: { repository: 'tikv/tikv', file: 'src/config/mod.rs', function: 'DefaultCfConfig::default, WriteCfConfig::default, LockCfConfig::default' } },
      ],
      matchedBy: 'src/detect/recognizers/extra.ts (tikv): one key in TOML and Rust spellings; HugeGraph\'s rocksdb.bloom_filter_bits_per_key, field types and field reads are not settings' },
  ],
  layout: ROCKSDB.layout,
  model: ROCKSDB.model,
  filterBitsForKeys: ROCKSDB.filterBitsForKeys, // the same builder allocates the memory
  sources: [{ repository: 'tikv/tikv', file: 'src/config/mod.rs', function: 'DefaultCfConfig::default (bloom_filter_bits_per_key)' }, ...ROCKSDB.sources],
};
