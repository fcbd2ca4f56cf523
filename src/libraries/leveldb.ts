/** LevelDB (and goleveldb) NewBloomFilterPolicy. */
import { LEVELDB_FILTER_SIZES, levelDbDatabaseFalsePositiveRate, levelDbFilterParameters } from '../core/hash32';
import type { LevelDbFilterSize } from '../core/hash32';
import type { FalsePositiveModel, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { result, textbookBitsPerKey } from './util';

const TYPICAL = LEVELDB_FILTER_SIZES.typical;

/** A rate for a note (src/libraries does not import the analysis formatters): three significant digits. */
function percent(rate: number): string {
  return `${(rate * 100).toPrecision(3)}%`;
}

/** BloomFilterPolicy(bits_per_key): k = (size_t)(bpk * 0.69) clamped to [1, 30]; m = n * bpk (min 64 bits). */
export function leveldb(bitsPerKey: number): LibraryDerivation {
  const k = Math.min(30, Math.max(1, Math.trunc(bitsPerKey * 0.69)));
  const notes: string[] = [];
  // The rate follows the keys per filter, i.e. the entry size (hash32.ts LEVELDB_FILTER_SIZES): say what the others give.
  const bySize = (Object.keys(LEVELDB_FILTER_SIZES) as LevelDbFilterSize[]).map((size) => {
    const rate = levelDbDatabaseFalsePositiveRate(bitsPerKey, size);
    const { keys, label } = LEVELDB_FILTER_SIZES[size];
    return rate ? `~${keys} keys (${label}) ${percent(rate.estimate)}` : undefined;
  });
  if (bySize.every((text) => text !== undefined)) {
    notes.push(`LevelDB builds one filter per 4 KB data block, so its rate follows the entry size: ${bySize.join(', ')} per filter at ${Math.trunc(bitsPerKey)} bits/key; the headline assumes ~${TYPICAL.keys}`);
  }
  return result(undefined, k, notes, { bitsPerElement: bitsPerKey });
}

/**
 * LevelDB in a database: one 32-bit hash drives all k probes (h + i·rotr(h, 17), util/bloom.cc) and each filter holds the
 * keys of one 4 KB data block, so the rate is the seeded bit-exact estimate for filters of ~35 keys (hash32.ts
 * levelDbDatabaseFalsePositiveRate), whatever n the database holds: n sets the memory, not the keys per filter.
 */
export const LEVELDB_MODEL: FalsePositiveModel = {
  id: 'leveldb-hash32',
  name: `LevelDB, filters of ~${TYPICAL.keys} keys (4 KB blocks of ${TYPICAL.label})`,
  reason: 'one 32-bit hash drives all k probes, and each filter holds only the keys of one 4 KB data block',
  atCapacity: (mBits, n, _k, configuredBitsPerElement) => levelDbDatabaseFalsePositiveRate(configuredBitsPerElement ?? mBits / n)?.estimate,
  perElement: (bitsPerElement) => levelDbDatabaseFalsePositiveRate(bitsPerElement)?.estimate,
};

const PLYVEL: SourceCitation = { repository: 'wbolster/plyvel', file: 'src/plyvel/_plyvel.pyx', function: 'DB.__init__(..., bloom_filter_bits=0)' };
const C_API: SourceCitation = { repository: 'google/leveldb', file: 'include/leveldb/c.h, db/c.cc', function: 'leveldb_filterpolicy_create_bloom(int bits_per_key)' };
const LEVIGO: SourceCitation = { repository: 'jmhodges/levigo', file: 'filterpolicy.go', function: 'NewBloomFilter(bitsPerKey int) (leveldb_filterpolicy_create_bloom)' };
const RUSTY_LEVELDB: SourceCitation = { repository: 'dermesser/leveldb-rs', file: 'src/filter.rs', function: 'BloomPolicy::new(bits_per_key: u32) (k = (int)(bpk · 0.69) in [1, 30], filter bytes max(8, ceil(n · bpk / 8)))' };
const IQ80: SourceCitation = { repository: 'dain/leveldb', file: 'leveldb/src/main/java/org/iq80/leveldb/table/BloomFilterPolicy.java', function: 'BloomFilterPolicy(int bitsPerKey), createFilter (LevelDB\'s policy in Java)' };
const deriveLevelDb = (params: { bitsPerElement?: number }): LibraryDerivation => (params.bitsPerElement !== undefined ? leveldb(params.bitsPerElement) : {});
const BITS_PER_KEY = { role: 'bitsPerElement', unit: 'bits-per-key' } as const;

export const LEVELDB: LibraryModule = {
  id: 'leveldb',
  displayName: 'LevelDB',
  recognizers: ['leveldb.bitsPerKey'],
  entryPoints: [
    // plyvel.DB(name, ..., bloom_filter_bits=N): NewBloomFilterPolicy(N) when N > 0
    { kind: 'call', recognizer: 'leveldb.bitsPerKey', title: 'plyvel.DB bloom_filter_bits', callee: 'plyvel.DB', languages: ['python'],
      params: [{ role: 'bitsPerElement', unit: 'bits-per-key', names: ['bloom_filter_bits'] }],
      derive: deriveLevelDb, source: PLYVEL },
    // the C API and the bindings built on it: the same policy by bits per key (C++ NewBloomFilterPolicy: src/detect/recognizers/native.ts)
    { kind: 'call', recognizer: 'leveldb.bitsPerKey', title: 'LevelDB C API leveldb_filterpolicy_create_bloom', callee: 'leveldb_filterpolicy_create_bloom', arity: [1, 1], languages: ['c', 'cpp'],
      params: [{ ...BITS_PER_KEY, position: 0 }], derive: deriveLevelDb, source: C_API },
    { kind: 'call', recognizer: 'leveldb.bitsPerKey', title: 'levigo NewBloomFilter', callee: 'levigo.NewBloomFilter', arity: [1, 1], languages: ['go'],
      params: [{ ...BITS_PER_KEY, position: 0 }], derive: deriveLevelDb, source: LEVIGO },
    // iq80 LevelDB in Java (and the Bedrock world tools built on it): `options.filterPolicy(new BloomFilterPolicy(10))`
    { kind: 'call', recognizer: 'leveldb.bitsPerKey', title: 'iq80 LevelDB BloomFilterPolicy', callee: 'BloomFilterPolicy', arity: [1, 1], languages: ['java', 'kotlin', 'scala'], requires: /org\.iq80\.leveldb/,
      params: [{ ...BITS_PER_KEY, position: 0 }], derive: deriveLevelDb, source: IQ80 },
    // rusty-leveldb: `Options { filter_policy: Rc::new(Box::new(BloomPolicy::new(10))), .. }`
    { kind: 'call', recognizer: 'leveldb.bitsPerKey', title: 'rusty-leveldb BloomPolicy::new', callee: 'BloomPolicy::new', arity: [1, 1], languages: ['rust'], requires: /rusty_leveldb|rusty-leveldb/,
      params: [{ ...BITS_PER_KEY, position: 0 }], derive: deriveLevelDb, source: RUSTY_LEVELDB },
  ],
  // CreateFilter: bits = max(64, n · bits_per_key) rounded up to whole bytes (the int the constructor took).
  filterBitsForKeys: (keys, bitsPerElement) => levelDbFilterParameters(keys, Math.trunc(bitsPerElement)).bits,
  layout: { kind: 'hash32', variant: 'leveldb' },
  model: LEVELDB_MODEL,
  sources: [
    { repository: 'google/leveldb', file: 'util/bloom.cc', function: 'BloomFilterPolicy::BloomFilterPolicy, CreateFilter, KeyMayMatch' },
    { repository: 'google/leveldb', file: 'table/filter_block.cc', function: 'FilterBlockBuilder::StartBlock (kFilterBaseLg = 11: a filter per 2 KB of data)' },
    PLYVEL, C_API, LEVIGO, IQ80, RUSTY_LEVELDB,
  ],
  allocations: [{ id: 'leveldb', label: 'LevelDB (bits per key)', call: (_n, p) => `NewBloomFilterPolicy(${Math.ceil(textbookBitsPerKey(p))})`, derive: (_n, p) => leveldb(Math.ceil(textbookBitsPerKey(p))) }],
};
