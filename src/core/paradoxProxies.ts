/**
 * Order of queries across cache proxies (Rottenstreich & Keslassy, section VII, Theorems 6 and 7).
 *
 * Proxy j holds the element with probability p_j (e.g. its CBF-based membership, Theorem 2;
 * independent across proxies) and costs tau_j > 0 to query; a special proxy always holds it and costs
 * psi > 0. Queries are sent one after another until one succeeds. Expected cost of an order:
 * sum_t tau_t prod_{s<t} (1 - p_s), stopping after the first proxy with p = 1 (math-spec).
 */

export interface Proxy {
  /** Pr(the element is in this proxy's cache), in [0, 1]. */
  readonly successProbability: number;
  /** Cost of one query to it, > 0. */
  readonly queryCost: number;
}

/** The special proxy holding everything. */
export const SPECIAL_PROXY = -1;

export interface QueryOrder {
  /** Proxy indices in query order, ending with SPECIAL_PROXY (or with a regular proxy of p = 1). */
  readonly order: readonly number[];
  readonly expectedCost: number;
}

function checkProxies(proxies: readonly Proxy[], specialCost: number): void {
  if (!(specialCost > 0) || !Number.isFinite(specialCost)) throw new RangeError(`the special proxy's cost must be a finite number > 0, got ${specialCost}`);
  for (const p of proxies) {
    if (!(p.successProbability >= 0 && p.successProbability <= 1)) throw new RangeError(`a proxy's success probability must be in [0, 1], got ${p.successProbability}`);
    if (!(p.queryCost > 0) || !Number.isFinite(p.queryCost)) throw new RangeError(`a proxy's query cost must be a finite number > 0, got ${p.queryCost}`);
  }
}

/**
 * Expected total cost of querying in `order` (indices into proxies, SPECIAL_PROXY for the special one),
 * stopping at the first proxy with success probability 1. The order must reach such a proxy.
 */
export function expectedQueryCost(proxies: readonly Proxy[], specialCost: number, order: readonly number[]): number {
  checkProxies(proxies, specialCost);
  let cost = 0;
  let allFailed = 1; // prod_{s<t} (1 - p_s)
  for (const index of order) {
    const proxy = index === SPECIAL_PROXY ? { successProbability: 1, queryCost: specialCost } : proxies[index];
    if (proxy === undefined) throw new RangeError(`no proxy with index ${index}`);
    cost += proxy.queryCost * allFailed;
    allFailed *= 1 - proxy.successProbability;
    if (proxy.successProbability === 1) return cost;
  }
  throw new RangeError('the order must end with a proxy that surely holds the element (e.g. the special proxy)');
}

/**
 * Theorem 6: query in non-increasing order of p / tau, the special proxy ranked at 1 / psi; nothing
 * after the first proxy with p = 1. Ties keep the regular proxy first (equal cost either way).
 */
export function optimalQueryOrder(proxies: readonly Proxy[], specialCost: number): QueryOrder {
  checkProxies(proxies, specialCost);
  const ratio = (i: number): number => i === SPECIAL_PROXY ? 1 / specialCost : proxies[i].successProbability / proxies[i].queryCost;
  const candidates = [...proxies.keys(), SPECIAL_PROXY];
  candidates.sort((a, b) => ratio(b) - ratio(a) || (a === SPECIAL_PROXY ? 1 : b === SPECIAL_PROXY ? -1 : a - b));
  const order: number[] = [];
  for (const i of candidates) {
    order.push(i);
    if (i === SPECIAL_PROXY || proxies[i].successProbability === 1) break;
  }
  return { order, expectedCost: expectedQueryCost(proxies, specialCost, order) };
}

/**
 * Theorem 7 (equal query cost tau to every regular proxy): query by non-increasing p, and switch to
 * the special proxy once the best remaining p < tau / psi.
 */
export function optimalQueryOrderEqualCost(successProbabilities: readonly number[], queryCost: number, specialCost: number): QueryOrder {
  const proxies = successProbabilities.map((p) => ({ successProbability: p, queryCost }));
  checkProxies(proxies, specialCost);
  const byProbability = [...successProbabilities.keys()].sort((a, b) => successProbabilities[b] - successProbabilities[a] || a - b);
  const order: number[] = [];
  for (const i of byProbability) {
    if (successProbabilities[i] < queryCost / specialCost) break;
    order.push(i);
    if (successProbabilities[i] === 1) return { order, expectedCost: expectedQueryCost(proxies, specialCost, order) };
  }
  order.push(SPECIAL_PROXY);
  return { order, expectedCost: expectedQueryCost(proxies, specialCost, order) };
}
