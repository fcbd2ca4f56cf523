/** ClickHouse bloom_filter, tokenbf_v1 and ngrambf_v1 skip indexes. */
import { CASSANDRA_PROBS } from './cassandra';
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { result, snippetSummary } from './util';

/** ClickHouse BloomFilterHash::calculationBestPractices(p) -> (bits per row, hashes). */
export function clickhouseBloomFilter(p: number): LibraryDerivation {
  const minIndex = [0, 0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14];
  const table = CASSANDRA_PROBS; // the same summary-cache table
  if (p >= 0.283) return result(undefined, 2, [], { bitsPerElement: 2 });
  for (let bits = 1; bits < 20; bits++) {
    if (table[bits][minIndex[bits]] <= p) {
      for (let hashes = minIndex[bits]; hashes > 0; hashes--) {
        if (table[bits][hashes] > p) return result(undefined, hashes + 1, [], { bitsPerElement: bits });
      }
    }
  }
  return result(undefined, minIndex[19], [], { bitsPerElement: 19 });
}

export const CLICKHOUSE: LibraryModule = {
  id: 'clickhouse',
  displayName: 'ClickHouse',
  recognizers: ['clickhouse.bloomFilter', 'clickhouse.tokenbf', 'clickhouse.ngrambf'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'ClickHouse/ClickHouse', file: 'src/Interpreters/BloomFilterHash.h', function: 'BloomFilterHash::calculationBestPractices' }],
  allocations: [{ id: 'clickhouse', label: 'ClickHouse bloom_filter', call: (_n, p) => `TYPE bloom_filter(${p})`, derive: (_n, p) => clickhouseBloomFilter(p) }],
  snippets: [{ id: 'clickhouse', label: 'ClickHouse (tokenbf_v1)', render: (d) => `-- ${snippetSummary(d)}\nINDEX idx_body body TYPE tokenbf_v1(${Math.ceil(d.mBits / 8)}, ${d.k}, 0) GRANULARITY 1` }],
};
