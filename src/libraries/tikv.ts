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
  layout: ROCKSDB.layout,
  model: ROCKSDB.model,
  filterBitsForKeys: ROCKSDB.filterBitsForKeys, // the same builder allocates the memory
  sources: [{ repository: 'tikv/tikv', file: 'src/config/mod.rs', function: 'DefaultCfConfig::default (bloom_filter_bits_per_key)' }, ...ROCKSDB.sources],
};
