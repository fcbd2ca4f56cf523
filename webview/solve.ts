/**
 * The designer's inputs -> one design point: parse every field (reasons per field), then solve the blanks
 * among n, p, m, k with the core's sizing functions (src/core/classic.ts). Pure; runs in the webview's
 * main thread (microseconds to a few milliseconds) and in node for the unit tests.
 */
import {
  bestIntegerK, exactFalsePositiveRate, HashingModel, MAX_HASHES, maxElementsForBitsAndRate,
  sizeForElementsAndRate, sizeForElementsRateAndK,
} from '../src/core/classic';
import type { DesignerInputs, DesignParam } from '../src/protocol';
import {
  LayoutChoice, layoutBestK, layoutFalsePositiveRate, layoutGranule, layoutMaxElementsForBitsAndRate, layoutSizeForElementsAndRate, layoutText,
  parseLayout, SPLIT_BLOCK_K,
} from '../src/libraries/layouts';
import { parseBits, parseCount, parseHashes, parsePositive, parseProbability, parseSigma } from '../src/analysis/units';

export type InputField = DesignParam | 'sigma' | 'prior' | 'alpha' | 'counterBits' | 'target';

export interface ParsedInputs {
  readonly n?: number;
  readonly p?: number;
  readonly m?: number;
  readonly k?: number;
  readonly prior?: number;
  readonly alpha?: number;
  readonly counterBits?: number;
  readonly target?: number;
  /** Field -> why its text is not acceptable. */
  readonly errors: Partial<Record<InputField, string>>;
}

export interface Design {
  readonly n: number;
  readonly mBits: number;
  readonly k: number;
  readonly hashing: HashingModel;
  /** The target FP when one was given, else the exact FP of the design. */
  readonly p: number;
  /** FP at n elements: the chosen layout's model (classic: exact, with the chosen hashing). */
  readonly falsePositiveRate: number;
  /** The filter layout (classic unless chosen); blocked and split-block designs have m in whole blocks. */
  readonly layout: LayoutChoice;
  /** The textbook exact FP for the same m, n, k (equal to falsePositiveRate for the classic layout). */
  readonly classicFalsePositiveRate: number;
  /** Which of n, p, m, k were blank and solved. */
  readonly solved: readonly DesignParam[];
  readonly targetGiven: boolean;
  /** sigma in bits (sigma-bounded recycling), already checked against k and m. */
  readonly sigmaBits?: number;
  readonly prior?: number;
  readonly alpha: number;
  readonly counterBits: number;
  /** The FP rate capacities are computed at. */
  readonly capacityTarget: number;
}

export type SolveResult =
  | { readonly ok: true; readonly design: Design; readonly errors: Partial<Record<InputField, string>> }
  | { readonly ok: false; readonly errors: Partial<Record<InputField, string>>; readonly message: string };

/** Parses every text field; fields with problems get a reason. */
export function parseInputs(inputs: DesignerInputs): ParsedInputs {
  const errors: Partial<Record<InputField, string>> = {};
  const take = (field: InputField, parsed: ReturnType<typeof parseCount>): number | undefined => {
    if (parsed.ok) return parsed.value;
    errors[field] = parsed.reason;
    return undefined;
  };
  const n = take('n', parseCount(inputs.n, 'n'));
  const p = take('p', parseProbability(inputs.p, 'p'));
  const m = take('m', parseBits(inputs.m, 'm'));
  const k = take('k', parseHashes(inputs.k, MAX_HASHES));
  const prior = take('prior', parseProbability(inputs.prior, 'the prior'));
  const alpha = take('alpha', parsePositive(inputs.alpha, 'alpha', 1e12));
  let counterBits = take('counterBits', parsePositive(inputs.counterBits, 'bits per counter', 64));
  if (counterBits !== undefined && !Number.isInteger(counterBits)) {
    errors.counterBits = 'bits per counter must be a whole number';
    counterBits = undefined;
  }
  const target = take('target', parseProbability(inputs.target, 'the target'));
  return { n, p, m, k, prior, alpha, counterBits, target, errors };
}

/** Largest n with exact FP(m, n, k) <= p (monotone in n), 0 if not even one element fits. */
function maxElementsForBitsRateAndK(mBits: number, p: number, k: number, hashing: HashingModel): number {
  const fits = (n: number): boolean => exactFalsePositiveRate(mBits, n, k, hashing) <= p;
  if (!fits(1)) return 0;
  let lo = 1;
  let hi = 2;
  while (fits(hi)) {
    lo = hi;
    if (hi >= Number.MAX_SAFE_INTEGER / 2) return hi;
    hi *= 2;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Solves the blanks among n, p, m, k. At least two of n, p, m must be given. */
export function solveDesign(inputs: DesignerInputs): SolveResult {
  const parsed = parseInputs(inputs);
  const errors = { ...parsed.errors };
  const hashing = inputs.hashing;
  const { n, p, m, k } = parsed;
  const solved: DesignParam[] = [];
  const failWith = (message: string): SolveResult => ({ ok: false, errors, message });
  if (errors.n || errors.p || errors.m || errors.k) return failWith('Fix the marked fields.');
  if (k !== undefined && m !== undefined && hashing !== 'colliding' && k > m) {
    errors.k = `${hashing} hashing needs k <= m`;
    return failWith('Fix the marked fields.');
  }
  const layout = designerLayout(inputs);
  if (layout.kind !== 'classic') return solveLayoutDesign(inputs, layout, parsed, errors);
  let design: { n: number; mBits: number; k: number };
  try {
    if (m !== undefined && n !== undefined) {
      if (k === undefined) solved.push('k');
      design = { n, mBits: m, k: k ?? bestIntegerK(m, n, hashing).k };
    } else if (n !== undefined && p !== undefined) {
      solved.push('m');
      if (k !== undefined) {
        design = { n, mBits: sizeForElementsRateAndK(n, p, k, hashing).mBits, k };
      } else {
        solved.push('k');
        const size = sizeForElementsAndRate(n, p, hashing);
        design = { n, mBits: size.mBits, k: size.k };
      }
    } else if (m !== undefined && p !== undefined) {
      solved.push('n');
      if (k !== undefined) {
        const most = maxElementsForBitsRateAndK(m, p, k, hashing);
        if (most === 0) {
          errors.m = `not even one element fits in ${m} bits with k = ${k} at p = ${p}`;
          return failWith('Fix the marked fields.');
        }
        design = { n: most, mBits: m, k };
      } else {
        solved.push('k');
        const most = maxElementsForBitsAndRate(m, p, hashing);
        if (most.n === 0) {
          errors.m = `not even one element fits in ${m} bits at p = ${p}`;
          return failWith('Fix the marked fields.');
        }
        design = { n: most.n, mBits: m, k: most.k };
      }
    } else {
      return failWith('Give at least two of n, p and m; leave the others blank to solve them.');
    }
  } catch (error) {
    return failWith(error instanceof Error ? error.message : String(error));
  }
  const falsePositiveRate = exactFalsePositiveRate(design.mBits, design.n, design.k, hashing);
  return finishDesign(inputs, parsed, errors, design, solved, hashing, layout, falsePositiveRate, falsePositiveRate);
}

/** The layout chosen in the designer (classic when absent). */
export function designerLayout(inputs: DesignerInputs): LayoutChoice {
  const layout = parseLayout(inputs.layout ?? 'classic');
  return typeof layout === 'string' ? { kind: 'classic' } : layout;
}

/** Blocked and split-block designs: the same blanks solved over the layout's own FP, m in whole blocks. */
function solveLayoutDesign(inputs: DesignerInputs, layout: LayoutChoice, parsed: ParsedInputs, errors: Partial<Record<InputField, string>>): SolveResult {
  const { n, p, m, k } = parsed;
  const solved: DesignParam[] = [];
  const failWith = (message: string): SolveResult => ({ ok: false, errors, message });
  const granule = layoutGranule(layout);
  if (m !== undefined && m % granule !== 0) errors.m = `a ${layoutText(layout)} filter has whole ${granule}-bit blocks: m must be a multiple of ${granule} (e.g. ${Math.ceil(m / granule) * granule})`;
  if (k !== undefined && layout.kind === 'split-block' && k !== SPLIT_BLOCK_K) errors.k = 'a split-block filter always sets k = 8 bits per key (one per 32-bit word)';
  if (errors.m || errors.k) return failWith('Fix the marked fields.');
  const fixedK = layout.kind === 'split-block' ? SPLIT_BLOCK_K : k;
  let design: { n: number; mBits: number; k: number };
  try {
    if (m !== undefined && n !== undefined) {
      if (k === undefined) solved.push('k');
      design = { n, mBits: m, k: fixedK ?? (layoutBestK(layout, m, n).k as number) };
    } else if (n !== undefined && p !== undefined) {
      solved.push('m');
      if (fixedK === undefined) solved.push('k');
      const size = layoutSizeForElementsAndRate(layout, n, p, fixedK);
      design = { n, mBits: size.mBits, k: fixedK ?? (size.k as number) };
    } else if (m !== undefined && p !== undefined) {
      solved.push('n');
      if (fixedK !== undefined && layout.kind !== 'split-block') return failWith(`With the ${layoutText(layout)} layout, leave k blank to solve n for m and p.`);
      if (k === undefined && layout.kind !== 'split-block') solved.push('k');
      const most = layoutMaxElementsForBitsAndRate(layout, m, p);
      if (most.n === 0) {
        errors.m = `not even one element fits in ${m} bits at p = ${p}`;
        return failWith('Fix the marked fields.');
      }
      design = { n: most.n, mBits: m, k: most.k as number };
    } else {
      return failWith('Give at least two of n, p and m; leave the others blank to solve them.');
    }
  } catch (error) {
    return failWith(error instanceof Error ? error.message : String(error));
  }
  const falsePositiveRate = layoutFalsePositiveRate(layout, design.mBits, design.n, design.k);
  const classic = exactFalsePositiveRate(design.mBits, design.n, design.k, 'colliding');
  return finishDesign(inputs, parsed, errors, design, solved, 'colliding', layout, falsePositiveRate, classic);
}

function finishDesign(
  inputs: DesignerInputs, parsed: ParsedInputs, errors: Partial<Record<InputField, string>>, design: { n: number; mBits: number; k: number },
  solved: DesignParam[], hashing: HashingModel, layout: LayoutChoice, falsePositiveRate: number, classicFalsePositiveRate: number,
): SolveResult {
  const { p } = parsed;
  if (p === undefined) solved.push('p');
  let sigmaBits: number | undefined;
  if (inputs.recycling === 'sigma-bounded') {
    const sigma = parseSigma(inputs.sigma, design.mBits, design.k);
    if (!sigma.ok) errors.sigma = sigma.reason;
    else if (sigma.value === undefined) errors.sigma = 'sigma-bounded recycling needs sigma (bits, or a fraction of m such as 0.5)';
    else sigmaBits = sigma.value;
  }
  return {
    ok: true,
    errors,
    design: {
      ...design,
      hashing,
      p: p ?? falsePositiveRate,
      falsePositiveRate,
      layout,
      classicFalsePositiveRate,
      solved,
      targetGiven: p !== undefined,
      sigmaBits,
      prior: parsed.prior,
      alpha: parsed.alpha ?? 1,
      counterBits: parsed.counterBits ?? 4,
      capacityTarget: parsed.target ?? p ?? 0.01,
    },
  };
}
