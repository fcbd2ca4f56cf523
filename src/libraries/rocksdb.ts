/** RocksDB filter policies: FastLocalBloom (format_version >= 5), legacy Bloom, Ribbon. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { fixed, result, snippetSummary, textbookBitsPerKey } from './util';

/** FastLocalBloomImpl::ChooseNumProbes: millibits per key -> number of probes (util/bloom_impl.h). */
export function rocksdbProbes(millibits: number): number {
  if (millibits <= 2080) return 1;
  if (millibits <= 3580) return 2;
  if (millibits <= 5100) return 3;
  if (millibits <= 6640) return 4;
  if (millibits <= 8300) return 5;
  if (millibits <= 10070) return 6;
  if (millibits <= 11720) return 7;
  if (millibits <= 14001) return 8;
  if (millibits <= 16050) return 9;
  if (millibits <= 18300) return 10;
  if (millibits <= 22001) return 11;
  if (millibits <= 25501) return 12;
  if (millibits > 50000) return 24;
  return Math.trunc((millibits - 1) / 2000) - 1;
}

/** NewBloomFilterPolicy(bits_per_key): < 0.5 no filter, < 1 -> 1, >= 100 -> 100; k from millibits. */
export function rocksdb(bitsPerKey: number): LibraryDerivation {
  const notes: string[] = [];
  if (bitsPerKey < 0.5) return result(undefined, undefined, ['bits_per_key < 0.5: RocksDB builds no filter at all']);
  let millibits = Math.round(bitsPerKey * 1000);
  if (bitsPerKey < 1) millibits = 1000;
  else if (!(bitsPerKey < 100)) millibits = 100000;
  notes.push('blocked filter (512-bit cache lines): the FP rate is somewhat above the classic formula; with format_version < 5 bits_per_key is rounded to an integer');
  return result(undefined, rocksdbProbes(millibits), notes, { bitsPerElement: millibits / 1000 });
}

export const ROCKSDB: LibraryModule = {
  id: 'rocksdb',
  displayName: 'RocksDB',
  recognizers: ['rocksdb.bitsPerKey', 'rocksdb.ribbon', 'rocksdb.optionsString', 'rocksdb.java.bloomFilter'],
  layout: { kind: 'blocked', blockBits: 512 },
  model: classicModel('colliding'),
  sources: [
    { repository: 'facebook/rocksdb', file: 'table/block_based/filter_policy.cc', function: 'BloomFilterPolicy::BloomFilterPolicy, FastLocalBloomBitsBuilder::CalculateSpace' },
    { repository: 'facebook/rocksdb', file: 'util/bloom_impl.h', function: 'FastLocalBloomImpl::ChooseNumProbes' },
  ],
  allocations: [{ id: 'rocksdb', label: 'RocksDB (bits per key)', call: (_n, p) => `NewBloomFilterPolicy(${fixed(textbookBitsPerKey(p))}, false)`, derive: (_n, p) => rocksdb(textbookBitsPerKey(p)) }],
  snippets: [{ id: 'rocksdb', label: 'RocksDB (C++)', render: (d) => `// ${snippetSummary(d)}\ntable_options.filter_policy.reset(rocksdb::NewBloomFilterPolicy(${Number((d.mBits / d.n).toFixed(2))}, false));` }],
};
