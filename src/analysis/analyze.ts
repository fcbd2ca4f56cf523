/**
 * One detected configuration -> one report: the resolved parameters, the metrics from the core, the
 * diagnostics (ux.md BL001-BL007) and the hover/CodeLens content as plain data. Every view renders this.
 */
import {
  bestIntegerK, bloomFalsePositiveRate, bloomOptimalK, entropyOptimalK, exactFalsePositiveRate,
  maxElementsForBitsAndRate, sizeForElementsAndRate,
} from '../core/classic';
import { nBoundedRates } from '../core/recycling';
import { minBitsPerElement, paradoxOccurs, posteriorMembership, theorem1FalsePositiveRate, thresholdPrior } from '../core/paradox';
import type { Finding, HashingModel, ParamName } from '../detect/types';
import { formatBits, formatBytes, formatCount, formatProbability, formatReal } from './format';
import {
  RecyclingComparison, RecyclingComparisonRequest, recyclingHashing, RecyclingRates, recyclingRates,
} from './recycling';

export type Severity = 'error' | 'warning' | 'information' | 'hint';
export type DiagnosticCode = 'BL001' | 'BL002' | 'BL003' | 'BL004' | 'BL005' | 'BL006' | 'BL007';

/** Changes to parameters that a quick fix writes into the source (all or nothing). */
export interface SuggestedFix {
  readonly title: string;
  readonly changes: readonly { readonly param: ParamName; readonly value: number }[];
}

export interface ReportDiagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly message: string;
  readonly fixes?: readonly SuggestedFix[];
}

export interface AnalysisSettings {
  /** The FP rate capacities are computed at (bloomLens.targetFalsePositiveRate). */
  readonly targetFalsePositiveRate: number;
  /** BL002 when the exact FP at capacity exceeds this (bloomLens.maxFalsePositiveRate). */
  readonly maxFalsePositiveRate: number;
  /** BL004 when the FP with the code's k is at least this much (relative) above the best integer k. */
  readonly suboptimalKMargin: number;
  /** BL003 when average-case sizing admits at least this much (relative) more, or memory exceeds the need by it. */
  readonly conservativeMargin: number;
  /** Cost of a false negative over a false positive when an annotation gives a prior but no alpha. */
  readonly defaultAlpha: number;
}

export const DEFAULT_SETTINGS: AnalysisSettings = {
  targetFalsePositiveRate: 0.01,
  maxFalsePositiveRate: 0.05,
  suboptimalKMargin: 0.2,
  conservativeMargin: 0.2,
  defaultAlpha: 1,
};

/** Settings with every absent or out-of-range value replaced by its default (never NaN downstream). */
export function effectiveSettings(settings: Partial<AnalysisSettings>): AnalysisSettings {
  const pick = (value: number | undefined, fallback: number, valid: (v: number) => boolean): number =>
    value !== undefined && Number.isFinite(value) && valid(value) ? value : fallback;
  const probability = (v: number): boolean => v > 0 && v < 1;
  return {
    targetFalsePositiveRate: pick(settings.targetFalsePositiveRate, DEFAULT_SETTINGS.targetFalsePositiveRate, probability),
    maxFalsePositiveRate: pick(settings.maxFalsePositiveRate, DEFAULT_SETTINGS.maxFalsePositiveRate, probability),
    suboptimalKMargin: pick(settings.suboptimalKMargin, DEFAULT_SETTINGS.suboptimalKMargin, (v) => v >= 0),
    conservativeMargin: pick(settings.conservativeMargin, DEFAULT_SETTINGS.conservativeMargin, (v) => v >= 0),
    defaultAlpha: pick(settings.defaultAlpha, DEFAULT_SETTINGS.defaultAlpha, (v) => v > 0),
  };
}

/** The configuration as it will really run: the library's own derivation first, then what the code states. */
export interface ResolvedConfig {
  readonly mBits?: number;
  readonly k?: number;
  readonly n?: number;
  readonly p?: number;
  readonly hashing: HashingModel;
}

export interface Metrics {
  readonly bitsPerElement?: number;
  readonly exactFalsePositiveRate?: number;
  readonly bloomFalsePositiveRate?: number;
  readonly bloomOptimalK?: number;
  readonly entropyOptimalK?: number;
  readonly bestK?: { readonly k: number; readonly falsePositiveRate: number };
  /** Largest n whose exact FP stays within the target, with its best k. */
  readonly capacityAtTarget?: { readonly n: number; readonly k: number; readonly falsePositiveRate: number };
  /** Mean FP over the fill from empty to n (Dozier et al. eq. 2, the oracle average). */
  readonly averageFalsePositiveRate?: number;
  /** Recycling filters: N-bounded or sigma-bounded rates (Dozier et al.). */
  readonly recycling?: RecyclingRates;
  /** Worst-case vs average-case sizing (BL003), once computed. */
  readonly recyclingComparison?: RecyclingComparison;
  /** Memory the stated n and p need (exact model), for plain filters that state m too. */
  readonly neededForTarget?: { readonly mBits: number; readonly k: number; readonly falsePositiveRate: number };
  /** The Bloom paradox (Rottenstreich & Keslassy), when a prior is known. */
  readonly paradox?: ParadoxVerdict;
}

export interface ParadoxVerdict {
  readonly prior: number;
  readonly alpha: number;
  /** The FP rate the verdict uses: the exact rate at capacity, else Theorem 1's model. */
  readonly falsePositiveRate: number;
  /** Pr(x in S | the filter says yes). */
  readonly posterior: number;
  readonly paradox: boolean;
  /** Below this prior a positive answer costs more than it helps. */
  readonly thresholdPrior: number;
  /** Bits per element (Theorem 1 model) that avoid the paradox at this prior and alpha. */
  readonly minBitsPerElement: number;
}

export interface FilterReport {
  readonly finding: Finding;
  readonly config: ResolvedConfig;
  readonly metrics: Metrics;
  /** What the library itself derives, plus the exact FP at capacity (cli-contract.md `scan`). */
  readonly derived: { readonly m?: number; readonly k?: number; readonly n?: number; readonly exact?: number };
  readonly diagnostics: readonly ReportDiagnostic[];
  /** A heavy computation this report would use but was not given (the extension runs it in a worker). */
  readonly pending?: RecyclingComparisonRequest;
  readonly hover: { readonly title: string; readonly rows: readonly (readonly [string, string])[]; readonly notes: readonly string[] };
  readonly lens: string;
}

const MAX_EXACT_K = 64;

function validProbability(p: number | undefined): p is number {
  return p !== undefined && Number.isFinite(p) && p > 0 && p < 1;
}

function positive(x: number | undefined): x is number {
  return x !== undefined && Number.isFinite(x) && x > 0;
}

/** Checks the stated parameters; returns the BL001 messages. */
function invalidParameters(finding: Finding): string[] {
  const problems = [...(finding.invalid ?? [])];
  const { n, p, m, k, sigma, bitsPerElement, prior, alpha } = finding.params;
  if (p !== undefined && !validProbability(p)) problems.push(`false-positive rate p = ${p} must be strictly between 0 and 1`);
  if (m !== undefined && !(m >= 1)) problems.push(`size m = ${m} bits must be at least 1`);
  if (n !== undefined && !(n >= 1)) problems.push(`expected insertions n = ${n} must be at least 1`);
  if (k !== undefined && !(Number.isInteger(k) && k >= 1)) problems.push(`number of hash functions k = ${k} must be an integer of at least 1`);
  if (bitsPerElement !== undefined && !(bitsPerElement > 0)) problems.push(`bits per element = ${bitsPerElement} must be positive`);
  if (prior !== undefined && !validProbability(prior)) problems.push(`prior = ${prior} must be a probability strictly between 0 and 1`);
  if (alpha !== undefined && !positive(alpha)) problems.push(`alpha = ${alpha} (cost of a false negative over a false positive) must be positive`);
  const mForSigma = finding.derived.m ?? m;
  if (sigma !== undefined && mForSigma !== undefined && sigma > mForSigma) problems.push(`recycle threshold sigma = ${sigma} exceeds the filter's ${mForSigma} bits`);
  return problems;
}

function resolve(finding: Finding): ResolvedConfig {
  const { params, derived } = finding;
  const n = positive(derived.n) ? derived.n : positive(params.n) ? params.n : undefined;
  let mBits = positive(derived.m) ? derived.m : positive(params.m) ? params.m : undefined;
  if (mBits === undefined && n !== undefined && positive(params.bitsPerElement)) mBits = Math.ceil(n * params.bitsPerElement);
  const kStated = derived.k ?? params.k;
  const k = kStated !== undefined && Number.isInteger(kStated) && kStated >= 1 && kStated <= MAX_EXACT_K ? kStated : undefined;
  return {
    mBits: mBits !== undefined ? Math.round(mBits) : undefined,
    k,
    n: n !== undefined ? Math.round(n) : undefined,
    p: validProbability(params.p) ? params.p : undefined,
    hashing: params.hashing ?? 'colliding',
  };
}

function classicMetrics(config: ResolvedConfig, settings: AnalysisSettings): Metrics {
  const { mBits, n, k, hashing } = config;
  if (mBits === undefined) return {};
  const capacityAtTarget = maxElementsForBitsAndRate(mBits, settings.targetFalsePositiveRate, hashing);
  if (n === undefined) return { capacityAtTarget };
  const bestK = bestIntegerK(mBits, n, hashing);
  const kUsed = k ?? bestK.k;
  return {
    bitsPerElement: mBits / n,
    exactFalsePositiveRate: exactFalsePositiveRate(mBits, n, kUsed, hashing),
    bloomFalsePositiveRate: bloomFalsePositiveRate(mBits, n, kUsed),
    averageFalsePositiveRate: nBoundedRates(mBits, kUsed, n).oracleAverage,
    bloomOptimalK: bloomOptimalK(mBits, n),
    entropyOptimalK: entropyOptimalK(mBits, n),
    bestK,
    capacityAtTarget,
  };
}

/** The paradox verdict for a known prior (math-spec "The Bloom paradox"), using the filter's actual FP rate. */
function paradoxVerdict(finding: Finding, config: ResolvedConfig, metrics: Metrics, settings: AnalysisSettings): ParadoxVerdict | undefined {
  const prior = finding.params.prior;
  if (!validProbability(prior)) return undefined;
  const alpha = positive(finding.params.alpha) ? finding.params.alpha : settings.defaultAlpha;
  const bitsPerElement = metrics.bitsPerElement ?? finding.params.bitsPerElement;
  const falsePositiveRate = metrics.exactFalsePositiveRate
    ?? (positive(bitsPerElement) ? theorem1FalsePositiveRate(bitsPerElement) : config.p);
  if (falsePositiveRate === undefined) return undefined;
  return {
    prior,
    alpha,
    falsePositiveRate,
    posterior: posteriorMembership(prior, falsePositiveRate),
    paradox: paradoxOccurs(prior, falsePositiveRate, alpha),
    thresholdPrior: thresholdPrior(falsePositiveRate, alpha),
    minBitsPerElement: minBitsPerElement(prior, alpha),
  };
}

/** True when the code states m itself (not derived by the library from n and p). */
function statesMemory(finding: Finding): boolean {
  const kind = finding.sources.m?.kind;
  return kind !== undefined && kind !== 'derived' && kind !== 'default';
}

/** The BL003 comparison an N-bounded (worst-case sized) recycling filter needs. */
export function comparisonRequest(config: ResolvedConfig, rates: RecyclingRates | undefined): RecyclingComparisonRequest | undefined {
  if (rates?.kind !== 'n-bounded' || config.mBits === undefined || config.k === undefined || config.mBits < 2) return undefined;
  const targetRate = config.p ?? rates.worstCase; // the rate the code accepts at recycle time
  if (!(targetRate > 0 && targetRate < 1)) return undefined;
  return { mBits: config.mBits, k: config.k, messagesPerCycle: rates.messagesPerCycle, targetRate, hashing: recyclingHashing(config.hashing) };
}

function computeMetrics(finding: Finding, config: ResolvedConfig, settings: AnalysisSettings, comparison: RecyclingComparison | undefined): Metrics {
  const metrics = classicMetrics(config, settings);
  const k = config.k ?? metrics.bestK?.k;
  const recycling = recyclingRates(finding, config.mBits, k, config.n, config.hashing);
  const neededForTarget = !recycling && statesMemory(finding) && config.n !== undefined && config.p !== undefined
    ? sizeForElementsAndRate(config.n, config.p, config.hashing) : undefined;
  return {
    ...metrics,
    recycling,
    recyclingComparison: comparison,
    neededForTarget,
    paradox: paradoxVerdict(finding, config, metrics, settings),
  };
}

function sourceLabel(finding: Finding, param: ParamName): string {
  const source = finding.sources[param];
  return source ? ` (${source.kind}${source.text && source.kind !== 'annotation' ? `: \`${source.text}\`` : ''})` : '';
}

function diagnose(finding: Finding, config: ResolvedConfig, metrics: Metrics, settings: AnalysisSettings): ReportDiagnostic[] {
  const diagnostics: ReportDiagnostic[] = [];
  const invalid = invalidParameters(finding);
  if (invalid.length > 0) {
    diagnostics.push({ code: 'BL001', severity: 'error', message: `Invalid Bloom filter parameters: ${invalid.join('; ')}.` });
    return diagnostics;
  }
  const fp = metrics.exactFalsePositiveRate;
  if (fp !== undefined && fp > settings.maxFalsePositiveRate) {
    diagnostics.push({
      code: 'BL002', severity: 'warning',
      message: `False-positive rate at capacity is ${formatProbability(fp)}, above the ${formatProbability(settings.maxFalsePositiveRate)} limit (bloomLens.maxFalsePositiveRate).`,
    });
  }
  const best = metrics.bestK;
  if (fp !== undefined && best !== undefined && config.k !== undefined && config.k !== best.k && fp >= best.falsePositiveRate * (1 + settings.suboptimalKMargin)) {
    diagnostics.push({
      code: 'BL004', severity: 'information',
      message: `k = ${config.k} is far from optimal: k = ${best.k} gives ${formatProbability(best.falsePositiveRate)} instead of ${formatProbability(fp)} with the same memory.`,
      fixes: [{ title: `Set k to ${best.k}`, changes: [{ param: 'k', value: best.k }] }],
    });
  }
  diagnostics.push(...conservativeSizing(finding, config, metrics, settings));
  const paradox = metrics.paradox;
  if (paradox?.paradox) {
    const now = metrics.bitsPerElement !== undefined ? ` (now ${formatReal(metrics.bitsPerElement)})` : '';
    diagnostics.push({
      code: 'BL005', severity: 'warning',
      message: `Bloom paradox: with prior ${formatReal(paradox.prior)} and alpha ${formatReal(paradox.alpha)}, only ${formatProbability(paradox.posterior)} of positive answers are members, so trusting a positive costs more than ignoring it. `
        + `Positives pay off only for priors above ${formatReal(paradox.thresholdPrior)}; at this prior you need at least ${formatReal(paradox.minBitsPerElement)} bits per element${now}, or skip the filter for such elements.`,
    });
  }
  for (const note of finding.derived.notes ?? []) {
    diagnostics.push({ code: 'BL006', severity: 'information', message: note });
  }
  for (const { param, expression } of finding.unevaluated) {
    diagnostics.push({ code: 'BL007', severity: 'hint', message: `${param} comes from \`${expression}\`, not a constant: add a \`bloom-lens: ${param}=...\` annotation to analyse it.` });
  }
  return diagnostics;
}

function percentMore(more: number, base: number): string {
  return `${Math.round((more / base - 1) * 100)}%`;
}

/** BL003: worst-case sizing of a recycling filter, or memory far beyond what the stated target needs. */
function conservativeSizing(finding: Finding, config: ResolvedConfig, metrics: Metrics, settings: AnalysisSettings): ReportDiagnostic[] {
  const margin = 1 + settings.conservativeMargin;
  const comparison = metrics.recyclingComparison;
  const rates = metrics.recycling;
  if (comparison && rates?.kind === 'n-bounded') {
    const { messagesPerCycle, targetRate } = comparison.request;
    const sigma = comparison.capacity.sigmaBounded;
    if (sigma.messages < margin * messagesPerCycle) return [];
    const averageN = Math.max(messagesPerCycle, comparison.averageAtCodeK);
    const memory = comparison.memoryForSameMessages;
    const nIsMessages = finding.recycling?.kind === 'n-bounded' && (finding.recycling.messagesPerCycle === undefined || finding.recycling.messagesPerCycle === finding.params.n);
    return [{
      code: 'BL003', severity: 'warning',
      message: `Sized for the worst case: recycling after ${formatCount(messagesPerCycle)} messages keeps every answer's FP within ${formatProbability(targetRate)}, but the average FP over a cycle is only ${formatProbability(rates.actualAverage)}. `
        + `At the same ${formatProbability(targetRate)} average FP this memory holds ${formatCount(averageN)} messages per cycle with count-based recycling (+${percentMore(averageN, messagesPerCycle)}, same k) `
        + `or ${formatCount(sigma.messages)} when recycling once more than ${formatCount(sigma.sigma)} bits are set (+${percentMore(sigma.messages, messagesPerCycle)}, k = ${sigma.k}); `
        + `or keep ${formatCount(messagesPerCycle)} messages in ${formatBits(memory.memoryBits)} (${Math.round((1 - memory.memoryBits / comparison.request.mBits) * 100)}% less memory).`,
      fixes: nIsMessages && averageN > messagesPerCycle
        ? [{ title: `Recycle after ${averageN} messages (average-case sizing at ${formatProbability(targetRate)})`, changes: [{ param: 'n', value: averageN }] }]
        : undefined,
    }];
  }
  const needed = metrics.neededForTarget;
  if (needed && config.mBits !== undefined && config.mBits >= margin * needed.mBits) {
    const changes: { param: ParamName; value: number }[] = [{ param: 'm', value: needed.mBits }];
    if (finding.sources.k !== undefined) changes.push({ param: 'k', value: needed.k });
    return [{
      code: 'BL003', severity: 'warning',
      message: `More memory than the target needs: ${formatBits(config.mBits)} for ${formatCount(config.n ?? 0)} elements, where ${formatBits(needed.mBits)} (k = ${needed.k}) already gives ${formatProbability(needed.falsePositiveRate)} <= p = ${formatProbability(config.p ?? 0)} (${percentMore(config.mBits, needed.mBits)} more than needed).`,
      fixes: [{ title: `Resize to ${needed.mBits} bits (k = ${needed.k}) for p = ${config.p}`, changes }],
    }];
  }
  return [];
}

function hoverContent(finding: Finding, config: ResolvedConfig, metrics: Metrics, settings: AnalysisSettings): FilterReport['hover'] {
  const rows: [string, string][] = [];
  const { mBits, n, k, p } = config;
  if (mBits !== undefined) rows.push(['m', `${formatBits(mBits)} (${formatBytes(mBits / 8)})${sourceLabel(finding, 'm')}`]);
  if (n !== undefined) rows.push(['n', `${formatCount(n)}${sourceLabel(finding, 'n')}`]);
  if (metrics.bitsPerElement !== undefined) rows.push(['bits per element', formatReal(metrics.bitsPerElement)]);
  if (p !== undefined) rows.push(['target p', `${formatProbability(p)}${sourceLabel(finding, 'p')}`]);
  if (metrics.bloomOptimalK !== undefined && metrics.entropyOptimalK !== undefined && metrics.bestK !== undefined) {
    const kText = k !== undefined ? `${k}${sourceLabel(finding, 'k')}` : `${metrics.bestK.k} (best integer; not stated)`;
    rows.push(['k', `${kText}; optimal ${formatReal(metrics.bloomOptimalK, 4)} (Bloom), ${formatReal(metrics.entropyOptimalK, 4)} (entropy), best integer ${metrics.bestK.k}`]);
  } else if (k !== undefined) {
    rows.push(['k', `${k}${sourceLabel(finding, 'k')}`]);
  }
  if (metrics.exactFalsePositiveRate !== undefined) rows.push(['FP at capacity (exact)', formatProbability(metrics.exactFalsePositiveRate)]);
  if (metrics.bloomFalsePositiveRate !== undefined) rows.push(["FP at capacity (Bloom's formula)", formatProbability(metrics.bloomFalsePositiveRate)]);
  if (metrics.capacityAtTarget !== undefined) {
    rows.push([`capacity at ${formatProbability(settings.targetFalsePositiveRate)}`, `${formatCount(metrics.capacityAtTarget.n)} elements (k = ${metrics.capacityAtTarget.k})`]);
  }
  if (metrics.averageFalsePositiveRate !== undefined && !metrics.recycling) rows.push(['average FP over the fill', formatProbability(metrics.averageFalsePositiveRate)]);
  rows.push(...recyclingRows(metrics));
  const paradox = metrics.paradox;
  if (paradox !== undefined) {
    rows.push(['Bloom paradox', paradox.paradox
      ? `YES at prior ${formatReal(paradox.prior)}, alpha ${formatReal(paradox.alpha)}: a positive is a member only ${formatProbability(paradox.posterior)} of the time; needs ${formatReal(paradox.minBitsPerElement)} bits/element`
      : `no at prior ${formatReal(paradox.prior)}, alpha ${formatReal(paradox.alpha)} (a positive is a member ${formatProbability(paradox.posterior)} of the time; threshold prior ${formatReal(paradox.thresholdPrior)})`]);
  }
  const notes = finding.unevaluated.map(({ param, expression }) => `${param} comes from \`${expression}\`, not a constant.`);
  return { title: finding.title, rows, notes };
}

function recyclingRows(metrics: Metrics): [string, string][] {
  const rates = metrics.recycling;
  if (!rates) return [];
  const rows: [string, string][] = [];
  if (rates.kind === 'n-bounded') {
    rows.push(['recycling', `N-bounded: cleared after ${formatCount(rates.messagesPerCycle)} messages`]);
    rows.push(['FP just before recycling (worst case)', formatProbability(rates.worstCase)]);
    rows.push(['average FP per cycle', `${formatProbability(rates.actualAverage)} (oracle ${formatProbability(rates.oracleAverage)})`]);
  } else {
    const approx = rates.model === 'approximate' ? ` (continuum model, relative error < ${rates.relativeErrorBound.toExponential(1)})` : '';
    rows.push(['recycling', `sigma-bounded: cleared once more than ${formatCount(rates.sigmaBits)} bits are set, ${rates.retain ? 'retaining' : 'non-retaining'}, ${rates.phases} phase${rates.phases === 2 ? 's' : ''}`]);
    rows.push(['average FP over new messages', `${formatProbability(rates.falsePositiveRate)}${approx}`]);
    rows.push(['messages per cycle E[N0]', formatCount(rates.expectedMessagesPerCycle)]);
  }
  const comparison = metrics.recyclingComparison;
  if (comparison) {
    const { capacity, request } = comparison;
    rows.push([`capacity at ${formatProbability(request.targetRate)} average FP`,
      `worst case ${formatCount(capacity.worstCase.messages)} · average ${formatCount(capacity.average.messages)} · sigma-bounded ${formatCount(capacity.sigmaBounded.messages)} · two-phase ${formatCount(capacity.twoPhase.messages)} per active cycle`]);
  }
  return rows;
}

function lensText(config: ResolvedConfig, metrics: Metrics): string {
  const parts: string[] = [];
  if (config.mBits !== undefined) parts.push(formatBits(config.mBits));
  const k = config.k ?? metrics.bestK?.k;
  if (k !== undefined) parts.push(`k=${k}`);
  const rates = metrics.recycling;
  if (rates?.kind === 'sigma-bounded') {
    parts.push(`avg FP ${formatProbability(rates.falsePositiveRate)}, ${formatCount(rates.expectedMessagesPerCycle)} msgs/cycle`);
  } else if (rates?.kind === 'n-bounded') {
    parts.push(`FP ${formatProbability(rates.worstCase)} (avg ${formatProbability(rates.actualAverage)})`);
  } else if (metrics.exactFalsePositiveRate !== undefined) {
    const average = metrics.averageFalsePositiveRate !== undefined ? ` (avg ${formatProbability(metrics.averageFalsePositiveRate)})` : '';
    parts.push(`FP ${formatProbability(metrics.exactFalsePositiveRate)}${average}`);
  }
  return parts.length > 0 ? `Bloom: ${parts.join(', ')}` : 'Bloom: parameters incomplete';
}

/**
 * Analyses one finding. `comparisons` supplies the heavy BL003 comparison when available: the CLI computes
 * it inline (computeRecyclingComparison), the extension in a worker; without it the report says what it
 * would need in `pending`.
 */
export function analyzeFinding(
  finding: Finding,
  settings: Partial<AnalysisSettings> = {},
  comparisons?: (request: RecyclingComparisonRequest) => RecyclingComparison | undefined,
): FilterReport {
  const effective = effectiveSettings(settings);
  const config = resolve(finding);
  const invalid = invalidParameters(finding).length > 0;
  let metrics: Metrics = {};
  let pending: RecyclingComparisonRequest | undefined;
  if (!invalid) {
    const base = computeMetrics(finding, config, effective, undefined);
    const request = comparisonRequest(config, base.recycling);
    const comparison = request ? comparisons?.(request) : undefined;
    metrics = comparison ? { ...base, recyclingComparison: comparison } : base;
    pending = request && !comparison ? request : undefined;
  }
  return {
    pending,
    finding,
    config,
    metrics,
    derived: {
      m: finding.derived.m ?? config.mBits,
      k: finding.derived.k ?? config.k ?? metrics.bestK?.k,
      n: finding.derived.n ?? config.n,
      exact: metrics.exactFalsePositiveRate,
    },
    diagnostics: diagnose(finding, config, metrics, effective),
    hover: hoverContent(finding, config, metrics, effective),
    lens: lensText(config, metrics),
  };
}
