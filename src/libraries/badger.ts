/**
 * Badger (dgraph-io/badger): one filter per SSTable, asked for by a false-positive rate. The table builder turns p
 * into a hash count (y.BloomBitsPerKey) and passes that count on as the bits per key of a LevelDB-style filter.
 */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, result } from './util';

/** bits per key = ceil(-ln p / ln 2) (y/bloom.go BloomBitsPerKey, the hash count of an optimal filter); k = floor(0.69 · bpk) in [1, 30] (appendFilter). */
export function badgerBloom(p: number): LibraryDerivation {
  const bitsPerKey = Math.ceil(-Math.log(p) / LN2);
  const k = Math.min(30, Math.max(1, Math.trunc(bitsPerKey * 0.69)));
  return result(undefined, k, [`Badger sizes ${bitsPerKey} bits per key for p = ${p} (the optimal hash count, used as bits per key) with ${k} hashes: above the stated rate`], { bitsPerElement: bitsPerKey });
}

const OPTIONS: SourceCitation = { repository: 'dgraph-io/badger', file: 'options.go', function: 'Options.BloomFalsePositive, WithBloomFalsePositive' };
const BUILDER: SourceCitation = { repository: 'dgraph-io/badger', file: 'table/builder.go, y/bloom.go', function: '(*Builder).Done, BloomBitsPerKey, appendFilter' };

export const BADGER: LibraryModule = {
  id: 'badger',
  displayName: 'Badger',
  recognizers: ['badger.bloomFalsePositive'],
  entryPoints: [{
    kind: 'settings', recognizer: 'badger.bloomFalsePositive', title: 'Badger BloomFalsePositive', triggers: ['p'], languages: ['go'], requires: /dgraph-io\/badger/,
    notes: ['one filter per table; n is the number of keys in each table'],
    derive: (params) => (params.p !== undefined ? badgerBloom(params.p) : {}),
    settings: [
      { role: 'p', unit: 'probability', form: 'method', name: 'WithBloomFalsePositive', source: OPTIONS },
      { role: 'p', unit: 'probability', form: 'field', name: 'BloomFalsePositive', source: OPTIONS },
    ],
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [OPTIONS, BUILDER],
};
