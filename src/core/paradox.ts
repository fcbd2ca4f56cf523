/**
 * The Bloom paradox for plain Bloom filters (Rottenstreich & Keslassy, sections III-IV; math-spec.md
 * "The Bloom paradox").
 *
 * Costs follow Table I of the paper: a correct answer costs nothing (W_P = W_N = 0), a false positive
 * costs W_FP and a false negative costs W_FN = alpha * W_FP. All costs here are in units of W_FP.
 * "prior" is Pr(x in S) before the filter is queried; "falsePositiveRate" is the filter's actual FP
 * rate for a non-member, from whatever hashing model the caller uses.
 */

/** Theorem 1's model of the FP rate: real k = ln2 * m/n, half the bits set, f = 2^(-ln2 * m/n). */
export function theorem1FalsePositiveRate(bitsPerElement: number): number {
  if (!(bitsPerElement >= 0) || !Number.isFinite(bitsPerElement)) {
    throw new RangeError(`bitsPerElement must be a finite number >= 0, got ${bitsPerElement}`);
  }
  return Math.pow(2, -Math.LN2 * bitsPerElement); // Rottenstreich & Keslassy, proof of Theorem 1
}

/** Pr(x in S | BF = 1) = p / (p + f (1 - p)) (math-spec; proof of Theorem 1). */
export function posteriorMembership(prior: number, falsePositiveRate: number): number {
  checkProbability('prior', prior);
  checkProbability('falsePositiveRate', falsePositiveRate);
  if (prior === 0) return 0;
  return prior / (prior + falsePositiveRate * (1 - prior));
}

/** Expected costs (units of W_FP) of answering positive / negative after the filter said positive. */
export function positiveAnswerCosts(prior: number, falsePositiveRate: number, alpha: number): { positive: number; negative: number } {
  checkAlpha(alpha);
  const posterior = posteriorMembership(prior, falsePositiveRate);
  return { positive: 1 - posterior, negative: alpha * posterior }; // E_1(x), E_0(x), proof of Theorem 1
}

/**
 * The paradox: after a positive answer of the filter, answering "positive" costs strictly more than
 * answering "negative": f (1 - p) > alpha p (generalised Theorem 1; equality is no paradox).
 */
export function paradoxOccurs(prior: number, falsePositiveRate: number, alpha: number): boolean {
  checkProbability('prior', prior);
  checkProbability('falsePositiveRate', falsePositiveRate);
  checkAlpha(alpha);
  return falsePositiveRate * (1 - prior) > alpha * prior;
}

/** The prior below which the paradox occurs: p < f / (f + alpha) (math-spec; Theorem 1 generalised). */
export function thresholdPrior(falsePositiveRate: number, alpha: number): number {
  checkProbability('falsePositiveRate', falsePositiveRate);
  checkAlpha(alpha);
  return falsePositiveRate / (falsePositiveRate + alpha);
}

/** Theorem 1: the paradox occurs iff p < 1 / (1 + alpha 2^(ln2 m/n)). */
export function theorem1ThresholdPrior(bitsPerElement: number, alpha: number): number {
  return thresholdPrior(theorem1FalsePositiveRate(bitsPerElement), alpha);
}

/**
 * Fig. 2(b): the smallest bits per element (Theorem 1 model) at which the paradox no longer occurs:
 * m/n >= ln((1 - p) / (alpha p)) / (ln 2)^2, clamped at 0 (0: the paradox cannot occur at this prior).
 * alpha = 1, p = 1e-6 gives 28.7552 (printed 28.7). At exactly this value both answers cost the same.
 */
export function minBitsPerElement(prior: number, alpha: number): number {
  checkOpenProbability('prior', prior);
  checkAlpha(alpha);
  const bits = (Math.log1p(-prior) - Math.log(prior) - Math.log(alpha)) / (Math.LN2 * Math.LN2);
  return Math.max(0, bits);
}

/**
 * Integer-k variant of Fig. 2(b): the smallest real b = m/n such that some integer k gives
 * (1 - e^(-k/b))^k <= alpha p / (1 - p). Essentially equal to minBitsPerElement (math-spec).
 */
export function minBitsPerElementIntegerK(prior: number, alpha: number): number {
  checkOpenProbability('prior', prior);
  checkAlpha(alpha);
  const target = (alpha * prior) / (1 - prior);
  if (target >= 1) return 0;
  const best = (b: number): number => bestIntegerKBloomRate(b).falsePositiveRate;
  let low = 0;
  let high = Math.max(1, minBitsPerElement(prior, alpha) * 2 + 2);
  while (best(high) > target) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-12 * high; i++) {
    const mid = (low + high) / 2;
    if (mid > 0 && best(mid) <= target) high = mid;
    else low = mid;
  }
  return high;
}

/** min over integer k >= 1 of (1 - e^(-k/b))^k and the k attaining it (ties to the smaller k). */
export function bestIntegerKBloomRate(bitsPerElement: number): { hashes: number; falsePositiveRate: number } {
  if (!(bitsPerElement > 0) || !Number.isFinite(bitsPerElement)) {
    throw new RangeError(`bitsPerElement must be a finite number > 0, got ${bitsPerElement}`);
  }
  const centre = Math.max(1, Math.round(Math.LN2 * bitsPerElement));
  let bestK = 1;
  let bestRate = Infinity;
  for (let k = Math.max(1, centre - 2); k <= centre + 2; k++) {
    const rate = bloomApproximateRate(bitsPerElement, k);
    if (rate < bestRate) { bestRate = rate; bestK = k; }
  }
  return { hashes: bestK, falsePositiveRate: bestRate };
}

/** (1 - e^(-k/b))^k: Bloom's approximation with k hashes at b bits per element (Table II's "BF fpr"). */
export function bloomApproximateRate(bitsPerElement: number, hashes: number): number {
  if (bitsPerElement === Infinity) return 0;
  return Math.pow(-Math.expm1(-hashes / bitsPerElement), hashes);
}

export function checkProbability(name: string, value: number): void {
  if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} must be a probability in [0, 1], got ${value}`);
}

export function checkOpenProbability(name: string, value: number): void {
  if (!(value > 0 && value < 1)) throw new RangeError(`${name} must be strictly between 0 and 1, got ${value}`);
}

export function checkAlpha(alpha: number): void {
  if (!(alpha > 0) || !Number.isFinite(alpha)) {
    throw new RangeError(`alpha (the false-negative to false-positive cost ratio) must be a finite number > 0, got ${alpha}`);
  }
}
