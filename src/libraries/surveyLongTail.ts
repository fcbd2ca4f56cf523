/**
 * Libraries the survey of public code found in use (issue 17, item 2): xxbloom / bloomxx (npm, C J Silverio's xxhash
 * Bloom filter: `BloomFilter.createOptimal(itemcount, errorRate)`, `BloomFilter.optimize`, `new BloomFilter({ bits,
 * hashes, seeds })`) and MakinaCorpus php-bloom (PHP, `new BloomFilter($maxSize, $probability)`).
 */
import type { LibraryDerivation } from '../detect/types';
import { classicModel } from './models';
import type { DeclaredParam, EntryPoint, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

const CLASSIC = { layout: { kind: 'classic', hashing: 'colliding' }, model: classicModel('colliding') } as const;

// ------------------------------------------------------------------ xxbloom / bloomxx (npm)

const XX_OPTIMIZE: SourceCitation = { repository: 'ceejbot/xxbloom', file: 'index.js', function: 'BloomFilter.optimize(itemcount, errorRate = 0.005): bits = Math.round(-1 * itemcount * Math.log(errorRate) / LN2_SQUARED), hashes = Math.round((bits / itemcount) * Math.LN2); createOptimal(itemcount, errorRate) = new BloomFilter(optimize(...))' };
const XX_NEW: SourceCitation = { repository: 'ceejbot/xxbloom', file: 'index.js', function: 'constructor(options): seeds (hashes = seeds.length) or generateSeeds(options.hashes || 8); bits = parseInt(options.bits) || 1024; hash % bits' };

/** optimize: both rounded to the nearest (not up). */
export function xxbloomOptimal(n: number, p: number): LibraryDerivation {
  const m = Math.round((-1 * n * Math.log(p)) / LN2_SQUARED);
  return result(m, Math.round((m / n) * LN2), []);
}

const JS = ['javascript', 'typescript'];
const XX_REQUIRES = /\bxxbloom\b|\bbloomxx\b/;
const XX_P = { p: { value: 0.005, text: 'xxbloom default errorRate 0.005' } };
const XX_N_P: readonly DeclaredParam[] = [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }];
/** The class as imported (`const { BloomFilter } = require('bloomxx')`, `const BloomFilter = require('xxbloom')`) or through the module object. */
const XX_CLASS = ['BloomFilter', 'bloomxx.BloomFilter', 'bloom.BloomFilter', 'Bloom.BloomFilter'];
const xxOptimal = (params: { n?: number; p?: number }): LibraryDerivation => (params.n !== undefined ? xxbloomOptimal(params.n, params.p ?? 0.005) : {});

export const XXBLOOM: LibraryModule = {
  id: 'xxbloom',
  displayName: 'xxbloom / bloomxx (npm)',
  recognizers: ['js.xxbloom.createOptimal', 'js.xxbloom.new', 'js.xxbloom.optimize'],
  entryPoints: [
    ...XX_CLASS.map((klass): EntryPoint => ({
      kind: 'call', recognizer: 'js.xxbloom.createOptimal', title: 'xxbloom BloomFilter.createOptimal(itemcount, errorRate)', callee: `${klass}.createOptimal`, arity: [1, 2], languages: JS, requires: XX_REQUIRES,
      params: XX_N_P, defaults: XX_P, derive: xxOptimal, source: XX_OPTIMIZE,
    })),
    ...XX_CLASS.map((klass): EntryPoint => ({
      kind: 'call', recognizer: 'js.xxbloom.optimize', title: 'xxbloom BloomFilter.optimize(itemcount, errorRate)', callee: `${klass}.optimize`, arity: [1, 2], languages: JS, requires: XX_REQUIRES, onlyWhenRead: ['n'],
      params: XX_N_P, defaults: XX_P, notes: ['optimize returns the { bits, hashes } options the code passes on to new BloomFilter'], derive: xxOptimal, source: XX_OPTIMIZE,
    })),
    ...XX_CLASS.map((klass): EntryPoint => ({
      kind: 'call', recognizer: 'js.xxbloom.new', title: 'xxbloom new BloomFilter({ bits, hashes, seeds })', callee: klass, arity: [1, 1], languages: JS, requires: XX_REQUIRES,
      params: [{ role: 'm', unit: 'bits', names: ['bits'] }, { role: 'k', unit: 'hashes', names: ['hashes'] }],
      defaults: { m: { value: 1024, text: 'xxbloom default bits 1024' }, k: { value: 8, text: 'xxbloom default hashes 8' } },
      notes: ['with seeds: the number of seeds is the number of hashes'],
      derive: (params) => (params.m !== undefined && params.k !== undefined ? result(params.m, params.k, []) : {}), source: XX_NEW,
    })),
  ],
  ...CLASSIC,
  sources: [XX_OPTIMIZE, XX_NEW],
};

// ------------------------------------------------------------------ MakinaCorpus php-bloom (PHP)

const MAKINA: SourceCitation = { repository: 'makinacorpus/php-bloom', file: 'BloomFilter.php', function: '__construct($maxSize = 64, $probability = 0.001): space = (int)ceil(($maxSize * log($probability) / (log(2) ** 2)) * -1), hashes = (int)ceil($space / $maxSize * log(2)); LogicException when hash_algos() yield fewer 64-bit words than hashes' };

export function makinaBloom(n: number, p: number): LibraryDerivation {
  const m = Math.ceil(((n * Math.log(p)) / LN2_SQUARED) * -1);
  return result(m, Math.ceil((m / n) * LN2), ['k hash positions are 64-bit words taken in turn from every algorithm PHP hash_algos() lists (modulo the size)']);
}

export const MAKINA_BLOOM: LibraryModule = {
  id: 'makinacorpus-php-bloom',
  displayName: 'MakinaCorpus php-bloom (PHP)',
  recognizers: ['php.makinacorpus.bloomFilter'],
  entryPoints: ['BloomFilter', 'MakinaCorpusBloomFilter', 'MakinaCorpus\\Bloom\\BloomFilter'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'php.makinacorpus.bloomFilter', title: 'MakinaCorpus php-bloom new BloomFilter($maxSize, $probability)', callee, arity: [1, 2], languages: ['php'],
    requires: /\bMakinaCorpus\b/,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
    defaults: { p: { value: 0.001, text: 'php-bloom default $probability 0.001' } },
    derive: (params) => (params.n !== undefined ? makinaBloom(params.n, params.p ?? 0.001) : {}), source: MAKINA,
  })),
  ...CLASSIC,
  sources: [MAKINA],
};
