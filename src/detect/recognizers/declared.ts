/**
 * The generic path: matches the sizing entry points each library module declares (src/libraries/*.ts,
 * `entryPoints`) instead of hand-written code per library. A call entry point is one call that sizes a filter
 * (arguments by position, keyword or struct field); a settings entry point is a group of settings (config keys,
 * builder methods, setters, flags, struct fields, the library's key constants) that together size one filter per
 * column, near each other in the text.
 */
import { Argument, ArgumentOptions, Check, checks, Draft, DraftBuilder, enclosingOpenParen, lastIndexWithin, ScanContext, splitArguments, unquote } from '../engine';
import { FINGERPRINT_LIBRARIES, LIBRARIES } from '../../libraries';
import { evaluateConstant } from '../evaluate';
import type { CallEntryPoint, DeclaredParam, DeclaredSetting, ParamRole, ParamUnit, SettingsEntryPoint, StatedSettings } from '../../libraries/types';
import type { ParamName } from '../types';
import type { Recognizer } from '../recognizer';
import { builder, readValue } from './helpers';
import { isSettingRead } from '../precision';
import { cachedConfigEntries, configFormat } from '../configTree';

const SIZING_ROLES: ReadonlySet<ParamRole> = new Set(['n', 'p', 'm', 'k', 'bitsPerElement']);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `boom.NewFilter` -> /boom\s*\.\s*NewFilter/; `.set_x` -> a method on any receiver; `A::b` likewise. */
function calleePattern(callee: string, namespaced = false): string {
  const method = callee.startsWith('.');
  const parts = (method ? callee.slice(1) : callee).split(/(\.|::)/);
  // Rust's turbofish may stand between a type and its function: `BloomFilter::<String>::new`
  // and type arguments between a type and its constructor: Dart `BloomFilter<String>.withProbability`
  // and Java's explicit type arguments after the dot: `BloomFilter.<String>create`
  const body = parts.map((part) => (part === '.' ? '\\s*(?:<[^>\\n]{0,60}>\\s*)?\\.\\s*(?:<[^>\\n]{0,60}>\\s*)?' : part === '::' ? '\\s*::\\s*(?:<[^>\\n]{0,60}>\\s*::\\s*)?' : escape(part))).join('');
  if (method) return `\\.\\s*${body}\\b`;
  // a C# type's function may be written under its namespace (`BloomFilter.FilterBuilder.Build`): one capitalised segment before it
  return namespaced ? `(?<![\\w$.])(?:[A-Z]\\w*\\s*\\.\\s*)?${body}\\b` : `(?<![\\w$.])${body}\\b`;
}

function inLanguage(ctx: ScanContext, languages: readonly string[] | undefined): boolean {
  return !languages || languages.includes(ctx.source.languageId ?? '') || ctx.source.family === 'plain';
}

/** Bits per unit of the stated value (sizes in bytes or mebibytes are read as bits). */
function unitScale(unit: ParamUnit): number {
  return unit === 'bytes' ? 8 : unit === 'mebibytes' ? 8 * 1024 * 1024 : 1;
}

/**
 * Records one stated value in its unit. A power of two of bits (`BLOOMFILTER_BIT = 30`) keeps no range: a quick fix
 * must not write m where the code states its exponent.
 */
function stateValue(b: DraftBuilder, param: ParamName, unit: ParamUnit, expression: Argument | string, options: ArgumentOptions): number | undefined {
  const text = (typeof expression === 'string' ? expression : expression.text).trim();
  const percent = unit === 'probability' ? /^(["']?)([\d.]+(?:[eE][-+]?\d+)?)\s*%\1$/.exec(text) : null;
  if (percent) return stateWithoutRange(b, param, Number(percent[2]) / 100, text, options);
  // a list literal where a count of hash functions belongs (`hashes: [.djb232, .sdbm32]`): as many as it holds, each once
  if (unit === 'hashes' && /^\[[^]*\]$/.test(text)) {
    const listed = new Set(splitArguments(text, 0)?.args.map((a) => a.text.replace(/\s+/g, '')) ?? []);
    return listed.size > 0 ? stateWithoutRange(b, param, listed.size, text, options) : undefined;
  }
  if (unit !== 'bits-log2' && unit !== 'one-in') return b.argument(param, expression, { ...options, scale: unitScale(unit) });
  const stated = builder(b.ctx, 'probe', '', 0, 0).argument(param, text, { eval: options.eval });
  if (stated === undefined) {
    b.unevaluated(param, text);
    return undefined;
  }
  if (unit === 'one-in') return stateWithoutRange(b, param, 1 / stated, text, options); // one in `stated`
  const exponent = stated;
  const problem = checks.nonNegativeInteger(`the exponent ${text}`)(exponent) ?? checks.range(`the exponent ${text}`, 0, 52)(exponent);
  if (problem) {
    b.invalid(problem, param);
    return undefined;
  }
  b.set(param, 2 ** exponent, { kind: options.kind ?? 'config', text: `2^${text}` });
  return 2 ** exponent;
}

/** A rate written as a percentage (Accumulo's FRACTION type reads `0.5%`) or as its inverse; like an exponent, it keeps no range for quick fixes. */
function stateWithoutRange(b: DraftBuilder, param: ParamName, value: number, text: string, options: ArgumentOptions): number | undefined {
  const problem = options.check?.(value);
  if (problem) {
    b.invalid(problem, param);
    return undefined;
  }
  b.set(param, value, { kind: options.kind ?? 'config', text });
  return value;
}

/** The check a value of this role and unit must pass (the library rejects the others; a 0 it reads as its default passes). */
function checkFor(role: ParamRole, unit: ParamUnit, what: string, zeroMeans?: DeclaredParam['zeroMeans']): Check | undefined {
  const check = role === 'p' ? checks.probability(what)
    : role === 'bitsPerElement' ? checks.positive(what)
    : unit === 'count' || unit === 'bits' || unit === 'bytes' || unit === 'hashes' ? checks.positiveInteger(what)
    : undefined;
  return zeroMeans && check ? (v) => (v === 0 ? undefined : check(v)) : check;
}

/** Records one declared value (stateValue); a stated 0 the library reads as its default becomes that default, said so. */
function declaredValue(b: DraftBuilder, param: ParamName, unit: ParamUnit, value: Argument | string, options: ArgumentOptions, zeroMeans: DeclaredParam['zeroMeans']): number | undefined {
  const stated = stateValue(b, param, unit, value, options);
  if (stated !== 0 || !zeroMeans) return stated;
  b.set(param, zeroMeans.value, { ...b.draft.sources[param]!, kind: 'default', text: zeroMeans.text });
  return zeroMeans.value;
}

/**
 * Struct-literal arguments (`&redis.BFReserveOptions{Capacity: 1, Error: 0.01}`) contribute their fields as named
 * arguments, and a parameters object built by setters (`new BFInsertParams().capacity(1).error(0.01)`) its setters.
 */
function flattenStructArguments(ctx: ScanContext, args: readonly Argument[]): Argument[] {
  const out: Argument[] = [];
  // Go functional options come last, so that positional arguments keep their positions
  const options: Argument[] = [];
  for (const arg of args) {
    out.push(arg);
    // `new X()` or a static factory on a type (`BloomFilterInitArgs.create()`, `BFReserveParams.reserveParams()`)
    const built = /^(?:new\s+[\w.]+|[A-Z]\w*(?:\s*\.\s*\w+)+)\s*\(\s*\)/.exec(arg.text);
    if (built) {
      const setter = /\.\s*(\w+)\s*\(/g;
      setter.lastIndex = built[0].length;
      for (let m = setter.exec(arg.text); m; m = setter.exec(arg.text)) {
        const list = splitArguments(ctx.text, arg.start + m.index + m[0].length - 1);
        if (!list) break;
        if (list.args.length === 1) out.push({ ...list.args[0], name: m[1] });
        else if (list.args.length === 0) out.push({ text: 'true', start: arg.start + m.index, end: list.end, name: m[1] }); // a flag setter: `.nonScaling()`
        setter.lastIndex = list.end - arg.start;
      }
      continue;
    }
    // a Go functional option (`cfilter.Size(1 << 20)`): its value under the option's name
    const option = ctx.source.languageId === 'go' ? /^[A-Za-z_]\w*\s*\.\s*([A-Z]\w*)\s*\(([^()]*)\)$/.exec(arg.text) : null;
    if (option && option[2].trim() !== '') {
      const inner = arg.text.indexOf('(') + 1;
      const lead = option[2].length - option[2].trimStart().length;
      options.push({ text: option[2].trim(), start: arg.start + inner + lead, end: arg.start + inner + lead + option[2].trim().length, name: option[1] });
      continue;
    }
    // an options hash or object named by a variable: its keys set just above the call (`opts[:size] ||= 500_000`,
    // `opts["hashes"] = 7`, `opts.size = 1024`) or the literal it was assigned (`opts = { size: 1024 }`)
    const variable = OPTIONS_HASH_LANGUAGES.has(ctx.source.languageId ?? '') ? /^(?:\*\*)?([A-Za-z_]\w*)$/.exec(arg.text.trim()) : null;
    if (variable) {
      out.push(...optionsSetAbove(ctx, variable[1], arg.start));
      continue;
    }
    const open = /^&?[\w.]*\s*\{/.exec(arg.text);
    if (!open) continue;
    const inner = splitArguments(ctx.text, arg.start + open[0].length - 1);
    if (inner) out.push(...inner.args.filter((a) => a.name !== undefined).map(unwrapSome));
  }
  return [...out, ...options];
}

/** A struct field holding an Option (Rust, Scala `Some(4096)`): the value inside. */
function unwrapSome(arg: Argument): Argument {
  const some = /^Some\s*\(\s*([^()]*?)\s*\)$/.exec(arg.text);
  if (!some || some[1] === '') return arg;
  const offset = arg.text.indexOf(some[1], arg.text.indexOf('(') + 1);
  return { ...arg, text: some[1], start: arg.start + offset, end: arg.start + offset + some[1].length };
}

/** Languages whose calls take an options hash or object filled key by key. */
const OPTIONS_HASH_LANGUAGES = new Set(['ruby', 'python', 'javascript', 'typescript', 'javascriptreact', 'typescriptreact', 'php', 'lua', 'markdown']);
/** How far above a call an options variable's keys are looked for. */
const OPTIONS_LOOK_BACK = 1500;

/** The keys of an options variable set above `at` (see flattenStructArguments), as named arguments; the latest wins. */
function optionsSetAbove(ctx: ScanContext, name: string, at: number): Argument[] {
  const from = Math.max(0, at - OPTIONS_LOOK_BACK);
  const before = ctx.text.slice(from, at);
  if (!before.includes(name)) return [];
  const found = new Map<string, Argument>();
  const assignment = new RegExp(`(?<![\\w.])${name}\\s*(?:\\[\\s*(?::([A-Za-z_]\\w*)|["']([A-Za-z_]\\w*)["'])\\s*\\]|\\.([A-Za-z_]\\w*))[ \\t]*(?:\\|\\|=|=(?!=))[ \\t]*([^\\n;#]+)`, 'g');
  for (const m of before.matchAll(assignment)) {
    const value = m[4].trim();
    const start = from + m.index! + m[0].length - m[4].length + (m[4].length - m[4].trimStart().length);
    found.set(m[1] ?? m[2] ?? m[3], { text: value, start, end: start + value.length, name: m[1] ?? m[2] ?? m[3] });
  }
  // `opts = { size: 1024, hashes: 7 }` (Ruby, JS), `opts = {'size': 1024}` (Python)
  const literal = [...before.matchAll(new RegExp(`(?<![\\w.])${name}\\s*=\\s*\\{`, 'g'))].pop();
  if (literal) {
    const list = splitArguments(ctx.text, from + literal.index! + literal[0].length - 1);
    for (const a of list?.args ?? []) {
      const key = a.name?.replace(/^[:"']|["']$/g, '');
      if (key && !found.has(key)) found.set(key, { ...a, name: key });
    }
  }
  return [...found.values()];
}

/**
 * Setters chained after the call, for parameters a builder takes that way (`new CuckooFilter.Builder<>(funnel, n)
 * .withFalsePositiveRate(0.01).build()`): each one-argument setter becomes a named argument `.setter`.
 */
function chainedSetters(ctx: ScanContext, from: number): Argument[] {
  const out: Argument[] = [];
  let at = from;
  for (let i = 0; i < 12; i++) {
    const setter = /^\s*\.\s*(\w+)\s*\(/.exec(ctx.text.slice(at, at + 200));
    if (!setter) break;
    const list = splitArguments(ctx.text, at + setter[0].length - 1);
    if (!list) break;
    if (list.args.length === 1) out.push({ ...list.args[0], name: `.${setter[1]}` });
    at = list.end;
  }
  return out;
}

/** The entry states a parameter by a setter chained after the call (a name with a leading dot). */
const takesChainedSetters = (entry: CallEntryPoint): boolean => entry.params.some((p) => p.names?.some((name) => name.startsWith('.')));

function argumentFor(args: readonly Argument[], position: number | undefined, names: readonly string[] | undefined): Argument | undefined {
  const byName = names && args.find((a) => a.name !== undefined && names.includes(a.name));
  if (byName) return byName;
  if (position === undefined) return undefined;
  const firstNamed = args.findIndex((a) => a.name !== undefined);
  return (firstNamed < 0 ? args : args.slice(0, firstNamed))[position];
}

function positionalCount(args: readonly Argument[]): number {
  const firstNamed = args.findIndex((a) => a.name !== undefined);
  return firstNamed < 0 ? args.length : firstNamed;
}

function buildCall(ctx: ScanContext, entry: CallEntryPoint, args: Argument[], start: number, end: number, typeArgs?: readonly string[]): Draft | undefined {
  const b = builder(ctx, entry.recognizer, entry.title, start, end);
  if (entry.hashing) b.hashing(entry.hashing.model, entry.hashing.why);
  for (const note of entry.notes ?? []) b.note(note);
  let stated = 0;
  for (const param of entry.params) {
    if (!SIZING_ROLES.has(param.role)) continue;
    const arg = argumentFor(args, param.position, param.names);
    if (!arg) continue;
    stated++;
    declaredValue(b, param.role as ParamName, param.unit, arg, { check: param.check ?? checkFor(param.role, param.unit, param.names?.[0] ?? param.role, param.zeroMeans) }, param.zeroMeans);
  }
  if (stated === 0) return undefined;
  for (const role of entry.onlyWhenRead ?? []) {
    const param = entry.params.find((p) => p.role === role);
    const arg = param && argumentFor(args, param.position, param.names);
    if (!arg || !evaluateConstant(arg.text, ctx.codeEval).ok) return undefined;
  }
  applyDefaults(b, entry.defaults);
  const derive = entry.derive;
  if (derive) {
    const named = new Map(args.flatMap((a) => (a.name !== undefined ? [[a.name, a.text] as const] : [])));
    const stated = new Map<ParamRole, number>();
    for (const param of entry.params) {
      const arg = SIZING_ROLES.has(param.role) ? undefined : argumentFor(args, param.position, param.names);
      if (!arg) continue;
      const value = evaluateConstant(arg.text, ctx.codeEval);
      if (value.ok) stated.set(param.role, value.value);
      if (arg.name === undefined) named.set(param.role, arg.text); // a positional option: its text under its role
    }
    for (const param of entry.typeArguments ?? []) {
      const text = param.position === undefined ? undefined : typeArgs?.[param.position];
      if (text === undefined || text === '') continue;
      const value = evaluateConstant(text, ctx.codeEval);
      if (value.ok) stated.set(param.role, value.value);
      named.set(param.role, text);
    }
    b.derive((params) => derive(params, named, stated));
  }
  return b.build();
}

function applyDefaults(b: DraftBuilder, defaults: CallEntryPoint['defaults']): void {
  for (const [param, value] of Object.entries(defaults ?? {})) if (value) b.setDefault(param as ParamName, value.value, value.text);
}

/** Whether the argument that picks a Java overload has the declared static type (a whole number for int/long). */
function matchesOverload(ctx: ScanContext, args: readonly Argument[], overload: NonNullable<CallEntryPoint['overload']>): boolean {
  const arg = argumentFor(args, overload.position, undefined);
  if (!arg) return false;
  const value = evaluateConstant(arg.text, ctx.codeEval);
  // a double literal (`1.0`, `1e3`, `5d`) picks the double overload even when its value is whole
  const doubleLiteral = /\d\.|\.\d|\d[eE][-+]?\d/.test(arg.text) || /^[^xX]*\d[dDfF]$/.test(arg.text.trim());
  const whole = value.ok && Number.isInteger(value.value) && !doubleLiteral;
  return whole === overload.wholeNumber;
}

/** One recogniser for every declared call entry point of every library. */
function callsRecognizers(entries: readonly CallEntryPoint[]): Recognizer[] {
  const byCallee = new Map<string, CallEntryPoint[]>();
  // a library the file must import is tried before one matched by its callee alone (gostl's `bloom.NewWithEstimates`
  // before bits-and-blooms'): the import names the library the call belongs to
  const ordered = [...entries.filter((e) => e.requires), ...entries.filter((e) => !e.requires)];
  for (const entry of ordered) byCallee.set(entry.callee.replace(/^\./, ''), [...(byCallee.get(entry.callee.replace(/^\./, '')) ?? []), entry]);
  const namespaced = new Set(entries.filter((e) => e.languages?.includes('csharp') && /^[A-Z]\w*\./.test(e.callee)).map((e) => e.callee));
  const bareLanguages = new Set(['ruby', 'elixir', 'crystal']);
  const recognizers: Recognizer[] = [];
  // (one alternation per chunk of callees: V8 stops optimising a regular expression above about 20 KB of source, and
  // one pattern of every callee ran 4x slower on every file; a chunk's needles keep it off texts without its callees)
  // (a library's callees stay in one chunk, longest first: `ContinuousBloomFilter.new(*BloomHelper.find_m_k` before the
  // helper `BloomHelper.find_m_k` it holds, matched once)
  const byLibrary = new Map<string, string[]>();
  for (const entry of entries) {
    const library = entry.recognizer.replace(/\.[^.]*$/, '');
    const list = byLibrary.get(library) ?? byLibrary.set(library, []).get(library)!;
    if (!list.includes(entry.callee)) list.push(entry.callee);
  }
  for (const chunk of calleeChunks([...byLibrary.values()], (callee) => calleePattern(callee, namespaced.has(callee)).length + 1)) {
    const chunkIds = [...new Set(entries.filter((e) => chunk.includes(e.callee)).map((e) => e.recognizer))];
    const needles = [...new Set(chunk.map((callee) => callee.replace(/^.*(?:\.|::)/, '').toLowerCase()))];
    // the callee, then optional type arguments (Scala `[A]`, Java/C#/TS `<A>`, Rust `::<A>`), then the argument list
    // then, for a C++ declaration, the name it declares (`CuckooFilter<size_t, 12> filter(n)`)
    // (Scala type arguments may nest one level: `BloomFilter.create[Array[Byte]](`)
    recognizers.push({
      ids: chunkIds,
      needles,
      pattern: new RegExp(`(${chunk.map((callee) => calleePattern(callee, namespaced.has(callee))).join('|')})(?:\\s*(?:::)?(?:\\[(?:[^[\\]\\n]|\\[[^[\\]\\n]{0,40}\\]){0,60}\\]|<([^>\\n]{0,60})>))?(\\s+[A-Za-z_]\\w*)?\\s*\\(`, 'g'),
      match(ctx, match, at) {
        if (!ctx.isCode(at)) return undefined;
        const list = splitArguments(ctx.text, at + match[0].length - 1);
        return list && readCall(ctx, match, at, list);
      },
    });
    // Ruby and Elixir call without parentheses (`BloomFilter.new size: 100_000, error_rate: 0.01`, `BloomFilter.new 100,
    // 0.001`): the arguments run to the end of the line (a block, a comment or a trailing `do` excluded)
    const qualified = chunk.filter((callee) => /[.:]/.test(callee));
    if (qualified.length === 0) continue;
    recognizers.push({
      ids: chunkIds,
      needles,
      pattern: new RegExp(`(${qualified.map((callee) => calleePattern(callee)).join('|')})[ \\t]+(?=[\\w:'"@\\[{-])`, 'g'),
      applies: (ctx) => bareLanguages.has(ctx.source.languageId ?? ''),
      match(ctx, match, at) {
        if (!ctx.isCode(at)) return undefined;
        const from = at + match[0].length;
        const lineEnd = ctx.source.lineEnd(ctx.source.lineOf(from));
        const rest = ctx.text.slice(from, Math.min(lineEnd, from + 1000)).replace(/\s+(?:do(?:\s*\|[^|]*\|)?|#.*|\{\s*\|.*)$/, '');
        if (rest.trim() === '') return undefined;
        // the rest of the line read as an argument list, its offsets back in the text
        const list = splitArguments(`(${rest})`, 0);
        if (!list) return undefined;
        const shift = (offset: number) => from - 1 + offset;
        return readCall(ctx, match, at, { args: list.args.map((a) => ({ ...a, start: shift(a.start), end: shift(a.end) })), end: shift(list.end) });
      },
    });
  }

  /** The entry point a call matches, given its argument list, and its draft. */
  function readCall(ctx: ScanContext, match: RegExpExecArray, at: number, list: { args: Argument[]; end: number }): Draft | undefined {
    const name = match[1].replace(/^\./, '').replace(/\s+/g, '').replace(/(?:::)?<[^>]*>(?=::|\.)/g, '').replace(/\.<[^>]*>/g, '.');
    // (the namespace written before a C# type is not part of the callee)
    const candidates = byCallee.get(name) ?? byCallee.get(name.replace(/^[A-Z]\w*\./, ''));
    if (!candidates) return undefined;
    // a declaration whose parentheses hold parameters (`CuckooFilter<size_t, 12> make(size_t n);`) declares a function
    if (match[3] !== undefined && list.args.some((a) => /^[A-Za-z_][\w:<>]*(?:\s+|\s*[*&]\s*)[A-Za-z_]\w*$/.test(a.text))) return undefined;
    const args = flattenStructArguments(ctx, list.args);
    const count = positionalCount(list.args);
    const typeArgs = match[2]?.split(',').map((text) => text.trim());
    for (const entry of candidates) {
      if (match[3] !== undefined && !entry.declaration) continue;
      if (!inLanguage(ctx, entry.languages) || (entry.requires && !ctx.hint(`requires:${entry.requires.source}`, entry.requires))) continue;
      if (entry.requiresDocument && !ctx.documentHint(`requires:${entry.requiresDocument.source}`, entry.requiresDocument)) continue;
      // arguments named by the entry's own parameter names (`BloomFilter[String](numberOfItems = n, falsePositiveRate = p)`)
      // count as its arguments and choose its overload by themselves
      const byOwnNames = list.args.some((a) => a.name !== undefined) && list.args.every((a) => a.name === undefined || entry.params.some((param) => param.names?.includes(a.name!)));
      const fits = (given: number): boolean => entry.arity === undefined || (given >= entry.arity[0] && given <= entry.arity[1]);
      if (!fits(count) && !(byOwnNames && fits(list.args.length))) continue;
      if (entry.excludesNames && list.args.some((a) => a.name !== undefined && entry.excludesNames!.includes(a.name))) continue;
      if (entry.overload && !byOwnNames && !matchesOverload(ctx, list.args, entry.overload)) continue;
      const draft = buildCall(ctx, entry, takesChainedSetters(entry) ? [...args, ...chainedSetters(ctx, list.end)] : args, at, list.end, typeArgs);
      if (draft) return draft;
    }
    return undefined;
  }
  return recognizers;
}

/**
 * Callees in chunks whose alternation stays well under V8's optimising limit for one regular expression (~20 KB), each
 * library's callees in one chunk (a callee seen first keeps its place), every chunk longest callee first.
 */
function calleeChunks(libraries: readonly (readonly string[])[], size: (callee: string) => number, limit = 16000): string[][] {
  const chunks: string[][] = [[]];
  const placed = new Set<string>();
  let used = 0;
  for (const library of libraries) {
    const callees = library.filter((callee) => !placed.has(callee));
    const cost = callees.reduce((sum, callee) => sum + size(callee), 0);
    if (used + cost > limit && chunks[chunks.length - 1].length > 0) {
      chunks.push([]);
      used = 0;
    }
    for (const callee of callees) placed.add(callee);
    chunks[chunks.length - 1].push(...callees);
    used += cost;
  }
  return chunks.map((chunk) => chunk.sort((a, b) => b.length - a.length));
}

// ------------------------------------------------------------------------------------------- settings

/** One setting found in the text, with its column (per-column settings) and its value text. */
export interface SettingHit {
  readonly setting: DeclaredSetting;
  readonly column: string | undefined;
  readonly at: number;
  readonly line: number;
  readonly value: { readonly text: string; readonly start: number; readonly end: number } | undefined;
  /** For a struct field: the offset of the literal that holds it (fields of two literals are two filters). */
  readonly literal?: number;
}

/** `trace.clone()`, `&col`, `ColumnPath::from("a")`, `"a"` all name the column a / trace. */
function columnName(text: string): string {
  const inner = /^(?:ColumnPath\s*::\s*from|ColumnPath\s*\.\s*get|new\s+ColumnPath)\s*\(\s*(.*?)\s*\)$/.exec(text.trim());
  return unquote((inner ? inner[1] : text).trim().replace(/^&/, '').replace(/\.clone\(\)$/, '')).replace(/^#/, '');
}

/** An expression up to the end of its field or statement (`1 << 16,` -> `1 << 16`). */
function readExpression(ctx: ScanContext, from: number): SettingHit['value'] {
  const text = ctx.text;
  let i = from;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  const stop = /[,;\n}]|\/\/|\/\*/.exec(text.slice(i, i + 200));
  const raw = text.slice(i, i + (stop ? stop.index : Math.min(200, text.length - i))).trimEnd();
  return raw === '' ? undefined : { text: raw, start: i, end: i + raw.length };
}

/** A key as a pattern: `<column>` captures the column (`parquet.bloom.filter.fpp#<column>`). */
function keyBody(name: string): string {
  const [before, after] = name.split('<column>');
  return after === undefined ? escape(before) : `${escape(before)}([\\w.$-]{1,100})${escape(after)}`;
}

function settingPattern(setting: DeclaredSetting): RegExp {
  switch (setting.form) {
    case 'key':
      // the key alone or behind a namespace that passes it on as it is (Paimon's catalog `table-default.<option>`, Spark's
      // `spark.hadoop.<hadoop key>`), and not the start of a longer key: `fpp` is not `fpp#column` nor `fpp.column.x`
      // (the namespace is matched with the key, not looked behind for: a lookbehind per position is costly)
      return new RegExp(`(?<![\\w.-])(?:(?:table-default|spark\\.hadoop)\\.)?${keyBody(setting.name)}(?![\\w#-]|\\.\\w)`, 'g');
    case 'method': return new RegExp(`\\.\\s*${escape(setting.name)}\\s*\\(`, 'g');
    case 'flag': return new RegExp(`(?<![\\w-])--?${escape(setting.name)}(?:[ \\t]*=[ \\t]*|[ \\t]+)(?=[^\\s-])`, 'g');
    case 'field': return new RegExp(`(?<![\\w$])${escape(setting.name)}[ \\t]*(?::(?!:)|=(?!=))`, 'g');
    case 'constant': {
      const dot = setting.name.lastIndexOf('.');
      return new RegExp(`(?<![\\w$.])(?:${escape(setting.name.slice(0, dot))}\\s*\\.\\s*)?${escape(setting.name.slice(dot + 1))}\\b`, 'g');
    }
  }
}

/** Every hit of one setting in the text, with its column and value. */
function findSettings(ctx: ScanContext, setting: DeclaredSetting): SettingHit[] {
  const hits: SettingHit[] = [];
  const text = ctx.text;
  if (setting.form === 'constant' && !text.includes(setting.name.slice(0, setting.name.lastIndexOf('.')))) return hits;
  const pattern = settingPattern(setting);
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null && hits.length < 1000) {
    // a method stands at its name: a chain may end the line before with its dot
    const at = setting.form === 'method' ? match.index + match[0].indexOf(setting.name) : match.index;
    const end = match.index + match[0].length;
    if (ctx.isComment(at)) continue;
    const line = ctx.source.lineOf(at);
    let column: string | undefined;
    let value: SettingHit['value'];
    if (setting.form === 'key') {
      // in code, a key read with its fallback (`conf.getDouble("parquet.bloom.filter.fpp", 0.05)`) sets nothing
      if (ctx.isString(at) && /^(?:c|js|python)$/.test(ctx.source.family) && isSettingRead(ctx, at)) continue;
      // in JSON a setting is an object's key (`"hoodie.index.bloom.num_entries": 60000`), not text inside a value
      // (`"value": "hoodie.index.bloom.num_entries = 60000"` in an editor's completion list)
      if (ctx.source.family === 'json' && !/^["']?\s*:/.test(text.slice(end, end + 8)) && /:\s*["'][^"'\n]*$/.test(text.slice(Math.max(0, at - 200), at))) continue;
      column = match[1];
      value = readValue(ctx, end);
      // a key followed by words of prose with no separator (`# bloom_filter_fpp is the rate`) sets nothing; a
      // whitespace-separated value ending its line (`spark...bloomFilter.enabled  true`) is a value
      if (value && /^[A-Za-z]+$/.test(value.text) && /^["'`]?[ \t]+$/.test(text.slice(end, value.start)) && /^[ \t]+[A-Za-z]/.test(text.slice(value.end, value.end + 40))) continue;
    } else if (setting.form === 'method') {
      if (!ctx.isCode(at)) continue;
      const list = splitArguments(text, end - 1);
      if (!list || list.args.length === 0) continue;
      if (setting.columnArgument && list.args.length >= 2) column = columnName(list.args[0].text);
      const last = list.args[list.args.length - 1];
      value = { text: last.text, start: last.start, end: last.end };
    } else if (setting.form === 'flag') {
      // a number, or a variable or expansion that holds one: `--bloom_bits N` in usage text configures nothing
      const bare = /^[\d.$({][^\s"'`;|&\\]*/.exec(text.slice(end, end + 100));
      if (!bare) continue;
      value = { text: bare[0], start: end, end: end + bare[0].length };
    } else if (setting.form === 'field') {
      if (!ctx.isCode(at)) continue;
      value = readExpression(ctx, end);
      const brace = lastIndexWithin(text, '{', at, 600);
      if (brace >= 0 && onlyFieldsBetween(text, brace, at)) {
        hits.push({ setting, column, at, line, value, literal: brace });
        continue;
      }
    } else {
      if (!ctx.isCode(at) || /^\s*import\b/.test(text.slice(text.lastIndexOf('\n', at) + 1, at))) continue;
      if (isSettingRead(ctx, at)) continue; // `propertyAsBoolean(props, KEY + col, false)`: a read and its fallback
      // `PREFIX + "column"`, `KEY + "#column"`, then `, value`
      const suffix = /^\s*\+\s*(?:(["'])([^"'\n]{1,100})\1|([A-Za-z_]\w*))/.exec(text.slice(end, end + 120));
      if (suffix) column = columnName(suffix[2] ?? suffix[3]);
      // a key object that sets itself (`OrcConf.BLOOM_FILTER_FPP.setDouble(conf, 0.01)`): its setter's last argument
      const setter = /^\s*\.\s*set\w*\s*\(/.exec(text.slice(end, end + 40));
      const own = setter ? splitArguments(text, end + setter[0].length - 1)?.args : undefined;
      if (own && own.length > 0) {
        const last = own[own.length - 1];
        hits.push({ setting, column, at, line, value: { text: last.text, start: last.start, end: last.end } });
        continue;
      }
      // the value: the argument after the key in the call that sets it (`.set(KEY + "col", "true")`, on any line)
      const open = enclosingOpenParen(ctx, at);
      const args = open >= 0 ? splitArguments(text, open)?.args ?? [] : [];
      const keyIndex = args.findIndex((a) => a.start <= at && at < a.end);
      const next = keyIndex >= 0 ? args[keyIndex + 1] : undefined;
      value = next && { text: next.text, start: next.start, end: next.end };
    }
    hits.push({ setting, column, at, line, value });
  }
  return hits;
}

/**
 * A key setting written nested in a YAML, JSON or TOML file that parses cleanly (`spark:` / `sql:` / ... /
 * `numBits: 16777216`, `[hoodie.index.bloom]` / `fpp = 0.01`): found by its full key path from the parser, with the
 * value's exact offsets, where the text does not hold it as one dotted key (those are found as written).
 */
function nestedKeyHits(ctx: ScanContext, setting: DeclaredSetting, written: readonly SettingHit[]): SettingHit[] {
  if (setting.form !== 'key' || !configFormat(ctx.source.languageId)) return [];
  // parsing costs (YAML 2-4 ms per KB): only a text that holds every word of the key's path is parsed
  const words = setting.name.replace('<column>', '.').split(/[.]+/).filter((w) => w.length > 0).map((w) => w.toLowerCase());
  if (!words.every((word) => ctx.hint(`word:${word}`, new RegExp(escape(word), 'i')))) return [];
  const entries = cachedConfigEntries(ctx, ctx.text, ctx.source.languageId);
  if (!entries) return [];
  const key = new RegExp(`(?:^|\\.)${keyBody(setting.name)}$`);
  const hits: SettingHit[] = [];
  for (const entry of entries) {
    if (written.some((hit) => hit.at >= entry.keyStart && hit.at < entry.keyEnd)) continue;
    const match = key.exec(entry.path.join('.'));
    if (!match) continue;
    hits.push({ setting, column: match[1], at: entry.keyStart, line: ctx.source.lineOf(entry.keyStart), value: entry.value });
  }
  return hits;
}

const LINE_GAP = 40;

/**
 * Groups hits into filters: per column, consecutive hits no more than LINE_GAP lines apart; settings without a
 * column (global keys) join every column's group. Shared by the settings recognisers of config.ts.
 */
export function groupHits<T extends { readonly column: string | undefined; readonly line: number }>(hits: readonly T[], isGlobal: (hit: T) => boolean, startsNew: (group: readonly T[], hit: T) => boolean = () => false): { column: string | undefined; members: T[]; globals: T[] }[] {
  const globals = hits.filter(isGlobal);
  const columns = new Map<string | undefined, T[]>();
  for (const hit of hits) {
    if (isGlobal(hit)) continue;
    columns.set(hit.column, [...(columns.get(hit.column) ?? []), hit]);
  }
  if (columns.size === 0 && globals.length > 0) columns.set(undefined, []);
  const out: { column: string | undefined; members: T[]; globals: T[] }[] = [];
  for (const [column, list] of columns) {
    const groups: T[][] = [];
    for (const hit of [...list].sort((a, b) => a.line - b.line)) {
      const current = groups[groups.length - 1];
      if (current && hit.line - current[current.length - 1].line <= LINE_GAP && !startsNew(current, hit)) current.push(hit);
      else groups.push([hit]);
    }
    if (groups.length === 0) groups.push([]);
    for (const members of groups) out.push({ column, members, globals });
  }
  return out;
}

/** How far after a column-list value its closing bracket is looked for. */
const AFTER_VALUE_CHARS = 40;

function isFalse(hit: SettingHit | undefined): boolean {
  return hit?.value !== undefined && /^(?:false|0)$/i.test(unquote(hit.value.text));
}

const INPUT_REFERENCE = /^(?:var|local|each|module|data)\.|^[A-Za-z_]\w*\.value\b|^\$\{/;

/**
 * Whether a hit makes its group a filter. A switch (`enabled`) does only when it states `true`: a switch set from a
 * run-time boolean (`Boolean.toString(useBloom)`) or read with its fallback states no filter. A sizing setting does
 * when it states a value.
 */
export function triggers(hit: SettingHit | undefined, text: string): boolean {
  if (!hit?.value) return false;
  const value = unquote(hit.value.text);
  // an empty list of columns (`ARRAY[]`, `[]`; a bare value stops at its bracket) names no filter; only the few
  // characters after the value are read (not the rest of the file: this runs for every hit on every edit)
  const after = text.slice(hit.value.end, hit.value.end + AFTER_VALUE_CHARS);
  if (hit.setting.role === 'columns' && /^(?:ARRAY\s*)?\[\s*\]?$/i.test(value.trim()) && /^\s*\]/.test(`${value.trim().endsWith(']') ? ']' : ''}${after}`)) return false;
  // a module's input passed on (Terraform `var.fpp`, `each.value.x`, `orc_ser_de.value["fpp"]`, `${...}`): its caller configures it
  if (INPUT_REFERENCE.test(value.trim()) || /^(?:null|nil|None|~)$/.test(value.trim())) return false;
  // a size given as words (`"orc.bloom.filter.fpp" -> "bloom.filter.fpp"` in a map of key names) states no size
  if (SIZING_ROLES.has(hit.setting.role) && (/^["'`]/.test(hit.value.text.trim()) || /["'`]/.test(text[hit.value.start - 1] ?? '')) && !/\d/.test(value)) return false;
  return hit.setting.role === 'enabled' ? /^(?:true|1|yes|on)$/i.test(value) : value !== '';
}

/** A value in a config file (quoted numbers, `^` as a power) or in code (the language's constants). */
function settingValue(b: DraftBuilder, param: ParamName, hit: SettingHit): number | undefined {
  if (!hit.value) {
    b.unevaluated(param, hit.setting.name);
    return undefined;
  }
  const ctx = b.ctx;
  const family = ctx.source.family;
  const options = family === 'c' || family === 'js' || family === 'python' ? { ...ctx.codeEval, allowQuotedNumbers: true } : ctx.configEval;
  const check = checkFor(hit.setting.role, hit.setting.unit, hit.setting.name, hit.setting.zeroMeans);
  return declaredValue(b, param, hit.setting.unit, hit.value.text, { kind: 'config', eval: options, at: hit.value.start, check }, hit.setting.zeroMeans);
}

/** Between a brace and a field, only other fields (lines ending in `,`) or openers: the brace opens a literal, not a block. */
function onlyFieldsBetween(text: string, brace: number, at: number): boolean {
  if (/[;}]/.test(text.slice(brace + 1, at))) return false;
  const lines = text.slice(brace + 1, text.lastIndexOf('\n', at) + 1).split('\n');
  return lines.every((line) => /^(?:|.*[,{[(])$/.test(line.replace(/\/\/.*$/, '').trim()));
}

function buildSettings(ctx: ScanContext, entry: SettingsEntryPoint, column: string | undefined, members: SettingHit[], globals: SettingHit[]): Draft | undefined {
  const hits = new Map<ParamRole, SettingHit>();
  for (const hit of [...globals, ...members]) if (!hits.has(hit.setting.role) || members.includes(hit)) hits.set(hit.setting.role, hit);
  // a trigger with a value (an empty ORC column list, `enabled = false` or a key named without a value configures no filter)
  if (!entry.triggers.some((role) => triggers(hits.get(role), ctx.text))) return undefined;
  // a column list stated empty (`'orc.bloom.filter.columns' = ''`) gives no column a filter, whatever the rate says
  const columns = hits.get('columns');
  if (columns?.value !== undefined && /^["'`]?\s*["'`]?$/.test(columns.value.text)) return undefined;
  // ... and a list filled in at run time (`'orc.bloom.filter.columns'='%s'` formatted with a caller's columns) is theirs
  if (columns?.value !== undefined && /^["'`]?(?:%s|\{\d*\}|\$\{[^}]*\}|\?)["'`]?$/.test(columns.value.text.trim())) return undefined;
  const kinds = entry.settings.filter((s) => s.role === 'kind');
  if (kinds.length > 0) {
    const kind = hits.get('kind');
    if (!kind?.value || !kind.setting.value?.test(kind.value.text)) return undefined;
  }
  // the list of columns that names this column (`'file-index.bloom-filter.columns' = 'a,b'`) is where its filter starts
  // (the list near this column's settings: another table of the file may list the same column name)
  const naming = globals.filter((h) => h.setting.role === 'columns' && column !== undefined && h.value !== undefined && unquote(h.value.text).split(/[\s,]+/).includes(column)
    && (members.length === 0 || members.some((m) => Math.abs(m.line - h.line) <= LINE_GAP)));
  const ordered = [...members, ...naming].sort((a, b) => a.at - b.at);
  // a config object starts at the key that says what it is (`"type": "bloom"`); struct fields at their literal (below)
  const sized = ordered.filter((h) => h.setting.role !== 'kind' || h.setting.form === 'key');
  // ... and at the setting that makes the filter (a trigger), not at one that only tunes it (ORC's row-index stride above its columns)
  const making = sized.filter((h) => h.setting.role === 'kind' || (entry.triggers as readonly string[]).includes(h.setting.role));
  const first = (making.length > 0 ? making : sized.length > 0 ? sized : ordered)[0] ?? globals[0];
  const last = ordered[ordered.length - 1] ?? first;
  // struct fields: the filter is the literal that holds them (`spec := &ebpf.MapSpec{`), where a reader looks for it
  const brace = first.setting.form === 'field' ? lastIndexWithin(ctx.text, '{', first.at, 600) : -1;
  const inLiteral = brace >= 0 && onlyFieldsBetween(ctx.text, brace, first.at); // not a block of statements
  const b = builder(ctx, entry.recognizer, column ? `${entry.title} (column ${column})` : entry.title, inLiteral ? brace : first.at, last.value?.end ?? last.at);
  for (const note of entry.notes ?? []) b.note(note);
  if (isFalse(hits.get('enabled'))) b.note('the Bloom filter is disabled here');
  for (const [role, hit] of hits) {
    if (SIZING_ROLES.has(role)) settingValue(b, role as ParamName, hit);
  }
  const values: StatedSettings['values'] = {};
  for (const role of ['maxBytes', 'sets', 'bucketSlots', 'fingerprintBits', 'ratio', 'expansion'] as const) {
    const hit = hits.get(role);
    const value = hit ? settingValue(builder(ctx, 'probe', '', 0, 0), 'm', { ...hit, setting: { ...hit.setting, unit: 'count' } }) : undefined;
    if (value !== undefined) values[role] = value;
  }
  if (values.maxBytes !== undefined) b.note(`filter size capped at ${values.maxBytes} bytes`);
  applyDefaults(b, entry.defaults);
  const derive = entry.derive;
  if (derive) {
    const stated: StatedSettings = { roles: new Set(hits.keys()), values };
    b.derive((params) => derive(params, stated));
  }
  return b.build();
}

function settingsRecognizer(entry: SettingsEntryPoint): Recognizer {
  const cache = new WeakMap<ScanContext, readonly Draft[]>();
  const needles = entry.settings.map((s) => (s.form === 'constant' ? s.name.slice(s.name.lastIndexOf('.') + 1) : s.name.split('<column>')[0]).toLowerCase());
  const nested = entry.settings.some((s) => s.form === 'key' && s.name.includes('.'));
  const sources = entry.settings.map((s) => (s.form === 'method' ? `\\b${escape(s.name)}\\s*\\(` : settingPattern(s).source));
  const written = new RegExp(sources.join('|'), 'g');
  const withNested = nested ? new RegExp([...sources, NESTED_TRIGGER].join('|'), 'g') : written;
  return {
    ids: [entry.recognizer],
    needles: [...new Set(nested ? [...needles, 'bloom'] : needles)],
    // a method triggers by its name alone: a chain may leave its dot at the end of the line before (`...).\n\tWithX(1)`)
    // a key nested in a parsed config file has no dotted text: a Bloom word of a YAML, JSON or TOML file triggers the group
    pattern: withNested,
    // (the nested trigger, any Bloom word, only where a parsed config file may nest the keys)
    patternFor: (ctx) => (nested && configFormat(ctx.source.languageId) ? withNested : written),
    applies: (ctx) => inLanguage(ctx, entry.languages) && (!entry.requires || ctx.hint(`requires:${entry.requires.source}`, entry.requires)),
    match(ctx, match) {
      if (match.groups?.nested !== undefined && !configFormat(ctx.source.languageId)) return undefined;
      if (!inLanguage(ctx, entry.languages) || (entry.requires && !ctx.hint(`requires:${entry.requires.source}`, entry.requires))) return undefined;
      let drafts = cache.get(ctx);
      if (!drafts) {
        const hits = entry.settings.flatMap((setting) => {
          const written = findSettings(ctx, setting);
          return [...written, ...nestedKeyHits(ctx, setting, written)];
        });
        // a role stated again starts another filter (two db_bench runs with their own --bloom_bits)
        // and the fields of another literal start another filter (parquetjs `bloomFilters: [{...}, {...}]`)
        drafts = groupHits(hits, (h) => h.column === undefined && h.setting.role !== 'enabled' && hasColumns(entry),
          (group, hit) => group.some((other) => other.setting.role === hit.setting.role || (hit.literal !== undefined && other.literal !== undefined && other.literal !== hit.literal)))
          .map(({ column, members, globals }) => (members.length > 0 || globals.length > 0 ? buildSettings(ctx, entry, column, members, globals) : undefined))
          .filter((d): d is Draft => d !== undefined);
        cache.set(ctx, drafts);
      }
      return drafts;
    },
  };
}

/** Any Bloom word, which every nested Bloom key path holds (`bloomFilter:`, `[hoodie.index.bloom]`). */
const NESTED_TRIGGER = '(?<nested>[Bb][Ll][Oo][Oo][Mm])';

function hasColumns(entry: SettingsEntryPoint): boolean {
  return entry.settings.some((s) => s.columnArgument || s.name.includes('<column>') || s.form === 'constant');
}

// entry points a procedural recogniser matches (`matchedBy`) are documented data only: matching them here too would find them twice
const ENTRY_POINTS = [...LIBRARIES, ...FINGERPRINT_LIBRARIES].flatMap((library) => library.entryPoints ?? []).filter((entry) => !entry.matchedBy);

/** The package name Go callees of the library imported from `importPath` use (`cuckoo` for seiflotfy/cuckoofilter), if one. */
export function goPackageName(importPath: string): string | undefined {
  const names = new Set(ENTRY_POINTS.flatMap((entry) => (entry.kind === 'call' && entry.languages?.includes('go') && entry.requires?.test(importPath) && /^\w+\./.test(entry.callee)
    ? [entry.callee.slice(0, entry.callee.indexOf('.'))] : [])));
  return names.size === 1 ? [...names][0] : undefined;
}

/**
 * The declared callees and setting names in lower case (`filterbuilder.build`, `rollingfilter`, `numdistinct`): a line
 * that names no Bloom word still needs its window. Names shorter than 8 letters (`N`, `type`) are left to their group,
 * except a method of a library the file must import (`.reserve` of redis-modules-sdk): its `requires` keeps it precise.
 */
/** Setting names too common in all code to select a file by themselves (tair-go's `.Capacity(n)` line also says `bf`). */
const COMMON_WORDS = new Set(['capacity']);

export const DECLARED_NEEDLES: readonly string[] = [...new Set(ENTRY_POINTS.flatMap((e) => (e.kind === 'call'
  ? [e.callee.replace(/^\./, '')].filter((name) => name.length >= 8 || (e.requires !== undefined && name.length >= 5))
  : e.settings.map((s) => s.name.split('<column>')[0]).filter((name) => name.length >= 8 && !COMMON_WORDS.has(name.toLowerCase()))))
  .map((name) => name.toLowerCase()))];

/** The generic recognisers: one for all declared calls, one per declared group of settings. */
export const DECLARED_RECOGNIZERS: readonly Recognizer[] = [
  ...callsRecognizers(ENTRY_POINTS.filter((e): e is CallEntryPoint => e.kind === 'call')),
  ...ENTRY_POINTS.filter((e): e is SettingsEntryPoint => e.kind === 'settings').map(settingsRecognizer),
];
