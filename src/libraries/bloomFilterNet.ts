/** BloomFilter.NetCore (vla/BloomFilter.NetCore, C#): FilterBuilder.Build(expectedElements, errorRate). */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'vla/BloomFilter.NetCore', file: 'src/BloomFilter/FilterBuilder.cs', function: 'FilterBuilder.Build(long expectedElements, double errorRate)' };

export const BLOOM_FILTER_NET: LibraryModule = {
  id: 'bloomfilter-net',
  displayName: 'BloomFilter.NetCore',
  recognizers: ['bloomfilter-net.build'],
  entryPoints: [{
    kind: 'call', recognizer: 'bloomfilter-net.build', title: 'BloomFilter.NetCore FilterBuilder.Build(expectedElements, errorRate)', callee: 'FilterBuilder.Build', arity: [0, 4], languages: ['csharp'], requires: /using\s+BloomFilter\b/,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['expectedElements'] }, { role: 'p', unit: 'probability', position: 1, names: ['errorRate'] }],
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
