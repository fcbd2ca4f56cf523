/** Confidence intervals for the simulators' estimates. */

export interface Interval {
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
}

/** Two-sided standard normal quantile for a confidence level (0.9, 0.95, 0.99, 0.999 tabulated; else computed). */
export function normalQuantile(confidence: number): number {
  const tail = (1 - confidence) / 2;
  return -inverseNormalCdf(tail);
}

/** Acklam's rational approximation of the inverse normal CDF (relative error < 1.2e-9). */
export function inverseNormalCdf(probability: number): number {
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const pLow = 0.02425;
  if (probability <= 0) return -Infinity;
  if (probability >= 1) return Infinity;
  if (probability < pLow) {
    const q = Math.sqrt(-2 * Math.log(probability));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (probability > 1 - pLow) return -inverseNormalCdf(1 - probability);
  const q = probability - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** Wilson score interval for a binomial proportion: successes out of trials. */
export function wilsonInterval(successes: number, trials: number, confidence = 0.99): Interval {
  if (trials <= 0) return { estimate: 0, lower: 0, upper: 1 };
  const z = normalQuantile(confidence);
  const phat = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (phat + z2 / (2 * trials)) / denominator;
  const halfWidth = (z * Math.sqrt((phat * (1 - phat)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { estimate: phat, lower: Math.max(0, centre - halfWidth), upper: Math.min(1, centre + halfWidth) };
}

/** Normal-approximation interval for the mean of independent samples, given their sum and sum of squares. */
export function meanInterval(sum: number, sumOfSquares: number, count: number, confidence = 0.99): Interval {
  if (count <= 1) return { estimate: count === 1 ? sum : 0, lower: -Infinity, upper: Infinity };
  const mean = sum / count;
  const variance = Math.max(0, (sumOfSquares - count * mean * mean) / (count - 1));
  const halfWidth = normalQuantile(confidence) * Math.sqrt(variance / count);
  return { estimate: mean, lower: mean - halfWidth, upper: mean + halfWidth };
}

/** Interval for a ratio of sums over independent cycles (renewal-reward), by the delta method. */
export function ratioInterval(numerators: ArrayLike<number>, denominators: ArrayLike<number>, confidence = 0.99): Interval {
  const count = numerators.length;
  let sumA = 0, sumB = 0;
  for (let i = 0; i < count; i++) { sumA += numerators[i]; sumB += denominators[i]; }
  if (count < 2 || sumB === 0) return { estimate: sumB === 0 ? 0 : sumA / sumB, lower: 0, upper: 1 };
  const ratio = sumA / sumB;
  const meanB = sumB / count;
  let residualSquares = 0;
  for (let i = 0; i < count; i++) { const r = numerators[i] - ratio * denominators[i]; residualSquares += r * r; }
  const standardError = Math.sqrt(residualSquares / (count - 1) / count) / meanB;
  const halfWidth = normalQuantile(confidence) * standardError;
  return { estimate: ratio, lower: ratio - halfWidth, upper: ratio + halfWidth };
}
