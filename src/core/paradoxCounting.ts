/**
 * The Bloom paradox in counting Bloom filters (Rottenstreich & Keslassy, sections V-VI; math-spec.md
 * "CBF posterior and decisions").
 *
 * Model (Theorem 2's assumptions, under which every formula here is exact):
 * - partitioned hashing: the m counters form k sub-arrays of m/k counters; each element increments
 *   one uniformly chosen counter in each sub-array, independently of the other elements;
 * - exactly n elements are inserted; x is one of them with probability `prior`, independently of
 *   the other elements' hashes;
 * - so a counter of a non-member is Binom(n, k/m), a counter of a member is 1 + Binom(n-1, k/m), and
 *   the k counters are independent given membership.
 * Colliding (single-array) hashing breaks this independence; the formulas are then approximations.
 * Costs are in units of W_FP; alpha = W_FN / W_FP.
 */
import { lnBinomialPmf } from './numeric';
import { checkAlpha, checkOpenProbability } from './paradox';

function checkCountingFilter(counters: number, inserted: number, hashes: number): void {
  if (!Number.isSafeInteger(hashes) || hashes < 1) throw new RangeError(`k (hashes) must be an integer >= 1, got ${hashes}`);
  if (!Number.isSafeInteger(counters) || counters < hashes) throw new RangeError(`m (counters) must be an integer >= k = ${hashes}, got ${counters}`);
  if (!Number.isSafeInteger(inserted) || inserted < 1) throw new RangeError(`n (inserted elements) must be an integer >= 1, got ${inserted}`);
}

function checkCounterValues(values: readonly number[], inserted: number): void {
  if (values.length < 1) throw new RangeError('at least one counter value is needed');
  for (const c of values) {
    if (!Number.isSafeInteger(c) || c < 0 || c > inserted) throw new RangeError(`counter values must be integers from 0 to n = ${inserted}, got ${c}`);
  }
}

/** Pr(x in S | observed evidence) from the likelihood-ratio numerator: p * product / (p * product + (1-p) (nk/m)^k), in log space. */
function posteriorFromProduct(lnProduct: number, counters: number, inserted: number, hashes: number, prior: number): number {
  if (lnProduct === -Infinity) return 0;
  // ln odds = ln(product) + k ln(m / (n k)) + ln p - ln(1 - p)  (Theorem 2 / Theorem 5)
  const lnOdds = lnProduct + hashes * (Math.log(counters) - Math.log(inserted) - Math.log(hashes)) + Math.log(prior) - Math.log1p(-prior);
  return lnOdds >= 0 ? 1 / (1 + Math.exp(-lnOdds)) : Math.exp(lnOdds) / (1 + Math.exp(lnOdds));
}

/**
 * Theorem 2: Pr(x in S | its k counters) = m^k pi p / (m^k pi p + (n k)^k (1 - p)), pi = product of
 * the counters (k = counterValues.length); 0 when a counter is 0. Exact under the partitioned model
 * (see the module comment).
 */
export function cbfMembershipProbability(counterValues: readonly number[], counters: number, inserted: number, prior: number): number {
  const k = counterValues.length;
  checkCountingFilter(counters, inserted, Math.max(1, k));
  checkCounterValues(counterValues, inserted);
  checkOpenProbability('prior', prior);
  let lnProduct = 0;
  for (const c of counterValues) lnProduct += Math.log(c);
  return posteriorFromProduct(lnProduct, counters, inserted, k, prior);
}

/** A double as an exact rational num / den (den a power of two). */
export function exactRational(value: number): { num: bigint; den: bigint } {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  let scaled = value;
  let exponent = 0;
  while (!Number.isInteger(scaled)) { scaled *= 2; exponent++; } // exact: doubling a double never rounds
  return { num: BigInt(scaled), den: 1n << BigInt(exponent) };
}

/**
 * Theorem 4 as a product threshold: the smallest integer product pi >= 1 with
 * Pr(x in S | pi) >= 1 / (alpha + 1), i.e. Pi = max(1, ceil((n k / m)^k (1 - p) / (alpha p))),
 * computed exactly (prior and alpha taken as the exact rationals their doubles represent).
 */
export function smallestPositiveProduct(counters: number, inserted: number, hashes: number, prior: number, alpha: number): bigint {
  checkCountingFilter(counters, inserted, hashes);
  checkOpenProbability('prior', prior);
  checkAlpha(alpha);
  const p = exactRational(prior);
  const a = exactRational(alpha);
  const k = BigInt(hashes);
  // (1 - p) / (alpha p) = (p.den - p.num) a.den / (p.num a.num)
  const numerator = (BigInt(inserted) * k) ** k * (p.den - p.num) * a.den;
  const denominator = BigInt(counters) ** k * p.num * a.num;
  const ceiling = (numerator + denominator - 1n) / denominator;
  return ceiling < 1n ? 1n : ceiling;
}

/** A bigint as a number, saturating at Number.MAX_VALUE (never Infinity). */
export function bigintToNumber(value: bigint): number {
  const result = Number(value);
  return Number.isFinite(result) ? result : Number.MAX_VALUE;
}

export interface CbfDecision {
  /** Theorem 2. */
  readonly membership: number;
  /** Theorem 4: positive iff membership >= 1 / (alpha + 1) (ties positive), decided exactly on the product. */
  readonly decision: 'positive' | 'negative';
  /** Smallest product of the counters that answers positive (exact). */
  readonly productThreshold: bigint;
}

/** Theorem 2 + Theorem 4 for one query; the decision compares the exact product with the exact threshold. */
export function cbfDecision(counterValues: readonly number[], counters: number, inserted: number, prior: number, alpha: number): CbfDecision {
  const membership = cbfMembershipProbability(counterValues, counters, inserted, prior);
  const productThreshold = smallestPositiveProduct(counters, inserted, counterValues.length, prior, alpha);
  let product = 1n;
  for (const c of counterValues) product *= BigInt(c);
  return { membership, decision: product >= productThreshold ? 'positive' : 'negative', productThreshold };
}

// ---------------------------------------------------------------------------------------------
// Distribution of the product of k counters, and the expected cost as a function of k (section V-C)

/** pmf of one counter value: offset + Binom(trials, probability), truncated where the pmf < tolerance. */
export interface CounterPmf {
  /** probabilities[v] = Pr(counter = v) (0 where truncated). */
  readonly probabilities: Float64Array;
  /** Mass dropped by truncation. */
  readonly truncatedMass: number;
}

/** A counter's pmf in the partitioned model: member 1 + Binom(n-1, k/m), non-member Binom(n, k/m). */
export function counterPmf(counters: number, inserted: number, hashes: number, member: boolean, tolerance = 1e-18): CounterPmf {
  checkCountingFilter(counters, inserted, hashes);
  const q = hashes / counters;
  const trials = member ? inserted - 1 : inserted;
  const offset = member ? 1 : 0;
  const mean = trials * q;
  const spread = 40 * Math.sqrt(mean + 1) + 40;
  const low = Math.max(0, Math.floor(mean - spread));
  const values: number[] = [];
  let kept = 0;
  for (let v = low; v <= trials; v++) {
    const probability = Math.exp(lnBinomialPmf(trials, q, v));
    if (v > mean && probability < tolerance) break;
    values[v + offset] = probability >= tolerance ? probability : 0;
    kept += values[v + offset];
  }
  const probabilities = new Float64Array(values.length);
  values.forEach((p, v) => { probabilities[v] = p ?? 0; });
  return { probabilities, truncatedMass: Math.max(0, 1 - kept) };
}

export interface ProductDistribution {
  /** Pr(product = value) for the values below the cap that were kept. */
  readonly probabilities: ReadonlyMap<number, number>;
  /** Pr(product >= cap). */
  readonly atLeastCap: number;
  /** Mass dropped (counter truncation and pruned states); every probability is exact to within it. */
  readonly truncatedMass: number;
}

/**
 * The product of k independent counters with the given pmf, enumerated exactly over the products
 * below `cap` (all larger ones lumped together), pruning states of probability below `tolerance`.
 */
export function productDistribution(pmf: CounterPmf, hashes: number, cap: number, tolerance = 1e-18): ProductDistribution {
  if (!(cap >= 1)) throw new RangeError(`cap must be >= 1, got ${cap}`);
  const values = pmf.probabilities;
  let positiveMass = 0; // Pr(counter >= 1), as kept
  for (let c = 1; c < values.length; c++) positiveMass += values[c];
  let states = new Map<number, number>();
  let atLeastCap = 0;
  if (cap > 1) states.set(1, 1);
  else atLeastCap = 1;
  let truncated = 0;
  for (let j = 0; j < hashes; j++) {
    const next = new Map<number, number>();
    let nextAtLeastCap = 0;
    const add = (product: number, probability: number): void => {
      if (product >= cap) nextAtLeastCap += probability;
      else next.set(product, (next.get(product) ?? 0) + probability);
    };
    for (const [product, probability] of states) {
      for (let c = 0; c < values.length; c++) if (values[c] > 0) add(product * c, probability * values[c]);
    }
    // a product already >= cap stays there unless a counter is 0
    if (atLeastCap > 0) {
      if (values.length > 0 && values[0] > 0) add(0, atLeastCap * values[0]);
      nextAtLeastCap += atLeastCap * positiveMass;
    }
    truncated += pmf.truncatedMass; // each factor drops at most this much of the mass
    states = new Map();
    for (const [product, probability] of next) {
      if (probability < tolerance) truncated += probability;
      else states.set(product, probability);
    }
    atLeastCap = nextAtLeastCap;
  }
  return { probabilities: states, atLeastCap, truncatedMass: truncated };
}

/** Pr(product < threshold) from a distribution whose cap is >= threshold. */
export function probabilityBelow(distribution: ProductDistribution, threshold: number): number {
  let sum = 0;
  for (const [product, probability] of distribution.probabilities) if (product < threshold) sum += probability;
  return sum;
}

/** Pr(product >= threshold) from a distribution whose cap is >= threshold. */
export function probabilityAtLeast(distribution: ProductDistribution, threshold: number): number {
  let sum = distribution.atLeastCap;
  for (const [product, probability] of distribution.probabilities) if (product >= threshold) sum += probability;
  return sum;
}

export interface QueryClass {
  /** Pr(x in S) for an element of this class. */
  readonly prior: number;
  /** How many queries of this class (a weight; use 1 for a per-query cost). */
  readonly queries: number;
}

export interface CountingCosts {
  readonly hashes: number;
  readonly perClass: readonly {
    readonly prior: number;
    readonly productThreshold: bigint;
    /** Pr(answer negative | member). */
    readonly memberNegative: number;
    /** Pr(answer positive | non-member). */
    readonly nonMemberPositive: number;
  }[];
  /** Expected false positives: sum queries (1 - p) Pr(positive | non-member). */
  readonly falsePositives: number;
  /** Expected false negatives: sum queries p Pr(negative | member). */
  readonly falseNegatives: number;
  /** falsePositives + alpha * falseNegatives (units of W_FP). */
  readonly cost: number;
  /** Upper bound on the probability mass the enumeration dropped. */
  readonly truncatedMass: number;
}

/**
 * Expected errors and cost of a CBF (section V-C, corrected per math-spec): each class answers
 * positive iff the product of its k counters reaches its Theorem 4 threshold ('selective'), or iff
 * every counter is non-zero ('regular' CBF). E(k) = sum over classes of
 * queries * (alpha p Pr(pi < Pi | member) + (1 - p) Pr(pi >= Pi | non-member)).
 */
export function countingDecisionCosts(
  counters: number, inserted: number, hashes: number, alpha: number,
  classes: readonly QueryClass[], policy: 'selective' | 'regular' = 'selective',
): CountingCosts {
  checkCountingFilter(counters, inserted, hashes);
  checkAlpha(alpha);
  if (classes.length === 0) throw new RangeError('at least one query class is needed');
  for (const c of classes) {
    checkOpenProbability('a class prior', c.prior);
    if (!(c.queries >= 0) || !Number.isFinite(c.queries)) throw new RangeError(`a class's queries must be a finite number >= 0, got ${c.queries}`);
  }
  const thresholds = classes.map((c) => policy === 'regular' ? 1n : smallestPositiveProduct(counters, inserted, hashes, c.prior, alpha));
  const cap = Math.max(...thresholds.map((t) => Math.min(Number(t), Number.MAX_SAFE_INTEGER)));
  const memberPmf = counterPmf(counters, inserted, hashes, true);
  const nonMemberPmf = counterPmf(counters, inserted, hashes, false);
  const members = productDistribution(memberPmf, hashes, cap);
  const nonMembers = productDistribution(nonMemberPmf, hashes, cap);
  let falsePositives = 0;
  let falseNegatives = 0;
  const perClass = classes.map((c, i) => {
    const threshold = Math.min(Number(thresholds[i]), Number.MAX_SAFE_INTEGER);
    const memberNegative = Math.min(1, probabilityBelow(members, threshold)); // rounding can pass 1 by ~1e-16
    const nonMemberPositive = Math.min(1, probabilityAtLeast(nonMembers, threshold));
    falsePositives += c.queries * (1 - c.prior) * nonMemberPositive;
    falseNegatives += c.queries * c.prior * memberNegative;
    return { prior: c.prior, productThreshold: thresholds[i], memberNegative, nonMemberPositive };
  });
  return {
    hashes, perClass, falsePositives, falseNegatives,
    cost: falsePositives + alpha * falseNegatives,
    truncatedMass: Math.max(members.truncatedMass, nonMembers.truncatedMass),
  };
}

/** E(k) for k = 1..maxHashes and the cost-optimal k (ties to the smaller k); section V-C. */
export function costOptimalHashes(
  counters: number, inserted: number, alpha: number, classes: readonly QueryClass[], maxHashes: number,
): { byHashes: CountingCosts[]; best: CountingCosts } {
  if (!Number.isSafeInteger(maxHashes) || maxHashes < 1 || maxHashes > counters) {
    throw new RangeError(`maxHashes must be an integer from 1 to m = ${counters}, got ${maxHashes}`);
  }
  const byHashes: CountingCosts[] = [];
  for (let k = 1; k <= maxHashes; k++) byHashes.push(countingDecisionCosts(counters, inserted, k, alpha, classes));
  let best = byHashes[0];
  for (const c of byHashes) if (c.cost < best.cost) best = c;
  return { byHashes, best };
}

// ---------------------------------------------------------------------------------------------
// B_h-CBF (section VI, Theorem 5)

/** One hash entry of a B_h-CBF as seen by a query of x. */
export interface BhEntry {
  /** c_j: the fixed-increment counter. */
  readonly count: number;
  /** y_j: multiplicity of x's variable increment in the sum a_j; required when count <= h. */
  readonly multiplicity?: number;
}

/** Is D a B_h sequence: for every h' <= h, all sums of h' elements (with repetition) are distinct? */
export function isBhSequence(sequence: readonly number[], h: number): boolean {
  for (let size = 1; size <= h; size++) {
    const seen = new Set<number>();
    let duplicate = false;
    forEachMultiset(sequence.length, size, (counts) => {
      const sum = counts.reduce((s, c, i) => s + c * sequence[i], 0);
      if (seen.has(sum)) duplicate = true;
      seen.add(sum);
    });
    if (duplicate) return false;
  }
  return true;
}

/**
 * y_j: the multiplicity of `increment` in the unique multiset of `count` elements of the B_h
 * sequence that sums to `sum` (count <= h). Throws when no such multiset exists.
 */
export function bhMultiplicity(sequence: readonly number[], sum: number, count: number, increment: number): number {
  const index = sequence.indexOf(increment);
  if (index < 0) throw new RangeError(`the increment ${increment} is not in the sequence`);
  let found: number[] | undefined;
  forEachMultiset(sequence.length, count, (counts) => {
    if (counts.reduce((s, c, i) => s + c * sequence[i], 0) === sum) found = counts.slice();
  });
  if (!found) throw new RangeError(`no ${count} elements of the sequence sum to ${sum}`);
  return found[index];
}

function forEachMultiset(kinds: number, size: number, visit: (counts: number[]) => void): void {
  const counts = new Array<number>(kinds).fill(0);
  const recurse = (kind: number, left: number): void => {
    if (kind === kinds - 1) { counts[kind] = left; visit(counts); counts[kind] = 0; return; }
    for (let c = left; c >= 0; c--) { counts[kind] = c; recurse(kind + 1, left - c); }
    counts[kind] = 0;
  };
  if (kinds > 0) recurse(0, size);
}

/** Theorem 5: delta = prod_{c_j > h} c_j * prod_{c_j <= h} (l y_j), l = |D|. Example 2: 18 and 12. */
export function bhDelta(entries: readonly BhEntry[], h: number, sequenceLength: number): bigint {
  if (!Number.isSafeInteger(h) || h < 1) throw new RangeError(`h must be an integer >= 1, got ${h}`);
  if (!Number.isSafeInteger(sequenceLength) || sequenceLength < 1) throw new RangeError(`the sequence length must be an integer >= 1, got ${sequenceLength}`);
  let delta = 1n;
  for (const e of entries) {
    if (!Number.isSafeInteger(e.count) || e.count < 0) throw new RangeError(`counts must be integers >= 0, got ${e.count}`);
    if (e.count > h) { delta *= BigInt(e.count); continue; }
    const y = e.multiplicity;
    if (y === undefined || !Number.isSafeInteger(y) || y < 0 || y > e.count) {
      throw new RangeError(`an entry with count ${e.count} <= h needs its multiplicity, an integer from 0 to the count`);
    }
    delta *= BigInt(sequenceLength) * BigInt(y);
  }
  return delta;
}

/**
 * Theorem 5: Pr(x in S | B_h-CBF) = m^k delta p / (m^k delta p + (n k)^k (1 - p)). Exact under the
 * partitioned model with uniform variable increments when the observation of an entry with
 * c_j > h is reduced to c_j (its sum a_j, which the theorem ignores, carries more information).
 */
export function bhCbfMembershipProbability(entries: readonly BhEntry[], h: number, sequenceLength: number, counters: number, inserted: number, prior: number): number {
  const k = entries.length;
  checkCountingFilter(counters, inserted, Math.max(1, k));
  checkOpenProbability('prior', prior);
  const delta = bhDelta(entries, h, sequenceLength);
  const lnDelta = delta === 0n ? -Infinity : lnBigint(delta);
  return posteriorFromProduct(lnDelta, counters, inserted, k, prior);
}

function lnBigint(value: bigint): number {
  const digits = value.toString(2).length;
  if (digits <= 1000) return Math.log(Number(value));
  return Math.log(Number(value >> BigInt(digits - 64))) + (digits - 64) * Math.LN2;
}
