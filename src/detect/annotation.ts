/**
 * The `bloom-lens:` annotation: a comment in any language that states what code cannot say,
 * e.g. `// bloom-lens: n=1e6 p=0.01 recycle=sigma:0.55 retain=true phases=2 prior=1e-4 alpha=10`.
 */
import { evaluateConstant } from './evaluate';
import { checks, Draft, DraftBuilder, formatNumber, ScanContext } from './engine';
import type { HashingModel, ParamName } from './types';

export const ANNOTATION_ID = 'annotation';

/** Matches the marker; the key=value list follows. */
const MARKER = /bloom-lens:/g;
/** One `key=value` pair (value: no whitespace). */
const PAIR = /([A-Za-z][\w-]*)[ \t]*=[ \t]*([^\s=]*)/y;
const COMMENT_OPENERS = /(?:\/\/|\/\*|#|--|<!--|;|\*)/;

export interface ParsedAnnotation {
  readonly draft: Draft;
  /** Line of the annotation (0-based). */
  readonly line: number;
  /** True when code precedes the comment on its line (an end-of-line annotation). */
  readonly trailing: boolean;
}

const NUMERIC_KEYS: Record<string, ParamName> = {
  m: 'm', n: 'n', k: 'k', p: 'p', bpe: 'bitsPerElement', bitsperelement: 'bitsPerElement', sigma: 'sigma', prior: 'prior', alpha: 'alpha',
};

/** Finds every annotation in the text that sits in a comment (or after a comment opener on its line). */
export function findAnnotations(ctx: ScanContext): ParsedAnnotation[] {
  const text = ctx.text;
  const results: ParsedAnnotation[] = [];
  if (text.indexOf('bloom-lens:') < 0) return results;
  MARKER.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = MARKER.exec(text)) !== null) {
    const at = match.index;
    const line = ctx.source.lineOf(at);
    const lineStart = ctx.source.lineStart(line);
    const before = text.slice(lineStart, at);
    const inComment = ctx.isComment(at) || (ctx.source.family === 'plain' && COMMENT_OPENERS.test(before));
    if (!inComment) continue;
    const parsed = parseAnnotation(ctx, at, line);
    if (parsed) results.push(parsed);
  }
  return results;
}

function parseAnnotation(ctx: ScanContext, at: number, line: number): ParsedAnnotation | undefined {
  const source = ctx.source;
  const lineStart = source.lineStart(line);
  const lineEnd = source.lineEnd(line);
  let bodyEnd = lineEnd;
  const rest = ctx.text.slice(at, lineEnd); // search this line only: a whole-text search is quadratic over many annotations
  for (const closer of ['*/', '-->']) {
    const close = rest.indexOf(closer);
    if (close >= 0 && at + close < bodyEnd) bodyEnd = at + close;
  }
  const bodyStart = at + 'bloom-lens:'.length;
  const body = ctx.text.slice(bodyStart, bodyEnd);
  const builder = new DraftBuilder(ctx, ANNOTATION_ID, 'bloom-lens annotation', at, bodyEnd);
  const draft = builder.draft;
  let recycleKind: 'sigma' | 'n' | undefined;
  let sigmaFraction: number | undefined;
  let sigmaBits: number | undefined;
  let messagesPerCycle: number | undefined;
  let retain: boolean | undefined;
  let lastEnd = bodyStart;
  let i = 0;
  while (i < body.length) {
    const c = body.charAt(i);
    if (c === ' ' || c === '\t' || c === ',' || c === ';') {
      i++;
      continue;
    }
    PAIR.lastIndex = i;
    const pair = PAIR.exec(body);
    if (!pair) break; // free text after the pairs ends the annotation
    i = PAIR.lastIndex;
    lastEnd = bodyStart + i;
    const key = pair[1].toLowerCase();
    const value = pair[2];
    if (value === '') {
      builder.invalid(`bloom-lens annotation: "${pair[1]}=" has no value`);
      continue;
    }
    const numericParam = NUMERIC_KEYS[key];
    if (numericParam) {
      const check = {
        m: checks.positiveInteger('m (bits)'),
        n: checks.positiveInteger('n (elements)'),
        k: checks.positiveInteger('k (hash functions)'),
        p: checks.probability('p (false-positive rate)'),
        bitsPerElement: checks.positive('bits per element'),
        sigma: checks.positiveInteger('sigma (bits)'),
        prior: (v: number) => (v > 0 && v <= 1 ? undefined : `prior = ${formatNumber(v)} is outside (0, 1]`),
        alpha: checks.positive('alpha (cost ratio)'),
      }[numericParam as string] as ((v: number) => string | undefined) | undefined;
      annotationNumber(builder, numericParam, value, check);
      continue;
    }
    switch (key) {
      case 'phases':
        if (value === '1' || value === '2') builder.set('phases', Number(value) as 1 | 2, { kind: 'annotation', text: `phases=${value}` });
        else builder.invalid(`bloom-lens annotation: phases=${value} must be 1 or 2`);
        break;
      case 'hashing':
        if (value === 'colliding' || value === 'noncolliding' || value === 'partitioned') {
          draft.params.hashing = value as HashingModel;
          draft.sources.hashing = { kind: 'annotation', text: `hashing=${value}` };
        } else builder.invalid(`bloom-lens annotation: hashing=${value} must be colliding, noncolliding or partitioned`);
        break;
      case 'retain':
        if (value === 'true' || value === 'false') retain = value === 'true';
        else builder.invalid(`bloom-lens annotation: retain=${value} must be true or false`);
        break;
      case 'recycle': {
        const recycle = /^(sigma|n):(.+)$/i.exec(value);
        if (!recycle) {
          builder.invalid(`bloom-lens annotation: recycle=${value} must be sigma:<fraction>, sigma:<bits> or n:<messages>`);
          break;
        }
        const amount = evaluateConstant(recycle[2], { caretIsPower: true });
        if (!amount.ok) {
          builder.unevaluated('sigma', recycle[2]);
          break;
        }
        if (recycle[1].toLowerCase() === 'n') {
          if (Number.isInteger(amount.value) && amount.value >= 1) {
            recycleKind = 'n';
            messagesPerCycle = amount.value;
          } else builder.invalid(`bloom-lens annotation: recycle=n:${recycle[2]} must be a whole number of messages >= 1`);
        } else if (amount.value > 0 && amount.value < 1) {
          recycleKind = 'sigma';
          sigmaFraction = amount.value;
        } else if (Number.isInteger(amount.value) && amount.value >= 1) {
          recycleKind = 'sigma';
          sigmaBits = amount.value;
        } else builder.invalid(`bloom-lens annotation: recycle=sigma:${recycle[2]} must be a fraction in (0, 1) or a whole number of bits >= 1`);
        break;
      }
      default:
        builder.invalid(`bloom-lens annotation: unknown key "${pair[1]}" (known: m, n, k, p, bpe, sigma, recycle, retain, phases, prior, alpha, hashing)`);
    }
  }
  draft.end = Math.max(lastEnd, Math.min(bodyEnd, bodyStart));
  if (sigmaBits === undefined && draft.params.sigma !== undefined && recycleKind !== 'n') {
    sigmaBits = draft.params.sigma;
    recycleKind = 'sigma';
  }
  if (recycleKind === 'sigma') {
    draft.recycling = { kind: 'sigma-bounded', ...(sigmaBits !== undefined ? { sigmaBits } : {}), ...(sigmaFraction !== undefined ? { sigmaFraction } : {}), ...(retain !== undefined ? { retain } : {}) };
    if (sigmaBits !== undefined && draft.params.sigma === undefined) builder.set('sigma', sigmaBits, { kind: 'annotation', text: `recycle=sigma:${sigmaBits}` });
  } else if (recycleKind === 'n') {
    draft.recycling = { kind: 'n-bounded', messagesPerCycle };
  } else if (retain !== undefined) {
    builder.note('retain= has no effect without recycle=sigma:...');
  }
  const before = ctx.text.slice(lineStart, at);
  const trailing = hasCodeBefore(ctx, lineStart, at, before);
  return { draft, line, trailing };
}

function annotationNumber(builder: DraftBuilder, param: ParamName, value: string, check: ((v: number) => string | undefined) | undefined): void {
  const result = evaluateConstant(value, { caretIsPower: true });
  if (!result.ok) {
    builder.invalid(`bloom-lens annotation: ${param}=${value} is not a number (${result.reason})`);
    return;
  }
  const problem = check?.(result.value);
  if (problem) {
    builder.invalid(`bloom-lens annotation: ${problem}`);
    return;
  }
  builder.set(param, result.value, { kind: 'annotation', text: `${param}=${value}` });
}

/** Whether non-comment, non-blank text precedes the annotation's comment on its line. */
function hasCodeBefore(ctx: ScanContext, lineStart: number, at: number, before: string): boolean {
  if (ctx.source.family === 'plain') {
    const opener = before.search(COMMENT_OPENERS);
    return opener > 0 && before.slice(0, opener).trim() !== '';
  }
  for (let i = lineStart; i < at; i++) {
    const c = ctx.text.charCodeAt(i);
    if (c === 32 || c === 9) continue;
    if (!ctx.isComment(i)) return true;
  }
  return false;
}

/** Whether a line holds nothing but a comment or whitespace. */
export function isCommentOnlyLine(ctx: ScanContext, line: number): boolean {
  const start = ctx.source.lineStart(line);
  const end = ctx.source.lineEnd(line);
  for (let i = start; i < end; i++) {
    const c = ctx.text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 13) continue;
    if (!ctx.isComment(i)) {
      if (ctx.source.family === 'plain') return /^\s*(?:\/\/|\/\*|#|--|<!--|;|\*)/.test(ctx.text.slice(start, end));
      return false;
    }
  }
  return true;
}
