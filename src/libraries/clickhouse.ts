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
  entryPoints: [
    { kind: 'call', recognizer: 'clickhouse.bloomFilter', title: 'ClickHouse INDEX ... TYPE bloom_filter([false_positive])', callee: 'bloom_filter', arity: [0, 1], languages: ['sql'],
      params: [{ role: 'p', unit: 'probability', position: 0 }],
      defaults: { p: { value: 0.025, text: 'ClickHouse bloom_filter default false_positive 0.025' } },
      derive: (params) => (params.p !== undefined ? clickhouseBloomFilter(params.p) : {}),
      source: { repository: 'ClickHouse/ClickHouse', file: 'src/Storages/MergeTree/MergeTreeIndexBloomFilter.cpp', function: 'bloomFilterIndexCreator, bloomFilterIndexValidator (max_conflict_probability 0.025)' },
      matchedBy: 'src/detect/recognizers/sql.ts (clickhouse): a skip-index type after TYPE in DDL, not a call' },
    { kind: 'call', recognizer: 'clickhouse.tokenbf', title: 'ClickHouse INDEX ... TYPE tokenbf_v1(size_of_bloom_filter_in_bytes, number_of_hash_functions, random_seed)', callee: 'tokenbf_v1', arity: [3, 3], languages: ['sql'],
      params: [{ role: 'm', unit: 'bytes', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }],
      notes: ['n is the number of distinct tokens per index granule, known only at run time'],
      source: { repository: 'ClickHouse/ClickHouse', file: 'src/Storages/MergeTree/MergeTreeIndexBloomFilterText.cpp', function: 'bloomFilterIndexTextCreator, bloomFilterIndexTextValidator' },
      matchedBy: 'src/detect/recognizers/sql.ts (clickhouse): a skip-index type after TYPE in DDL, not a call' },
    { kind: 'call', recognizer: 'clickhouse.ngrambf', title: 'ClickHouse INDEX ... TYPE ngrambf_v1(n, size_of_bloom_filter_in_bytes, number_of_hash_functions, random_seed)', callee: 'ngrambf_v1', arity: [4, 4], languages: ['sql'],
      params: [{ role: 'm', unit: 'bytes', position: 1 }, { role: 'k', unit: 'hashes', position: 2 }],
      notes: ['the first argument is the n-gram length; n is the number of distinct n-grams per index granule, known only at run time'],
      source: { repository: 'ClickHouse/ClickHouse', file: 'src/Storages/MergeTree/MergeTreeIndexBloomFilterText.cpp', function: 'bloomFilterIndexTextCreator, bloomFilterIndexTextValidator' },
      matchedBy: 'src/detect/recognizers/sql.ts (clickhouse): a skip-index type after TYPE in DDL, not a call' },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'ClickHouse/ClickHouse', file: 'src/Interpreters/BloomFilterHash.h', function: 'BloomFilterHash::calculationBestPractices' }],
  allocations: [{ id: 'clickhouse', label: 'ClickHouse bloom_filter', call: (_n, p) => `TYPE bloom_filter(${p})`, derive: (_n, p) => clickhouseBloomFilter(p) }],
  snippets: [{ id: 'clickhouse', label: 'ClickHouse (tokenbf_v1)', render: (d) => `-- ${snippetSummary(d)}\nINDEX idx_body body TYPE tokenbf_v1(${Math.ceil(d.mBits / 8)}, ${d.k}, 0) GRANULARITY 1` }],
};
