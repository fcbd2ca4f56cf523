/** Parquet split-block Bloom filters (parquet-mr / parquet-java, Arrow, Iceberg). */
import { splitBlockModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { nextPowerOfTwo, result, sizeNote } from './util';

/** BlockSplitBloomFilter.optimalNumOfBits: m = -8n / ln(1 - p^(1/8)) bits, bytes to a power of two in [32, maxBytes]; k = 8. */
export function parquetSbbf(n: number, p: number, maxBytes: number): LibraryDerivation {
  const notes: string[] = [];
  const optimalBits = (-8 * n) / Math.log(1 - p ** (1 / 8));
  let bytes = Math.max(32, Math.ceil(Math.trunc(optimalBits) / 8));
  bytes = nextPowerOfTwo(bytes);
  if (bytes > maxBytes) {
    notes.push(`capped at parquet.bloom.filter.max.bytes = ${maxBytes} bytes (needs ${bytes}): the FP rate is above the target`);
    bytes = maxBytes;
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
