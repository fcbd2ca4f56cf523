/** Apache Hudi Bloom index (SimpleBloomFilter over Hadoop's BloomFilter). */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const BUILDER: SourceCitation = { repository: 'apache/hudi', file: 'hudi-client/hudi-client-common/src/main/java/org/apache/hudi/config/HoodieIndexConfig.java', function: 'Builder.bloomFilterNumEntries, Builder.bloomFilterFPP' };

export const HUDI: LibraryModule = {
  id: 'hudi',
  displayName: 'Apache Hudi',
  recognizers: ['hudi.bloomIndex'],
  // HoodieIndexConfig.Builder: the same two keys as builder methods (the keys themselves are read in config.ts)
  entryPoints: [{
    kind: 'settings', recognizer: 'hudi.bloomIndex', title: 'Hudi HoodieIndexConfig builder', triggers: ['n', 'p'], languages: ['java', 'kotlin', 'scala'], requires: /org\.apache\.hudi/,
    settings: [
      { role: 'n', unit: 'count', form: 'method', name: 'bloomFilterNumEntries', source: BUILDER },
      { role: 'p', unit: 'probability', form: 'method', name: 'bloomFilterFPP', source: BUILDER },
    ],
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'apache/hudi', file: 'hudi-common/src/main/java/org/apache/hudi/common/bloom/BloomFilterUtils.java', function: 'getBitSize, getNumHashes' }],
};
