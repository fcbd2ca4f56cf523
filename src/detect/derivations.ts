/**
 * Each library's own derivation of m and k from the parameters it is given, with its rounding, caps
 * and truncations, as listed in detection-catalogue.md (sections 1 and 4). Pure functions; inputs are
 * already validated by the recogniser (e.g. 0 < p < 1, n >= 1).
 */
import type { LibraryDerivation } from './types';

const LN2 = Math.LN2;
const LN2_SQUARED = LN2 * LN2;

/** A note when rounding or a cap changes the size by more than 1 % (BL006 material). */
function sizeNote(notes: string[], what: string, before: number, after: number): void {
  if (before > 0 && Math.abs(after - before) / before > 0.01) {
    notes.push(`${what}: ${Math.round(before)} bits -> ${after} bits (${after > before ? '+' : ''}${(((after - before) / before) * 100).toFixed(1)} %)`);
  }
}

function result(m: number | undefined, k: number | undefined, notes: string[], extra: Partial<LibraryDerivation> = {}): LibraryDerivation {
  return { ...(m !== undefined ? { m } : {}), ...(k !== undefined ? { k } : {}), ...extra, ...(notes.length ? { notes } : {}) };
}

const ceilTo = (value: number, multiple: number): number => Math.ceil(value / multiple) * multiple;
const nextPowerOfTwo = (value: number): number => (value <= 1 ? 1 : 2 ** Math.ceil(Math.log2(value)));

/** Guava BloomFilter.create: m = (long)(-n ln p / ln²2), storage in 64-bit words; k = max(1, round(m/n ln 2)). */
export function guava(n: number, p: number): LibraryDerivation {
  const notes: string[] = [];
  const insertions = Math.max(n, 1); // Guava bumps 0 to 1
  if (n < 1) notes.push(`Guava raises expectedInsertions = ${n} to 1`);
  const rawBits = Math.trunc((-insertions * Math.log(p)) / LN2_SQUARED);
  const k = Math.max(1, Math.round((rawBits / insertions) * LN2));
  const headK = Math.max(1, Math.round(-Math.log(p) / LN2)); // guava HEAD (PR #7494)
  const m = ceilTo(Math.max(rawBits, 1), 64);
  sizeNote(notes, 'Guava rounds the bit array up to whole 64-bit words', rawBits, m);
  if (headK !== k) notes.push(`newer Guava computes k = round(-ln p / ln 2) = ${headK} instead of ${k}`);
  return result(m, k, notes, { n: insertions });
}

/** Spark sketch BloomFilter / DataFrame stat: same formulas as Guava; BitArray rounds up to 64-bit words. */
export function sparkSketch(n: number, p: number | undefined, numBits?: number): LibraryDerivation {
  const notes: string[] = [];
  const bits = numBits ?? Math.trunc((-n * Math.log(p as number)) / LN2_SQUARED);
  const k = Math.max(1, Math.round((bits / n) * LN2));
  const m = ceilTo(Math.max(bits, 1), 64);
  sizeNote(notes, 'Spark rounds the bit array up to whole 64-bit words', bits, m);
  return result(m, k, notes);
}

/** Redisson RBloomFilter.tryInit: Guava formulas on a Redis bitmap; max 2^32 bits. */
export function redisson(n: number, p: number): LibraryDerivation {
  const m = Math.trunc((-n * Math.log(p)) / LN2_SQUARED);
  const k = Math.max(1, Math.round((m / n) * LN2));
  return result(m, k, []);
}

/** Apache Commons Collections Shape factories. */
export function commonsShape(kind: 'NP' | 'NM' | 'KM' | 'NMK' | 'PMK', values: { n?: number; p?: number; m?: number; k?: number }): LibraryDerivation {
  const { n, p, m, k } = values;
  switch (kind) {
    case 'NP': {
      if (n === undefined || p === undefined) return {};
      const bits = Math.ceil((n * Math.log(p)) / -LN2_SQUARED);
      return commonsChecked(bits, Math.round((LN2 * bits) / n), 'fromNP');
    }
    case 'NM':
      if (n === undefined || m === undefined) return {};
      return commonsChecked(m, Math.round((LN2 * m) / n), 'fromNM');
    case 'KM':
      return result(m, k, []);
    case 'NMK':
      return result(m, k, [], n !== undefined ? { n } : {});
    case 'PMK': {
      if (p === undefined || m === undefined || k === undefined) return result(m, k, []);
      const items = Math.ceil(m / (-k / Math.log(1 - Math.exp(Math.log(p) / k))));
      return result(m, k, [], { n: items });
    }
  }
}

/** Commons Shape throws IllegalArgumentException when the k it computes is below 1. */
function commonsChecked(m: number, k: number, factory: string): LibraryDerivation {
  if (k >= 1) return result(m, k, []);
  return { m, rejects: [`Shape.${factory} computes k = round(ln 2 · m / n) = ${k} < 1, and Commons Collections throws IllegalArgumentException`] };
}

/** bits-and-blooms / willf bloom.EstimateParameters: m = ceil(-n ln p / ln²2), k = ceil(ln2 m / n). Also npm bloom-filters and bloom-filter2. */
export function ceilCeil(n: number, p: number): LibraryDerivation {
  const m = Math.ceil((-n * Math.log(p)) / LN2_SQUARED);
  const k = Math.ceil((LN2 * m) / n);
  return result(m, k, []);
}

/** tylertreat/BoomFilters: m = ceil(n / (ln²2 / |ln p|)), k = ceil(log2(1/p)). */
export function boom(n: number, p: number): LibraryDerivation {
  const m = Math.ceil(n / (LN2_SQUARED / Math.abs(Math.log(p))));
  const k = Math.ceil(Math.log2(1 / p));
  return result(m, k, []);
}

/** AndreasBriese/bbloom: size rounded up to a power of two (min 512). */
export function bbloom(first: number, second: number): LibraryDerivation {
  const notes: string[] = [];
  let entries: number;
  let locs: number;
  if (second < 1) {
    const size = (-1 * first * Math.log(second)) / 0.69314718056 ** 2;
    locs = Math.trunc(Math.ceil((0.69314718056 * size) / first));
    entries = Math.trunc(size);
  } else {
    entries = Math.trunc(first);
    locs = Math.trunc(second);
  }
  const m = Math.max(512, nextPowerOfTwo(entries));
  sizeNote(notes, 'bbloom rounds the size up to a power of two (min 512)', entries, m);
  return result(m, locs, notes);
}

/** pybloom / pybloom-live BloomFilter (partitioned): k = ceil(log2(1/p)), slices of ceil(n|ln p|/(k ln²2)) bits. */
export function pybloom(n: number, p: number): LibraryDerivation {
  const k = Math.ceil(Math.log(1 / p) / Math.log(2));
  const bitsPerSlice = Math.ceil((n * Math.abs(Math.log(p))) / (k * LN2_SQUARED));
  return result(k * bitsPerSlice, k, ['partitioned: k slices of ' + bitsPerSlice + ' bits, one probe per slice']);
}

/** rbloom Bloom(n, p): m = (u64)(-n ln p / ln²2) rounded up to 64; k = trunc(m/n ln 2). */
export function rbloom(n: number, p: number): LibraryDerivation {
  const notes: string[] = [];
  const rawBits = Math.trunc((-n * Math.log(p)) / LN2_SQUARED);
  const k = Math.max(1, Math.trunc((rawBits / n) * LN2));
  const ceilK = Math.round((rawBits / n) * LN2);
  if (ceilK !== k) notes.push(`rbloom truncates k to ${k} (round would give ${ceilK}); the FP rate is a little above the target`);
  return result(ceilTo(Math.max(rawBits, 1), 64), k, notes);
}

/** Rust bloomfilter crate: bitmap in bytes; k = max(1, ceil(m/n ln 2)). */
export function rustBloomfilter(n: number, p: number | undefined, bitmapBytes?: number): LibraryDerivation {
  const bytes = bitmapBytes ?? Math.ceil((n * Math.log(p as number)) / (-8 * LN2_SQUARED));
  const m = bytes * 8;
  const k = Math.max(1, Math.ceil((m / n) * LN2));
  return result(m, k, []);
}

/** growable-bloom-filter GrowableBloom::new(p, n): partitioned, k = ceil(log2(1/p)), bits rounded to bytes. */
export function growable(p: number, n: number): LibraryDerivation {
  const k = Math.ceil(Math.log2(1 / p));
  const bits = Math.ceil((Math.abs(Math.log(p)) * n) / LN2_SQUARED);
  const m = Math.ceil(bits / 8) * 8;
  return result(m, k, ['partitioned into k slices; grows x2 with error tightening 0.8 when full']);
}

/** fastbloom with_false_pos(p).expected_items(n): bits = 8 ceil(-n ln p / (8 ln²2)), min 512, rounded up to 512-bit blocks. */
export function fastbloomFalsePos(n: number, p: number): LibraryDerivation {
  const bits = Math.max(512, 8 * Math.ceil((-n * Math.log(p)) / (8 * LN2_SQUARED)));
  return result(ceilTo(bits, 512), undefined, ['fastbloom is a blocked filter (512-bit blocks) and chooses k per block; its FP rate is above the classic formula']);
}

/** RedisBloom bloom_init: bits rounded up to a power of two; k = ceil(ln2 bpe); scaling filters size their first link for p/2. */
export function redisBloom(n: number, p: number, nonScaling: boolean): LibraryDerivation {
  const notes: string[] = [];
  const error = nonScaling ? p : p * 0.5; // ERROR_TIGHTENING_RATIO 0.5 (src/sb.c)
  const bpe = -Math.log(error) / 0.480453013918201;
  const exact = n * bpe;
  const n2 = Math.floor(Math.log2(exact)) + 1; // logb(entries * bpe) + 1
  const bits = n2 <= 63 ? 2 ** n2 : undefined;
  const k = Math.ceil(0.693147180559945 * bpe);
  if (bits !== undefined) sizeNote(notes, 'RedisBloom rounds the bit count up to a power of two', exact, bits);
  if (!nonScaling) notes.push('scaling filter: the first sub-filter is sized for p/2 (later ones p/4, p/8, ...); capacity grows by EXPANSION when full');
  return result(bits, k, notes, nonScaling ? {} : { p: error });
}

/** Bitcoin Core CBloomFilter: bytes = min((unsigned)(-n ln p / ln²2), 36000*8) / 8; k = min((unsigned)(bytes*8/n * ln2), 50). */
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

/** Bitcoin Core CRollingBloomFilter: 3 generations of ceil(n/2) entries; k = clamp(round(ln p / ln 0.5), 1, 50). */
export function bitcoinRolling(n: number, p: number): LibraryDerivation & { maxElements: number; entriesPerGeneration: number } {
  const logP = Math.log(p);
  const k = Math.max(1, Math.min(Math.round(logP / Math.log(0.5)), 50));
  const entriesPerGeneration = Math.trunc((n + 1) / 2);
  const maxElements = entriesPerGeneration * 3;
  const filterBits = Math.ceil((-1 * k * maxElements) / Math.log(1 - Math.exp(logP / k)));
  const m = ceilTo(filterBits, 64);
  return { ...result(m, k, [`rolling: keeps 2-3 generations of ${entriesPerGeneration} entries (at most ${maxElements}); 2 bits per position`], { n: maxElements }), maxElements, entriesPerGeneration };
}

/** RocksDB FastLocalBloom: millibits per key -> number of probes (util/bloom_impl.h). */
export function rocksdbProbes(millibits: number): number {
  if (millibits <= 2080) return 1;
  if (millibits <= 3580) return 2;
  if (millibits <= 5100) return 3;
  if (millibits <= 6640) return 4;
  if (millibits <= 8300) return 5;
  if (millibits <= 10070) return 6;
  if (millibits <= 11720) return 7;
  if (millibits <= 14001) return 8;
  if (millibits <= 16050) return 9;
  if (millibits <= 18300) return 10;
  if (millibits <= 22001) return 11;
  if (millibits <= 25501) return 12;
  if (millibits > 50000) return 24;
  return Math.trunc((millibits - 1) / 2000) - 1;
}

/** RocksDB NewBloomFilterPolicy(bits_per_key): < 0.5 no filter, < 1 -> 1, >= 100 -> 100; k from millibits. */
export function rocksdb(bitsPerKey: number): LibraryDerivation {
  const notes: string[] = [];
  if (bitsPerKey < 0.5) return result(undefined, undefined, ['bits_per_key < 0.5: RocksDB builds no filter at all']);
  let millibits = Math.round(bitsPerKey * 1000);
  if (bitsPerKey < 1) millibits = 1000;
  else if (!(bitsPerKey < 100)) millibits = 100000;
  notes.push('blocked filter (512-bit cache lines): the FP rate is somewhat above the classic formula; with format_version < 5 bits_per_key is rounded to an integer');
  return result(undefined, rocksdbProbes(millibits), notes, { bitsPerElement: millibits / 1000 });
}

/** LevelDB NewBloomFilterPolicy(bits_per_key): k = (size_t)(bpk * 0.69) clamped to [1, 30]; m = n * bpk (min 64 bits). */
export function leveldb(bitsPerKey: number): LibraryDerivation {
  const k = Math.min(30, Math.max(1, Math.trunc(bitsPerKey * 0.69)));
  return result(undefined, k, [], { bitsPerElement: bitsPerKey });
}

/** Cassandra / Scylla BloomCalculations.probs (buckets per element x hash functions). */
const CASSANDRA_PROBS: readonly (readonly number[])[] = [
  [1.0], [1.0, 1.0], [1.0, 0.393, 0.400], [1.0, 0.283, 0.237, 0.253], [1.0, 0.221, 0.155, 0.147, 0.160],
  [1.0, 0.181, 0.109, 0.092, 0.092, 0.101], [1.0, 0.154, 0.0804, 0.0609, 0.0561, 0.0578, 0.0638],
  [1.0, 0.133, 0.0618, 0.0423, 0.0359, 0.0347, 0.0364], [1.0, 0.118, 0.0489, 0.0306, 0.024, 0.0217, 0.0216, 0.0229],
  [1.0, 0.105, 0.0397, 0.0228, 0.0166, 0.0141, 0.0133, 0.0135, 0.0145],
  [1.0, 0.0952, 0.0329, 0.0174, 0.0118, 0.00943, 0.00844, 0.00819, 0.00846],
  [1.0, 0.0869, 0.0276, 0.0136, 0.00864, 0.0065, 0.00552, 0.00513, 0.00509],
  [1.0, 0.08, 0.0236, 0.0108, 0.00646, 0.00459, 0.00371, 0.00329, 0.00314],
  [1.0, 0.074, 0.0203, 0.00875, 0.00492, 0.00332, 0.00255, 0.00217, 0.00199, 0.00194],
  [1.0, 0.0689, 0.0177, 0.00718, 0.00381, 0.00244, 0.00179, 0.00146, 0.00129, 0.00121, 0.0012],
  [1.0, 0.0645, 0.0156, 0.00596, 0.003, 0.00183, 0.00128, 0.001, 0.000852, 0.000775, 0.000744],
  [1.0, 0.0606, 0.0138, 0.005, 0.00239, 0.00139, 0.000935, 0.000702, 0.000574, 0.000505, 0.00047, 0.000459],
  [1.0, 0.0571, 0.0123, 0.00423, 0.00193, 0.00107, 0.000692, 0.000499, 0.000394, 0.000335, 0.000302, 0.000287, 0.000284],
  [1.0, 0.054, 0.0111, 0.00362, 0.00158, 0.000839, 0.000519, 0.00036, 0.000275, 0.000226, 0.000198, 0.000183, 0.000176],
  [1.0, 0.0513, 0.00998, 0.00312, 0.0013, 0.000663, 0.000394, 0.000264, 0.000194, 0.000155, 0.000132, 0.000118, 0.000111, 0.000109],
  [1.0, 0.0488, 0.00906, 0.0027, 0.00108, 0.00053, 0.000303, 0.000196, 0.00014, 0.000108, 8.89e-05, 7.77e-05, 7.12e-05, 6.79e-05, 6.71e-05],
];

const CASSANDRA_OPT_K: readonly number[] = CASSANDRA_PROBS.map((row) => {
  let best = 0;
  let min = Number.MAX_VALUE;
  row.forEach((value, j) => {
    if (value < min) {
      min = value;
      best = Math.max(1, j);
    }
  });
  return best;
});

/** Cassandra BloomCalculations.computeBloomSpec(20, p): smallest buckets/element meeting p, then the fewest hashes. */
export function cassandra(p: number): LibraryDerivation {
  if (p >= CASSANDRA_PROBS[2][1]) {
    // Cassandra returns new BloomSpecification(2, optKPerBuckets[2]) here: K = 2, buckets = optK[2]
    return result(undefined, 2, ['fp_chance >= 0.393: Cassandra uses its smallest specification'], { bitsPerElement: CASSANDRA_OPT_K[2] });
  }
  let buckets = 2;
  let k = CASSANDRA_OPT_K[2];
  while (CASSANDRA_PROBS[buckets][k] > p) {
    buckets++;
    k = CASSANDRA_OPT_K[buckets];
  }
  while (CASSANDRA_PROBS[buckets][k - 1] <= p) k--;
  return result(undefined, k, [`table lookup: ${buckets} bits per partition (+20 bits per SSTable), ${k} hashes; nominal FP ${CASSANDRA_PROBS[buckets][k]}`], { bitsPerElement: buckets });
}

/** ClickHouse BloomFilterHash::calculationBestPractices(p) -> (bits per row, hashes). */
export function clickhouseBloomFilter(p: number): LibraryDerivation {
  const minIndex = [0, 0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14];
  const table = CASSANDRA_PROBS; // the same summary-cache table
  if (p >= 0.283) return result(undefined, 2, [], { bitsPerElement: 2 });
  for (let bits = 1; bits < 20; bits++) {
    if (table[bits][minIndex[bits]] <= p) {
      for (let hashes = minIndex[bits]; hashes > 0; hashes--) {
        if (table[bits][hashes] > p) return result(undefined, hashes + 1, [], { bitsPerElement: bits });
      }
    }
  }
  return result(undefined, minIndex[19], [], { bitsPerElement: 19 });
}

/** Parquet split-block filter: m = -8n / ln(1 - p^(1/8)) bits, bytes to a power of two in [32, maxBytes]; k = 8. */
export function parquetSbbf(n: number, p: number, maxBytes: number): LibraryDerivation {
  const notes: string[] = [];
  const optimalBits = (-8 * n) / Math.log(1 - p ** (1 / 8));
  let bytes = Math.max(32, Math.ceil(Math.trunc(optimalBits) / 8));
  bytes = nextPowerOfTwo(bytes);
  if (bytes > maxBytes) {
    notes.push(`capped at parquet.bloom.filter.max.bytes = ${maxBytes} bytes (needs ${bytes}): the FP rate is above the target`);
    bytes = maxBytes;
  } else sizeNote(notes, 'Parquet rounds the filter up to a power-of-two number of bytes', optimalBits, bytes * 8);
  notes.push('split-block filter (256-bit blocks, 8 bits per key): use the blocked FP formula');
  return result(bytes * 8, 8, notes);
}

/** ORC BloomFilter(n, fpp): m = (int)(-n ln p / ln²2) + (64 - m % 64); k = max(1, round(m/n ln 2)). */
export function orc(n: number, p: number): LibraryDerivation {
  const raw = Math.trunc((-n * Math.log(p)) / LN2_SQUARED);
  const m = raw + (64 - (raw % 64));
  const k = Math.max(1, Math.round((m / n) * LN2));
  return result(m, k, []);
}

/** HBase compound Bloom chunk: bits per chunk = block size x 8; maxKeys = (long)(bits ln²2 / -ln p); k = ceil(ln2 (bits / maxKeys)). */
export function hbaseChunk(p: number, blockSizeBytes: number, rowCol: boolean): LibraryDerivation {
  const notes: string[] = [];
  const error = rowCol ? 1 - Math.sqrt(1 - p) : p;
  if (rowCol) notes.push(`ROWCOL: each lookup probes twice, so HBase sizes for 1-sqrt(1-p) = ${Number(error.toPrecision(4))}`);
  const bits = blockSizeBytes * 8;
  const maxKeys = Math.trunc((bits * LN2_SQUARED) / -Math.log(error));
  if (maxKeys < 1) return result(bits, undefined, notes);
  const k = Math.ceil(LN2 * Math.trunc(bits / maxKeys));
  notes.push(`one chunk per ${blockSizeBytes}-byte block, about ${maxKeys} keys per chunk`);
  return result(bits, k, notes, { n: maxKeys, ...(rowCol ? { p: error } : {}) });
}

/** Linux eBPF BPF_MAP_TYPE_BLOOM_FILTER: nr_bits = n k / 5 * 7 rounded up to a power of two (min 64, max 2^32). */
export function ebpf(maxEntries: number, hashes: number): LibraryDerivation {
  const notes: string[] = [];
  const product = maxEntries * hashes;
  let bits: number;
  if (product > 0xffffffff || Math.trunc(product / 5) * 7 > 0xffffffff || Math.trunc(product / 5) * 7 > 2 ** 31) {
    bits = 2 ** 32;
  } else {
    const raw = Math.trunc(product / 5) * 7;
    bits = raw <= 64 ? 64 : nextPowerOfTwo(raw);
  }
  sizeNote(notes, 'the kernel rounds nr_bits up to a power of two', (maxEntries * hashes) / LN2, bits);
  return result(bits, hashes, notes);
}

/** PostgreSQL BRIN bloom: m = ceil(-n ln p / ln²2) rounded to bytes, k = max(1, round(ln2 m / n)). */
export function brinBloom(nDistinct: number, p: number): LibraryDerivation {
  const bits = Math.ceil(-(nDistinct * Math.log(p)) / LN2_SQUARED);
  const m = Math.ceil(bits / 8) * 8;
  const k = Math.max(1, Math.round((LN2 * m) / nDistinct));
  return result(m, k, []);
}
