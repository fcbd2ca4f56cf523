/** Bitcoin Core CBloomFilter (BIP37) and CRollingBloomFilter; bitcoinj's BloomFilter follows BIP37 too. */
import { classicModel } from './models';
import type { CallEntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { ceilTo, LN2, LN2_SQUARED, probabilityLiteral, result, snippetSummary } from './util';

/** CBloomFilter: bytes = min((unsigned)(-n ln p / ln²2), 36000*8) / 8; k = min((unsigned)(bytes*8/n * ln2), 50). */
export function bitcoinBloom(n: number, p: number): LibraryDerivation {
  const notes: string[] = [];
  const rawBits = Math.trunc((-1 / LN2_SQUARED) * n * Math.log(p));
  const cappedBits = Math.min(rawBits, 36000 * 8);
  const bytes = Math.trunc(cappedBits / 8);
  const m = bytes * 8;
  const rawK = Math.trunc(Math.trunc(m / n) * LN2); // integer division, then truncation (bloom.cpp)
  const k = Math.min(rawK, 50);
  if (rawBits > 36000 * 8) notes.push(`capped at MAX_BLOOM_FILTER_SIZE = 36000 bytes (would be ${Math.ceil(rawBits / 8)} bytes): the FP rate is above the target`);
  if (rawK > 50) notes.push('k capped at MAX_HASH_FUNCS = 50');
  if (k < 1) notes.push('k = 0: the filter matches everything');
  return result(m, k, notes);
}

/** CRollingBloomFilter: 3 generations of ceil(n/2) entries; k = clamp(round(ln p / ln 0.5), 1, 50). */
export function bitcoinRolling(n: number, p: number): LibraryDerivation & { maxElements: number; entriesPerGeneration: number } {
  const logP = Math.log(p);
  const k = Math.max(1, Math.min(Math.round(logP / Math.log(0.5)), 50));
  const entriesPerGeneration = Math.trunc((n + 1) / 2);
  const maxElements = entriesPerGeneration * 3;
  const filterBits = Math.ceil((-1 * k * maxElements) / Math.log(1 - Math.exp(logP / k)));
  const m = ceilTo(filterBits, 64);
  return { ...result(m, k, [`rolling: keeps 2-3 generations of ${entriesPerGeneration} entries (at most ${maxElements}); 2 bits per position`], { n: maxElements }), maxElements, entriesPerGeneration };
}

/**
 * bitcoinj BloomFilter(elements, falsePositiveRate, randomNonce[, updateFlag]): bytes = max(1, min((int)(-n ln p / ln²2),
 * 36000·8) / 8); k = max(1, min((int)(bytes·8 / (double) n · ln 2), 50)). Unlike Bitcoin Core, at least one byte and one hash.
 */
export function bitcoinjBloom(n: number, p: number): LibraryDerivation {
  const notes: string[] = [];
  const rawBits = Math.trunc((-1 / LN2_SQUARED) * n * Math.log(p));
  const bytes = Math.max(1, Math.trunc(Math.min(rawBits, 36000 * 8) / 8));
  const rawK = Math.trunc(((bytes * 8) / n) * LN2);
  const k = Math.max(1, Math.min(rawK, 50));
  if (rawBits > 36000 * 8) notes.push(`capped at MAX_FILTER_SIZE = 36000 bytes (would be ${Math.ceil(rawBits / 8)} bytes): the FP rate is above the target`);
  if (rawK > 50) notes.push('k capped at MAX_HASH_FUNCS = 50');
  return result(bytes * 8, k, notes);
}

const BITCOINJ: SourceCitation = { repository: 'bitcoinj/bitcoinj', file: 'core/src/main/java/org/bitcoinj/core/BloomFilter.java', function: 'BloomFilter(int elements, double falsePositiveRate, long randomNonce[, BloomUpdate]), MAX_FILTER_SIZE, MAX_HASH_FUNCS' };
const BITCOINJ_WALLET: SourceCitation = { repository: 'bitcoinj/bitcoinj', file: 'core/src/main/java/org/bitcoinj/wallet/Wallet.java', function: 'getBloomFilter(int size, double falsePositiveRate, long nTweak)' };

const bitcoinj = (callee: string, arity: readonly [number, number], title: string, source: SourceCitation): CallEntryPoint => ({
  kind: 'call', recognizer: 'bitcoinj.bloomFilter', title, callee, arity, languages: ['java', 'kotlin', 'scala', 'groovy'], requires: /org\.bitcoinj/,
  params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
  derive: (params) => (params.n !== undefined && params.p !== undefined ? bitcoinjBloom(params.n, params.p) : {}),
  source,
});

export const BITCOIN: LibraryModule = {
  id: 'bitcoin',
  displayName: 'Bitcoin Core',
  recognizers: ['bitcoin.cbloomfilter', 'bitcoin.crollingbloomfilter', 'bitcoinj.bloomFilter'],
  entryPoints: [
    bitcoinj('BloomFilter', [3, 4], 'bitcoinj BloomFilter (BIP37)', BITCOINJ),
    // a wallet's filter for its keys and scripts: new BloomFilter(size, falsePositiveRate, nTweak) inside
    bitcoinj('.getBloomFilter', [3, 3], 'bitcoinj Wallet.getBloomFilter (BIP37)', BITCOINJ_WALLET),
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'bitcoin/bitcoin', file: 'src/common/bloom.cpp', function: 'CBloomFilter::CBloomFilter, CRollingBloomFilter::CRollingBloomFilter' }, BITCOINJ, BITCOINJ_WALLET],
  allocations: [{ id: 'bitcoin', label: 'Bitcoin Core CBloomFilter', call: (n, p) => `CBloomFilter(${n}, ${p}, nTweak, BLOOM_UPDATE_ALL)`, derive: bitcoinBloom }],
  snippets: [{ id: 'bitcoin', label: 'Bitcoin Core (C++)', render: (d) => `// ${snippetSummary(d)} (capped at 36,000 bytes and 50 hashes)\nCBloomFilter filter(${d.n}, ${probabilityLiteral(d.p)}, nTweak, BLOOM_UPDATE_ALL);` }],
};
