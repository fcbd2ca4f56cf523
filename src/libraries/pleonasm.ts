/** pleonasm/bloom-filter (PHP): BloomFilter::init(approximateSize, falsePositiveProbability). */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'pleonasm/bloom-filter', file: 'src/BloomFilter.php', function: 'BloomFilter::init($approximateSize, $falsePositiveProbability)' };

export const PLEONASM: LibraryModule = {
  id: 'pleonasm-bloom-filter',
  displayName: 'pleonasm/bloom-filter (PHP)',
  recognizers: ['php.pleonasm.init'],
  entryPoints: [{
    kind: 'call', recognizer: 'php.pleonasm.init', title: 'pleonasm BloomFilter::init(approximateSize, falsePositiveProbability)', callee: 'BloomFilter::init', arity: [2, 2], languages: ['php'], requires: /Pleo\\BloomFilter|pleonasm/,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
