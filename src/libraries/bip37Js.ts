/** BIP37 filters in JavaScript: bitcore (BloomFilter.create / new BloomFilter({...})) and bcoin / bfilter (fromRate). */
import { bitcoinBloom } from './bitcoin';
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** bitcore BloomFilter.create(elements, fpRate): Bitcoin Core's sizing (36000-byte and 50-hash caps). */
export function bitcore(n: number, p: number): LibraryDerivation {
  return bitcoinBloom(n, p);
}

/** bcoin fromRate(items, rate, update): size = (-1/ln²2 · n · ln p) | 0 (capped at 36000 bytes unless update = -1), k = (size/n · ln2) | 0 (capped at 50), bytes rounded up. */
export function bcoin(n: number, p: number, capped: boolean): LibraryDerivation {
  const notes: string[] = [];
  let bits = Math.trunc((-1 / LN2_SQUARED) * n * Math.log(p));
  if (capped && bits > 36000 * 8) {
    notes.push(`capped at 36000 bytes (would be ${Math.ceil(bits / 8)} bytes): the FP rate is above the target`);
    bits = 36000 * 8;
  }
  let k = Math.trunc((bits / n) * LN2);
  if (capped && k > 50) {
    notes.push('k capped at 50');
    k = 50;
  }
  return result(Math.ceil(bits / 8) * 8, k, notes);
}

export const BITCORE: LibraryModule = {
  id: 'bitcore',
  displayName: 'bitcore BloomFilter (BIP37)',
  recognizers: ['bitcore.bloomFilter', 'bitcore.bloomFilter.new'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'bitpay/bloom-filter', file: 'lib/filter.js', function: 'Filter.create' }],
};

export const BCOIN: LibraryModule = {
  id: 'bcoin',
  displayName: 'bcoin BloomFilter (BIP37)',
  recognizers: ['bcoin.bloom.fromRate'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'bcoin-org/bfilter', file: 'lib/bloom.js', function: 'BloomFilter.fromRate' }],
};
