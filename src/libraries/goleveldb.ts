/** goleveldb (Go port of LevelDB): filter.NewBloomFilter(bitsPerKey), LevelDB's policy and hash. */
import { LEVELDB, leveldb } from './leveldb';
import type { LibraryDerivation, LibraryModule } from './types';

/** bloomFilter(bitsPerKey): k = uint8(bitsPerKey * 69 / 100) clamped to [1, 30], as LevelDB. */
export function goleveldb(bitsPerKey: number): LibraryDerivation {
  return leveldb(bitsPerKey);
}

export const GOLEVELDB: LibraryModule = {
  id: 'goleveldb',
  displayName: 'goleveldb',
  recognizers: ['go.goleveldb.bloomFilter'],
  layout: LEVELDB.layout,
  model: LEVELDB.model,
  filterBitsForKeys: LEVELDB.filterBitsForKeys, // the same builder allocates the memory
  sources: [{ repository: 'syndtr/goleveldb', file: 'leveldb/filter/bloom.go', function: 'NewBloomFilter, bloomFilterGenerator.Generate' }],
};
