/**
 * One detected configuration -> one report: the resolved parameters, the metrics from the core, the
 * diagnostics (ux.md BL001-BL007) and the hover/CodeLens content as plain data. Every view renders this.
 */
import {
  bestIntegerK, bloomFalsePositiveRate, bloomOptimalK, entropyOptimalK, exactFalsePositiveRate, MAX_HASHES,
  maxElementsForBitsAndRate, maxElementsForBitsRateAndK, sizeForElementsAndRate,
} from '../core/classic';
import { nBoundedRates } from '../core/recyclingCapacity';
import {
  bestIntegerKBloomRate, bloomApproximateRate, minBitsPerElement, paradoxOccurs, posteriorMembership, theorem1FalsePositiveRate,
  thresholdPrior,
} from '../core/paradox';
import type { Finding, HashingModel, ParamName } from '../detect/types';
import { filterBitsForKeys, modelForRecognizer } from '../libraries';
import { analyzeFingerprintFilter, FingerprintReport } from './fingerprintReport';
import type { SmallerAlternative } from './alternatives';
import { HeadlineRate, headlineRate } from './headline';
import { formatBits, formatBytes, formatCount, formatProbability, formatRateBeside, formatReal, formatVerdict } from './format';
import {
  RecyclingComparison, RecyclingComparisonRequest, recyclingHashing, RecyclingRates, recyclingRates, sigmaBitsFor,
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
  /** At most MAX_DIAGNOSTIC_MESSAGE_LENGTH characters (two lines of an editor hover), so the hover below it keeps its answer and table in view. */
  readonly message: string;
  /** The whole explanation, when the message is a summary: a row of the hover table (and the CLI's text output). */
  readonly detail?: string;
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
  /** The FP target the code states. */
  readonly p?: number;
  readonly hashing: HashingModel;
  /** Bits per element, when the library sizes per element and n is unknown (RocksDB, Cassandra, ClickHouse). */
  readonly bitsPerElement?: number;
  /** The bits per key the code configures (libraries sized per element), kept when n is known too (Ribbon's setting). */
  readonly configuredBitsPerElement?: number;
  /** Elements the filter holds at capacity: n, or an N-bounded recycling filter's messages per cycle. */
  readonly elements?: number;
  /** The library computes k = 0 (Bitcoin's CBloomFilter with too little memory): every query matches. */
  readonly matchesEverything?: boolean;
  /** Neither the code nor its library gives m: Bloom Lens sized the filter for the stated n and p (exact model). */
  readonly sizedForTarget?: boolean;
  /** The FP rate capacities are computed at: the stated p, else bloomLens.targetFalsePositiveRate. */
  readonly targetRate: number;
  /** The recogniser that found it (selects the library module and its FP model, src/libraries). */
  readonly recognizer?: string;
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
  /** Largest n within the target with the code's own k, when that is not the best k. */
  readonly capacityWithCodeK?: { readonly n: number; readonly k: number };
  /** Per-element sizing without n: Bloom's formula in the large-n limit, (1 - e^(-k/b))^k (Fan et al. eq. 2). */
  readonly perElementFalsePositiveRate?: number;
  /** Mean FP over the fill from empty to capacity (Dozier et al. eq. 2, the oracle average). */
  readonly averageFalsePositiveRate?: number;
  /** Recycling filters: N-bounded or sigma-bounded rates (Dozier et al.). */
  readonly recycling?: RecyclingRates;
  /** Worst-case vs average-case sizing (BL003), once computed. */
  readonly recyclingComparison?: RecyclingComparison;
  /** Memory the stated n and p need (exact model), for plain filters that state m too. */
  readonly neededForTarget?: { readonly mBits: number; readonly k: number; readonly falsePositiveRate: number };
  /** How the library's own rounding and caps move the FP and memory away from what the code asks (BL006). */
  readonly libraryEffect?: LibraryEffect;
  /** The Bloom paradox (Rottenstreich & Keslassy), when a prior is known. */
  readonly paradox?: ParadoxVerdict;
  /** The FP of the library's own layout (blocked, split-block, Ribbon), when it is not the textbook filter. */
  readonly libraryRate?: LibraryRate;
  /** The rate every view leads with (headlineRate): the library's model, else the exact or per-element rate. */
  readonly headline?: HeadlineRate;
}

/** The FP a filter of the library's layout delivers, next to the textbook rate for the same m, n, k (or bits per key). */
export interface LibraryRate {
  readonly falsePositiveRate: number;
  readonly perElement: boolean;
  /** Model id, e.g. "blocked-512", "split-block", "ribbon". */
  readonly modelId: string;
  /** Model in words, e.g. "RocksDB blocked filter (512-bit blocks)". */
  readonly model: string;
  /** The textbook rate for the same parameters (exact at capacity, Bloom's formula per element). */
  readonly classicRate?: number;
}

/** The library's sizing against what the code states (BL006). */
export interface LibraryEffect {
  /** FP at capacity with the library's m and k (or per element). */
  readonly falsePositiveRate: number;
  /** The FP the code asks for: its p, or the exact FP with its own m and k. */
  readonly referenceRate: number;
  /** Memory the library allocates (bits, or bits per element when n is unknown). */
  readonly memory?: number;
  /** Memory the stated parameters call for: the stated m, or the textbook -n ln p / (ln 2)^2 (per element: -ln p / (ln 2)^2). */
  readonly referenceMemory?: number;
  readonly perElement: boolean;
  /** True when the memory is at least LIBRARY_EFFECT_MARGIN (relative) away from the reference. */
  readonly memoryNoticeable: boolean;
  /** True when the FP is at least LIBRARY_EFFECT_MARGIN (relative) away from the reference. */
  readonly rateNoticeable: boolean;
}

export interface ParadoxVerdict {
  readonly prior: number;
  readonly alpha: number;
  /** The FP rate the verdict uses: the filter's own (exact at capacity, recycling average), else Theorem 1's model. */
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
  /**
   * What the library itself derives, plus the exact FP at capacity (cli-contract.md `scan`), the headline FP (`fp`: at
   * capacity, or per element when n is unknown) and the id of the model that gave it (`model`).
   */
  readonly derived: { readonly m?: number; readonly k?: number; readonly n?: number; readonly exact?: number; readonly fp?: number; readonly model?: string };
  readonly diagnostics: readonly ReportDiagnostic[];
  /** A heavy computation this report would use but was not given (the extension runs it in a worker). */
  readonly pending?: RecyclingComparisonRequest;
  /**
   * answer: the hover's first line, the answer in one sentence (FP from headlineRate, memory, k, verdict against
   * the target); rows: a short table (at most 8 for a plain filter, one more per finding: recycling, paradox,
   * library model).
   */
  readonly hover: { readonly title: string; readonly answer: string; readonly rows: readonly (readonly [string, string])[]; readonly notes: readonly string[] };
  readonly lens: string;
  /** A fingerprint filter (cuckoo, XOR, binary fuse) instead of a Bloom filter: its numbers (config and metrics hold no m or k). */
  readonly structure?: FingerprintReport;
  /** Another filter that fits and saves at least 20% memory at the same or a lower FP (src/analysis/alternatives.ts), once computed. */
  readonly alternative?: SmallerAlternative;
}

/** A diagnostic's message fits two lines of an editor hover (about 75 characters each); the rest goes to `detail`. */
export const MAX_DIAGNOSTIC_MESSAGE_LENGTH = 150;

/** The hover table's label of a diagnostic's detail row. */
export const DIAGNOSTIC_TOPICS: Readonly<Record<DiagnosticCode, string>> = {
  BL001: 'invalid parameters', BL002: 'FP too high', BL003: 'too conservative', BL004: 'k far from optimal',
  BL005: 'Bloom paradox', BL006: 'the library changes it', BL007: 'not a constant',
};

/** BL006: the library's FP or memory is "noticeably" different when off by at least this fraction. */
export const LIBRARY_EFFECT_MARGIN = 0.1;
const MAX_INTEGER = Number.MAX_SAFE_INTEGER;
const LN2_SQUARED = Math.LN2 * Math.LN2;

function validProbability(p: number | undefined): p is number {
  return typeof p === 'number' && p > 0 && p < 1;
}

function positive(x: number | undefined): x is number {
  return typeof x === 'number' && Number.isFinite(x) && x > 0;
}

/** A count the models accept: a whole number from 1 to 2^53 - 1 (after rounding). */
function validCount(x: number | undefined): x is number {
  return typeof x === 'number' && Math.round(x) >= 1 && Math.round(x) <= MAX_INTEGER;
}

/** The value if finite, else undefined (a metric the core cannot give is left out, never shown as NaN). */
function finite(x: number): number | undefined {
  return Number.isFinite(x) ? x : undefined;
}

/** True when the code itself states the parameter (not a default, not derived by the library). */
function statedByCode(finding: Finding, param: ParamName): boolean {
  const kind = finding.sources[param]?.kind;
  return finding.params[param] !== undefined && kind !== 'derived' && kind !== 'default';
}

/** A stated number as a person reads it (never "NaN"). */
function shown(value: number): string {
  if (Number.isNaN(value)) return 'not a number';
  if (!Number.isFinite(value)) return value > 0 ? 'infinite' : 'minus infinity';
  return String(value);
}

/** Checks the stated and derived parameters; returns the BL001 problems in words. */
function invalidParameters(finding: Finding): string[] {
  const problems = [...(finding.invalid ?? [])];
  const { params, derived } = finding;
  const { n, p, m, k, bitsPerElement, prior, alpha, hashing } = params;
  if (p !== undefined && !validProbability(p)) problems.push(`the false-positive rate p = ${shown(p)} must be strictly between 0 and 1`);
  // A stated 0 that the library itself raises (Guava's n, Go bloom.New's m) is legal: BL006 reports the change.
  if (m !== undefined && !validCount(m) && !(m === 0 && validCount(derived.m))) problems.push(`the size m = ${shown(m)} bits must be from 1 to 2^53 - 1`);
  if (n !== undefined && !validCount(n) && !(n === 0 && validCount(derived.n))) problems.push(`the expected insertions n = ${shown(n)} must be from 1 to 2^53 - 1`);
  if (k !== undefined && !(Number.isInteger(k) && k >= 1 && k <= MAX_HASHES)) problems.push(`the number of hash functions k = ${shown(k)} must be a whole number from 1 to ${MAX_HASHES}`);
  if (bitsPerElement !== undefined && !positive(bitsPerElement)) problems.push(`bits per element = ${shown(bitsPerElement)} must be a positive number`);
  if (prior !== undefined && !validProbability(prior)) problems.push(`the prior = ${shown(prior)} must be a probability strictly between 0 and 1`);
  if (alpha !== undefined && !positive(alpha)) problems.push(`alpha = ${shown(alpha)} (cost of a false negative over a false positive) must be a positive number`);
  if (derived.m !== undefined && !validCount(derived.m)) problems.push(`the library's size m = ${shown(derived.m)} bits is outside 1 to 2^53 - 1`);
  if (derived.n !== undefined && !validCount(derived.n)) problems.push(`the library's capacity n = ${shown(derived.n)} is outside 1 to 2^53 - 1`);
  if (derived.k !== undefined && derived.k > MAX_HASHES) problems.push(`the library derives k = ${shown(derived.k)} hash functions for these values, more than ${MAX_HASHES}: no practical filter (and rates are not computed beyond k = ${MAX_HASHES})`);
  const mBits = derived.m ?? m;
  const hashes = derived.k ?? k;
  if (hashing !== undefined && hashing !== 'colliding' && mBits !== undefined && hashes !== undefined && hashes > mBits) {
    problems.push(`${hashing} hashing needs k <= m (k = ${hashes}, m = ${mBits} bits)`);
  }
  const recycling = finding.recycling;
  if (recycling?.kind === 'n-bounded' && recycling.messagesPerCycle !== undefined && !validCount(recycling.messagesPerCycle)) {
    problems.push(`recycling after ${shown(recycling.messagesPerCycle)} messages: the count must be a whole number of at least 1`);
  }
  const sigma = sigmaBitsFor(recycling, mBits) ?? params.sigma;
  if (sigma !== undefined && mBits !== undefined && sigma > mBits - 1) {
    problems.push(`the recycle threshold sigma = ${sigma} bits must be below m = ${mBits} bits (more than ${sigma} of ${mBits} bits are never set, so the filter would never recycle)`);
  } else if (sigma !== undefined && hashes !== undefined && hashes >= 1 && sigma < hashes) {
    problems.push(`the recycle threshold sigma = ${sigma} bits is below k = ${hashes} (one message can set k bits, so the filter would recycle on almost every message; recycling-spec: k <= sigma <= m - 1)`);
  } else if (sigma !== undefined && !(sigma >= 1)) {
    problems.push(`the recycle threshold sigma = ${shown(sigma)} bits must be at least 1`);
  }
  return problems;
}

/** The parameters as the filter really runs, or the reasons it cannot be modelled (BL001). */
function resolve(finding: Finding, settings: AnalysisSettings): ResolvedConfig {
  const { params, derived } = finding;
  const hashing = params.hashing ?? 'colliding';
  const p = validProbability(params.p) ? params.p : undefined;
  const targetRate = p ?? settings.targetFalsePositiveRate;
  const n = validCount(derived.n) ? Math.round(derived.n) : validCount(params.n) ? Math.round(params.n) : undefined;
  const bitsPerElement = positive(derived.bitsPerElement) ? derived.bitsPerElement : positive(params.bitsPerElement) ? params.bitsPerElement : undefined;
  let mBits = validCount(derived.m) ? Math.round(derived.m) : validCount(params.m) ? Math.round(params.m) : undefined;
  if (mBits === undefined && n !== undefined && bitsPerElement !== undefined && n * bitsPerElement <= MAX_INTEGER) {
    mBits = Math.max(1, filterBitsForKeys(finding.recognizer, n, bitsPerElement)); // the library's rounding (RocksDB: cache lines)
  }
  const kStated = derived.k ?? params.k;
  let k = kStated !== undefined && Number.isInteger(kStated) && kStated >= 1 && kStated <= MAX_HASHES ? kStated : undefined;
  const recycling = finding.recycling;
  const elements = recycling?.kind === 'sigma-bounded' ? undefined
    : recycling?.kind === 'n-bounded' && validCount(recycling.messagesPerCycle) ? recycling.messagesPerCycle : n;
  let sizedForTarget = false;
  const cycleElements = elements ?? (recycling?.kind === 'sigma-bounded' ? n : undefined);
  if (mBits === undefined && cycleElements !== undefined && p !== undefined) {
    // An annotation or calculator URL with n and p only (recycling or not): the filter sized for them.
    const sized = sizeForElementsAndRate(cycleElements, p, hashing);
    mBits = sized.mBits;
    k ??= sized.k;
    sizedForTarget = true;
  }
  return {
    mBits, k, n, p, hashing, elements, targetRate, sizedForTarget, recognizer: finding.recognizer,
    bitsPerElement: mBits === undefined ? bitsPerElement : undefined,
    configuredBitsPerElement: bitsPerElement,
    matchesEverything: derived.k === 0,
  };
}

function classicMetrics(config: ResolvedConfig): Metrics {
  const { mBits, elements, k, hashing, targetRate } = config;
  if (mBits === undefined) {
    if (config.bitsPerElement === undefined || k === undefined) return {};
    return { bitsPerElement: config.bitsPerElement, perElementFalsePositiveRate: finite(bloomApproximateRate(config.bitsPerElement, k)) };
  }
  const capacityAtTarget = maxElementsForBitsAndRate(mBits, targetRate, hashing);
  const capacityWithCodeK = k !== undefined && k !== capacityAtTarget.k && (hashing === 'colliding' || k <= mBits)
    ? { n: maxElementsForBitsRateAndK(mBits, targetRate, k, hashing), k } : undefined;
  if (elements === undefined) return { capacityAtTarget, capacityWithCodeK };
  const bestK = bestIntegerK(mBits, elements, hashing);
  const kUsed = k ?? bestK.k;
  const everything = config.matchesEverything === true;
  return {
    bitsPerElement: mBits / elements,
    exactFalsePositiveRate: everything ? 1 : exactFalsePositiveRate(mBits, elements, kUsed, hashing),
    bloomFalsePositiveRate: everything ? 1 : bloomFalsePositiveRate(mBits, elements, kUsed),
    averageFalsePositiveRate: everything ? 1 : mBits >= 2 ? finite(nBoundedRates(mBits, kUsed, elements).oracleAverage) : undefined,
    bloomOptimalK: bloomOptimalK(mBits, elements),
    entropyOptimalK: entropyOptimalK(mBits, elements),
    bestK: { k: bestK.k, falsePositiveRate: bestK.falsePositiveRate },
    capacityAtTarget,
    capacityWithCodeK,
  };
}

/**
 * The FP of the library's own layout (library modules, src/libraries): at capacity with the library's m and k, or
 * per element when n is unknown. Undefined for textbook layouts, whose exact rate already is the library's.
 */
function libraryRate(finding: Finding, config: ResolvedConfig, metrics: Metrics): LibraryRate | undefined {
  const modelled = modelForRecognizer(finding.recognizer);
  if (!modelled || modelled.model.id === 'classic-exact' || finding.recycling || config.matchesEverything || config.sizedForTarget) return undefined;
  const { model } = modelled;
  const { mBits, elements, k } = config;
  const rate = (compute: () => number | undefined): number | undefined => {
    try {
      const value = compute();
      return value !== undefined && Number.isFinite(value) && value >= 0 ? Math.min(1, value) : undefined;
    } catch (error) {
      if (error instanceof RangeError) return undefined; // outside the layout model's domain: the textbook rate leads
      throw error;
    }
  };
  if (mBits !== undefined && elements !== undefined && model.atCapacity) {
    const falsePositiveRate = rate(() => model.atCapacity?.(mBits, elements, k ?? metrics.bestK?.k ?? 1, config.configuredBitsPerElement, finding.derived));
    if (falsePositiveRate === undefined) return undefined;
    return { falsePositiveRate, perElement: false, modelId: model.id, model: model.name, classicRate: metrics.exactFalsePositiveRate };
  }
  if (mBits === undefined && config.bitsPerElement !== undefined && model.perElement) {
    const bitsPerElement = config.bitsPerElement;
    const falsePositiveRate = rate(() => model.perElement?.(bitsPerElement, k));
    if (falsePositiveRate === undefined) return undefined;
    return { falsePositiveRate, perElement: true, modelId: model.id, model: model.name, classicRate: metrics.perElementFalsePositiveRate };
  }
  return undefined;
}

/** The FP rate a query of this filter sees: recycling average, else exact at capacity, else per element. */
function operatingRate(metrics: Metrics): number | undefined {
  const rates = metrics.recycling;
  if (rates?.kind === 'sigma-bounded') return rates.falsePositiveRate;
  if (rates?.kind === 'n-bounded') return rates.actualAverage;
  return metrics.libraryRate?.falsePositiveRate ?? metrics.exactFalsePositiveRate ?? metrics.perElementFalsePositiveRate;
}

/** The paradox verdict for a known prior (math-spec "The Bloom paradox"), using the filter's actual FP rate. */
function paradoxVerdict(finding: Finding, config: ResolvedConfig, metrics: Metrics, settings: AnalysisSettings): ParadoxVerdict | undefined {
  const prior = finding.params.prior;
  if (!validProbability(prior)) return undefined;
  const alpha = positive(finding.params.alpha) ? finding.params.alpha : settings.defaultAlpha;
  const bitsPerElement = metrics.bitsPerElement ?? finding.params.bitsPerElement;
  const falsePositiveRate = operatingRate(metrics)
    ?? (positive(bitsPerElement) ? theorem1FalsePositiveRate(bitsPerElement) : config.p); // Theorem 1: f = 2^(-ln2 m/n)
  if (falsePositiveRate === undefined) return undefined;
  return {
    prior,
    alpha,
    falsePositiveRate,
    posterior: posteriorMembership(prior, falsePositiveRate), // p / (p + f (1 - p))
    paradox: paradoxOccurs(prior, falsePositiveRate, alpha), // f (1 - p) > alpha p
    thresholdPrior: thresholdPrior(falsePositiveRate, alpha), // f / (f + alpha)
    minBitsPerElement: minBitsPerElement(prior, alpha), // Fig. 2(b)
  };
}

/**
 * BL006 material: the library's FP and memory against what the code asks for. With n known: exact FP with the
 * library's m and k vs the stated p (or the exact FP with the stated m and k), and the library's m vs the stated m
 * (or the textbook m = -n ln p / (ln 2)^2). Per element: Bloom's large-n formula likewise.
 */
function libraryEffect(finding: Finding, config: ResolvedConfig, metrics: Metrics): LibraryEffect | undefined {
  const { params, derived } = finding;
  if (config.sizedForTarget || finding.recycling?.kind === 'sigma-bounded') return undefined;
  const derivesSomething = derived.m !== undefined || derived.k !== undefined || derived.bitsPerElement !== undefined;
  const statedM = validCount(params.m) ? params.m : undefined;
  if (!derivesSomething || (derived.m === statedM && derived.k === params.k && derived.p === undefined && derived.bitsPerElement === params.bitsPerElement)) return undefined;
  const effect = (falsePositiveRate: number | undefined, referenceRate: number | undefined, memory: number | undefined, referenceMemory: number | undefined, perElement: boolean): LibraryEffect | undefined => {
    if (falsePositiveRate === undefined || referenceRate === undefined || !(referenceRate > 0)) return undefined;
    const far = (a: number | undefined, b: number | undefined): boolean => a !== undefined && b !== undefined && b > 0 && Math.abs(a / b - 1) >= LIBRARY_EFFECT_MARGIN;
    return { falsePositiveRate, referenceRate, memory, referenceMemory, perElement, memoryNoticeable: far(memory, referenceMemory), rateNoticeable: far(falsePositiveRate, referenceRate) };
  };
  const p = config.p;
  const capacity = config.n ?? config.elements; // what the library sized for (an N-bounded filter may hold fewer)
  if (config.mBits !== undefined && capacity !== undefined && (config.k !== undefined || config.matchesEverything)) {
    const libraryRate = config.matchesEverything ? 1
      : capacity === config.elements && metrics.libraryRate && !metrics.libraryRate.perElement ? metrics.libraryRate.falsePositiveRate
      : capacity === config.elements && metrics.exactFalsePositiveRate !== undefined ? metrics.exactFalsePositiveRate
        : exactFalsePositiveRate(config.mBits, capacity, config.k as number, config.hashing);
    const referenceMemory = statedM ?? (p !== undefined ? (-capacity * Math.log(p)) / LN2_SQUARED : undefined); // math-spec textbook size
    let referenceRate = p;
    if (statedM !== undefined) {
      const k = validCount(params.k) && params.k <= MAX_HASHES ? params.k : config.k;
      referenceRate = k !== undefined && (config.hashing === 'colliding' || k <= statedM) ? exactFalsePositiveRate(statedM, capacity, k, config.hashing) : undefined;
    }
    return effect(libraryRate, referenceRate, config.mBits, referenceMemory, false);
  }
  if (metrics.perElementFalsePositiveRate !== undefined) {
    const stated = positive(params.bitsPerElement) ? params.bitsPerElement : undefined;
    const referenceRate = p ?? (stated !== undefined ? bestIntegerKBloomRate(stated).falsePositiveRate : undefined);
    const referenceMemory = stated ?? (p !== undefined ? -Math.log(p) / LN2_SQUARED : undefined);
    return effect(metrics.libraryRate?.falsePositiveRate ?? metrics.perElementFalsePositiveRate, referenceRate, config.bitsPerElement, referenceMemory, true);
  }
  return undefined;
}

/** The BL003 comparison a recycling filter needs (worst-case vs average-case capacity, one vs two phases). */
export function comparisonRequest(config: ResolvedConfig, rates: RecyclingRates | undefined): RecyclingComparisonRequest | undefined {
  if (!rates || config.mBits === undefined || config.k === undefined || config.mBits < 2) return undefined;
  const hashing = recyclingHashing(config.hashing);
  if (rates.kind === 'n-bounded') {
    const targetRate = config.p ?? rates.worstCase; // the rate the code accepts at recycle time
    if (!validProbability(targetRate)) return undefined;
    return { mBits: config.mBits, k: config.k, messagesPerCycle: rates.messagesPerCycle, targetRate, hashing };
  }
  const targetRate = config.p ?? rates.falsePositiveRate;
  const memoryBits = config.mBits * rates.phases; // two phases: two arrays of m bits
  const messagesPerCycle = Math.max(1, Math.round(rates.expectedMessagesPerCycle));
  if (!validProbability(targetRate) || !Number.isSafeInteger(memoryBits)) return undefined;
  return { mBits: memoryBits, k: config.k, messagesPerCycle, targetRate, hashing };
}

function computeMetrics(finding: Finding, config: ResolvedConfig, settings: AnalysisSettings): Metrics {
  const metrics = classicMetrics(config);
  const k = config.k ?? metrics.bestK?.k ?? (config.mBits !== undefined && config.n !== undefined ? bestIntegerK(config.mBits, config.n, config.hashing).k : undefined);
  const recycling = recyclingRates(finding, config.mBits, k, config.n, config.hashing);
  // Only a filter that meets p with its best k can have more memory than p needs (the search is then worth it).
  const meetsTarget = config.p !== undefined && metrics.bestK !== undefined && metrics.bestK.falsePositiveRate <= config.p;
  const neededForTarget = !finding.recycling && statedByCode(finding, 'm') && config.elements !== undefined && config.p !== undefined && meetsTarget
    ? sizeForElementsAndRate(config.elements, config.p, config.hashing) : undefined;
  const withRecycling: Metrics = { ...metrics, recycling, neededForTarget, libraryRate: libraryRate(finding, config, metrics) };
  return {
    ...withRecycling,
    libraryEffect: libraryEffect(finding, config, withRecycling),
    paradox: paradoxVerdict(finding, config, withRecycling, settings),
  };
}

/** Where a value came from, for the hover: `(argument: \`1 << 20\`)`, `(derived by the library)`. */
export function sourceLabel(finding: Finding, param: ParamName): string {
  const source = finding.sources[param];
  const derivedValue = (finding.derived as Partial<Record<ParamName, number>>)[param];
  if (derivedValue !== undefined && derivedValue !== finding.params[param]) return ' (derived by the library)';
  if (!source) return '';
  return ` (${source.kind}${source.text && source.kind !== 'annotation' ? `: \`${oneLine(source.text)}\`` : ''})`;
}

/** Source text on one short line (expressions may span lines and comments). */
export function oneLine(text: string, maxLength = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat;
}

/** "+25%", "-61%", or "2.52e+4 times as much" for ratios of 10 and more. */
function relativeChange(value: number, reference: number): string {
  const ratio = value / reference;
  if (ratio >= 10) return `${formatReal(ratio)} times as much`;
  const change = Math.round((ratio - 1) * 100);
  return `${change >= 0 ? '+' : ''}${change}%`;
}

/**
 * BL001 for the problems found (at least one): the first problem up to its explanation (after " — ", a library's
 * refusal: its own error comes first; else in parentheses); every problem in full in the detail.
 */
export function invalidDiagnostic(invalid: readonly string[], lead = 'Invalid parameters'): ReportDiagnostic {
  const more = invalid.length > 1 ? ` (and ${invalid.length - 1} more)` : '';
  const first = `${lead}: ${invalid[0]}`;
  const fits = (text: string): string => (text.length <= MAX_DIAGNOSTIC_MESSAGE_LENGTH ? text : `${text.slice(0, MAX_DIAGNOSTIC_MESSAGE_LENGTH - 1)}…`);
  const summary = first.includes(' — ') ? first.slice(0, first.indexOf(' — ')) : first.replace(/\s*\(.*$/, '');
  const message = first.length + more.length + 1 <= MAX_DIAGNOSTIC_MESSAGE_LENGTH ? `${first}${more}.` : fits(`${summary}${more}.`);
  return { code: 'BL001', severity: 'error', message, detail: `${invalid.join('; ')}.` };
}

/** BL007: one hint per argument that is not a constant. */
export function unevaluatedDiagnostics(finding: Finding): ReportDiagnostic[] {
  return finding.unevaluated.map(({ param, expression }) => ({
    code: 'BL007' as const, severity: 'hint' as const,
    message: `${param} comes from \`${oneLine(expression, 40)}\`, not a constant: add a \`bloom-lens: ${param}=...\` annotation.`,
  }));
}

function diagnose(finding: Finding, config: ResolvedConfig, metrics: Metrics, settings: AnalysisSettings, invalid: readonly string[]): ReportDiagnostic[] {
  if (invalid.length > 0) return [invalidDiagnostic(invalid)];
  const diagnostics: ReportDiagnostic[] = [];
  const tooHigh = falsePositiveTooHigh(config, metrics, settings);
  if (tooHigh) diagnostics.push(tooHigh);
  diagnostics.push(...conservativeSizing(finding, config, metrics, settings));
  const suboptimal = suboptimalK(finding, config, metrics, settings);
  if (suboptimal) diagnostics.push(suboptimal);
  const paradox = metrics.paradox;
  if (paradox?.paradox) {
    // The hover's "Bloom paradox" row has the detail.
    diagnostics.push({
      code: 'BL005', severity: 'warning',
      message: `Bloom paradox: at prior ${formatReal(paradox.prior)} only ${formatProbability(paradox.posterior)} of positives are members, so acting on one costs more than it helps; needs ${formatReal(paradox.minBitsPerElement)} bits/element.`,
    });
  }
  const library = libraryDiagnostic(finding, config, metrics);
  if (library) diagnostics.push(library);
  diagnostics.push(...unevaluatedDiagnostics(finding));
  return diagnostics;
}

/** BL002: the FP at capacity (recycling: the average a query sees) above bloomLens.maxFalsePositiveRate. */
function falsePositiveTooHigh(config: ResolvedConfig, metrics: Metrics, settings: AnalysisSettings): ReportDiagnostic | undefined {
  const limit = `above the ${formatProbability(settings.maxFalsePositiveRate)} limit (bloomLens.maxFalsePositiveRate)`;
  const rates = metrics.recycling;
  let what: string | undefined;
  let rate: number | undefined;
  const library = metrics.libraryRate;
  if (rates?.kind === 'sigma-bounded') {
    rate = rates.falsePositiveRate;
    what = 'The average false-positive rate of this recycling filter';
  } else if (library && !library.perElement) {
    rate = library.falsePositiveRate;
    what = `The false-positive rate at capacity (${formatCount(config.elements ?? 0)} elements, ${library.model})`;
  } else if (library && config.bitsPerElement !== undefined) {
    rate = library.falsePositiveRate;
    what = `The false-positive rate at ${formatReal(config.bitsPerElement)} bits per element (${library.model})`;
  } else if (metrics.exactFalsePositiveRate !== undefined) {
    rate = metrics.exactFalsePositiveRate;
    what = rates?.kind === 'n-bounded' ? `The false-positive rate just before recycling (${formatCount(rates.messagesPerCycle)} messages)` : `The false-positive rate at capacity (${formatCount(config.elements ?? 0)} elements)`;
  } else if (metrics.perElementFalsePositiveRate !== undefined && config.bitsPerElement !== undefined) {
    rate = metrics.perElementFalsePositiveRate;
    what = `The false-positive rate at ${formatReal(config.bitsPerElement)} bits per element`;
  }
  if (rate === undefined || !(rate > settings.maxFalsePositiveRate)) return undefined;
  return {
    code: 'BL002', severity: 'warning',
    message: `False-positive rate ${formatProbability(rate)}, above the ${formatProbability(settings.maxFalsePositiveRate)} limit (bloomLens.maxFalsePositiveRate).`,
    detail: `${what} is ${formatProbability(rate)}, ${limit}.`,
  };
}

/** BL004: the code's own k gives an FP at least suboptimalKMargin above the best integer k's (same m and n). */
function suboptimalK(finding: Finding, config: ResolvedConfig, metrics: Metrics, settings: AnalysisSettings): ReportDiagnostic | undefined {
  const fp = metrics.exactFalsePositiveRate;
  const best = metrics.bestK;
  const k = config.k;
  if (fp === undefined || best === undefined || k === undefined || k === best.k || !statedByCode(finding, 'k')) return undefined;
  if (!(fp > 0 && fp >= best.falsePositiveRate * (1 + settings.suboptimalKMargin))) return undefined;
  return {
    code: 'BL004', severity: 'information',
    message: `k = ${k} is far from optimal: k = ${best.k} gives ${formatProbability(best.falsePositiveRate)} instead of ${formatProbability(fp)} with the same memory.`,
    detail: `k = ${k} is far from optimal for ${formatBits(config.mBits ?? 0)} and ${formatCount(config.elements ?? 0)} elements: k = ${best.k} gives a false-positive rate of ${formatProbability(best.falsePositiveRate)} instead of ${formatProbability(fp)} with the same memory `
      + `(${relativeChange(fp, best.falsePositiveRate)} with k = ${k}).`,
    fixes: [{ title: `Set k to ${best.k}`, changes: [{ param: 'k', value: best.k }] }],
  };
}

/** BL003: worst-case sizing of a recycling filter, or memory far beyond what the stated target needs. */
function conservativeSizing(finding: Finding, config: ResolvedConfig, metrics: Metrics, settings: AnalysisSettings): ReportDiagnostic[] {
  const margin = 1 + settings.conservativeMargin;
  const comparison = metrics.recyclingComparison;
  const rates = metrics.recycling;
  if (comparison && rates?.kind === 'n-bounded') {
    const { messagesPerCycle, targetRate } = comparison.request;
    const sigma = comparison.capacity.sigmaBounded;
    if (!(sigma.messages >= margin * messagesPerCycle)) return [];
    const averageN = Math.max(messagesPerCycle, comparison.averageAtCodeK);
    const memory = comparison.memoryForSameMessages;
    const nIsMessages = finding.recycling?.kind === 'n-bounded' && (finding.recycling.messagesPerCycle === undefined || finding.recycling.messagesPerCycle === finding.params.n);
    const target = config.p !== undefined ? `the target p = ${formatProbability(targetRate)}` : `${formatProbability(targetRate)}`;
    const alternatives = [
      ...(averageN > messagesPerCycle ? [`${formatCount(averageN)} messages per cycle with the same count-based recycling and k (${relativeChange(averageN, messagesPerCycle)})`] : []),
      `${formatCount(sigma.messages)} when recycling once more than ${formatCount(sigma.sigma)} bits are set, with k = ${sigma.k} (${relativeChange(sigma.messages, messagesPerCycle)})`,
    ];
    const saving = memory.memoryBits < comparison.request.mBits
      ? ` Or keep ${formatCount(messagesPerCycle)} messages per cycle in ${formatBits(memory.memoryBits)} (${Math.round((1 - memory.memoryBits / comparison.request.mBits) * 100)}% less memory).` : '';
    const lead = averageN > messagesPerCycle ? `${formatCount(averageN)} messages per cycle (${relativeChange(averageN, messagesPerCycle)})` : `${formatCount(sigma.messages)} messages per cycle (${relativeChange(sigma.messages, messagesPerCycle)}) recycling by bits set`;
    return [{
      code: 'BL003', severity: 'warning',
      message: `Sized for the worst case: at an average FP of ${formatProbability(targetRate)} this memory holds ${lead}.`,
      detail: `Sized for the worst case: recycling after ${formatCount(messagesPerCycle)} messages keeps every answer's false-positive rate at most ${formatProbability(rates.worstCase)}, but the average over a cycle is only ${formatProbability(rates.actualAverage)}. `
        + `At an average of ${target}, this memory holds ${alternatives.join(', or ')}.${saving}`,
      fixes: nIsMessages && averageN > messagesPerCycle
        ? [{ title: `Recycle after ${averageN} messages (average-case sizing at ${formatProbability(targetRate)})`, changes: [{ param: 'n', value: averageN }] }]
        : undefined,
    }];
  }
  const needed = metrics.neededForTarget;
  const mBits = config.mBits;
  if (needed && mBits !== undefined && mBits > needed.mBits && mBits >= margin * needed.mBits && config.p !== undefined) {
    const changes: { param: ParamName; value: number }[] = [{ param: 'm', value: needed.mBits }];
    if (statedByCode(finding, 'k') && config.k !== needed.k) changes.push({ param: 'k', value: needed.k });
    return [{
      code: 'BL003', severity: 'warning',
      message: `More memory than p = ${formatProbability(config.p)} needs: ${formatBits(needed.mBits)} with k = ${needed.k} give ${formatProbability(needed.falsePositiveRate)} (this is ${relativeChange(mBits, needed.mBits)}).`,
      detail: `More memory than the target needs: ${formatBits(mBits)} for ${formatCount(config.elements ?? 0)} elements, where ${formatBits(needed.mBits)} with k = ${needed.k} already gives ${formatProbability(needed.falsePositiveRate)}, within p = ${formatProbability(config.p)} `
        + `(${relativeChange(mBits, needed.mBits)} memory).`,
      fixes: [{ title: `Resize to ${needed.mBits} bits${changes.length > 1 ? ` and k = ${needed.k}` : ''} for p = ${formatProbability(config.p)}`, changes }],
    }];
  }
  return [];
}

/** BL006 names the library's layout when its FP is more than this fraction away from the textbook rate. */
export const LAYOUT_GAP_MARGIN = 0.05;

/**
 * text: "RocksDB blocked filter (512-bit blocks): FP 0.0197% instead of the textbook 0.0078% at 20 bits/key (why)."; summary:
 * the same without the reason, for a diagnostic message.
 */
function layoutSentence(config: ResolvedConfig, metrics: Metrics): { readonly summary: string; readonly text: string } | undefined {
  const library = metrics.libraryRate;
  if (!library || library.classicRate === undefined || !(library.classicRate > 0)) return undefined;
  if (!(Math.abs(library.falsePositiveRate / library.classicRate - 1) > LAYOUT_GAP_MARGIN)) return undefined;
  const bitsPerKey = library.perElement ? config.bitsPerElement : metrics.bitsPerElement;
  const at = bitsPerKey !== undefined ? ` at ${formatReal(bitsPerKey)} bits/key` : '';
  const reason = modelForRecognizer(config.recognizer ?? '')?.model.reason;
  const summary = `${library.model}: FP ${formatProbability(library.falsePositiveRate)} instead of the textbook ${formatProbability(library.classicRate)}${at}`;
  return { summary: `${summary}.`, text: `${summary}${reason ? ` (${reason})` : ''}.` };
}

/** BL006: the library's rounding, caps or layout change the FP or memory noticeably (or it says so and we cannot check). */
function libraryDiagnostic(finding: Finding, config: ResolvedConfig, metrics: Metrics): ReportDiagnostic | undefined {
  const notes = finding.derived.notes ?? [];
  const effect = metrics.libraryEffect;
  const layout = layoutSentence(config, metrics);
  const statedSize = finding.params.m !== undefined;
  // With a layout sentence, a rate compared with the textbook rate for the stated size says the same thing twice.
  const rateNoticeable = effect !== undefined && effect.rateNoticeable && !(layout && !(config.p !== undefined && !statedSize));
  if (effect && (effect.memoryNoticeable || rateNoticeable)) {
    const memory = (bits: number): string => (effect.perElement ? `${formatReal(bits)} bits per element` : formatBits(bits));
    const parts: string[] = [];
    if (effect.memoryNoticeable && effect.memory !== undefined && effect.referenceMemory !== undefined) {
      const asked = statedSize ? 'the stated' : effect.perElement ? `the ${formatReal(effect.referenceMemory)} that p = ${formatProbability(config.p ?? 0)} needs` : `the ${formatBits(effect.referenceMemory)} that n and p need`;
      parts.push(`allocates ${memory(effect.memory)} instead of ${statedSize ? `${asked} ${memory(effect.referenceMemory)}` : asked} (${relativeChange(effect.memory, effect.referenceMemory)})`);
    }
    if (rateNoticeable) {
      const asked = config.p !== undefined && !statedSize ? `the ${formatProbability(effect.referenceRate)} asked for` : `the ${formatProbability(effect.referenceRate)} of the stated size and k`;
      parts.push(`gives a false-positive rate ${effect.perElement ? 'per element' : 'at capacity'} of ${formatProbability(effect.falsePositiveRate)} instead of ${asked} (${relativeChange(effect.falsePositiveRate, effect.referenceRate)})`);
    }
    const k = config.matchesEverything ? 0 : config.k;
    const [first] = parts;
    return {
      code: 'BL006', severity: 'information',
      message: `The library ${first}${parts.length > 1 ? ', and changes the FP' : ''}.`,
      detail: `${finding.title} ${parts.join(' and ')}${k !== undefined ? `, with k = ${k}` : ''}.${layout ? ` ${layout.text}` : ''}${notes.length > 0 ? ` ${notes.join('; ')}.` : ''}`,
    };
  }
  if (layout) {
    return { code: 'BL006', severity: 'information', message: layout.summary, detail: `${layout.text}${notes.length > 0 ? ` ${notes.join('; ')}.` : ''}` };
  }
  if (effect === undefined && notes.length > 0) {
    // the effect cannot be computed here
    return { code: 'BL006', severity: 'information', message: `${finding.title} changes what the code states (see the hover).`, detail: `${notes.join('; ')}.` };
  }
  return undefined;
}

/** The hover's first line: the answer in one sentence, e.g. "FP 0.502% at 2.00M elements · 22.1 Mbit (2.63 MiB) · k = 8 · meets 0.500%". */
function answerSentence(finding: Finding, config: ResolvedConfig, metrics: Metrics, invalid: boolean): string {
  if (invalid) return 'Invalid parameters: this filter cannot be modelled (see the problem below).';
  const parts: string[] = [];
  const headline = headlineRate(config, metrics);
  const verdict = headline ? formatVerdict(headline.falsePositiveRate, config.targetRate) : undefined;
  const rates = metrics.recycling;
  if (headline && verdict && !headline.perElement) {
    const at = headline.elements !== undefined ? ` at ${formatCount(headline.elements)} elements` : '';
    parts.push(`FP ${verdict.rate}${at}${rates?.kind === 'n-bounded' ? ' (just before recycling)' : ''}`);
  } else if (headline && verdict) {
    parts.push(`FP ${verdict.rate} per element`);
  } else if (rates?.kind === 'sigma-bounded') {
    parts.push(`average FP ${formatProbability(rates.falsePositiveRate)} over a recycling cycle`);
  }
  if (config.mBits !== undefined) parts.push(`${formatBits(config.mBits)} (${formatBytes(config.mBits / 8)})`);
  else if (config.bitsPerElement !== undefined) parts.push(`${formatReal(config.bitsPerElement)} bits/element`);
  const k = config.matchesEverything ? 0 : config.k ?? metrics.bestK?.k;
  if (k !== undefined) parts.push(`k = ${k}${config.matchesEverything ? ' (every query matches)' : ''}`);
  if (verdict) parts.push(verdict.text);
  if (!headline && rates?.kind !== 'sigma-bounded') {
    // n unknown: the answer is how many elements fit at the target.
    const fits = metrics.capacityWithCodeK ?? metrics.capacityAtTarget;
    if (fits) parts.push(`holds ${formatCount(fits.n)} elements at ${formatProbability(config.targetRate)}`);
  }
  if (parts.length === 0) {
    const missing = finding.unevaluated[0];
    return missing
      ? `No rate yet: ${missing.param} comes from \`${oneLine(missing.expression, 40)}\`; add a \`bloom-lens: ${missing.param}=...\` annotation.`
      : 'No rate yet: give n with m or p (e.g. a `bloom-lens: n=...` annotation).';
  }
  return parts.join(' · ');
}

function hoverContent(finding: Finding, config: ResolvedConfig, metrics: Metrics, diagnostics: readonly ReportDiagnostic[], failure: string | undefined, invalid: boolean): FilterReport['hover'] {
  const rows: [string, string][] = [];
  const { mBits, n, k, p } = config;
  const perElement = metrics.bitsPerElement !== undefined ? `, ${formatReal(metrics.bitsPerElement)} bits/element` : '';
  const phases = metrics.recycling?.kind === 'sigma-bounded' && metrics.recycling.phases === 2 ? ' per array, two arrays' : '';
  if (mBits !== undefined) {
    const source = config.sizedForTarget ? ' (sized by Bloom Lens for n and p)' : sourceLabel(finding, 'm');
    rows.push(['m', `${formatBits(mBits)} (${formatBytes(mBits / 8)})${phases}${perElement}${source}`]);
  } else if (metrics.bitsPerElement !== undefined) {
    rows.push(['m', `${formatReal(metrics.bitsPerElement)} bits/element${sourceLabel(finding, 'bitsPerElement')}; n is not known`]);
  }
  // n and the target share a row when both are stated (the sentence above already says both).
  const nText = n !== undefined ? `${formatCount(n)}${sourceLabel(finding, 'n')}` : undefined;
  const pText = p !== undefined ? `${formatProbability(p)}${sourceLabel(finding, 'p')}` : undefined;
  if (nText !== undefined && pText !== undefined) rows.push(['n, target p', `${nText} · ${pText}`]);
  else if (nText !== undefined) rows.push(['n', nText]);
  else if (pText !== undefined) rows.push(['target p', pText]);
  const kSource = config.sizedForTarget && !statedByCode(finding, 'k') ? ' (sized by Bloom Lens)' : sourceLabel(finding, 'k');
  if (config.matchesEverything) {
    rows.push(['k', '0 (derived by the library): no hash functions, so every query matches']);
  } else if (metrics.bloomOptimalK !== undefined && metrics.entropyOptimalK !== undefined && metrics.bestK !== undefined) {
    const kText = k !== undefined ? `${k}${kSource}` : `${metrics.bestK.k} (not stated: best integer k assumed)`;
    const bloomK = formatReal(metrics.bloomOptimalK, 4);
    const entropyK = formatReal(metrics.entropyOptimalK, 4);
    const optimal = bloomK === entropyK ? `${bloomK} (Bloom and entropy)` : `${bloomK} (Bloom), ${entropyK} (entropy)`;
    rows.push(['k', `${kText}; optimal ${optimal}, best integer ${metrics.bestK.k}`]);
  } else if (k !== undefined) {
    rows.push(['k', `${k}${kSource}`]);
  }
  // A library layout that is not the textbook filter (blocked, split-block, Ribbon) is a finding: its own row first.
  const library = metrics.libraryRate;
  if (library) rows.push([`FP ${library.perElement ? 'per element' : 'at capacity'} (${library.model})`, formatProbability(library.falsePositiveRate)]);
  if (metrics.exactFalsePositiveRate !== undefined) {
    const bloom = metrics.bloomFalsePositiveRate !== undefined ? ` (Bloom's formula: ${formatProbability(metrics.bloomFalsePositiveRate)})` : '';
    rows.push([library ? 'FP at capacity (exact, textbook filter)' : 'FP at capacity (exact)', `${formatProbability(metrics.exactFalsePositiveRate)}${bloom}`]);
  }
  if (metrics.perElementFalsePositiveRate !== undefined) rows.push(["FP at capacity (Bloom's formula, large n)", formatProbability(metrics.perElementFalsePositiveRate)]);
  if (metrics.averageFalsePositiveRate !== undefined && !metrics.recycling) rows.push(['average FP over the fill', formatProbability(metrics.averageFalsePositiveRate)]);
  const capacity = metrics.capacityAtTarget;
  if (capacity !== undefined) {
    const codeK = metrics.capacityWithCodeK ? `; ${formatCount(metrics.capacityWithCodeK.n)} with k = ${metrics.capacityWithCodeK.k}` : '';
    rows.push([`capacity at ${formatProbability(config.targetRate)}`, `${formatCount(capacity.n)} elements with k = ${capacity.k}${codeK}`]);
  }
  // Findings: each adds a row only when it has something to say.
  const headline = headlineRate(config, metrics);
  const verdict = headline ? formatVerdict(headline.falsePositiveRate, config.targetRate) : undefined;
  // Within the tolerance the sentence says "meets"; the exact excess is in the FP row (a row of its own would push a
  // plain filter's hover past VS Code's default size).
  const excess = verdict?.withinTolerance ? ` · ${verdict.detail.replace(/^\S+ is /, '').replace(/: within the (\S+) tolerance.*$/, ', within $1')}` : '';
  const exactRow = rows.findIndex(([label]) => label === 'FP at capacity (exact)');
  if (excess && exactRow >= 0 && headline?.modelId === 'classic-exact') rows[exactRow] = [rows[exactRow][0], `${rows[exactRow][1]}${excess}`];
  if (headline && !headline.perElement && headline.modelId !== 'classic-exact') {
    rows.push([`FP at capacity (${headline.model})`, `${formatProbability(headline.falsePositiveRate)}${excess}`]);
  }
  rows.push(...recyclingRows(metrics));
  const paradox = metrics.paradox;
  if (paradox !== undefined) {
    rows.push(['Bloom paradox', paradox.paradox
      ? `YES at prior ${formatReal(paradox.prior)}, alpha ${formatReal(paradox.alpha)}: a positive is a member only ${formatProbability(paradox.posterior)} of the time (FP ${formatProbability(paradox.falsePositiveRate)}); positives pay off only above prior ${formatReal(paradox.thresholdPrior)}; needs ${formatReal(paradox.minBitsPerElement)} bits/element${metrics.bitsPerElement !== undefined ? ` (has ${formatReal(metrics.bitsPerElement)})` : ''}, or do not query the filter for such elements`
      : `no at prior ${formatReal(paradox.prior)}, alpha ${formatReal(paradox.alpha)} (a positive is a member ${formatProbability(paradox.posterior)} of the time)`]);
  }
  // Each diagnostic's whole explanation (its message above the hover is two lines at most).
  for (const { code, detail } of diagnostics) if (detail !== undefined) rows.push([`${code}: ${DIAGNOSTIC_TOPICS[code]}`, detail]);
  const raisedBL006 = diagnostics.some((d) => d.code === 'BL006'); // its detail row has the library's notes
  const notes = [
    ...finding.unevaluated.map(({ param, expression }) => `${param} comes from \`${oneLine(expression)}\`, not a constant.`),
    ...(finding.notes ?? []),
    ...(raisedBL006 ? [] : finding.derived.notes ?? []),
    ...(failure !== undefined ? [`Some numbers could not be computed: ${failure}`] : []),
  ];
  return { title: finding.title, answer: answerSentence(finding, config, metrics, invalid), rows, notes };
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
    const phases = rates.phases === 2 ? `two phases (one phase at this sigma: ${formatProbability(rates.activeFalsePositiveRate)})` : 'one phase';
    rows.push(['recycling', `sigma-bounded: cleared once more than ${formatCount(rates.sigmaBits)} bits are set, ${rates.retain ? 'retaining' : 'non-retaining'}`]);
    rows.push(['average FP over new messages', `${formatProbability(rates.falsePositiveRate)}, ${phases}${approx}`]);
    rows.push(['messages per cycle E[N0]', formatCount(rates.expectedMessagesPerCycle)]);
  }
  const comparison = metrics.recyclingComparison;
  if (comparison) {
    const { capacity, request } = comparison;
    rows.push([`capacity at ${formatProbability(request.targetRate)} average FP`,
      `worst case ${formatCount(capacity.worstCase.messages)} · average ${formatCount(capacity.average.messages)} · sigma-bounded ${formatCount(capacity.sigmaBounded.messages)} (one phase) · ${formatCount(capacity.twoPhase.messages)} (two phases) messages per cycle`]);
  }
  return rows;
}

/** The CodeLens line: the same numbers as the hover's answer (FP from headlineRate), on one short line. */
function lensText(config: ResolvedConfig, metrics: Metrics, invalid: boolean): string {
  if (invalid) return 'Bloom: invalid parameters';
  const parts: string[] = [];
  if (config.mBits !== undefined) parts.push(formatBits(config.mBits));
  else if (config.bitsPerElement !== undefined) parts.push(`${formatReal(config.bitsPerElement)} bits/element`);
  const k = config.matchesEverything ? 0 : config.k ?? metrics.bestK?.k;
  if (k !== undefined) parts.push(`k=${k}`);
  const rates = metrics.recycling;
  const headline = headlineRate(config, metrics);
  if (rates?.kind === 'sigma-bounded') {
    parts.push(`avg FP ${formatProbability(rates.falsePositiveRate)}, ${formatCount(rates.expectedMessagesPerCycle)} msgs/cycle`);
  } else if (rates?.kind === 'n-bounded' && headline) {
    parts.push(`FP ${formatProbability(headline.falsePositiveRate)} (avg ${formatProbability(rates.actualAverage)})`);
  } else if (headline) {
    // Second: the textbook rate where the library's layout differs from it by more than 5%, else the average over the fill.
    const classic = metrics.libraryRate?.classicRate;
    const gap = classic !== undefined && classic > 0 && Math.abs(headline.falsePositiveRate / classic - 1) > LAYOUT_GAP_MARGIN;
    const average = !headline.perElement && metrics.averageFalsePositiveRate !== undefined ? ` (avg ${formatProbability(metrics.averageFalsePositiveRate)})` : '';
    parts.push(`FP ${formatRateBeside(headline.falsePositiveRate, config.targetRate)}${gap ? ` (textbook ${formatProbability(classic)})` : average}`);
  }
  return parts.length > 0 ? `Bloom: ${parts.join(', ')}` : 'Bloom: parameters incomplete';
}

/**
 * Analyses one finding. `comparisons` supplies the heavy recycling comparison (BL003, the capacity row) when
 * available: the CLI computes it inline (computeRecyclingComparison), the extension in a worker; without it
 * the report says what it would need in `pending`. Never throws; never shows NaN or Infinity.
 */
export function analyzeFinding(
  finding: Finding,
  settings: Partial<AnalysisSettings> = {},
  comparisons?: (request: RecyclingComparisonRequest) => RecyclingComparison | undefined,
): FilterReport {
  const effective = effectiveSettings(settings);
  if (finding.derived.structure) return analyzeFingerprintFilter(finding, effective);
  const invalid = invalidParameters(finding);
  const config = resolveSafely(finding, effective, invalid);
  let metrics: Metrics = {};
  let pending: RecyclingComparisonRequest | undefined;
  let failure: string | undefined;
  if (invalid.length === 0) {
    try {
      const base = computeMetrics(finding, config, effective);
      const request = comparisonRequest(config, base.recycling);
      const comparison = request ? comparisons?.(request) : undefined;
      const complete = comparison ? { ...base, recyclingComparison: comparison } : base;
      metrics = { ...complete, headline: headlineRate(config, complete) };
      pending = request && !comparison ? request : undefined;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error); // a core RangeError at an extreme: show what is known
      metrics = {};
    }
  }
  const diagnostics = diagnose(finding, config, metrics, effective, invalid);
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
      fp: metrics.headline?.falsePositiveRate,
      model: metrics.headline?.modelId,
    },
    diagnostics,
    hover: hoverContent(finding, config, metrics, diagnostics, failure, invalid.length > 0),
    lens: lensText(config, metrics, invalid.length > 0),
  };
}

/** resolve() for a valid finding; for an invalid one only what is plainly stated (no sizing). */
function resolveSafely(finding: Finding, settings: AnalysisSettings, invalid: readonly string[]): ResolvedConfig {
  if (invalid.length === 0) {
    try {
      return resolve(finding, settings);
    } catch {
      // fall through: show the stated values only
    }
  }
  const { params } = finding;
  return {
    hashing: params.hashing ?? 'colliding',
    recognizer: finding.recognizer,
    mBits: validCount(params.m) ? Math.round(params.m) : undefined,
    n: validCount(params.n) ? Math.round(params.n) : undefined,
    k: params.k !== undefined && Number.isInteger(params.k) && params.k >= 1 && params.k <= MAX_HASHES ? params.k : undefined,
    p: validProbability(params.p) ? params.p : undefined,
    targetRate: settings.targetFalsePositiveRate,
  };
}
