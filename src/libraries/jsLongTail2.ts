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
