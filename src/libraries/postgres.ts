/** PostgreSQL BRIN bloom operator classes and the contrib bloom index. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** MaxHeapTuplesPerPage for 8 kB pages, and the largest filter brin_bloom.c accepts (BloomMaxFilterSize; both as PostgreSQL 15 reports them). */
const MAX_HEAP_TUPLES_PER_PAGE = 291;
export const BRIN_BLOOM_MAX_FILTER_BYTES = 8144;
export const BRIN_DEFAULT_PAGES_PER_RANGE = 128;
export const BRIN_DEFAULT_N_DISTINCT_PER_RANGE = -0.1;

/**
 * BRIN bloom (src/backend/access/brin/brin_bloom.c): brin_bloom_get_ndistinct turns n_distinct_per_range into
 * (int) min(max(n or −n · 291 · pages_per_range, 16), 291 · pages_per_range); bloom_filter_size gives
 * m = ceil(−n ln p / ln²2) rounded up to bytes and k = round(ln 2 · m / n); bloom_init raises an ERROR over
 * 8144 bytes. Checked against the running PostgreSQL 15 by the conformance suite.
 */
export function brinBloom(nDistinctPerRange: number, p: number, pagesPerRange = BRIN_DEFAULT_PAGES_PER_RANGE): LibraryDerivation {
  const notes: string[] = [];
  const maxTuples = MAX_HEAP_TUPLES_PER_PAGE * pagesPerRange;
  const stated = nDistinctPerRange < 0 ? -nDistinctPerRange * maxTuples : nDistinctPerRange;
  const nDistinct = Math.trunc(Math.min(Math.max(stated, 16), maxTuples));
  if (nDistinctPerRange < 0) notes.push(`n_distinct_per_range = ${nDistinctPerRange}: ${-nDistinctPerRange} of the ${maxTuples} tuples a ${pagesPerRange}-page range can hold = ${nDistinct}`);
  else if (nDistinct !== nDistinctPerRange) notes.push(`PostgreSQL sizes for ${nDistinct} distinct values per range (at least 16, at most ${maxTuples} = 291 tuples × ${pagesPerRange} pages), not ${nDistinctPerRange}`);
  const bytes = Math.ceil(Math.ceil(-(nDistinct * Math.log(p)) / LN2_SQUARED) / 8);
  if (bytes > BRIN_BLOOM_MAX_FILTER_BYTES) {
    return { rejects: [`PostgreSQL raises ERROR: the bloom filter is too large (${bytes} > ${BRIN_BLOOM_MAX_FILTER_BYTES}) — it needs ${bytes} bytes for ${nDistinct} distinct values per range`] };
  }
  const m = bytes * 8;
  const kExact = (LN2 * m) / nDistinct;
  const k = kExact - Math.floor(kExact) >= 0.5 ? Math.ceil(kExact) : Math.floor(kExact); // round half up, as written there
  return result(m, k, notes, { n: nDistinct });
}

export const POSTGRES: LibraryModule = {
  id: 'postgres',
  displayName: 'PostgreSQL',
  recognizers: ['postgres.brinBloom', 'postgres.bloom'],
  entryPoints: [
    // CREATE INDEX ... USING brin (c int8_bloom_ops(n_distinct_per_range = -0.1, false_positive_rate = 0.01)): the opclass's parameters
    { kind: 'call', recognizer: 'postgres.brinBloom', title: 'PostgreSQL BRIN <type>_bloom_ops(n_distinct_per_range, false_positive_rate)', callee: 'int8_bloom_ops', languages: ['sql'],
      params: [{ role: 'n', unit: 'count', names: ['n_distinct_per_range'] }, { role: 'p', unit: 'probability', names: ['false_positive_rate'] }],
      defaults: { p: { value: 0.01, text: 'PostgreSQL BRIN bloom default false_positive_rate 0.01' } },
      notes: ['every <type>_bloom_ops opclass takes the same options; n_distinct_per_range defaults to -0.1 (a fraction of the tuples a page range can hold)'],
      source: { repository: 'postgres/postgres', file: 'src/backend/access/brin/brin_bloom.c', function: 'brin_bloom_options (n_distinct_per_range, false_positive_rate), brin_bloom_get_ndistinct' },
      matchedBy: 'src/detect/recognizers/sql.ts (brinBloom): any <type>_bloom_ops opclass, a negative n_distinct_per_range is a fraction of the range, pages_per_range comes from the WITH clause' },
    // CREATE INDEX ... USING bloom (c1, c2) WITH (length = 80, col1 = 2, col2 = 2)
    { kind: 'settings', recognizer: 'postgres.bloom', title: 'PostgreSQL bloom index WITH (length, colN)', languages: ['sql'], triggers: ['m', 'k'],
      settings: [
        { role: 'm', unit: 'bits', form: 'key', name: 'length', source: { repository: 'postgres/postgres', file: 'contrib/bloom/blutils.c', function: '_PG_init (add_int_reloption "length", DEFAULT_BLOOM_LENGTH 80, rounded up to 16 bits)' } },
        { role: 'k', unit: 'hashes', form: 'key', name: 'col<column>', source: { repository: 'postgres/postgres', file: 'contrib/bloom/blutils.c', function: '_PG_init (add_int_reloption "col1".."col32", DEFAULT_BLOOM_BITS 2)' } },
      ],
      defaults: { m: { value: 80, text: 'PostgreSQL bloom default length 80 bits' }, k: { value: 2, text: 'PostgreSQL bloom default 2 bits per column' } },
      notes: ['one signature of length bits per row; n is the number of indexed columns'],
      matchedBy: 'src/detect/recognizers/sql.ts (postgresBloom): n is the number of columns in USING bloom (...), and colN is per column' },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [
    { repository: 'postgres/postgres', file: 'src/backend/access/brin/brin_bloom.c', function: 'brin_bloom_get_ndistinct, bloom_filter_size, bloom_init (PostgreSQL 15, run by the conformance suite)' },
    { repository: 'postgres/postgres', file: 'contrib/bloom/blutils.c', function: 'makeDefaultBloomOptions, BloomFormTuple (PostgreSQL 15, run by the conformance suite)' },
  ],
  allocations: [{ id: 'brin', label: 'PostgreSQL BRIN bloom', call: (n, p) => `int8_bloom_ops(n_distinct_per_range = ${n}, false_positive_rate = ${p})`, derive: brinBloom }],
};
