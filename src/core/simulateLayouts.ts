/**
 * Seeded Monte Carlo simulators of the library layouts in layouts.ts and hash32.ts, bit for bit in their index
 * arithmetic, with each key's hash drawn uniformly at random (the libraries' hash functions are good; what
 * differs from the textbook is the layout and the probe scheme). Deterministic for a seed. Intervals come
 * from simulate.ts (Wilson with the between-filter design effect).
 *
 * Layouts:
 * - 'blocked':          a block uniform, k positions uniform in it (the model of layouts.ts).
 * - 'rocksdbFastLocal': facebook/rocksdb util/bloom_impl.h FastLocalBloomImpl::AddHash / HashMayMatch: line =
 *                       FastRange32(h1, lines); probe j is the top 9 bits of h2 * 0x9e3779b9^j (mod 2^32).
 * - 'splitBlock':       a block uniform, one uniform bit in each of its eight 32-bit words (layouts.ts model).
 * - 'parquetSplitBlock': parquet-format BloomFilter.md block_insert / block_check: block = (hash >> 32) * z >> 32,
 *                       bit in word i = (low32 * SALT[i]) >> 27.
 * - 'leveldb':          google/leveldb util/bloom.cc BloomFilterPolicy::CreateFilter / KeyMayMatch: one 32-bit h,
 *                       delta = rotr(h, 17), probe j at (h + j delta mod 2^32) mod bits.
 * - 'rocksdbLegacy':    facebook/rocksdb util/bloom_impl.h LegacyLocalityBloomImpl<false>::AddHash: one 32-bit h,
 *                       line = h mod lines, probe bit (h & 511) in the line, then h += rotr(h, 17) (mod 2^32).
 */
import { SeededRandom } from './random';
import { SimulationCounts, SimulationInterval, simulationInterval } from './simulate';

/** Largest filter the layout simulators build (bits held in memory). */
export const MAX_LAYOUT_SIMULATED_BITS = 2 ** 31;

export type LayoutSimulationSpec =
  | { readonly layout: 'blocked'; readonly mBits: number; readonly k: number; readonly blockBits: number }
  | { readonly layout: 'rocksdbFastLocal'; readonly mBits: number; readonly k: number }
  | { readonly layout: 'splitBlock'; readonly mBits: number }
  | { readonly layout: 'parquetSplitBlock'; readonly mBits: number }
  | { readonly layout: 'leveldb'; readonly mBits: number; readonly k: number }
  | { readonly layout: 'rocksdbLegacy'; readonly lines: number; readonly k: number };

export interface LayoutSimulationOptions {
  readonly spec: LayoutSimulationSpec;
  /** Keys inserted into each filter. */
  readonly n: number;
  /** Filters to build. */
  readonly trials: number;
  /** Absent-key queries per filter. */
  readonly queriesPerFilter: number;
  readonly seed: number;
  /** Interval confidence (default 0.999). */
  readonly confidence?: number;
}

/** Parquet's eight salts (apache/parquet-format BloomFilter.md, "SALT"). */
const PARQUET_SALTS = [0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b, 0x9efc4947, 0x5c6bfb31];
/** 32-bit golden ratio, FastLocalBloomImpl's re-mix multiplier. */
const GOLDEN32 = 0x9e3779b9;

/** The bits a simulated filter owns plus its insert and query operations on a random key. */
interface SimulatedLayout {
  readonly words: Uint32Array;
  add(random: SeededRandom): void;
  mayContain(random: SeededRandom): boolean;
}

function setBit(words: Uint32Array, bit: number): void {
  words[bit >>> 5] |= 1 << (bit & 31);
}

function testBit(words: Uint32Array, bit: number): boolean {
  return (words[bit >>> 5] & (1 << (bit & 31))) !== 0;
}

function rotr32(x: number, r: number): number {
  return ((x >>> r) | (x << (32 - r))) >>> 0;
}

/** floor(h * range / 2^32) exactly (RocksDB FastRange32; Parquet's block index). */
function fastRange32(h: number, range: number): number {
  // h < 2^32, range < 2^21 keeps the product below 2^53; split otherwise.
  if (range < 2 ** 21) return Math.floor((h * range) / 4294967296);
  const high = Math.floor(range / 65536);
  const low = range % 65536;
  return Math.floor((h * high + Math.floor((h * low) / 65536)) / 65536);
}

function requireInteger(value: number, what: string, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new RangeError(`${what} must be an integer from ${min} to ${max}, got ${value}`);
}

function makeLayout(spec: LayoutSimulationSpec): SimulatedLayout {
  switch (spec.layout) {
    case 'blocked': {
      const { mBits, k, blockBits } = spec;
      requireInteger(mBits, 'm', 1, MAX_LAYOUT_SIMULATED_BITS);
      requireInteger(blockBits, 'block size', 1, mBits);
      requireInteger(k, 'k', 1, 64);
      if (mBits % blockBits !== 0) throw new RangeError('m must be a whole number of blocks');
      const blocks = mBits / blockBits;
      const words = new Uint32Array(Math.ceil(mBits / 32));
      const positions: number[] = new Array<number>(k);
      const draw = (random: SeededRandom): void => {
        const base = random.nextInt(blocks) * blockBits;
        for (let j = 0; j < k; j++) positions[j] = base + random.nextInt(blockBits);
      };
      return {
        words,
        add(random) { draw(random); for (const p of positions) setBit(words, p); },
        mayContain(random) { draw(random); return positions.every((p) => testBit(words, p)); },
      };
    }
    case 'rocksdbFastLocal': {
      const { mBits, k } = spec;
      requireInteger(mBits, 'm', 512, MAX_LAYOUT_SIMULATED_BITS);
      requireInteger(k, 'k', 1, 64);
      if (mBits % 512 !== 0) throw new RangeError('m must be a whole number of 512-bit lines');
      const lines = mBits / 512;
      const words = new Uint32Array(mBits / 32);
      const probe = (random: SeededRandom, set: boolean): boolean => {
        const h1 = random.nextUint32();
        let h = random.nextUint32(); // h2
        const base = fastRange32(h1, lines) * 512;
        for (let j = 0; j < k; j++, h = Math.imul(h, GOLDEN32) >>> 0) {
          const bit = base + (h >>> 23); // 9-bit address within the 512-bit line
          if (set) setBit(words, bit);
          else if (!testBit(words, bit)) return false;
        }
        return true;
      };
      return { words, add(random) { probe(random, true); }, mayContain(random) { return probe(random, false); } };
    }
    case 'splitBlock':
    case 'parquetSplitBlock': {
      const { mBits } = spec;
      requireInteger(mBits, 'm', 256, MAX_LAYOUT_SIMULATED_BITS);
      if (mBits % 256 !== 0) throw new RangeError('m must be a whole number of 256-bit blocks');
      const blocks = mBits / 256;
      const words = new Uint32Array(mBits / 32);
      const parquet = spec.layout === 'parquetSplitBlock';
      const probe = (random: SeededRandom, set: boolean): boolean => {
        let block: number;
        let key = 0;
        if (parquet) {
          block = fastRange32(random.nextUint32(), blocks); // ((hash >> 32) * z) >> 32
          key = random.nextUint32(); // low 32 bits of the hash
        } else {
          block = random.nextInt(blocks);
        }
        for (let w = 0; w < 8; w++) {
          const bitInWord = parquet ? Math.imul(key, PARQUET_SALTS[w]) >>> 27 : random.nextInt(32);
          const bit = block * 256 + w * 32 + bitInWord;
          if (set) setBit(words, bit);
          else if (!testBit(words, bit)) return false;
        }
        return true;
      };
      // Queries must draw the same amount of randomness whatever the outcome: not needed for correctness
      // (keys are independent), so early exit is fine.
      return { words, add(random) { probe(random, true); }, mayContain(random) { return probe(random, false); } };
    }
    case 'leveldb': {
      const { mBits, k } = spec;
      requireInteger(mBits, 'bits', 1, MAX_LAYOUT_SIMULATED_BITS);
      requireInteger(k, 'k', 1, 30);
      const words = new Uint32Array(Math.ceil(mBits / 32));
      const probe = (random: SeededRandom, set: boolean): boolean => {
        let h = random.nextUint32();
        const delta = rotr32(h, 17);
        for (let j = 0; j < k; j++) {
          const bit = h % mBits;
          if (set) setBit(words, bit);
          else if (!testBit(words, bit)) return false;
          h = (h + delta) >>> 0;
        }
        return true;
      };
      return { words, add(random) { probe(random, true); }, mayContain(random) { return probe(random, false); } };
    }
    case 'rocksdbLegacy': {
      const { lines, k } = spec;
      requireInteger(lines, 'lines', 1, MAX_LAYOUT_SIMULATED_BITS / 512);
      requireInteger(k, 'k', 1, 30);
      const words = new Uint32Array(lines * 16);
      const probe = (random: SeededRandom, set: boolean): boolean => {
        let h = random.nextUint32();
        const base = (h % lines) * 512;
        const delta = rotr32(h, 17);
        for (let j = 0; j < k; j++) {
          const bit = base + (h & 511);
          if (set) setBit(words, bit);
          else if (!testBit(words, bit)) return false;
          h = (h + delta) >>> 0;
        }
        return true;
      };
      return { words, add(random) { probe(random, true); }, mayContain(random) { return probe(random, false); } };
    }
    default:
      throw new RangeError(`unknown layout ${(spec as { layout: string }).layout}`);
  }
}

/**
 * Simulates `trials` filters of the layout, each with n random keys and `queriesPerFilter` random absent keys,
 * and returns the FP interval (default 99.9%) with the counts. Cost about trials x (n + queries) x k steps:
 * a validation and worker tool, not for the extension host's hot path.
 */
export function simulateLayout(options: LayoutSimulationOptions): SimulationInterval {
  const { spec, n, trials, queriesPerFilter, seed } = options;
  requireInteger(n, 'n', 0);
  requireInteger(trials, 'trials', 1);
  requireInteger(queriesPerFilter, 'queriesPerFilter', 1);
  const layout = makeLayout(spec);
  const random = new SeededRandom(seed);
  let falsePositives = 0;
  let sumOfSquaredFilterRates = 0;
  for (let t = 0; t < trials; t++) {
    layout.words.fill(0);
    for (let e = 0; e < n; e++) layout.add(random);
    let hits = 0;
    for (let q = 0; q < queriesPerFilter; q++) if (layout.mayContain(random)) hits++;
    falsePositives += hits;
    sumOfSquaredFilterRates += (hits / queriesPerFilter) ** 2;
  }
  const counts: SimulationCounts = { filters: trials, queries: trials * queriesPerFilter, falsePositives, sumOfSquaredFilterRates };
  return { ...simulationInterval(counts, queriesPerFilter, options.confidence ?? 0.999), ...counts };
}
