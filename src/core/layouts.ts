/**
 * TEMPORARY STUB in branch h-libs, to be replaced by H1's src/core/layouts.ts (tag core-layouts) at merge.
 * Same names and signatures. Block load ~ Poisson(n·B/m) (the large-n limit of the binomial).
 */
const TAIL_SDS = 40;

function poissonSum(mean: number, term: (load: number) => number): number {
  const upper = Math.ceil(mean + TAIL_SDS * Math.sqrt(Math.max(mean, 1)) + 10);
  let logPmf = -mean; // i = 0
  let total = 0;
  for (let i = 0; i <= upper; i++) {
    if (i > 0) logPmf += Math.log(mean) - Math.log(i);
    total += Math.exp(logPmf) * term(i);
  }
  return Math.min(1, total);
}

export function blockedFalsePositiveRatePerElement(bitsPerElement: number, k: number, blockBits: number): number {
  return poissonSum(blockBits / bitsPerElement, (load) => (1 - (1 - 1 / blockBits) ** (k * load)) ** k);
}

export function blockedFalsePositiveRate(mBits: number, n: number, k: number, blockBits: number): number {
  return blockedFalsePositiveRatePerElement(mBits / n, k, blockBits);
}

export function splitBlockFalsePositiveRatePerElement(bitsPerElement: number): number {
  return poissonSum(256 / bitsPerElement, (load) => (1 - (1 - 1 / 32) ** load) ** 8);
}

export function splitBlockFalsePositiveRate(mBits: number, n: number): number {
  return splitBlockFalsePositiveRatePerElement(mBits / n);
}
