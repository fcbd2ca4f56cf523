/**
 * Filters whose k probes all come from ONE 32-bit hash: LevelDB and RocksDB's legacy Bloom format.
 * The hash function is good; the imperfection is the single 32-bit value and the probe arithmetic, so the
 * probe sets of different keys are correlated and the textbook rate is too low (library-models.md).
 *
 * Exported here:
 * - levelDbFilterParameters(n, bitsPerKey)             bits, bytes and k as google/leveldb util/bloom.cc builds them.
 * - levelDbTextbookFalsePositiveRate(n, bitsPerKey)    exact colliding rate at LevelDB's m and k (a lower reference).
 * - levelDbFalsePositiveRateEstimate(n, bitsPerKey, o) EXPENSIVE (worker / CLI, not the extension host):
 *                                                      seeded bit-exact simulation of LevelDB's probe scheme with a
 *                                                      uniform 32-bit hash per key, run until the 99.9% interval is
 *                                                      within the requested relative half-width (or the work cap).
 * - rocksDbLegacyFilterParameters(n, bitsPerKey)       lines, bits and k of RocksDB's format_version < 5 filter.
 * - rocksDbLegacyEstimatedFpRate(n, bitsPerKey)        RocksDB's own fast estimate (LegacyLocalityBloomImpl<false>::
 *                                                      EstimatedFpRate): cheap, within about -25%..+13% of the
 *                                                      published rates (library-research.md F3).
 * - rocksDbLegacyFalsePositiveRateEstimate(n, bpk, o)  EXPENSIVE, as for LevelDB: seeded bit-exact simulation.
 * - rocksDbLegacyFalsePositiveRateSemiAnalytic(n, bpk) deterministic, exact for the in-line probe scheme under the
 *                                                      stated independence of line and in-line bits (lines <= 8192,
 *                                                      k <= 16); 10-100 ms: worker-grade. See rocksDbLegacyLineRates.
 * - levelDbDatabaseFalsePositiveRate(bpk, size)        CHEAP (a table lookup, for the hover): LevelDB's rate in a database,
 *                                                      whose filters hold the keys of one 4 KB data block (levelDbRates.ts,
 *                                                      generated from the seeded estimate; stated 99.9 % interval).
 * - rocksDbLegacyFalsePositiveRate(bpk)                CHEAP (a table lookup, for the hover): the semi-analytic legacy rate per
 *                                                      whole bits per key (rocksDbLegacyRates.ts), for filters up to 8,192 lines.
 * - fingerprint32CollisionRate(n)                      1 - e^(-n / 2^32): the floor from a query sharing a key's
 *                                                      whole 32-bit hash (F5; included in the estimates).
 *
 * Why simulation: all probes are functions of one uniform h in [0, 2^32). LevelDB takes (h + j delta) mod 2^32
 * mod m with delta = rotr(h, 17); wraps of 2^32 shift the sequence by 2^32 mod m, and (h mod m, delta mod m) is
 * a linear image of h's bit fields, so probe sets are neither uniform nor arithmetic progressions mod m and no
 * closed form is known (library-research.md F6). An exact value needs all 2^32 hashes of each key and the query.
 * The seeded estimate is exact in expectation (it runs the library's index arithmetic verbatim), deterministic
 * for a seed, and its error is the stated 99.9% interval. Validated range: LevelDB 10 bits/key from 20 to
 * 1,000,000 keys (reproduces every measured row of library-models.md), RocksDB legacy 10-24 bits/key at 200k keys
 * and 15 bits/key from 150k to 15M keys (PR #6007 and PR #6317 figures). Cost: about (n + queries) x k probe
 * steps per filter; the defaults cap the work at 4e7 steps (roughly 0.1-0.5 s).
 */
import { exactFalsePositiveRate } from './classic';
import { averageOverBlockLoad, rocksDbCacheLocalFpRateEstimate } from './layouts';
import { LEVELDB_RATE_CLASSES, LEVELDB_RATES, LEVELDB_RATES_MAX_BITS_PER_KEY } from './levelDbRates';
import { ROCKSDB_LEGACY_RATES } from './rocksDbLegacyRates';
import { LayoutSimulationSpec, simulateLayout } from './simulateLayouts';
import { simulationInterval } from './simulate';
import { Interval } from './stats';

/** LevelDB's filter for n keys at bits_per_key (util/bloom.cc BloomFilterPolicy). */
export interface LevelDbFilterParameters {
  /** Filter bits: max(64, n * bits_per_key) rounded up to whole bytes. */
  readonly bits: number;
  readonly bytes: number;
  /** k = (size_t)(bits_per_key * 0.69), clamped to [1, 30]. */
  readonly k: number;
}

function requireKeys(n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`n must be an integer from 0 to 2^53 - 1, got ${n}`);
}

function requireIntegerBitsPerKey(bitsPerKey: number): void {
  // leveldb::NewBloomFilterPolicy(int bits_per_key); RocksDB legacy uses whole bits (rounded millibits).
  if (!Number.isFinite(bitsPerKey) || bitsPerKey < 0) throw new RangeError(`bits per key must be a finite number >= 0, got ${bitsPerKey}`);
}

/** google/leveldb util/bloom.cc: BloomFilterPolicy constructor (k) and CreateFilter (bits, bytes). */
export function levelDbFilterParameters(n: number, bitsPerKey: number): LevelDbFilterParameters {
  requireKeys(n);
  requireIntegerBitsPerKey(bitsPerKey);
  const wholeBitsPerKey = Math.trunc(bitsPerKey); // the constructor takes an int
  let k = Math.trunc(wholeBitsPerKey * 0.69); // "0.69 =~ ln(2)", rounded down to reduce probing cost
  if (k < 1) k = 1;
  if (k > 30) k = 30;
  let bits = n * wholeBitsPerKey;
  if (bits < 64) bits = 64; // "For small n, we can see a very high false positive rate. Fix it by enforcing a minimum bloom filter length."
  const bytes = Math.ceil(bits / 8);
  return { bits: bytes * 8, bytes, k };
}

/** The exact textbook (colliding, ideal hashing) rate at LevelDB's own m and k: what the filter would do with ideal probes. */
export function levelDbTextbookFalsePositiveRate(n: number, bitsPerKey: number): number {
  const { bits, k } = levelDbFilterParameters(n, bitsPerKey);
  return exactFalsePositiveRate(bits, n, k);
}

/**
 * Typical LevelDB filter sizes in a database. LevelDB starts a filter at every 2 KB of file offset (table/filter_block.cc,
 * kFilterBaseLg = 11) and writes data blocks of block_size = 4 KB (include/leveldb/options.h), so one filter holds the keys
 * of one data block: about 4 KB / entry size. Measured with libleveldb 1.23 (200k keys of 19 bytes, random values):
 * 1 KB values 4.0 keys per filter, 100-byte values 33 (35 with 8-byte keys), 10-byte values about 120. Compressible values shrink the blocks
 * on disk, so filters span several blocks and hold more keys (100-byte values of one repeated byte: 66-99 keys).
 */
export const LEVELDB_FILTER_SIZES = {
  largeValues: { classIndex: 0, label: '1 KB values', keys: 4 },
  typical: { classIndex: 1, label: '100-byte values', keys: 35 },
  smallValues: { classIndex: 2, label: '10-byte values', keys: 120 },
} as const;
export type LevelDbFilterSize = keyof typeof LEVELDB_FILTER_SIZES;

/** A LevelDB rate read from the generated table: the rate, its 99.9 % interval and the filter sizes it averages over. */
export interface LevelDbDatabaseRate extends Interval {
  readonly lowestKeys: number;
  readonly highestKeys: number;
}

/**
 * LevelDB's false-positive rate in a database whose filters hold about LEVELDB_FILTER_SIZES[size].keys keys: the seeded
 * bit-exact estimate (levelDbFalsePositiveRateEstimate) averaged over the class's filter sizes, precomputed in
 * levelDbRates.ts (scripts/hash32-tables.mjs). Undefined outside whole bits per key 1..30 (LevelDB takes an int; the
 * fraction is dropped). Checked in a real database (test/conformance, LevelDB db rows): 14 bits/key, 100-byte random values,
 * 35 keys per filter: 0.225 % measured, 0.239 % here.
 */
export function levelDbDatabaseFalsePositiveRate(bitsPerKey: number, size: LevelDbFilterSize = 'typical'): LevelDbDatabaseRate | undefined {
  const whole = Math.trunc(bitsPerKey); // NewBloomFilterPolicy(int bits_per_key)
  if (!(whole >= 1 && whole <= LEVELDB_RATES_MAX_BITS_PER_KEY)) return undefined;
  const { classIndex } = LEVELDB_FILTER_SIZES[size];
  const [estimate, relativeHalfWidth] = LEVELDB_RATES[whole - 1][classIndex];
  const [lowestKeys, highestKeys] = LEVELDB_RATE_CLASSES[classIndex];
  return { estimate, lower: estimate * (1 - relativeHalfWidth), upper: Math.min(1, estimate * (1 + relativeHalfWidth)), lowestKeys, highestKeys };
}

/** RocksDB's format_version < 5 filter (table/block_based/filter_policy.cc LegacyBloomBitsBuilder). */
export interface RocksDbLegacyFilterParameters {
  /** whole_bits_per_key = (millibits + 500) / 1000. */
  readonly wholeBitsPerKey: number;
  /** Cache lines of 512 bits: ceil(min(n * whole, 0xffff0000) / 512), made odd. */
  readonly lines: number;
  readonly bits: number;
  /** LegacyNoLocalityBloomImpl::ChooseNumProbes(whole): (int)(whole * 0.69) clamped to [1, 30]. */
  readonly k: number;
}

/** LegacyBloomBitsBuilder::CalculateSpace / GetTotalBitsForLocality and the BloomLikeFilterPolicy sanitising. */
export function rocksDbLegacyFilterParameters(n: number, bitsPerKey: number): RocksDbLegacyFilterParameters {
  requireKeys(n);
  requireIntegerBitsPerKey(bitsPerKey);
  let sanitized = bitsPerKey;
  if (sanitized < 0.5) sanitized = 0;
  else if (sanitized < 1) sanitized = 1;
  else if (!(sanitized < 100)) sanitized = 100;
  const millibits = Math.trunc(sanitized * 1000 + 0.500001);
  const wholeBitsPerKey = Math.trunc((millibits + 500) / 1000);
  let k = Math.trunc(wholeBitsPerKey * 0.69);
  if (k < 1) k = 1;
  if (k > 30) k = 30;
  if (n === 0 || wholeBitsPerKey === 0) return { wholeBitsPerKey, lines: 0, bits: 0, k };
  const totalBits = Math.min(n * wholeBitsPerKey, 0xffff0000);
  let lines = Math.ceil(totalBits / 512);
  if (lines % 2 === 0) lines++; // "Make num_lines an odd number to make sure more bits are involved"
  return { wholeBitsPerKey, lines, bits: lines * 512, k };
}

/** BloomMath::FingerprintFpRate(n, 32): a query whose 32-bit hash equals some key's matches all its probes. */
export function fingerprint32CollisionRate(n: number): number {
  const base = n / 2 ** 32;
  return base > 0.0001 ? -Math.expm1(-base) : base - (base * base) / 2;
}

/**
 * RocksDB's own estimate for its legacy filter (util/bloom_impl.h LegacyLocalityBloomImpl<false>::EstimatedFpRate):
 * S(CacheLocalFpRate(b, k, 512) + 0.1 / (0.75 b + 22), FingerprintFpRate(n, 32)) with S(x, y) = x + y - x y and
 * b = 8 bytes / n. Fast; RocksDB says it is "validated to enough accuracy for producing reasonable warnings".
 */
export function rocksDbLegacyEstimatedFpRate(n: number, bitsPerKey: number): number {
  const { bits, k } = rocksDbLegacyFilterParameters(n, bitsPerKey);
  if (n === 0) return 0;
  if (bits === 0) return 1;
  const bitsPerKeyActual = bits / n;
  const filterRate = rocksDbCacheLocalFpRateEstimate(bitsPerKeyActual, k, 512) + 0.1 / (bitsPerKeyActual * 0.75 + 22);
  const fingerprintRate = fingerprint32CollisionRate(n);
  return Math.min(1, filterRate + fingerprintRate - filterRate * fingerprintRate);
}

/** Options of the expensive seeded estimates. */
export interface Hash32EstimateOptions {
  /** Seed (default 1): the estimate is a deterministic function of the inputs and the options. */
  readonly seed?: number;
  /** Stop once the 99.9% interval's half-width is within this fraction of the estimate (default 0.03). */
  readonly relativeHalfWidth?: number;
  /** Cap on probe steps, about (n + queries) x k per filter (default 4e7). */
  readonly maxWork?: number;
}

/** A seeded estimate: the rate with its 99.9% interval, and whether the requested precision was reached. */
export interface Hash32Estimate extends Interval {
  readonly filters: number;
  readonly queries: number;
  readonly falsePositives: number;
  readonly converged: boolean;
}

/** Runs filters in growing chunks until the interval is tight enough or the work cap is reached. */
function estimateByLayoutSimulation(spec: LayoutSimulationSpec, n: number, k: number, options: Hash32EstimateOptions): Hash32Estimate {
  const seed = options.seed ?? 1;
  const target = options.relativeHalfWidth ?? 0.03;
  const maxWork = options.maxWork ?? 4e7;
  if (!(target > 0)) throw new RangeError(`relativeHalfWidth must be > 0, got ${target}`);
  if (!(maxWork > 0)) throw new RangeError(`maxWork must be > 0, got ${maxWork}`);
  // Queries per filter: enough to use each built filter well, at least 2,000.
  const queriesPerFilter = Math.max(2000, Math.min(500_000, 4 * n));
  const workPerFilter = (n + queriesPerFilter) * k;
  let filters = 0;
  let queries = 0;
  let falsePositives = 0;
  let sumOfSquaredFilterRates = 0;
  let chunk = 1;
  let round = 0;
  for (;;) {
    const part = simulateLayout({ spec, n, trials: chunk, queriesPerFilter, seed: seed * 1_000_003 + round, confidence: 0.999 });
    filters += part.filters;
    queries += part.queries;
    falsePositives += part.falsePositives;
    sumOfSquaredFilterRates += part.sumOfSquaredFilterRates;
    round++;
    const counts = { filters, queries, falsePositives, sumOfSquaredFilterRates };
    const interval = simulationInterval(counts, queriesPerFilter, 0.999);
    const halfWidth = (interval.upper - interval.lower) / 2;
    const converged = falsePositives >= 50 && filters >= 2 && halfWidth <= target * interval.estimate;
    const workDone = filters * workPerFilter;
    if (converged || workDone >= maxWork) return { ...interval, filters, queries, falsePositives, converged };
    chunk = Math.max(1, Math.min(filters, Math.floor((maxWork - workDone) / workPerFilter)));
  }
}

/**
 * EXPENSIVE (use from a worker or the CLI): LevelDB's false-positive rate for a filter of n keys at
 * bits_per_key, by seeded simulation of util/bloom.cc's probe arithmetic with a uniform 32-bit hash per key
 * (simulateLayouts.ts 'leveldb'). Reproduces library-models.md's measured table (20 ... 1,000,000 keys at 10
 * bits/key). The interval is the error bound.
 */
export function levelDbFalsePositiveRateEstimate(n: number, bitsPerKey: number, options: Hash32EstimateOptions = {}): Hash32Estimate {
  const { bits, k } = levelDbFilterParameters(n, bitsPerKey);
  if (n === 0) return { estimate: 0, lower: 0, upper: 0, filters: 0, queries: 0, falsePositives: 0, converged: true };
  if (bits > 2 ** 31) throw new RangeError(`the LevelDB estimate simulates at most 2^31 bits, got ${bits}`);
  return estimateByLayoutSimulation({ layout: 'leveldb', mBits: bits, k }, n, k, options);
}

/**
 * EXPENSIVE (use from a worker or the CLI): RocksDB's legacy (format_version < 5) filter rate by seeded
 * simulation of LegacyLocalityBloomImpl<false> (line = h mod lines, in-line probes h & 511 with h += rotr(h, 17))
 * with a uniform 32-bit hash per key. Reproduces PR #6007's legacy column and PR #6317's rise with n.
 */
export function rocksDbLegacyFalsePositiveRateEstimate(n: number, bitsPerKey: number, options: Hash32EstimateOptions = {}): Hash32Estimate {
  const { lines, k, bits } = rocksDbLegacyFilterParameters(n, bitsPerKey);
  if (n === 0) return { estimate: 0, lower: 0, upper: 0, filters: 0, queries: 0, falsePositives: 0, converged: true };
  if (lines === 0) return { estimate: 1, lower: 1, upper: 1, filters: 0, queries: 0, falsePositives: 0, converged: true };
  if (bits > 2 ** 31) throw new RangeError(`the legacy estimate simulates at most 2^31 bits, got ${bits}`);
  return estimateByLayoutSimulation({ layout: 'rocksdbLegacy', lines, k }, n, k, options);
}

// ---------------------------------------------------------------------------------------------
// RocksDB legacy: semi-analytic (exact in-line arithmetic, binomial line load)

/** Lines up to which the line index h mod L is (nearly) independent of the in-line bits (L x 2^18 <= 2^31). */
export const ROCKSDB_LEGACY_SEMI_ANALYTIC_MAX_LINES = 8192;
/** Largest k the semi-analytic legacy model handles (2^k subsets per query class). */
export const ROCKSDB_LEGACY_SEMI_ANALYTIC_MAX_PROBES = 16;

/**
 * The false-positive rate of one 512-bit line of RocksDB's legacy filter holding `load` keys, for load =
 * 0..maxLoad. In a line, LegacyLocalityBloomImpl<false>::AddHash sets bits (h + j delta) & 511, j < k: an
 * arithmetic progression mod 512 with start a = h & 511 (bits 0-8 of h) and stride d = rotr(h, 17) & 511 (bits
 * 17-25): independent and uniform for a uniform h. So keys are i.i.d. uniform progressions AP(a, d), and so is
 * the query. Exact computation:
 * - The affine maps x -> u x + b (u odd) permute progressions and keep the uniform law, so the query can be taken
 *   as AP(0, 2^s), where 2^s exactly divides its stride (probability 2^(8-s)/512 for s <= 8; stride 0 with 1/512).
 * - For each such query set S (|S| <= k), enumerate all 512^2 key progressions once to get the law of U = key
 *   bits within S; a subset-sum transform gives P(a key misses T) for every T within S, and inclusion-exclusion
 *   P(S all set | i keys) = sum_T (-1)^|T| P(miss T)^i (about 1e-9 relative rounding at k = 11, 1e-6 at k = 16).
 * This is exact for the scheme; what it assumes is only that the line index (h mod lines) is independent of
 * bits 0-8 and 17-25 of h, which holds while lines << 2^14 (see ROCKSDB_LEGACY_SEMI_ANALYTIC_MAX_LINES).
 */
export function rocksDbLegacyLineRates(k: number, maxLoad: number): Float64Array {
  if (!Number.isInteger(k) || k < 1 || k > ROCKSDB_LEGACY_SEMI_ANALYTIC_MAX_PROBES) {
    throw new RangeError(`k must be an integer from 1 to ${ROCKSDB_LEGACY_SEMI_ANALYTIC_MAX_PROBES} for the semi-analytic legacy model, got ${k}`);
  }
  if (!Number.isSafeInteger(maxLoad) || maxLoad < 0 || maxLoad > 1_000_000) throw new RangeError(`maxLoad must be an integer from 0 to 1e6, got ${maxLoad}`);
  const rates = new Float64Array(maxLoad + 1);
  const keyCount = 512 * 512;
  for (let s = 0; s <= 9; s++) {
    const stride = s === 9 ? 0 : 2 ** s;
    const classProbability = s === 9 ? 1 / 512 : 2 ** (8 - s) / 512;
    // The query set S and each position's index in it.
    const indexOf = new Int32Array(512).fill(-1);
    let size = 0;
    for (let j = 0; j < k; j++) {
      const position = (j * stride) & 511;
      if (indexOf[position] < 0) indexOf[position] = size++;
    }
    const subsets = 1 << size;
    // Law of U = (key bits) within S over all 512^2 progressions.
    const histogram = new Float64Array(subsets);
    for (let d = 0; d < 512; d++) {
      for (let a = 0; a < 512; a++) {
        let mask = 0;
        let position = a;
        for (let j = 0; j < k; j++) {
          const index = indexOf[position];
          if (index >= 0) mask |= 1 << index;
          position = (position + d) & 511;
        }
        histogram[mask]++;
      }
    }
    // Subset sums: within[X] = #keys with U inside X; P(miss T) = within[complement of T] / 512^2.
    for (let bit = 0; bit < size; bit++) {
      for (let x = 0; x < subsets; x++) if (x & (1 << bit)) histogram[x] += histogram[x ^ (1 << bit)];
    }
    const full = subsets - 1;
    const miss = new Float64Array(subsets);
    const sign = new Float64Array(subsets);
    for (let t = 0; t < subsets; t++) {
      miss[t] = histogram[full ^ t] / keyCount;
      sign[t] = popcount(t) % 2 === 0 ? 1 : -1;
    }
    const power = new Float64Array(subsets).fill(1); // miss^load
    for (let load = 0; load <= maxLoad; load++) {
      if (load > 0) {
        let covered = 0;
        for (let t = 0; t < subsets; t++) {
          power[t] *= miss[t];
          covered += sign[t] * power[t];
        }
        rates[load] += classProbability * Math.min(1, Math.max(0, covered));
      }
    }
  }
  for (let load = 0; load <= maxLoad; load++) rates[load] = Math.min(1, rates[load]);
  return rates;
}

function popcount(x: number): number {
  let count = 0;
  for (let v = x; v !== 0; v &= v - 1) count++;
  return count;
}

/**
 * RocksDB legacy (format_version < 5) FP, deterministic: sum over the binomial line load (L ~ Binomial(n,
 * 1/lines)) of rocksDbLegacyLineRates. Exact for the in-line probe scheme while lines <= 8192 (n x whole
 * bits/key <= 4.2M bits, e.g. 280k keys at 15 bits/key) and k <= 16 (whole bits/key <= 23); beyond 8192 lines
 * it misses the rise from the 32-bit coupling of line and in-line bits (PR #6317: use the seeded estimate).
 * Includes same-line identical progressions (the in-line part of the 32-bit fingerprint floor). Cost 10-100 ms.
 */
export function rocksDbLegacyFalsePositiveRateSemiAnalytic(n: number, bitsPerKey: number): number {
  const { lines, k } = rocksDbLegacyFilterParameters(n, bitsPerKey);
  if (n === 0) return 0;
  if (lines === 0) return 1;
  const mean = n / lines;
  const maxLoad = Math.min(n, Math.ceil(mean + 40 * Math.sqrt(mean) + 40));
  const lineRates = rocksDbLegacyLineRates(k, maxLoad);
  return averageOverBlockLoad(n, lines, (load) => (load <= maxLoad ? lineRates[load] : 1));
}

/**
 * RocksDB legacy (format_version < 5) FP per whole bits per key, CHEAP: rocksDbLegacyFalsePositiveRateSemiAnalytic precomputed
 * at 4,095 lines (rocksDbLegacyRates.ts, scripts/hash32-tables.mjs). The line load's binomial is at its large-n limit there, so
 * the value holds for any n up to 8,192 lines (n x whole bits per key <= 4.2M bits); larger filters run higher (the 32-bit
 * coupling, PR #6317), which only the seeded estimate gives. Undefined outside whole bits per key 1..23 (k <= 16).
 */
export function rocksDbLegacyFalsePositiveRate(bitsPerKey: number): number | undefined {
  const { wholeBitsPerKey } = rocksDbLegacyFilterParameters(0, bitsPerKey);
  return wholeBitsPerKey >= 1 && wholeBitsPerKey <= ROCKSDB_LEGACY_RATES.length ? ROCKSDB_LEGACY_RATES[wholeBitsPerKey - 1] : undefined;
}
