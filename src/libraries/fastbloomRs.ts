/**
 * fastbloom-rs (yankun1992/fastbloom): the Rust crate `fastbloom_rs` and its Python package. Python:
 * `BloomFilter(expected_elements, false_positive_probability=0.01)`, `CountingBloomFilter(expected_elements, p=0.01,
 * enable_repeat_insert=True)`, `FilterBuilder(expected_elements, p=0.01)`; Rust: `FilterBuilder::new(n, p)` and
 * `FilterBuilder::from_size_and_hashes(size, hashes)`.
 */
import { classicModel } from './models';
import type { EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const PYTHON: SourceCitation = { repository: 'yankun1992/fastbloom', file: 'fastbloom_rs/filter.py', function: 'FilterBuilder / BloomFilter / CountingBloomFilter __init__(expected_elements, false_positive_probability=0.01)' };
const BUILDER: SourceCitation = { repository: 'yankun1992/fastbloom', file: 'fastbloom-rs/src/builder.rs', function: 'FilterBuilder::new(expected_elements, false_positive_probability), from_size_and_hashes(size, hashes), optimal_m, optimal_k' };

/**
 * optimal_m: ceil(-n ln p / ln²2), then rounded up to a multiple of 64 bits (SUFFIX / MASK on 64-bit targets);
 * optimal_k: ceil(m ln 2 / n) from the rounded m. builder.rs's own test: (1e8, 0.01) -> m = 958,505,856, k = 7.
 */
export function fastbloomRs(n: number, p: number): LibraryDerivation {
  const m = Math.ceil(Math.ceil((-n * Math.log(p)) / LN2_SQUARED) / 64) * 64;
  return result(m, Math.ceil((m * LN2) / n), []);
}

const DEFAULT_RATE = { p: { value: 0.01, text: 'fastbloom-rs default false_positive_probability 0.01' } };
const derive = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? fastbloomRs(params.n, params.p) : {});
const PYTHON_CALLS: readonly (readonly [string, string])[] = [['BloomFilter', 'fastbloom-rs.bloomFilter'], ['CountingBloomFilter', 'fastbloom-rs.countingBloomFilter'], ['FilterBuilder', 'fastbloom-rs.bloomFilter']];

export const FASTBLOOM_RS: LibraryModule = {
  id: 'fastbloom-rs',
  displayName: 'fastbloom-rs',
  recognizers: ['fastbloom-rs.bloomFilter', 'fastbloom-rs.countingBloomFilter'],
  entryPoints: [
    ...PYTHON_CALLS.map(([callee, recognizer]): EntryPoint => ({
      kind: 'call', recognizer, title: `fastbloom-rs ${callee}(expected_elements, false_positive_probability)`, callee, arity: [0, 3], languages: ['python'], requires: /\bfastbloom_rs\b/,
      params: [{ role: 'n', unit: 'count', position: 0, names: ['expected_elements'] }, { role: 'p', unit: 'probability', position: 1, names: ['false_positive_probability'] }],
      defaults: DEFAULT_RATE, derive,
      notes: callee === 'CountingBloomFilter' ? ['counting: each position is a 4-bit counter'] : [],
      source: PYTHON,
    })),
    { kind: 'call', recognizer: 'fastbloom-rs.bloomFilter', title: 'fastbloom-rs FilterBuilder::new(expected_elements, false_positive_probability)', callee: 'FilterBuilder::new', arity: [2, 2], languages: ['rust'], requires: /fastbloom_rs/,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }], derive, source: BUILDER },
    { kind: 'call', recognizer: 'fastbloom-rs.bloomFilter', title: 'fastbloom-rs FilterBuilder::from_size_and_hashes(size, hashes)', callee: 'FilterBuilder::from_size_and_hashes', arity: [2, 2], languages: ['rust'], requires: /fastbloom_rs/,
      params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }],
      derive: (params) => (params.m !== undefined && params.k !== undefined ? result(params.m, params.k, []) : {}),
      source: BUILDER },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [PYTHON, BUILDER],
};
