/**
 * Precision at repository scale (issue 20): text that looks like a configuration but configures nothing
 * where it stands. Each predicate names one kind, found in whole-repository scans
 * (test/fixtures/precision/labels.json):
 *  - declarations: a method or function declared with typed parameters (`bfReserve(String key, double errorRate, long capacity)`),
 *    `def`/`func`/`fn` headers, a parameter's default value (`float fpp = kDefaultFpp`);
 *  - pass-throughs: every value the code states arrives as a parameter of an enclosing function (its callers configure it);
 *  - expected values of assertions (`require.Equal(t, bloom.FilterPolicy(1), got)`, `assertEquals(expected, ...)`,
 *    Mockito `verify(mock).bfReserve(...)`, `when(mock.bfReserve(...))`);
 *  - protobuf field numbers read by the generic recogniser (`num_hash_functions = 1;`);
 *  - in Markdown, prose outside code blocks (inline code included) and examples whose values are all placeholders (`New(n, fp)`);
 *  - a configuration key's own declaration (`ORC_BLOOM_FILTER_COLUMNS = "write.orc.bloom.filter.columns"`, an enum member
 *    naming the key) that states no value.
 * Pure text predicates on the scan context, bounded work per finding.
 */
import { Draft, ScanContext, splitArguments } from './engine';
import { GENERIC_ID } from './recognizers/generic';
import { CODE } from './source';

/** How far back the enclosing blocks and parameter lists are looked for. */
const MAX_LOOK_BACK = 20_000;
const MAX_HEADER = 600;
const LINE_BEFORE = 400;
/** Characters all look-backs for enclosing functions of one text may visit together (bounded work on any input). */
const LOOK_BACK_BUDGET = 400_000;
const lookBackSpent = new WeakMap<ScanContext, number>();

/** Keywords that may precede an identifier in a call argument (`new Foo()`, `await x`): not a typed parameter. */
const EXPRESSION_KEYWORDS = /^(?:new|await|yield|return|not|typeof|sizeof|alignof|delete|throw|in|of|as|is|and|or|lambda|async|ref|out|const|static|let|var|val|mut|move|go|defer|case|else|if)$/;
/** `Type name`, `Type* name`, `name Type` (Go), `final Type name = default`: a parameter declaration, never a call argument. */
const TYPED_PARAMETER = /^(?:final\s+|const\s+)?([A-Za-z_][\w.:]*)(?:<[^()]*>)?(?:\[\])*(?:\s*[*&]+\s*|\s+)(?:\.\.\.)?([A-Za-z_][\w.]*)(?:<[^()]*>)?(?:\[\])?(?:\s*=\s*[^=].*)?$/s;
/** Block headers that are not functions. */
const CONTROL_HEADER = /^(?:if|for|foreach|while|switch|catch|else|try|do|synchronized|using|lock|match|loop|unsafe|select|when|with)\b/;
const TYPE_HEADER = /\b(?:class|struct|interface|enum|trait|impl|record|object|namespace|module|new)\b/;

/** Why a draft configures nothing where it stands, or undefined when it is a configuration. */
export function configuresNothing(ctx: ScanContext, draft: Draft): string | undefined {
  if (draft.recognizer === 'calculator.url') return undefined; // a calculator link states its configuration wherever it stands
  if (ctx.source.languageId === 'markdown') return markdownProse(ctx, draft);
  if (ctx.source.languageId === 'proto' && draft.recognizer === GENERIC_ID) return 'a protobuf field number, not a value';
  const family = ctx.source.family;
  if (family !== 'c' && family !== 'js' && family !== 'python') return undefined; // code only: config files and SQL declare nothing
  if (isDeclaration(ctx, draft)) return 'a declaration, not a use';
  if (isExpectedValue(ctx, draft)) return 'the expected value of an assertion';
  if (isKeyDeclaration(ctx, draft)) return 'the declaration of a configuration key, with no value';
  if (isPassThrough(ctx, draft)) return 'a pass-through: its values are parameters of the enclosing function';
  return undefined;
}

/** Whether an argument's text declares a parameter (`double errorRate`, `capacity int64`, `float fpp = 0.01`). */
export function isTypedParameter(text: string): boolean {
  const match = TYPED_PARAMETER.exec(text.trim());
  if (!match) return false;
  return !EXPRESSION_KEYWORDS.test(match[1]) && !EXPRESSION_KEYWORDS.test(match[2]);
}

/** The text before `offset` on its line, at most LINE_BEFORE characters (bounded work on long lines). */
function lineBefore(ctx: ScanContext, offset: number): string {
  const source = ctx.source;
  return ctx.text.slice(Math.max(source.lineStart(source.lineOf(offset)), offset - LINE_BEFORE), offset);
}

/** The argument list of the draft's own call (the first `(` inside the draft), if it has one. */
function ownArguments(ctx: ScanContext, draft: Draft): string[] {
  if (ctx.text[draft.start] === '{') return []; // a struct literal has no list of its own (`sizeof(struct key)` inside is not one)
  const inside = ctx.text.slice(draft.start, draft.end).indexOf('(');
  if (inside < 0) return [];
  const open = draft.start + inside;
  return splitArguments(ctx.text, open)?.args.map((a) => a.text) ?? [];
}

/**
 * A declaration: the draft's own list declares typed parameters, its line opens with `def`/`func`/`fn`, or it stands
 * inside the parameter list of a declaration (a default argument).
 */
function isDeclaration(ctx: ScanContext, draft: Draft): boolean {
  if (/(?:^|[\s(])(?:def|func|fn|function|fun|sub)\s+(?:\([^()]*\)\s*)?[\w.$]*$/.test(lineBefore(ctx, draft.start))) return true;
  if (ownArguments(ctx, draft).some(isTypedParameter)) return true;
  const open = enclosingOpenParen(ctx, draft.start);
  if (open < 0) return false;
  const before = ctx.text.slice(Math.max(0, open - 200), open);
  if (!/[A-Za-z_]\w*\s*$/.test(before)) return false; // a call or declaration has a name before its list
  if (/(?:^|[\s(])(?:def|func|fn|function|fun)\s+[\w.$]*\s*$/.test(before)) return true;
  const list = splitArguments(ctx.text, open);
  return list !== undefined && list.args.some((a) => isTypedParameter(a.text));
}

/** The `(` whose list contains `offset` (within one statement), or -1. */
function enclosingOpenParen(ctx: ScanContext, offset: number): number {
  const text = ctx.text;
  let depth = 0;
  for (let i = offset - 1; i >= Math.max(0, offset - 2000); i--) {
    if (ctx.source.kindAt(i) !== CODE) continue;
    const c = text[i];
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') {
      if (depth === 0) return c === '(' ? i : -1;
      depth--;
    } else if (c === ';' && depth === 0) return -1;
  }
  return -1;
}

/** Testify's expected argument, JUnit's first argument of assertEquals, Mockito's `verify(mock).call(...)` and `when(call(...))`. */
function isExpectedValue(ctx: ScanContext, draft: Draft): boolean {
  const before = lineBefore(ctx, draft.start);
  return /\b(?:require|assert|suite|s)\.(?:Equal|EqualValues|Exactly|NotEqual)\(\s*\w+\s*,\s*$/.test(before)
    || /\bassert(?:Equals|NotEquals|Same)\(\s*$/.test(before)
    || /\bverify\s*\((?:[^()]|\([^()]*\))*\)\s*\.\s*$/.test(before)
    || /\bwhen\s*\(\s*(?:[\w.]+\s*\.\s*)?$/.test(before);
}

const fenceCache = new WeakMap<ScanContext, Uint8Array>();

/** For each line of a Markdown text, 1 inside a fenced code block (computed once per text). */
function fencedLines(ctx: ScanContext): Uint8Array {
  let fenced = fenceCache.get(ctx);
  if (!fenced) {
    fenced = new Uint8Array(ctx.source.lineCount);
    let inside = false;
    for (let l = 0; l < ctx.source.lineCount; l++) {
      const fence = /^\s{0,3}(?:```|~~~)/.test(ctx.source.lineText(l));
      fenced[l] = inside && !fence ? 1 : 0;
      if (fence) inside = !inside;
    }
    fenceCache.set(ctx, fenced);
  }
  return fenced;
}

/** Markdown: a finding outside code, or one whose every stated value is a placeholder, configures nothing. */
function markdownProse(ctx: ScanContext, draft: Draft): string | undefined {
  const source = ctx.source;
  const line = source.lineOf(draft.start);
  const fenced = fencedLines(ctx)[line] === 1;
  // Inline code in a sentence or a list item (`bloom_filter_fp_chance = 0.1` in a changelog) is prose about a
  // setting; a code block (fenced or indented) is an example of one.
  if (!fenced && !/^(?: {4}|\t)/.test(source.lineText(line))) return 'prose in a Markdown paragraph';
  const stated = Object.values(draft.sources).some((s) => s !== undefined && s.kind !== 'default');
  if (!stated && draft.invalid.length === 0 && draft.unevaluated.length > 0) return 'a documentation example with placeholders for its values';
  return undefined;
}

/** `NAME = "bloom.key"` or an enum member `NAME("bloom.key", ...)` with no value stated by the finding. */
function isKeyDeclaration(ctx: ScanContext, draft: Draft): boolean {
  if (draft.invalid.length > 0) return false;
  if (Object.values(draft.sources).some((s) => s !== undefined && s.kind !== 'default')) return false;
  const before = lineBefore(ctx, draft.start);
  if (/\b[A-Z][A-Z0-9_]*\s*=\s*(?:["'][\w.-]*)?$/.test(before)) return true;
  if (/^\s*[A-Z][A-Z0-9_]*\s*\(\s*(?:["'][\w.-]*)?$/.test(before)) return true;
  const line = ctx.source.lineOf(draft.start);
  return line > 0 && /^\s*(?:["'][\w.-]*)?$/.test(before) && /^\s*[A-Z][A-Z0-9_]*\s*\(\s*$/.test(ctx.source.lineText(line - 1));
}

/** Numeric conversions that pass a value through unchanged in meaning: `uint32(x)`, `(long) x`, `x as u32`, `x.toInt()`. */
const CONVERSION_CALL = /^(?:u?int(?:8|16|32|64)?|float(?:32|64)?|long|double|size_t|u?size|[ui](?:8|16|32|64)|Number|str|String|BigInt|math\.Ceil|math\.Floor)\s*\(([^()]*)\)$/;
const CAST = /^\(\s*(?:unsigned\s+)?[A-Za-z_][\w:]*\s*\)\s*(.+)$/s;
const SUFFIX_CONVERSION = /^(.+?)(?:\s+as\s+[A-Za-z_]\w*|\.to(?:Int|Long|Double|Float)\(\)|\.(?:intValue|longValue|doubleValue)\(\))$/s;

/** The identifier an expression is, once numeric conversions are stripped (`uint32(bitsPerKey)` -> `bitsPerKey`). */
export function bareIdentifier(expression: string): string | undefined {
  let text = expression.trim();
  for (let i = 0; i < 4; i++) {
    const inner = CONVERSION_CALL.exec(text) ?? CAST.exec(text) ?? SUFFIX_CONVERSION.exec(text);
    if (!inner) break;
    text = inner[1].trim();
  }
  const match = /^(?:(?:this|self)\.)?([A-Za-z_]\w*)$/.exec(text);
  return match?.[1];
}

/**
 * A pass-through: every value the draft states is a parameter of a function around it, forwarded as it is
 * (unevaluated arguments naming it, or a name resolved to an unrelated constant that the parameter shadows).
 * A value computed from a parameter (`settings.getint("CAPACITY")`) is a use, not a pass-through.
 */
function isPassThrough(ctx: ScanContext, draft: Draft): boolean {
  if (draft.invalid.length > 0) return false;
  const stated: (string | undefined)[] = draft.unevaluated.map((u) => bareIdentifier(u.expression));
  for (const source of Object.values(draft.sources)) {
    if (!source || source.kind === 'default' || source.kind === 'derived' || source.kind === 'annotation') continue;
    if (source.kind !== 'constant' || !source.text) return false; // a literal: configured here
    stated.push(bareIdentifier(source.text));
  }
  if (stated.length === 0 || stated.includes(undefined)) return false;
  const parameters = enclosingParameters(ctx, draft.start);
  return stated.every((name) => parameters.has(name!));
}

/** Names declared by the parameter lists of the functions enclosing `offset` (brace blocks, or Python `def` by indentation). */
export function enclosingParameters(ctx: ScanContext, offset: number): Set<string> {
  const names = new Set<string>();
  const add = (list: string): void => {
    for (const part of list.split(',')) {
      for (const word of part.replace(/=.*$/s, '').match(/[A-Za-z_]\w*/g) ?? []) names.add(word);
    }
  };
  const text = ctx.text;
  if (ctx.source.languageId === 'python') {
    let indent = /^[ \t]*/.exec(ctx.source.lineText(ctx.source.lineOf(offset)))![0].length;
    for (let line = ctx.source.lineOf(offset) - 1; line >= 0 && indent > 0; line--) {
      const content = ctx.source.lineText(line);
      if (content.trim() === '') continue;
      const own = /^[ \t]*/.exec(content)![0].length;
      if (own >= indent) continue;
      indent = own;
      if (/^\s*(?:async\s+)?def\s/.test(content)) {
        const start = ctx.source.lineStart(line) + content.indexOf('(');
        const list = splitArguments(text, start);
        if (list) for (const a of list.args) add(a.name ?? a.text.replace(/:.*$/s, ''));
      }
    }
    return names;
  }
  const spent = lookBackSpent.get(ctx) ?? 0;
  const stop = Math.max(0, offset - Math.min(MAX_LOOK_BACK, LOOK_BACK_BUDGET - spent));
  lookBackSpent.set(ctx, spent + (offset - stop));
  let depth = 0;
  for (let i = offset - 1; i >= stop; i--) {
    const c = text[i];
    if ((c !== '{' && c !== '}') || ctx.source.kindAt(i) !== CODE) continue;
    if (c === '}') {
      depth++;
      continue;
    }
    if (depth > 0) {
      depth--;
      continue;
    }
    // An unmatched `{`: the block around the offset. Its header runs back to the previous statement or block.
    const headerStart = Math.max(0, i - MAX_HEADER, text.lastIndexOf(';', i - 1) + 1, text.lastIndexOf('}', i - 1) + 1, text.lastIndexOf('{', i - 1) + 1);
    const header = text.slice(headerStart, i).trim();
    if (!header.includes('(') || CONTROL_HEADER.test(header) || (TYPE_HEADER.test(header) && !/\)\s*(?:->|=>)/.test(header))) continue;
    for (const group of header.match(/\(([^()]*)\)/g) ?? []) add(group.slice(1, -1));
  }
  return names;
}
