import * as assert from 'node:assert/strict';
import { bhCbfMembershipProbability, bhDelta, bhMultiplicity, cbfMembershipProbability, isBhSequence } from '../../src/core/paradoxCounting';
import { expectedQueryCost, optimalQueryOrder, optimalQueryOrderEqualCost, Proxy, SPECIAL_PROXY } from '../../src/core/paradoxProxies';
import { SeededRandom } from '../../src/core/random';

describe('B_h-CBF membership (Theorem 5)', () => {
  it('Example 2: D = {1,2,4} is a B_2 sequence; delta = 18 for x and 12 for z', () => {
    assert.equal(isBhSequence([1, 2, 4], 2), true);
    assert.equal(isBhSequence([1, 2, 3], 2), false); // 1 + 3 = 2 + 2
    // x: c1 = 1, a1 = 2, increment 2; c2 = 2, a2 = 8, increment 4
    const yx1 = bhMultiplicity([1, 2, 4], 2, 1, 2);
    const yx2 = bhMultiplicity([1, 2, 4], 8, 2, 4);
    assert.deepEqual([yx1, yx2], [1, 2]);
    assert.equal(bhDelta([{ count: 1, multiplicity: yx1 }, { count: 2, multiplicity: yx2 }], 2, 3), 18n);
    // z: c1 = 2, a1 = 3, increment 1; c2 = 4 > h (a2 = 7 is ambiguous: 1+1+1+4 = 1+2+2+2)
    const yz1 = bhMultiplicity([1, 2, 4], 3, 2, 1);
    assert.equal(yz1, 1);
    assert.equal(bhDelta([{ count: 2, multiplicity: yz1 }, { count: 4 }], 2, 3), 12n);
    // the membership is Theorem 2's formula with delta in place of the product
    assert.ok(Math.abs(bhCbfMembershipProbability([{ count: 2, multiplicity: 1 }, { count: 4 }], 2, 3, 100, 20, 0.1)
      - cbfMembershipProbability([12, 1], 100, 20, 0.1)) < 1e-15);
    assert.throws(() => bhDelta([{ count: 2 }], 2, 3), RangeError);
    assert.throws(() => bhMultiplicity([1, 2, 4], 100, 2, 1), RangeError);
  });

  it('is exact under the partitioned model when undecodable entries report only their count (brute force)', () => {
    // k = 2 sub-arrays of 2 entries, D = {1, 2} (l = 2, a B_2 sequence), h = 2, n = 3: every hash outcome
    const slots = 2, k = 2, ell = 2, h = 2, n = 3;
    const D = [1, 2];
    assert.equal(isBhSequence(D, h), true);
    const xIncrement = [0, 1]; // x's variable increment index in each sub-array; x sits at entry 0
    const observe = (member: boolean): Map<string, number> => {
      const others = member ? n - 1 : n;
      const perElement = (slots * ell) ** k;
      const result = new Map<string, number>();
      for (let index = 0; index < perElement ** others; index++) {
        const count = [member ? 1 : 0, member ? 1 : 0];
        const sum = [member ? D[xIncrement[0]] : 0, member ? D[xIncrement[1]] : 0];
        let rest = index;
        for (let e = 0; e < others; e++) {
          for (let j = 0; j < k; j++) {
            const slot = rest % slots; rest = Math.floor(rest / slots);
            const inc = rest % ell; rest = Math.floor(rest / ell);
            if (slot === 0) { count[j]++; sum[j] += D[inc]; }
          }
        }
        // observation: the count if > h, else the decoded multiset (the count and the sum)
        const key = count.map((c, j) => c > h ? `c${c}` : `c${c}s${sum[j]}`).join('|');
        result.set(key, (result.get(key) ?? 0) + 1);
      }
      return result;
    };
    const withX = observe(true);
    const withoutX = observe(false);
    const totalWith = ((slots * ell) ** k) ** (n - 1), totalWithout = ((slots * ell) ** k) ** n;
    const prior = 0.2;
    let checked = 0;
    for (const [key, countWithout] of withoutX) {
      const entries = key.split('|').map((part, j) => {
        const [, c, s] = /^c(\d+)(?:s(\d+))?$/.exec(part) as RegExpExecArray;
        const count = Number(c);
        if (s === undefined) return { count };
        return { count, multiplicity: count === 0 ? 0 : bhMultiplicity(D, Number(s), count, D[xIncrement[j]]) };
      });
      const l1 = (withX.get(key) ?? 0) / totalWith;
      const l0 = countWithout / totalWithout;
      const brute = (l1 * prior) / (l1 * prior + l0 * (1 - prior));
      const theorem = bhCbfMembershipProbability(entries, h, ell, slots * k, n, prior);
      assert.ok(Math.abs(theorem - brute) < 1e-12, `${key}: ${theorem} vs ${brute}`);
      checked++;
    }
    assert.ok(checked > 20);
  });
});

function allOrders(count: number): number[][] {
  // every sequence of distinct proxies (regular 0..count-1 and SPECIAL_PROXY) that ends at a sure proxy
  const items = [...Array(count).keys(), SPECIAL_PROXY];
  const out: number[][] = [];
  const walk = (prefix: number[], left: number[]): void => {
    for (const i of left) {
      const next = [...prefix, i];
      out.push(next);
      walk(next, left.filter((x) => x !== i));
    }
  };
  walk([], items);
  return out;
}

describe('Order of queries across proxies (Theorems 6 and 7)', () => {
  it('Theorem 6 is optimal: brute force over all orders (random instances)', () => {
    const random = new SeededRandom(42);
    for (let trial = 0; trial < 150; trial++) {
      const count = 1 + random.nextInt(5);
      const proxies: Proxy[] = Array.from({ length: count }, () => ({
        successProbability: random.nextInt(10) === 0 ? [0, 1][random.nextInt(2)] : random.nextDouble(),
        queryCost: 0.1 + random.nextDouble() * 3,
      }));
      const psi = 0.5 + random.nextDouble() * 10;
      let best = Infinity;
      for (const order of allOrders(count)) {
        try { best = Math.min(best, expectedQueryCost(proxies, psi, order)); } catch { /* order never reaches a sure proxy */ }
      }
      const chosen = optimalQueryOrder(proxies, psi);
      assert.ok(Math.abs(chosen.expectedCost - best) <= 1e-12 * best, `trial ${trial}: ${chosen.expectedCost} vs ${best}`);
      assert.ok(Math.abs(expectedQueryCost(proxies, psi, chosen.order) - chosen.expectedCost) < 1e-15);
    }
  });

  it('Theorem 7 (equal costs) agrees with Theorem 6 and brute force, and stops once p < tau/psi', () => {
    const random = new SeededRandom(7);
    for (let trial = 0; trial < 100; trial++) {
      const count = 1 + random.nextInt(5);
      const probabilities = Array.from({ length: count }, () => random.nextDouble());
      const tau = 0.5 + random.nextDouble(), psi = 1 + random.nextDouble() * 8;
      const proxies = probabilities.map((p) => ({ successProbability: p, queryCost: tau }));
      const t7 = optimalQueryOrderEqualCost(probabilities, tau, psi);
      const t6 = optimalQueryOrder(proxies, psi);
      assert.ok(Math.abs(t7.expectedCost - t6.expectedCost) <= 1e-12 * t6.expectedCost);
      let best = Infinity;
      for (const order of allOrders(count)) if (order[order.length - 1] === SPECIAL_PROXY) best = Math.min(best, expectedQueryCost(proxies, psi, order));
      assert.ok(Math.abs(t7.expectedCost - best) <= 1e-12 * best);
      for (const i of t7.order) if (i !== SPECIAL_PROXY) assert.ok(probabilities[i] >= tau / psi);
    }
  });

  it('with equal priors and costs the order follows the counter products (Example 1: (5,5) before (1,10))', () => {
    const m = 200, n = 20, prior = 0.05;
    const px = cbfMembershipProbability([1, 10], m, n, prior);
    const py = cbfMembershipProbability([5, 5], m, n, prior);
    const result = optimalQueryOrderEqualCost([px, py], 1, 1e6);
    assert.deepEqual(result.order, [1, 0, SPECIAL_PROXY]);
    // expected cost written out: tau + (1 - py) tau + (1 - py)(1 - px) psi
    assert.ok(Math.abs(result.expectedCost - (1 + (1 - py) + (1 - py) * (1 - px) * 1e6)) < 1e-6);
  });

  it('rejects bad input', () => {
    assert.throws(() => optimalQueryOrder([{ successProbability: 1.5, queryCost: 1 }], 1), RangeError);
    assert.throws(() => optimalQueryOrder([{ successProbability: 0.5, queryCost: 0 }], 1), RangeError);
    assert.throws(() => optimalQueryOrder([], 0), RangeError);
    assert.throws(() => expectedQueryCost([{ successProbability: 0.5, queryCost: 1 }], 1, [0]), RangeError);
  });
});
