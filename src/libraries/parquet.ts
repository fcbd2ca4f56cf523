/** Parquet split-block Bloom filters (parquet-mr / parquet-java, Arrow, Iceberg). */
import { splitBlockModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
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

export const PARQUET: LibraryModule = {
  id: 'parquet',
  displayName: 'Parquet',
  recognizers: ['parquet.bloomFilter', 'iceberg.parquetBloomFilter'],
  layout: { kind: 'split-block' },
  model: splitBlockModel('Parquet split-block filter (256-bit blocks, k = 8)'),
  sources: [
    { repository: 'apache/parquet-java', file: 'parquet-column/src/main/java/org/apache/parquet/column/values/bloomfilter/BlockSplitBloomFilter.java', function: 'optimalNumOfBits, BlockSplitBloomFilter(int, int)' },
    { repository: 'apache/parquet-format', file: 'BloomFilter.md', function: 'Split Block Bloom Filter' },
  ],
  allocations: [{ id: 'parquet', label: 'Parquet split-block (max 1 MiB)', call: (n, p) => `parquet.bloom.filter.expected.ndv=${n}, fpp=${p}`, derive: (n, p) => parquetSbbf(n, p, 1048576) }],
};
