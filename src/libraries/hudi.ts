/** Apache Hudi Bloom index (SimpleBloomFilter over Hadoop's BloomFilter). */
import { classicModel } from './models';
import type { LibraryModule } from './types';

export const HUDI: LibraryModule = {
  id: 'hudi',
  displayName: 'Apache Hudi',
  recognizers: ['hudi.bloomIndex'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'apache/hudi', file: 'hudi-common/src/main/java/org/apache/hudi/common/bloom/BloomFilterUtils.java', function: 'getBitSize, getNumHashes' }],
};
