/**
 * Long-tail libraries met in blind corpus rounds (issue 17, item 2), one module each, each modelled from its source:
 * cjrh/scalable-cuckoo-filter-py (Python `scf` over the Rust scalable_cuckoo_filter crate), bloom_filter_plus
 * (t924417424/rust_bloom_filter), howeih/rust_bloomfilter (a `bloomfilter` crate taken as a git dependency, whose
 * Bloom::new takes the items and a probability, unlike the crates.io bloomfilter's bitmap bytes and items),
 * durbrow/BloomFilter (Swift) and yosriady/bloom_filter (Elixir, hex `bloom_filter`).
 */
import type { LibraryDerivation } from '../detect/types';
import { classicModel } from './models';
import { SCALABLE_CUCKOO_DEFAULTS, scalableCuckoo } from './scalableCuckooFilter';
import type { EntryPoint, FingerprintLibraryModule, LibraryModule, SourceCitation } from './types';
import { LN2, result } from './util';

// ------------------------------------------------------------------ scf (cjrh/scalable-cuckoo-filter-py)

const SCF: SourceCitation = { repository: 'cjrh/scalable-cuckoo-filter-py', file: 'src/lib.rs', function: 'PyScalableCuckooFilter.new(initial_capacity_hint, false_positive_probability): ScalableCuckooFilterBuilder::default().initial_capacity(hint).false_positive_probability(p).hasher(FxHasher).finish() (scalable_cuckoo_filter 0.3.2: entries_per_bucket 4)' };

export const SCF_PY: FingerprintLibraryModule = {
  id: 'scf-py',
  displayName: 'scalable-cuckoo-filter-py (Python scf over Rust)',
  recognizers: ['python.scf.pyScalableCuckooFilter'],
  entryPoints: ['PyScalableCuckooFilter', 'scf.PyScalableCuckooFilter'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'python.scf.pyScalableCuckooFilter', title: 'scf PyScalableCuckooFilter(initial_capacity_hint, false_positive_probability)', callee, arity: [2, 2], languages: ['python'],
    params: [{ role: 'n', unit: 'count', position: 0, names: ['initial_capacity_hint'] }, { role: 'p', unit: 'probability', position: 1, names: ['false_positive_probability'] }],
    derive: (params) => scalableCuckoo(params.n, params.p, SCALABLE_CUCKOO_DEFAULTS.entriesPerBucket), source: SCF,
  })),
  sources: [SCF],
};

// ------------------------------------------------------------------ bloom_filter_plus (t924417424/rust_bloom_filter)

const PLUS_CONFIG: SourceCitation = { repository: 't924417424/rust_bloom_filter', file: 'src/lib.rs', function: 'BloomFilter::new(c: BloomConfig { size: Option<usize>, hash_loop: Option<usize> }) (bloom_filter_plus 0.1.1, earlier bloom_filter / bloom_filter_plush): None or size 0 -> DEFAULT_SIZE = 1 << 10, None -> DEFAULT_HASH_LOOP = 10 (a stated hash_loop is kept: its guard tests size); bitmap vec![0u8; size]' };
const PLUS_SETTERS: SourceCitation = { repository: 't924417424/rust_bloom_filter', file: 'src/lib.rs', function: 'BloomFilter::new() then set_size(size) / set_hash_loop(hash_loop) (bloom_filter_plus 0.1.2 on): ignored once the bitmap holds data' };
const PLUS_HASH: SourceCitation = { repository: 't924417424/rust_bloom_filter', file: 'src/lib.rs', function: 'hash: vec![0] then hash_loop DefaultHasher values % size; insert_bitmap: bitmap[index] |= 1 << (index % 8)' };
export const BLOOM_FILTER_PLUS_DEFAULTS = { size: 1 << 10, hashLoop: 10 } as const;

/**
 * size counts BYTES, but an index is taken mod size and picks byte `index` and bit `index % 8` in it: one bit per
 * byte can be set, so only `size` distinct positions exist (m = size); every key also sets index 0 (always set).
 */
export function bloomFilterPlus(size: number | undefined, hashLoop: number | undefined): LibraryDerivation {
  const bytes = size === undefined || size <= 0 ? BLOOM_FILTER_PLUS_DEFAULTS.size : size;
  const k = hashLoop ?? BLOOM_FILTER_PLUS_DEFAULTS.hashLoop;
  const notes = [`size is ${bytes} bytes but each index i sets bit i % 8 of byte i: ${bytes} usable positions, not ${bytes * 8} bits`, 'every key also sets index 0 (an extra probe that is always set)'];
  if (size !== undefined && size <= 0) notes.unshift(`size ${size} <= 0: replaced by DEFAULT_SIZE ${BLOOM_FILTER_PLUS_DEFAULTS.size}`);
  return result(bytes, k, notes);
}

const PLUS_REQUIRES = /\bbloom_filter_plus\b|\bBloomConfig\b/;

export const BLOOM_FILTER_PLUS: LibraryModule = {
  id: 'bloom-filter-plus',
  displayName: 'bloom_filter_plus (Rust)',
  recognizers: ['rust.bloom_filter_plus.new', 'rust.bloom_filter_plus.setters'],
  entryPoints: [
    { kind: 'call', recognizer: 'rust.bloom_filter_plus.new', title: 'bloom_filter_plus BloomFilter::new(BloomConfig { size, hash_loop })', callee: 'BloomFilter::new', arity: [1, 1], languages: ['rust'], requires: PLUS_REQUIRES,
      params: [{ role: 'm', unit: 'bits', names: ['size'] }, { role: 'k', unit: 'hashes', names: ['hash_loop'] }],
      defaults: { m: { value: BLOOM_FILTER_PLUS_DEFAULTS.size, text: 'DEFAULT_SIZE 1 << 10 (bytes, one usable bit each)' }, k: { value: BLOOM_FILTER_PLUS_DEFAULTS.hashLoop, text: 'DEFAULT_HASH_LOOP 10' } },
      notes: ['size counts bytes, but only one bit per byte is reachable'],
      derive: (params) => bloomFilterPlus(params.m, params.k), source: PLUS_CONFIG },
    { kind: 'settings', recognizer: 'rust.bloom_filter_plus.setters', title: 'bloom_filter_plus set_size(size) / set_hash_loop(hash_loop)', triggers: ['m', 'k'], languages: ['rust'], requires: /\bbloom_filter_plus\b/,
      settings: [
        { role: 'm', unit: 'bits', form: 'method', name: 'set_size', source: PLUS_SETTERS },
        { role: 'k', unit: 'hashes', form: 'method', name: 'set_hash_loop', source: PLUS_SETTERS },
      ],
      defaults: { m: { value: BLOOM_FILTER_PLUS_DEFAULTS.size, text: 'DEFAULT_SIZE 1 << 10' }, k: { value: BLOOM_FILTER_PLUS_DEFAULTS.hashLoop, text: 'DEFAULT_HASH_LOOP 10' } },
      derive: (params) => bloomFilterPlus(params.m, params.k) },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [PLUS_CONFIG, PLUS_SETTERS, PLUS_HASH],
};

// ------------------------------------------------------------------ git bloomfilter (howeih/rust_bloomfilter)

const HOWEIH: SourceCitation = { repository: 'howeih/rust_bloomfilter', file: 'src/bloomfilter/mod.rs', function: 'Bloom::new(items_count, false_positive_rate): assert!(items_count > 0 && 0 <= p <= 1); optimize_filter_size = ceil(-n ln p / ln²2); optimize_hash_size = ceil(m / n · ln 2); one RandomState DefaultHasher per hash' };

export function gitBloomfilter(n: number, p: number): LibraryDerivation {
  if (!(n > 0) || !(p > 0 && p <= 1)) return { rejects: [`Bloom::new(${n}, ${p}): the assert (items_count > 0, 0 <= p <= 1, and p = 0 gives an infinite size) panics`] };
  const m = Math.ceil((-n * Math.log(p)) / (LN2 * LN2));
  return result(m, Math.ceil((m / n) * LN2), []);
}

// the crates.io bloomfilter's Bloom::new(bitmap_size, items_count) takes two usize: a fraction read second only compiles
// against this crate (a variable or a whole number stays the crates.io module's), and a git dependency names it
const HOWEIH_GIT = /howeih\/rust_bloomfilter|\bbloomfilter\s*=\s*\{\s*git\s*=/;

export const GIT_BLOOMFILTER: LibraryModule = {
  id: 'git-bloomfilter',
  displayName: 'bloomfilter from git (Rust, howeih/rust_bloomfilter)',
  recognizers: ['rust.git-bloomfilter.new'],
  entryPoints: [HOWEIH_GIT, /\bbloomfilter\b/].map((requires): EntryPoint => ({
    kind: 'call', recognizer: 'rust.git-bloomfilter.new', title: 'bloomfilter (git) Bloom::new(items_count, false_positive_rate)', callee: 'Bloom::new', arity: [2, 2], languages: ['rust'], requires,
    ...(requires === HOWEIH_GIT ? {} : { overload: { position: 1, wholeNumber: false }, onlyWhenRead: ['p'] as const }),
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? gitBloomfilter(params.n, params.p) : {}), source: HOWEIH,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [HOWEIH],
};

// ------------------------------------------------------------------ durbrow/BloomFilter (Swift)

const DURBROW: SourceCitation = { repository: 'durbrow/BloomFilter', file: 'Sources/BloomFilter/BloomFilter.swift', function: 'init(count:hashes:); init(optimizedForCount n) = optimalFor(n, 1 / (n + 1)); init(optimizedForCount:falsePositiveRate:); optimalFor: k = -log(e) / log 2, m = n · k / log 2; M = bestPowerOf2(m) = 1 << Int(log2(m).rounded(.up)), K = Int(k.rounded(.down)) distinct random seeds' };

export function durbrowOptimized(n: number, p?: number): LibraryDerivation {
  if (!(n >= 1)) return { rejects: [`optimizedForCount ${n}: log2 of a size <= 0 is not finite and Int() traps`] };
  const e = p ?? 1 / (n + 1);
  const k = -Math.log(e) / Math.log(2);
  const bits = (n * k) / Math.log(2);
  const m = 2 ** Math.ceil(Math.log2(bits));
  const notes = [`m = n · log2(1/p) / ln 2 = ${bits.toFixed(2)} rounded up to a power of two`];
  if (p === undefined) notes.push(`target p = 1 / (n + 1) = ${e.toPrecision(4)}`);
  return result(m, Math.floor(k), notes);
}

const DURBROW_REQUIRES = /\boptimizedForCount\s*:|\bBloomFilter\s*(?:<[^>\n]*>)?\s*\(\s*count\s*:/;

export const DURBROW_SWIFT: LibraryModule = {
  id: 'durbrow-bloomfilter',
  displayName: 'BloomFilter (Swift, durbrow)',
  recognizers: ['swift.durbrow.optimizedForCount', 'swift.durbrow.countHashes'],
  entryPoints: [
    { kind: 'call', recognizer: 'swift.durbrow.optimizedForCount', title: 'BloomFilter<T>(optimizedForCount:falsePositiveRate:)', callee: 'BloomFilter', arity: [0, 0], languages: ['swift'], requires: DURBROW_REQUIRES,
      params: [{ role: 'n', unit: 'count', names: ['optimizedForCount'] }, { role: 'p', unit: 'probability', names: ['falsePositiveRate'] }],
      derive: (params) => (params.n !== undefined ? durbrowOptimized(params.n, params.p) : {}), source: DURBROW },
    { kind: 'call', recognizer: 'swift.durbrow.countHashes', title: 'BloomFilter<T>(count:hashes:)', callee: 'BloomFilter', arity: [0, 0], languages: ['swift'], requires: DURBROW_REQUIRES,
      params: [{ role: 'm', unit: 'bits', names: ['count'] }, { role: 'k', unit: 'hashes', names: ['hashes'] }],
      derive: (params) => result(params.m, params.k, []), source: DURBROW },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [DURBROW],
};

// ------------------------------------------------------------------ bloom_filter (yosriady/bloom_filter, Elixir)

const YOSRIADY: SourceCitation = { repository: 'yosriady/bloom_filter', file: 'lib/bloom_filter.ex', function: 'new(capacity, error_rate) when 0 < error_rate < 1; optimize(n, p) = optimize_values(n, n * 4, 2, p): fpr = (1 - e^(-k (n + 0.5) / (m - 1)))^k; fpr < required -> {m, round(Float.ceil(k))}; else optimize_values(n, m * 2, optimal_hash_functions(m * 2, n), fpr) with optimal_hash_functions = m / n * Math.log(Math.e(), 2)' };
const MATH_LOG: SourceCitation = { repository: 'folz/math', file: 'lib/math.ex', function: 'Math.log(x, b) = :math.log(x) / :math.log(b) (so Math.log(Math.e(), 2) = 1 / ln 2 = log2 e, not ln 2)' };

/**
 * The library's own search: it starts at m = 4n, k = 2, and each retry doubles m with k = m/n · log2 e, but it passes
 * the rate just computed as the new target, so the second try nearly always stops (at m = 8n, k = ceil(8 log2 e) = 12).
 */
export function yosriadyBloom(n: number, p: number): LibraryDerivation {
  if (!(p > 0 && p < 1)) return { rejects: [`error_rate ${p}: new/2 has no clause outside 0 < error_rate < 1 (FunctionClauseError)`] };
  if (!(n >= 1)) return { rejects: [`capacity ${n}: the bit list 1..m needs m >= 1`] };
  let m = n * 4;
  let k = 2;
  let required = p;
  for (let i = 0; i < 64; i++) {
    const fpr = (1 - Math.exp((-k * (n + 0.5)) / (m - 1))) ** k;
    if (fpr < required) {
      const notes = [`m and k from the library's search: the rate at m = ${m}, k = ${Math.ceil(k)} is ${fpr.toPrecision(3)}`];
      if (fpr > p) notes.push(`the search compares each retry with the previous rate instead of error_rate ${p}: the filter misses the asked rate`);
      return result(m, Math.ceil(k), notes);
    }
    required = fpr;
    m *= 2;
    k = (m / n) * (1 / Math.log(2));
  }
  return {};
}

export const ELIXIR_BLOOM_FILTER: LibraryModule = {
  id: 'elixir-bloom-filter',
  displayName: 'bloom_filter (Elixir, yosriady)',
  recognizers: ['elixir.bloom_filter.new'],
  entryPoints: [{
    kind: 'call', recognizer: 'elixir.bloom_filter.new', title: 'BloomFilter.new(capacity, error_rate)', callee: 'BloomFilter.new', arity: [2, 2], languages: ['elixir'], requires: /:bloom_filter\b/,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? yosriadyBloom(params.n, params.p) : {}), source: YOSRIADY,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [YOSRIADY, MATH_LOG],
};

// ------------------------------------------------------------------ bloom-filter-rs (sagalasan/bloom-filter, imported as bloom_filter)

const SAGALASAN: SourceCitation = { repository: 'sagalasan/bloom-filter', file: 'src/bloom.rs', function: 'BloomFilter::new(hasher, k: u32, array_size: u64); optimal(hasher, max_elements, error_rate): panics unless 0 < error_rate < 1; optimal_vec_size = ceil(-(n ln p) / LN_2²); optimal_hash_functions = ceil(max(1, m / n · LN_2)); insert: hasher.hash(seed, bytes) % len for seed in 0..k (Murmur3 32-bit)' };

export function sagalasanOptimal(n: number, p: number): LibraryDerivation {
  if (!(p > 0 && p < 1)) return { rejects: [`error_rate ${p}: optimal panics ("Error rate must be 0 <= error_rate < 1")`] };
  const m = Math.ceil(-(n * Math.log(p)) / (LN2 * LN2));
  // f64::max(1, NaN) is 1: n = 0 gives k = 1 and an empty bit vector, whose first insert divides by zero
  const k = Math.ceil(n === 0 ? 1 : Math.max(1, (m / n) * LN2));
  return result(m, k, n === 0 ? ['max_elements 0: an empty bit vector; the first insert panics (remainder by zero)'] : []);
}

const SAGALASAN_REQUIRES = /\bMurmur3\b|\bBloomHasher\b/;

export const BLOOM_FILTER_RS: LibraryModule = {
  id: 'bloom-filter-rs',
  displayName: 'bloom-filter-rs (Rust, sagalasan; crate bloom_filter)',
  recognizers: ['rust.bloom-filter-rs.optimal', 'rust.bloom-filter-rs.new'],
  entryPoints: [
    { kind: 'call', recognizer: 'rust.bloom-filter-rs.optimal', title: 'bloom_filter BloomFilter::optimal(hasher, max_elements, error_rate)', callee: 'BloomFilter::optimal', arity: [3, 3], languages: ['rust'], requires: SAGALASAN_REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 1 }, { role: 'p', unit: 'probability', position: 2 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? sagalasanOptimal(params.n, params.p) : {}), source: SAGALASAN },
    { kind: 'call', recognizer: 'rust.bloom-filter-rs.new', title: 'bloom_filter BloomFilter::new(hasher, k, array_size)', callee: 'BloomFilter::new', arity: [3, 3], languages: ['rust'], requires: SAGALASAN_REQUIRES,
      params: [{ role: 'k', unit: 'hashes', position: 1 }, { role: 'm', unit: 'bits', position: 2 }],
      derive: (params) => result(params.m, params.k, []), source: SAGALASAN },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SAGALASAN],
};

// ------------------------------------------------------------------ DuckDuckGo bloom_cpp through BrowserServicesKit (Swift)

const DDG_CPP: SourceCitation = { repository: 'duckduckgo/bloom_cpp', file: 'BloomFilter.cpp', function: 'BloomFilter(maxItems, targetProbability): bitCount = (size_t) ceil((maxItems · log(p)) / log(1.0 / pow(2.0, log(2.0)))), ceil(bitCount / 8) blocks; BloomFilter(importFilePath, bitCount, maxItems); calculateHashRounds = (size_t) round(log(2.0) · size / maxItems); djb2 and sdbm double hashing' };
const DDG_WRAPPER: SourceCitation = { repository: 'duckduckgo/BrowserServicesKit', file: 'Sources/BloomFilterWrapper/BloomFilterWrapper.swift', function: 'BloomFilterWrapper(totalItems: Int32, errorRate: Double) and (fromPath:withBitCount:andTotalItems:) -> BloomFilterObjC initWithTotalItems:errorRate: / initFromPath:withBitCount:andTotalItems: -> bloom_cpp BloomFilter' };

export function ddgBloom(n: number, p: number | undefined, bitCount?: number): LibraryDerivation {
  const m = bitCount ?? Math.ceil((n * Math.log(p as number)) / Math.log(1 / 2 ** Math.log(2)));
  return result(m, Math.round((Math.LN2 * m) / n), []);
}

export const DDG_BLOOM: LibraryModule = {
  id: 'ddg-bloom-cpp',
  displayName: 'DuckDuckGo bloom_cpp (BloomFilterWrapper, Swift / Objective-C)',
  recognizers: ['swift.ddg-bloom.totalItems', 'swift.ddg-bloom.fromPath'],
  entryPoints: ['BloomFilterWrapper', 'BloomFilterObjC'].flatMap((callee): EntryPoint[] => [
    { kind: 'call', recognizer: 'swift.ddg-bloom.totalItems', title: `${callee}(totalItems:errorRate:)`, callee, arity: [0, 0], languages: ['swift'],
      params: [{ role: 'n', unit: 'count', names: ['totalItems'] }, { role: 'p', unit: 'probability', names: ['errorRate'] }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? ddgBloom(params.n, params.p) : {}), source: DDG_WRAPPER },
    { kind: 'call', recognizer: 'swift.ddg-bloom.fromPath', title: `${callee}(fromPath:withBitCount:andTotalItems:)`, callee, arity: [0, 0], languages: ['swift'],
      params: [{ role: 'm', unit: 'bits', names: ['withBitCount'] }, { role: 'n', unit: 'count', names: ['andTotalItems'] }],
      derive: (params) => (params.m !== undefined && params.n !== undefined ? ddgBloom(params.n, undefined, params.m) : {}), source: DDG_WRAPPER },
  ]),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [DDG_CPP, DDG_WRAPPER],
};
