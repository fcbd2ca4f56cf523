/** libbloom (C, jvirkki/libbloom): bloom_init2(&bloom, entries, error). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** bpe = -ln(error) / ln²2; bits = (unsigned long)(entries · bpe), stored in whole bytes; hashes = ceil(ln 2 · bpe). */
export function libbloom(n: number, p: number): LibraryDerivation {
  const bpe = -Math.log(p) / LN2_SQUARED;
  const bits = Math.trunc(n * bpe);
  return result(Math.ceil(bits / 8) * 8, Math.ceil(LN2 * bpe), []);
}

export const LIBBLOOM: LibraryModule = {
  id: 'libbloom',
  displayName: 'libbloom (C)',
  recognizers: ['c.libbloom.init'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'jvirkki/libbloom', file: 'bloom.c', function: 'bloom_init2' }],
};
