/** Numerical building blocks shared by the models: compensated sums and log-space combinatorics. */

/** Neumaier's compensated summation: error independent of the number of terms. */
export class CompensatedSum {
  private sum = 0;
  private compensation = 0;

  add(value: number): void {
    const t = this.sum + value;
    if (Math.abs(this.sum) >= Math.abs(value)) this.compensation += (this.sum - t) + value;
    else this.compensation += (value - t) + this.sum;
    this.sum = t;
  }

  get value(): number {
    return this.sum + this.compensation;
  }
}

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Gamma(x) for x > 0 (Lanczos, g = 7; relative error about 1e-15). */
export function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** ln C(n, r) for real n >= r >= 0. */
export function lnChoose(n: number, r: number): number {
  if (r < 0 || r > n) return -Infinity;
  if (r === 0 || r === n) return 0;
  return lnGamma(n + 1) - lnGamma(r + 1) - lnGamma(n - r + 1);
}

/** (1 - x)^y computed as exp(y log1p(-x)), accurate for tiny x (math-spec: plain pow loses digits at m = 1e9). */
export function powOneMinus(x: number, y: number): number {
  if (y === 0) return 1;
  return Math.exp(y * Math.log1p(-x));
}

/** ln of the binomial pmf Binom(trials, probability)(successes). */
export function lnBinomialPmf(trials: number, probability: number, successes: number): number {
  if (successes < 0 || successes > trials) return -Infinity;
  if (probability <= 0) return successes === 0 ? 0 : -Infinity;
  if (probability >= 1) return successes === trials ? 0 : -Infinity;
  return lnChoose(trials, successes) + successes * Math.log(probability) + (trials - successes) * Math.log1p(-probability);
}
