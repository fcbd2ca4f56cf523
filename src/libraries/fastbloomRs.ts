/** fastbloom-rs (Python bindings of a Rust filter): BloomFilter(capacity, fp), CountingBloomFilter(capacity, fp). */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const SOURCE: SourceCitation = { repository: 'yankun1992/fastbloom', file: 'fastbloom_rs/src/lib.rs (py bindings), fastbloom-rs/src/builder.rs', function: 'PyBloomFilter::new(capacity, fp), PyCountingBloomFilter::new, FilterBuilder::new' };
const CALLS: readonly (readonly [string, string])[] = [['BloomFilter', 'fastbloom-rs.bloomFilter'], ['CountingBloomFilter', 'fastbloom-rs.countingBloomFilter'], ['FilterBuilder', 'fastbloom-rs.bloomFilter']];

export const FASTBLOOM_RS: LibraryModule = {
  id: 'fastbloom-rs',
  displayName: 'fastbloom-rs (Python)',
  recognizers: ['fastbloom-rs.bloomFilter', 'fastbloom-rs.countingBloomFilter'],
  entryPoints: CALLS.map(([callee, recognizer]) => ({
    kind: 'call' as const, recognizer, title: `fastbloom-rs ${callee}(capacity, fp)`, callee, arity: [2, 2] as const, languages: ['python'], requires: /\bfastbloom_rs\b/,
    params: [{ role: 'n' as const, unit: 'count' as const, position: 0 }, { role: 'p' as const, unit: 'probability' as const, position: 1 }],
    source: SOURCE,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
