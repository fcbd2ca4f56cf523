/** Hadoop org.apache.hadoop.util.bloom: filters sized by their bit vector and hash count (used by Hudi, Accumulo, HBase-era code). */
import { classicModel } from './models';
import type { CallEntryPoint, LibraryModule, SourceCitation } from './types';
import { result } from './util';

const SOURCE: SourceCitation = { repository: 'apache/hadoop', file: 'hadoop-common-project/hadoop-common/src/main/java/org/apache/hadoop/util/bloom/BloomFilter.java', function: 'BloomFilter(int vectorSize, int nbHash, int hashType); Filter, HashFunction' };
const DYNAMIC: SourceCitation = { repository: 'apache/hadoop', file: 'hadoop-common-project/hadoop-common/src/main/java/org/apache/hadoop/util/bloom/DynamicBloomFilter.java', function: 'DynamicBloomFilter(int vectorSize, int nbHash, int hashType, int nr), addRow' };
const JVM = ['java', 'kotlin', 'scala', 'groovy'];
const REQUIRES = /org\.apache\.hadoop\.util\.bloom/;
const M_AND_K = [{ role: 'm' as const, unit: 'bits' as const, position: 0, names: ['vectorSize'] }, { role: 'k' as const, unit: 'hashes' as const, position: 1, names: ['nbHash'] }];

// new BloomFilter(vectorSize, nbHash, hashType): m bits and k hashes as stated (CountingBloomFilter: m 4-bit counters)
const FIXED: CallEntryPoint[] = ['BloomFilter', 'CountingBloomFilter', 'RetouchedBloomFilter'].map((callee) => ({
  kind: 'call', recognizer: 'hadoop.bloomFilter', title: `Hadoop ${callee}(vectorSize, nbHash, hashType)`, callee, arity: [3, 3], languages: JVM, requires: REQUIRES,
  params: M_AND_K,
  derive: (params) => (params.m !== undefined && params.k !== undefined ? result(params.m, params.k, []) : {}),
  source: SOURCE,
}));

/** new DynamicBloomFilter(vectorSize, nbHash, hashType, nr): rows of m bits and k hashes, a new row after every nr keys. */
const DYNAMIC_FILTER: CallEntryPoint = {
  kind: 'call', recognizer: 'hadoop.bloomFilter', title: 'Hadoop DynamicBloomFilter(vectorSize, nbHash, hashType, nr)', callee: 'DynamicBloomFilter', arity: [4, 4], languages: JVM, requires: REQUIRES,
  params: [...M_AND_K, { role: 'n', unit: 'count', position: 3, names: ['nr'] }],
  notes: ['a dynamic filter: another row of vectorSize bits is added after every nr keys, and a lookup tests every row, so the FP rate grows with the rows'],
  derive: (params) => (params.m !== undefined && params.k !== undefined ? result(params.m, params.k, []) : {}),
  source: DYNAMIC,
};

export const HADOOP: LibraryModule = {
  id: 'hadoop-bloom',
  displayName: 'Hadoop util.bloom',
  recognizers: ['hadoop.bloomFilter'],
  entryPoints: [...FIXED, DYNAMIC_FILTER],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE, DYNAMIC],
};
