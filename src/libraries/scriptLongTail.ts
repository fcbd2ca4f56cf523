/**
 * Small libraries of the long tail in Lua, Ruby, Go and Swift, one module each: Mozilla's lua_bloom_filter
 * (`bloom_filter.new(items, probability)`), mikalsande/lua-bloom-count (`bloomcount.new(n, p, bitsPerCounter)`,
 * `bloombool.new(n, p)`), the bloombroom gem (`BloomFilter.new(m, k)`, `ContinuousBloomFilter.new(m, k, ttl)`,
 * `BloomHelper.find_m_k(n, p)`), the old `bloomfilter` gem (Andrew Johnson's `BloomFilter.new(capacity, error)`),
 * TomStuart92/probabilistic_data_structures (Go, `bloomfilter.NewBloomFilter` / `bloomfilter.New(capacity, errRate)`) and
 * DesignAlgorithmsKit (Swift, `BloomFilter(capacity:falsePositiveRate:bitCount:hashFunctionCount:)`).
 */
import type { LibraryDerivation } from '../detect/types';
import { classicModel } from './models';
import type { DeclaredParam, EntryPoint, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const CLASSIC = { layout: { kind: 'classic', hashing: 'colliding' }, model: classicModel('colliding') } as const;

/** ln(1 / 2^ln2) = -ln²2: the denominator several of these libraries write (siaris.net's BloomFilter formula). */
const LOG_HALF_POW_LN2 = Math.log(1 / Math.pow(2, LN2));

// ------------------------------------------------------------------ lua_bloom_filter (Mozilla lua_sandbox)

const LUA_BLOOM: SourceCitation = { repository: 'mozilla-services/lua_sandbox_extensions', file: 'bloom_filter/bloom_filter.c', function: 'bloom_filter_new(items, probability): items > 1, 0 < probability < 1; bits = ceil(items * log(probability) / log(1 / pow(2, log(2)))), bytes = ceil(bits / CHAR_BIT), hashes = round(log(2) * bits / items); XXH32 seeded 0..hashes-1 % bits' };

export function luaBloomFilter(items: number, p: number): LibraryDerivation {
  if (!(items > 1)) return { rejects: [`items = ${items}: bloom_filter.new raises "items must be > 1"`] };
  if (!(p > 0 && p < 1)) return { rejects: [`probability = ${p}: bloom_filter.new raises "probability must be between 0 and 1"`] };
  const m = Math.ceil((items * Math.log(p)) / LOG_HALF_POW_LN2);
  return result(m, Math.round((LN2 * m) / items), []);
}

export const LUA_BLOOM_FILTER: LibraryModule = {
  id: 'lua-bloom-filter',
  displayName: 'lua_bloom_filter (Mozilla lua_sandbox)',
  recognizers: ['lua.lua_bloom_filter.new'],
  entryPoints: [{
    kind: 'call', recognizer: 'lua.lua_bloom_filter.new', title: 'lua_bloom_filter bloom_filter.new(items, probability)', callee: 'bloom_filter.new', arity: [2, 2], languages: ['lua'],
    requires: /require\s*\(?\s*["']bloom_filter["']/,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? luaBloomFilter(params.n, params.p) : {}), source: LUA_BLOOM,
  }],
  ...CLASSIC,
  sources: [LUA_BLOOM],
};

// ------------------------------------------------------------------ lua-bloom-count (bloomcount / bloombool)

const BLOOMCOUNT: SourceCitation = { repository: 'mikalsande/lua-bloom-count', file: 'bloomcount.lua', function: 'new(numberOfItems, failureRate, bitsPerCounter): asserts n >= 100 and whole, p <= 0.1, 2 <= bitsPerCounter <= 16; m = ceil(-n * log(p) / log(2)^2), k = floor(m / n * log(2) + 0.5); cpa = floor(32 / bitsPerCounter) counters per number' };
const BLOOMBOOL: SourceCitation = { repository: 'mikalsande/lua-bloom-count', file: 'bloombool.lua', function: 'new(numberOfItems, failureRate): the same asserts, m and k; ceil(m / 32) numbers' };

export function luaBloomCount(n: number, p: number, bitsPerCounter: number | undefined): LibraryDerivation {
  const rejects: string[] = [];
  if (!(n >= 100)) rejects.push(`numberOfItems = ${n}: new asserts "numberOfItems must be >= 100"`);
  if (!Number.isInteger(n)) rejects.push(`numberOfItems = ${n}: new asserts "numberOfItems must be an integer"`);
  if (!(p <= 0.1)) rejects.push(`failureRate = ${p}: new asserts "failureRate must be <= 0.1"`);
  if (bitsPerCounter !== undefined && !(bitsPerCounter >= 2 && bitsPerCounter <= 16 && Number.isInteger(bitsPerCounter))) rejects.push(`bitsPerCounter = ${bitsPerCounter}: new asserts an integer from 2 to 16`);
  if (rejects.length) return { rejects };
  const m = Math.ceil((-n * Math.log(p)) / LN2_SQUARED);
  const k = Math.floor((m / n) * LN2 + 0.5);
  const notes: string[] = [];
  if (bitsPerCounter !== undefined) {
    const perNumber = Math.floor(32 / bitsPerCounter);
    const counterBits = Math.floor(32 / perNumber);
    notes.push(`counting filter: ${m} counters of ${counterBits} bits (${perNumber} per 32-bit Lua number, ${Math.ceil(m / perNumber)} numbers); a counter saturates at ${2 ** counterBits - 1}`);
  }
  return result(m, k, notes);
}

export const LUA_BLOOM_COUNT: LibraryModule = {
  id: 'lua-bloom-count',
  displayName: 'lua-bloom-count (bloomcount, bloombool)',
  recognizers: ['lua.bloomcount.new', 'lua.bloombool.new'],
  entryPoints: [
    { kind: 'call', recognizer: 'lua.bloomcount.new', title: 'bloomcount.new(numberOfItems, failureRate, bitsPerCounter)', callee: 'bloomcount.new', arity: [3, 3], languages: ['lua'], requires: /require\s*\(?\s*["']bloomcount["']/,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }, { role: 'fingerprintBits', unit: 'bits', position: 2 }],
      derive: (params, _named, stated) => (params.n !== undefined && params.p !== undefined ? luaBloomCount(params.n, params.p, stated.get('fingerprintBits')) : {}), source: BLOOMCOUNT },
    { kind: 'call', recognizer: 'lua.bloombool.new', title: 'bloombool.new(numberOfItems, failureRate)', callee: 'bloombool.new', arity: [2, 2], languages: ['lua'], requires: /require\s*\(?\s*["']bloombool["']/,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? luaBloomCount(params.n, params.p, undefined) : {}), source: BLOOMBOOL },
  ],
  ...CLASSIC,
  sources: [BLOOMCOUNT, BLOOMBOOL],
};

// ------------------------------------------------------------------ bloombroom (Ruby)

const BB_HELPER: SourceCitation = { repository: 'colinsurprenant/bloombroom', file: 'lib/bloombroom/filter/bloom_helper.rb', function: 'BloomHelper.find_m_k(capacity, error): m = (capacity * Math.log(error) / Math.log(1.0 / 2 ** Math.log(2))).ceil, k = (Math.log(2) * m / capacity).round' };
const BB_FILTER: SourceCitation = { repository: 'colinsurprenant/bloombroom', file: 'lib/bloombroom/filter/bloom_filter.rb', function: 'BloomFilter#initialize(m, k): BitField.new(m); positions (a + b * (i + 1)) % m' };
const BB_CONTINUOUS: SourceCitation = { repository: 'colinsurprenant/bloombroom', file: 'lib/bloombroom/filter/continuous_bloom_filter.rb', function: 'ContinuousBloomFilter#initialize(m, k, ttl): BitBucketField.new(BITS_PER_BUCKET = 4, m); keys expire after ttl (RESOLUTION_DIVISOR 2)' };

export function bloombroomFindMK(n: number, p: number): LibraryDerivation {
  const m = Math.ceil((n * Math.log(p)) / LOG_HALF_POW_LN2);
  return result(m, Math.round((LN2 * m) / n), []);
}

const RUBY = ['ruby'];
const BB_REQUIRES = /\bbloombroom\b|Bloombroom::/;
const MK: readonly DeclaredParam[] = [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }];
const mk = (params: { m?: number; k?: number }): LibraryDerivation => (params.m !== undefined && params.k !== undefined ? result(params.m, params.k, []) : {});

const N_P: readonly DeclaredParam[] = [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }];
const FIND_M_K = ['Bloombroom::BloomHelper.find_m_k', 'BloomHelper.find_m_k'];
const findMK = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? bloombroomFindMK(params.n, params.p) : {});
const CONTINUOUS_NOTE = 'continuous filter: m buckets of 4 bits each (m / 2 bytes); a key expires ttl to 1.5 ttl seconds after it was added (ttl 0: keys never expire)';

/**
 * Each filter's entry points: the constructor with m and k (reported when m reads as a value: m and k taken from block
 * parameters or a destructured find_m_k say nothing here), and the constructor fed by a splatted find_m_k
 * (`ContinuousBloomFilter.new(*BloomHelper.find_m_k(n, p), ttl)`), which the filter's finding takes n and p from.
 */
function filterEntries(recognizer: string, klass: string, arity: readonly [number, number], note: string | undefined, source: SourceCitation): EntryPoint[] {
  const constructors = [`Bloombroom::${klass}.new`, `${klass}.new`];
  return [
    ...constructors.flatMap((ctor) => FIND_M_K.map((helper): EntryPoint => ({
      kind: 'call', recognizer, title: `bloombroom ${klass}.new(*BloomHelper.find_m_k(capacity, error)${arity[0] > 2 ? ', ttl' : ''})`, callee: `${ctor}(*${helper}`, arity: [2, 2], languages: RUBY, requires: BB_REQUIRES,
      params: N_P, ...(note ? { notes: [note] } : {}), derive: findMK, source: BB_HELPER,
    }))),
    ...constructors.map((callee): EntryPoint => ({
      kind: 'call', recognizer, title: `bloombroom ${klass}.new(m, k${arity[0] > 2 ? ', ttl' : ''})`, callee, arity, languages: RUBY, requires: BB_REQUIRES, onlyWhenRead: ['m'],
      params: MK, ...(note ? { notes: [note] } : {}), derive: mk, source,
    })),
  ];
}

export const BLOOMBROOM: LibraryModule = {
  id: 'bloombroom',
  displayName: 'bloombroom (Ruby)',
  recognizers: ['ruby.bloombroom.continuousBloomFilter', 'ruby.bloombroom.bloomFilter', 'ruby.bloombroom.findMK'],
  entryPoints: [
    ...filterEntries('ruby.bloombroom.continuousBloomFilter', 'ContinuousBloomFilter', [3, 3], CONTINUOUS_NOTE, BB_CONTINUOUS),
    ...filterEntries('ruby.bloombroom.bloomFilter', 'BloomFilter', [2, 2], undefined, BB_FILTER).filter((entry) => entry.kind === 'call' && entry.callee.startsWith('Bloombroom::')),
    // the helper by itself: reported when both arguments read as values (`SIZINGS = RATES.map { |rate| find_m_k(N, rate) }` says nothing)
    ...FIND_M_K.map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'ruby.bloombroom.findMK', title: 'bloombroom BloomHelper.find_m_k(capacity, error)', callee, arity: [2, 2], languages: RUBY, requires: BB_REQUIRES, onlyWhenRead: ['n', 'p'],
      params: N_P, notes: ['find_m_k returns the [m, k] the code passes on to BloomFilter.new or ContinuousBloomFilter.new'],
      derive: findMK, source: BB_HELPER,
    })),
  ],
  ...CLASSIC,
  sources: [BB_HELPER, BB_FILTER, BB_CONTINUOUS],
};

// ------------------------------------------------------------------ bloomfilter gem (Andrew L. Johnson, 2006)

const RB_BLOOMFILTER: SourceCitation = { repository: 'ryanstout/bloomfilter', file: 'lib/bloomfilter.rb', function: 'BloomFilter#initialize(capacity, error, salts=["42","fortytwo"]): ArgumentError unless 0.0 < error < 1.0; bits = (capacity * Log[error] / Log[1.0 / 2**Log[2]]).ceil, hashes = (Log[2] * bits / capacity).round; add raises RangeError "Too many keys" past capacity' };

export function rubyBloomfilterGem(n: number, p: number | undefined): LibraryDerivation {
  if (p === undefined) return { rejects: ['BloomFilter.new(capacity) without an error rate: initialize(capacity, error, salts) requires it, Ruby raises ArgumentError (wrong number of arguments)'] };
  if (!(p > 0 && p < 1)) return { rejects: [`error = ${p}: BloomFilter.new raises ArgumentError "Error must lie: 0.0 < error < 1.0"`] };
  const m = Math.ceil((n * Math.log(p)) / LOG_HALF_POW_LN2);
  return result(m, Math.round((LN2 * m) / n), ['add raises RangeError "Too many keys" once capacity keys were added']);
}

export const RUBY_BLOOMFILTER_GEM: LibraryModule = {
  id: 'ruby-bloomfilter-gem',
  displayName: 'bloomfilter gem (Ruby, A. L. Johnson)',
  recognizers: ['ruby.bloomfilter.new'],
  entryPoints: [{
    kind: 'call', recognizer: 'ruby.bloomfilter.new', title: 'bloomfilter BloomFilter.new(capacity, error, salts)', callee: 'BloomFilter.new', arity: [1, 3], languages: RUBY,
    requires: /require\s*\(?\s*['"]bloomfilter['"]/,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    derive: (params) => (params.n !== undefined ? rubyBloomfilterGem(params.n, params.p) : {}), source: RB_BLOOMFILTER,
  }],
  ...CLASSIC,
  sources: [RB_BLOOMFILTER],
};

// ------------------------------------------------------------------ TomStuart92/probabilistic_data_structures (Go)

const PROBDS: SourceCitation = { repository: 'TomStuart92/probabilistic_data_structures', file: 'pkg/bloomfilter/bloomfilter.go', function: 'NewBloomFilter (renamed New): numBits = uint64(-float64(capacity) * math.Log(errRate) / math.Pow(math.Log(2.0), 2.0)); numHashFunctions = uint64(float64(numBits/capacity) * math.Log(2.0)) (integer division first)' };

/** Both truncations: m = floor(-n ln p / ln²2); k = floor(floor(m / n) · ln 2). */
export function probdsBloom(n: number, p: number): LibraryDerivation {
  const m = Math.floor((-n * Math.log(p)) / Math.pow(Math.log(2), 2));
  const k = Math.floor(Math.floor(m / n) * LN2);
  if (k === 0) return { m, notes: [`numHashFunctions = uint64(${Math.floor(m / n)} · ln 2) = 0: Add sets no bit and MayContain answers true for every key`] };
  return result(m, k, [`k = uint64(float64(${m} / ${n} = ${Math.floor(m / n)}) · ln 2) = ${k}: the integer division drops the fraction of m / n`]);
}

export const GO_PROBDS_BLOOM: LibraryModule = {
  id: 'go-probabilistic-data-structures',
  displayName: 'probabilistic_data_structures bloomfilter (Go)',
  recognizers: ['go.probabilistic_data_structures.newBloomFilter'],
  entryPoints: ['bloomfilter.NewBloomFilter', 'bloomfilter.New'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'go.probabilistic_data_structures.newBloomFilter', title: `probabilistic_data_structures ${callee}(capacity, errRate)`, callee, arity: [2, 2], languages: ['go'],
    requires: /TomStuart92\/probabilistic_data_structures/,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? probdsBloom(params.n, params.p) : {}), source: PROBDS,
  })),
  ...CLASSIC,
  sources: [PROBDS],
};

// ------------------------------------------------------------------ DesignAlgorithmsKit (Swift)

const DAK_BLOOM: SourceCitation = { repository: 'nibbleware/DesignAlgorithmsKit', file: 'Sources/DesignAlgorithmsKit/Algorithms/DataStructures/BloomFilter.swift', function: 'BloomFilter.init(capacity:, falsePositiveRate: = 0.01, bitCount: = nil, hashFunctionCount: = nil): p clamped to [0, 1]; m = bitCount ?? Int(ceil(-n * log(p) / (log(2) * log(2)))), k = hashFunctionCount ?? Int(ceil(m / n * log(2))); bitCount = max(1, m), hashFunctionCount = max(1, min(k, 50))' };
const DAK_COUNTING: SourceCitation = { repository: 'nibbleware/DesignAlgorithmsKit', file: 'Sources/DesignAlgorithmsKit/Algorithms/DataStructures/BloomFilter.swift', function: 'CountingBloomFilter.init(capacity:, falsePositiveRate: = 0.01, counterCount: = nil, hashFunctionCount: = nil): the same sizing, UInt8 counters' };

export function designAlgorithmsKitBloom(n: number | undefined, p: number, mStated: number | undefined, kStated: number | undefined): LibraryDerivation {
  const rate = Math.max(0, Math.min(1, p));
  if (mStated === undefined && (n === undefined || rate === 0)) return rate === 0 ? { rejects: ['falsePositiveRate 0: ceil(-n · log 0 / ln²2) is infinite and Int(...) traps'] } : {};
  const optimal = mStated ?? Math.ceil((-n! * Math.log(rate)) / (Math.log(2) * Math.log(2)));
  if (n === undefined && kStated === undefined) return { m: Math.max(1, optimal) };
  const k = kStated ?? Math.ceil((optimal / n!) * Math.log(2));
  const notes = k > 50 ? [`k = ${k} capped at 50 hash functions`] : [];
  return result(Math.max(1, optimal), Math.max(1, Math.min(k, 50)), notes);
}

const DAK_REQUIRES = /\bimport\s+DesignAlgorithmsKit\b/;
const DAK_P = { p: { value: 0.01, text: 'DesignAlgorithmsKit default falsePositiveRate 0.01' } };

export const DESIGN_ALGORITHMS_KIT: LibraryModule = {
  id: 'design-algorithms-kit',
  displayName: 'DesignAlgorithmsKit BloomFilter (Swift)',
  recognizers: ['swift.designalgorithmskit.bloomFilter', 'swift.designalgorithmskit.countingBloomFilter'],
  entryPoints: [
    { kind: 'call', recognizer: 'swift.designalgorithmskit.bloomFilter', title: 'DesignAlgorithmsKit BloomFilter(capacity:falsePositiveRate:bitCount:hashFunctionCount:)', callee: 'BloomFilter', languages: ['swift'], requires: DAK_REQUIRES,
      params: [{ role: 'n', unit: 'count', names: ['capacity'] }, { role: 'p', unit: 'probability', names: ['falsePositiveRate'] }, { role: 'm', unit: 'bits', names: ['bitCount'] }, { role: 'k', unit: 'hashes', names: ['hashFunctionCount'] }],
      excludesNames: ['FPP', 'expectedCount', 'hashes', 'byteCount'], defaults: DAK_P,
      derive: (params) => designAlgorithmsKitBloom(params.n, params.p ?? 0.01, params.m, params.k), source: DAK_BLOOM },
    { kind: 'call', recognizer: 'swift.designalgorithmskit.countingBloomFilter', title: 'DesignAlgorithmsKit CountingBloomFilter(capacity:falsePositiveRate:counterCount:hashFunctionCount:)', callee: 'CountingBloomFilter', languages: ['swift'], requires: DAK_REQUIRES,
      params: [{ role: 'n', unit: 'count', names: ['capacity'] }, { role: 'p', unit: 'probability', names: ['falsePositiveRate'] }, { role: 'm', unit: 'count', names: ['counterCount'] }, { role: 'k', unit: 'hashes', names: ['hashFunctionCount'] }],
      defaults: DAK_P, notes: ['counting filter: m 8-bit counters (m bytes); a counter saturates at 255'],
      derive: (params) => designAlgorithmsKitBloom(params.n, params.p ?? 0.01, params.m, params.k), source: DAK_COUNTING },
  ],
  ...CLASSIC,
  sources: [DAK_BLOOM, DAK_COUNTING],
};
