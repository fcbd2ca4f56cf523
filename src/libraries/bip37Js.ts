/** BIP37 filters in JavaScript: bitcore (BloomFilter.create / new BloomFilter({...})) and bcoin / bfilter (fromRate). */
import { classicModel } from './models';
import { bitcoinRolling } from './bitcoin';
import type { EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const BFILTER_ROLLING: SourceCitation = { repository: 'bcoin-org/bfilter', file: 'lib/rolling.js', function: 'RollingFilter constructor(items, rate), static fromRate(items, rate) (npm bfilter 2.4.0)' };
const BFILTER_OPTIONS: SourceCitation = { repository: 'bcoin-org/bfilter', file: 'lib/bloom.js', function: 'BloomFilter constructor(size, n, tweak, update), fromOptions (size in bits, n hash functions)' };
const BFILTER = /['"]bfilter['"]|['"]bcoin['"]/;
const JS = ['javascript', 'typescript'];

/** fromOptions: `size -= size % 8` (whole bytes), asserts size > 0 and n > 0; BIP37's limits are only checked by isWithinConstraints. */
export function bcoinOptions(sizeBits: number, hashes: number): LibraryDerivation {
  const m = sizeBits - (sizeBits % 8);
  if (m <= 0) return { rejects: [`size = ${sizeBits} bits rounds down to ${m} whole bytes; bfilter asserts "\`size\` must be greater than zero."`] };
  const notes: string[] = [];
  if (m > 36000 * 8 || hashes > 50) notes.push('over BIP37\'s limits (36,000 bytes, 50 hashes): isWithinConstraints() is false and peers reject such a filterload');
  return result(m, hashes, notes);
}

/** BIP37's MAX_BLOOM_FILTER_SIZE (bytes) and MAX_HASH_FUNCS, which both libraries declare. */
const BIP37_MAX_BYTES = 36000;
const BIP37_MAX_HASHES = 50;

/** bcoin's error when fromRate exceeds the BIP37 limits without update = -1 (bfilter lib/bloom.js, fromRate). */
export const BCOIN_POLICY_ERROR = 'Bloom filter size violates policy limits!';

/**
 * bitcore `BloomFilter.create(elements, falsePositiveRate)` (npm bloom-filter 0.2.0, lib/filter.js, Filter.create):
 * bytes = floor(-n ln p / ln²2 / 8), capped at MAX_BLOOM_FILTER_SIZE * 8 = 288,000 bytes (not BIP37's 36,000 bytes:
 * the cap multiplies a byte count by 8); k = floor(bytes · 8 / n · ln 2) clamped to [1, 50]. Verified by the
 * conformance suite against the running library.
 */
export function bitcore(n: number, p: number): LibraryDerivation {
  const notes: string[] = [];
  const idealBits = (-1 / LN2_SQUARED) * n * Math.log(p);
  const capBytes = BIP37_MAX_BYTES * 8;
  const bytes = Math.min(Math.floor(idealBits / 8), capBytes);
  const m = bytes * 8;
  const rawK = Math.floor((m / n) * LN2);
  const k = Math.min(Math.max(rawK, 1), BIP37_MAX_HASHES);
  if (Math.floor(idealBits / 8) > capBytes) notes.push(`bitcore caps the data at ${capBytes} bytes (would be ${Math.floor(idealBits / 8)} bytes): the FP rate is above the target`);
  if (bytes > BIP37_MAX_BYTES) notes.push(`${bytes} bytes is over BIP37's ${BIP37_MAX_BYTES}-byte limit: Bitcoin Core peers reject such a filterload`);
  if (rawK > BIP37_MAX_HASHES) notes.push(`k capped at MAX_HASH_FUNCS = ${BIP37_MAX_HASHES}`);
  if (rawK < 1 && m > 0) notes.push('k raised to MIN_HASH_FUNCS = 1');
  return result(m, k, notes);
}

/**
 * bcoin / bfilter `BloomFilter.fromRate(items, rate, update)` (npm bfilter 2.4.0, lib/bloom.js): bits = (-n ln p / ln²2) | 0
 * (int32), size = max(8, bits); over 36,000 · 8 bits or 50 hashes it throws unless update = -1; k = max(1, (size / n · ln 2) | 0);
 * the constructor (fromOptions) then rounds the size DOWN to whole bytes (size -= size & 7).
 */
export function bcoin(n: number, p: number, capped: boolean): LibraryDerivation {
  const bits = ((-1 / LN2_SQUARED) * n * Math.log(p)) | 0; // JavaScript `| 0`: ToInt32, as the library writes it
  const size = Math.max(8, bits);
  if (capped && size > BIP37_MAX_BYTES * 8) {
    return { rejects: [`bcoin throws "${BCOIN_POLICY_ERROR}" — fromRate(${n}, ${p}) needs ${size} bits, over BIP37's ${BIP37_MAX_BYTES * 8}, and update is not -1`] };
  }
  const k = Math.max(1, ((size / n) * LN2) | 0);
  if (capped && k > BIP37_MAX_HASHES) {
    return { rejects: [`bcoin throws "${BCOIN_POLICY_ERROR}" — fromRate(${n}, ${p}) needs k = ${k} hashes, over BIP37's ${BIP37_MAX_HASHES}, and update is not -1`] };
  }
  const notes: string[] = [];
  if (bits !== Math.trunc((-1 / LN2_SQUARED) * n * Math.log(p))) notes.push(`bcoin computes the size in 32-bit integers: ${Math.trunc((-1 / LN2_SQUARED) * n * Math.log(p))} bits wrap to ${bits} (the filter is ${size} bits)`);
  return result(size - (size & 7), k, notes);
}

const shortNumber = (value: number): string => (Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6))));

export const BITCORE: LibraryModule = {
  id: 'bitcore',
  displayName: 'bitcore BloomFilter (BIP37)',
  recognizers: ['bitcore.bloomFilter', 'bitcore.bloomFilter.new', 'bitcore.bloomFilter.positional'],
  entryPoints: [
    { kind: 'call', recognizer: 'bitcore.bloomFilter', title: 'bitcore BloomFilter.create (BIP37)', callee: 'BloomFilter.create', arity: [2, 4], languages: ['javascript', 'typescript', 'javascriptreact', 'typescriptreact'], requires: /bitcore|dashcore|['"]bloom-filter['"]/,
      params: [{ role: 'n', unit: 'count', position: 0, check: (n) => (Number.isInteger(n) && n >= 1 ? undefined : `elements = ${shortNumber(n)} must be an integer >= 1; rejected`) },
        { role: 'p', unit: 'probability', position: 1, check: (p) => (p > 0 && p < 1 ? undefined : `falsePositiveRate = ${shortNumber(p)} is outside (0, 1); rejected`) }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? bitcore(params.n, params.p) : {}),
      source: { repository: 'bitpay/bloom-filter', file: 'lib/filter.js', function: 'Filter.create(elements, falsePositiveRate, nTweak, nFlags)' } },
    { kind: 'call', recognizer: 'bitcore.bloomFilter.new', title: 'bitcore new BloomFilter({ vData, nHashFuncs, nTweak, nFlags })', callee: 'BloomFilter', arity: [1, 1], languages: ['javascript', 'typescript'],
      params: [{ role: 'k', unit: 'hashes', names: ['nHashFuncs'] }],
      notes: ['m is 8 bits per byte of vData (Buffer.alloc(bytes)); BIP37 peers accept at most 36,000 bytes and 50 hash functions'],
      source: { repository: 'bitpay/bloom-filter', file: 'lib/filter.js', function: 'Filter(arg) (vData, nHashFuncs, nTweak, nFlags)' },
      matchedBy: 'src/detect/recognizers/extra.ts (bitcoreNew): the fields of an object literal, and m from the length inside vData\'s Buffer.alloc(...)' },
    // `new BloomFilter(elements, rate)` (as tutorials write it for npm bloom-filter): the constructor takes one object and throws
    { kind: 'call', recognizer: 'bitcore.bloomFilter.positional', title: 'bloom-filter new BloomFilter(elements, falsePositiveRate) (not an accepted form)', callee: 'BloomFilter', arity: [2, 2], languages: ['javascript', 'typescript'],
      requires: /['"]bloom-filter['"]/,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      derive: () => ({ rejects: ['new BloomFilter(elements, falsePositiveRate): bloom-filter\'s constructor takes one object ({ vData, nHashFuncs, nTweak, nFlags }) and throws TypeError(\'Unrecognized argument\'); BloomFilter.create(elements, falsePositiveRate) sizes a filter'] }),
      source: { repository: 'bitpay/bloom-filter', file: 'lib/filter.js', function: 'Filter(arg): TypeError(\'Unrecognized argument\') unless arg is an object' } },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'bitpay/bloom-filter', file: 'lib/filter.js', function: 'Filter.create (npm bloom-filter 0.2.0, run by the conformance suite)' }],
};

export const BCOIN: LibraryModule = {
  id: 'bcoin',
  displayName: 'bcoin BloomFilter (BIP37)',
  recognizers: ['bcoin.bloom.fromRate', 'bcoin.rollingFilter', 'bcoin.bloom.new'],
  entryPoints: [
    // RollingFilter(items, rate) ports Bitcoin Core's CRollingBloomFilter: the same generations, k and size
    ...['RollingFilter', 'RollingFilter.fromRate'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'bcoin.rollingFilter', title: `bfilter ${callee === 'RollingFilter' ? 'new RollingFilter' : callee}(items, rate)`, callee, arity: [2, 2], languages: JS, requires: BFILTER,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? bitcoinRolling(params.n, params.p) : {}),
      source: BFILTER_ROLLING,
    })),
    // new BloomFilter(size, n, tweak, update) / BloomFilter.fromOptions(...): size in BITS (rounded down to whole bytes), n = the number of hash functions
    ...['BloomFilter', 'BloomFilter.fromOptions'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'bcoin.bloom.new', title: `bfilter ${callee === 'BloomFilter' ? 'new BloomFilter' : callee}(size, n, tweak, update)`, callee, arity: [2, 4], languages: JS, requires: BFILTER,
      params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }],
      notes: ['bfilter\'s second argument `n` is the number of hash functions, not the number of items'],
      derive: (params) => (params.m !== undefined && params.k !== undefined ? bcoinOptions(params.m, params.k) : {}),
      source: BFILTER_OPTIONS,
    })),
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'bcoin-org/bfilter', file: 'lib/bloom.js', function: 'BloomFilter.fromRate, fromOptions (npm bfilter 2.4.0, run by the conformance suite)' }, BFILTER_ROLLING],
};
