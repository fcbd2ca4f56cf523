/**
 * One detected configuration -> one report: the resolved parameters, the metrics from the core, the
 * diagnostics (ux.md BL001-BL007) and the hover/CodeLens content as plain data. Every view renders this.
 */
import {
  bestIntegerK, bloomFalsePositiveRate, bloomOptimalK, entropyOptimalK, exactFalsePositiveRate,
  maxElementsForBitsAndRate,
} from '../core/classic';
import type { Finding, HashingModel, ParamName } from '../detect/types';
import { formatBits, formatBytes, formatCount, formatProbability, formatReal } from './format';

export type Severity = 'error' | 'warning' | 'information' | 'hint';
export type DiagnosticCode = 'BL001' | 'BL002' | 'BL003' | 'BL004' | 'BL005' | 'BL006' | 'BL007';

/** A change to one parameter that a quick fix can write into the source. */
export interface SuggestedFix {
  readonly title: string;
  readonly param: ParamName;
  readonly value: number;
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
}

export const DEFAULT_SETTINGS: AnalysisSettings = {
  targetFalsePositiveRate: 0.01,
  maxFalsePositiveRate: 0.05,
  suboptimalKMargin: 0.2,
};

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
}

export interface FilterReport {
  readonly finding: Finding;
  readonly config: ResolvedConfig;
  readonly metrics: Metrics;
  /** What the library itself derives, plus the exact FP at capacity (cli-contract.md `scan`). */
  readonly derived: { readonly m?: number; readonly k?: number; readonly n?: number; readonly exact?: number };
  readonly diagnostics: readonly ReportDiagnostic[];
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
  const { n, p, m, k, sigma, bitsPerElement } = finding.params;
  if (p !== undefined && !validProbability(p)) problems.push(`false-positive rate p = ${p} must be strictly between 0 and 1`);
  if (m !== undefined && !(m >= 1)) problems.push(`size m = ${m} bits must be at least 1`);
  if (n !== undefined && !(n >= 1)) problems.push(`expected insertions n = ${n} must be at least 1`);
  if (k !== undefined && !(Number.isInteger(k) && k >= 1)) problems.push(`number of hash functions k = ${k} must be an integer of at least 1`);
  if (bitsPerElement !== undefined && !(bitsPerElement > 0)) problems.push(`bits per element = ${bitsPerElement} must be positive`);
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

function computeMetrics(config: ResolvedConfig, settings: AnalysisSettings): Metrics {
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
    bloomOptimalK: bloomOptimalK(mBits, n),
    entropyOptimalK: entropyOptimalK(mBits, n),
    bestK,
    capacityAtTarget,
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
      fixes: [{ title: `Set k to ${best.k}`, param: 'k', value: best.k }],
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
  const notes = finding.unevaluated.map(({ param, expression }) => `${param} comes from \`${expression}\`, not a constant.`);
  return { title: finding.title, rows, notes };
}

function lensText(config: ResolvedConfig, metrics: Metrics): string {
  const parts: string[] = [];
  if (config.mBits !== undefined) parts.push(formatBits(config.mBits));
  const k = config.k ?? metrics.bestK?.k;
  if (k !== undefined) parts.push(`k=${k}`);
  if (metrics.exactFalsePositiveRate !== undefined) parts.push(`FP ${formatProbability(metrics.exactFalsePositiveRate)}`);
  return parts.length > 0 ? `Bloom: ${parts.join(', ')}` : 'Bloom: parameters incomplete';
}

export function analyzeFinding(finding: Finding, settings: Partial<AnalysisSettings> = {}): FilterReport {
  const effective: AnalysisSettings = { ...DEFAULT_SETTINGS, ...settings };
  const config = resolve(finding);
  const invalid = invalidParameters(finding).length > 0;
  const metrics = invalid ? {} : computeMetrics(config, effective);
  return {
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
