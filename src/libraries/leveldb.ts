/** LevelDB (and goleveldb) NewBloomFilterPolicy. */
import { levelDbFilterParameters } from '../core/hash32';
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { result, textbookBitsPerKey } from './util';

/** BloomFilterPolicy(bits_per_key): k = (size_t)(bpk * 0.69) clamped to [1, 30]; m = n * bpk (min 64 bits). */
export function leveldb(bitsPerKey: number): LibraryDerivation {
  const k = Math.min(30, Math.max(1, Math.trunc(bitsPerKey * 0.69)));
  // CreateFilter/KeyMayMatch probe h, h + δ, h + 2δ, ... with δ = rotr(h, 17) on one 32-bit hash (library-models.md, measured)
  const notes = ['LevelDB probes with one 32-bit hash (h + i·rotr(h, 17)): measured above the textbook rate for filters of tens of keys and of more than about 10^4 keys (10 bits/key: 1.2% at 20 keys, 1.4% at 100,000 keys, textbook 0.84%)'];
  return result(undefined, k, notes, { bitsPerElement: bitsPerKey });
}

const PLYVEL: SourceCitation = { repository: 'wbolster/plyvel', file: 'src/plyvel/_plyvel.pyx', function: 'DB.__init__(..., bloom_filter_bits=0)' };

export const LEVELDB: LibraryModule = {
  id: 'leveldb',
  displayName: 'LevelDB',
  recognizers: ['leveldb.bitsPerKey'],
  entryPoints: [
    // plyvel.DB(name, ..., bloom_filter_bits=N): NewBloomFilterPolicy(N) when N > 0
    { kind: 'call', recognizer: 'leveldb.bitsPerKey', title: 'plyvel.DB bloom_filter_bits', callee: 'plyvel.DB', languages: ['python'],
      params: [{ role: 'bitsPerElement', unit: 'bits-per-key', names: ['bloom_filter_bits'] }],
      derive: (params) => (params.bitsPerElement !== undefined ? leveldb(params.bitsPerElement) : {}), source: PLYVEL },
  ],
  // CreateFilter: bits = max(64, n · bits_per_key) rounded up to whole bytes (the int the constructor took).
  filterBitsForKeys: (keys, bitsPerElement) => levelDbFilterParameters(keys, Math.trunc(bitsPerElement)).bits,
  layout: { kind: 'hash32', variant: 'leveldb' },
  model: classicModel('colliding'),
  sources: [{ repository: 'google/leveldb', file: 'util/bloom.cc', function: 'BloomFilterPolicy::BloomFilterPolicy, CreateFilter, KeyMayMatch' }, PLYVEL],
  allocations: [{ id: 'leveldb', label: 'LevelDB (bits per key)', call: (_n, p) => `NewBloomFilterPolicy(${Math.ceil(textbookBitsPerKey(p))})`, derive: (_n, p) => leveldb(Math.ceil(textbookBitsPerKey(p))) }],
};
