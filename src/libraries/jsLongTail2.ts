/**
 * The JavaScript / TypeScript and Dart long tail met in blind corpus rounds (issue 17, item 2): voltaire's
 * `BloomFilter.create(m, k)` (Ethereum primitives), bloomf's `new BloomFilter(size, k)`, @imcotton/bloom's
 * `bloom_by(n, fp)` and `new Bloom(n, fp)` (and @kgwinnup/bloom's `new Bloom(n, fp)`, the class it was rewritten
 * from), bloomfilter-redis's `new BloomFilter({ redisSize, hashesNum })`, and keyscope_client's (Dart Redis client)
 * `bfReserve(key, errorRate, capacity)` / `bfInsert(key, items, capacity:, error:)`. Each read from its repository.
 */
import { classicModel } from './models';
import { redisBloom } from './redisbloom';
import type { DeclaredParam, EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const JS = ['javascript', 'typescript', 'javascriptreact', 'typescriptreact'];
const DART = ['dart'];

// ---- voltaire (evmts/voltaire, npm @tevm/voltaire) -------------------------------------------------------------

const VOLTAIRE_CREATE: SourceCitation = { repository: 'evmts/voltaire', file: 'packages/voltaire-ts/src/primitives/BloomFilter/create.js', function: 'create(m, k): throws InvalidBloomFilterParameterError "Bloom filter parameters must be positive" unless m > 0 and k > 0; new Uint8Array(Math.ceil(m / 8))' };
const VOLTAIRE_HASH: SourceCitation = { repository: 'evmts/voltaire', file: 'packages/voltaire-ts/src/primitives/BloomFilter/hash.js', function: 'hashFromKeccak(keccakHash, seed, m): ((keccakHash[seed * 2] << 8) | keccakHash[seed * 2 + 1]) % m' };
/** The import of voltaire: `@tevm/voltaire` (its npm name), `voltaire`, or a subpath of either. */
export const VOLTAIRE_IMPORT = /['"](?:@tevm\/)?voltaire(?:-ts)?(?:\/[^'"]*)?['"]/;

const positive = (what: string) => (value: number): string | undefined => (value > 0 ? undefined : `${what} = ${value}: voltaire throws InvalidBloomFilterParameterError "Bloom filter parameters must be positive" (expected m > 0 and k > 0)`);

/** create(m, k): m bits (stored in ceil(m / 8) bytes, positions taken mod m), k probes from byte pairs of one Keccak-256. */
export function voltaireCreate(m: number, k: number): LibraryDerivation {
  const notes: string[] = [];
  // hashFromKeccak reads the 16-bit big-endian pair at bytes [2i, 2i+1] of the 32-byte Keccak hash: positions < 65536,
  // and from probe 16 on the pair lies past the hash (`?? 0`), so every further probe sets bit 0
  if (m > 65536) notes.push(`positions are 16-bit values mod m: only the first 65,536 of the ${m} bits can be set`);
  if (k > 16) notes.push(`k = ${k}: probes 17 and on read past the 32-byte Keccak hash and all set bit 0, so at most 16 (+1) distinct positions`);
  return result(m, k, notes);
}

export const VOLTAIRE_BLOOM: LibraryModule = {
  id: 'voltaire-bloom',
  displayName: 'voltaire BloomFilter (npm @tevm/voltaire)',
  recognizers: ['ts.voltaire.bloomFilterCreate'],
  entryPoints: [
    { kind: 'call', recognizer: 'ts.voltaire.bloomFilterCreate', title: 'voltaire BloomFilter.create(m, k)', callee: 'BloomFilter.create', arity: [2, 2], languages: JS, requires: VOLTAIRE_IMPORT,
      params: [{ role: 'm', unit: 'bits', position: 0, check: positive('m') }, { role: 'k', unit: 'hashes', position: 1, check: positive('k') }],
      notes: ['Ethereum logs bloom is BloomFilter.create(2048, 3) (BITS = 2048, DEFAULT_HASH_COUNT = 3 in constants.js)'],
      derive: (params) => (params.m !== undefined && params.k !== undefined ? voltaireCreate(params.m, params.k) : {}), source: VOLTAIRE_CREATE },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [VOLTAIRE_CREATE, VOLTAIRE_HASH],
};

// ---- bloomf (Khalilw1/bloomf, npm bloomf) -------------------------------------------------------------------------

const BLOOMF: SourceCitation = { repository: 'Khalilw1/bloomf', file: 'lib/bloomf.js', function: 'class BloomF constructor(n, k): this.filter = new BitSet(n); generateHashes: (linear(e) + i · fnv(e)) % n for i < kHashes' };
const BLOOMF_BITSET: SourceCitation = { repository: 'Khalilw1/bloomf', file: 'lib/bitset.js', function: 'BitSet(n): new Uint8Array(Math.ceil(n / 8))' };
const BLOOMF_IMPORT = /require\s*\(\s*['"]bloomf['"]\s*\)|from\s+['"]bloomf['"]/;

export const BLOOMF_MODULE: LibraryModule = {
  id: 'bloomf',
  displayName: 'bloomf (npm)',
  recognizers: ['js.bloomf.new'],
  entryPoints: ['BloomFilter', 'BloomF', 'Bloomf'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'js.bloomf.new', title: `bloomf new ${callee}(n, k)`, callee, arity: [2, 2], languages: JS, requires: BLOOMF_IMPORT,
    params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }],
    notes: ['the first argument is the filter size in bits (its `n`), not the number of items; probes are (linear + i · fnv) mod size, so they repeat when fnv(e) mod size is 0'],
    derive: (params) => (params.m !== undefined && params.k !== undefined ? { m: params.m, k: params.k } : {}), source: BLOOMF,
  })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [BLOOMF, BLOOMF_BITSET],
};

// ---- @imcotton/bloom (JSR, imcotton/bloom) and @kgwinnup/bloom (JSR, kgwinnup/bloom) --------------------------------

const IMCOTTON_CALC: SourceCitation = { repository: 'imcotton/bloom', file: 'utils.ts', function: 'calc(n, fp): m = Math.ceil(-n · Math.log(fp) / LN2²); k = Math.round(m / n · LN2); size = Math.ceil((m + 8) / 8) bytes' };
const IMCOTTON_BY: SourceCitation = { repository: 'imcotton/bloom', file: 'bloom-classless.ts', function: 'bloom_by(n, fp): gen_bloom(calc(n, fp))' };
const IMCOTTON_CLASS: SourceCitation = { repository: 'imcotton/bloom', file: 'bloom.ts', function: 'class Bloom constructor(n, fp, bloomParams?): utils.calc(n, fp), new Uint8Array(size)' };
const KGWINNUP_CLASS: SourceCitation = { repository: 'kgwinnup/bloom', file: 'bloom.ts', function: 'class Bloom constructor(n, fp): m = Math.ceil(n · Math.log(fp)) / Math.log(1 / 2^ln2); k = Math.round(m / n · ln 2); size = Math.floor(Math.ceil((m + 8) / 8)); this.k = Math.floor(k); buckets: murmur3(input, i) % (size · 8)' };
const IMCOTTON_IMPORT = /@imcotton\/bloom/;
const KGWINNUP_IMPORT = /@kgwinnup\/bloom/;

/** imcotton calc(n, fp): the filter holds size · 8 bits, as the probes take murmur3 mod size · 8. */
export function imcottonCalc(n: number, p: number): LibraryDerivation {
  const m = Math.ceil((-n * Math.log(p)) / LN2_SQUARED);
  const k = Math.round((m / n) * LN2);
  const size = Math.ceil((m + 8) / 8);
  return result(size * 8, k, [`calc gives m = ${m} bits; the filter allocates ceil((m + 8) / 8) = ${size} bytes and probes all ${size * 8} bits`]);
}

/** kgwinnup Bloom(n, fp): the ceiling is taken of n · ln fp (negative) before the division, so m is not whole. */
export function kgwinnupBloom(n: number, p: number): LibraryDerivation {
  const m = Math.ceil(n * Math.log(p)) / Math.log(1 / 2 ** LN2);
  const k = Math.floor(Math.round((m / n) * LN2));
  const size = Math.floor(Math.ceil((m + 8) / 8));
  return result(size * 8, k, [`m = ceil(n ln fp) / -ln²2 = ${Number(m.toFixed(2))}; the filter allocates ${size} bytes and probes all ${size * 8} bits`]);
}

const N: DeclaredParam = { role: 'n', unit: 'count', position: 0 };
const P: DeclaredParam = { role: 'p', unit: 'probability', position: 1 };
const byNP = (f: (n: number, p: number) => LibraryDerivation) => (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined && params.p !== undefined ? f(params.n, params.p) : {});

export const IMCOTTON_BLOOM: LibraryModule = {
  id: 'imcotton-bloom',
  displayName: '@imcotton/bloom (JSR)',
  recognizers: ['ts.imcotton-bloom.bloomBy', 'ts.imcotton-bloom.new', 'ts.kgwinnup-bloom.new'],
  entryPoints: [
    // bloom_by is the package's own function name: no other library's, so no import is required (Markdown shows it bare)
    { kind: 'call', recognizer: 'ts.imcotton-bloom.bloomBy', title: '@imcotton/bloom bloom_by(n, fp)', callee: 'bloom_by', arity: [2, 2], languages: [...JS, 'markdown'],
      params: [N, P], derive: byNP(imcottonCalc), source: IMCOTTON_BY },
    { kind: 'call', recognizer: 'ts.imcotton-bloom.new', title: '@imcotton/bloom new Bloom(n, fp)', callee: 'Bloom', arity: [2, 2], languages: JS, requires: IMCOTTON_IMPORT,
      params: [N, P], derive: byNP(imcottonCalc), source: IMCOTTON_CLASS },
    { kind: 'call', recognizer: 'ts.kgwinnup-bloom.new', title: '@kgwinnup/bloom new Bloom(n, fp)', callee: 'Bloom', arity: [2, 2], languages: JS, requires: KGWINNUP_IMPORT,
      params: [N, P], derive: byNP(kgwinnupBloom), source: KGWINNUP_CLASS },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [IMCOTTON_CALC, IMCOTTON_BY, IMCOTTON_CLASS, KGWINNUP_CLASS],
};

// ---- bloomfilter-redis (chendotjs/bloomfilter-redis, npm bloomfilter-redis) ------------------------------------------

const BLOOMFILTER_REDIS: SourceCitation = { repository: 'chendotjs/bloomfilter-redis', file: 'index.js', function: "BloomFilter(config): redisSize = Math.ceil(config['redisSize'] || 256) MB, reset to 256 when > 512 or < 0; filterSize = redisSize · (1 << 20) · 8 bits; hashesNum = config['hashesNum'] || 16; nthHash (fnv + i · murmur3) % filterSize" };
const MIB_BITS = 2 ** 23;

/** The constructor's own rounding and reset of redisSize (in MiB), and its hashesNum. */
export function bloomfilterRedis(mBits: number | undefined, k: number | undefined): LibraryDerivation {
  const notes: string[] = [];
  let mib = Math.ceil((mBits ?? 256 * MIB_BITS) / MIB_BITS);
  if (mib > 512 || mib < 0) {
    notes.push(`redisSize = ${mib} MB is outside [0, 512] (a Redis string holds at most 512 MB): the constructor resets it to 256 MB`);
    mib = 256;
  }
  return result(mib * MIB_BITS, k ?? 16, notes);
}

export const BLOOMFILTER_REDIS_MODULE: LibraryModule = {
  id: 'bloomfilter-redis',
  displayName: 'bloomfilter-redis (npm)',
  recognizers: ['js.bloomfilter-redis.new'],
  entryPoints: [
    { kind: 'call', recognizer: 'js.bloomfilter-redis.new', title: 'bloomfilter-redis new BloomFilter({ redisSize, hashesNum })', callee: 'BloomFilter', arity: [0, 1], languages: JS, requires: /['"]bloomfilter-redis['"]/,
      params: [
        { role: 'm', unit: 'mebibytes', names: ['redisSize'], zeroMeans: { value: 256 * MIB_BITS, text: "redisSize 0 is falsy: config['redisSize'] || 256 MB" } },
        { role: 'k', unit: 'hashes', names: ['hashesNum'], zeroMeans: { value: 16, text: "hashesNum 0 is falsy: config['hashesNum'] || 16" } },
      ],
      defaults: { m: { value: 256 * MIB_BITS, text: 'bloomfilter-redis default redisSize 256 MB' }, k: { value: 16, text: 'bloomfilter-redis default hashesNum 16' } },
      notes: ['the bits live in one Redis string; init() allocates all of it with SETBIT on the last offset'],
      derive: (params) => bloomfilterRedis(params.m, params.k), source: BLOOMFILTER_REDIS },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [BLOOMFILTER_REDIS],
};

// ---- keyscope_client (Dart Redis client, kthguru/keyscope_client) ----------------------------------------------------

const KEYSCOPE_RESERVE: SourceCitation = { repository: 'kthguru/keyscope_client', file: 'lib/src/commands/bloom_filter/commands/bf_reserve.dart', function: "bfReserve(String key, double errorRate, int capacity, {int? expansion, bool nonScaling = false}): ['BF.RESERVE', key, errorRate, capacity]" };
const KEYSCOPE_INSERT: SourceCitation = { repository: 'kthguru/keyscope_client', file: 'lib/src/commands/bloom_filter/commands/bf_insert.dart', function: "bfInsert(String key, List<String> items, {int? capacity, double? error, int? expansion, bool noCreate, bool nonScaling}): ['BF.INSERT', key, CAPACITY, ERROR, ...]" };
/** The Dart import of the client (`package:keyscope_client/...`). */
export const KEYSCOPE_IMPORT = /keyscope_client/;

const nonScalingNamed = (named: ReadonlyMap<string, string>): boolean => /^true$/.test((named.get('nonScaling') ?? '').trim());

export const KEYSCOPE_CLIENT: LibraryModule = {
  id: 'keyscope-client',
  displayName: 'keyscope_client (Dart, RedisBloom)',
  recognizers: ['dart.keyscope.bfReserve', 'dart.keyscope.bfInsert'],
  entryPoints: [
    { kind: 'call', recognizer: 'dart.keyscope.bfReserve', title: 'keyscope_client bfReserve(key, errorRate, capacity)', callee: '.bfReserve', arity: [3, 6], languages: DART, requires: KEYSCOPE_IMPORT,
      params: [{ role: 'p', unit: 'probability', position: 1, names: ['errorRate'] }, { role: 'n', unit: 'count', position: 2, names: ['capacity'] }, { role: 'expansion', unit: 'count', names: ['expansion'] }],
      derive: (params, named) => (params.n !== undefined && params.p !== undefined ? redisBloom(params.n, params.p, nonScalingNamed(named)) : {}), source: KEYSCOPE_RESERVE },
    // BF.INSERT creates the filter with the server's defaults (error 0.01, capacity 100) for what it leaves out
    { kind: 'call', recognizer: 'dart.keyscope.bfInsert', title: 'keyscope_client bfInsert(key, items, capacity:, error:)', callee: '.bfInsert', arity: [2, 9], languages: DART, requires: KEYSCOPE_IMPORT,
      params: [{ role: 'n', unit: 'count', names: ['capacity'] }, { role: 'p', unit: 'probability', names: ['error'] }, { role: 'expansion', unit: 'count', names: ['expansion'] }],
      defaults: { n: { value: 100, text: 'RedisBloom default capacity 100' }, p: { value: 0.01, text: 'RedisBloom default error rate 0.01' } },
      derive: (params, named) => (params.n !== undefined && params.p !== undefined ? redisBloom(params.n, params.p, nonScalingNamed(named)) : {}), source: KEYSCOPE_INSERT },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [KEYSCOPE_RESERVE, KEYSCOPE_INSERT],
};

// ---- survey: bloomit (@ably/bloomit, kblauhut/bloomit), fission-bloom-filters, @getkoala/js-bloom, serializable_bloom_filter ----

/** optimalFilterSize / optimalHashes as the bloom-filters forks write them: m = ceil(-n ln p / ln²2), k = ceil(m / n · ln 2). */
export function forkCeilCeil(n: number, p: number): LibraryDerivation {
  const m = Math.ceil(-((n * Math.log(p)) / Math.pow(Math.log(2), 2)));
  return result(m, Math.ceil((m / n) * Math.log(2)), []);
}

const BLOOMIT_FILTER: SourceCitation = { repository: 'ably-forks/bloomit', file: 'src/bloom-filter.ts', function: 'BloomFilter constructor(size, nbHashes): new Uint8Array(getUint8ArrayLength(size)); static create(nbItems, errorRate): optimalFilterSize, optimalHashes; static from(items, errorRate)' };
const BLOOMIT_FORMULAS: SourceCitation = { repository: 'ably-forks/bloomit', file: 'src/formulas.ts', function: 'optimalFilterSize(length, errorRate) = ceil(-(length · ln errorRate) / ln²2); optimalHashes(size, length) = ceil(size / length · ln 2)' };
const BLOOMIT_UTILS: SourceCitation = { repository: 'ably-forks/bloomit', file: 'src/utils.ts', function: 'getDistinctIndices (enhanced double hashing, distinct indices); getUint8ArrayLength(bitCount) = (bitCount + 8 - bitCount % 8) / 8' };
/** The npm names: @ably/bloomit (Ably's fork) and bloomit (kblauhut's original). */
export const BLOOMIT_IMPORT = /['"](?:@ably\/)?bloomit['"]/;

const FISSION_FILTER: SourceCitation = { repository: 'fission-codes/bloom-filters', file: 'src/bloom/bloom-filter.ts', function: 'BloomFilter constructor(size, nbHashes): throws "A BloomFilter cannot uses less than one hash function" when nbHashes < 1; static create(nbItems, errorRate); static from(items, errorRate)' };
const FISSION_FORMULAS: SourceCitation = { repository: 'fission-codes/bloom-filters', file: 'src/formulas.ts', function: 'optimalFilterSize(length, errorRate) = ceil(-(length · ln errorRate) / ln²2); optimalHashes(size, length) = ceil(size / length · ln 2)' };
const FISSION_COUNTING: SourceCitation = { repository: 'fission-codes/bloom-filters', file: 'src/bloom/counting-bloom-filter.ts', function: 'CountingBloomFilter constructor(size, nbHashes), static create(capacity, errorRate), static from(items, errorRate)' };
/** npm fission-bloom-filters (a fork of bloom-filters 1.x). */
export const FISSION_IMPORT = /['"]fission-bloom-filters['"]/;

/** The bloom-filters API as a fork declares it: create(n, p), from(items, p), new (size, nbHashes). */
function forkEntryPoints(prefix: string, name: string, requires: RegExp, classes: readonly string[], sources: { create: SourceCitation; counting?: SourceCitation }, kCheck?: DeclaredParam['check']): EntryPoint[] {
  return classes.flatMap((cls): EntryPoint[] => {
    const source = cls === 'CountingBloomFilter' && sources.counting ? sources.counting : sources.create;
    const id = cls === 'CountingBloomFilter' ? `${prefix}.counting` : prefix;
    return [
      { kind: 'call', recognizer: id === prefix ? `${prefix}.create` : id, title: `${name} ${cls}.create(nbItems, errorRate)`, callee: `${cls}.create`, arity: [2, 2], languages: JS, requires,
        params: [N, P], derive: byNP(forkCeilCeil), source },
      { kind: 'call', recognizer: id === prefix ? `${prefix}.from` : id, title: `${name} ${cls}.from(items, errorRate)`, callee: `${cls}.from`, arity: [2, 2], languages: JS, requires,
        params: [{ role: 'n', unit: 'keys', position: 0 }, P], derive: byNP(forkCeilCeil), source },
      { kind: 'call', recognizer: id === prefix ? `${prefix}.new` : id, title: `${name} new ${cls}(size, nbHashes)`, callee: cls, arity: [2, 2], languages: JS, requires,
        params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1, ...(kCheck ? { check: kCheck } : {}) }],
        derive: (params) => (params.m !== undefined && params.k !== undefined ? { m: params.m, k: params.k } : {}), source },
    ];
  });
}

export const BLOOMIT: LibraryModule = {
  id: 'bloomit',
  displayName: 'bloomit (npm @ably/bloomit, bloomit)',
  recognizers: ['js.bloomit.create', 'js.bloomit.from', 'js.bloomit.new'],
  entryPoints: forkEntryPoints('js.bloomit', 'bloomit', BLOOMIT_IMPORT, ['BloomFilter'], { create: BLOOMIT_FILTER }),
  layout: { kind: 'classic', hashing: 'noncolliding' },
  model: classicModel('noncolliding'),
  sources: [BLOOMIT_FILTER, BLOOMIT_FORMULAS, BLOOMIT_UTILS],
};

const fissionK = (k: number): string | undefined => (k >= 1 ? undefined : `nbHashes = ${k}: fission-bloom-filters throws "A BloomFilter cannot uses less than one hash function"`);

export const FISSION_BLOOM_FILTERS: LibraryModule = {
  id: 'fission-bloom-filters',
  displayName: 'fission-bloom-filters (npm)',
  recognizers: ['js.fission-bloom-filters.create', 'js.fission-bloom-filters.from', 'js.fission-bloom-filters.new', 'js.fission-bloom-filters.counting'],
  entryPoints: forkEntryPoints('js.fission-bloom-filters', 'fission-bloom-filters', FISSION_IMPORT, ['BloomFilter', 'CountingBloomFilter'], { create: FISSION_FILTER, counting: FISSION_COUNTING }, fissionK),
  layout: { kind: 'classic', hashing: 'noncolliding' },
  model: classicModel('noncolliding'),
  sources: [FISSION_FILTER, FISSION_FORMULAS, FISSION_COUNTING],
};

const KOALA: SourceCitation = { repository: 'getkoala/js-bloom', file: 'src/bloom-filter.ts', function: 'JsBloom constructor(options = {}): { size: 100, hashes: 4, seed, bits: null, ...options }; indexesFor: crc32(`${key}:${index + seed}`) % size for each of hashes' };
const KOALA_BITS: SourceCitation = { repository: 'getkoala/js-bloom', file: 'src/bitarray.ts', function: 'BA(size, field): floor((size - 1) / ELEMENT_WIDTH + 1) words' };

export const KOALA_JS_BLOOM: LibraryModule = {
  id: 'koala-js-bloom',
  displayName: '@getkoala/js-bloom (npm)',
  recognizers: ['js.koala-js-bloom.new'],
  entryPoints: [
    { kind: 'call', recognizer: 'js.koala-js-bloom.new', title: '@getkoala/js-bloom new JsBloom({ size, hashes })', callee: 'JsBloom', arity: [0, 1], languages: JS, requires: /['"]@getkoala\/js-bloom['"]/,
      params: [{ role: 'm', unit: 'bits', names: ['size'] }, { role: 'k', unit: 'hashes', names: ['hashes'] }],
      // the defaults (size 100, hashes 4) are spread under the options: an options object read from elsewhere (a JSON
      // dump) overrides them, so they are used only with a stated size or count
      notes: ['defaults size 100 bits and 4 hashes when the options leave them out; the seed defaults to the current time, so two filters built apart do not match'],
      derive: (params) => (params.m !== undefined || params.k !== undefined ? result(params.m ?? 100, params.k ?? 4, []) : {}), source: KOALA },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [KOALA, KOALA_BITS],
};

const SERIALIZABLE: SourceCitation = { repository: 'FlutterFlow/serializable_bloom_filter', file: 'lib/src/serializable_bloom_filter_base.dart', function: 'BloomFilter({required falsePositiveProbability, required numItems}): _calculateOptimalSize = (-1 · (n · log(p)) / pow(log(2), 2)).ceil(); _calculateOptimalNumHashFunctions = ((m / n) · log(2)).ceil(); _bitArray = Int32List(_size); ArgumentError outside (0, 1) / numItems <= 0' };
/** The Dart import of FlutterFlow's package. */
export const SERIALIZABLE_IMPORT = /serializable_bloom_filter/;

export const SERIALIZABLE_BLOOM_FILTER: LibraryModule = {
  id: 'serializable-bloom-filter',
  displayName: 'serializable_bloom_filter (Dart, FlutterFlow)',
  recognizers: ['dart.serializable-bloom-filter.new'],
  entryPoints: [
    { kind: 'call', recognizer: 'dart.serializable-bloom-filter.new', title: 'serializable_bloom_filter BloomFilter(falsePositiveProbability:, numItems:)', callee: 'BloomFilter', arity: [2, 2], languages: DART, requires: SERIALIZABLE_IMPORT,
      params: [
        { role: 'p', unit: 'probability', names: ['falsePositiveProbability'], check: (p) => (p > 0 && p < 1 ? undefined : `falsePositiveProbability = ${p}: ArgumentError "False positive probability must be in range (0, 1)."`) },
        { role: 'n', unit: 'count', names: ['numItems'], check: (n) => (n > 0 ? undefined : `numItems = ${n}: ArgumentError "Number of items must be positive."`) },
      ],
      notes: ['each of the m positions is a 32-bit Int32List element: the filter takes 4 · m bytes, 32 times a bit array'],
      derive: (params) => (params.n !== undefined && params.p !== undefined
        ? { ...forkCeilCeil(params.n, params.p), notes: [`Int32List(${Math.ceil(-((params.n * Math.log(params.p)) / Math.pow(Math.log(2), 2)))}): one 32-bit int per position, ${4 * Math.ceil(-((params.n * Math.log(params.p)) / Math.pow(Math.log(2), 2)))} bytes`] }
        : {}),
      source: SERIALIZABLE },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SERIALIZABLE],
};

// ---- bloom-redis (calvinfo/bloom-redis, npm bloom-redis) -----------------------------------------------------------

const BLOOM_REDIS: SourceCitation = { repository: 'calvinfo/bloom-redis', file: 'lib/index.js', function: 'BloomFilter(options): numHashes = options.numHashes || 4; size = options.size || Math.pow(2, 24) ("Default to 2mb allocation")' };
const BLOOM_REDIS_BIT: SourceCitation = { repository: 'calvinfo/bloom-redis', file: 'lib/bit.js', function: 'indexes(numHashes, string, size): index(i.toString(), string, size) = md5-derived 31-bit value (doubled when the top bit is set) % size' };
const BLOOM_REDIS_ENTRY: SourceCitation = { repository: 'calvinfo/bloom-redis', file: 'index.js', function: "exports.BloomFilter(options): throws 'Must either call connect or explicitly pass a client'" };

export const BLOOM_REDIS_MODULE: LibraryModule = {
  id: 'bloom-redis',
  displayName: 'bloom-redis (npm)',
  recognizers: ['js.bloom-redis.new'],
  // the module's export, reached through the require's local name (`bloom.BloomFilter({...})`, `new Bloom.BloomFilter({...})`)
  entryPoints: ['.BloomFilter', 'BloomFilter'].map((callee): EntryPoint => (
    { kind: 'call', recognizer: 'js.bloom-redis.new', title: 'bloom-redis BloomFilter({ client, key, size, numHashes })', callee, arity: [1, 1], languages: JS, requires: /['"]bloom-redis['"]/,
      params: [
        { role: 'm', unit: 'bits', names: ['size'], zeroMeans: { value: 2 ** 24, text: 'size 0 is falsy: options.size || Math.pow(2, 24)' } },
        { role: 'k', unit: 'hashes', names: ['numHashes'], zeroMeans: { value: 4, text: 'numHashes 0 is falsy: options.numHashes || 4' } },
      ],
      defaults: { m: { value: 2 ** 24, text: 'bloom-redis default size 2^24 bits (2 MB)' }, k: { value: 4, text: 'bloom-redis default numHashes 4' } },
      notes: ['the bits are SETBITs on one Redis key; each probe is an MD5 of (seed, key) reduced mod size'],
      derive: (params) => result(params.m ?? 2 ** 24, params.k ?? 4, []), source: BLOOM_REDIS })),
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [BLOOM_REDIS, BLOOM_REDIS_BIT, BLOOM_REDIS_ENTRY],
};
