/**
 * How full a cuckoo table gets before inserts fail, and what a table that grows by sub-filters delivers when it
 * holds more keys than its first table (RedisBloom's EXPANSION). Builds on fingerprintFilters.ts. Pure.
 *
 * Source: Fan, Andersen, Kaminsky & Mitzenmacher, CoNEXT 2014, section 5.1: with two candidate buckets, a table
 * of b-slot buckets reaches a load of about 50% (b = 1), 84% (b = 2), 95.5% (b = 4, CUCKOO_MAX_LOAD) and 98% (b = 8)
 * before an insert fails.
 */
import { CUCKOO_MAX_LOAD, cuckooFalsePositiveRate } from './fingerprintFilters';

/** Fan et al. 2014 section 5.1: the load (stored tags / slots) at which inserts start to fail, by bucket size. */
const MAX_LOAD_BY_BUCKET_SLOTS: readonly (readonly [bucketSlots: number, load: number])[] = [[1, 0.5], [2, 0.84], [4, CUCKOO_MAX_LOAD], [8, 0.98]];

/**
 * The load a table of b-slot buckets reaches before inserts fail: Fan et al.'s figure for the largest tabulated
 * bucket size at most b (b = 3 is taken as 2, b = 5..7 as 4), so a table is never credited with more than it holds.
 */
export function cuckooMaxLoad(bucketSlots: number): number {
  if (!Number.isInteger(bucketSlots) || bucketSlots < 1) throw new RangeError(`bucket slots must be an integer >= 1, got ${bucketSlots}`);
  let load = MAX_LOAD_BY_BUCKET_SLOTS[0][1];
  for (const [slots, reached] of MAX_LOAD_BY_BUCKET_SLOTS) if (slots <= bucketSlots) load = reached;
  return load;
}

/** The most tables growingCuckooChain builds (bounded work; RedisBloom allows 32 by default, at most 65536 by configuration). */
export const MAX_SUB_FILTERS = 1024;

/** One table of a growing cuckoo filter and the keys it ends up holding. */
export interface CuckooSubFilter {
  readonly slots: number;
  readonly keys: number;
}

/** A cuckoo filter that adds a larger table whenever the last one is full, after `keys` inserts. */
export interface CuckooChain {
  readonly subFilters: readonly CuckooSubFilter[];
  /** Slots of every table together. */
  readonly slots: number;
  /** A query checks every table: 1 - prod(1 - FP of table i). */
  readonly falsePositiveRate: number;
  /** Keys that found no table because `maxSubFilters` tables were full (0 when all fit). */
  readonly refusedKeys: number;
}

/**
 * Fills table 0 (`firstSlots` slots) to its maximum load, then table i with firstSlots x expansion^i slots, and so on
 * (RedisBloom src/cuckoo.c CuckooFilter_Grow: numBuckets x expansion^numFilters), up to `maxSubFilters` tables; keys
 * beyond those are refused. A model of when a table is full: each is taken to fill to cuckooMaxLoad(b). With
 * maxSubFilters = 1 it is a table that does not grow.
 */
export function growingCuckooChain(keys: number, firstSlots: number, expansion: number, bucketSlots: number, fingerprintBits: number, maxSubFilters: number): CuckooChain {
  if (!Number.isSafeInteger(keys) || keys < 0) throw new RangeError(`keys must be an integer >= 0, got ${keys}`);
  if (!Number.isSafeInteger(firstSlots) || firstSlots < 1) throw new RangeError(`slots must be an integer >= 1, got ${firstSlots}`);
  if (!(expansion >= 1)) throw new RangeError(`expansion must be >= 1, got ${expansion}`);
  if (!Number.isInteger(maxSubFilters) || maxSubFilters < 1 || maxSubFilters > MAX_SUB_FILTERS) throw new RangeError(`sub-filters must be an integer from 1 to ${MAX_SUB_FILTERS}, got ${maxSubFilters}`);
  const maxLoad = cuckooMaxLoad(bucketSlots);
  const subFilters: CuckooSubFilter[] = [];
  let remaining = keys;
  let slots = firstSlots;
  do {
    const held = Math.min(remaining, Math.floor(maxLoad * slots));
    subFilters.push({ slots, keys: held });
    remaining -= held;
    slots *= expansion;
  } while (remaining > 0 && subFilters.length < maxSubFilters && Number.isSafeInteger(slots));
  let missProbability = 1;
  for (const table of subFilters) missProbability *= 1 - cuckooFalsePositiveRate(fingerprintBits, table.keys / table.slots, bucketSlots);
  return { subFilters, slots: subFilters.reduce((sum, table) => sum + table.slots, 0), falsePositiveRate: 1 - missProbability, refusedKeys: remaining };
}
