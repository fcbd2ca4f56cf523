/**
 * Seeded Monte Carlo simulators of the fingerprint filters of fingerprintFilters.ts, built as the structures are
 * (each key's hash drawn uniformly at random, as in simulateLayouts.ts), to validate the models:
 * - XOR and binary fuse: each key gets 3 (or 4) slots and a random f-bit fingerprint; the filter is built by
 *   peeling (Graf & Lemire 2020, Algorithm 2 and 3; 2022 section 3), retried with new hashes on failure, and a
 *   query XORs its slots. XOR: one slot in each third of the table (xor8_allocate's blockLength). Fuse: a start
 *   segment uniform among segmentCount, then one uniform slot in each of `arity` consecutive segments
 *   (binary_fuse8_hash_batch).
 * - Cuckoo: buckets of b slots holding non-zero f-bit tags; a key's second bucket is (h(tag) - i1) mod B, an
 *   involution that works for any bucket count (the reference XORs, which needs a power of two); inserts kick a
 *   random tag to its other bucket, up to 500 times (efficient/cuckoofilter kMaxCuckooCount).
 * - Quotient: each key's (q + r)-bit hash split into quotient (home slot) and r-bit remainder; the filter answers
 *   "present" when the query's remainder is among those stored for its quotient. That is what an RSQF/CQF stores
 *   (runs of remainders per quotient); its in-memory shifting does not change any answer.
 * Every member is queried too, so false negatives are counted.
 */
import { SeededRandom } from './random';
import { SimulationCounts, SimulationInterval, simulationInterval } from './simulate';
import { binaryFuseLayout, xorFilterSlots } from './fingerprintFilters';

/** Peeling retries before a build is declared failed (xor_singleheader XOR_MAX_ITERATIONS). */
export const MAX_BUILD_ATTEMPTS = 100;
/** Kicks before a cuckoo insert gives up (efficient/cuckoofilter kMaxCuckooCount). */
export const CUCKOO_MAX_KICKS = 500;
/** Largest table the simulators build (slots). */
export const MAX_SIMULATED_SLOTS = 2 ** 24;

export interface FingerprintSimulationResult extends SimulationInterval {
  /** Members reported absent (must be 0 for a working filter). */
  readonly falseNegatives: number;
  /** Table slots of one filter. */
  readonly slots: number;
}

export interface XorFamilySimulationResult extends FingerprintSimulationResult {
  /** Peeling attempts over all filters (>= filters). */
  readonly buildAttempts: number;
}

export interface CuckooSimulationResult extends FingerprintSimulationResult {
  /** Inserts that failed after CUCKOO_MAX_KICKS (their tags, or a kicked one, are lost). */
  readonly failedInserts: number;
  /** Mean stored tags / slots over the filters. */
  readonly load: number;
}

interface CommonOptions {
  readonly n: number;
  readonly fingerprintBits: number;
  /** Filters to build. */
  readonly trials: number;
  /** Absent-key queries per filter. */
  readonly queriesPerFilter: number;
  readonly seed: number;
  /** Interval confidence (default 0.999). */
  readonly confidence?: number;
}

export interface XorFamilySimulationOptions extends CommonOptions {
  readonly structure: 'xor' | 'binary-fuse-3' | 'binary-fuse-4';
  /** XOR only: table slots, a multiple of 3 (default xorFilterSlots(n)); below about 1.22 n peeling fails. */
  readonly xorSlots?: number;
}

export interface CuckooSimulationOptions extends CommonOptions {
  readonly buckets: number;
  /** Slots per bucket (default 4). */
  readonly bucketSlots?: number;
}

export interface QuotientSimulationOptions extends CommonOptions {
  /** Quotient bits q: 2^q home slots. */
  readonly quotientBits: number;
}

function requireInteger(value: number, what: string, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new RangeError(`${what} must be an integer from ${min} to ${max}, got ${value}`);
}

function requireCommon(options: CommonOptions, maxFingerprintBits: number): void {
  requireInteger(options.n, 'n', 1, MAX_SIMULATED_SLOTS);
  requireInteger(options.fingerprintBits, 'fingerprint bits', 1, maxFingerprintBits);
  requireInteger(options.trials, 'trials', 1);
  requireInteger(options.queriesPerFilter, 'queriesPerFilter', 1);
}

/** Accumulates per-filter query outcomes into SimulationCounts. */
class Tally {
  filters = 0;
  queries = 0;
  falsePositives = 0;
  sumOfSquaredFilterRates = 0;
  falseNegatives = 0;

  addFilter(hits: number, queries: number): void {
    this.filters++;
    this.queries += queries;
    this.falsePositives += hits;
    this.sumOfSquaredFilterRates += (hits / queries) ** 2;
  }

  interval(queriesPerFilter: number, confidence: number): SimulationInterval {
    const counts: SimulationCounts = { filters: this.filters, queries: this.queries, falsePositives: this.falsePositives, sumOfSquaredFilterRates: this.sumOfSquaredFilterRates };
    return { ...simulationInterval(counts, queriesPerFilter, confidence), ...counts };
  }
}

// ---------------------------------------------------------------------------------------------
// XOR and binary fuse

/** Draws a key's slot positions into `out` (distinct by construction: one per block or segment). */
type PositionDraw = (random: SeededRandom, out: Int32Array) => void;

function xorFamilyGeometry(structure: XorFamilySimulationOptions['structure'], n: number, xorSlots?: number): { slots: number; arity: number; draw: PositionDraw } {
  if (structure === 'xor') {
    const slots = xorSlots ?? xorFilterSlots(n);
    if (!Number.isSafeInteger(slots) || slots < 3 || slots % 3 !== 0) throw new RangeError(`XOR slots must be a positive multiple of 3, got ${slots}`);
    const blockLength = slots / 3;
    return { slots, arity: 3, draw: (random, out) => { for (let j = 0; j < 3; j++) out[j] = j * blockLength + random.nextInt(blockLength); } };
  }
  const arity = structure === 'binary-fuse-3' ? 3 : 4;
  const layout = binaryFuseLayout(n, arity);
  const { segmentLength, segmentCount } = layout;
  return {
    slots: layout.slots, arity,
    draw: (random, out) => {
      const first = random.nextInt(segmentCount);
      for (let j = 0; j < arity; j++) out[j] = (first + j) * segmentLength + random.nextInt(segmentLength);
    },
  };
}

/**
 * Peels n keys (positions[key * arity + j]) over `slots`: returns the keys in peeling order with the slot each
 * one owns, or undefined when a 2-core remains (the build fails).
 */
function peel(positions: Int32Array, n: number, arity: number, slots: number): { order: Int32Array; owned: Int32Array } | undefined {
  const count = new Int32Array(slots);
  const keyXor = new Int32Array(slots); // XOR of the indices of the keys still touching the slot
  for (let key = 0; key < n; key++) {
    for (let j = 0; j < arity; j++) { const s = positions[key * arity + j]; count[s]++; keyXor[s] ^= key; }
  }
  const queue: number[] = [];
  for (let s = 0; s < slots; s++) if (count[s] === 1) queue.push(s);
  const order = new Int32Array(n);
  const owned = new Int32Array(n);
  let peeled = 0;
  while (queue.length > 0) {
    const s = queue.pop() as number;
    if (count[s] !== 1) continue;
    const key = keyXor[s];
    order[peeled] = key;
    owned[peeled] = s;
    peeled++;
    for (let j = 0; j < arity; j++) {
      const t = positions[key * arity + j];
      count[t]--;
      keyXor[t] ^= key;
      if (count[t] === 1) queue.push(t);
    }
  }
  return peeled === n ? { order, owned } : undefined;
}

/**
 * Builds `trials` XOR or binary fuse filters of n random keys with the reference sizing (xorFilterSlots,
 * binaryFuseLayout) and f-bit fingerprints, queries every member and `queriesPerFilter` random non-members.
 * Model: FP = 2^-f, no false negatives.
 */
export function simulateXorFamily(options: XorFamilySimulationOptions): XorFamilySimulationResult {
  requireCommon(options, 30);
  const { n, fingerprintBits, trials, queriesPerFilter, seed } = options;
  const { slots, arity, draw } = xorFamilyGeometry(options.structure, n, options.xorSlots);
  if (slots > MAX_SIMULATED_SLOTS) throw new RangeError(`the simulated filter would have ${slots} slots, more than ${MAX_SIMULATED_SLOTS}`);
  const random = new SeededRandom(seed);
  const fingerprintValues = 2 ** fingerprintBits;
  const positions = new Int32Array(n * arity);
  const fingerprints = new Int32Array(n);
  const table = new Int32Array(slots);
  const query = new Int32Array(arity);
  const tally = new Tally();
  let buildAttempts = 0;
  const lookup = (at: Int32Array, offset: number): number => {
    let x = 0;
    for (let j = 0; j < arity; j++) x ^= table[at[offset + j]];
    return x;
  };
  for (let t = 0; t < trials; t++) {
    let peeled: ReturnType<typeof peel>;
    let attempts = 0;
    do {
      if (attempts === MAX_BUILD_ATTEMPTS) throw new RangeError(`peeling failed ${MAX_BUILD_ATTEMPTS} times for n = ${n} in ${slots} slots`);
      attempts++;
      buildAttempts++;
      // a new hash seed: fresh positions and fingerprints for every key
      for (let key = 0; key < n; key++) {
        draw(random, query);
        positions.set(query, key * arity);
        fingerprints[key] = random.nextInt(fingerprintValues);
      }
      peeled = peel(positions, n, arity, slots);
    } while (peeled === undefined);
    // Assign in reverse peeling order: the owned slot makes the key's XOR equal its fingerprint.
    table.fill(0);
    for (let i = n - 1; i >= 0; i--) {
      const key = peeled.order[i];
      const own = peeled.owned[i];
      table[own] = 0;
      table[own] = fingerprints[key] ^ lookup(positions, key * arity);
    }
    for (let key = 0; key < n; key++) if (lookup(positions, key * arity) !== fingerprints[key]) tally.falseNegatives++;
    let hits = 0;
    for (let q = 0; q < queriesPerFilter; q++) {
      draw(random, query);
      if (lookup(query, 0) === random.nextInt(fingerprintValues)) hits++;
    }
    tally.addFilter(hits, queriesPerFilter);
  }
  return { ...tally.interval(queriesPerFilter, options.confidence ?? 0.999), falseNegatives: tally.falseNegatives, slots, buildAttempts };
}

// ---------------------------------------------------------------------------------------------
// Cuckoo

/**
 * Builds `trials` cuckoo tables of `buckets` x b slots, inserts n random keys (stopping at the first failed insert,
 * as a full filter does), queries every stored member and `queriesPerFilter` random non-members (two buckets each).
 * Model: cuckooFalsePositiveRate(f, load, b).
 */
export function simulateCuckoo(options: CuckooSimulationOptions): CuckooSimulationResult {
  requireCommon(options, 20);
  const { n, fingerprintBits, trials, queriesPerFilter, seed, buckets } = options;
  const b = options.bucketSlots ?? 4;
  requireInteger(b, 'bucket slots', 1, 16);
  requireInteger(buckets, 'buckets', 1, Math.floor(MAX_SIMULATED_SLOTS / b));
  const slots = buckets * b;
  const random = new SeededRandom(seed);
  const tagValues = 2 ** fingerprintBits - 1; // tags 1 .. 2^f - 1; 0 marks an empty slot
  const table = new Int32Array(slots);
  const tagHash = new Float64Array(tagValues + 1);
  const memberBucket = new Int32Array(n);
  const memberTag = new Int32Array(n);
  const tally = new Tally();
  let failedInserts = 0;
  let storedTotal = 0;
  const alternate = (bucket: number, tag: number): number => (tagHash[tag] - bucket + buckets) % buckets;
  const tryPlace = (bucket: number, tag: number): boolean => {
    for (let s = bucket * b; s < bucket * b + b; s++) if (table[s] === 0) { table[s] = tag; return true; }
    return false;
  };
  const holds = (bucket: number, tag: number): boolean => {
    for (let s = bucket * b; s < bucket * b + b; s++) if (table[s] === tag) return true;
    return false;
  };
  for (let t = 0; t < trials; t++) {
    table.fill(0);
    for (let tag = 1; tag <= tagValues; tag++) tagHash[tag] = random.nextInt(buckets); // h(tag) of this filter
    let stored = 0;
    for (; stored < n; stored++) {
      let tag = 1 + random.nextInt(tagValues);
      let bucket = random.nextInt(buckets);
      memberBucket[stored] = bucket;
      memberTag[stored] = tag;
      if (tryPlace(bucket, tag) || tryPlace(alternate(bucket, tag), tag)) continue;
      if (random.nextInt(2) === 1) bucket = alternate(bucket, tag);
      let placed = false;
      for (let kick = 0; kick < CUCKOO_MAX_KICKS && !placed; kick++) {
        const slot = bucket * b + random.nextInt(b);
        const victim = table[slot];
        table[slot] = tag;
        tag = victim;
        bucket = alternate(bucket, tag);
        placed = tryPlace(bucket, tag);
      }
      if (!placed) { failedInserts++; break; } // the last kicked tag is lost: the filter is full
    }
    storedTotal += stored;
    for (let key = 0; key < stored; key++) {
      const bucket = memberBucket[key];
      const tag = memberTag[key];
      if (!holds(bucket, tag) && !holds(alternate(bucket, tag), tag)) tally.falseNegatives++;
    }
    let hits = 0;
    for (let q = 0; q < queriesPerFilter; q++) {
      const tag = 1 + random.nextInt(tagValues);
      const bucket = random.nextInt(buckets);
      if (holds(bucket, tag) || holds(alternate(bucket, tag), tag)) hits++;
    }
    tally.addFilter(hits, queriesPerFilter);
  }
  return {
    ...tally.interval(queriesPerFilter, options.confidence ?? 0.999), falseNegatives: tally.falseNegatives, slots, failedInserts,
    load: storedTotal / (trials * slots),
  };
}

// ---------------------------------------------------------------------------------------------
// Quotient

/**
 * Builds `trials` quotient filters of 2^q home slots with r-bit remainders holding n random keys, queries every
 * member and `queriesPerFilter` random non-members. Model: quotientFalsePositiveRate(r, n, 2^q).
 */
export function simulateQuotient(options: QuotientSimulationOptions): FingerprintSimulationResult {
  requireCommon(options, 20);
  const { n, fingerprintBits: r, trials, queriesPerFilter, seed, quotientBits } = options;
  requireInteger(quotientBits, 'quotient bits', 1, 24);
  const slots = 2 ** quotientBits;
  const remainders = 2 ** r;
  const random = new SeededRandom(seed);
  const tally = new Tally();
  const members = new Float64Array(n);
  for (let t = 0; t < trials; t++) {
    const runs = new Map<number, number[]>(); // quotient -> its run of remainders
    for (let key = 0; key < n; key++) {
      const quotient = random.nextInt(slots);
      const remainder = random.nextInt(remainders);
      members[key] = quotient * remainders + remainder;
      const run = runs.get(quotient);
      if (run === undefined) runs.set(quotient, [remainder]);
      else run.push(remainder);
    }
    const mayContain = (quotient: number, remainder: number): boolean => runs.get(quotient)?.includes(remainder) ?? false;
    for (let key = 0; key < n; key++) if (!mayContain(Math.floor(members[key] / remainders), members[key] % remainders)) tally.falseNegatives++;
    let hits = 0;
    for (let q = 0; q < queriesPerFilter; q++) if (mayContain(random.nextInt(slots), random.nextInt(remainders))) hits++;
    tally.addFilter(hits, queriesPerFilter);
  }
  return { ...tally.interval(queriesPerFilter, options.confidence ?? 0.999), falseNegatives: tally.falseNegatives, slots };
}
