/**
 * The designer's answer strip: m, k, the headline FP at capacity, the capacity at the target and a verdict in
 * words. The FP comes from src/analysis/headline.ts (`headlineRate`), the same function the hover and CodeLens
 * lead with, so a library-faithful model replaces it everywhere at once. Pure: no DOM.
 */
import type { Metrics, ResolvedConfig } from '../src/analysis/analyze';
import { formatBits, formatBytes, formatCount, formatProbability, formatRateBeside, formatVerdict, Verdict } from '../src/analysis/format';
import { headlineRate } from '../src/analysis/headline';
import { maxElementsForBitsAndRate } from '../src/core/classic';
import { layoutMaxElementsForBitsAndRate, layoutModelId, layoutModelName } from '../src/libraries/layouts';
import type { Design } from './solve';

export interface DesignSummary {
  readonly memory: string;
  /** Exact bits, for a tooltip. */
  readonly memoryTitle: string;
  readonly k: string;
  /** The headline FP at capacity (n elements), formatted; "—" when none can be computed. */
  readonly falsePositive: string;
  readonly falsePositiveTitle: string;
  /** The model that gave the headline FP, in words. */
  readonly model: string;
  readonly elements: string;
  /** Largest n whose FP stays within the capacity target (best integer k). */
  readonly capacity: string;
  readonly capacityTarget: string;
  /** Against the design's p when one is given, else the capacity target. */
  readonly target: number;
  readonly verdict: Verdict;
}

/** The design as analysis sees a detected configuration (so headlineRate reads it exactly as it reads code). */
export function designAsConfig(design: Design): { config: ResolvedConfig; metrics: Metrics } {
  const config: ResolvedConfig = {
    mBits: design.mBits, k: design.k, n: design.n, elements: design.n, hashing: design.hashing,
    ...(design.targetGiven ? { p: design.p } : {}),
    targetRate: design.targetGiven ? design.p : design.capacityTarget,
  };
  // A blocked or split-block layout is read as a library's layout: its model leads, the textbook rate second.
  const libraryRate = design.layout.kind === 'classic' ? undefined : {
    falsePositiveRate: design.falsePositiveRate, perElement: false, modelId: layoutModelId(design.layout),
    model: layoutModelName(design.layout), classicRate: design.classicFalsePositiveRate,
  };
  const metrics: Metrics = { bitsPerElement: design.mBits / design.n, exactFalsePositiveRate: design.classicFalsePositiveRate, ...(libraryRate ? { libraryRate } : {}) };
  return { config, metrics };
}

export function designSummary(design: Design): DesignSummary {
  const { config, metrics } = designAsConfig(design);
  const headline = headlineRate(config, metrics);
  const target = config.targetRate;
  const rate = headline?.falsePositiveRate;
  let capacity = '—';
  try {
    capacity = formatCount(design.layout.kind === 'classic'
      ? maxElementsForBitsAndRate(design.mBits, design.capacityTarget, design.hashing).n
      : layoutMaxElementsForBitsAndRate(design.layout, design.mBits, design.capacityTarget).n);
  } catch {
    // an extreme design the capacity search refuses: leave the dash
  }
  return {
    memory: `${formatBits(design.mBits)} (${formatBytes(design.mBits / 8)})`,
    memoryTitle: `${design.mBits} bits`,
    k: String(design.k),
    falsePositive: rate !== undefined ? formatRateBeside(rate, target) : '—',
    falsePositiveTitle: rate !== undefined ? String(rate) : '',
    model: headline?.model ?? '',
    elements: formatCount(design.n),
    capacity,
    capacityTarget: formatProbability(design.capacityTarget),
    target,
    verdict: rate !== undefined ? formatVerdict(rate, target) : { meets: false, withinTolerance: false, rate: '—', text: 'no rate', detail: 'no rate' },
  };
}
