/**
 * Detection entry point: finds Bloom filter configurations in a text (any language or config format).
 *
 * Pipeline (linear in the text size):
 *  1. prefilter: lower-case the text once and look for a few keywords with indexOf; none -> no findings;
 *  2. windows: the lines holding a keyword (long lines are cut to windows around the keyword);
 *  3. recognisers: each runs its linear-time pattern only on windows containing one of its needles;
 *  4. `bloom-lens:` annotations merge into the finding on the line below / on their own line, or stand alone;
 *  5. plain count-guarded resets (`if (count >= N) filter.clear()`) mark a finding as N-bounded recycling;
 *  6. each finding's library derivation runs on the merged parameters.
 *
 * Decisions (precision over recall):
 *  - Calls in comments (commented-out code) are NOT findings; only annotations and calculator URLs are
 *    read from comments. Calls inside string literals are not findings either, except where a
 *    configuration legitimately lives in a string (SQL/CQL, config keys, Redis commands).
 *  - Declarations, pass-throughs, assertions' expected values and key declarations configure nothing (precision.ts).
 *  - A parameter is recorded only when it is a constant expression; otherwise it is listed in
 *    `unevaluated` with its text. Values the library would reject go to `invalid`, never to `params`.
 */
import { fencedBlocks, joinedByLanguage, mapPositions, mergeBlockFindings } from './fencedBlocks';
import { dealias, originalColumn } from './alias';
import { findAnnotations, isCommentOnlyLine, ANNOTATION_ID, ParsedAnnotation } from './annotation';
import { Draft, RowValue, ScanContext, splitArguments } from './engine';
import { RECOGNIZERS } from './recognizers';
import { fileNamedDrafts, GENERIC_ID, genericKeys } from './recognizers/generic';
import { DECLARED_NEEDLES, goPackageName } from './recognizers/declared';
import { startAtIndexDefinition } from './recognizers/sql';
import { configuresNothing, isStated, readsTestCaseFields } from './precision';
import { inferCountGuardedResets } from './recycle';
import { evaluateConstant } from './evaluate';
import type { ConstantsLookup, FileConstant } from './constants';
import { languageFromFileName, SourceText } from './source';
import { SyntaxFacts } from './syntax/facts';
import type { SyntaxRuntime } from './syntax/runtime';
import type { Finding, FilterParams, LibraryDerivation, ParamName, TextRange } from './types';

export type { Finding } from './types';
export { evaluateConstant } from './evaluate';
export { RECOGNIZERS } from './recognizers';

export interface DetectOptions {
  /** VS Code language id (`java`, `python`, `yaml`, ...); guessed from `fileName` when absent. */
  readonly languageId?: string;
  readonly fileName?: string;
  /** The syntax layer: a language whose grammar it has loaded is parsed; others are read as text. */
  readonly syntax?: SyntaxRuntime;
  /** Constants defined in other files of the workspace. */
  readonly constants?: ConstantsLookup;
  /** The whole Markdown document a fenced block's program was read from (set by detectConfigs for its blocks). */
  readonly document?: string;
}

/** Keywords one of which every recogniser's match contains (lower case); declared callees and settings that hold none of them are added. */
const BASE_NEEDLES = ['bloom', 'bf', 'digest_bits_per_entry', 'shape.from', 'tryinit', 'ribbonfilter', 'ribbon_filter',
  // other filters (src/libraries/fingerprintLibraries.ts, recognizers/redisCuckoo.ts)
  'cuckoo', 'cf.reserve', 'cfreserve', 'cf()', 'xorfilter', 'xor8', 'xor16', 'xor32', 'binaryfuse', 'binary_fuse',
  // a filter class that never says "Bloom" but computes its size with the formula's ln 2 (recognizers/generic.ts)
  'log(2', 'math.ln2',
  // Guava's "expected insertions" beside a false-positive probability (recognizers/generic.ts)
  'expectedinsertions', 'expected_insertions', 'expected-insertions', 'expected.insertions'];
const PREFILTER_NEEDLES = [...BASE_NEEDLES, ...DECLARED_NEEDLES.filter((name) => !BASE_NEEDLES.some((needle) => name.includes(needle)))];
/**
 * Every needle in one pass: one alternation costs about an eighth of one `indexOf` pass per needle (1 MB, 55 needles:
 * 1.8 ms against 14.5 ms of CPU). Occurrences inside a longer match are skipped, which changes nothing: a hit selects
 * its line (or a window of a long line that holds the whole match).
 */
const PREFILTER = new RegExp(PREFILTER_NEEDLES.map((needle) => needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
/** Methods of a Bloom command client bound to a variable (redis-py `bf = r.bf()`; `bf.create(key, p, n)`). */
const BOUND_CLIENT_NEEDLES = ['.reserve(', '.create(', '.insert('];
/** Longest line scanned whole; longer lines (minified code, data) are scanned in windows around keywords. */
const MAX_WHOLE_LINE = 2000;
const WINDOW_BEFORE = 300;
const WINDOW_AFTER = 1500;
/** Upper bound on text size scanned (larger texts are scanned up to this size). */
const MAX_TEXT_LENGTH = 20_000_000;

/** A test file by its name (`x_test.go`, `test_x.py`, `x_test.py`, `XTest.java`, `x.test.ts`, `x.spec.js`, `x_spec.rb`). */
const TEST_FILE = /(?:^|[\\/])(?:test_[^\\/]*\.py|[^\\/]*(?:_test\.(?:go|py|rs|exs?)|Tests?\.(?:java|kt|scala|cs)|\.(?:test|spec)\.[cm]?[jt]sx?|_spec\.rb))$/;

function isTestFile(fileName: string | undefined): boolean {
  return fileName !== undefined && TEST_FILE.test(fileName);
}

/** Finds every Bloom filter configuration in `text`. Never throws on any input. */
export function detectConfigs(text: string, options: DetectOptions = {}): Finding[] {
  const found = detectInText(text, options);
  // a Markdown document's code blocks read in their own language (src/detect/fencedBlocks.ts)
  if (typeof text !== 'string' || (options.languageId ?? languageFromFileName(options.fileName)) !== 'markdown' || (!text.includes('```') && !text.includes('~~~'))) return found;
  const inBlocks = joinedByLanguage(fencedBlocks(text.length > MAX_TEXT_LENGTH ? text.slice(0, MAX_TEXT_LENGTH) : text))
    .flatMap((program) => {
      const lines = program.text.split('\n');
      // (a sketch's call that states nothing, `bloom.NewWithEstimates(expected, rate)` in a README, names no filter there;
      // one that states a number, `cuckoo.NewFilter(4, 9, maxKeys, ...)`, does)
      const states = (finding: Finding) => Object.values(finding.sources).some(isStated)
        || /\([\s\S]*\b\d/.test(callText(lines, finding));
      return mapPositions(detectInText(program.text, { ...options, languageId: program.languageId, document: text }).filter(states), (line, character) => ({ line: program.markdownLine(line), character }));
    });
  return inBlocks.length === 0 ? found : mergeBlockFindings(found, inBlocks);
}

/** The text of a finding's range in `lines`. */
function callText(lines: readonly string[], finding: Finding): string {
  const { start, end } = finding.range;
  if (start.line === end.line) return (lines[start.line] ?? '').slice(start.character, end.character);
  return [(lines[start.line] ?? '').slice(start.character), ...lines.slice(start.line + 1, end.line), (lines[end.line] ?? '').slice(0, end.character)].join('\n');
}

function detectInText(text: string, options: DetectOptions): Finding[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  // a TypeScript declaration file only declares (`declare class Bloom { constructor(errorRate?: number) }`): it builds nothing
  if (options.fileName !== undefined && /\.d\.[cm]?ts$/.test(options.fileName)) return [];
  if (text.length > MAX_TEXT_LENGTH) text = text.slice(0, MAX_TEXT_LENGTH);
  const lower = text.toLowerCase();
  const hits: number[] = [];
  PREFILTER.lastIndex = 0;
  for (let match = PREFILTER.exec(lower); match !== null; match = PREFILTER.exec(lower)) hits.push(match.index);
  // a file that binds a client's Bloom commands (`bf = r.bf()`) calls them on that variable, whatever its name
  if (lower.includes('.bf()')) {
    for (const needle of BOUND_CLIENT_NEEDLES) {
      for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) hits.push(at);
    }
    hits.sort((a, b) => a - b);
  }
  // a config known by its file name (`config/bloom.php`) may name no Bloom word: read as the file's settings
  const named = options.fileName !== undefined && /bloom/i.test(options.fileName.replace(/^.*[\\/]/, '')) && !lower.includes('bloom');
  if (hits.length === 0 && !named) return [];
  // a library's class or package under a local name (`{BloomFilter => GBloomFilter}`): read as the library's name
  if (!(options as DealiasedReading).dealiased) {
    const dealiased = dealias(text, options.languageId ?? languageFromFileName(options.fileName), goPackageName);
    if (dealiased.edits.length > 0) {
      const findings = detectInText(dealiased.text, { ...options, dealiased: true } as DetectOptions);
      return mapPositions(findings, (line, character) => ({ line, character: originalColumn(dealiased.edits, line, character) }));
    }
  }

  return withContext(text, options, (ctx) => {
    const inTest = isTestFile(options.fileName);
    const found = [...(hits.length > 0 ? runRecognizers(ctx, lower, hits) : []), ...(named ? fileNamedDrafts(ctx, options.fileName!) : [])];
    const verdicts = new Map<Draft, boolean>();
    const configures = (draft: Draft): boolean => {
      let verdict = verdicts.get(draft);
      if (verdict === undefined) verdicts.set(draft, (verdict = configuresNothing(ctx, draft) === undefined && !(inTest && readsTestCaseFields(draft))));
      return verdict;
    };
    const drafts = dropRedundantGeneric(ctx.text, found, configures).filter(configures);
    if (drafts.length > 0) inferCountGuardedResets(ctx, drafts);
    startAtIndexDefinition(ctx, drafts);
    const annotations = lower.includes('bloom-lens:') ? findAnnotations(ctx) : [];
    const merged = mergeAnnotations(ctx, drafts, annotations);
    return merged.sort((a, b) => a.start - b.start || a.end - b.end).map((draft) => finalize(ctx.source, draft));
  });
}

/** Options of the second reading, of the text with local names spelt as the library's. */
interface DealiasedReading extends DetectOptions {
  readonly dealiased?: boolean;
}

/** Runs `scan` on a context for the text, with the parse tree's facts when the language's grammar is loaded; frees the tree. */
function withContext<T>(text: string, options: DetectOptions, scan: (ctx: ScanContext) => T): T {
  const languageId = options.languageId ?? languageFromFileName(options.fileName);
  const grammar = options.syntax?.grammarFor(languageId);
  const syntax = grammar ? new SyntaxFacts(grammar, text) : undefined;
  try {
    const source = new SourceText(text, languageId, options.fileName, syntax ? (offset) => syntax.isProse(offset) : undefined);
    return scan(new ScanContext(source, { syntax, constants: options.constants, fileName: options.fileName, document: options.document }));
  } finally {
    syntax?.dispose();
  }
}

/**
 * The constants a file defines for other files to use (constant-style names: `EXPECTED_USERS`, `Limits.MaxItems`),
 * each evaluated in its own file. Feeds a `ConstantsIndex`. Never throws.
 */
export function fileConstants(text: string, options: DetectOptions = {}): FileConstant[] {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_TEXT_LENGTH) return [];
  return withContext(text, { ...options, constants: undefined }, (ctx) => {
    const constants: FileConstant[] = [];
    for (const name of ctx.definedNames()) {
      if (!/^[A-Z][A-Za-z0-9_]*$/.test(name.replace(/^.*\./, ''))) continue;
      const result = evaluateConstant(name, ctx.codeEval);
      const origin = ctx.originOf(name);
      if (result.ok && origin) constants.push({ name, value: result.value, line: origin.line });
      // a string constant's length, for `Math.pow(CHARACTERS.length, HASH_LENGTH)` in another file
      const length = result.ok ? undefined : evaluateConstant(`${name}.length`, ctx.codeEval);
      if (length?.ok && origin) constants.push({ name: `${name}.length`, value: length.value, line: origin.line });
    }
    return constants;
  });
}

/**
 * A configuration inside a loop over literal rows (`for name, cap, fp in [(A, B, C), (D, E, F)]: reserve(name, fp, cap)`)
 * whose values are the loop's variables: read once per row, one finding per row. Each draft comes with its row's key.
 */
function perLoopRow(ctx: ScanContext, drafts: readonly Draft[], read: () => Draft | readonly Draft[] | undefined): [string, Draft][] {
  const loop = drafts.length > 0 ? ctx.extras.syntax?.loopAround(drafts[0].start) : undefined;
  const inBody = (d: Draft): boolean => loop !== undefined && loop.start <= d.start && d.start < loop.end;
  const usesLoop = loop !== undefined && drafts.some((d) => inBody(d) && d.unevaluated.some((u) => loop.names.some((name) => new RegExp(`(?:^|[^\\w.$])${name}(?![\\w$])`).test(u.expression))));
  if (!loop || !usesLoop) return drafts.map((d) => ['', d]);
  // drafts outside the loop's body stay as they are; a recogniser that returns what it found before (a cache per
  // text) has not read the row, so its drafts are not split
  const out: [string, Draft][] = drafts.filter((d) => !inBody(d)).map((d) => ['', d]);
  const before = new Set(drafts);
  let rowDrafts = 0;
  loop.rows.forEach((row, i) => {
    let again: Draft | readonly Draft[] | undefined;
    try {
      again = ctx.withLoopRow(new Map(loop.names.map((name, j) => [name, row[j]])), read);
    } catch {
      again = undefined;
    }
    for (const draft of again === undefined ? [] : Array.isArray(again) ? again : [again as Draft]) {
      if (!inBody(draft) || before.has(draft)) continue;
      out.push([`#${i}`, draft]);
      rowDrafts++;
    }
  });
  return rowDrafts > 0 ? out : drafts.map((d) => ['', d]);
}

/** Python's function header: `def name(`. */
const PYTHON_DEF = /\bdef\s+([A-Za-z_]\w*)\s*\(/g;
/** A block's header that is a function or method: its name right before its parameter list (`Type name(...) {`, `func (r *R) name(...) T {`). */
const FUNCTION_HEADER_NAME = /([A-Za-z_]\w*)\s*(?:<(?:[^<>()]|<[^<>()]*>)*>)?\s*\($/;
const CONTROL_WORDS = /^(?:if|for|foreach|while|switch|catch|using|lock|synchronized|with|match|return|when|elif|else|try)$/;
const MAX_FUNCTION_LOOK_BACK = 6000;

/** The function whose body holds `offset` (Python by indentation, others by braces): its name and parameter names in order. */
function enclosingFunction(ctx: ScanContext, offset: number): { name: string; parameters: string[]; header: number } | undefined {
  const text = ctx.text;
  const source = ctx.source;
  const from = Math.max(0, offset - MAX_FUNCTION_LOOK_BACK);
  let name: string | undefined;
  let list: ReturnType<typeof splitArguments>;
  let header = -1;
  if (source.languageId === 'python') {
    let last: RegExpExecArray | undefined;
    PYTHON_DEF.lastIndex = from;
    for (let m = PYTHON_DEF.exec(text); m !== null && m.index < offset; m = PYTHON_DEF.exec(text)) last = m;
    if (!last) return undefined;
    list = splitArguments(text, last.index + last[0].length - 1);
    if (!list || list.end > offset) return undefined;
    // the body: the lines after the header indented deeper than it, up to the draft's line
    const indent = /^[ \t]*/.exec(source.lineText(source.lineOf(last.index)))![0].length;
    for (let line = source.lineOf(list.end) + 1; line <= source.lineOf(offset); line++) {
      const content = source.lineText(line);
      if (content.trim() !== '' && /^[ \t]*/.exec(content)![0].length <= indent) return undefined;
    }
    [name, header] = [last[1], last.index];
  } else {
    // the innermost enclosing block whose header ends in a parameter list (`name(params) {`, `name(params): T {`)
    let depth = 0;
    for (let i = offset - 1; i >= from && name === undefined; i--) {
      const c = text[i];
      if ((c !== '{' && c !== '}') || !ctx.isCode(i)) continue;
      if (c === '}') depth++;
      else if (depth > 0) depth--;
      else {
        const before = text.slice(Math.max(0, i - 400), i);
        const close = before.search(/\)[^(){};]*$/);
        if (close < 0) continue;
        let open = -1;
        for (let j = close, d = 0; j >= 0; j--) {
          if (before[j] === ')') d++;
          else if (before[j] === '(' && --d === 0) {
            open = j;
            break;
          }
        }
        const named = open < 0 ? null : FUNCTION_HEADER_NAME.exec(before.slice(0, open + 1));
        if (!named || CONTROL_WORDS.test(named[1])) continue;
        header = i - before.length + open;
        list = splitArguments(text, header);
        name = named[1];
      }
    }
    if (name === undefined || !list) return undefined;
  }
  const go = source.languageId === 'go';
  const parameters = list!.args.map((arg) => {
    const declared = (arg.name ?? arg.text).replace(/=.*$/s, '').trim();
    const words = declared.replace(/:.*$/s, '').match(/[A-Za-z_]\w*/g) ?? [];
    // `name: T` (Kotlin, TS, Rust, Python), `name T` (Go), `T name` (Java, C#, C++)
    return declared.includes(':') || go ? words[0] : words[words.length - 1];
  }).filter((p): p is string => p !== undefined && !/^(?:self|cls|this)$/.test(p));
  return { name: name!, parameters, header };
}

/** The calls a pattern finds in the text, in code, each pattern searched once per text (many drafts in one function). */
const callsCache = new WeakMap<ScanContext, Map<string, { index: number; text: string }[]>>();
function callsOf(ctx: ScanContext, pattern: string): { index: number; text: string }[] {
  const cache = callsCache.get(ctx) ?? callsCache.set(ctx, new Map()).get(ctx)!;
  let calls = cache.get(pattern);
  if (!calls) {
    calls = [...ctx.text.matchAll(new RegExp(pattern, 'g'))].filter((m) => ctx.isCode(m.index!)).map((m) => ({ index: m.index!, text: m[0] }));
    cache.set(pattern, calls);
  }
  return calls;
}

/**
 * A guess (read once per text) whose parameter is a bare parameter of its function, bound to what the only call passes
 * (`BloomFilter::new(expected_rows, 0.01)` in `create_sized(path, expected_rows)`, called as `create_sized(path, 10000)`).
 */
function boundByCall(ctx: ScanContext, original: Draft, row: ReadonlyMap<string, RowValue>): Draft {
  const draft: Draft = { ...original, params: { ...original.params }, sources: { ...original.sources } };
  const unevaluated = draft.unevaluated.filter(({ param, expression }) => {
    const bound = row.get(expression.trim());
    const value = bound ? evaluateConstant(bound.expression, ctx.codeEval) : undefined;
    if (!bound || !value?.ok || draft.params[param] !== undefined) return true;
    (draft.params as Record<string, number>)[param] = value.value;
    draft.sources[param] = { kind: 'argument', text: bound.expression, range: ctx.source.range(bound.offset, bound.offset + bound.expression.length), origin: { name: expression.trim(), line: ctx.source.lineOf(bound.offset), ...(ctx.extras.fileName ? { file: ctx.extras.fileName } : {}), callArgument: true } };
    return false;
  });
  return unevaluated.length === draft.unevaluated.length ? original : { ...draft, unevaluated };
}

/**
 * A configuration inside a function that sizes the filter from its parameters (`def create_sized_filter(name,
 * expected_items, error_rate=0.01)`), called exactly once in the file with its values (`create_sized_filter('urls',
 * 5_000_000, error_rate=0.001)`): read again with the parameters bound to that call's arguments. With no call, or
 * several, the draft stays as it was read (its defaults, or a pass-through).
 */
function atOnlyCallSite(ctx: ScanContext, draft: Draft, read: () => Draft | readonly Draft[] | undefined): Draft {
  // (a guess is read once per text: it cannot be read again with other values)
  const fromParameters = draft.unevaluated.length > 0 || Object.values(draft.sources).some((s) => s?.origin?.parameterDefault);
  if (!fromParameters || (draft.recognizer === GENERIC_ID && draft.unevaluated.length === 0)) return draft;
  const fn = enclosingFunction(ctx, draft.start);
  if (!fn || fn.parameters.length === 0) return draft;
  // a constructor (`DatasetDiff(int size, ...)` in `class DatasetDiff`) is called as `this(...)` or `new DatasetDiff(...)`
  const constructor = /^[A-Z]/.test(fn.name) && ctx.hint(`class:${fn.name}`, new RegExp(`\\b(?:class|struct|record)\\s+${fn.name}\\b`));
  // (not `other.create(`: a method of something else with the same name)
  // Python `__init__`, Ruby `initialize`, JS `constructor`: called by their class's name (`Pool(...)`, `Pool.new(...)`, `new Pool(...)`)
  const owner = /^(?:__init__|initialize|constructor)$/.test(fn.name) ? [...ctx.text.slice(Math.max(0, fn.header - 4000), fn.header).matchAll(/\bclass\s+([A-Z]\w*)/g)].pop()?.[1] : undefined;
  const callPattern = owner ? `(?<![\\w$.])(?:new\\s+)?${owner}(?:\\s*\\.\\s*new)?\\s*\\(`
    : constructor ? `(?<![\\w$.])(?:this|new\\s+${fn.name}(?:<[^<>()]*>)?)\\s*\\(` : `(?<![\\w$.])(?:(?:self|this)\\s*\\.\\s*)?${fn.name}\\s*\\(`;
  const calls = callsOf(ctx, callPattern).filter((m) => m.index + m.text.length - 1 !== fn.header && !/\b(?:def|function|func|fun|fn)\s+$/.test(ctx.text.slice(Math.max(0, m.index - 20), m.index)))
    // (a call of itself, a retry, passes its own parameters on: the callers' call is the one)
    .filter((m) => m.index < fn.header || enclosingFunction(ctx, m.index)?.header !== fn.header);
  if (calls.length !== 1) return draft;
  const call = calls[0];
  const list = splitArguments(ctx.text, call.index + call.text.length - 1);
  if (!list) return draft;
  const row = new Map<string, RowValue>();
  list.args.forEach((arg, i) => {
    const name = arg.name ?? (list.args.slice(0, i).some((a) => a.name !== undefined) ? undefined : fn.parameters[i]);
    // an argument that is the parameter's own name (`this.reserve(name, errorRate, capacity)`) adds nothing
    if (name !== undefined && fn.parameters.includes(name) && arg.text.trim() !== name) row.set(name, { expression: arg.text, offset: arg.start, callArgument: true });
  });
  if (row.size === 0) return draft;
  if (draft.recognizer === GENERIC_ID) return boundByCall(ctx, draft, row);
  let again: Draft | readonly Draft[] | undefined;
  try {
    again = ctx.withLoopRow(row, read);
  } catch {
    return draft;
  }
  const redone = (again === undefined ? [] : Array.isArray(again) ? again : [again as Draft]).find((d) => d.start === draft.start && d.recognizer === draft.recognizer);
  return redone ?? draft;
}

function runRecognizers(ctx: ScanContext, lower: string, hits: readonly number[]): Draft[] {
  const source = ctx.source;
  const windows: [number, number][] = [];
  for (const hit of hits) {
    const line = source.lineOf(hit);
    const lineStart = source.lineStart(line);
    const lineEnd = source.lineEnd(line);
    let start = lineStart;
    let end = lineEnd;
    if (lineEnd - lineStart > MAX_WHOLE_LINE) {
      start = Math.max(lineStart, hit - WINDOW_BEFORE);
      end = Math.min(lineEnd, hit + WINDOW_AFTER);
    } else if (line + 1 < source.lineCount && /[.(]\s*$/.test(ctx.text.slice(Math.max(lineStart, lineEnd - 40), lineEnd))) {
      end = source.lineEnd(line + 1); // a call continued on the next line: `BloomFilter.` / `create(...)`
    }
    const last = windows[windows.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else windows.push([start, end]);
  }
  const drafts: Draft[] = [];
  const seen = new Set<string>();
  // (a recogniser of other languages, or of a library the text never names, runs no pattern here)
  const active = RECOGNIZERS.filter((recognizer) => recognizer.applies?.(ctx) ?? true);
  for (const [start, end] of windows) {
    const windowLower = lower.slice(start, end);
    const windowText = ctx.text.slice(start, end);
    for (const recognizer of active) {
      if (!recognizer.needles.some((needle) => windowLower.includes(needle))) continue;
      const pattern = recognizer.patternFor?.(ctx) ?? recognizer.pattern;
      pattern.lastIndex = 0;
      let match: RegExpExecArray | null;
      while ((match = pattern.exec(windowText)) !== null) {
        if (pattern.lastIndex === match.index) pattern.lastIndex++;
        const at = start + match.index;
        let produced: Draft | readonly Draft[] | undefined;
        try {
          produced = recognizer.match(ctx, match, at);
        } catch {
          produced = undefined; // a recogniser bug must never break detection of the rest
        }
        if (!produced) continue;
        const once = Array.isArray(produced) ? produced : [produced as Draft];
        const found = match;
        const read = () => recognizer.match(ctx, found, at);
        for (const [row, draft] of perLoopRow(ctx, once, read).map(([row, draft]): [string, Draft] => [row, row === '' ? atOnlyCallSite(ctx, draft, read) : draft])) {
          const key = `${draft.recognizer}:${draft.start}${row}`;
          if (seen.has(key)) continue;
          seen.add(key);
          drafts.push(draft);
        }
      }
    }
  }
  return drafts;
}

/**
 * The names an expression mentions, with every run of its dotted parts (`this.size * 2` -> `this.size`, `this`, `size`):
 * a key is read where it stands as a whole name or part of one, as `(?:^|\W)key(?!\w)` would find it.
 */
function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/[A-Za-z_$\d][\w$]*(?:[.-][A-Za-z_$\d][\w$]*)*/g)) {
    const parts = match[0].split(/(?=[.-])/);
    for (let i = 0; i < parts.length && i < 8; i++) {
      let run = parts[i].replace(/^[.-]/, '');
      names.add(run);
      for (let j = i + 1; j < parts.length && j < i + 8; j++) names.add((run += parts[j]));
    }
  }
  return names;
}

/**
 * A finding guessed from names is dropped when a library's own recogniser covers the same text, or
 * consumes the names it was read from (`static final long BLOOM_N = ...; BloomFilter.create(f, BLOOM_N, ...)`).
 */
function dropRedundantGeneric(text: string, all: Draft[], configures: (draft: Draft) => boolean): Draft[] {
  if (!all.some((d) => d.recognizer === GENERIC_ID)) return all;
  // a guess inside another that says the same (`getenv("BLOOM_N", "1000")` inside `BLOOM_N = int(getenv(...))`) is said once
  const saysAll = (outer: Draft, inner: Draft): boolean => Object.entries(inner.params).every(([name, value]) => outer.params[name as ParamName] === value);
  // (guesses in text order; the ones that may hold a guess start at most a few guesses before it: bounded work per guess)
  const guesses = all.filter((d) => d.recognizer === GENERIC_ID).sort((a, b) => a.start - b.start || b.end - a.end);
  const inner = new Set(guesses.filter((d, i) => guesses.slice(Math.max(0, i - 16), i).some((o) => d.end <= o.end && (o.start < d.start || d.end < o.end) && saysAll(o, d))));
  const drafts = all.filter((d) => !inner.has(d));
  const specific = drafts.filter((d) => d.recognizer !== GENERIC_ID);
  const readsOf = (d: Draft): Set<string> => namesIn([...Object.values(d.sources).map((s) => s?.text ?? ''), ...d.unevaluated.map((u) => u.expression)].join(' '));
  const consumed = new Set(specific.flatMap((d) => [...readsOf(d)]));
  const keys = new Map<Draft, string[]>();
  const keysOf = (d: Draft): string[] => keys.get(d) ?? keys.set(d, genericKeys(d)).get(d)!;
  // which guesses read each name (a Bloom-named class built from constants reads the constants' names)
  const reads = new Map<Draft, Set<string>>();
  const readers = new Map<string, Draft[]>();
  for (const d of drafts) {
    if (d.recognizer !== GENERIC_ID) continue;
    const names = readsOf(d);
    reads.set(d, names);
    for (const name of names) {
      const list = readers.get(name);
      if (list) list.push(d);
      else readers.set(name, [d]);
    }
  }
  return drafts.filter((draft) => {
    if (draft.recognizer !== GENERIC_ID) return true;
    if (specific.some((d) => d.start < draft.end && draft.start < d.end)) return false;
    // a value a library's recogniser already reads (a builder chain's or a config key's), even outside its range
    const sameStart = (a?: TextRange, b?: TextRange): boolean => a !== undefined && b !== undefined && a.start.line === b.start.line && a.start.character === b.start.character;
    // (not a shared constant both read, `BloomFilter(CAPACITY, RATE)` beside `Bloom(CAPACITY, RATE)`: two filters)
    if (Object.values(draft.sources).some((own) => own?.origin === undefined && specific.some((d) => Object.values(d.sources).some((s) => sameStart(s?.range, own?.range))))) return false;
    // (keys the draft defines: a call whose arguments are read by their names, `BloomFilter(CAPACITY, RATE)`, defines none)
    const defines = (key: string): boolean => {
      const escaped = key.replace(/[.$]/g, '\\$&');
      return new RegExp(`(?<![\\w$.])${escaped}["'\\]]?\\s*(?::[^=,\\n]{0,40})?(?:=(?!=)|:|=>)`).test(text.slice(draft.start, draft.end))
        || new RegExp(`#[ \\t]*define[ \\t]+${escaped}\\b`).test(text.slice(Math.max(0, draft.start - 20), draft.end));
    };
    // (a constant two calls read, `Bloom(CAPACITY, RATE)` beside `BloomFilter(CAPACITY, RATE)`, is no reason to drop either)
    const keys = keysOf(draft).filter((key) => defines(key) || !/^[A-Z][A-Z0-9_]*$/.test(key));
    if (keys.some((key) => consumed.has(key))) return false;
    // names another guess reads, and not the other way round: a Bloom-named class built from these constants (`BloomSettings(capacity=CAP)`)
    const own = reads.get(draft)!;
    return !keys.some((key) => (readers.get(key) ?? []).some((other) => other !== draft && !keysOf(other).some((k) => own.has(k)) && configures(other)));
  });
}

/** Attaches each annotation to the finding it annotates, or keeps it as a finding of its own. */
function mergeAnnotations(ctx: ScanContext, drafts: Draft[], annotations: readonly ParsedAnnotation[]): Draft[] {
  if (annotations.length === 0) return drafts;
  const source = ctx.source;
  const result = drafts.slice();
  // The first draft starting / ending on each line (drafts are in text order): one pass, not one per annotation.
  const startingOn = new Map<number, Draft>();
  const endingOn = new Map<number, Draft>();
  for (const draft of drafts) {
    const startLine = source.lineOf(draft.start);
    const endLine = source.lineOf(draft.end);
    if (!startingOn.has(startLine)) startingOn.set(startLine, draft);
    if (!endingOn.has(endLine)) endingOn.set(endLine, draft);
  }
  for (const annotation of annotations) {
    let target: Draft | undefined;
    if (annotation.trailing) {
      // At the end of a config's line: the config starting or ending on this line.
      target = endingOn.get(annotation.line) ?? startingOn.get(annotation.line);
    } else {
      // On its own line: the config starting on the next line that is not blank or another comment.
      let line = annotation.line + 1;
      while (line < source.lineCount && line <= annotation.line + 3 && (source.lineText(line).trim() === '' || isCommentOnlyLine(ctx, line))) line++;
      if (line < source.lineCount) target = startingOn.get(line);
    }
    if (target) mergeInto(target, annotation.draft);
    else result.push(annotation.draft);
  }
  return result;
}

function mergeInto(target: Draft, annotation: Draft): void {
  for (const [name, value] of Object.entries(annotation.params) as [ParamName, FilterParams[ParamName]][]) {
    if (value === undefined) continue;
    const existing = target.params[name];
    if (existing !== undefined && target.sources[name]?.kind !== 'default') {
      if (existing !== value) {
        target.notes.push(`the annotation says ${name}=${String(value)} but the code states ${String(existing)}; using the code's value`);
        (target.annotated ??= {} as Draft['params'])[name] = value as never;
      }
      continue;
    }
    (target.params as Record<string, unknown>)[name] = value;
    const source = annotation.sources[name];
    if (source) target.sources[name] = source;
    target.unevaluated = target.unevaluated.filter((u) => u.param !== name);
  }
  if (annotation.recycling) {
    if (target.recycling) target.notes.push('the annotation\'s recycle= replaces the recycling inferred from the code');
    target.recycling = annotation.recycling;
  }
  target.invalid.push(...annotation.invalid);
  target.unevaluated.push(...annotation.unevaluated);
  target.notes.push(...annotation.notes);
}

function finalize(source: SourceText, draft: Draft): Finding {
  let derived: LibraryDerivation = {};
  if (draft.derive) {
    try {
      derived = sanitizeDerivation(draft.derive(draft.params));
    } catch {
      derived = {};
    }
  }
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(draft.params)) {
    if (typeof value === 'number' ? Number.isFinite(value) : value !== undefined) params[name] = value;
  }
  if (derived.rejects) {
    draft.invalid.push(...derived.rejects);
    const { rejects: _rejected, ...rest } = derived;
    derived = rest;
  }
  const finding: Finding = {
    range: source.range(draft.start, draft.end),
    recognizer: draft.recognizer,
    title: draft.title,
    params: params as FilterParams,
    sources: draft.sources,
    derived,
    ...(draft.recycling ? { recycling: draft.recycling } : {}),
    unevaluated: draft.unevaluated,
    ...(draft.invalid.length > 0 ? { invalid: draft.invalid } : {}),
    ...(draft.notes.length > 0 ? { notes: draft.notes } : {}),
    ...(draft.annotated ? { annotated: draft.annotated } : {}),
  };
  return finding;
}

function sanitizeDerivation(derived: LibraryDerivation): LibraryDerivation {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(derived)) {
    if (typeof value === 'number') {
      if (Number.isFinite(value)) out[key] = value;
    } else if (Array.isArray(value)) {
      if (value.length > 0) out[key] = value;
    } else if (value !== undefined) out[key] = value;
  }
  return out as LibraryDerivation;
}

export { ANNOTATION_ID };
