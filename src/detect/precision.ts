/**
 * Precision at repository scale (issue 20): text that looks like a configuration but configures nothing
 * where it stands. Each predicate names one kind, found in whole-repository scans
 * (test/fixtures/precision/labels.json):
 *  - declarations: a method or function declared with typed parameters (`bfReserve(String key, double errorRate, long capacity)`),
 *    `def`/`func`/`fn` headers, a parameter's default value (`float fpp = kDefaultFpp`);
 *  - pass-throughs: every value the code states arrives as a parameter of an enclosing function (its callers configure it);
 *  - expected values of assertions (`require.Equal(t, bloom.FilterPolicy(1), got)`, `assertEquals(expected, ...)`,
 *    `assertThat(x).isEqualTo(expected)`, Mockito `verify(mock).bfReserve(...)`, `when(mock.bfReserve(...))`, a struct
 *    built only to be compared);
 *  - reads of a setting, with their fallback (`propertyAsBoolean(props, KEY, false)`), and checks of it (`containsEntry`);
 *  - protobuf field numbers read by the generic recogniser (`num_hash_functions = 1;`);
 *  - in Markdown, prose outside code blocks (inline code included) and examples whose values are all placeholders (`New(n, fp)`);
 *  - a configuration key's own declaration (`ORC_BLOOM_FILTER_COLUMNS = "write.orc.bloom.filter.columns"`, an enum member
 *    naming the key) that states no value;
 *  - state set elsewhere: every value a member, an injected field, a flag's pointer or a class or `def` parameter, none
 *    known here; a growing filter built with no argument; text a program prints and Dart named-parameter defaults in
 *    languages read without a tree. A parameter's default or a local fallback (`rate.unwrap_or(0.01)`) is a stated value.
 * Declarations, expected values, reads and pass-throughs are read on the parsed tree where the language has a grammar
 * (src/detect/syntax/facts.ts `around`), else by the text predicates here; bounded work per finding.
 */
import { Draft, enclosingOpenParen, ScanContext, splitArguments } from './engine';
import { GENERIC_ID } from './recognizers/generic';
import { CODE } from './source';
import { isPrintOrLog, type Surroundings } from './syntax/facts';
import type { ParamSource } from './types';

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
  const described = describedTableOutput(ctx, draft) ?? transcriptOutput(ctx, draft);
  if (described) return described;
  if (ctx.source.languageId === 'markdown') return markdownProse(ctx, draft);
  if (ctx.source.languageId === 'proto' && draft.recognizer === GENERIC_ID) return 'a protobuf field number, not a value';
  const family = ctx.source.family;
  if (draft.recognizer === GENERIC_ID && !isCode(ctx) && beside(ctx, draft, OBSERVED_COUNTER)) return 'statistics a running filter reports (counters beside its values), not a configuration';
  if (draft.recognizer === GENERIC_ID && Object.keys(draft.params).every((param) => param === 'm') && beside(ctx, draft, FILE_METADATA)) return 'the size of a file (a url or checksum beside it), not a filter\'s bits';
  if (draft.recognizer === GENERIC_ID && (BLOOM_DISABLED.test(aroundStart(ctx, draft)) || beside(ctx, draft, BLOOM_DISABLED, 3))) return 'the Bloom filter is switched off beside these settings';
  if (draft.recognizer === GENERIC_ID && isCode(ctx) && (SCHEMA_ROW.test(aroundStart(ctx, draft)) || beside(ctx, draft, SCHEMA_ROW, 8))) return 'a row of a database\'s schema tables (data read back), not an option set';
  if (isCode(ctx) && translatesInput(ctx, draft)) return 'a branch that turns the caller\'s text into its value (`if (type.equals("ROW")) ... ROW`): the choice is the caller\'s';
  const noValue = isCode(ctx) ? statesNoValue(ctx, draft) : undefined;
  if (noValue) return noValue;
  if (family !== 'c' && family !== 'js' && family !== 'python' && family !== 'lua') return undefined; // code only: config files and SQL declare nothing
  // the parsed tree where the language has a grammar, else the text readers
  const tree = ctx.extras.syntax?.around(draft.start);
  // (a class named as a filter, sized by its constructor's defaults, starts at the class: its own line declares it)
  // (a JavaScript constructor function, `function ProtoBloom(size) {`, is a class)
  const lineBefore = ctx.text.slice(Math.max(ctx.source.lineStart(ctx.source.lineOf(draft.start)), draft.start - 80), draft.start);
  const atClass = /\b(?:class|struct)\s+$/.test(lineBefore) || (ctx.source.family === 'js' && /\bfunction\s+$/.test(lineBefore) && /^[A-Z]/.test(ctx.text.slice(draft.start, draft.start + 1)));
  if (!atClass && !isAnnotatedDefault(ctx, draft) && !returnsDefault(ctx, draft) && !bloomFunctionDefaults(ctx, draft) && !namedParameterDefaults(ctx, draft) && (tree ? tree.inDeclaration : isDeclaration(ctx, draft) || isNamedParameterDeclaration(ctx, draft))) return 'a declaration, not a use';
  if (!tree && isPrintedText(ctx, draft)) return 'text a program prints, not a configuration';
  if (tree ? isExpectedValueInTree(tree) : isExpectedValue(ctx, draft)) return 'the expected value of an assertion';
  if (isKeyDeclaration(ctx, draft)) return 'the declaration of a configuration key, with no value';
  if (draft.recognizer === GENERIC_ID && statesLibraryDefaults(ctx, draft)) return 'a library\'s default value, declared';
  if (draft.recognizer === GENERIC_ID && /^(?:new\s+)?(?:[\w.]+\.)?Bloom\s*\(/.test(ctx.text.slice(draft.start, draft.start + 60)) && ctx.hint('graphics', GRAPHICS)) return 'a graphics bloom effect (its file draws: textures, shaders, viewports), not a filter';
  if (draft.recognizer === GENERIC_ID && isCode(ctx) && unusedParameterDefaults(ctx, draft)) return 'a stand-in: its constructor takes sizes as parameters and never uses them';
  if (draft.recognizer === GENERIC_ID && assertedBack(ctx, draft)) return 'a test sets the values and asserts they are read back: it tests parsing, it sizes nothing';
  if (isPassThrough(ctx, draft, tree?.parameters, ctx.extras.syntax?.around(draft.end)?.parameters) && !statesParameterDefault(ctx, draft) && !statesLocalFallback(ctx, draft)) return 'a pass-through: its values are parameters of the enclosing function';
  if (statesFunctionsOnly(draft)) return 'its values are functions (lambdas that read a setting), applied elsewhere';
  if (isLoadedFromStoredData(ctx, draft)) return 'a filter read back from stored data: its size is the stored one';
  if (!statesSize(draft) && /^[\w.:<>]*?\b(?:from_vec|from_bytes|from_slice|from_reader|from_raw|read_from|deserialize|decode)\s*\(/.test(ctx.text.slice(draft.start, draft.start + 80))) return 'a filter rebuilt from stored words: its size is the data\'s';
  if (readsOnlyCallerInput(ctx, draft, tree?.parameters) && !statesParameterDefault(ctx, draft) && !statesLocalFallback(ctx, draft)) return 'no value known here: every value comes from the callers or from state set elsewhere';
  return undefined;
}

/** A constant named as a default (`PARQUET_BLOOM_FILTER_COLUMN_FPP_DEFAULT = 0.01`, `DEFAULT_FPP = 0.01`): what a library uses when nothing is configured. */
const LIBRARY_DEFAULT = /\b(?:[A-Z0-9]+_)*DEFAULT(?:_[A-Z0-9]+)*\s*(?::\s*[\w.<>]+\s*)?=[^=]/;

/** Every value the generic recogniser read stands on a line that declares a default (the value's own line, or the draft's). */
function statesLibraryDefaults(ctx: ScanContext, draft: Draft): boolean {
  const lines = Object.values(draft.sources).filter(isStated)
    .map((s) => (s!.range ? s!.range.start.line : ctx.source.lineOf(draft.start)));
  return lines.length > 0 && lines.every((line) => LIBRARY_DEFAULT.test(ctx.source.lineText(line)));
}

/** A counter of observed events or a latency, as statistics output holds (`"requestCount": 38`, `hits:`, `readP95Micros`); never a hash count. */
const OBSERVED_COUNTER = /^\s*["']?(?:(?!hash)\w*(?:request|refused|rejected|hit|miss|lookup|quer(?:y|ie)|check|positive|negative|insert)s?(?:Count|_count|Total|_total)|hits|misses|\w*(?:Micros|Millis|_us|_ms))["']?\s*[:=]/i;

/** A file's metadata: its address or checksum. */
const FILE_METADATA = /^\s*["']?(?:sha\d*|md5|checksum|digest|etag|url|href|download_url)["']?\s*[:=]/i;
/** A key of Cassandra's schema tables, as a row of them holds it. */
const SCHEMA_ROW = /["'`](?:keyspace_name|table_name|columnfamily_name)["'`]\s*[:=,]|\b(?:keyspace_name|columnfamily_name)\s*=\s*["'`]/;
/** A Bloom filter switched off: `"bloom_filter_enabled": false`, `use_bloom = false`, an empty column list. */
const BLOOM_DISABLED = /bloom\w*(?:enabled?|on)["']?\s*[:=]\s*["']?(?:false|off|no|0)\b|(?:use|enable)[_-]?bloom\w*["']?\s*[:=]\s*["']?(?:false|off|no|0)\b|bloom[\w.-]*columns["']?\s*[:=]\s*(?:''|"")/i;

/**
 * A line of the draft's block (from `before` lines above its start, at the block's indentation, up to 12 lines on)
 * that matches `pattern`.
 */
function beside(ctx: ScanContext, draft: Draft, pattern: RegExp, before = 0): boolean {
  const first = ctx.source.lineOf(draft.start);
  const blockIndent = indentWidth(ctx.source.lineText(first + 1));
  for (let line = first - 1; line >= Math.max(0, first - before); line--) {
    const text = ctx.source.lineText(line);
    if (text.trim() !== '' && indentWidth(text) < indentWidth(ctx.source.lineText(first))) break;
    if (pattern.test(text)) return true;
  }
  for (let line = first + 1; line <= Math.min(first + 12, ctx.source.lineCount - 1); line++) {
    const text = ctx.source.lineText(line);
    if (text.trim() !== '' && indentWidth(text) < blockIndent) break;
    if (pattern.test(text)) return true;
  }
  return false;
}

/** The name a value at `column` is assigned to (`capacity: int = ` before it), read from a bounded stretch of the line. */
function assignedName(line: string, column: number): string | undefined {
  return /([A-Za-z_]\w*)\s*(?::\s*[\w.\[\]]+\s*)?=\s*$/.exec(line.slice(Math.max(0, column - 120), column))?.[1];
}

/**
 * Every value is a parameter's default (`def __init__(self, max_elements=10_000_000)`) that the body below the
 * signature never names: a stand-in class (a set behind a filter's signature) sizes nothing.
 */
function unusedParameterDefaults(ctx: ScanContext, draft: Draft): boolean {
  const stated = Object.values(draft.sources).filter(isStated);
  if (stated.length === 0) return false;
  let lastLine = -1;
  const names: string[] = [];
  for (const source of stated) {
    if (!source!.range) return false;
    const line = source!.range.start.line;
    const name = assignedName(ctx.source.lineText(line), source!.range.start.character);
    // the value stands in the parameter list of a constructor's signature
    const offset = ctx.source.lineStart(line) + source!.range.start.character;
    const from = ctx.source.lineStart(Math.max(0, line - 3));
    const signature = [...ctx.text.slice(from, offset).matchAll(/\b(?:def\s+__init__|constructor|def\s+initialize)\s*\(/g)].pop();
    const list = signature ? splitArguments(ctx.text, from + signature.index! + signature[0].length - 1) : undefined;
    if (!name || !list || list.end < offset) return false;
    names.push(name);
    lastLine = Math.max(lastLine, line);
  }
  // the body: the lines after the signature, up to 40, while indented deeper than the signature's line
  let signature = lastLine;
  while (signature < ctx.source.lineCount - 1 && !/[:{]\s*(?:#.*)?$/.test(ctx.source.lineText(signature).replace(/->.*:/, ':'))) signature++;
  const own = indentWidth(ctx.source.lineText(lastLine));
  const body: string[] = [];
  for (let line = signature + 1; line < Math.min(ctx.source.lineCount, signature + 40); line++) {
    const text = ctx.source.lineText(line);
    if (text.trim() === '') continue;
    if (indentWidth(text) < own || (indentWidth(text) === own && !/^\s*[)}]/.test(text))) break;
    body.push(text);
  }
  return body.length > 0 && names.every((name) => !body.some((text) => new RegExp(`\\b${name}\\b`).test(text)));
}

/**
 * Bloom-named parameters with literal defaults (`bloom_filter_capacity: int = 10_000_000, bloom_filter_error_rate: float =
 * 0.1`): what the function builds when its callers pass nothing, stated by the function.
 */
function namedParameterDefaults(ctx: ScanContext, draft: Draft): boolean {
  if (draft.recognizer !== GENERIC_ID) return false;
  const stated = Object.values(draft.sources).filter(isStated);
  return stated.length > 0 && stated.every((source) => {
    if (source.range === undefined) return false;
    const line = ctx.source.lineText(source.range.start.line);
    const name = assignedName(line, source.range.start.character);
    return name !== undefined && /bloom|cuckoo/i.test(name) && /^\s*(?:[-+]?\d[\d_.eE+-]*|[-+]?\d[\d_]*\s*[*/]\s*[\d_*/ ]+)\s*[,)]/.test(line.slice(source.range.start.character));
  }) && hasBody(ctx.text.slice(draft.end, draft.end + 400));
}

/** A parameter list followed by a body (`):`, `) {`, `) -> None:`, `): Unit {`, `) =>`), not a prototype (`);`). */
function hasBody(after: string): boolean {
  return /^[^;{}]*?\)\s*(?:(?:->|:)\s*[\w.\[\], <>|?]{1,60}?\s*)?(?::\s*(?:#.*)?$|\{|=>)/m.test(after);
}

/** A function that only returns its setting's default (`fn default_bloom_fpp() -> f64 { 0.01 }`): its value is stated. */
function returnsDefault(ctx: ScanContext, draft: Draft): boolean {
  return draft.recognizer === GENERIC_ID && /^[A-Za-z_]\w*\(\s*\)\s*(?:->\s*[\w:<>]+\s*\{|[\w.]+\s*\{\s*return\b|(?:->\s*[\w.]+\s*)?:\s*return\b)/.test(ctx.text.slice(draft.start, draft.start + 120));
}

/**
 * A method named for the filter it builds, its sizes as parameter defaults (`createBloomFilter(items, falsePositiveRate =
 * 0.01) {`): the defaults are the filter's values unless a caller passes others.
 */
function bloomFunctionDefaults(ctx: ScanContext, draft: Draft): boolean {
  if (draft.recognizer !== GENERIC_ID) return false;
  const head = /^([A-Za-z_$][\w$]*)\s*\(/.exec(ctx.text.slice(draft.start, draft.start + 80));
  if (!head || !/bloom|cuckoo/i.test(head[1]) || /^[A-Z]/.test(head[1])) return false;
  const list = splitArguments(ctx.text, draft.start + head[0].length - 1);
  return list !== undefined && /^\s*(?::\s*[\w<>\[\]|. ]{1,40})?\s*(?:\{|=>)/.test(ctx.text.slice(list.end, list.end + 60))
    && Object.values(draft.sources).every((source) => source === undefined || source.kind === 'default' || source.kind === 'derived' || (source.range !== undefined && ctx.source.lineStart(source.range.start.line) + source.range.start.character < list.end));
}

/** A value the text states (not a library's default, not derived from others). */
export function isStated(source: ParamSource | undefined): source is ParamSource {
  return source !== undefined && source.kind !== 'default' && source.kind !== 'derived';
}

/** Columns of a line's leading white space. */
function indentWidth(text: string): number {
  return /^\s*/.exec(text)![0].length;
}

/** A size stated (n or m): not a default, derived or unevaluated. */
function statesSize(draft: Draft): boolean {
  return [draft.sources.n, draft.sources.m].some(isStated);
}

/** The draft's first line (or another), at most 300 characters either side of its start (bounded on any input). */
function aroundStart(ctx: ScanContext, draft: Draft, line = ctx.source.lineOf(draft.start)): string {
  return ctx.text.slice(Math.max(ctx.source.lineStart(line), draft.start - 300), Math.min(ctx.source.lineEnd(line), draft.start + 300));
}

/** A file that draws: a class called just `Bloom` there is a post-processing effect. */
const GRAPHICS = /\b(?:Texture(?:Region)?|SpriteBatch|[Ss]hader(?:Program)?|FrameBuffer|[Vv]iewport|PostProcess\w*|setBloomInten\w*|OpenGL|WebGL|gl_FragColor)\b/;

/** A branch on text: `x.equals("ROW")`, `x == "ROW"`, `case "ROW":`, `when "ROW"`. */
const TEXT_BRANCH = /\b(?:equals(?:IgnoreCase)?\s*\(\s*"(\w+)"\s*\)|case\s+["'](\w+)["']\s*(?::|->|=>)|when\s+["'](\w+)["'])|[=!]==?\s*["'](\w+)["']|["'](\w+)["']\s*===?/g;

/** The draft's value is the one a branch on the same text selects (the draft's line or the branch's line just above). */
function translatesInput(ctx: ScanContext, draft: Draft): boolean {
  // (the draft's line and the one above, each read at most 300 characters around the draft: bounded on any input)
  const line = ctx.source.lineOf(draft.start);
  const lines = `${aroundStart(ctx, draft)}\n${line > 0 ? aroundStart(ctx, draft, line - 1) : ''}`;
  if (!/equals|[=!]=|\bcase\b|\bwhen\b/.test(lines)) return false;
  const words = new Set((ctx.text.slice(draft.start, Math.min(draft.end, draft.start + 300)).match(/[A-Za-z_]\w{2,}/g) ?? []).map((w) => w.toLowerCase()));
  for (const text of lines.split('\n')) {
    for (const branch of text.matchAll(TEXT_BRANCH)) {
      const literal = branch.slice(1).find((group) => group !== undefined);
      if (literal && words.has(literal.toLowerCase())) return true;
    }
  }
  return false;
}

/** An equality assertion: JUnit / TestNG, testify, Rust, Python unittest, Jest / Chai / AssertJ. */
const ASSERT_LINE = /\b(?:assert(?:Equals|That|_eq!?|Equal|\.Equal|\.equal|\.strictEqual)|require\.Equal|self\.assertEqual|expect)\s*\(/;

/** Every value the generic recogniser read comes back in an equality assertion a few lines below it. */
function assertedBack(ctx: ScanContext, draft: Draft): boolean {
  const stated = (Object.keys(draft.sources) as (keyof typeof draft.sources)[]).filter((param) => {
    const source = draft.sources[param];
    return isStated(source) && source.range !== undefined;
  });
  return stated.length > 0 && stated.every((param) => {
    const value = (draft.params as Record<string, number | undefined>)[param];
    const line = draft.sources[param]!.range!.start.line;
    for (let next = line + 1; next <= Math.min(line + 8, ctx.source.lineCount - 1); next++) {
      const text = ctx.source.lineText(next);
      if (!ASSERT_LINE.test(text)) continue;
      if ((text.match(/\d[\d_]*(?:\.\d+)?(?:[eE][-+]?\d+)?/g) ?? []).some((number) => Number(number.replace(/_/g, '')) === value)) return true;
    }
    return false;
  });
}

/** Testify's equality assertions (expected value second, after `t`) and JUnit's (expected value first). */
const TESTIFY_EQUAL = '(?:require|assert|suite|s)\\.(?:Equal|EqualValues|Exactly|NotEqual)';
const JUNIT_EQUAL = 'assert(?:Equals|NotEquals|Same|ArrayEquals)';
const TESTIFY_CALLEE = new RegExp(`^${TESTIFY_EQUAL}$`);
const JUNIT_CALLEE = new RegExp(`^${JUNIT_EQUAL}$`);
const TESTIFY_EXPECTED_BEFORE = new RegExp(`\\b${TESTIFY_EQUAL}\\(\\s*\\w+\\s*,\\s*$`);
const JUNIT_EXPECTED_BEFORE = new RegExp(`\\b${JUNIT_EQUAL}\\(\\s*$`);

/** Calls that read a setting (with a fallback) or check it, not set it: `propertyAsBoolean(props, KEY, false)`, `containsEntry(KEY, v)`. */
const READ_CALL = /^(?:[gG]et\w*|propertyAs\w*|propertiesWithPrefix|contains\w*|doesNotContain\w*|has\w*|remove\w*|unset\w*)$/;

/** Whether a key at `offset` is an argument of a call that reads or checks the setting (on the tree, else the text). */
export function isSettingRead(ctx: ScanContext, offset: number): boolean {
  const tree = ctx.extras.syntax?.around(offset);
  let callee: string | undefined;
  if (tree) callee = tree.calls[0]?.callee;
  else {
    const open = enclosingOpenParen(ctx, offset);
    callee = open < 0 ? undefined : /([A-Za-z_]\w*)\s*$/.exec(ctx.text.slice(Math.max(0, open - 100), open))?.[1];
  }
  return callee !== undefined && READ_CALL.test(callee.replace(/^.*[.:>]/, ''));
}

/**
 * Expected values on the tree: testify's expected argument (`require.Equal(t, expected, got)`), JUnit's first argument
 * of assertEquals, the argument of an AssertJ or Jest matcher, Mockito's `verify(mock).call(...)` and `when(call(...))`,
 * and a value built only to be compared (`value.rocksdb = DbConfig { .. }; ... assert_eq!(value, loaded)`).
 */
function isExpectedValueInTree(tree: Surroundings): boolean {
  if (tree.boundForAssertion) return true;
  if (tree.ownCallee !== undefined && /^verify\s*\(/.test(tree.ownCallee)) return true;
  return tree.calls.some(({ callee, argumentIndex }) => {
    const name = callee.replace(/^.*[.:>]/, '');
    if (TESTIFY_CALLEE.test(callee)) return argumentIndex === 1;
    if (JUNIT_CALLEE.test(name)) return argumentIndex === 0;
    if (name === 'when') return true;
    return /^(?:assertThat|expect)\s*\(.*\)\s*\.\s*\w+$/s.test(callee); // a matcher's argument: assertThat(x).isEqualTo(expected)
  });
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

/** Testify's expected argument, JUnit's first argument of assertEquals, Mockito's `verify(mock).call(...)` and `when(call(...))`. */
function isExpectedValue(ctx: ScanContext, draft: Draft): boolean {
  const before = lineBefore(ctx, draft.start);
  return TESTIFY_EXPECTED_BEFORE.test(before)
    || JUNIT_EXPECTED_BEFORE.test(before)
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
  // a code line commented out inside the block (`// keys = BloomFilter.create(...)`, `-- INDEX ...`)
  if (/^\s*(?:\/\/|--\s|\/\*)/.test(source.lineText(line))) return 'a line commented out in a code block';
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

/**
 * In a test, a call whose every value is a field of a test case (`NewWithEstimates(c.n, c.p)` in a loop over a table)
 * configures nothing where it stands: the table's rows hold the values. A call that states nothing (`BF.INSERT key
 * ITEMS a` creates a filter with the module's defaults), an invalid value, or a value computed at run time from
 * something else (`FilterPolicy(uint32(bitsPerKey))`) is still a configuration.
 */
export function readsTestCaseFields(draft: Draft): boolean {
  if (draft.invalid.length > 0 || draft.unevaluated.length === 0) return false;
  if (Object.values(draft.sources).some(isStated)) return false;
  return draft.unevaluated.every((u) => TEST_CASE_FIELD.test(stripConversions(u.expression)));
}

/** `c.n`, `tc.bitsPerKey`, `tt.args.p`: a field of a value (not a call, not a constant's qualified name in capitals). */
const TEST_CASE_FIELD = /^[a-z_]\w*(?:\.[A-Za-z_]\w*)+$/;

/** Numeric conversions that pass a value through unchanged in meaning: `uint32(x)`, `(long) x`, `x as u32`, `x.toInt()`. */
const CONVERSION_CALL = /^(?:u?int(?:8|16|32|64)?|float(?:32|64)?|long|double|size_t|u?size|[ui](?:8|16|32|64)|Number|str|String|BigInt|math\.Ceil|math\.Floor)\s*\(((?:[^()]|\([^()]*\))*)\)$/; // one level of calls inside: `uint(len(data))`
const CAST = /^\(\s*(?:unsigned\s+)?[A-Za-z_][\w:]*\s*\)\s*(.+)$/s;
const SUFFIX_CONVERSION = /^(.+?)(?:\s+as\s+[A-Za-z_]\w*|\.to(?:Int|Long|Double|Float)\(\)|\.(?:intValue|longValue|doubleValue)\(\))$/s;

/** The identifier an expression is, once numeric conversions are stripped (`uint32(bitsPerKey)` -> `bitsPerKey`). */
export function bareIdentifier(expression: string): string | undefined {
  const text = stripConversions(expression);
  const match = /^(?:(?:this|self)\.)?([A-Za-z_]\w*)$/.exec(text);
  return match?.[1];
}

/** An expression without its numeric conversions (`uint32(c.bits)` -> `c.bits`). */
function stripConversions(expression: string): string {
  let text = expression.trim();
  for (let i = 0; i < 4; i++) {
    const inner = CONVERSION_CALL.exec(text) ?? CAST.exec(text) ?? SUFFIX_CONVERSION.exec(text);
    if (!inner) break;
    text = inner[1].trim();
  }
  return text;
}

/**
 * A pass-through: every value the draft states is a parameter of a function around it, forwarded as it is
 * (unevaluated arguments naming it, or a name resolved to an unrelated constant that the parameter shadows).
 * A value computed from a parameter (`settings.getint("CAPACITY")`) is a use, not a pass-through.
 */
function isPassThrough(ctx: ScanContext, draft: Draft, treeParameters?: ReadonlySet<string>, treeParametersAtEnd?: ReadonlySet<string>): boolean {
  if (draft.invalid.length > 0) return false;
  const stated: (string | undefined)[] = draft.unevaluated.map((u) => bareIdentifier(u.expression));
  for (const source of Object.values(draft.sources)) {
    if (!source || source.kind === 'default' || source.kind === 'derived' || source.kind === 'annotation') continue;
    if (source.kind !== 'constant' || !source.text) return false; // a literal: configured here
    stated.push(bareIdentifier(source.text));
  }
  if (stated.length === 0 || stated.includes(undefined)) return false;
  // a draft over two builder methods (`withNDV(col, ndv) {...} withFPP(col, fpp) {...}`) forwards the parameters of both
  const parameters = new Set([...(treeParameters ?? enclosingParameters(ctx, draft.start)), ...(treeParametersAtEnd ?? enclosingParameters(ctx, draft.end))]);
  return stated.every((name) => parameters.has(name!));
}

/** A lambda or a method reference: `key -> conf.getLong(key, -1L)`, `(k) => read(k)`, `lambda k: read(k)`, `builder::withNdv`. */
const FUNCTION_VALUE = /^(?:\(?\s*[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*\s*\)?\s*(?:->|=>)|lambda\b[^:]*:|\|[^|]*\|)|^[\w.]+::\w+$/;

/**
 * Every value the draft states is a function, not a value (`withColumnConfig(KEY, key -> conf.getLong(key, -1L),
 * builder::withBloomFilterNDV)`): an adapter that applies settings read elsewhere configures nothing where it stands.
 */
function statesFunctionsOnly(draft: Draft): boolean {
  if (draft.invalid.length > 0 || draft.unevaluated.length === 0) return false;
  if (Object.values(draft.sources).some(isStated)) return false;
  return draft.unevaluated.every((u) => FUNCTION_VALUE.test(u.expression.trim()));
}

/** An annotation with its arguments, one level of parentheses inside them (`@Value("${a:1}")`, `@Named(value = f("x"))`). */
const ANNOTATION_ARGUMENTS = /@[A-Za-z_][\w.]*\s*\((?:[^()]|\([^()]*\))*\)/g;

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
    // (a brace inside a string, as in `@Value("${cache.size:100}")`, ends nothing)
    let headerStart = Math.max(0, i - MAX_HEADER);
    for (let j = i - 1; j >= headerStart; j--) {
      if ((text[j] === ';' || text[j] === '{' || text[j] === '}') && ctx.source.kindAt(j) === CODE) {
        headerStart = j + 1;
        break;
      }
    }
    // annotations with arguments (`@Value("${cache.size:100}") long size`) are dropped, so the list's parentheses pair up
    const header = text.slice(headerStart, i).replace(ANNOTATION_ARGUMENTS, '').trim();
    if (!header.includes('(') || CONTROL_HEADER.test(header) || (TYPE_HEADER.test(header) && !/\)\s*(?:->|=>)/.test(header))) continue;
    for (const group of header.match(/\(([^()]*)\)/g) ?? []) add(group.slice(1, -1));
  }
  return names;
}

/** Program code (not a config file, SQL or prose): the C, JS and Python families, Ruby and Elixir. */
function isCode(ctx: ScanContext): boolean {
  const family = ctx.source.family;
  return family === 'c' || family === 'js' || family === 'python' || /^(?:ruby|elixir|erlang|perl)$/.test(ctx.source.languageId ?? '');
}

/**
 * A value that is a parameter's default (`def f(capacity=10_000)`) is stated by the function itself: not a pass-through,
 * even when the default names a constant this text cannot see (`length = MAX_ELEMENTS` from another module).
 */
export function statesParameterDefault(ctx: ScanContext, draft: Draft): boolean {
  if (Object.values(draft.sources).some((source) => source?.origin?.parameterDefault === true || source?.origin?.callArgument === true)) return true;
  const definitions = ctx.extras.syntax?.definitions();
  return definitions !== undefined && draft.unevaluated.some((u) => {
    const name = bareIdentifier(u.expression);
    return name !== undefined && definitions.get(name)?.parameterDefault === true;
  });
}

/** Conversions to text that keep a value: Elixir `to_string(x)`, JS `String(x)`, Python `str(x)`, PHP `strval(x)`. */
const TEXT_CONVERSION = /^(?:to_string|String|str|strval|Integer\.to_string|Float\.to_string)\s*\((.*)\)$/s;

/** The value inside numeric and text conversions (`int64(r.capacity)` -> `r.capacity`, `to_string(error_rate)` -> `error_rate`). */
function withoutConversions(expression: string): string {
  let text = expression.trim();
  for (let i = 0; i < 4; i++) {
    const inner = CONVERSION_CALL.exec(text) ?? TEXT_CONVERSION.exec(text) ?? CAST.exec(text) ?? SUFFIX_CONVERSION.exec(text);
    if (!inner) break;
    text = inner[1].trim();
  }
  return text;
}

/**
 * Whether a value is state set elsewhere, read where the filter is built: a member of the object itself (`this.capacity`,
 * `self.fpp`, `@size`, `$this->rate`, a Go receiver's field `r.fpp`), a field the class declares with no value
 * (`private long expectedInsertions;`, injected or set by a constructor), a command-line flag read through its pointer
 * (`*rate` with `rate := flag.Float64("fpr", 0, ...)`), or a parameter of a Kotlin/Scala class or of an Elixir/Ruby
 * `def` (read without a tree). A value computed here (`uint32(v)` from `strconv.Atoi`, `cfg.BloomBits` of a parameter,
 * `c.n` of a loop) is a use and stays.
 */
export function isStateSetElsewhere(ctx: ScanContext, at: number, expression: string): boolean {
  const text = withoutConversions(expression);
  if (/^(?:this|self|\$this)(?:\.|->)[A-Za-z_]\w*$|^@[a-z_]\w*$/.test(text)) return true;
  const member = /^([A-Za-z_]\w*)\.[A-Za-z_]\w*$/.exec(text);
  if (member && ctx.source.languageId === 'go') {
    // the enclosing function's header: the last `func` before the call, a method only if it has a receiver
    const header = [...lookBack(ctx, at).matchAll(/\bfunc\b\s*(?:\(\s*([A-Za-z_]\w*)\s+\*?[A-Za-z_][\w.]*\s*\))?/g)].pop();
    return header?.[1] !== undefined && header[1] === member[1];
  }
  const pointer = /^\*([A-Za-z_]\w*)$/.exec(text);
  if (pointer) return ctx.hint(`flag-pointer:${pointer[1]}`, new RegExp(`\\b${pointer[1]}\\s*:?=\\s*flag\\.\\w+\\(`));
  if (!/^[A-Za-z_]\w*$/.test(text)) return false;
  if (fieldsWithoutValue(ctx).has(text)) return true;
  // (Lua's functions end with `end`, not a brace: their headers are read as Ruby's are)
  const lua = ctx.source.languageId === 'lua' ? '|(?:local\\s+)?function\\s+[\\w.:]+' : '';
  const header = new RegExp(`\\b(?:class\\s+\\w+(?:<[^>]*>)?|defp?\\s+(?:self\\.)?\\w+[?!]?${lua})\\s*\\(([^()]*)\\)`, 'g');
  return [...lookBack(ctx, at).matchAll(header)].some((m) => new RegExp(`(?:^|[\\s,(])(?:va[lr]\\s+)?${text}\\b`).test(m[1]));
}

/** The text before `at` a look-back may read, charged to the text's LOOK_BACK_BUDGET (bounded work on any input). */
function lookBack(ctx: ScanContext, at: number): string {
  const spent = lookBackSpent.get(ctx) ?? 0;
  const from = Math.max(0, at - Math.min(MAX_LOOK_BACK, LOOK_BACK_BUDGET - spent));
  lookBackSpent.set(ctx, spent + (at - from));
  return ctx.text.slice(from, at);
}

/**
 * A field declared with no value: modifiers, a type (generic arguments and array brackets allowed), the name, `;`
 * (`private long expectedInsertions;`), or a Kotlin property a subclass or injector sets (`abstract val n: Int`,
 * `lateinit var x: T`). Read once per text: the names of all such fields.
 */
const FIELD_WITHOUT_VALUE = /^[ \t]*(?:@\w+(?:\([^)\n]{0,200}\))?[ \t]+)*(?:(?:private|protected|public|internal|final|static|readonly|transient|volatile)[ \t]+)+[\w.]+(?:<[^<>;\n]{0,80}>)?(?:\[\])*[ \t]+([A-Za-z_]\w*)[ \t]*;|^[ \t]*(?:(?:abstract|override|open|protected|public|internal|lateinit)[ \t]+)+va[lr][ \t]+([A-Za-z_]\w*)[ \t]*:[^=\n]*$/gm;
const fieldsByContext = new WeakMap<ScanContext, ReadonlySet<string>>();

/** Spring `@Value("${key}")` or MicroProfile `@ConfigProperty(name = "key")` without a default. */
const INJECTED_WITHOUT_DEFAULT = /@Value\s*\(\s*"\$\{[^:}"]+\}"\s*\)|@ConfigProperty\s*\((?![^)]*defaultValue)[^)]*\)/;

function fieldsWithoutValue(ctx: ScanContext): ReadonlySet<string> {
  let fields = fieldsByContext.get(ctx);
  if (!fields) {
    // a field injected from a configuration key with no default (`@Value("${bloom.fpp}")`) is no caller's: it is read
    // at run time, and the call that uses it is a finding with what is stated
    const injected = (m: RegExpMatchArray): boolean => INJECTED_WITHOUT_DEFAULT.test(m.input!.slice(Math.max(0, m.input!.lastIndexOf('\n', m.index! - 2)), m.index! + m[0].length));
    fields = new Set([...ctx.text.matchAll(FIELD_WITHOUT_VALUE)].filter((m) => !injected(m)).map((m) => m[1] ?? m[2]));
    fieldsByContext.set(ctx, fields);
  }
  return fields;
}

/**
 * Code that sizes nothing where it stands: a growing filter constructed with no argument (`new ScalableBloomFilter()`),
 * or a call whose every value is state set elsewhere and none is known here (see isStateSetElsewhere): what sets that
 * state (a constructor, an injected property, the command line, the callers) configures the filter.
 */
export function statesNoValue(ctx: ScanContext, draft: Draft): string | undefined {
  if (draft.invalid.length > 0) return undefined;
  const stated = Object.values(draft.sources).filter(isStated);
  if (stated.length > 0) return undefined;
  if (draft.unevaluated.length === 0) {
    // a growing filter built with no argument: it grows from the library's initial size, so nothing is sized here. A
    // fixed filter left at its defaults (`BloomFilter()`: 10 000 items at 10 %) is a sizing, and an option enabled with
    // its defaults (`BLOOMFILTER => 'ROWCOL'`) a choice: both stay.
    const growing = /scalable/i.test(draft.recognizer);
    return growing && /\(\s*\)\s*;?\s*$/.test(ctx.text.slice(draft.start, draft.end)) ? 'a growing filter built with the library\'s defaults: nothing sized here' : undefined;
  }
  return draft.unevaluated.every((u) => isStateSetElsewhere(ctx, draft.start, u.expression)) ? 'no value known here: every value is state set elsewhere' : undefined;
}

/**
 * A parameter rebound to itself with a fallback before use (`let rate = rate.unwrap_or(0.01)`, `n = n || 1000`,
 * `x ??= 0.5`): the fallback is chosen here, so the value is stated where the filter is built.
 */
export function statesLocalFallback(ctx: ScanContext, draft: Draft): boolean {
  return Object.values(draft.sources).some((source) => {
    if (source?.kind !== 'constant' || !source.text || (source.origin?.file !== undefined && source.origin.file !== ctx.extras.fileName)) return false;
    const name = bareIdentifier(source.text);
    const definition = name === undefined ? undefined : ctx.resolveName(name);
    return definition !== undefined && new RegExp(`(?:^|[^\\w.$])${name}(?![\\w$])`).test(definition);
  });
}

/**
 * Languages read without a tree (Dart, Kotlin, Swift, Scala): a default value in a named or optional parameter group
 * (`BloomFilter({required int expectedItems, double falsePositiveRate = 0.01})`) declares a parameter, not a use.
 */
function isNamedParameterDeclaration(ctx: ScanContext, draft: Draft): boolean {
  const offsets = Object.values(draft.sources).flatMap((source) => (source?.range && source.kind !== 'default' ? [ctx.source.lineStart(source.range.start.line) + source.range.start.character] : []));
  return offsets.length > 0 && offsets.every((offset) => {
    const brace = enclosingBrace(ctx, offset);
    if (brace < 0 || !/\(\s*$/.test(ctx.text.slice(Math.max(0, brace - 20), brace))) return false;
    const list = splitArguments(ctx.text, brace);
    const own = list?.args.find((a) => a.start <= offset && offset <= a.end);
    return own !== undefined && isTypedParameter(own.text.replace(/^(?:required|final|covariant)\s+/, ''));
  });
}

/** The `{` or `[` that opens the group around `offset` (bounded look-back), or -1. */
function enclosingBrace(ctx: ScanContext, offset: number): number {
  let depth = 0;
  for (let i = offset - 1; i >= Math.max(0, offset - MAX_HEADER); i--) {
    if (ctx.source.kindAt(i) !== CODE) continue;
    const c = ctx.text[i];
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') {
      if (depth === 0) return c === '(' ? -1 : i;
      depth--;
    }
  }
  return -1;
}

/** Languages read without a tree: a string printed or logged (`println("... 'orc.bloom.filter.fpp'='0.05' ...")`) is text, not code. */
function isPrintedText(ctx: ScanContext, draft: Draft): boolean {
  if (!ctx.isString(draft.start)) return false;
  const call = /([A-Za-z_][\w.:>-]*!?)\s*\(\s*[sf]?(["'`])(?:(?!\2).)*$/.exec(lineBefore(ctx, draft.start));
  return call !== null && isPrintOrLog(call[1]);
}

/**
 * A call that states no value and whose every value is either a parameter of the enclosing function (`$capacity`,
 * `size`: a pass-through) or state set elsewhere, also read through a getter (`metadata.getFalsePositiveProbability()`
 * of an injected field, a member or size of a parameter: `properties.expectedInsertions`, `index.size()`): the callers
 * and whoever sets that state configure the filter. A value computed here (a local parsed from a parameter) is a use.
 */
function readsOnlyCallerInput(ctx: ScanContext, draft: Draft, treeParameters: ReadonlySet<string> | undefined): boolean {
  if (draft.invalid.length > 0 || draft.unevaluated.length === 0) return false;
  if (Object.values(draft.sources).some(isStated)) return false;
  // an annotation just above states the value the code leaves to run time
  if (/bloom-lens:/.test(ctx.text.slice(ctx.source.lineStart(Math.max(0, ctx.source.lineOf(draft.start) - 2)), draft.start))) return false;
  const names = new Set([...(treeParameters ?? []), ...enclosingParameters(ctx, draft.start)]);
  return draft.unevaluated.every((u) => isParameterOrState(ctx, draft.start, u.expression, names));
}

/** A name in an expression, with an index or a call after it (`KEYS[2]`, `opts.size()`). */
const OPERAND = /\$?[A-Za-z_][\w.]*(?:\s*\[[^\]]*\])?(?:\s*\([^()]*\))?/g;

function isParameterOrState(ctx: ScanContext, at: number, expression: string, parameters: ReadonlySet<string>, depth = 0): boolean {
  if (depth > 2) return false;
  if (isStateSetElsewhere(ctx, at, expression)) return true;
  // (a Rust block whose value is one expression, `{ estimated_keys.max(64) }`, is that expression)
  const text = withoutConversions(expression).replace(/^\{([^;{}]*)\}$/s, '$1').trim().replace(/^\((.*)\)$/s, '$1').trim();
  const name = bareIdentifier(text.replace(/^\$(?!this\b)/, ''));
  if (name !== undefined && (parameters.has(name) || parameters.has(`$${name}`))) return true;
  // a Redis script's inputs (`KEYS[2]`, `ARGV[1]`): the caller's
  // (also a script embedded in another language's string: `lua: 'return redis.call("BF.RESERVE", KEYS[1], ...)'`)
  if ((ctx.source.languageId === 'lua' || /\bredis\.call\b/.test(ctx.text.slice(Math.max(0, at - 200), at + 200))) && /^(?:KEYS|ARGV)\s*\[[^\]]*\]$/.test(text)) return true;
  // the size of a parameter (`len(data)`, `count($items)`)
  const size = /^(?:len|count|sizeof|length)\s*\(\s*\$?([A-Za-z_]\w*)\s*\)$/.exec(text);
  if (size && (parameters.has(size[1]) || parameters.has(`$${size[1]}`))) return true;
  // a member, getter, size or method of a parameter (`properties.expectedInsertions`, `index.size()`, `expected.max(1)`)
  // or of state set elsewhere; a read of a setting by its key (`settings.getint("BLOOM_CAPACITY")`) is a use: the
  // finding names what it reads
  const member = /^\$?([A-Za-z_]\w*)\s*(?:\??\.|->)\s*([A-Za-z_]\w*)\s*(\([^()]*\))?$/.exec(text);
  if (member && !(member[3] && /\S/.test(member[3].slice(1, -1)) && READ_CALL.test(member[2]))) {
    if (parameters.has(member[1]) || parameters.has(`$${member[1]}`) || isStateSetElsewhere(ctx, at, member[1])) return true;
    // a member of a local that is itself caller input (`var bloom = options.Policy?.Bloom; ... bloom.ExpectedElements`)
    // (a member chain only: a local filled by a call, `known = mapper.distinctCodes()`, is read at run time here)
    const local = ctx.resolveName(member[1]);
    return local !== undefined && local !== member[1] && /^[\w$]+(?:\s*(?:\?\.|\.|->)\s*(?:get[A-Z]\w*\s*\(\s*\)|[\w$]+))+$/.test(local.trim()) && isParameterOrState(ctx, at, local, parameters, depth + 1);
  }
  // an entry of a parameter (`run_conf["max_elements"]`, `opts[:size]`)
  const entry = /^\$?([A-Za-z_]\w*)\s*\[[^\]]{1,60}\]$/.exec(text);
  if (entry && (parameters.has(entry[1]) || parameters.has(`$${entry[1]}`))) return true;
  // a closure's parameter (`fp_rate.map(|rate| ...)`, `rates.forEach(rate => ...)`): its values come from elsewhere
  if (name !== undefined && new RegExp(`\\|\\s*(?:[\\w&]+\\s*,\\s*)*&?${name}\\s*(?::[^|]*)?\\|(?!\\|)|\\(\\s*(?:\\w+\\s*,\\s*)*${name}\\s*(?:,\\s*\\w+\\s*)*\\)\\s*=>|(?<![\\w.])${name}\\s*=>|\\blambda\\s+(?:\\w+\\s*,\\s*)*${name}\\b`).test(ctx.text.slice(Math.max(0, at - 400), at))) return true;
  // a member chain of a parameter (`options.PenetrationPolicy?.BloomFilterPolicy`)
  const chain = /^\$?([A-Za-z_]\w*)(?:\s*(?:\?\.|\.|->)\s*(?:get[A-Z]\w*\s*\(\s*\)|(?:len|size|count|length)\s*\(\s*\)|[A-Za-z_]\w*)){1,4}$/.exec(text);
  if (chain && (parameters.has(chain[1]) || parameters.has(`$${chain[1]}`))) return true;
  if (member) return false;
  // a local defined from such values (`rate = error_rate or self._error_rate`, `local cap = KEYS[2]`)
  if (name !== undefined) {
    const local = ctx.resolveName(name);
    return local !== undefined && local !== text && isParameterOrState(ctx, at, local, parameters, depth + 1);
  }
  // a choice or arithmetic of such values (`self.expansion * expected_count`, `a or b`): every name in it is one
  const names = text.match(OPERAND)?.filter((n) => !/^(?:or|and|not|None|null|true|false)$/.test(n)) ?? [];
  const rest = text.replace(OPERAND, '');
  return names.length > 0 && /^[\s\d.+\-*/%()|?:]*$/.test(rest) && names.every((n) => isParameterOrState(ctx, at, n, parameters, depth + 1));
}

/** Of those, the ones whose stored data carries m and k (bits-and-blooms `ReadFrom`, `UnmarshalBinary`, `GobDecode`). */
const REPLACES_SIZING = /^(?:ReadFrom|UnmarshalBinary|UnmarshalJSON|GobDecode|readFrom)$/;
/** Methods that replace a filter's bits and sizing with stored ones (bits-and-blooms `ReadFrom`, `UnmarshalBinary`, `GobDecode`, ...). */
const READ_BACK = /^(?:ReadFrom|UnmarshalBinary|UnmarshalJSON|GobDecode|readFrom|readObject|deserialize|Deserialize|load|Load)$/;

/**
 * A filter built (`filter := bloom.New(uint(m), uint(k))`, also with stated values) and read back right after
 * (`filter.ReadFrom(file)`): the stored filter, not this call, decides its size.
 */
function isLoadedFromStoredData(ctx: ScanContext, draft: Draft): boolean {
  if (draft.invalid.length > 0) return false;
  // with values stated, only a read that replaces the filter's own sizing (bits-and-blooms `ReadFrom`) says so;
  // a project's `load(words)` may fill the filter it sized
  const stated = Object.values(draft.sources).some(isStated);
  const bound = /([A-Za-z_]\w*)\s*(?::=|=)\s*$/.exec(lineBefore(ctx, draft.start))?.[1];
  if (bound === undefined) return false;
  const after = ctx.text.slice(draft.end, ctx.source.lineEnd(Math.min(ctx.source.lineCount - 1, ctx.source.lineOf(draft.end) + 4)));
  const indent = indentWidth(ctx.source.lineText(ctx.source.lineOf(draft.start)));
  return [...after.matchAll(new RegExp(`\\b${bound}\\s*\\.\\s*([A-Za-z_]\\w*)\\s*\\(`, 'g'))].some((m) => {
    if (!(stated ? REPLACES_SIZING : READ_BACK).test(m[1])) return false;
    // a read only when a file exists (`if f, err := os.Open(path); err == nil { filter.ReadFrom(f) }`) leaves the sized filter otherwise
    return !stated || indentWidth(ctx.source.lineText(ctx.source.lineOf(draft.end + m.index!))) <= indent;
  });
}

/** A shell prompt then a command that prints a table's description (`hbase(main):011:0> describe 'users'`, `mysql> DESC t`). */
const DESCRIBE_PROMPT = /^\s*(?:\w[\w:()-]*[>$#]|[$#>])\s*(?:describe|desc|show\s+create\s+table)\s+['"`]?\w/i;

/**
 * The output of a `describe` typed at a shell prompt (a transcript in notes or docs): it shows what a table has,
 * set elsewhere, not a setting. Looks back over the transcript, up to a code fence, a few lines.
 */
function describedTableOutput(ctx: ScanContext, draft: Draft): string | undefined {
  // transcripts live in notes and docs; in code, `# describe ...` is a comment
  if (!/^(?:markdown|plaintext)$/.test(ctx.source.languageId ?? '')) return undefined;
  const line = ctx.source.lineOf(draft.start);
  for (let above = line; above >= Math.max(0, line - 12); above--) {
    const text = ctx.source.lineText(above);
    if (above < line && /^\s*(?:```|~~~)/.test(text)) return undefined;
    if (DESCRIBE_PROMPT.test(text)) return 'the output of a describe command: what a table has, not a setting';
  }
  return undefined;
}

/** A prompt that starts a typed command: shell `$`, Python `>>>` / `...`, redis-cli `127.0.0.1:6379>`, `mysql>`, `>`. */
const PROMPT = /^\s*(?:[$#%]\s|>>>|\.\.\.|[\w.:-]*>|\w+(?:\([^)]*\))?[>$#]\s)/;

/**
 * What a command printed in a terminal transcript (a fenced block that starts with `$ command`): a line with no prompt
 * after a prompt line, not continued from it (`\`), is the program's output (`BloomFilter(capacity=1000, ...)` printed
 * by a script), not a setting. Looks back to the fence, a few lines.
 */
function transcriptOutput(ctx: ScanContext, draft: Draft): string | undefined {
  if (!/^(?:markdown|plaintext)$/.test(ctx.source.languageId ?? '')) return undefined;
  const line = ctx.source.lineOf(draft.start);
  if (PROMPT.test(ctx.source.lineText(line))) return undefined;
  for (let above = line - 1; above >= Math.max(0, line - 30); above--) {
    const text = ctx.source.lineText(above);
    if (/^\s*(?:```|~~~)/.test(text)) return undefined;
    if (/\\\s*$/.test(text)) return undefined; // a command continued on the next line
    // (a here-doc or a redirection writes what follows into a file: `$ cat > bloom.conf <<EOF`)
    if (/^\s*\$\s+\S/.test(text)) return /<<|\s>\s/.test(text) ? undefined : 'the output a command printed in a terminal transcript, not a setting';
  }
  return undefined;
}

/**
 * Settings read from an annotation on a declaration (`@Value("${bloom.fpp:0.01}") double fpp` in a constructor's or a
 * bean method's parameters): the framework injects the value, or the default it states. The declaration is the use.
 */
function isAnnotatedDefault(ctx: ScanContext, draft: Draft): boolean {
  if (draft.recognizer !== GENERIC_ID) return false;
  // the group at its annotation, or a key read inside one (`@Value("${bloom.expected-insertions:100000}") long n`)
  return /^@[A-Za-z_][\w.]*\s*\(/.test(ctx.text.slice(draft.start, draft.start + 120)) || /@[A-Za-z_][\w.]*\s*\(\s*(?:\w+\s*=\s*)?["']\$\{$/.test(lineBefore(ctx, draft.start));
}
