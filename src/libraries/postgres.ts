/** PostgreSQL BRIN bloom operator classes and the contrib bloom index. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** BRIN bloom: m = ceil(-n ln p / ln²2) rounded to bytes, k = max(1, round(ln2 m / n)). */
export function brinBloom(nDistinct: number, p: number): LibraryDerivation {
  const bits = Math.ceil(-(nDistinct * Math.log(p)) / LN2_SQUARED);
  const m = Math.ceil(bits / 8) * 8;
  const k = Math.max(1, Math.round((LN2 * m) / nDistinct));
  return result(m, k, []);
}

export const POSTGRES: LibraryModule = {
  id: 'postgres',
  displayName: 'PostgreSQL',
  recognizers: ['postgres.brinBloom', 'postgres.bloom'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'postgres/postgres', file: 'src/backend/access/brin/brin_bloom.c', function: 'bloom_init' }],
  allocations: [{ id: 'brin', label: 'PostgreSQL BRIN bloom', call: (n, p) => `int8_bloom_ops(n_distinct_per_range = ${n}, false_positive_rate = ${p})`, derive: brinBloom }],
};
