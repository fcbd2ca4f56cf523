/**
 * Shared machinery for recognisers: the per-text scan context (constants, import hints, comment and
 * string classification), call-argument splitting, and the draft builder that records each parameter
 * with its source, evaluation failures and invalid values.
 */
import { evaluateConstant, EvalOptions } from './evaluate';
import { CODE, COMMENT, SourceText, STRING } from './source';
import type { ConstantsLookup } from './constants';
import type { SyntaxFacts } from './syntax/facts';
import type { FilterParams, LibraryDerivation, ParamName, ParamSource, Recycling, ValueOrigin } from './types';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A finding under construction; `derive` runs after annotations are merged. */
export interface Draft {
  start: number;
  end: number;
  recognizer: string;
  title: string;
  params: Mutable<FilterParams>;
  sources: Partial<Record<ParamName, ParamSource>>;
  unevaluated: { param: ParamName; expression: string }[];
  invalid: string[];
  notes: string[];
  recycling?: Recycling;
  derive?: (params: FilterParams) => LibraryDerivation;
  /** What an annotation states where the code states another value (Finding.annotated). */
  annotated?: Mutable<FilterParams>;
}

/** A checker returns a message when the value is one the library would reject. */
export type Check = (value: number) => string | undefined;

export const checks = {
  probability: (what: string, consequence = 'rejected'): Check => (v) =>
    v > 0 && v < 1 ? undefined : `${what} = ${formatNumber(v)} is outside (0, 1); ${consequence}`,
  positiveInteger: (what: string, consequence = 'rejected'): Check => (v) =>
    Number.isInteger(v) && v >= 1 ? undefined : `${what} = ${formatNumber(v)} must be an integer >= 1; ${consequence}`,
  nonNegativeInteger: (what: string, consequence = 'rejected'): Check => (v) =>
    Number.isInteger(v) && v >= 0 ? undefined : `${what} = ${formatNumber(v)} must be an integer >= 0; ${consequence}`,
  positive: (what: string, consequence = 'rejected'): Check => (v) =>
    v > 0 ? undefined : `${what} = ${formatNumber(v)} must be > 0; ${consequence}`,
  range: (what: string, min: number, max: number, consequence = 'rejected'): Check => (v) =>
    v >= min && v <= max ? undefined : `${what} = ${formatNumber(v)} is outside [${formatNumber(min)}, ${formatNumber(max)}]; ${consequence}`,
};

export function formatNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  return String(Number(value.toPrecision(6)));
}

/**
 * `text.indexOf(needle, from)`, but only within `maxDistance` characters of `from` (-1 beyond): a scan started
 * at every match must stay bounded, or a file of many matches and no closer costs quadratic time.
 */
export function indexWithin(text: string, needle: string, from: number, maxDistance: number): number {
  const found = text.slice(from, from + maxDistance + needle.length).indexOf(needle);
  return found < 0 ? -1 : from + found;
}

/** `text.lastIndexOf(needle, at)`, but only within `maxDistance` characters before `at` (-1 beyond). */
export function lastIndexWithin(text: string, needle: string, at: number, maxDistance: number): number {
  const from = Math.max(0, at - maxDistance);
  const found = text.slice(from, at + needle.length).lastIndexOf(needle);
  return found < 0 ? -1 : from + found;
}

/** One piece of a call's argument list. */
export interface Argument {
  /** Trimmed text of the value (after `name=` / `name:` for named arguments). */
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** Keyword / named argument name (Python `capacity=`, Kotlin `n =`, C# `n:`), if any. */
  readonly name?: string;
}

const MAX_CALL_LENGTH = 4000;

/**
 * Splits the argument list whose `(` (or `{` / `[`) is at `open`, honouring nesting and quotes.
 * Returns undefined when the list does not close within a bounded length.
 */
export function splitArguments(text: string, open: number): { args: Argument[]; end: number } | undefined {
  const closeFor: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
  const stack: string[] = [closeFor[text.charAt(open)]];
  if (!stack[0]) return undefined;
  const args: Argument[] = [];
  let argStart = open + 1;
  const limit = Math.min(text.length, open + MAX_CALL_LENGTH);
  const push = (endExclusive: number): void => {
    const raw = blankComments(text.slice(argStart, endExclusive));
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed === '') return;
    // `name = v`, `name: v`, and Ruby's symbol hash rocket `:name => v`
    const named = /^([A-Za-z_]\w*)\s*(?:=(?!=)|:(?!:))\s*/.exec(trimmed) ?? /^:([A-Za-z_]\w*)\s*=>\s*/.exec(trimmed);
    if (named && !/^[A-Za-z_]\w*\s*::/.test(trimmed)) {
      const value = trimmed.slice(named[0].length);
      args.push({ text: value, start: argStart + lead + named[0].length, end: argStart + lead + trimmed.length, name: named[1] });
    } else {
      args.push({ text: trimmed, start: argStart + lead, end: argStart + lead + trimmed.length });
    }
  };
  for (let i = open + 1; i < limit; i++) {
    const c = text.charAt(i);
    if (c === '"' || c === '\'' || c === '`') {
      // C++ digit separator 120'000 is not a quote
      if (c === '\'' && /\w/.test(text.charAt(i - 1)) && /\d/.test(text.charAt(i + 1))) continue;
      const close = text.indexOf(c, i + 1);
      if (close < 0 || close > limit) return undefined;
      i = close;
      continue;
    }
    // a comment between arguments (`1 * 10, // addresses.length * 10, one per address`): its commas separate nothing
    const next = text.charAt(i + 1);
    // (`//` after a separator or at a line's start: not Python's floor division `n // 2`)
    if ((c === '/' && next === '/' && /(?:^|[,(\n])\s*$/.test(text.slice(Math.max(open, i - 40), i))) || (c === '#' && next === ' ' && /\s/.test(text.charAt(i - 1)))) {
      const lineEnd = text.indexOf('\n', i);
      if (lineEnd < 0 || lineEnd > limit) return undefined;
      i = lineEnd;
      continue;
    }
    if (c === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close < 0 || close > limit) return undefined;
      i = close + 1;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') {
      stack.push(closeFor[c]);
      continue;
    }
    if (c === ')' || c === ']' || c === '}') {
      if (c !== stack[stack.length - 1]) return undefined;
      stack.pop();
      if (stack.length === 0) {
        push(i);
        return { args, end: i + 1 };
      }
      continue;
    }
    if (c === ',' && stack.length === 1) {
      push(i);
      argStart = i + 1;
    }
    if (c === ';' && stack.length === 1 && text.charAt(open) === '(') return undefined;
  }
  return undefined;
}

/** Replaces comments (`// ...`, `/* ... *\/`, `# ...` after whitespace) outside quotes with spaces, keeping offsets. */
function blankComments(segment: string): string {
  if (!/\/\/|\/\*|#/.test(segment)) return segment;
  let out = '';
  let quote = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (quote) {
      out += c;
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === '\'' || c === '`') {
      quote = c;
      out += c;
      continue;
    }
    const lineComment = (c === '/' && segment[i + 1] === '/') || (c === '#' && (i === 0 || /\s/.test(segment[i - 1])) && /\s/.test(segment[i + 1] ?? ' '));
    if (lineComment) {
      const nl = segment.indexOf('\n', i);
      const stop = nl < 0 ? segment.length : nl;
      out += ' '.repeat(stop - i);
      i = stop - 1;
      continue;
    }
    if (c === '/' && segment[i + 1] === '*') {
      const close = segment.indexOf('*/', i + 2);
      const stop = close < 0 ? segment.length : close + 2;
      out += segment.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop - 1;
      continue;
    }
    out += c;
  }
  return out;
}

/** Definitions of names in the text, for resolving constants (`static final long N = 1_000_000L;`, `N = 10**6`). */
const DEFINITION_LINE = /^[ \t]*(?:(?:export|public|private|protected|internal|static|final|const|constexpr|let|var|val|readonly|pub|mut|inline|override|lazy|unsigned|signed|local)[ \t]+)*(?:[A-Za-z_]\w*(?:(?:\.|::)[A-Za-z_]\w*)*(?:<[\w, ]{0,40}>)?(?:\[\])?[*&]?[ \t]+)?(?:(?:this|self)\.)?([A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w:<>&' ]{1,40})?[ \t]*(?::=|=)(?!=)[ \t]*(?:\r?\n[ \t]*)?([^;\n]{1,200})/;
const DEFINE_LINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+([^\n]{1,200})/;
/** Elixir module attributes: `@base_capacity 1_000_000`. */
const ATTRIBUTE_LINE = /^[ \t]*(@[a-z_]\w*)[ \t]+(?!do\b)([^\n]{1,200})/;
/** React state with its initial value: `const [filterSize, setFilterSize] = useState<number>(100)`. */
const STATE_HOOK_LINE = /^[ \t]*(?:const|let|var)[ \t]*\[[ \t]*([A-Za-z_$][\w$]*)[ \t]*(?:,[ \t]*[A-Za-z_$][\w$]*[ \t]*)?\][ \t]*=[ \t]*(?:React\.)?useState(?:<[^<>()\n]{0,40}>)?\([ \t]*([^;\n()]{1,100}?)[ \t]*\)/;
const STATE_HOOK = new RegExp(STATE_HOOK_LINE.source, 'gm');
const DEFINITION = new RegExp(DEFINITION_LINE.source, 'gm');
/** Go's typed declaration, the type after the name: `var expected uint64 = 1000`, `const rate float64 = 0.01`. */
const GO_TYPED_LINE = /^[ \t]*(?:var|const)[ \t]+([A-Za-z_]\w*)[ \t]+\*?[A-Za-z_][\w.]*[ \t]*=(?!=)[ \t]*([^;\n]{1,200})/;
const GO_TYPED = new RegExp(GO_TYPED_LINE.source, 'gm');
const ATTRIBUTE = new RegExp(ATTRIBUTE_LINE.source, 'gm');
const DEFINE = new RegExp(DEFINE_LINE.source, 'gm');
/** Names looked up one by one before a single pass over the whole text takes over. */
const PER_NAME_LOOKUPS = 8;

/**
 * A value the code sets when its caller left it unset: `if config.BloomFilterSize == 0 { config.BloomFilterSize = 10000 }`,
 * `if (size == null) size = 1000;`, `if size is None: size = 1000`, `if (n <= 0) n = 1000` (as a parameter's default is).
 */
const GUARDED_DEFAULT = /\bif\s*\(?\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*(?:===?\s*(?:0|nil|null|None|undefined)|<=\s*0|is\s+None)\s*\)?\s*(?:\{|:|then)?\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*=(?!=)\s*([^;\n}]+)/g;

/** A name bound while a draft is read again: a loop row's value, or the argument the function's only call passes. */
export interface RowValue {
  readonly expression: string;
  readonly offset: number;
  readonly callArgument?: boolean;
}

/** A name's definition found by the text readers: its expression and the offset of the name. */
interface TextDefinition {
  readonly expression: string;
  readonly offset: number;
  readonly parameterDefault?: boolean;
}

/** What a scan may know beyond its text: the parse tree's facts and the workspace's constants. */
export interface ScanExtras {
  /** Facts from the parse tree of this text, when its grammar is loaded. */
  readonly syntax?: SyntaxFacts;
  /** Constants defined in other files of the workspace. */
  readonly constants?: ConstantsLookup;
  /** The file's name, for the provenance of values defined in it. */
  readonly fileName?: string;
  /** The Markdown document a fenced block's program was read from (its prose and headings name the package). */
  readonly document?: string;
}

export class ScanContext {
  readonly source: SourceText;
  private readonly definitions = new Map<string, TextDefinition | null | undefined>();
  private table: Map<string, TextDefinition | null> | undefined;
  private hintCache = new Map<string, boolean>();
  private guardedDefaults: Map<string, { expression: string; offset: number } | null> | undefined;
  private readonly typeDefaults = new Map<string, { expression: string; offset: number; name: string } | undefined>();
  /** Evaluation options for code in this language. */
  readonly codeEval: EvalOptions;
  /** Evaluation options for config files and SQL (caret is a power, quoted numbers accepted). */
  readonly configEval: EvalOptions;

  constructor(source: SourceText, readonly extras: ScanExtras = {}) {
    this.source = source;
    const typed = ['c', 'cpp', 'java', 'kotlin', 'scala', 'csharp', 'go', 'rust', 'swift', 'dart', 'groovy'].includes(source.languageId ?? '');
    const resolve = (name: string): string | undefined => this.resolveName(name);
    this.codeEval = { integerDivision: typed, resolve };
    this.configEval = { caretIsPower: true, allowQuotedNumbers: true, resolve: undefined };
  }

  get text(): string {
    return this.source.text;
  }

  /** Tests (once per text) whether the file mentions a library, e.g. through its import. */
  hint(name: string, pattern: RegExp): boolean {
    let value = this.hintCache.get(name);
    if (value === undefined) {
      value = pattern.test(this.source.text);
      this.hintCache.set(name, value);
    }
    return value;
  }

  /** Like `hint`, over the whole document: the Markdown around a fenced block's program, or else the file itself. */
  documentHint(name: string, pattern: RegExp): boolean {
    const document = this.extras.document;
    if (document === undefined) return this.hint(name, pattern);
    let value = this.hintCache.get(`document:${name}`);
    if (value === undefined) {
      value = pattern.test(document);
      this.hintCache.set(`document:${name}`, value);
    }
    return value;
  }

  isCode(offset: number): boolean {
    return this.source.kindAt(offset) === CODE;
  }

  isComment(offset: number): boolean {
    return this.source.kindAt(offset) === COMMENT;
  }

  isString(offset: number): boolean {
    return this.source.kindAt(offset) === STRING;
  }

  /**
   * The definition of `name` in this text: from the parse tree when there is one and it binds the name,
   * else from the text readers; null when the name is bound to two different expressions (not a constant).
   */
  private definitionOf(name: string): TextDefinition | null | undefined {
    const fromTree = this.extras.syntax?.definitions().get(name);
    if (fromTree !== undefined) return fromTree;
    return this.textDefinitionOf(name);
  }

  /**
   * The defining expression of `name` found by the text readers: by scanning only the lines where the name
   * occurs (cheap on large files), null when it is assigned differently in two places (not a constant).
   */
  private textDefinitionOf(name: string): TextDefinition | null | undefined {
    if (this.definitions.has(name)) return this.definitions.get(name);
    if (this.table) return this.table.get(name);
    // Many names to resolve (a file full of configs): one pass over the whole text is cheaper.
    if (this.definitions.size >= PER_NAME_LOOKUPS) return (this.table = this.allDefinitions()).get(name);
    const text = this.source.text;
    let found: TextDefinition | null | undefined;
    const seenLines = new Set<number>();
    for (let at = text.indexOf(name); at >= 0 && found !== null; at = text.indexOf(name, at + name.length)) {
      const lineStart = text.lastIndexOf('\n', at - 1) + 1;
      if (seenLines.has(lineStart)) continue;
      seenLines.add(lineStart);
      let lineEnd = text.indexOf('\n', at);
      // `this.size =` with its value on the next line
      if (lineEnd >= 0 && /=[ \t]*\r?$/.test(text.slice(Math.max(lineStart, lineEnd - 4), lineEnd))) lineEnd = text.indexOf('\n', lineEnd + 1);
      const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
      for (const pattern of this.source.family === 'js' ? [DEFINITION_LINE, DEFINE_LINE, ATTRIBUTE_LINE, STATE_HOOK_LINE] : this.source.languageId === 'go' ? [GO_TYPED_LINE, DEFINITION_LINE, DEFINE_LINE, ATTRIBUTE_LINE] : [DEFINITION_LINE, DEFINE_LINE, ATTRIBUTE_LINE]) {
        const match = pattern.exec(line);
        if (!match || match[1] !== name) continue;
        const value = this.definitionValue(match, lineStart);
        if (value === undefined) continue;
        if (found === undefined) found = value;
        else if (found !== null && found.expression !== value.expression) found = null; // assigned differently in two places: not a constant
      }
    }
    this.definitions.set(name, found);
    return found;
  }

  /** Every definition in the text, in one pass (null: assigned differently in two places). */
  private allDefinitions(): Map<string, TextDefinition | null> {
    const table = new Map<string, TextDefinition | null>();
    const text = this.source.text;
    for (const pattern of this.source.family === 'js' ? [DEFINITION, DEFINE, ATTRIBUTE, STATE_HOOK] : this.source.languageId === 'go' ? [GO_TYPED, DEFINITION, DEFINE, ATTRIBUTE] : [DEFINITION, DEFINE, ATTRIBUTE]) {
      pattern.lastIndex = 0;
      let match: RegExpExecArray | null;
      while ((match = pattern.exec(text)) !== null) {
        const value = this.definitionValue(match, match.index);
        if (value !== undefined) {
          const previous = table.get(match[1]);
          if (previous === undefined) table.set(match[1], value);
          else if (previous !== null && previous.expression !== value.expression) table.set(match[1], null);
        }
        if (pattern.lastIndex === match.index) pattern.lastIndex++;
      }
    }
    return table;
  }

  /** The value of a definition match starting at `offset`, if the name stands in code. */
  private definitionValue(match: RegExpExecArray, offset: number): TextDefinition | undefined {
    const nameOffset = offset + match[0].indexOf(match[1]);
    if (this.source.kindAt(nameOffset) !== CODE) return undefined;
    let expression = stripTrailingComment(match[2], this.source.languageId === 'python').replace(/[;,{]\s*$/, '').trim();
    // a call continued on the next lines (`Long.parseLong(` / `config.getOrDefault(key, "1000"))`): up to its closing parenthesis
    if (/\($/.test(expression) || (expression.match(/\(/g)?.length ?? 0) > (expression.match(/\)/g)?.length ?? 0)) {
      const valueAt = offset + match[0].lastIndexOf(match[2]);
      const rest = this.source.text.slice(valueAt, valueAt + 600);
      let depth = 0;
      for (let i = 0; i < rest.length; i++) {
        const c = rest[i];
        if (c === '(') depth++;
        else if (c === ')' && --depth === 0) {
          expression = rest.slice(0, i + 1).replace(/\s+/g, ' ').trim();
          break;
        } else if (c === ';' && depth <= 0) break;
      }
    }
    // `this.rate = rate` (a constructor storing its parameter) binds nothing
    return expression === '' || expression === match[1] ? undefined : { expression, offset: nameOffset };
  }

  /**
   * Where a name is bound to a constant: in this text (directly, as an own member `this.N` / `Self::N`, or a
   * constant-style member `Limits.N`), or else in another file of the workspace.
   */
  /** The row of a loop over literal rows being read (`for n, p in [(1000, 0.01), ...]`): its variables' expressions. */
  private loopRow: ReadonlyMap<string, RowValue> | undefined;

  /** Runs `read` with the loop variables bound to one row of their literal list. */
  withLoopRow<T>(row: ReadonlyMap<string, RowValue>, read: () => T): T {
    this.loopRow = row;
    try {
      return read();
    } finally {
      this.loopRow = undefined;
    }
  }

  private lookup(name: string): { expression: string; origin: ValueOrigin } | undefined {
    const fromRow = this.loopRow?.get(name);
    if (fromRow) return { expression: fromRow.expression, origin: { name, line: this.source.lineOf(fromRow.offset), ...(this.extras.fileName ? { file: this.extras.fileName } : {}), ...(fromRow.callArgument ? { callArgument: true } : {}) } };
    const local = (definition: TextDefinition | null | undefined) => definition
      ? { expression: definition.expression, origin: { name, line: this.source.lineOf(definition.offset), ...(this.extras.fileName ? { file: this.extras.fileName } : {}), ...(definition.parameterDefault ? { parameterDefault: true } : {}) } }
      : undefined;
    const direct = this.definitionOf(name);
    if (direct) return local(widgetDefault(direct));
    const qualified = /^(.*?)(?:\.|::|->)([A-Za-z_]\w*)$/.exec(name);
    const last = qualified?.[2];
    const ownMember = qualified !== null && /^(?:this|self|Self|static|cls)$/.test(qualified[1]);
    const constantStyle = qualified !== null && /^[A-Z][A-Z0-9_]*$/.test(qualified[2]) && /^[A-Z]/.test(qualified[1].replace(/^.*(?:\.|::)/, ''));
    if (last && (ownMember || constantStyle)) {
      const member = this.definitionOf(last);
      if (member) return local(member);
    }
    const guarded = this.guardedDefaultOf(name);
    if (guarded) return { expression: guarded.expression, origin: { name, line: this.source.lineOf(guarded.offset), ...(this.extras.fileName ? { file: this.extras.fileName } : {}), parameterDefault: true } };
    if (qualified && !ownMember && last) {
      const typed = this.typeDefaultOf(qualified[1], last);
      if (typed) return { expression: typed.expression, origin: { name: typed.name, line: this.source.lineOf(typed.offset), ...(this.extras.fileName ? { file: this.extras.fileName } : {}), parameterDefault: true } };
    }
    const imported = this.extras.constants?.lookup(name, this.extras.fileName);
    return imported ? { expression: String(imported.value), origin: imported.origin } : undefined;
  }

  /** A value the code sets when its caller left it unset (GUARDED_DEFAULT). */
  private guardedDefaultOf(name: string): { expression: string; offset: number } | undefined {
    if (this.guardedDefaults === undefined) {
      // one pass over the text, the first time a name is looked up: each guarded name set once (twice: no constant)
      const table = new Map<string, { expression: string; offset: number } | null>();
      for (const m of this.text.matchAll(GUARDED_DEFAULT)) {
        if (m[1] !== m[2] || !this.isCode(m.index!)) continue;
        const value = { expression: m[3].trim(), offset: m.index! + m[0].lastIndexOf(m[3]) };
        table.set(m[1], table.has(m[1]) ? null : value);
      }
      this.guardedDefaults = table;
    }
    return this.guardedDefaults.get(name) ?? undefined;
  }

  /**
   * A field of a value whose type this text declares with a default for it (`opts.bloom_fp_rate` where `opts:
   * SignatureDbOptions` and `impl Default for SignatureDbOptions { ... bloom_fp_rate: 0.01 }`, a Kotlin `val fpp: Double =
   * 0.01`, a Python dataclass field): that default, as a parameter's default is. The variable's type is read from its
   * one typed declaration in the text (`opts: T`, `T opts`, `opts T`); anything less certain resolves nothing.
   */
  private typeDefaultOf(variable: string, field: string): { expression: string; offset: number; name: string } | undefined {
    const key = `${variable}.${field}`;
    if (!this.typeDefaults.has(key)) this.typeDefaults.set(key, this.findTypeDefault(variable, field));
    return this.typeDefaults.get(key);
  }

  private findTypeDefault(variable: string, field: string): { expression: string; offset: number; name: string } | undefined {
    const text = this.text;
    // a member set once from a typed parameter (`self.settings = settings` with `settings: BloomSettings`): that parameter's type
    const member = /^(?:self|this)\.([A-Za-z_]\w*)$/.exec(variable);
    if (member) {
      const assigned = [...text.matchAll(new RegExp(`\\b(?:self|this)\\.${member[1]}\\s*=\\s*([A-Za-z_]\\w*)\\s*;?[ \\t]*(?:#.*|\\/\\/.*)?$`, 'gm'))];
      if (assigned.length !== 1) return undefined;
      variable = assigned[0][1];
    }
    if (!/^[A-Za-z_]\w*$/.test(variable) || !/^[A-Za-z_]\w*$/.test(field) || !text.includes(field)) return undefined;
    const types = new Set<string>();
    const declared = new RegExp(`(?<![\\w.])${variable}\\s*:\\s*&?(?:mut\\s+)?([A-Z]\\w*)\\b|\\b([A-Z]\\w*)(?:<[^<>\\n]{0,80}>)?\\s+${variable}\\s*[,)=;]|[(,]\\s*${variable}\\s+\\*?([A-Z]\\w*)\\b`, 'g');
    for (const m of text.matchAll(declared)) types.add(m[1] ?? m[2] ?? m[3]);
    if (types.size !== 1) return undefined;
    const type = [...types][0];
    // the type's body: `impl Default for T {`, `class T(`/`{`, `struct T {`, `data class T(`, `record T(`, Python `class T:`
    const definition = new RegExp(`\\b(?:impl\\s+Default\\s+for|class|struct|record|object|type)\\s+${type}\\b[^{(:\\n]*[{(:]`, 'g');
    for (const m of text.matchAll(definition)) {
      // the type's own body: up to its matching bracket (Python's `class T:`, read by its first 3000 characters)
      const opener = m.index + m[0].length - 1;
      const closed = text[opener] === ':' ? undefined : splitArguments(text, opener)?.end;
      // (Python's base classes, `class T(object):`, are no body: the indented block after the colon is)
      const pythonBases = closed !== undefined && text[opener] === '(' && /^\)?\s*:/.test(text.slice(closed, closed + 10)) && /^class\b/.test(m[0]);
      if (pythonBases) {
        const body = text.slice(m.index, Math.min(text.length, m.index + 3000));
        const found = this.fieldDefault(body, field, m.index, type);
        if (found) return found;
        continue;
      }
      const found = this.fieldDefault(text.slice(m.index, closed ?? Math.min(text.length, m.index + 3000)), field, m.index, type);
      if (found) return found;
    }
    return undefined;
  }

  /** A field's default in a type's body (`fpp: f64 = 0.01`, `self.fpp = 0.01`, `error_rate=0.001` in its constructor). */
  private fieldDefault(body: string, field: string, bodyOffset: number, type: string): { expression: string; offset: number; name: string } | undefined {
    const defaults = new RegExp(`(?<![\\w.])(?:(?:self|this)\\.)?${field}\\s*(?::\\s*[\\w<>\\[\\]?.]+\\s*)?(?:=|:)(?!=|:)\\s*([^,;\\n})]+)`, 'g');
    for (const d of body.matchAll(defaults)) {
      const expression = d[1].trim();
      if (!/^[-+.\d(]|^[A-Z_][A-Z0-9_]*$/.test(expression)) continue; // a number or a constant, not a type (`field: u32`) or a call
      return { expression, offset: bodyOffset + d.index!, name: `${type}.${field}` };
    }
    return undefined;
  }

  /**
   * Every name this text binds (from the parse tree when there is one, else from the text readers); a tree with
   * syntax errors adds the names only the text readers see (a Kotlin one-line `object C { const val N = 5 }`).
   */
  definedNames(): string[] {
    const fromTree = this.extras.syntax?.definitions();
    const fromText = () => [...(this.table ??= this.allDefinitions()).keys()];
    if (!fromTree || fromTree.size === 0) return fromText();
    return this.extras.syntax?.hasError() ? [...new Set([...fromTree.keys(), ...fromText()])] : [...fromTree.keys()];
  }

  /** The defining expression of a name bound to a constant, if unambiguous. */
  resolveName(name: string): string | undefined {
    return this.lookup(name)?.expression;
  }

  /** Where the first constant named in `expression` is defined (for the hover: "n from `Limits.N`, Limits.java:12"). */
  originOf(expression: string): ValueOrigin | undefined {
    for (const match of expression.matchAll(/[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)*/g)) {
      if (/^\s*\(/.test(expression.slice(match.index + match[0].length))) continue; // a function, not a constant
      if (/[\d.]/.test(expression.charAt(match.index - 1))) continue; // a number's suffix or exponent (1000L, 1e6)
      const origin = this.lookup(match[0])?.origin;
      if (origin) return origin;
    }
    return undefined;
  }
}

/**
 * An input widget's starting value stands for the value until someone moves it: Streamlit `st.slider(label, min, max,
 * value)` / `st.number_input(...)`, Gradio `gr.Slider(minimum, maximum, value)`, ipywidgets `IntSlider(value=...)`.
 */
const WIDGET = /^(?:(?:st|streamlit|[\w.]*sidebar)\.(slider|number_input|select_slider)|(?:gr|gradio)\.(Slider|Number)|(?:[\w.]+\.)?(IntSlider|FloatSlider|FloatLogSlider|BoundedIntText|BoundedFloatText))\s*\(/;

function widgetDefault<T extends TextDefinition | null | undefined>(definition: T): T {
  const widget = definition ? WIDGET.exec(definition.expression) : null;
  if (!definition || !widget) return definition;
  const list = splitArguments(definition.expression, widget[0].length - 1);
  const positional = list?.args.filter((a) => a.name === undefined) ?? [];
  // value's place: st.slider / st.number_input (label, min, max, value), st.select_slider (label, options, value),
  // gr.Slider (minimum, maximum, value), gr.Number (value); ipywidgets by keyword only
  const kind = widget[1] ?? widget[2] ?? widget[3];
  const position = ({ slider: 3, number_input: 3, select_slider: 2, Slider: 2, Number: 0 } as Record<string, number>)[kind] ?? -1;
  const value = list?.args.find((a) => a.name === 'value') ?? positional[position];
  return value ? { ...definition, expression: value.text, offset: definition.offset + value.start } : definition;
}

/** The value without a trailing comment (`#`, `//`, `/*`; in Python only `#`: `//` divides there). */
function stripTrailingComment(value: string, python = false): string {
  let inQuote = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charAt(i);
    if (inQuote) {
      if (c === inQuote) inQuote = '';
      continue;
    }
    if (c === '"' || c === '\'') inQuote = c;
    else if (c === '#' || (!python && c === '/' && (value.charAt(i + 1) === '/' || value.charAt(i + 1) === '*'))) return value.slice(0, i);
  }
  return value;
}

export interface ArgumentOptions {
  readonly check?: Check;
  /** Unit conversion to bits (8 for bytes). */
  readonly scale?: number;
  readonly kind?: ParamSource['kind'];
  readonly eval?: EvalOptions;
  /** Document offset of the expression text (when given as a string). */
  readonly at?: number;
}

/** Builds one Draft; every parameter goes through `argument`, `config`, `setDefault` or `set`. */
export class DraftBuilder {
  readonly draft: Draft;
  /** Parameters stated with a value the library rejects: never filled in with a default. */
  private readonly rejected = new Set<ParamName>();

  constructor(readonly ctx: ScanContext, recognizer: string, title: string, start: number, end: number) {
    this.draft = { start, end, recognizer, title, params: {}, sources: {}, unevaluated: [], invalid: [], notes: [] };
  }

  /** Evaluates an argument expression; records the parameter, an unevaluated note or an invalid value. */
  argument(param: ParamName, expression: string | Argument | undefined, options: ArgumentOptions = {}): number | undefined {
    if (expression === undefined) return undefined;
    const at = typeof expression === 'string' ? options.at : expression.start;
    const text = (typeof expression === 'string' ? expression : expression.text).trim();
    const evalOptions = options.eval ?? this.ctx.codeEval;
    let result = evaluateConstant(text, evalOptions);
    const spliced = result.ok ? undefined : splicedExpression(text);
    if (spliced !== undefined) result = evaluateConstant(spliced, { ...evalOptions, resolve: this.ctx.codeEval.resolve });
    if (!result.ok) {
      this.draft.unevaluated.push({ param, expression: text });
      return undefined;
    }
    const value = result.value * (options.scale ?? 1);
    if (!Number.isFinite(value)) {
      this.draft.unevaluated.push({ param, expression: text });
      return undefined;
    }
    const problem = options.check?.(result.value);
    if (problem) {
      this.draft.invalid.push(problem);
      this.rejected.add(param);
      return undefined;
    }
    const isLiteral = /^[\s\d._'+\-eExXa-fA-FlLuUfFdD]*$/.test(text) && !/[A-Za-z]{2}/.test(text);
    const kind = options.kind ?? (isLiteral ? 'argument' : 'constant');
    const range = at !== undefined ? this.ctx.source.range(at, at + text.length) : undefined;
    const unit = options.scale !== undefined && options.scale !== 1 ? { scale: options.scale } : {};
    const origin = isLiteral ? undefined : this.ctx.originOf(text);
    if (!evalOptions.caretIsPower && text.includes('^')) this.note(`\`${text}\` is ${result.value}: \`^\` is bitwise XOR in this language, not a power`);
    this.set(param, value, { kind, text, ...(range ? { range } : {}), ...unit, ...(origin ? { origin } : {}) });
    return value;
  }

  /** A config value (YAML/properties/SQL option): caret is a power, quoted numbers accepted. */
  config(param: ParamName, expression: string | Argument | undefined, options: ArgumentOptions = {}): number | undefined {
    return this.argument(param, expression, { ...options, kind: 'config', eval: this.ctx.configEval });
  }

  set(param: ParamName, value: number, source: ParamSource): void {
    (this.draft.params as Record<string, unknown>)[param] = value;
    this.draft.sources[param] = source;
  }

  /** A parameter the code leaves at the library's default. */
  setDefault(param: ParamName, value: number, text: string): void {
    if (this.draft.params[param] !== undefined || this.rejected.has(param)) return;
    if (this.draft.unevaluated.some((u) => u.param === param) || this.draft.sources[param]) return;
    this.set(param, value, { kind: 'default', text });
  }

  /** The library's hashing layout (e.g. partitioned), when it is fixed by the library. */
  hashing(model: 'colliding' | 'noncolliding' | 'partitioned', why: string): void {
    this.draft.params.hashing = model;
    this.draft.sources.hashing = { kind: 'default', text: why };
  }

  /** A value the library rejects; when it is a parameter's, that parameter gets no default either. */
  invalid(message: string, param?: ParamName): void {
    this.draft.invalid.push(message);
    if (param) this.rejected.add(param);
  }

  note(message: string): void {
    this.draft.notes.push(message);
  }

  unevaluated(param: ParamName, expression: string): void {
    this.draft.unevaluated.push({ param, expression });
  }

  /** Whether the parameter was stated but could not be used (unevaluated or invalid). */
  stated(param: ParamName): boolean {
    return this.draft.params[param] !== undefined || this.draft.unevaluated.some((u) => u.param === param);
  }

  derive(fn: (params: FilterParams) => LibraryDerivation): this {
    this.draft.derive = fn;
    return this;
  }

  recycling(recycling: Recycling): this {
    this.draft.recycling = recycling;
    return this;
  }

  build(): Draft {
    return this.draft;
  }
}

/** Conversions to text around a spliced value (`str(FPP)`, `String.valueOf(n)`, `n.toString()`): the value itself. */
const TO_TEXT = /^(?:str|String|string|String\.valueOf|Integer\.toString|Long\.toString|Double\.toString|strconv\.Itoa|to_string)\((.+)\)$|^(.+?)\.(?:toString|to_s|to_string)\(\)$/;

/**
 * The expression spliced into a string where a value is read from inside one (SQL DDL built in code):
 * `" + FPP + "` (Java, JS, C#, Python), `" . $fpp . "` (PHP), `${FPP}` (JS/TS, Kotlin, Scala templates),
 * `#{fpp}` (Ruby). Undefined when the text is not one splice.
 */
export function splicedExpression(text: string): string | undefined {
  const splice = /^(["'`])\s*(?:\+|\.)\s*(.+?)\s*(?:\+|\.)\s*\1$/.exec(text.trim()) ?? /^\$\{\s*(.+?)\s*\}$|^#\{\s*(.+?)\s*\}$/.exec(text.trim());
  const inner = splice?.slice(1).reverse().find((group) => group !== undefined && !/^["'`]$/.test(group));
  if (inner === undefined) return undefined;
  const conversion = TO_TEXT.exec(inner);
  return conversion ? conversion[1] ?? conversion[2] : inner;
}

/** Finds the argument by keyword name, or else by position (skipping keyword arguments). */
export function pickArgument(args: readonly Argument[], position: number, ...names: string[]): Argument | undefined {
  const byName = args.find((a) => a.name !== undefined && names.includes(a.name));
  if (byName) return byName;
  const positional = args.filter((a) => a.name === undefined || !/^[a-z_]\w*$/i.test(a.name) || false);
  // Positional arguments are those before the first keyword argument (Python rule).
  const firstKeyword = args.findIndex((a) => a.name !== undefined);
  const usable = firstKeyword < 0 ? positional : args.slice(0, firstKeyword);
  return usable[position];
}

/** Strips one level of matching quotes. */
export function unquote(text: string): string {
  const t = text.trim();
  if (t.length >= 2 && (t[0] === '"' || t[0] === '\'' || t[0] === '`') && t[t.length - 1] === t[0]) return t.slice(1, -1);
  return t;
}

export const LN2 = Math.LN2;
export const LN2_SQUARED = Math.LN2 * Math.LN2;

/** The `(` whose list contains `offset` (within one statement), or -1. */
export function enclosingOpenParen(ctx: ScanContext, offset: number): number {
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
