/**
 * rocket-labs/bloom-filter (PHP, `RocketLabs\BloomFilter`): `BloomFilter::createFromApproximateSize($persister,
 * $approximateSize, $falsePositiveProbability = 0.001)` (also on `Factory` in the fork), and `BloomFilter::create($persister,
 * $bitSize, $hashCount)` / `new BloomFilter($persister, $bitSize, $hashCount)`. The persister comes first.
 */
import { classicModel } from './models';
import type { EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const SOURCE: SourceCitation = { repository: 'rocket-labs/bloom-filter', file: 'src/BloomFilter.php', function: 'createFromApproximateSize($persister, $approximateSize, $falsePositiveProbability = 0.001), optimalBitSize, optimalHashCount, create($persister, $bitSize, $hashCount)' };
const FACTORY: SourceCitation = { repository: 'bangpound/RocketLabsBloomFilter', file: 'src/Factory.php', function: 'Factory::createFromApproximateSize (RangeException unless 0 < p < 1), optimalBitSize, optimalHashCount' };

/**
 * optimalBitSize: (int) round(-n ln p / ln²2); optimalHashCount: (int) round(m / n · ln 2) (PHP's `/` divides as floats).
 * pleonasm/bloom-filter sizes the same way (BloomFilter::optimalBitArraySize, optimalHasherCount).
 */
export function roundRound(n: number, p: number): LibraryDerivation {
  const m = Math.round((-n * Math.log(p)) / LN2_SQUARED);
  return result(m, Math.round((m / n) * LN2), []);
}

const REQUIRES = /RocketLabs/;
const PHP = ['php'];

export const ROCKET_LABS: LibraryModule = {
  id: 'rocket-labs-bloom-filter',
  displayName: 'rocket-labs/bloom-filter (PHP)',
  recognizers: ['php.rocketlabs.createFromApproximateSize', 'php.rocketlabs.create'],
  entryPoints: [
    ...[['BloomFilter::createFromApproximateSize', SOURCE], ['Factory::createFromApproximateSize', FACTORY]].map(([callee, source]): EntryPoint => ({
      kind: 'call', recognizer: 'php.rocketlabs.createFromApproximateSize', title: `rocket-labs ${callee}($persister, $approximateSize, $falsePositiveProbability)`, callee: callee as string, arity: [2, 4], languages: PHP, requires: REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 1 }, { role: 'p', unit: 'probability', position: 2 }],
      defaults: { p: { value: 0.001, text: 'rocket-labs default falsePositiveProbability 0.001' } },
      derive: (params) => (params.n !== undefined && params.p !== undefined ? roundRound(params.n, params.p) : {}),
      source: source as SourceCitation,
    })),
    ...['BloomFilter::create', 'BloomFilter'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'php.rocketlabs.create', title: `rocket-labs ${callee === 'BloomFilter' ? 'new BloomFilter' : callee}($persister, $bitSize, $hashCount)`, callee, arity: [3, 4], languages: PHP, requires: REQUIRES,
      params: [{ role: 'm', unit: 'bits', position: 1 }, { role: 'k', unit: 'hashes', position: 2 }],
      derive: (params) => (params.m !== undefined && params.k !== undefined ? { m: params.m, k: params.k } : {}),
      source: SOURCE,
    })),
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE, FACTORY],
};
