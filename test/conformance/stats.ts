/**
 * The comparison rule of the conformance suite. A measured FP f̂ = positives / queries has a binomial
 * standard deviation sqrt(f̂(1 − f̂)/Q). When the queries come in R groups that share a filter (R small
 * filters, or R PostgreSQL queries each against every row), the groups are not independent draws, so the
 * standard deviation is also estimated between groups, sqrt(Var(f_r)/R), and the larger of the two is used.
 * A model value passes when |model − f̂| ≤ z_{0.9995} · sd + tolerance · model; when the model is itself a
 * seeded estimate with standard deviation s_model, sd is sqrt(sd² + s_model²).
 */

/** Two-sided 99.9 % normal quantile. */
export const Z_999 = 3.2905267314919255;

export interface Measurement {
  readonly queries: number;
  readonly positives: number;
  /** Number of query groups (filters or probe values); 1 for one filter. */
  readonly groups: number;
  /** Σ over groups of (group rate)², when groups > 1 (equal group sizes). */
  readonly sumSquares?: number;
}

export interface Interval {
  readonly rate: number;
  readonly sd: number;
  readonly sdBinomial: number;
  readonly sdBetweenGroups?: number;
  readonly low: number;
  readonly high: number;
}

export function measuredInterval(measurement: Measurement): Interval {
  const { queries, positives, groups } = measurement;
  const rate = positives / queries;
  // With no positive at all, use the rule-of-three-like floor 1/Q so the interval is not degenerate.
  const sdBinomial = Math.sqrt(Math.max(rate * (1 - rate), 1 / queries) / queries);
  let sdBetweenGroups: number | undefined;
  if (groups >= 20 && measurement.sumSquares !== undefined) {
    const variance = Math.max(0, (measurement.sumSquares - groups * rate * rate) / (groups - 1));
    sdBetweenGroups = Math.sqrt(variance / groups);
  }
  const sd = Math.max(sdBinomial, sdBetweenGroups ?? 0);
  return { rate, sd, sdBinomial, ...(sdBetweenGroups !== undefined ? { sdBetweenGroups } : {}), low: Math.max(0, rate - Z_999 * sd), high: Math.min(1, rate + Z_999 * sd) };
}

export interface Verdict {
  readonly pass: boolean;
  /** |model − f̂| in standard deviations. */
  readonly zScore: number;
  /** The allowed |model − f̂|: z · sd + tolerance · model. */
  readonly allowed: number;
  /** model / f̂ − 1. */
  readonly relativeError: number;
}

/** modelSd: the model's own standard deviation when it is itself a seeded estimate (added in quadrature). */
export function compareRate(model: number, interval: Interval, tolerance: number, modelSd = 0): Verdict {
  const difference = Math.abs(model - interval.rate);
  const sd = Math.sqrt(interval.sd * interval.sd + modelSd * modelSd);
  const allowed = Z_999 * sd + tolerance * model;
  return {
    pass: difference <= allowed,
    zScore: sd > 0 ? difference / sd : Infinity,
    allowed,
    relativeError: interval.rate > 0 ? model / interval.rate - 1 : Infinity,
  };
}
