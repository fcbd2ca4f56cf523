/**
 * Extended-range non-negative numbers, value * 2^exponent, kept in range by exact power-of-two
 * rescaling. For probabilities far below 1e-308 whose products and sums still decide a result (the
 * exact rate of a lightly loaded filter with many hashes, classic.ts): no digits are lost to the
 * scaling, unlike a detour through logarithms (exp(x) loses |x| ulps, 2.5e-13 at x = -2300).
 */

export interface Scaled {
  /** 0, or a double with magnitude in [2^-500, 2^500]. */
  readonly value: number;
  /** Power of two, a multiple of 500. */
  readonly exponent: number;
}

const STEP = 500;
const UP = 2 ** STEP;
const DOWN = 2 ** -STEP;

/** value * 2^exponent with value brought into [2^-500, 2^500] (exact). */
export function scaled(value: number, exponent = 0): Scaled {
  if (value === 0 || !Number.isFinite(value)) return { value, exponent: value === 0 ? 0 : exponent };
  while (Math.abs(value) > UP) { value *= DOWN; exponent += STEP; }
  while (Math.abs(value) < DOWN) { value *= UP; exponent -= STEP; }
  return { value, exponent };
}

/** e^x as a scaled number, for any x <= 709 (e^-2000 is fine): as accurate as Math.exp(x) itself. */
export function scaledExp(x: number): Scaled {
  if (x === -Infinity) return { value: 0, exponent: 0 };
  const steps = x < -600 ? Math.ceil(-x / (STEP * Math.LN2)) : 0;
  return scaled(Math.exp(x + steps * STEP * Math.LN2), -steps * STEP);
}

export function scaledProduct(a: Scaled, b: Scaled): Scaled {
  return scaled(a.value * b.value, a.exponent + b.exponent);
}

/** The nearest double (0 below the subnormal range). */
export function scaledToNumber(a: Scaled): number {
  let { value, exponent } = a;
  if (value === 0) return 0;
  while (exponent > 0 && Number.isFinite(value)) { value *= UP; exponent -= STEP; }
  while (exponent < 0 && value !== 0) { value *= DOWN; exponent += STEP; }
  return value;
}

/** Natural logarithm (-Infinity for 0). */
export function scaledLog(a: Scaled): number {
  return a.value === 0 ? -Infinity : Math.log(a.value) + a.exponent * Math.LN2;
}

/** Sum of non-negative scaled numbers (compensated, aligned to the largest exponent). */
export function scaledSum(terms: readonly Scaled[]): Scaled {
  let top = -Infinity;
  for (const t of terms) if (t.value !== 0) top = Math.max(top, t.exponent);
  if (top === -Infinity) return { value: 0, exponent: 0 };
  let sum = 0;
  let compensation = 0; // Neumaier
  for (const t of terms) {
    if (t.value === 0 || top - t.exponent > 1100) continue; // below 2^-1100 of the largest term: no effect
    let x = t.value;
    for (let e = t.exponent; e < top; e += STEP) x *= DOWN;
    const s = sum + x;
    compensation += Math.abs(sum) >= Math.abs(x) ? (sum - s) + x : (x - s) + sum;
    sum = s;
  }
  return scaled(sum + compensation, top);
}
