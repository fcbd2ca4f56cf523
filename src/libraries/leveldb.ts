/** LevelDB (and goleveldb) NewBloomFilterPolicy. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { result, textbookBitsPerKey } from './util';

/** BloomFilterPolicy(bits_per_key): k = (size_t)(bpk * 0.69) clamped to [1, 30]; m = n * bpk (min 64 bits). */
export function leveldb(bitsPerKey: number): LibraryDerivation {
  const k = Math.min(30, Math.max(1, Math.trunc(bitsPerKey * 0.69)));
  return result(undefined, k, [], { bitsPerElement: bitsPerKey });
}

export const LEVELDB: LibraryModule = {
  id: 'leveldb',
  displayName: 'LevelDB',
  recognizers: ['leveldb.bitsPerKey'],
  layout: { kind: 'hash32', variant: 'leveldb' },
  model: classicModel('colliding'),
  sources: [{ repository: 'google/leveldb', file: 'util/bloom.cc', function: 'BloomFilterPolicy::BloomFilterPolicy, CreateFilter, KeyMayMatch' }],
  allocations: [{ id: 'leveldb', label: 'LevelDB (bits per key)', call: (_n, p) => `NewBloomFilterPolicy(${Math.ceil(textbookBitsPerKey(p))})`, derive: (_n, p) => leveldb(Math.ceil(textbookBitsPerKey(p))) }],
};
