/**
 * Partitioned filters whose k slice positions come from ONE pair of hashes by double hashing, and the scalable
 * chain built from them: npm bloom-filters 3.0.4 PartitionedBloomFilter and ScalableBloomFilter
 * (src/hashing/hashing.ts doubleHashing: position_i = |a + i·b + (i³ − i)/6| mod s, with a and b the low 32 bits
 * of two XXH64 values, so every position is exact in doubles).
 *
 * A query matches a stored key in slice i iff (a' − a) + i·(b' − b) ≡ 0 (mod s): the (i³ − i)/6 terms cancel, so
 * what matters is the difference line d(i) = α + i·β over Z_s, uniform over Z_s² for a random stored key.
 * Treating s as prime: d ≡ 0 (probability z = 1/s²) matches the query in EVERY slice; any other line matches it
 * in exactly one slice i with probability 1/(s + 1) each (a line with β ≠ 0 has one root, uniform over Z_s) or in
 * none. So with j stored keys
 *     FP = 1 − (1 − z)^j · (1 − C),    C = P(j keys, none identical, together match all k slices),
 * an occupancy probability of k cells each hit with probability u = 1/(s + 1) (computed exactly by a pure-birth
 * chain over the number of matched slices: positive terms only). For large s this tends to the textbook
 * partitioned rate fill^k; for small slices the identical-pattern term j/s² dominates (beyond-bloom.md §5.3:
 * 11-bit slices, k = 7, 8 keys: 6.6 % measured against fill^k = 0.8 %). For composite s a line whose slope
 * shares a factor with s can have several roots or none; the prime model ignores that (checked against the
 * running library by the conformance suite).
 */

/** P(all k cells are hit) after `draws` independent draws that each hit cell c with probability `perCell` (at most one cell). */
function allCellsHit(cells: number, draws: number, perCell: number): number {
  // Transition of the number of hit cells h: h -> h + 1 with probability (cells − h) · perCell.
  const size = cells + 1;
  const multiply = (a: Float64Array, b: Float64Array): Float64Array => {
    const out = new Float64Array(size * size);
    for (let i = 0; i < size; i++) {
      for (let l = i; l < size; l++) {
        const ail = a[i * size + l];
        if (ail === 0) continue;
        for (let j = l; j < size; j++) out[i * size + j] += ail * b[l * size + j];
      }
    }
    return out;
  };
  let step: Float64Array = new Float64Array(size * size);
  for (let h = 0; h < size; h++) {
    const up = (cells - h) * perCell;
    step[h * size + h] = 1 - up;
    if (h < cells) step[h * size + h + 1] = up;
  }
  // Row 0 of step^draws, by binary powering (the chain is upper triangular: O(k³ log draws)).
  let result: Float64Array | undefined;
  for (let remaining = draws; remaining > 0; remaining = Math.floor(remaining / 2)) {
    if (remaining % 2 === 1) result = result ? multiply(result, step) : step;
    if (remaining > 1) step = multiply(step, step);
  }
  return result ? result[cells] : cells === 0 ? 1 : 0;
}

/** FP of one double-hashed partitioned filter: k slices of sliceBits bits holding `keys` keys. */
export function doubleHashedSlicesFalsePositiveRate(sliceBits: number, slices: number, keys: number): number {
  if (!(Number.isInteger(sliceBits) && sliceBits >= 1 && Number.isInteger(slices) && slices >= 1 && Number.isInteger(keys) && keys >= 0)) {
    throw new RangeError(`double-hashed slices need whole sliceBits >= 1, slices >= 1 and keys >= 0 (got ${sliceBits}, ${slices}, ${keys})`);
  }
  if (keys === 0) return 0;
  const identical = 1 / (sliceBits * sliceBits);
  const noIdentical = Math.exp(keys * Math.log1p(-identical));
  const cover = sliceBits === 1 ? 1 : allCellsHit(slices, keys, 1 / (sliceBits + 1));
  return 1 - noIdentical * (1 - cover);
}

/** One PartitionedBloomFilter.create(size, errorRate, loadFactor) as bloom-filters 3.0.4 sizes it. */
export interface PartitionedLink {
  /** M = ceil(size · (−ln p) / (ln L · ln(1 − L))): the cell count the load is measured against. */
  readonly cells: number;
  /** k = ceil(ln p / ln L). */
  readonly slices: number;
  /** ceil(M / k) bits per slice (k BitSets of this size are allocated). */
  readonly sliceBits: number;
}

/** partitioned-bloom-filter.ts create: computeOptimalNumberOfCells, computeOptimalNumberOfhashes, _m = ceil(size / k). */
export function bloomFiltersJsPartitioned(size: number, errorRate: number, loadFactor: number): PartitionedLink {
  const cells = Math.ceil((size * -Math.log(errorRate)) / (Math.log(loadFactor) * Math.log(1 - loadFactor)));
  const slices = Math.ceil(Math.log(errorRate) / Math.log(loadFactor));
  return { cells, slices, sliceBits: Math.ceil(cells / slices) };
}

export interface ScalableChain {
  /** Each link with the keys it holds (the last one partly filled). */
  readonly links: readonly (PartitionedLink & { readonly keys: number; readonly falsePositiveRate: number })[];
  /** Bits allocated by all links (slices · sliceBits each). */
  readonly bits: number;
  /** 1 − Π (1 − FP of each link): a query is checked against every link. */
  readonly falsePositiveRate: number;
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 erfc, |error| < 1.5e-7: ample for a switching probability). */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erfc = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-z * z);
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/** Slices at most this wide have their switching point treated as random; wider ones switch at its expectation. */
const RANDOM_SWITCH_MAX_SLICE_BITS = 4096;

/**
 * How many keys a link takes before add() opens the next one: the smallest j whose set bits exceed r · cells.
 * A slice holding j keys has s(1 − (1 − 1/s)^j) set bits on average, with the occupancy variance
 * s(s − 1)(1 − 2/s)^j + s(1 − 1/s)^j − s²(1 − 1/s)^{2j}; the k slices are summed as independent and the
 * total is taken as normal. Returns P(J = j) for the j that matter.
 */
function switchDistribution(link: PartitionedLink, ratio: number): { keys: number; probability: number }[] {
  const { cells, slices, sliceBits: s } = link;
  const limit = Math.floor(ratio * cells); // switches once used > r · cells
  const empty = (j: number): number => Math.exp(j * Math.log1p(-1 / s));
  const mean = (j: number): number => slices * s * (1 - empty(j));
  const expected = s === 1 ? 1 : Math.max(1, Math.floor(Math.log(1 - (ratio * cells) / (slices * s)) / Math.log1p(-1 / s)) + 1);
  if (s > RANDOM_SWITCH_MAX_SLICE_BITS || s === 1) return [{ keys: expected, probability: 1 }];
  const stay = (j: number): number => { // P(used(j) <= limit)
    const variance = slices * (s * (s - 1) * Math.exp(j * Math.log1p(-2 / s)) + s * empty(j) - s * s * empty(j) ** 2);
    return variance <= 0 ? (mean(j) <= limit ? 1 : 0) : normalCdf((limit + 0.5 - mean(j)) / Math.sqrt(variance));
  };
  const out: { keys: number; probability: number }[] = [];
  let low = expected;
  while (low > 1 && stay(low - 1) < 1 - 1e-12) low--;
  let previous = low === 1 ? 1 : stay(low - 1);
  for (let j = low; previous > 1e-12; j++) {
    const current = stay(j);
    if (previous - current > 0) out.push({ keys: j, probability: previous - current });
    previous = current;
  }
  return out;
}

/**
 * ScalableBloomFilter(initialSize = 8, errorRate = 0.01, ratio = 0.5) after `keys` insertions (scalable-bloom-filter.ts):
 * link 0 = create(initialSize, p, r); link i >= 1 = create(initialSize · 2^(i+1) · ln 2, p · r^i, r). add() opens a new
 * link when the last one's load (set bits / cells) exceeds r (switchDistribution). A full link's FP is averaged over
 * where it switched; the next link starts after the expected number of keys; the last link holds the rest.
 */
export function bloomFiltersJsScalableChain(initialSize: number, errorRate: number, ratio: number, keys: number): ScalableChain {
  if (!(initialSize > 0 && errorRate > 0 && errorRate < 1 && ratio > 0 && ratio < 1 && Number.isInteger(keys) && keys >= 0)) {
    throw new RangeError(`scalable chain needs initialSize > 0, errorRate and ratio in (0, 1), whole keys >= 0 (got ${initialSize}, ${errorRate}, ${ratio}, ${keys})`);
  }
  const links: (PartitionedLink & { keys: number; falsePositiveRate: number })[] = [];
  let remaining = keys;
  let bits = 0;
  let pass = 1;
  for (let i = 0; i === 0 || remaining > 0; i++) {
    const size = i === 0 ? initialSize : initialSize * 2 ** (i + 1) * Math.LN2;
    const link = bloomFiltersJsPartitioned(size, errorRate * ratio ** i, ratio);
    const switches = switchDistribution(link, ratio);
    const meanKeys = Math.max(1, Math.round(switches.reduce((sum, w) => sum + w.keys * w.probability, 0)));
    // Full when the remaining keys reach every likely switching point; then its FP is averaged over them.
    let falsePositiveRate = 0;
    let held: number;
    if (remaining >= switches[switches.length - 1].keys) {
      for (const w of switches) falsePositiveRate += w.probability * doubleHashedSlicesFalsePositiveRate(link.sliceBits, link.slices, w.keys);
      held = meanKeys;
    } else {
      // The keys stay here unless the link switched before them (then the rest goes on: counted by the next link).
      held = Math.min(remaining, meanKeys);
      for (const w of switches) falsePositiveRate += w.probability * doubleHashedSlicesFalsePositiveRate(link.sliceBits, link.slices, Math.min(remaining, w.keys));
    }
    links.push({ ...link, keys: held, falsePositiveRate });
    bits += link.slices * link.sliceBits;
    pass *= 1 - falsePositiveRate;
    remaining -= held;
  }
  return { links, bits, falsePositiveRate: 1 - pass };
}
