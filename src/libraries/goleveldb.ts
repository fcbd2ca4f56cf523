/** goleveldb (Go port of LevelDB): filter.NewBloomFilter(bitsPerKey), LevelDB's policy and hash. */
import { LEVELDB, leveldb } from './leveldb';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';

/** bloomFilter(bitsPerKey): k = uint8(bitsPerKey * 69 / 100) clamped to [1, 30], as LevelDB. */
export function goleveldb(bitsPerKey: number): LibraryDerivation {
  return leveldb(bitsPerKey);
}

const SOURCE: SourceCitation = { repository: 'syndtr/goleveldb', file: 'leveldb/filter/bloom.go', function: 'NewBloomFilter(bitsPerKey int), bloomFilterGenerator.Generate' };

export const GOLEVELDB: LibraryModule = {
  id: 'goleveldb',
  displayName: 'goleveldb',
  recognizers: ['go.goleveldb.bloomFilter'],
  // set as `opt.Options{Filter: filter.NewBloomFilter(10)}` (or among AltFilters)
  entryPoints: [{
    kind: 'call', recognizer: 'go.goleveldb.bloomFilter', title: 'goleveldb filter.NewBloomFilter', callee: 'filter.NewBloomFilter', arity: [1, 1], languages: ['go'],
    params: [{ role: 'bitsPerElement', unit: 'bits-per-key', position: 0 }],
    derive: (params) => (params.bitsPerElement !== undefined ? goleveldb(params.bitsPerElement) : {}), source: SOURCE,
  }],
  layout: LEVELDB.layout,
  model: LEVELDB.model,
  filterBitsForKeys: LEVELDB.filterBitsForKeys, // the same builder allocates the memory
  sources: [SOURCE],
};
