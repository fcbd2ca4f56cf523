/** Apache Pinot bloom filter index: a Guava BloomFilter per segment and listed column (`bloomFilterColumns`, `bloomFilterConfigs`). */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const CONFIG: SourceCitation = { repository: 'apache/pinot', file: 'pinot-spi/src/main/java/org/apache/pinot/spi/config/table/BloomFilterConfig.java', function: 'BloomFilterConfig(fpp, maxSizeInBytes, loadOnHeap) (DEFAULT_FPP 0.05; fpp 0 reads as the default)' };
const ZERO_IS_DEFAULT = { value: 0.05, text: 'Pinot reads fpp 0 as DEFAULT_FPP 0.05' };
const NOTES = ['one filter per segment and column: n is the column\'s cardinality in a segment; maxSizeInBytes (when set) raises the fpp to fit'];

export const PINOT: LibraryModule = {
  id: 'pinot',
  displayName: 'Apache Pinot bloom filter index',
  recognizers: ['pinot.bloomFilter'],
  entryPoints: [
    // Not declared: the table config JSON ("bloomFilterConfigs": {"col": {"fpp": 0.01, "maxSizeInBytes": 0}}, IndexingConfig):
    // the corpus (json/pinot_table.json) expects the generic finding there, with maxSizeInBytes as the size.
    { kind: 'call', recognizer: 'pinot.bloomFilter', title: 'Pinot new BloomFilterConfig(fpp, maxSizeInBytes, loadOnHeap)', callee: 'BloomFilterConfig', arity: [3, 3], languages: ['java', 'kotlin', 'scala'], requires: /org\.apache\.pinot/,
      params: [{ role: 'p', unit: 'probability', position: 0, zeroMeans: ZERO_IS_DEFAULT }, { role: 'maxBytes', unit: 'bytes', position: 1 }],
      notes: NOTES, source: CONFIG },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [CONFIG, { repository: 'apache/pinot', file: 'pinot-segment-local/src/main/java/org/apache/pinot/segment/local/segment/creator/impl/bloom/OnHeapGuavaBloomFilterCreator.java', function: 'OnHeapGuavaBloomFilterCreator (Guava BloomFilter.create(funnel, cardinality, fpp))' }],
};
