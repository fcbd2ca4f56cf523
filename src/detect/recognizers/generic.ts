/**
 * The generic recogniser: Bloom filter settings in code people really write, found by their names.
 *
 * It fires where a thing's own name, or the key path above it, says Bloom: a call, constructor or
 * annotation (`new MyBloom(...)`, `@Bloom(...)`), an object / dict / array literal, a struct or class
 * initialiser, a class with field defaults, a config block at any depth (YAML indentation, JSON, TOML
 * tables, XML elements, HCL blocks, PHP arrays, Python dicts) or flat keys (`.properties`, `.ini`, env).
 * Inside, it reads parameters by name across naming styles through ONE table (`classifyName`): expected
 * items, false-positive rate, bits (or bytes), hash count, bits per key. Its notes say what each name was
 * read as ("guessed from names: n <- expectedItems").
 *
 * Decoys stay silent: graphics bloom (threshold, intensity, radius...), Bloom's taxonomy, Bloomberg
 * (not the word "bloom"), filter classes with no sizing (nothing is reported without a constant sizing value).
 * Work is bounded: each scope is at most MAX_SCOPE characters, each value at most MAX_VALUE, every
 * pattern is linear (no nested quantifiers).
 */
import { Argument, checks, Draft, indexWithin, lastIndexWithin, ScanContext, splitArguments } from '../engine';
import type { EvalOptions } from '../evaluate';
import type { Recognizer } from '../recognizer';
import { CODE as CODE_KIND, COMMENT, STRING } from '../source';
import type { FilterParams, LibraryDerivation, ParamName } from '../types';
import { cachedConfigEntries } from '../configTree';
import { builder } from './helpers';

export const GENERIC_ID = 'generic.named';

const MAX_SCOPE = 6000;
const MAX_VALUE = 200;
const MAX_ANCHORS = 4000;
const MAX_INDENT_LINES = 120;
const FLAT_LINE_GAP = 10;
/** Characters looked at on each side of a Bloom word within its line. */
const LOOK_AROUND = 200;
/** Characters all bracket scopes of one text may scan together (bounded work on malformed input). */
const SCAN_BUDGET = 2_000_000;
let scanBudget = SCAN_BUDGET;

// ------------------------------------------------------------------ names

/** Lower-case words of an identifier or key in any style: camelCase, snake_case, kebab-case, dotted, UPPER_CASE. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** A word that says Bloom filter (not Bloomberg, Bloomington, blooming). */
function isAnchorWord(word: string): boolean {
  return /^(?:bloom|blooms|bloomfilters?|redisbloom|rebloom|bloom(?:conf|config|opts|options|params|settings|props|properties|size|bits|hashes|capacity|fpp))$/.test(word);
}

/** Words that make a Bloom name something else: graphics post-processing, taxonomy, plants, finance. */
const DECOY_WORDS = new Set([
  'pass', 'effect', 'effects', 'shader', 'glow', 'postprocess', 'postprocessing', 'processing', 'render', 'renderer', 'lighting',
  'material', 'texture', 'camera', 'sprite', 'unreal', 'selective', 'threshold', 'intensity', 'strength', 'radius', 'scatter',
  'tint', 'exposure', 'luminance', 'blur', 'diffusion', 'dirt', 'knee', 'softness', 'anamorphic', 'lens', 'mip', 'mipmap',
  'downsample', 'upsample', 'hdr', 'tonemapping', 'flare', 'bokeh', 'kernel', 'color', 'colour', 'taxonomy', 'cognitive',
  'flower', 'flowers', 'garden', 'plant', 'blossom', 'petal', 'petals', 'pixel', 'pixels', 'brightness', 'emission', 'emissive',
]);

/** Other structures' sizes: `INITIAL_HASH_CAPACITY`, `bufferSize`, `queueCapacity` say nothing about a filter's n or m. */
const OTHER_STRUCTURE_WORDS = new Set(['hash', 'hashes', 'buffer', 'queue', 'cache', 'pool', 'map', 'table', 'array', 'list', 'batch', 'channel', 'thread', 'threads', 'page', 'pages', 'heap', 'stack']);

/** Words dropped before a name is read: the Bloom anchor itself and filler. */
const FILLER_WORDS = /^(?:filter|filters|bf|default|defaults|config|cfg|conf|opt|opts|target|desired|wanted|configured|the|my|app|setting|settings)$/;

/** `unitOnly`: the name says a size only with a byte unit on its value (`memory: 64MiB`; a bare `memory: 64` says no unit). */
type Guess = { readonly param: ParamName | 'size'; readonly scale?: number; readonly unitOnly?: boolean };

/** The one name-reading table: first matching rule wins (compact = the name's words joined, filler dropped). */
const NAME_RULES: readonly [RegExp, Guess][] = [
  [/bitsper(?:key|entry|element|elem|item|value|row)|^bp[ke]$/, { param: 'bitsPerElement' }],
  [/^(?:k|nk)$|hash(?:es|count|functions?|funcs?|fns|num|number|iterations|probes)|^(?:num|n|nb|number|count)(?:of)?hash|^(?:num)?probes$|^(?:num|n|number)?(?:of)?seeds$|^seedcount$/, { param: 'k' }],
  [/falsepositive|falseprob|fpp|^fp$|fprate|fpchance|fpprob|fpratio|errorrate|errorratio|errorprob|^error$|^p$|^fpr$|^rate$|^probability$|^prob$|collisionprob|^wrongs$|^(?:epsilon|eps|delta)$/, { param: 'p' }],
  [/inbytes$|bytesize$|^(?:num|n|total|max)?bytes$|^sizebytes$|^memorybytes$/, { param: 'm', scale: 8 }],
  [/^(?:memory|memorysize|mem)$/, { param: 'm', scale: 8, unitOnly: true }],
  [/^(?:m|nbits|numbits|bits|bitcount|bitsize|sizeinbits|bitarraysize|bitmapsize|bitlength|bitslength|totalbits|vectorsize|numberofbits|bitssize|sizebits|bitsetsize|numofbits)$/, { param: 'm' }],
  [/^n$|expected|capacity|^cap$|^(?:num|max|n)(?:of)?(?:entries|elements|items|keys|insertions|objects|objs|obj|records|members|values)$|(?:item|element|entry|entrie|key|object|record)s?count|insertions$|ndv$|cardinality|^initialsize$|estimated|^(?:entries|items|elements)$|^maxn$|^setsize$|numberof(?:items|elements|entries|keys)/, { param: 'n' }],
  [/^(?:size|maxsize|totalsize)$/, { param: 'size' }],
];

/** What a name is read as, if it names a Bloom filter parameter. */
export function classifyName(name: string): Guess | undefined {
  // a dotted path is read by its last segment: `options.Capacity`, `app.bloom.fpp`, `this.hashCount`
  const last = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : name;
  const all = nameWords(last);
  const words = all.filter((word) => !isAnchorWord(word) && !FILLER_WORDS.test(word));
  if (words.length === 0 || words.some((word) => DECOY_WORDS.has(word))) return undefined;
  // words before the Bloom word say what the filter is for (`QUEUE_BLOOM_CAP`: the queue's filter), not another structure
  let anchor = -1;
  all.forEach((word, i) => { if (isAnchorWord(word)) anchor = i; });
  const sized = all.slice(anchor + 1);
  const named = sized.filter((word) => !FILLER_WORDS.test(word));
  const compact = (anchor >= 0 && named.length > 0 ? named : words).join('');
  for (const [pattern, guess] of NAME_RULES) {
    if (!pattern.test(compact)) continue;
    if ((guess.param === 'n' || guess.param === 'size') && sized.some((word) => OTHER_STRUCTURE_WORDS.has(word))) return undefined;
    return guess;
  }
  return undefined;
}

function hasAnchorWord(name: string): boolean {
  return nameWords(name).some(isAnchorWord) || filterClasses.has(name.replace(STATIC_CONSTRUCTOR_SUFFIX, '').replace(/^.*(?:\.|::)/, ''));
}

/** Classes of the text being read that are Bloom filters by their own text, whatever their name (set by `analyse`, cleared after it). */
let filterClasses: ReadonlySet<string> = new Set();

/** The Bloom sizing formula's ln²2 (`math.log(2) ** 2`, `Math.LN2 * Math.LN2`): a class computing it sizes a Bloom filter. */
const FILTER_FORMULA = /log\(\s*2(?:\.0)?\s*\)\s*(?:\*\*\s*2|\^\s*2|\*\s*(?:math\.|Math\.)?log\(\s*2)|\bLN2\s*\*\s*(?:Math\.)?LN2\b|\bln2\s*\*\s*ln2\b|pow\(\s*(?:math\.|Math\.)?(?:log\(\s*2\s*\)|LN2|ln2)\s*,\s*2\s*\)/i;

/**
 * Guava's words for a filter's sizing, "expected insertions" beside a false-positive probability (`filter.expected-insertions`
 * and `filter.fpp`), say Bloom filter where no name does: the key counting insertions anchors the group.
 */
function guavaVocabulary(ctx: ScanContext, name: string, at: number): boolean {
  const insertions = (key: string) => /insertions$/i.test(nameWords(key).join('')) && classifyName(key)?.param === 'n';
  const falsePositives = (key: string) => /false|fpp|fp/i.test(key) && classifyName(key)?.param === 'p';
  // (a count of insertions made, `self.insertions = 0` or `+= 1`, is a statistic)
  const counter = (key: string, keyAt: number) => insertions(key) && /^\s*(?:\+=|[=:]\s*0(?![\d.]))/.test(ctx.text.slice(keyAt + key.length, keyAt + key.length + 12).replace(/^["']/, ''));
  const wanted = insertions(name) ? falsePositives : falsePositives(name) ? insertions : undefined;
  if (counter(name, at)) return false;
  // (constants, `EXPECTED_INSERTIONS = 50_000`, are read by the call that builds the filter: the finding is there)
  if (!wanted || /^[A-Z][A-Z0-9_]*$/.test(name.replace(/^.*\./, ''))) return false;
  // (a bounded stretch around it: lines of minified code can be megabytes long)
  const line = ctx.source.lineOf(at);
  const from = Math.max(ctx.source.lineStart(Math.max(0, line - 4)), at - 4 * LOOK_AROUND);
  const around = ctx.text.slice(from, Math.min(ctx.source.lineEnd(Math.min(ctx.source.lineCount - 1, line + 4)), at + 4 * LOOK_AROUND));
  // (the other word must be there at all before names are read: `10 insertions(+)` down a log names no rate)
  if (!(wanted === falsePositives ? /false|fp/i : /insertions/i).test(around)) return false;
  return [...around.matchAll(/[A-Za-z_][\w.-]*/g)].some((m) => m[0] !== name && wanted(m[0]) && !counter(m[0], from + m.index!));
}

/** An import of types from a module whose path names the filter; the group holds the imported names. */
const IMPORT_FROM_BLOOM = /^[ \t]*(?:(?:pub[ \t]+)?use[ \t]+[\w:]*\bbloom(?:_?filters?)?::(?:\{([^}\n]{1,200})\}|(\w+))|from[ \t]+[\w.]*\bbloom(?:_?filters?)?(?:\.\w+)*[ \t]+import[ \t]+\(?([\w, \t]{1,200})|import[ \t]+(?:type[ \t]+)?(?:\{([^}\n]{1,200})\}|\w+)[ \t]+from[ \t]+["'][^"'\n]*\/bloom(?:[-_]?filters?)?["'])/gim;

/** A membership method defined in a class (`def add(self, item)`, `contains(key: string): boolean {`, `fn insert(&mut self`). */
const FILTER_METHOD = /(?:^|[ \t])(?:(?:def|fn|func|fun|function|public|private|protected|internal|pub|async)[ \t]+)*(?:[\w<>\[\]]+[ \t]+)?(?:add|put|insert|contains|__contains__|might_?[cC]ontains?|maybe_?[cC]ontains?|lookup|check|test|has|exists|query)[ \t]*(?:<[^<>\n]*>)?\((?=[^)\n]*\)[^;\n]*(?:[:{]|=>)[ \t]*(?:#.*|\/\/.*)?$)/m;

/**
 * A class named otherwise (`class SeenFilter`, `class CacheMissShield`) whose own text calls it a Bloom filter or sizes it
 * with the Bloom formula: read as a Bloom-named class is (its constructor's defaults, the calls that build it).
 */
function bloomEvidencedClasses(ctx: ScanContext): Set<string> {
  const names = new Set<string>();
  if (ctx.source.family !== 'python' && ctx.source.family !== 'js' && ctx.source.family !== 'c' && ctx.source.languageId !== 'ruby') return names;
  const text = ctx.text;
  const declarations = [...text.matchAll(/\b(?:class|struct)[ \t]+([A-Z]\w{2,60})/g)].filter((m) => ctx.isCode(m.index!));
  // a type imported from a module named for the filter (`use self::bloom::Filter`, `from .bloom import Sieve`,
  // `import { Filter } from './bloom'`)
  for (const m of text.slice(0, 20_000).matchAll(IMPORT_FROM_BLOOM)) {
    // (a module that also exports a Bloom-named type, `from bloom_tracker import BloomSettings, DuplicateTracker`: that one is the filter)
    const imported = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').match(/\b[A-Z]\w{1,60}/g) ?? [];
    if (imported.some((name) => nameWords(name).some(isAnchorWord))) continue;
    for (const name of imported) if (!hasDecoyWord(name)) names.add(name);
  }
  declarations.slice(0, 50).forEach((declaration, i) => {
    const name = declaration[1];
    if (nameWords(name).some(isAnchorWord) || hasDecoyWord(name)) return;
    const end = Math.min(declarations[i + 1]?.index ?? text.length, declaration.index! + 3000);
    const body = text.slice(declaration.index!, end);
    // (a settings class that mentions the filter it configures is no filter: a filter computes its size, or has its own
    // membership methods)
    // (nor is a class that builds one: `self.known = BloomFilter(...)` makes it the filter's user)
    if ((FILTER_FORMULA.test(body) || (/bloom[ _-]?filter/i.test(body) && FILTER_METHOD.test(body))) && !/\b(?:new[ \t]+)?[\w.]*Bloom\w*(?:<[^<>\n]*>)?[ \t]*(?:\.\w+[ \t]*)?\(/.test(body.replace(/^[^\n]*/, ''))) names.add(name);
  });
  return names;
}

function hasDecoyWord(name: string): boolean {
  return nameWords(name).some((word) => DECOY_WORDS.has(word));
}

// ------------------------------------------------------------------ pairs

interface Pair {
  readonly key: string;
  readonly keyStart: number;
  readonly value: string;
  readonly valueStart: number;
  readonly valueEnd: number;
  /** Offset identifying the innermost container (bracket, indentation parent, table, element). */
  container: number;
  /** Where the container is looked up, when not at the key (a tuple `{key, value}` belongs to the list around it). */
  readonly lookupAt?: number;
  /** Read from an annotation's arguments (`@Value("${k:v}")`): the group starts at its first annotation. */
  inAnnotation?: boolean;
}

/**
 * `key sep value` where sep is `:`, `=`, `=>`, `:=`, `to` (Kotlin), or `: Type =` (typed defaults).
 * The key may be quoted, dotted or kebab-cased; `$`/`.`/`@` prefixes (PHP, C designated initialisers) are outside it.
 */
const PAIR = /(?<![\w$])(["'`]?)([A-Za-z_][\w$]*(?:[.\-][A-Za-z0-9_][\w$]*){0,12})\1[ \t]*(?::[ \t]*[A-Za-z_][\w<>\[\]?.]{0,40}[ \t]*(?==)|)(=>|:=|=(?!=)|:(?![:=])|[ \t]to(?=[ \t]))/g;
/** XML element with text content: `<capacity>1000</capacity>`. */
const XML_ELEMENT = /<([A-Za-z_][\w.:-]{0,60})(?:[ \t][^<>]{0,200})?>([^<>]{1,80})<\/\1>/g;
/** Spring/XML property: `name="expectedInsertions" value="1000000"`. */
const XML_PROPERTY = /\bname[ \t]*=[ \t]*"([A-Za-z_][\w.-]{0,60})"[ \t]+value[ \t]*=[ \t]*"([^"<>]{1,80})"/g;
/**
 * A default an annotation states on a declaration: `@DefaultValue("0.001") double bloomFpp();` (OWNER, Micronaut),
 * `@ConfigProperty(name = "x", defaultValue = "0.001") double bloomFpp;` (Quarkus): the value, then the type.
 */
const ANNOTATED_DEFAULT_HEAD = String.raw`(?:@(?:DefaultValue|Default)\s*\(\s*"([^"\n]{1,60})"\s*\)|@ConfigProperty\s*\([^()]{0,200}?\bdefaultValue\s*=\s*"([^"\n]{1,60})"[^()]{0,200}\))(?:\s*@[\w.]+(?:\([^()]*\))?)*\s*(?:(?:public|private|protected|static|final|abstract)\s+)*[\w<>\[\].?]+\s+`;
/** ... followed by the declared name. */
const ANNOTATED_DEFAULT = new RegExp(String.raw`${ANNOTATED_DEFAULT_HEAD}([A-Za-z_]\w*)\s*[(;=]`, 'g');
/** ... read back from a declared name. */
const ANNOTATED_DEFAULT_BEFORE = new RegExp(`${ANNOTATED_DEFAULT_HEAD}$`);
/** A constructor written as a static method: Rust `Type::new(`, Ruby `Type.new(`, `Type.create(`. */
const STATIC_CONSTRUCTOR_NAMES = '(?:new|create|with_capacity|init)';
const STATIC_CONSTRUCTOR = new RegExp(`^(?:::|\\.)${STATIC_CONSTRUCTOR_NAMES}[ \\t]*(?=\\()`);
const STATIC_CONSTRUCTOR_SUFFIX = new RegExp(`(?:\\.|::)${STATIC_CONSTRUCTOR_NAMES}$`);
/** Erlang / Elixir tuple: `{capacity, 1000}`. */
const TUPLE = /\{[ \t]*:?([a-z_][\w]{0,40})[ \t]*,[ \t]*([^{},\n]{1,60}?)[ \t]*\}/g;

/** Reads a scalar value at `at`: a quoted string, or text up to a top-level separator / comment. */
function readScalar(ctx: ScanContext, at: number, limit: number): { text: string; start: number; end: number } | undefined {
  const text = ctx.text;
  let i = at;
  while (i < limit && (text[i] === ' ' || text[i] === '\t')) i++;
  if (i >= limit) return undefined;
  const first = text[i];
  if (first === '"' || first === '\'' || first === '`') {
    const close = text.indexOf(first, i + 1);
    if (close < 0 || close > limit || close - i > 120 || text.slice(i, close).includes('\n')) return undefined;
    return { text: text.slice(i + 1, close), start: i + 1, end: close };
  }
  let depth = 0;
  let j = i;
  const stop = Math.min(limit, i + MAX_VALUE);
  for (; j < stop; j++) {
    const c = text[j];
    if (c === '\n' || c === '\r' || c === '\\') break;
    if (c === '(' || c === '[' || c === '{') {
      depth++;
      continue;
    }
    if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) break;
      depth--;
      continue;
    }
    if (depth === 0 && (c === ',' || c === ';' || c === '"' || c === '\'')) break;
    if (c === '<' && /[/A-Za-z!]/.test(text[j + 1] ?? '')) break; // an XML tag, not a shift
    if (c === '#' && (text[j - 1] === ' ' || text[j - 1] === '\t')) break;
    if (c === '/' && (text[j + 1] === '/' || text[j + 1] === '*')) break;
    if (c === '-' && text[j + 1] === '-' && (text[j - 1] === ' ' || text[j - 1] === '\t')) break;
  }
  if (j >= stop && j < limit && depth > 0) return undefined;
  const raw = text.slice(i, j);
  const trimmed = raw.trimEnd();
  if (trimmed === '') return undefined;
  return { text: trimmed, start: i, end: i + trimmed.length };
}

/**
 * A YAML block scalar's content (`capacity: >-` with `1000000` on the next line), from the parsed file; the value as
 * read otherwise (and when the file does not parse cleanly).
 */
function blockScalar(ctx: ScanContext, keyStart: number, value: { text: string; start: number; end: number } | undefined): { text: string; start: number; end: number } | undefined {
  if (!value || ctx.source.languageId !== 'yaml' || !/^[|>][+-]?[1-9]?$/.test(value.text)) return value;
  const entry = cachedConfigEntries(ctx, ctx.text, 'yaml')?.find((e) => e.keyStart === keyStart);
  return entry ? { ...entry.value } : value;
}

/** Every pair in [start, end): `key sep value`, XML elements and properties, tuples. Containers are assigned later. */
/** The bracket that encloses offset `at` of `text` (scanning back), or undefined. */
function innermostOpener(text: string, at: number): string | undefined {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const c = text[i];
    if (c === ')' || c === '}' || c === ']') depth++;
    else if (c === '(' || c === '{' || c === '[') {
      if (depth === 0) return c;
      depth--;
    }
  }
  return undefined;
}

function pairsIn(ctx: ScanContext, start: number, end: number): Pair[] {
  const text = ctx.text;
  const scope = text.slice(start, end);
  const pairs: Pair[] = [];
  const push = (key: string, keyStart: number, value: { text: string; start: number; end: number } | undefined, lookupAt?: number): void => {
    if (!value || ctx.source.kindAt(keyStart) === COMMENT) return;
    pairs.push({ key, keyStart, value: value.text, valueStart: value.start, valueEnd: value.end, container: start, ...(lookupAt !== undefined ? { lookupAt } : {}) });
  };
  PAIR.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = PAIR.exec(scope)) !== null) {
    const keyStart = start + match.index + match[1].length;
    const before = text[keyStart - match[1].length - 1];
    if (before !== undefined && /[\w$]/.test(before)) continue;
    if (match[3] === ':' && text[start + match.index + match[0].length] === ':') continue;
    push(match[2], keyStart, blockScalar(ctx, keyStart, readScalar(ctx, start + match.index + match[0].length, end)));
  }
  // JS/TS shorthand properties (`{ size: filterSize, hashFunctions }`): the name is its own value
  if (ctx.source.family === 'js' && end - start < 400 && scope.includes('{')) {
    for (const m of scope.matchAll(/(?<=[{,]\s*)([A-Za-z_$][\w$]*)(?=\s*[,}])/g)) {
      const keyStart = start + m.index!;
      if (ctx.source.kindAt(keyStart) === CODE_KIND && innermostOpener(scope, m.index!) === '{') push(m[1], keyStart, { text: m[1], start: keyStart, end: keyStart + m[1].length });
    }
  }
  if (scope.includes('</')) {
    XML_ELEMENT.lastIndex = 0;
    while ((match = XML_ELEMENT.exec(scope)) !== null) {
      const valueStart = start + match.index + match[0].indexOf('>') + 1;
      const value = match[2].trim();
      const lead = match[2].length - match[2].trimStart().length;
      if (value !== '') push(match[1], start + match.index + 1, { text: value, start: valueStart + lead, end: valueStart + lead + value.length });
      XML_ELEMENT.lastIndex = match.index + 1 + match[1].length;
    }
  }
  if (scope.includes('value')) {
    XML_PROPERTY.lastIndex = 0;
    while ((match = XML_PROPERTY.exec(scope)) !== null) {
      const valueStart = start + match.index + match[0].lastIndexOf(match[2]);
      push(match[1], start + match.index + match[0].indexOf(match[1]), { text: match[2], start: valueStart, end: valueStart + match[2].length });
    }
  }
  if (scope.includes('@')) {
    // a default stated by an annotation on the setting's declaration (OWNER / Micronaut `@DefaultValue("0.001") double
    // bloomFpp();`, Quarkus `@ConfigProperty(name = "...", defaultValue = "0.001") double bloomFpp;`): the group starts there
    ANNOTATED_DEFAULT.lastIndex = 0;
    while ((match = ANNOTATED_DEFAULT.exec(scope)) !== null) {
      const value = match[1] ?? match[2];
      const valueStart = start + match.index + match[0].indexOf(`"${value}"`) + 1;
      push(match[3], start + match.index, { text: value, start: valueStart, end: valueStart + value.length });
    }
  }
  if (ctx.source.languageId === 'erlang' || ctx.source.languageId === 'elixir') {
    TUPLE.lastIndex = 0;
    while ((match = TUPLE.exec(scope)) !== null) {
      const valueStart = start + match.index + match[0].lastIndexOf(match[2]);
      push(match[1], start + match.index + match[0].indexOf(match[1]), { text: match[2], start: valueStart, end: valueStart + match[2].length }, start + match.index);
    }
  }
  return pairs.sort((a, b) => a.keyStart - b.keyStart);
}

/** A Java/Kotlin annotation's name right before its argument list. */
const ANNOTATION_BEFORE = /@[A-Za-z_][\w.]*\s*$/;

/** Assigns each pair's container: the innermost bracket around it (strings and comments skipped), else `fallback`. */
function assignBrackets(ctx: ScanContext, pairs: Pair[], start: number, end: number, fallback: (pair: Pair) => number): void {
  const text = ctx.text;
  const mask = ctx.source.mask();
  const stack: number[] = [];
  const at = (pair: Pair) => pair.lookupAt ?? pair.keyStart;
  pairs = pairs.slice().sort((a, b) => at(a) - at(b));
  let next = 0;
  for (let i = start; i < end && next < pairs.length; i++) {
    while (next < pairs.length && at(pairs[next]) <= i) {
      const pair = pairs[next++];
      const open = stack.filter((o) => o >= 0);
      pair.container = open.length > 0 ? open[open.length - 1] : fallback(pair);
      if (stack.length > 0 && stack[stack.length - 1] < 0) pair.inAnnotation = true;
    }
    if (mask[i] === COMMENT || mask[i] === STRING) continue;
    const c = text[i];
    // an annotation's arguments (`@Value("${bloom.fpp:0.01}")`) belong to the declaration it annotates: its container
    if (c === '(' && ANNOTATION_BEFORE.test(text.slice(Math.max(0, i - 80), i))) stack.push(-1);
    else if (c === '{' || c === '[' || c === '(') stack.push(i);
    else if ((c === '}' || c === ']' || c === ')') && stack.length > 0) stack.pop();
  }
  while (next < pairs.length) pairs[next++].container = fallback(pairs[next - 1]);
}

// ------------------------------------------------------------------ scopes

interface Scope {
  /** Where the finding starts when the group is the scope's own (the anchor). */
  readonly anchorStart: number;
  readonly anchorName: string;
  readonly start: number;
  readonly end: number;
  /** Container of pairs not inside a bracket of the scope: indentation parents for YAML/Python blocks. */
  readonly fallback: (pair: Pair) => number;
  /** Parameter names of a hand-rolled constructor, for positional arguments (bits and hashes by position). */
  readonly positional?: { readonly args: readonly Argument[]; readonly names: readonly string[]; readonly defaults?: readonly OwnParameter['fallback'][] };
  /** Builder calls chained after the anchor (`.expectedInsertions(1000).fpp(0.01)`), read as name = argument. */
  readonly chained?: readonly Pair[];
  /** The body of a class named as a filter: defaults of its constructor's or init's parameters start at the class. */
  readonly classBody?: boolean;
}

/** `.name(value)` calls chained after offset `from` (a builder), each with one argument, as pairs. */
function chainedPairs(ctx: ScanContext, from: number, container: number): Pair[] {
  const text = ctx.text;
  const pairs: Pair[] = [];
  let at = from;
  const link = /^\s{0,200}?\??\.\s*([A-Za-z_]\w*)\s*\(/;
  for (let i = 0; i < 12; i++) {
    const match = link.exec(text.slice(at, at + 300));
    if (!match) break;
    const open = at + match[0].length - 1;
    const list = splitArguments(text, open);
    if (!list) break;
    if (list.args.length === 1) {
      const arg = list.args[0];
      pairs.push({ key: match[1], keyStart: at + match[0].lastIndexOf(match[1]), value: arg.text, valueStart: arg.start, valueEnd: arg.end, container });
    }
    at = list.end;
  }
  return pairs;
}

function indentOf(line: string): number {
  const match = /^[ \t]*(?:-[ \t]+)*/.exec(line);
  return match ? match[0].length : 0;
}

/** Lines after `line` indented deeper than it (YAML block, Python class body), with indentation containers. */
function indentScope(ctx: ScanContext, line: number, anchorStart: number, anchorName: string): Scope | undefined {
  const source = ctx.source;
  const baseIndent = indentOf(source.lineText(line));
  const rootOffset = source.lineStart(line) + baseIndent;
  const containerOfLine = new Map<number, number>();
  const stack: { indent: number; offset: number; dash: boolean }[] = [];
  let last = line;
  for (let l = line + 1; l < source.lineCount && l <= line + MAX_INDENT_LINES; l++) {
    const content = source.lineText(l);
    if (content.trim() === '' || /^[ \t]*(?:#|\/\/)/.test(content)) continue;
    const indent = indentOf(content);
    if (indent <= baseIndent) break;
    const dash = /^[ \t]*-[ \t]/.test(content);
    while (stack.length > 0 && (stack[stack.length - 1].indent > indent || (stack[stack.length - 1].indent === indent && (!stack[stack.length - 1].dash || dash)))) stack.pop();
    const offset = source.lineStart(l) + indent;
    if (dash) {
      containerOfLine.set(l, offset);
      stack.push({ indent, offset, dash: true });
    } else {
      containerOfLine.set(l, stack.length > 0 ? stack[stack.length - 1].offset : rootOffset);
      stack.push({ indent, offset, dash: false });
    }
    last = l;
  }
  if (last === line) return undefined;
  return {
    anchorStart, anchorName, start: source.lineEnd(line), end: source.lineEnd(last),
    fallback: (pair) => containerOfLine.get(source.lineOf(pair.keyStart)) ?? rootOffset,
  };
}

function bracketScope(ctx: ScanContext, open: number, anchorStart: number, anchorName: string): Scope | undefined {
  const close = matchingClose(ctx, open);
  if (close < 0) return undefined;
  return { anchorStart, anchorName, start: open, end: close + 1, fallback: () => open };
}

/** The offset of the bracket closing the one at `open` (strings and comments skipped), or -1 within MAX_SCOPE. */
function matchingClose(ctx: ScanContext, open: number): number {
  const text = ctx.text;
  const mask = ctx.source.mask();
  const limit = Math.min(text.length, open + MAX_SCOPE, open + scanBudget);
  scanBudget -= limit - open;
  let depth = 0;
  for (let i = open; i < limit; i++) {
    if (mask[i] === COMMENT || (mask[i] === STRING && i !== open)) continue;
    const c = text[i];
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** TOML / ini table: the lines after a `[...bloom...]` header up to the next header. */
function tableScope(ctx: ScanContext, line: number, anchorStart: number, anchorName: string): Scope | undefined {
  const source = ctx.source;
  let last = line;
  for (let l = line + 1; l < source.lineCount && l <= line + MAX_INDENT_LINES; l++) {
    if (/^[ \t]*\[/.test(source.lineText(l))) break;
    last = l;
  }
  if (last === line) return undefined;
  const header = source.lineStart(line);
  return { anchorStart, anchorName, start: source.lineEnd(line), end: source.lineEnd(last), fallback: () => header };
}

/** XML element `<...bloom...>` (or the element whose tag carries a Bloom attribute value): to its closing tag. */
function xmlScope(ctx: ScanContext, tagStart: number, anchorStart: number, anchorName: string): Scope | undefined {
  const text = ctx.text;
  const tag = /^<([A-Za-z_][\w.:-]*)/.exec(text.slice(tagStart, tagStart + 80));
  if (!tag) return undefined;
  const tagEnd = indexWithin(text, '>', tagStart, 600);
  if (tagEnd < 0) return undefined;
  let end = tagEnd + 1;
  if (text[tagEnd - 1] !== '/') {
    const close = indexWithin(text, `</${tag[1]}>`, tagEnd, MAX_SCOPE - (tagEnd - tagStart));
    if (close < 0) return undefined;
    end = close;
  }
  return { anchorStart, anchorName, start: tagStart + 1 + tag[1].length, end, fallback: () => tagStart };
}

/** A parameter of a constructor declared in this file, with its default value when it states one. */
interface OwnParameter {
  readonly name: string;
  readonly fallback?: { readonly text: string; readonly start: number; readonly end: number };
}

/** The parameters of the constructor / factory `name` defined in this file (hand-rolled filters). */
function ownParameters(ctx: ScanContext, name: string): OwnParameter[] | undefined {
  const defines = `\\b(?:class|struct|record|def|func|function|fn|type)\\s+(?:\\([^()]{0,60}\\)\\s*)?${name}\\b`;
  if (!ctx.hint(`generic-defines:${name}`, new RegExp(defines))) return undefined;
  const text = ctx.text;
  const definition = new RegExp(defines).exec(text);
  if (!definition) return undefined;
  const region = text.slice(definition.index, definition.index + 4000);
  // functions, records and primary constructors (`record R(long n, double p)`, `class C(val n: Long)`) list their parameters at once
  const isFunction = /^(?:def|func|function|fn)\b/.test(definition[0]) || /^\s*(?:<[^<>]{0,60}>)?\s*\(/.test(region.slice(definition[0].length));
  const constructor = isFunction
    // (Lua's `function BloomFilter.new(size, hashes)` is the class's constructor)
    ? new RegExp(`${name}(?:[.:]new)?\\s*(?:<[^<>]{0,60}>)?\\s*\\(`).exec(region)
    : /(?:__init__|constructor|\bfn\s+new|\binit)\s*\(/.exec(region) ?? new RegExp(`(?<!new\\s+)\\b${name}\\s*\\((?!\\s*\\))`).exec(region.slice(definition[0].length)) ;
  if (!constructor) return undefined;
  const base = constructor.index + (constructor.input === region ? 0 : definition[0].length);
  const open = definition.index + base + constructor[0].length - 1;
  const list = splitArguments(text, open);
  if (!list) return undefined;
  const go = ctx.source.languageId === 'go';
  const parameters = list.args
    .map((arg): OwnParameter | undefined => {
      // (Python `rate=0.01`, TypeScript `rate = 0.01`, Kotlin `rate: Double = 0.01`: a splitter names only keyword-like forms)
      const assigned = /=(?![=>])\s*/.exec(arg.text);
      const fallback = arg.name !== undefined ? { text: arg.text, start: arg.start, end: arg.end }
        : assigned ? { text: arg.text.slice(assigned.index + assigned[0].length), start: arg.start + assigned.index + assigned[0].length, end: arg.end } : undefined;
      if (arg.name) return { name: arg.name, fallback };
      const identifiers = arg.text.replace(/=.*$/s, '').replace(/:.*$/s, '').match(/[A-Za-z_]\w*/g) ?? [];
      const own = go ? identifiers[0] : identifiers[identifiers.length - 1];
      return own === undefined ? undefined : { name: own, fallback };
    })
    .filter((p): p is OwnParameter => p !== undefined && p.name !== 'self' && p.name !== 'this' && p.name !== 'cls');
  return parameters.length > 0 ? parameters : undefined;
}

/** The most bits per key any store uses; "bits" above it are a filter's size. */
const MAX_BITS_PER_KEY = 32;
/** A lone Bloom-named size smaller than this is no filter's bit count (`bloom_size=9` of a glow effect). */
const MIN_LONE_BITS = 32;
/** A line longer than this is minified or generated code: a lone size there is not read. */
const MAX_LONE_LINE = 2000;
/** Words of a log-structured store, where a Bloom filter is sized in bits per key. */
const LSM_ENGINE = /\b(?:lsm|LSM|sst|SST|sstable|SSTable|memtable|MemTable|compaction|rocksdb|RocksDB|leveldb|LevelDB|pebble|Pebble|bits per key|bits_per_key|per key)\b/;

/** A literal number as code writes it (`0.01`, `1_000`, `1e6`, `0.1f`, `500L`), or undefined. */
function literalNumber(text: string): number | undefined {
  const match = /^(\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?|\.\d+)[fFdDlLuU]{0,2}$/.exec(text.trim());
  return match ? Number(match[1].replace(/_/g, '')) : undefined;
}

/**
 * A Bloom-named class built here but defined elsewhere (`new BloomFilter<String>(0.1, 1000)`, `BloomFilter(100, 0.01)`,
 * its source in another package): positional arguments read by their shape, only where the shape leaves no doubt. One
 * rate (a literal strictly between 0 and 1, or a name read as a rate) and at most one whole-number literal (the count);
 * a name argument is read by its own name (`expectedNumberOfElements`). Two whole numbers (`m, k` or `n, k`?) say nothing.
 */
function namesByShape(simple: string, before: string, positional: readonly Argument[], modulesHoldClasses = false): string[] | undefined {
  // a class (`BloomFilter`, `MyBloom`), not a constant or enum member (`BLOOM_FILTER_FPP(...)`) nor a factory (`NewX`)
  // (or a project's own factory function, `new_bloom(1_000_000, 0.001)`, `makeBloomFilter(n, p)`)
  const ownFactory = /^(?:new|make|create|build)_?[a-z_]*bloom/i.test(simple) && /^[a-z]/.test(simple);
  if (hasDecoyWord(simple) || (!ownFactory && (!/^[A-Z]\w*[a-z]/.test(simple) || /^(?:New|Make|Create|Build|Init|Open|From|With|Get)[A-Z]/.test(simple)))) return undefined;
  // a package's function (`boom.NewX(...)` is a factory with its own meaning); a Python module's class (`native_bloom.BloomFilter(`) is a class
  if (!modulesHoldClasses && !/\bnew[ \t]+(?:[\w.]+\.)?$/.test(before) && /\b[a-z]\w*\.$/.test(before)) return undefined;
  // an argument named for its role (`expectedNumberOfElements`, `opts.bloom_filter_hash_num`) says it
  const named = positional.map((arg) => {
    const identifier = /^(?:[A-Za-z_$][\w$]*\.)*([A-Za-z_]\w*)$/.exec(arg.text.trim().replace(/^\$/, ''));
    const guess = identifier ? classifyName(identifier[1])?.param : undefined;
    return guess !== undefined ? identifier![1] : undefined;
  });
  const roles = positional.map((arg, i): 'p' | 'n' | 'count' | 'other' | undefined => {
    const text = arg.text.trim();
    if (/^["'`]|^(?:true|false|null|nil|None|True|False|undefined)$/.test(text)) return undefined; // a path, a flag
    const value = literalNumber(text);
    if (value !== undefined) return value > 0 && value < 1 ? 'p' : Number.isInteger(value) && value >= 1 ? 'count' : undefined;
    const guess = named[i] !== undefined ? classifyName(named[i]!)?.param : undefined;
    return guess === 'p' || guess === 'n' ? guess : 'other';
  });
  const values = roles.filter((role) => role !== undefined);
  if (roles.filter((role) => role === 'p').length !== 1 || values.length < 2) {
    // no single rate: only arguments whose names say their role (`opts.bloom_filter_size, opts.bloom_filter_hash_num`)
    return named.filter((name) => name !== undefined).length >= 2 ? named.map((name) => name ?? '') : undefined;
  }
  // a rate and one other value: the other is the count (`BloomFilter(n0, 0.01, seed=SEED)`, `(0.1, maxElts)`)
  if (values.length === 2) return roles.map((role, i) => named[i] ?? (role === 'p' ? 'falsePositiveRate' : role === undefined ? '' : 'expectedItems'));
  const counts = roles.filter((role) => role === 'count').length;
  if (counts > 1 || (counts === 1 && roles.includes('n'))) return undefined;
  return roles.map((role, i) => named[i] ?? (role === 'p' ? 'falsePositiveRate' : role === 'n' || role === 'count' ? 'expectedItems' : ''));
}

/** `variable.field = value` statements on the lines after `line` (bounded), as the scope of a Bloom-typed variable. */
function fieldAssignments(ctx: ScanContext, variable: string, line: number, anchorStart: number, anchorName: string): Scope | undefined {
  const source = ctx.source;
  const statement = new RegExp(`^[ \\t]*(?:self\\.|this\\.|\\$)?${variable}\\s*(?:\\.|->)\\s*[A-Za-z_]\\w*\\s*=(?!=)`);
  let last = line;
  for (let l = line + 1; l < source.lineCount && l <= line + 30; l++) {
    const content = source.lineText(l);
    if (content.trim() === '') continue;
    if (!statement.test(content)) break;
    last = l;
  }
  if (last === line) return undefined;
  return { anchorStart, anchorName, start: source.lineEnd(line), end: source.lineEnd(last), fallback: () => anchorStart };
}

/** The scope a Bloom-named token opens, if any. `at`..`end` is the token (key, name, header). */
function scopeFor(ctx: ScanContext, at: number, end: number): Scope | undefined {
  const text = ctx.text;
  const source = ctx.source;
  const name = text.slice(at, end);
  const line = source.lineOf(at);
  const lineStart = source.lineStart(line);
  const lineEnd = Math.min(source.lineEnd(line), end + LOOK_AROUND);
  // only a bounded stretch of the line is looked at (minified or generated lines can be megabytes long)
  const before = text.slice(Math.max(lineStart, at - LOOK_AROUND), at);
  let i = end;
  if (text[i] === '"' || text[i] === '\'' || text[i] === '`') i++;
  // TOML / ini table header
  if (at - lineStart < LOOK_AROUND && /^[ \t]*\[\[?[ \t]*["']?[\w.\- "']*$/.test(before) && /^["']?[\w.\- "']*\]\]?[ \t]*(?:[#;].*)?$/.test(text.slice(end, lineEnd))) return tableScope(ctx, line, lineStart + before.search(/\[/), name);
  // XML: a Bloom element, or a Bloom attribute value inside a tag
  if (source.family === 'xml' || text[at - 1] === '<') {
    if (text[at - 1] === '<') return xmlScope(ctx, at - 1, at - 1, name);
    const tagStart = lastIndexWithin(text, '<', at, 299);
    if (tagStart >= 0 && indexWithin(text, '>', tagStart, 600) > at) return xmlScope(ctx, tagStart, tagStart, name);
    return undefined;
  }
  // Spring `@ConfigurationProperties(prefix = "app.bloom")`: the key path is on the class that follows
  if (/@ConfigurationProperties[ \t]*\([ \t]*(?:(?:prefix|value)[ \t]*=[ \t]*)?["']$/.test(before)) {
    const declaration = /\b(?:class|record|object)[ \t]+([A-Za-z_]\w*)[^{(]{0,200}?([{(])/.exec(text.slice(end, end + 600));
    if (!declaration) return undefined;
    const nameAt = end + declaration.index + declaration[0].indexOf(declaration[1], declaration[0].indexOf(' '));
    return bracketScope(ctx, end + declaration.index + declaration[0].length - 1, nameAt, declaration[1]);
  }
  while (i < lineEnd && (text[i] === ' ' || text[i] === '\t')) i++;
  // generic type arguments: `new BloomFilter<string>(...)`, `Bloom::<T>::new`
  // (and Python's subscripted generic class: `BloomFilter[str](capacity=...)`)
  const generic = text[i] === '<' ? /^<[\w\s,.?<>\[\]]{0,60}?>[ \t]*(?=[({])/.exec(text.slice(i, i + 80))
    : text[i] === '[' && /^[A-Z]/.test(name) ? /^\[[\w\s,.|\[\]]{1,60}?\][ \t]*(?=\()/.exec(text.slice(i, i + 80)) : null;
  if (generic) i += generic[0].length;
  // C++ direct initialisation: `CountingBloom filter(1 << 20, 7);`
  const direct = /^[A-Z]/.test(name) && !/\b(?:class|struct|new|return)[ \t]+$/.test(before) ? /^[A-Za-z_]\w*[ \t]*(?=[({])/.exec(text.slice(i, i + 60)) : null;
  if (direct && ctx.source.family === 'c') i += direct[0].length;
  // a constructor written as a static method (Rust `BloomFilter::new(`, Ruby `BloomFilter.new(`, `Bloom.create(`)
  const constructor = STATIC_CONSTRUCTOR.exec(text.slice(i, i + 30));
  if (constructor) i += constructor[0].length;
  const next = text[i];
  if (/(?:->|\)[ \t]*:)[ \t]*$/.test(before)) return undefined; // a return type: the brace after it is a function body
  // Ruby-style call without parentheses: `bloom_filter capacity: 10_000, error_rate: 0.01`
  if (/^[ \t]+[a-z_]\w*:[ \t]/.test(text.slice(end, end + 60)) && /^[ \t]*$/.test(before)) {
    return { anchorStart: at, anchorName: name, start: end, end: lineEnd, fallback: () => end };
  }
  // `cfg := &BloomConfig{}` / `cfg = BloomOptions()` followed by `cfg.Capacity = 1000` statements
  const variable = /([A-Za-z_]\w*)[ \t]*(?::=|=)[ \t]*&?(?:new[ \t]+)?$/.exec(before);
  if (variable && /^(?:\{[ \t]*\}|\([ \t]*\))/.test(text.slice(i, i + 10))) return fieldAssignments(ctx, variable[1], line, at, name);
  const declaration = /\b(?:class|struct|record|object|interface|impl(?:[ \t]+\w+[ \t]+for)?|trait|module|enum)[ \t]+$/.test(before);
  if (declaration) {
    // a class / struct named after a Bloom filter: its body (or Kotlin/Scala primary constructor), or Python's indented block
    // (Python's and Ruby's bodies are their indented lines)
    const indented = ctx.source.languageId === 'python' || ctx.source.languageId === 'ruby';
    const rest = text.slice(i, i + 400);
    const brace = indented ? -1 : rest.search(/[{(]/);
    const body = brace >= 0 ? bracketScope(ctx, i + brace, at, name) : indented || /:[ \t]*$/.test(text.slice(i, lineEnd)) ? indentScope(ctx, line, at, name) : undefined;
    return body ? { ...body, classBody: true } : undefined;
  }
  if (next === '(' || next === '{' || next === '[') {
    if (source.kindAt(at) === STRING) return undefined; // prose or code inside a string, not a call
    if (/\b(?:def|function|func|fn|void|public|private|protected|static)[ \t]+(?:\w+[ \t]+)*$/.test(before) && next === '(') {
      // a constructor function named for the filter (`function ProtoBloom(size) { this.size = size || 128; ... }`): a class
      const list = ctx.source.family === 'js' && /^[A-Z]/.test(name) && /\bfunction[ \t]+$/.test(before) ? splitArguments(text, i) : undefined;
      const brace = list ? /^\s*\{/.exec(text.slice(list.end, list.end + 20)) : null;
      const body = list && brace ? bracketScope(ctx, list.end + brace[0].length - 1, at, name) : undefined;
      return body ? { ...body, classBody: true } : undefined; // else a definition
    }
    if (next === '[' && !/\bnew[ \t]+$/.test(before)) return undefined; // indexing
    const bracket = bracketScope(ctx, i, at, name);
    if (!bracket || next !== '(') return bracket;
    const chained = chainedPairs(ctx, bracket.end, bracket.start);
    const scope = chained.length > 0 ? { ...bracket, chained } : bracket;
    const list = splitArguments(text, i);
    const positional = list?.args.filter((a) => a.name === undefined && !/^[{[]/.test(a.text)) ?? [];
    if (positional.length === 0 || positional.every((a) => /^["'`]/.test(a.text))) return scope;
    // `BloomFilter::new(` read as one token: the type is the class
    const simple = name.replace(STATIC_CONSTRUCTOR_SUFFIX, '').replace(/^.*(?:\.|::)/, '');
    const own = hasAnchorWord(simple) ? ownParameters(ctx, simple) : undefined;
    const names = own?.map((parameter) => parameter.name) ?? (hasAnchorWord(simple) ? namesByShape(simple, before, list?.args.filter((a) => a.name === undefined) ?? [], ctx.source.languageId === 'python') : undefined);
    return names ? { ...scope, positional: { args: list?.args ?? [], names, defaults: own?.map((parameter) => parameter.fallback) } } : scope;
  }
  // Elixir `config :app, :bloom,` with the keywords on the lines below; Erlang `{bloom, [{capacity, 1000}]}`
  const beam = ctx.source.languageId === 'elixir' || ctx.source.languageId === 'erlang';
  if (beam && next === ',') {
    const after = /^,[ \t]*([[{])?/.exec(text.slice(i, i + 20));
    if (after?.[1]) return bracketScope(ctx, i + after[0].length - 1, at, name);
    if (/^,[ \t]*(?:#.*)?$/.test(text.slice(i, lineEnd))) return indentScope(ctx, line, at, name);
  }
  // key: value / key = value / key => value
  const sep = /^(?:=>|:=|=(?!=)|:(?!:))[ \t]*/.exec(text.slice(i, i + 4));
  if (!sep) return undefined;
  const valueAt = i + sep[0].length;
  const rest = text.slice(valueAt, Math.min(lineEnd, valueAt + 60));
  // a literal (`{`, `[`, Elixir `%{`), a typed literal (`new Opts {`, `Opts{`) or a wrapper call (`array(`, `Object.freeze({`, `Map.of(`)
  const opener = /^(?:new[ \t]+[\w.]+[ \t]*|[\w.]+[ \t]*|%)?([{[(])/.exec(rest);
  if (opener && /^(?:new[ \t]+)?[\w.\\]*Bloom\w*[ \t]*(?:<[^()]*>[ \t]*)?[({]/.test(rest)) return undefined; // `x = MyBloom(...)`, `$bloom = new BloomFilter(...)`: the call is its own anchor
  if (opener) return bracketScope(ctx, valueAt + opener[0].length - 1, at, name);
  if (/^[ \t]*(?:[&!][\w!-]*[ \t]*)?(?:[#;].*|\/\/.*)?$/.test(rest) || rest.trim() === '|' || rest.trim() === '>') return indentScope(ctx, line, at, name); // `&anchor`, `!!map` tags
  return undefined;
}

// ------------------------------------------------------------------ groups to drafts

function evalOptions(ctx: ScanContext): EvalOptions {
  const family = ctx.source.family;
  return family === 'c' || family === 'js' || family === 'python' ? { ...ctx.codeEval, allowQuotedNumbers: true } : ctx.configEval;
}

const CHECKS: Record<string, (v: number) => string | undefined> = {
  n: checks.positiveInteger('expected items'),
  p: checks.probability('false-positive rate'),
  m: checks.positive('size in bits'),
  k: checks.positiveInteger('hash count'),
  bitsPerElement: checks.positive('bits per key'),
};

/**
 * Counts the elements of an array literal where a hash count belongs: seeds (`new int[]{5, 7, 11}`, `[3, 5]`) or the
 * hash functions themselves (`hashFunctions: [djb2, sdbm]`, `[.murmur3, .fnv1a]`), each counted once.
 */
function arrayLength(value: string): number | undefined {
  const inner = /^(?:new[ \t]+\w+[ \t]*\[\][ \t]*)?[{[]([^{}[\]]*)[}\]]$/.exec(value.trim());
  if (!inner) return undefined;
  const items = inner[1].split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) return undefined;
  if (items.every((s) => /^-?[\d_]+[lLuU]?$/.test(s))) return items.length;
  // two or more names: a one-name list is as likely a type (`seeds: [Int]`) as a function
  return items.length >= 2 && items.every((s) => /^\.?[A-Za-z_][\w.:]*$/.test(s)) ? new Set(items).size : undefined;
}

interface Reading {
  readonly guess: Guess;
  readonly pair: Pair;
  /** The value as evaluated (before unit scaling), or undefined when it is not a constant. */
  readonly value: number | undefined;
  /** The expression evaluated (a percentage becomes `x / 100`). */
  readonly expression: string;
  readonly seeds: boolean;
}

/**
 * The unit a setting's own comment gives its "size" (`"size": 10000,  // bits`, `/// Size of the Bloom filter in bytes.`
 * above a field): bits, bytes or a count of items; undefined when the comment says none.
 */
function commentedSize(ctx: ScanContext, pair: Pair): Guess | undefined {
  const source = ctx.source;
  const line = source.lineOf(pair.valueEnd);
  const trailing = source.lineText(line).slice(pair.valueEnd - source.lineStart(line));
  const comments: string[] = [];
  const own = /(?:\/\/|#|--|\/\*)(.*)$/.exec(trailing);
  if (own) comments.push(own[1]);
  // the comment lines right above the key (a doc comment, an attribute line between them allowed)
  for (let above = source.lineOf(pair.keyStart) - 1; above >= 0 && above >= source.lineOf(pair.keyStart) - 4; above--) {
    const text = source.lineText(above).trim();
    if (/^#\[/.test(text) || /^@\w/.test(text)) continue;
    const comment = /^(?:\/\/\/?|#|--|\*|\/\*\*?)(.*)$/.exec(text);
    if (!comment) break;
    comments.push(comment[1]);
  }
  const said = comments.join(' ');
  if (/\bbits?\s*(?:per|\/)\s*(?:key|entry|element|item)/i.test(said)) return undefined;
  if (/\bbytes?\b/i.test(said)) return { param: 'm', scale: 8 };
  if (/\bbits?\b/i.test(said)) return { param: 'm' };
  if (/\b(?:items|elements|entries|keys|insertions)\b/i.test(said)) return { param: 'n' };
  return undefined;
}

function readPair(ctx: ScanContext, guess: Guess, pair: Pair, options: EvalOptions): Reading {
  if (guess.param === 'size') guess = commentedSize(ctx, pair) ?? guess;
  if (guess.param === 'k') {
    // the list itself, or a name bound to it (`hash_functions=[fnv_hash, djb_hash]` in the signature)
    const bound = /^[A-Za-z_]\w*$/.test(pair.value) ? ctx.codeEval.resolve?.(pair.value) : undefined;
    const seeds = arrayLength(bound ?? pair.value);
    if (seeds !== undefined) return { guess, pair, value: seeds, expression: pair.value, seeds: true };
  }
  const percent = /^([\d.]+)[ \t]*%$/.exec(pair.value);
  const unit = percent ? undefined : withUnit(pair.value, guess.param);
  const expression = percent ? `${percent[1]} / 100` : unit?.expression ?? pair.value;
  const probe = builder(ctx, 'probe', '', 0, 0);
  const value = probe.argument('n', expression, { eval: options });
  return { guess: unit?.bytes ? { param: guess.param, scale: 8 } : guess, pair, value, expression, seeds: false };
}

/** Counts people write with a suffix (`10M`, `1B`: a billion) and sizes in bytes (`64MiB`, `2GB`). */
const COUNT_SUFFIXES: Readonly<Record<string, number>> = { k: 1e3, K: 1e3, M: 1e6, B: 1e9, G: 1e9, T: 1e12 };
const BYTE_SUFFIXES: Readonly<Record<string, number>> = { KiB: 2 ** 10, MiB: 2 ** 20, GiB: 2 ** 30, TiB: 2 ** 40, KB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12 };

/** A quantity with a unit suffix as an expression (bytes: the caller scales to bits), or undefined. */
function withUnit(text: string, param: ParamName | 'size'): { expression: string; bytes: boolean } | undefined {
  const quantity = /^["']?(\d+(?:\.\d+)?)[ \t]*([A-Za-z]{1,3})["']?$/.exec(text.trim());
  if (!quantity) return undefined;
  const [, number, suffix] = quantity;
  if (param !== 'n' && BYTE_SUFFIXES[suffix] !== undefined) return { expression: `${number} * ${BYTE_SUFFIXES[suffix]}`, bytes: true };
  if ((param === 'n' || param === 'size') && COUNT_SUFFIXES[suffix] !== undefined) return { expression: `${number} * ${COUNT_SUFFIXES[suffix]}`, bytes: false };
  return undefined;
}

/** Builds the finding for one group of pairs, or nothing when no sizing value is constant (decoys, types, placeholders). */
function groupDraft(ctx: ScanContext, scope: Scope | undefined, pairs: readonly Pair[], start: number): Draft | undefined {
  if (pairs.some((pair) => hasDecoyWord(pair.key))) return undefined; // graphics bloom and the like
  const options = evalOptions(ctx);
  const readings: Reading[] = [];
  for (const pair of pairs) {
    const guess = classifyName(pair.key);
    if (!guess || (guess.unitOnly && !withUnit(pair.value, guess.param)?.bytes)) continue;
    const reading = readPair(ctx, guess, pair, options);
    const previous = readings.findIndex((r) => r.guess.param === guess.param);
    // the same name assigned again (`CAPACITY = 10**9` then `CAPACITY = 2000`) rebinds it: the later value is used
    const rebound = previous >= 0 && readings[previous].pair.key === pair.key && reading.value !== undefined;
    if (previous < 0) readings.push(reading);
    else if (rebound || (readings[previous].value === undefined && reading.value !== undefined)) readings[previous] = reading;
  }
  const has = (param: string) => readings.some((r) => r.guess.param === param && r.value !== undefined);
  // a lone "size" is a number of bits (`SEARCH_BLOOM_FILTER_SIZE = 500`), when it is a whole number of bits a filter could have
  const lone = !readings.some((r) => r.value !== undefined && r.guess.param !== 'size');
  if (lone && !readings.some((r) => typeof r.value === 'number' && Number.isInteger(r.value) && r.value >= MIN_LONE_BITS)) return undefined;
  // (nor in a minified or generated line: one there says nothing a reader would take for a filter's setting)
  if (lone && ctx.source.lineText(ctx.source.lineOf(start)).length > MAX_LONE_LINE) return undefined;
  const last = pairs.reduce((max, pair) => Math.max(max, pair.valueEnd), start);
  const b = builder(ctx, GENERIC_ID, `Bloom filter settings guessed from names (${scope?.anchorName ?? pairs[0].key})`, start, last);
  const code = ctx.source.family === 'c' || ctx.source.family === 'js' || ctx.source.family === 'python';
  const read: string[] = [];
  for (const { guess, pair, value, expression, seeds } of readings) {
    let param: ParamName;
    if (guess.param === 'size') {
      // "size" is a count of items next to a false-positive rate, a number of bits next to a hash count
      param = has('p') || has('m') ? 'n' : 'm';
      if (has(param)) continue;
    } else if (guess.param === 'm' && guess.scale === undefined && typeof value === 'number' && value <= MAX_BITS_PER_KEY && !has('n') && !has('k') && ctx.hint('lsm-engine', LSM_ENGINE)) {
      // a few "bits" in a log-structured store's settings (`bloom_filter_bits = 10`) are bits per key, not a filter of 10 bits
      param = 'bitsPerElement';
    } else param = guess.param;
    if (b.stated(param)) continue;
    if (value === undefined) {
      if (/\d/.test(pair.value) || /^[A-Z][A-Z0-9_]{2,}$/.test(pair.value) || (code && /^[a-z_]\w*$/.test(pair.value) && !PRIMITIVE_TYPE.test(pair.value))) b.unevaluated(param, pair.value);
      continue;
    }
    if (seeds) b.set('k', value, { kind: 'constant', text: pair.value, range: ctx.source.range(pair.valueStart, pair.valueEnd) });
    else if (expression !== pair.value) b.argument(param, expression, { eval: options, kind: 'config', scale: guess.scale, check: CHECKS[param] });
    else b.argument(param, pair.value, { eval: options, kind: code ? undefined : 'config', at: pair.valueStart, scale: guess.scale, check: CHECKS[param] });
    if (b.draft.params[param] !== undefined) read.push(`${param} ← ${pair.key}${guess.scale === 8 ? ' (bytes × 8)' : ''}${seeds ? ' (the list counted)' : ''}`);
  }
  if (read.length === 0) return undefined;
  b.note(`guessed from names: ${read.join(', ')}`);
  return b.derive(textbook).build();
}

/** A type written where a value may stand (`capacity: int`): no expression to show as unevaluated. */
const PRIMITIVE_TYPE = /^(?:int|float|str|bool|bytes|number|string|boolean|bigint|usize|isize|[uif](?:8|16|32|64|128)|double|long|short|char|byte|any|object|uint|null|true|false|undefined|none|nil|self|this)$/;

/** Textbook sizing for an unknown implementation: m = ceil(-n ln p / ln²2), k = round(m/n ln 2). */
function textbook(params: FilterParams): LibraryDerivation {
  const { n, p, m, k, bitsPerElement } = params;
  const note = ['an unknown implementation: textbook sizing, its own rounding may differ'];
  if (m !== undefined && k !== undefined) return { m, k };
  if (n !== undefined && p !== undefined) {
    const bits = Math.ceil((-n * Math.log(p)) / (Math.LN2 * Math.LN2));
    return { m: m ?? bits, k: k ?? Math.max(1, Math.round(((m ?? bits) / n) * Math.LN2)), notes: note };
  }
  if (n !== undefined && m !== undefined) return { m, k: Math.max(1, Math.round((m / n) * Math.LN2)), notes: note };
  if (bitsPerElement !== undefined) return { bitsPerElement, k: k ?? Math.max(1, Math.round(bitsPerElement * Math.LN2)), notes: note };
  return {};
}

// ------------------------------------------------------------------ the recogniser

/** The Bloom-named token around `offset`: an identifier / key with dots and dashes. */
function tokenAround(text: string, offset: number): { start: number; end: number } {
  let start = offset;
  while (start > 0 && offset - start < 120 && /[\w.$-]/.test(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && end - offset < 120 && /[\w$-]/.test(text[end])) end++;
  // dotted and `::` paths: `Redis::Bloomfilter.new`, `BloomFilter::Native.new`
  while (end < text.length && end - offset < 160 && (text[end] === '.' || (text[end] === ':' && text[end + 1] === ':')) && /[\w$]/.test(text[end + (text[end] === ':' ? 2 : 1)] ?? '')) {
    end += text[end] === ':' ? 2 : 1;
    while (end < text.length && /[\w$-]/.test(text[end])) end++;
  }
  while (text[start] === '.' || text[start] === '-') start++;
  while (end > start && text[end - 1] === '-') end--;
  return { start, end };
}

/** Flat `key = value` pairs whose key itself says Bloom (`bloom.filter.fpp=0.01`, `BLOOM_CAPACITY`, `bloom-filter-bits-per-key`). */
function flatPair(ctx: ScanContext, start: number, end: number): Pair | undefined {
  const text = ctx.text;
  // the pair of this key and a value read at its place
  const keyed = (value: { text: string; start: number; end: number }): Pair => ({ key: text.slice(start, end), keyStart: start, value: value.text, valueStart: value.start, valueEnd: value.end, container: -1 });
  // JSON: text inside a string value (`"value": "hoodie.index.bloom.num_entries = 60000"`) is no key of the document
  if (ctx.source.family === 'json' && /:\s*"[^"\n]*$/.test(text.slice(Math.max(0, start - 200), start))) return undefined;
  let i = end;
  if (text[i] === '"' || text[i] === '\'' || text[i] === '`') i++;
  const lineEnd = Math.min(ctx.source.lineEnd(ctx.source.lineOf(start)), end + LOOK_AROUND);
  const hadoop = /^[ \t]*<\/name>[ \t\r\n]*<value>[ \t]*([^<]{1,80}?)[ \t]*<\/value>/.exec(text.slice(i, i + 200));
  if (hadoop) {
    const valueStart = i + hadoop[0].indexOf('<value>') + 7 + (hadoop[0].slice(hadoop[0].indexOf('<value>') + 7).length - hadoop[0].slice(hadoop[0].indexOf('<value>') + 7).trimStart().length);
    return { key: text.slice(start, end), keyStart: start, value: hadoop[1], valueStart, valueEnd: valueStart + hadoop[1].length, container: -1 };
  }
  // Kubernetes env: `- name: BLOOM_CAPACITY` and `value: "1000"` on the next line
  const lineStart = ctx.source.lineStart(ctx.source.lineOf(start));
  if (/(?:^|[\s{,-])name:[ \t]*["']?$/.test(text.slice(Math.max(lineStart, start - LOOK_AROUND), start))) {
    const env = /^["']?[ \t]*\r?\n[ \t]*value:[ \t]*/.exec(text.slice(i - (text[i - 1] === '"' || text[i - 1] === '\'' ? 1 : 0), i + 200));
    const valueAt = env ? i - (text[i - 1] === '"' || text[i - 1] === '\'' ? 1 : 0) + env[0].length : -1;
    const value = env ? readScalar(ctx, valueAt, ctx.source.lineEnd(ctx.source.lineOf(valueAt))) : undefined;
    if (value) return keyed(value);
  }
  // a function that returns its setting's default (serde `fn default_bloom_fpp() -> f64 { 0.01 }`, Go
  // `func defaultBloomFPR() float64 { return 0.01 }`, Python `def default_bloom_capacity(): return 10_000`)
  if (/(?:^|\s)(?:fn|func|def)[ \t]+$/.test(text.slice(Math.max(lineStart, start - 10), start))) {
    const body = /^\(\s*\)\s*(?:->\s*[\w:<>]+\s*\{\s*|[\w.]+\s*\{\s*return\s+|(?:->\s*[\w.]+\s*)?:\s*return\s+)([^{};\n]+?)\s*(?:\}|;|$)/m.exec(text.slice(end, end + 120));
    if (!body) return undefined;
    const value = body[1].replace(/\s*(?:\/\/|#).*$/, ''); // (a comment after the value: `0.001 // 0.1 %`)
    const valueStart = end + body[0].indexOf(body[1], body[0].length - body[1].length - 4);
    return { key: text.slice(start, end), keyStart: start, value, valueStart, valueEnd: valueStart + value.length, container: -1 };
  }
  // a declaration whose default an annotation states (`@DefaultValue("0.001") double bloomFpp();`)
  if (text[end] === '(' || /^\s*[;=]/.test(text.slice(end, end + 3))) {
    const annotated = ANNOTATED_DEFAULT_BEFORE.exec(text.slice(Math.max(0, start - 300), start));
    if (annotated) {
      const value = annotated[1] ?? annotated[2];
      const at = Math.max(0, start - 300) + annotated.index;
      const valueStart = at + annotated[0].indexOf(`"${value}"`) + 1;
      return { key: text.slice(start, end), keyStart: at, value, valueStart, valueEnd: valueStart + value.length, container: -1 };
    }
  }
  // a command-line field's default in its attribute (clap `#[arg(long, default_value_t = 1 << 30)]` above
  // `bloom_filter_size: usize,`): the value the program runs with unless told otherwise
  if (ctx.source.languageId === 'rust' && /^\s*:/.test(text.slice(end, end + 4))) {
    const attributes = /((?:[ \t]*#\[(?:arg|clap|structopt|argh|option)\b[^\]\n]*\][ \t]*\r?\n|[ \t]*\/\/\/[^\n]*\n)+)[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?$/.exec(text.slice(Math.max(0, lineStart - 600), lineStart) + text.slice(lineStart, start));
    const fallback = attributes ? /\bdefault_value(?:_t)?\s*=\s*("[^"\n]*"|[^,)\]\n]+)/.exec(attributes[1]) : null;
    if (fallback) {
      const valueText = fallback[1].trim().replace(/^"(.*)"$/, '$1');
      const valueStart = text.lastIndexOf(fallback[1], start) + (fallback[1].trim().startsWith('"') ? 1 : 0);
      // (the setting starts at its attribute, as an annotated default does)
      const attributeAt = text.lastIndexOf('#[', valueStart);
      return { key: text.slice(start, end), keyStart: attributeAt, value: valueText, valueStart, valueEnd: valueStart + valueText.length, container: -1 };
    }
  }
  // C/C++ `#define BLOOM_BITS (1 << 20)`
  if (/#[ \t]*define[ \t]+$/.test(text.slice(Math.max(lineStart, start - 40), start)) && /^[ \t]/.test(text[end] ?? '')) {
    const value = readScalar(ctx, end, lineEnd);
    if (value) return keyed(value);
  }
  // a quoted key and its value as the next argument: flag.Uint("bloom-capacity", 5000000, ...), getenv("BLOOM_N", "1000"), conf.set("bloom.fpp", 0.01)
  const quote = text[end];
  const callee = calleeBefore(text, start - 1);
  const configCall = callee !== undefined && /^(?:flag\.\w+|var|\w*(?:get|set|put|env|option|default|conf|param|propert|setting|define|int|uint|float|long|double|number)\w*)$/i.test(callee.startsWith('flag.') ? callee : callee.replace(/^.*\./, ''));
  if (configCall && (quote === '"' || quote === '\'') && text[start - 1] === quote && /^[ \t]*,/.test(text.slice(i, i + 20))) {
    const value = readScalar(ctx, i + text.slice(i, i + 20).indexOf(',') + 1, lineEnd);
    if (value && evaluateQuietly(ctx, value.text)) return keyed(value);
    return undefined;
  }
  // the key alone, its fallback at the end of a chain: Scala `settings.get("bloom.fpp").map(_.toDouble).getOrElse(0.001)`
  const chained = configCall && (quote === '"' || quote === '\'') && text[start - 1] === quote
    ? /^[ \t]*\)(?:\s*\.\s*\w+\s*\((?:[^()\n]|\([^()\n]*\))*\)){0,3}\s*\.\s*(?:getOrElse|orElse|unwrap_or|or_else)\s*\(/.exec(text.slice(i, i + 160)) : null;
  if (chained) {
    const valueAt = i + chained[0].length;
    const value = readScalar(ctx, valueAt, ctx.source.lineEnd(ctx.source.lineOf(valueAt)));
    if (value && evaluateQuietly(ctx, value.text)) return keyed(value);
    return undefined;
  }
  const sep = /^[ \t]*(?::[ \t]*[A-Za-z_][\w<>\[\]?.]{0,40}[ \t]*(?==)|)(?:=>|:=|\?=|=(?!=)|:(?![:=]))/.exec(text.slice(i, i + 60));
  const flag = !sep && /--[\w-]*$/.test(text.slice(Math.max(0, start - 2), start + 2)) ? /^[ \t]+(?=[\d.])/.exec(text.slice(i, i + 10)) : undefined;
  if (!sep && !flag) return undefined;
  const valueAt = i + (sep ?? flag)![0].length;
  let value = readScalar(ctx, valueAt, lineEnd);
  // `KEY=value` with no spaces (env files, Dockerfile ENV, shell, CLI flags): the value ends at the next blank
  const codeFamily = ctx.source.family === 'c' || ctx.source.family === 'js' || ctx.source.family === 'python';
  if (value && sep && !codeFamily && sep[0] === '=' && /^[^\s"']/.test(text[valueAt] ?? '') && /\s/.test(value.text)) {
    const word = /^\S+/.exec(value.text)![0];
    value = { text: word, start: value.start, end: value.start + word.length };
  }
  if (!value || /^[{[(]/.test(value.text)) return undefined;
  // a declared field's default: pydantic `Field(default=100000, ge=1)`, dataclasses `field(default=0.01)`, attrs `attr.ib(default=7)`
  const declared = /^((?:[\w.]+\.)?(?:Field|field|attrib|ib)\s*\((?:[^()]*?,)?\s*default\s*=\s*)([^,()\n]+)/.exec(value.text);
  if (declared) {
    const inner = declared[2].trim();
    return { key: text.slice(start, end), keyStart: start, value: inner, valueStart: value.start + declared[1].length, valueEnd: value.start + declared[1].length + inner.length, container: -1 };
  }
  return keyed(value);
}

/** The name of the call whose argument list opens just before `at` (`flag.Uint(` -> `flag.Uint`), scanning back a bounded stretch. */
function calleeBefore(text: string, at: number): string | undefined {
  let j = at - 1;
  while (j >= 0 && at - j < 20 && (text[j] === ' ' || text[j] === '\t')) j--;
  if (text[j] !== '(') return undefined;
  j--;
  while (j >= 0 && (text[j] === ' ' || text[j] === '\t')) j--;
  let k = j;
  while (k >= 0 && j - k < 80 && /[\w.]/.test(text[k])) k--;
  return k < j ? text.slice(k + 1, j + 1) : undefined;
}

function evaluateQuietly(ctx: ScanContext, text: string): boolean {
  return builder(ctx, 'probe', '', 0, 0).argument('n', text, { eval: evalOptions(ctx) }) !== undefined;
}

/** A Bloom word as the VALUE of a type key (`"type": "bloom"`, `kind = "bloom"`): the settings are its siblings. */
/** A setting whose value names a class or backend (`X_CLASS = "`, `x.backend: "`), its prefix captured. */
const CLASS_SETTING = /(?:^|[\s{,])["']?([A-Za-z][\w.-]*?)[_.-]?(?:CLASS|Class|class|BACKEND|Backend|backend|IMPL|Impl|impl)["']?[ \t]*(?:=>|:|=)[ \t]*["'][\w.:\\/-]*$/;

/** The settings within 15 lines of `at` whose keys start with `prefix` and name a filter's parameter, as flat entries. */
function prefixSiblings(ctx: ScanContext, at: number, prefix: string): { pair: Pair; prefix: string; indent: number; line: number }[] {
  const source = ctx.source;
  const line = source.lineOf(at);
  const entries: { pair: Pair; prefix: string; indent: number; line: number }[] = [];
  for (let l = Math.max(0, line - 15); l <= Math.min(source.lineCount - 1, line + 15); l++) {
    const content = source.lineText(l);
    const key = new RegExp(`^[ \\t]*["']?(${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\w.-]+)`).exec(content);
    if (!key || !classifyName(key[1])) continue;
    const keyStart = source.lineStart(l) + content.indexOf(key[1]);
    const pair = flatPair(ctx, keyStart, keyStart + key[1].length);
    if (pair) entries.push({ pair, prefix: `\u0000class:${prefix}`, indent: indentOf(content), line: l });
  }
  return entries;
}

const TYPE_KEY = /(?:^|[\s{,"'])(?:type|kind|algorithm|algo|filter|filter[_-]?type|filterType|strategy|impl|implementation)["']?[ \t]*(?:=>|:|=)[ \t]*["']?$/i;

function siblingScope(ctx: ScanContext, at: number, name: string): Scope | undefined {
  const text = ctx.text;
  const source = ctx.source;
  const mask = source.mask();
  // inside braces (JSON, HCL, object literals): the innermost unclosed `{` before the word
  let depth = 0;
  for (let i = at - 1; i >= Math.max(0, at - 2000); i--) {
    if (mask[i] === COMMENT || mask[i] === STRING) continue;
    const c = text[i];
    if (c === '}' || c === ']') depth++;
    else if (c === '{' || c === '[') {
      if (depth === 0) return c === '{' ? bracketScope(ctx, i, i, name) : undefined;
      depth--;
    } else if (c === '\n' && depth === 0 && (source.family === 'hash' || source.family === 'plain')) break;
  }
  // indentation (YAML) or a table (TOML): the lines beside it at the same indentation, up to a header or a new item
  const line = source.lineOf(at);
  const indent = indentOf(source.lineText(line));
  const own = (l: number) => {
    const content = source.lineText(l);
    return content.trim() !== '' && !/^[ \t]*\[/.test(content) && indentOf(content) === indent && !(l !== line && /^[ \t]*-[ \t]/.test(content));
  };
  let first = line;
  while (first > 0 && line - first < 40 && own(first - 1) && !/^[ \t]*-[ \t]/.test(source.lineText(first))) first--;
  let last = line;
  while (last + 1 < source.lineCount && last - line < 40 && own(last + 1)) last++;
  const startOffset = source.lineStart(first) + indentOf(source.lineText(first));
  return { anchorStart: startOffset, anchorName: name, start: source.lineStart(first), end: source.lineEnd(last), fallback: () => startOffset };
}

const analysed = new WeakSet<ScanContext>();
/** Keys read by a scope's finding in the text being analysed. */
let usedKeys = new Set<number>();

function analyse(ctx: ScanContext): Draft[] {
  scanBudget = SCAN_BUDGET;
  usedKeys = new Set<number>();
  filterClasses = bloomEvidencedClasses(ctx);
  try {
    return analyseAnchors(ctx);
  } finally {
    filterClasses = new Set();
  }
}

function analyseAnchors(ctx: ScanContext): Draft[] {
  const text = ctx.text;
  const source = ctx.source;
  const drafts: Draft[] = [];
  const doneScopes = new Set<number>();
  const doneContainers = new Set<number>();
  const flat: { pair: Pair; prefix: string; indent: number; line: number }[] = [];
  // the words, and a filter class's name as written (`Filter` is no `.filter(`), each with its own bound
  const anchors = [...boundedMatches(/bloom|expected[-_.]?insertions|false.?positive|fpp/gi, text, MAX_ANCHORS)];
  if (filterClasses.size > 0) anchors.push(...boundedMatches(new RegExp(`\\b(?:${[...filterClasses].join('|')})\\b`, 'g'), text, MAX_ANCHORS));
  anchors.sort((a, b) => a - b);
  let lastTokenEnd = -1;
  for (const at of anchors) {
    if (at < lastTokenEnd || source.kindAt(at) === COMMENT) continue;
    const token = tokenAround(text, at);
    if (token.start < lastTokenEnd) continue;
    lastTokenEnd = token.end;
    const name = text.slice(token.start, token.end);
    if ((!hasAnchorWord(name) && !guavaVocabulary(ctx, name, token.start)) || hasDecoyWord(name)) continue;
    // the value says what the block is: `type: bloom`, `type: bloom-filter`, `kind = "BloomFilter"`
    if (nameWords(name).filter((word) => !FILLER_WORDS.test(word)).every(isAnchorWord) && TYPE_KEY.test(text.slice(Math.max(source.lineStart(source.lineOf(token.start)), token.start - LOOK_AROUND), token.start))) {
      const siblings = siblingScope(ctx, token.start, name);
      if (siblings && !doneScopes.has(siblings.start)) {
        doneScopes.add(siblings.start);
        drafts.push(...scopeDrafts(ctx, siblings, doneContainers));
      }
      continue;
    }
    // a setting that names a Bloom class (`SCHEDULER_DUPEFILTER_CLASS = "crawl.filters.RedisBloomDupeFilter"`): the
    // settings beside it with the same prefix size it (`SCHEDULER_DUPEFILTER_CAPACITY = 10000`)
    const classSetting = source.kindAt(token.start) === STRING ? CLASS_SETTING.exec(text.slice(Math.max(source.lineStart(source.lineOf(token.start)), token.start - LOOK_AROUND), token.start)) : null;
    if (classSetting) {
      flat.push(...prefixSiblings(ctx, token.start, classSetting[1]).filter((entry) => !flat.some((other) => other.pair.keyStart === entry.pair.keyStart)));
      continue;
    }
    const pair = flatPair(ctx, token.start, token.end);
    if (pair && classifyName(pair.key)) {
      const line = source.lineOf(pair.keyStart);
      const dot = pair.key.lastIndexOf('.');
      // the line's indentation (fields `private long a = 1;` and `private double b = 2;` line up though their names do not)
      // (a key written inside a string, config text a program embeds, never groups with the code's own)
      const inString = source.kindAt(pair.keyStart) === STRING ? '\u0000string' : '';
      flat.push({ pair, prefix: (dot > 0 ? pair.key.slice(0, dot) : '') + inString, indent: indentOf(source.lineText(line)), line });
      continue;
    }
    const scope = scopeFor(ctx, token.start, token.end);
    if (!scope || doneScopes.has(scope.start)) continue;
    doneScopes.add(scope.start);
    drafts.push(...scopeDrafts(ctx, scope, doneContainers));
  }
  // a flat key already read inside a scope (`bloom.capacity = ...` after `bloom = MyBloom()`) is not read twice
  drafts.push(...flatDrafts(ctx, flat.filter((entry) => !usedKeys.has(entry.pair.keyStart))));
  return drafts;
}

function scopeDrafts(ctx: ScanContext, scope: Scope, doneContainers: Set<number>): Draft[] {
  const pairs = pairsIn(ctx, scope.start, scope.end);
  assignBrackets(ctx, pairs, scope.start, scope.end, scope.fallback);
  if (scope.positional) {
    // hand-rolled filter: positional arguments read by the names of its own constructor's parameters
    const positional = scope.positional.args.filter((a) => a.name === undefined);
    positional.forEach((arg, i) => {
      const key = scope.positional!.names[i];
      if (key) pairs.push({ key, keyStart: arg.start, value: arg.text, valueStart: arg.start, valueEnd: arg.end, container: scope.start });
    });
    // what the call leaves out, the constructor written in this file states as its parameters' defaults
    const named = new Set(scope.positional.args.map((a) => a.name).filter((n) => n !== undefined));
    scope.positional.names.forEach((key, i) => {
      const fallback = scope.positional!.defaults?.[i];
      if (i < positional.length || named.has(key) || !fallback || !/^[-+]?[\d.]/.test(fallback.text)) return;
      pairs.push({ key, keyStart: fallback.start, value: fallback.text, valueStart: fallback.start, valueEnd: fallback.end, container: scope.start });
    });
  }
  if (scope.chained) pairs.push(...scope.chained);
  const groups = new Map<number, Pair[]>();
  for (const pair of pairs) {
    const list = groups.get(pair.container) ?? [];
    list.push(pair);
    groups.set(pair.container, list);
  }
  const drafts: Draft[] = [];
  for (const [container, list] of groups) {
    if (doneContainers.has(container)) continue;
    doneContainers.add(container);
    const source = ctx.source;
    const sameLine = groups.size === 1 || source.lineOf(container) === source.lineOf(scope.anchorStart) || container === scope.start;
    const line = source.lineOf(container);
    const sizing = list.filter((pair) => classifyName(pair.key)?.param !== undefined);
    // an annotated group starts at its first Bloom-keyed annotation (`@Value("${jwt.bloom-filter.key:...}")`), sizing or not
    const firstBloomKey = list.filter((pair) => pair.inAnnotation && hasAnchorWord(pair.key)).sort((a, b) => a.keyStart - b.keyStart)[0];
    const annotated = sizing.length > 0 && sizing.every((pair) => pair.inAnnotation) ? source.lineOf((firstBloomKey ?? sizing[0]).keyStart) : undefined;
    // a class's constructor or init whose parameter defaults are the group: the class is the filter (where a reader looks)
    // (Dart's named or optional parameters, `GossipBloom({... double rate = 0.01})`, `WordBloom([this.size = 100])`, open
    // inside the parameter list's parenthesis of a constructor declared on its own line, not a call's `new X({`)
    const declared = /[{[]/.test(ctx.text[container]) && new RegExp(`^\\s*(?:const\\s+|factory\\s+)?${scope.anchorName.replace(/^.*[.:]/, '')}\\s*\\(\\s*$`).test(ctx.text.slice(source.lineStart(source.lineOf(container)), container));
    const open = ctx.text[container] === '(' ? container : declared ? ctx.text.lastIndexOf('(', container) : -1;
    const constructorDefaults = scope.classBody === true && (/^\s*(?:async\s+)?def\s+__init__\b/.test(source.lineText(line)) || (open >= 0
      && new RegExp(`(?:\\bdef\\s+(?:__init__|initialize)|(?:^|[\\s;{}:])(?:init|constructor|(?:explicit\\s+|public\\s+|inline\\s+)*${scope.anchorName.replace(/^.*[.:]/, '')}))\\s*$`).test(ctx.text.slice(Math.max(0, open - 60), open))));
    // ... unless this file constructs it with some arguments: that call is the filter, the defaults fill what it leaves out
    if (constructorDefaults && constructedWithArguments(ctx, scope.anchorName.replace(/^.*[.:]/, ''))) continue;
    const start = annotated !== undefined ? source.lineStart(annotated) + indentOf(source.lineText(annotated))
      : sameLine || constructorDefaults ? scope.anchorStart : source.lineStart(line) + indentOf(source.lineText(line));
    // (an `@Autowired(required = false)` above it is no part of it)
    const draft = groupDraft(ctx, scope, list, annotated !== undefined ? start : Math.min(start, list[0].keyStart));
    if (draft) {
      drafts.push(draft);
      for (const pair of list) usedKeys.add(pair.keyStart);
    }
  }
  if (drafts.length === 0 && scope.classBody === true) {
    const allocated = allocationDraft(ctx, scope);
    if (allocated) drafts.push(allocated);
  }
  return drafts;
}

/**
 * The bit array a filter class allocates, sized by a constant (`bitarray(FILTER_BITS)`, `new BitSet(1 << 20)`,
 * `bytearray(4096)`: bytes): its m, when nothing else in the class states a size. Bounded to the class's first lines.
 */
const BIT_ALLOCATION = /\b(?:bits?|bit_?array|bit_?set|bitmap|bit_?vec(?:tor)?|arr(?:ay)?|cells|slots|filter|table|_bits|_array)[ \t]*(?::[^=\n]{1,40})?=[ \t]*(?:new[ \t]+)?(?:\bbitarray|\bBitArray|\bBitSet|\bBitVector|\bbitvector|\bBitVec::(?:from_elem|repeat)|\bbitvec!\s*\[\s*0\s*;|\bvec!\s*\[\s*false\s*;|(?<bytes>\bbytearray|\bUint8Array|\bBuffer\.alloc|\bmake\s*\(\s*\[\]byte\s*,|\bvec!\s*\[\s*0u8\s*;))\s*\(?\s*([^(),;\]\n]{1,60}|[^(),;\]\n]*\([^()\n]*\)[^(),;\]\n]*)\s*[),\]]/g;

function allocationDraft(ctx: ScanContext, scope: Scope): Draft | undefined {
  const body = ctx.text.slice(scope.start, Math.min(scope.end, scope.start + 3000));
  for (const m of body.matchAll(BIT_ALLOCATION)) {
    const at = scope.start + m.index!;
    if (!ctx.isCode(at)) continue;
    const expression = m[2].trim();
    const probe = builder(ctx, 'probe', '', 0, 0);
    const value = probe.argument('m', expression, { eval: evalOptions(ctx) });
    if (value === undefined || !Number.isInteger(value) || value * (m.groups?.bytes ? 8 : 1) < MIN_LONE_BITS) continue;
    const b = builder(ctx, GENERIC_ID, `Bloom filter sized by the bit array it allocates (${scope.anchorName})`, scope.anchorStart, at + m[0].length);
    const valueAt = at + m[0].lastIndexOf(m[2]);
    b.argument('m', expression, { eval: evalOptions(ctx), at: valueAt, scale: m.groups?.bytes ? 8 : undefined, check: CHECKS.m });
    b.note(`m read from the bit array the class allocates (${m[0].trim()}${m.groups?.bytes ? ': bytes × 8' : ''})`);
    return b.derive(textbook).build();
  }
  return undefined;
}

/** The file calls the class's constructor with some arguments and leaves others to its defaults (`new BloomFilter(CAPACITY)`). */
function constructedWithArguments(ctx: ScanContext, className: string): boolean {
  if (!/^[A-Za-z_]\w*$/.test(className)) return false;
  // a call stands after `new`, an assignment, an open bracket, a comma, `return` or an arrow; a declaration after a modifier
  const call = new RegExp(`(?:\\bnew\\s+|[=(,]\\s*|\\breturn\\s+|=>\\s*)(?:[\\w.]+\\.)?${className}(?:\\s*<[^<>()]{0,60}>)?\\s*\\((?!\\s*\\))`, 'g');
  const parameters = ownParameters(ctx, className)?.length ?? 0;
  for (const match of ctx.text.matchAll(call)) {
    if (!ctx.isCode(match.index! + match[0].indexOf(className))) continue;
    const list = splitArguments(ctx.text, match.index! + match[0].length - 1);
    if (list && list.args.length < parameters) return true;
  }
  return false;
}

/** Where `pattern` matches in `text`, at most `limit` places. */
function* boundedMatches(pattern: RegExp, text: string, limit: number): Generator<number> {
  let count = 0;
  for (let match = pattern.exec(text); match !== null && count++ < limit; match = pattern.exec(text)) {
    if (pattern.lastIndex === match.index) pattern.lastIndex++;
    yield match.index;
  }
}

/** Lines of code from `from` (excluded) to `to` (a doc comment or blank lines between two fields separate nothing); at most FLAT_LINE_GAP + 1. */
function codeLinesBetween(ctx: ScanContext, from: number, to: number): number {
  const source = ctx.source;
  let count = 0;
  for (let line = from + 1; line <= to && line - from <= 40 && count <= FLAT_LINE_GAP; line++) {
    const content = source.lineText(line);
    const first = content.search(/\S/);
    if (first >= 0 && source.kindAt(source.lineStart(line) + first) !== COMMENT && !/^\s*(?:\*|\/\*\*?|\*\/)/.test(content)) count++;
  }
  return to - from > 40 ? FLAT_LINE_GAP + 1 : count;
}

/**
 * Where a flat group starts: its first setting, or a Bloom-named constant just above that its value is computed from
 * (`BAN_BLOOM_WORDS = 512` above `BAN_BLOOM_BITS = BAN_BLOOM_WORDS * 64`): the group's first member.
 */
function groupStart(ctx: ScanContext, first: Pair, line: number): number {
  const source = ctx.source;
  // the first field of a struct literal (`blockstore.CacheOpts{` / `HasBloomFilterSize: ...`): the literal is the filter's
  const above = line > 0 ? source.lineText(line - 1) : '';
  if ((source.family === 'c' || source.family === 'js') && /(?:^|[^\w.])(?:[A-Z]\w*|[a-z]\w*\.[A-Z]\w*)(?:<[^<>\n]*>)?[ \t]*\{[ \t]*$/.test(above)
    && !/\b(?:func|fn|def|fun|class|struct|impl|type|interface|enum|record|object|trait|namespace|module|if|for|else|switch|match|while|try|do)\b/.test(above)) {
    return source.lineStart(line - 1) + (/^\s*/.exec(above)?.[0].length ?? 0);
  }
  // a setting read inside a call written over several lines, its result bound to a Bloom-named local
  // (`bloom_capacity = _as_int(` / `settings.get("DEDUP_BLOOM_CAPACITY", 1_000_000),`): the statement starts at the local
  const opened = /^([ \t]*)(?:(?:let|var|val|const|final)[ \t]+)?([A-Za-z_]\w*)[ \t]*(?::[^=\n]{1,40})?=[ \t]*[\w.]+\($/.exec(above.trimEnd());
  if (opened && hasAnchorWord(opened[2])) return source.lineStart(line - 1) + opened[1].length + (above.slice(opened[1].length).indexOf(opened[2]));
  let start = first.keyStart;
  let value = first.value;
  for (let above = line - 1; above >= Math.max(0, line - 3); above--) {
    const definition = /^[ \t]*(?:(?:pub|const|static|final|private|public|let|var|val|export|constexpr)[ \t]+)*(?:[\w<>]+(?:::[\w<>]+)*[ \t]+)?([A-Za-z_]\w*)[ \t]*(?::[^=\n]{1,40})?=/.exec(source.lineText(above));
    if (!definition || !hasAnchorWord(definition[1]) || !new RegExp(`\\b${definition[1]}\\b`).test(value)) break;
    start = source.lineStart(above) + source.lineText(above).indexOf(definition[1]);
    value = source.lineText(above);
  }
  return start;
}

function flatDrafts(ctx: ScanContext, flat: { pair: Pair; prefix: string; indent: number; line: number }[]): Draft[] {
  const drafts: Draft[] = [];
  const groups: (typeof flat)[] = [];
  const statedIn = new Map<typeof flat, Set<string>>();
  for (const entry of flat) {
    const param = classifyName(entry.pair.key)?.param;
    const group = groups.find((g) => {
      const tail = g[g.length - 1];
      if (tail.prefix !== entry.prefix || !(tail.line === entry.line || (tail.indent === entry.indent && codeLinesBetween(ctx, tail.line, entry.line) <= FLAT_LINE_GAP))) return false;
      // a parameter stated again starts the next filter (`BLOOM_CAP`, `BLOOM_FP_RATE`, then `QUEUE_BLOOM_CAP`, ...)
      return param === undefined || !statedIn.get(g)!.has(param);
    });
    if (group) group.push(entry);
    else groups.push([entry]);
    const params = statedIn.get(group ?? groups[groups.length - 1]) ?? new Set<string>();
    if (param !== undefined) params.add(param);
    statedIn.set(group ?? groups[groups.length - 1], params);
    if (groups.length > 500) break;
  }
  for (const group of groups) {
    const draft = groupDraft(ctx, undefined, group.map((g) => g.pair), groupStart(ctx, group[0].pair, group[0].line));
    if (draft) drafts.push(draft);
  }
  return drafts;
}

export const genericNamed: Recognizer = {
  ids: [GENERIC_ID],
  // (the Bloom formula's ln 2 also marks a filter class that never says "Bloom": `math.log(2) ** 2`, `Math.LN2 * Math.LN2`)
  needles: ['bloom', 'log(2', 'math.ln2', 'expectedinsertions', 'expected_insertions', 'expected-insertions', 'expected.insertions'],
  pattern: /bloom|log\(2|Math\.LN2|expected[-_.]?insertions/gi,
  match(ctx) {
    // the whole text is analysed once, on the first Bloom word; later matches add nothing
    if (analysed.has(ctx)) return undefined;
    analysed.add(ctx);
    return analyse(ctx);
  },
};

/**
 * An application config known by its file name (`config/bloom.php`, `bloom.yaml`) whose text names no Bloom word:
 * its settings are the whole file's.
 */
export function fileNamedDrafts(ctx: ScanContext, fileName: string): Draft[] {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  if (!nameWords(base).some(isAnchorWord) || hasDecoyWord(base)) return [];
  const text = ctx.text;
  // the finding starts at the first setting (`'capacity' => ...`), not at the file's preamble
  const first = /^[ \t]*["']?[\w.-]+["']?[ \t]*(?:=>|=|:)/m.exec(text);
  const start = first ? first.index + first[0].length - first[0].trimStart().length : 0;
  return scopeDrafts(ctx, { anchorStart: start, anchorName: base, start: 0, end: text.length, fallback: () => start }, new Set<number>());
}

/** Names a generic finding read its values from (a specific finding that consumes them makes it redundant). */
export function genericKeys(draft: Draft): string[] {
  const note = draft.notes.find((n) => n.startsWith('guessed from names: ')) ?? '';
  return [...note.matchAll(/← ([\w.$-]+)/g)].map((m) => m[1]);
}
