/**
 * The `bloom` crate (nicklan/bloom-rs 0.3): BloomFilter::with_rate(rate, expected_num_items), with_size(num_bits, num_hashes),
 * CountingBloomFilter::with_rate(bits_per_entry, rate, n) and with_size(num_entries, bits_per_entry, num_hashes), each also
 * `_and_hashers` (two hashers more). A counting filter's num_entries is its number of counters (m), bits_per_entry their width.
 */
import { classicModel } from './models';
import type { CallEntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { result } from './util';

const SOURCE: SourceCitation = { repository: 'nicklan/bloom-rs', file: 'src/bloom.rs', function: 'BloomFilter::with_rate, with_size (and _and_hashers), needed_bits, optimal_num_hashes' };
const COUNTING: SourceCitation = { repository: 'nicklan/bloom-rs', file: 'src/counting.rs', function: 'CountingBloomFilter::with_rate(bits_per_entry, rate, expected_num_items), with_size(num_entries, bits_per_entry, num_hashes)' };
const REQUIRES = /\buse\s+bloom\b|\bbloom::|extern\s+crate\s+bloom\b/;

/** The crate computes in f32: needed_bits = round(n · ln(1/p) / ln²2); optimal_num_hashes = round(m / n · ln 2) clamped to [2, 200]. */
export function bloomRsWithRate(n: number, p: number): LibraryDerivation {
  const f = Math.fround;
  const ln2 = f(Math.LN2);
  const m = Math.round(f(f(n) * f(f(Math.log(f(f(1) / f(p)))) / f(ln2 * ln2))));
  return result(m, bloomRsHashes(m, n), []);
}

export function bloomRsHashes(mBits: number, n: number): number {
  const f = Math.fround;
  return Math.min(200, Math.max(2, Math.round(f(f(f(mBits) / f(n)) * f(Math.LN2)))));
}

const P = { role: 'p', unit: 'probability' } as const;
const N = { role: 'n', unit: 'count' } as const;
const withRate = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? bloomRsWithRate(params.n, params.p) : {});
const withSize = (params: { m?: number; k?: number }): LibraryDerivation => (params.m !== undefined && params.k !== undefined ? result(params.m, params.k, []) : {});

/** Each constructor and its `_and_hashers` form (two arguments more). */
function andHashers(entry: CallEntryPoint): CallEntryPoint[] {
  const [min, max] = entry.arity ?? [0, 0];
  return [entry, { ...entry, title: `${entry.title} (_and_hashers)`, callee: `${entry.callee}_and_hashers`, arity: [min + 2, max + 2] }];
}

const ENTRY_POINTS: readonly CallEntryPoint[] = [
  ...andHashers({ kind: 'call', recognizer: 'rust.bloom.withRate', title: 'bloom BloomFilter::with_rate(rate, expected_num_items)', callee: 'BloomFilter::with_rate', arity: [2, 2], languages: ['rust'], requires: REQUIRES,
    params: [{ ...P, position: 0 }, { ...N, position: 1 }], derive: withRate, source: SOURCE }),
  ...andHashers({ kind: 'call', recognizer: 'rust.bloom.withSize', title: 'bloom BloomFilter::with_size(num_bits, num_hashes)', callee: 'BloomFilter::with_size', arity: [2, 2], languages: ['rust'], requires: REQUIRES,
    params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }], derive: withSize, source: SOURCE }),
  // counters of bits_per_entry bits each: the filter's m counters and k are those of BloomFilter::with_rate
  ...andHashers({ kind: 'call', recognizer: 'rust.bloom.withRate', title: 'bloom CountingBloomFilter::with_rate(bits_per_entry, rate, expected_num_items)', callee: 'CountingBloomFilter::with_rate', arity: [3, 3], languages: ['rust'], requires: REQUIRES,
    params: [{ ...P, position: 1 }, { ...N, position: 2 }], derive: withRate, notes: ['a counting filter: m counters of bits_per_entry bits each'], source: COUNTING }),
  ...andHashers({ kind: 'call', recognizer: 'rust.bloom.withSize', title: 'bloom CountingBloomFilter::with_size(num_entries, bits_per_entry, num_hashes)', callee: 'CountingBloomFilter::with_size', arity: [3, 3], languages: ['rust'], requires: REQUIRES,
    params: [{ role: 'm', unit: 'count', position: 0 }, { role: 'k', unit: 'hashes', position: 2 }], derive: withSize,
    notes: ['num_entries is the number of counters (m), bits_per_entry the width of each counter, not bits per key'], source: COUNTING }),
];

export const BLOOM_RS: LibraryModule = {
  id: 'bloom-rs',
  displayName: 'bloom crate (Rust)',
  recognizers: ['rust.bloom.withRate', 'rust.bloom.withSize'],
  entryPoints: ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE, COUNTING],
};
