/** Hadoop org.apache.hadoop.util.bloom: filters sized by their bit vector and hash count (used by Hudi, Accumulo, HBase-era code). */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';
import { result } from './util';

const SOURCE: SourceCitation = { repository: 'apache/hadoop', file: 'hadoop-common-project/hadoop-common/src/main/java/org/apache/hadoop/util/bloom/BloomFilter.java', function: 'BloomFilter(int vectorSize, int nbHash, int hashType); Filter, HashFunction' };

export const HADOOP: LibraryModule = {
  id: 'hadoop-bloom',
  displayName: 'Hadoop util.bloom',
  recognizers: ['hadoop.bloomFilter'],
  // new BloomFilter(vectorSize, nbHash, hashType): m bits and k hashes as stated (CountingBloomFilter: m 4-bit counters)
  entryPoints: ['BloomFilter', 'CountingBloomFilter', 'RetouchedBloomFilter'].map((callee) => ({
    kind: 'call' as const, recognizer: 'hadoop.bloomFilter', title: `Hadoop ${callee}(vectorSize, nbHash, hashType)`, callee, arity: [3, 3] as const, languages: ['java', 'kotlin', 'scala'],
    requires: /org\.apache\.hadoop\.util\.bloom/,
    params: [{ role: 'm' as const, unit: 'bits' as const, position: 0, names: ['vectorSize'] }, { role: 'k' as const, unit: 'hashes' as const, position: 1, names: ['nbHash'] }],
    derive: (params: { m?: number; k?: number }) => (params.m !== undefined && params.k !== undefined ? result(params.m, params.k, []) : {}),
    source: SOURCE,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
