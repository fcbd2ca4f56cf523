/**
 * Small npm Bloom filters: @mcrowe/minibloom (`optimalFilter(numItems, errorRate)`, `filter(numBits, numHashes)`) and
 * @duckduckgo/jsbloom (cry/jsbloom, `JSBloom.filter(items, target_prob)`).
 */
import { classicModel } from './models';
import type { EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, result } from './util';

const MINIBLOOM_PARAMS: SourceCitation = { repository: 'mcrowe/minibloom', file: 'src/params.ts', function: 'getOptimalParams: m = ceil(n ln p / ln(1 / 2^ln2)), k = round(ln 2 · m / n)' };
const MINIBLOOM_INDEX: SourceCitation = { repository: 'mcrowe/minibloom', file: 'src/index.ts', function: 'optimalFilter(numItems, errorRate), filter(numBits, numHashes): Int32Array of ceil(numBits / 32) words' };
const JSBLOOM: SourceCitation = { repository: 'cry/jsbloom', file: 'bloom.js', function: 'JSBloom.filter(items, target_prob): BUFFER_LEN, HASH_ROUNDS, addEntry (rounds 0..HASH_ROUNDS)' };

/** filter(numBits, numHashes) keeps ceil(numBits / 32) 32-bit words. */
export function minibloomBits(numBits: number, numHashes: number): LibraryDerivation {
  return result(32 * Math.ceil(numBits / 32), numHashes, []);
}

export function minibloomOptimal(n: number, p: number): LibraryDerivation {
  const bits = Math.ceil((n * Math.log(p)) / Math.log(1 / Math.pow(2, LN2)));
  return minibloomBits(bits, Math.round((LN2 * bits) / n));
}

/**
 * JSBloom.filter: BUFFER_LEN = ceil(n ln p / ln(1 / 2^ln2)) rounded up to whole bytes; HASH_ROUNDS = round(ln 2 · m / n);
 * addEntry and checkEntry probe rounds 0 to HASH_ROUNDS inclusive: one probe more than HASH_ROUNDS.
 */
export function jsbloom(n: number, p: number): LibraryDerivation {
  let m = Math.ceil((n * Math.log(p)) / Math.log(1 / Math.pow(2, LN2)));
  if (m % 8 !== 0) m += 8 - (m % 8);
  const rounds = Math.round((LN2 * m) / n);
  return result(m, rounds + 1, [`jsbloom probes rounds 0 to HASH_ROUNDS = ${rounds} inclusive: ${rounds + 1} positions per key`]);
}

const JS = ['javascript', 'typescript'];
const MINIBLOOM_REQUIRES = /minibloom/;

export const MINIBLOOM: LibraryModule = {
  id: 'minibloom',
  displayName: 'minibloom (npm)',
  recognizers: ['minibloom.optimalFilter', 'minibloom.filter'],
  entryPoints: [
    ...['optimalFilter', 'minibloom.optimalFilter'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'minibloom.optimalFilter', title: 'minibloom optimalFilter(numItems, errorRate)', callee, arity: [2, 2], languages: JS, requires: MINIBLOOM_REQUIRES,
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? minibloomOptimal(params.n, params.p) : {}), source: MINIBLOOM_PARAMS,
    })),
    { kind: 'call', recognizer: 'minibloom.filter', title: 'minibloom filter(numBits, numHashes)', callee: 'minibloom.filter', arity: [2, 2], languages: JS, requires: MINIBLOOM_REQUIRES,
      params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }],
      derive: (params) => (params.m !== undefined && params.k !== undefined ? minibloomBits(params.m, params.k) : {}), source: MINIBLOOM_INDEX },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [MINIBLOOM_PARAMS, MINIBLOOM_INDEX],
};

export const JSBLOOM_MODULE: LibraryModule = {
  id: 'jsbloom',
  displayName: 'jsbloom (npm @duckduckgo/jsbloom)',
  recognizers: ['jsbloom.filter'],
  entryPoints: [{
    kind: 'call', recognizer: 'jsbloom.filter', title: 'JSBloom.filter(items, target_prob)', callee: 'JSBloom.filter', arity: [2, 2], languages: JS, requires: /jsbloom/i,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? jsbloom(params.n, params.p) : {}), source: JSBLOOM,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [JSBLOOM],
};
