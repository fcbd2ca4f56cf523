/**
 * "Apply to source": which text ranges of a detected configuration to rewrite, and with what, so that the
 * source states the designer's n, p, m, k in that library's syntax (keeping the literal's style: digit
 * separators, suffixes such as L or f, quotes, e-notation). Pure (no vscode), unit-tested in node.
 */
import type { Finding, ParamName, TextRange } from '../../detect/types';
import type { DesignParam, DesignValues } from '../../protocol';

export interface PlannedEdit {
  readonly range: TextRange;
  readonly newText: string;
  readonly param: DesignParam;
}

export interface EditPlan {
  readonly edits: readonly PlannedEdit[];
  /** Parameters rewritten, in words ("n: 1000000 -> 2000000"). */
  readonly changed: readonly string[];
  /** Parameters that could not be written, and why. */
  readonly skipped: readonly string[];
}

const PARAMS: readonly DesignParam[] = ['n', 'p', 'm', 'k'];

/** Shortest round-tripping decimal for a probability (0.01, 0.0000001 rather than 1e-7 when short). */
export function probabilityText(p: number): string {
  const plain = String(p);
  if (!plain.includes('e')) return plain;
  const fixed = p.toFixed(20).replace(/0+$/, '');
  return Number(fixed) === p && fixed.length <= 24 ? fixed : plain;
}

function grouped(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Writes `value` in the style of the literal `original` (quotes, separators, suffixes, e-notation). */
export function formatLiteral(original: string, value: number, param: DesignParam): string {
  const quoted = /^(['"`])(.*)\1$/s.exec(original.trim());
  if (quoted) return `${quoted[1]}${formatLiteral(quoted[2], value, param)}${quoted[1]}`;
  const text = original.trim();
  const suffixMatch = /^[0-9._'eE+-]+([lL]{1,2}|[uU][lL]{0,2}|[fFdD]|_?(?:u|i)(?:8|16|32|64|128|size)|_?f(?:32|64))$/.exec(text);
  const suffix = suffixMatch ? suffixMatch[1] : '';
  const body = suffix ? text.slice(0, -suffix.length) : text;
  if (param === 'p') return probabilityText(value) + (/^[fFdD]$|^_?f(32|64)$/.test(suffix) ? suffix : '');
  const integer = String(Math.round(value));
  if (/^[0-9.]+[eE]\+?[0-9]+$/.test(body)) {
    // keep e-notation when the value has a short mantissa
    const exponent = integer.length - 1 - (integer.match(/0*$/)?.[0].length ?? 0);
    const zeros = integer.match(/0*$/)?.[0].length ?? 0;
    if (zeros >= 3 && exponent <= 3) {
      const mantissa = integer.slice(0, integer.length - zeros);
      return `${mantissa}e${zeros}${suffix}`;
    }
  }
  if (body.includes('_')) return grouped(integer, '_') + suffix;
  if (/\d'\d/.test(body)) return grouped(integer, "'") + suffix;
  return integer + (/^[fFdD]$/.test(suffix) ? '' : suffix);
}

/** Line/character -> offset in `text`. */
function offsetAt(lineStarts: readonly number[], text: string, line: number, character: number): number {
  if (line >= lineStarts.length) return text.length;
  return Math.min(text.length, lineStarts[line] + character);
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function numericValueOf(text: string): number | undefined {
  const cleaned = text.trim().replace(/^['"`]|['"`]$/g, '').replace(/[_']/g, '').replace(/([lLuUfFdD]+|_?[ui](8|16|32|64|128|size)|_?f(32|64))$/, '');
  if (!/^[0-9.]+([eE][+-]?[0-9]+)?$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

const ANNOTATION_KEYS: Record<DesignParam, string> = { n: 'n', p: 'p', m: 'm', k: 'k' };

/**
 * Plans the edits that make the configuration state `values`. Only parameters the source states with a
 * known text range (arguments, config values, constants) or in a `bloom-lens:` annotation are rewritten.
 */
export function planSourceEdits(documentText: string, finding: Finding, values: DesignValues): EditPlan {
  const lineStarts = lineStartsOf(documentText);
  const edits: PlannedEdit[] = [];
  const changed: string[] = [];
  const skipped: string[] = [];
  for (const param of PARAMS) {
    const value = values[param];
    if (value === undefined) continue;
    const source = finding.sources[param as ParamName];
    if (source?.range) {
      const { start, end } = source.range;
      const from = offsetAt(lineStarts, documentText, start.line, start.character);
      const to = offsetAt(lineStarts, documentText, end.line, end.character);
      const original = documentText.slice(from, to);
      // In the code's own unit (bytes for some libraries), rounded up so the memory is never less.
      const inUnit = source.scale ? Math.ceil(value / source.scale) : value;
      if (numericValueOf(original) === inUnit) continue;
      if (/^[A-Za-z_$][\w$.:]*$/.test(original.trim())) {
        skipped.push(`${param} comes from the name ${original.trim()}: change it where it is defined`);
        continue;
      }
      if (edits.some((e) => rangesOverlap(e.range, source.range!))) {
        skipped.push(`${param}: shares its text with another parameter`);
        continue;
      }
      const newText = formatLiteral(original, inUnit, param);
      edits.push({ range: source.range, newText, param });
      changed.push(`${param}: ${original.trim()} -> ${newText}`);
      continue;
    }
    if (source?.kind === 'annotation') {
      const edit = annotationEdit(documentText, lineStarts, finding, param, value);
      if (edit === 'unchanged') continue;
      if (edit) {
        edits.push(edit.edit);
        changed.push(`${param}: ${edit.original} -> ${edit.edit.newText}`);
        continue;
      }
    }
    if (source === undefined) skipped.push(`${param} is not stated in the source`);
    else if (source.kind === 'default' || source.kind === 'derived') skipped.push(`${param} is ${source.kind === 'default' ? "the library's default" : 'derived by the library'}, not written in the source`);
    else skipped.push(`${param}: its text position is unknown`);
  }
  return { edits, changed, skipped };
}

function rangesOverlap(a: TextRange, b: TextRange): boolean {
  const before = (x: TextRange['start'], y: TextRange['start']): boolean => x.line < y.line || (x.line === y.line && x.character <= y.character);
  return !(before(a.end, b.start) || before(b.end, a.start));
}

/** Rewrites `key=value` of the `bloom-lens:` annotation that belongs to the finding (its own lines or the line above). */
function annotationEdit(text: string, lineStarts: readonly number[], finding: Finding, param: DesignParam, value: number):
  { edit: PlannedEdit; original: string } | 'unchanged' | undefined {
  const first = Math.max(0, finding.range.start.line - 1);
  const last = Math.min(lineStarts.length - 1, finding.range.end.line + 1);
  const lines = [finding.range.start.line, ...Array.from({ length: last - first + 1 }, (_, i) => first + i)];
  for (const line of lines) {
    const start = lineStarts[line];
    const end = line + 1 < lineStarts.length ? lineStarts[line + 1] - 1 : text.length;
    const lineText = text.slice(start, end);
    const marker = lineText.indexOf('bloom-lens:');
    if (marker < 0) continue;
    const pattern = new RegExp(`(^|[\\s,;:])(${ANNOTATION_KEYS[param]})([ \\t]*=[ \\t]*)((?:(?!-->|\\*\\/)[^\\s=,;])+)`, 'g');
    pattern.lastIndex = marker + 'bloom-lens:'.length;
    const match = pattern.exec(lineText);
    if (!match) continue;
    const original = match[4];
    if (numericValueOf(original) === value) return 'unchanged';
    const valueStart = match.index + match[1].length + match[2].length + match[3].length;
    const newText = formatLiteral(original, value, param);
    return {
      original,
      edit: {
        param,
        newText,
        range: { start: { line, character: valueStart }, end: { line, character: valueStart + original.length } },
      },
    };
  }
  return undefined;
}
