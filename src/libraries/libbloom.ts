/** libbloom (C, jvirkki/libbloom): bloom_init2(&bloom, entries, error). */
import { classicModel } from './models';
import type { EntryPoint, LibraryDerivation, LibraryModule } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** bpe = -ln(error) / ln²2; bits = (unsigned long)(entries · bpe), stored in whole bytes; hashes = ceil(ln 2 · bpe). */
export function libbloom(n: number, p: number): LibraryDerivation {
  const bpe = -Math.log(p) / LN2_SQUARED;
  const bits = Math.trunc(n * bpe);
  return result(Math.ceil(bits / 8) * 8, Math.ceil(LN2 * bpe), []);
}

/** bloom_init returns 1 (no filter) when entries < 1000 (bloom.h: "Must be at least 1000"). */
export function libbloomChecked(n: number, p: number): LibraryDerivation {
  if (n < 1000) return { rejects: [`entries = ${n}: libbloom returns 1 (entries must be at least 1000) and builds no filter`] };
  return libbloom(n, p);
}

export const LIBBLOOM: LibraryModule = {
  id: 'libbloom',
  displayName: 'libbloom (C)',
  recognizers: ['c.libbloom.init'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  entryPoints: [
    // bloom_init2(&bloom, entries, error) (2.x; bloom_init forwards to it): entries >= 1000 or it returns 1
    ...['bloom_init2', 'bloom_init'].map((callee): EntryPoint => ({
      kind: 'call', recognizer: 'c.libbloom.init', title: `libbloom ${callee}(&bloom, entries, error)`, callee, arity: [3, 3], languages: ['c', 'cpp'],
      params: [{ role: 'n', unit: 'count', position: 1 }, { role: 'p', unit: 'probability', position: 2 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? libbloomChecked(params.n, params.p) : {}),
      source: { repository: 'jvirkki/libbloom', file: 'bloom.c', function: `${callee} (bloom_init2: entries < 1000 or error outside (0, 1) returns 1)` },
    })),
    // bloom_init_size(bloom, entries, error, cache_size): the 1.x form, deprecated then removed in 2.0; cache_size is ignored
    { kind: 'call', recognizer: 'c.libbloom.init', title: 'libbloom bloom_init_size(&bloom, entries, error, cache_size)', callee: 'bloom_init_size', arity: [4, 4], languages: ['c', 'cpp'],
      params: [{ role: 'n', unit: 'count', position: 1 }, { role: 'p', unit: 'probability', position: 2 }],
      notes: ['bloom_init_size is deprecated (removed in libbloom 2.0); its cache_size argument is ignored'],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? libbloomChecked(params.n, params.p) : {}),
      source: { repository: 'jvirkki/libbloom', file: 'bloom.h', function: 'bloom_init_size(struct bloom *, int entries, double error, unsigned int cache_size) (deprecated, use bloom_init)' } },
  ],
  sources: [{ repository: 'jvirkki/libbloom', file: 'bloom.c', function: 'bloom_init2' }, { repository: 'jvirkki/libbloom', file: 'bloom.h', function: 'bloom_init, bloom_init_size' }],
};
