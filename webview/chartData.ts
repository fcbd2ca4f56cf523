/**
 * Data for the designer's light charts (FP vs items, FP vs k, the paradox region), built from the core's
 * models. Pure: no DOM, no Chart.js; each builder returns plain series the UI hands to Chart.js, plus a text
 * alternative. Cost: a few hundred O(k^2) exact evaluations at most (well under a millisecond).
 */
import { bestIntegerK, bloomFalsePositiveRate, bloomOptimalK, entropyOptimalK, exactFalsePositiveRate, MAX_HASHES } from '../src/core/classic';
import { minBitsPerElement } from '../src/core/paradox';
import { formatCount, formatProbability, formatReal } from '../src/analysis/format';
import { layoutFalsePositiveRate, layoutModelName } from '../src/libraries/layouts';
import type { Design } from './solve';

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Series {
  readonly label: string;
  readonly points: readonly Point[];
  /** Drawn as a dashed line (targets, bounds). */
  readonly dashed?: boolean;
  /** Drawn as markers only. */
  readonly markers?: boolean;
}

export interface ChartData {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly xLog?: boolean;
  readonly yLog?: boolean;
  readonly series: readonly Series[];
  /** Bar chart: the x values are indexes into these labels. */
  readonly categories?: readonly string[];
  /** A sentence or two that says what the chart shows, for screen readers and the exported report. */
  readonly summary: string;
}

const POINTS = 60;

/**
 * FP vs items inserted: the exact instantaneous rate, Bloom's formula, the running average of the exact
 * rate over the items inserted so far (what the queries made during the fill see on average), and the target.
 */
export function fpVsItems(design: Design): ChartData {
  const { mBits, k, hashing, n } = design;
  const xMax = Math.max(2, Math.round(design.sigmaBits === undefined ? 1.5 * n : 1.5 * n));
  const fine = POINTS * 4;
  const exact: Point[] = [];
  const bloom: Point[] = [];
  const average: Point[] = [];
  const layoutPoints: Point[] = [];
  const layout = design.layout;
  // Running average: the mean exact FP seen by the queries made while the first x items went in,
  // (1/x) sum_{i=0..x-1} f(i), by the trapezoid rule on a grid 4x finer than the plot.
  let integral = 0;
  let previous = 0;
  let previousX = 0;
  for (let i = 1; i <= fine; i++) {
    const x = Math.max(1, Math.round((xMax * i) / fine));
    if (x === previousX) continue;
    const f = exactFalsePositiveRate(mBits, x, k, hashing);
    integral += ((f + previous) / 2) * (x - previousX);
    previous = f;
    previousX = x;
    if (i % 4 === 0) {
      exact.push({ x, y: f });
      bloom.push({ x, y: bloomFalsePositiveRate(mBits, x, k) });
      if (layout.kind !== 'classic') layoutPoints.push({ x, y: layoutFalsePositiveRate(layout, mBits, x, k) });
      // (1/x) sum_{i<x} f(i): the trapezoid integral minus its end correction f(x)/2 (Euler-Maclaurin, f(0) = 0)
      average.push({ x, y: (integral - f / 2) / x });
    }
  }
  const series: Series[] = [
    ...(layout.kind !== 'classic' ? [{ label: layoutModelName(layout), points: layoutPoints }] : []),
    { label: layout.kind !== 'classic' ? 'exact, textbook filter (instantaneous)' : 'exact (instantaneous)', points: exact },
    { label: "Bloom's formula", points: bloom, dashed: true },
    { label: 'running average (exact)', points: average },
  ];
  const target = design.targetGiven ? design.p : design.capacityTarget;
  series.push({ label: `target ${formatProbability(target)}`, points: [{ x: exact[0]?.x ?? 1, y: target }, { x: xMax, y: target }], dashed: true });
  const atN = design.classicFalsePositiveRate;
  const layoutAtN = layout.kind !== 'classic' ? ` The ${layoutModelName(layout)} delivers ${formatProbability(design.falsePositiveRate)} at n.` : '';
  const avgAtN = average.reduce((best, p) => (Math.abs(p.x - n) < Math.abs(best.x - n) ? p : best), average[0] ?? { x: n, y: 0 });
  return {
    title: 'False-positive rate vs items inserted',
    xLabel: 'items inserted', yLabel: 'false-positive rate', yLog: true,
    series,
    summary: `With m = ${formatCount(mBits)} bits and k = ${k}, the exact false-positive rate reaches ${formatProbability(atN)} at n = ${formatCount(n)} items `
      + `(Bloom's formula: ${formatProbability(bloomFalsePositiveRate(mBits, n, k))}); averaged over the fill up to about n it is ${formatProbability(avgAtN.y)}. Target: ${formatProbability(target)}.${layoutAtN}`,
  };
}

/** Exact and Bloom FP vs k at the design's m and n, with Bloom's k*, the entropy k* and the best integer k marked. */
export function fpVsK(design: Design): ChartData & { readonly bestK: number; readonly bloomK: number; readonly entropyK: number } {
  const { mBits, n, hashing } = design;
  const best = bestIntegerK(mBits, n, hashing);
  const bloomK = bloomOptimalK(mBits, n);
  const entropyK = entropyOptimalK(mBits, n);
  const limit = hashing === 'colliding' ? MAX_HASHES : Math.min(MAX_HASHES, mBits);
  const kMax = Math.min(limit, Math.max(best.k * 2 + 2, design.k + 2, 8));
  const exact: Point[] = [];
  const bloom: Point[] = [];
  const layout = design.layout;
  const layoutPoints: Point[] = [];
  for (let k = 1; k <= kMax; k++) {
    exact.push({ x: k, y: exactFalsePositiveRate(mBits, n, k, hashing) });
    bloom.push({ x: k, y: bloomFalsePositiveRate(mBits, n, k) });
    if (layout.kind === 'blocked') layoutPoints.push({ x: k, y: layoutFalsePositiveRate(layout, mBits, n, k) });
  }
  // A split-block filter has k = 8 only: one point.
  if (layout.kind === 'split-block') layoutPoints.push({ x: design.k, y: design.falsePositiveRate });
  const markerY = (k: number): number => bloomFalsePositiveRate(mBits, n, Math.max(k, 1e-9));
  return {
    title: 'False-positive rate vs number of hash functions k',
    xLabel: 'k (hash functions)', yLabel: 'false-positive rate at n', yLog: true,
    series: [
      ...(layout.kind !== 'classic' ? [{ label: layoutModelName(layout), points: layoutPoints, ...(layout.kind === 'split-block' ? { markers: true } : {}) }] : []),
      { label: layout.kind !== 'classic' ? 'exact, textbook filter' : 'exact', points: exact },
      { label: "Bloom's formula", points: bloom, dashed: true },
      { label: `Bloom's k* = ${formatReal(bloomK, 4)}`, points: [{ x: bloomK, y: markerY(bloomK) }], markers: true },
      { label: `entropy k* = ${formatReal(entropyK, 4)}`, points: [{ x: entropyK, y: markerY(entropyK) }], markers: true },
      { label: `best integer k = ${best.k}`, points: [{ x: best.k, y: best.falsePositiveRate }], markers: true },
      { label: `your k = ${design.k}`, points: [{ x: design.k, y: exactFalsePositiveRate(mBits, n, design.k, hashing) }], markers: true },
    ],
    bestK: best.k, bloomK, entropyK,
    summary: `At m = ${formatCount(mBits)} bits and n = ${formatCount(n)}, the best integer k is ${best.k} (exact FP ${formatProbability(best.falsePositiveRate)}); `
      + `Bloom's k* = ${formatReal(bloomK, 4)}, entropy k* = ${formatReal(entropyK, 4)}; your k = ${design.k} gives ${formatProbability(exactFalsePositiveRate(mBits, n, design.k, hashing))}.`,
  };
}

export const PARADOX_ALPHAS: readonly number[] = [0.1, 1, 10, 100];

/**
 * The paradox region (Bloom paradox, Fig. 2b): minimal bits per element to avoid the paradox vs the prior,
 * one curve per alpha (and the design's alpha); below a curve the paradox occurs. Current point marked.
 */
export function paradoxRegion(design: Design): ChartData {
  const alphas = [...PARADOX_ALPHAS];
  if (!alphas.includes(design.alpha)) alphas.push(design.alpha);
  alphas.sort((a, b) => a - b);
  const series: Series[] = alphas.map((alpha) => {
    const points: Point[] = [];
    for (let i = 0; i <= POINTS; i++) {
      const prior = 10 ** (-9 + (i * (Math.log10(0.5) + 9)) / POINTS);
      points.push({ x: prior, y: minBitsPerElement(prior, alpha) });
    }
    return { label: `alpha = ${formatReal(alpha)}`, points, dashed: alpha !== design.alpha };
  });
  const bitsPerElement = design.mBits / design.n;
  let summary = `Minimal bits per element to avoid the Bloom paradox, for alpha in ${alphas.map((a) => formatReal(a)).join(', ')}; the design has ${formatReal(bitsPerElement)} bits per element.`;
  if (design.prior !== undefined) {
    const needed = minBitsPerElement(design.prior, design.alpha);
    series.push({ label: `this design (prior ${formatProbability(design.prior)})`, points: [{ x: design.prior, y: bitsPerElement }], markers: true });
    summary += ` At prior ${formatProbability(design.prior)} and alpha ${formatReal(design.alpha)} it needs ${formatReal(needed)}: ${bitsPerElement >= needed ? 'no paradox' : 'the paradox occurs (a positive answer costs more than it helps)'}.`;
  } else {
    summary += ' Give a prior to place the design on the chart.';
  }
  return { title: 'Bloom paradox region', xLabel: 'prior Pr(x in S)', yLabel: 'minimal bits per element', xLog: true, series, summary };
}
