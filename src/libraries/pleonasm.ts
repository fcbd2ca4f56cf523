/** pleonasm/bloom-filter (PHP): BloomFilter::init(approximateSize, falsePositiveProbability). */
import { classicModel } from './models';
import { roundRound } from './rocketLabs';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'pleonasm/bloom-filter', file: 'src/BloomFilter.php', function: 'BloomFilter::init(int $approxSize, float $falsePosProb): optimalBitArraySize = (int) round(-n ln p / ln²2), optimalHasherCount = (int) round(m / n · ln 2)' };

export const PLEONASM: LibraryModule = {
  id: 'pleonasm-bloom-filter',
  displayName: 'pleonasm/bloom-filter (PHP)',
  recognizers: ['php.pleonasm.init'],
  entryPoints: [{
    kind: 'call', recognizer: 'php.pleonasm.init', title: 'pleonasm BloomFilter::init(approximateSize, falsePositiveProbability)', callee: 'BloomFilter::init', arity: [0, 2], languages: ['php'], requires: /Pleo\\BloomFilter|pleonasm/,
    params: [{ role: 'n', unit: 'count', position: 0, names: ['approxSize'] }, { role: 'p', unit: 'probability', position: 1, names: ['falsePosProb'] }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? roundRound(params.n, params.p) : {}),
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
