/** Helpers shared by recognisers: call-style recognisers, key/value extraction, language tests. */
import { Argument, Draft, DraftBuilder, ScanContext, splitArguments } from '../engine';
import type { Recognizer } from '../recognizer';

export const JVM = new Set(['java', 'kotlin', 'scala', 'groovy']);
export const JS = new Set(['javascript', 'typescript', 'javascriptreact', 'typescriptreact']);

export function lang(ctx: ScanContext): string {
  return ctx.source.languageId ?? '';
}

/** The language is one of `set`, or unknown (plain text / markdown), where hints decide. */
export function langIs(ctx: ScanContext, set: ReadonlySet<string> | readonly string[], allowPlain = true): boolean {
  const id = lang(ctx);
  const has = set instanceof Set ? set.has(id) : (set as readonly string[]).includes(id);
  return has || (allowPlain && ctx.source.family === 'plain');
}

export function isPlain(ctx: ScanContext): boolean {
  return ctx.source.family === 'plain';
}

/** The file defines its own class/struct/type of this name: calls to it are not a library's. */
export function definesOwn(ctx: ScanContext, name: string): boolean {
  return ctx.hint(`defines:${name}`, new RegExp(`\\b(?:class|struct|interface|type|function|def|fn|enum)\\s+${name}\\b`));
}

export interface CallSpec {
  readonly ids: readonly string[];
  readonly needles: readonly string[];
  /** Must end with the opening bracket of the argument list. */
  readonly pattern: RegExp;
  /** Calls in string literals are normally not configurations; set for SQL-like syntaxes. */
  readonly allowInString?: boolean;
  build(ctx: ScanContext, args: Argument[], start: number, end: number, match: RegExpExecArray): Draft | readonly Draft[] | undefined;
}

/** A recogniser for `name(args)` calls: checks the call is in code, splits its arguments, builds the draft. */
export function callRecognizer(spec: CallSpec): Recognizer {
  return {
    ids: spec.ids,
    needles: spec.needles,
    pattern: spec.pattern,
    match(ctx, match, at) {
      const kind = ctx.source.kindAt(at);
      if (kind === 2 || (kind === 1 && !spec.allowInString)) return undefined;
      const open = at + match[0].length - 1;
      const list = splitArguments(ctx.text, open);
      if (!list) return undefined;
      return spec.build(ctx, list.args, at, list.end, match);
    },
  };
}

export function builder(ctx: ScanContext, id: string, title: string, start: number, end: number): DraftBuilder {
  return new DraftBuilder(ctx, id, title, start, end);
}

/** Looks ahead within one statement (to `;` or a blank line, bounded) for `.method(arg)`; returns the argument list. */
export function chainedCall(ctx: ScanContext, from: number, method: string): { args: Argument[]; end: number } | undefined {
  const limit = Math.min(ctx.text.length, from + 600);
  const pattern = new RegExp(`\\.\\s*${method}\\s*\\(`, 'g');
  pattern.lastIndex = from;
  const stop = ctx.text.slice(from, limit).search(/;|\n\s*\n/);
  const end = stop < 0 ? limit : from + stop;
  const match = pattern.exec(ctx.text);
  if (!match || match.index >= end) return undefined;
  return splitArguments(ctx.text, match.index + match[0].length - 1);
}

/** Type names a declaration writes where a value would stand. */
const TYPE_NAME = /^(?:\?:?|number|double|float|int|integer|long|bigint|decimal|real|numeric|string|text|str|bool|boolean|Double|Float|Integer|Long|Number|f32|f64|u32|u64|usize|i32|i64|float64|float32|int64|uint64)$/;

/** After a config key ending at `keyEnd`, reads its value: `= v`, `: v`, `=> 'v'`, `", v`, `</name><value>v</value>`, `` ` v``. */

export function readValue(ctx: ScanContext, keyEnd: number): { text: string; start: number; end: number } | undefined {
  const text = ctx.text;
  let i = keyEnd;
  const limit = Math.min(text.length, keyEnd + 200);
  const xml = /^\s*<\/name>\s*<value>\s*([^<]{0,100}?)\s*<\/value>/.exec(text.slice(i, i + 300));
  if (xml) {
    const start = i + xml[0].indexOf(xml[1], xml[0].indexOf('<value>'));
    return xml[1] === '' ? undefined : { text: xml[1], start, end: start + xml[1].length };
  }
  // a key named in a string whose value is the next field: Terraform's helm_release `set { name = "a.b.key"  value = "0.01" }`
  const nextField = /^["'][ \t]*\r?\n[ \t]*value[ \t]*[=:][ \t]*/.exec(text.slice(i, i + 200));
  if (nextField && /(?:^|[\s{])name[ \t]*[=:][ \t]*["'][^"'\n]*$/.test(text.slice(Math.max(0, keyEnd - 200), keyEnd))) i += nextField[0].length;
  else if (text[i] === '"' || text[i] === '\'' || text[i] === '`') i++;
  while (i < limit && (text[i] === ' ' || text[i] === '\t')) i++;
  const separated = text.startsWith('=>', i) || text[i] === '=' || text[i] === ':' || text[i] === ',';
  if (text.startsWith('=>', i)) i += 2;
  else if (separated) i++;
  while (i < limit && (text[i] === ' ' || text[i] === '\t')) i++;
  if (i >= limit) return undefined;
  const quote = text[i];
  if (quote === '"' || quote === '\'') {
    const close = text.indexOf(quote, i + 1);
    if (close < 0 || close - i > 120 || text.slice(i, close).includes('\n')) return undefined;
    return { text: text.slice(i + 1, close), start: i + 1, end: close };
  }
  // a backslash or quote ends it: `0.01\nAND` in an escaped string, `... = 0.02"` at the end of a string literal
  const bare = /^[^\s,;)}\]#<\\"'`]+/.exec(text.slice(i, i + 120));
  if (!bare) return undefined;
  // a declared type, not a value: a DDL column `bloom_filter_fp_chance double`, a TS property `bloom_filter_fp_chance?: number`
  if (TYPE_NAME.test(bare[0]) || (!separated && !/^[-+.\d]/.test(bare[0]))) return undefined;
  // a row of a parameter table (`orc.bloom.filter.fpp 0.05 false positive probability for ...`): a description follows
  if (!separated && /^\S+\s+[A-Za-z]+\s+[A-Za-z]+\s+[A-Za-z]+/.test(text.slice(i, i + 120))) return undefined;
  return { text: bare[0], start: i, end: i + bare[0].length };
}

/** True when the argument is a literal string (not a number). */
export function isStringLiteral(text: string): boolean {
  return /^(["'`]).*\1$/s.test(text.trim());
}

/**
 * BlockBasedTableOptions::format_version set in the same file, outside comments: C++ `table_options.format_version = 4;`, an
 * OPTIONS file or options string `format_version=4`, Java `setFormatVersion(4)`. Below 5, RocksDB's Bloom policy builds the
 * legacy filter (table/block_based/filter_policy.cc, BloomLikeFilterPolicy::GetBuilderWithContext).
 */
export function rocksDbFormatVersion(ctx: ScanContext): number | undefined {
  const pattern = /\bformat_version\s*[=:]\s*(\d+)|\bsetFormatVersion\s*\(\s*(\d+)\s*\)/g;
  for (let match = pattern.exec(ctx.text); match; match = pattern.exec(ctx.text)) {
    if (!ctx.isComment(match.index)) return Number(match[1] ?? match[2]);
  }
  return undefined;
}

/** The recogniser id and title of a RocksDB Bloom policy: the legacy filter when the file sets format_version < 5. */
export function rocksDbBloomKind(ctx: ScanContext, id: string, title: string): { id: string; title: string; legacyFormat?: number } {
  const version = rocksDbFormatVersion(ctx);
  return version !== undefined && version < 5 ? { id: 'rocksdb.legacyBloom', title: `${title} (format_version ${version}: legacy Bloom)`, legacyFormat: version } : { id, title };
}
