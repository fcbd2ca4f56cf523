/**
 * A text being scanned: line index, LSP positions, language family and a lazily computed
 * code/string/comment classification of every character (a single linear pass, no regexes).
 */
import type { TextPosition, TextRange } from './types';

/** How a language writes comments and strings (enough to tell code from strings and comments). */
export type LanguageFamily =
  | 'c' // C, C++, Java, Kotlin, Scala, C#, Go, Rust, Swift: // /* */, "..." and '.' char literals
  | 'js' // JavaScript, TypeScript, PHP: // /* */, "...", '...', `...`
  | 'python' // # comments, '...' "..." and triple quotes
  | 'hash' // shell, YAML, TOML, properties, ini, conf, ruby, perl, R, Makefile, Dockerfile: # comments
  | 'sql' // -- and /* */ comments, '...' strings
  | 'lua' // -- comments, '...' "..." strings
  | 'xml' // <!-- --> comments only
  | 'json' // strings only ("..."); jsonc adds // and /* */
  | 'plain'; // markdown, plain text, unknown: no comments, no strings

export const CODE = 0;
export const STRING = 1;
export const COMMENT = 2;

const LANGUAGE_FAMILY: Record<string, LanguageFamily> = {
  c: 'c', cpp: 'c', 'objective-c': 'c', 'objective-cpp': 'c', java: 'c', kotlin: 'c', scala: 'c', csharp: 'c', go: 'c',
  rust: 'c', swift: 'c', dart: 'c', groovy: 'c', proto: 'c', 'proto3': 'c', cuda: 'c', 'cuda-cpp': 'c', zig: 'c',
  javascript: 'js', typescript: 'js', javascriptreact: 'js', typescriptreact: 'js', php: 'js',
  python: 'python',
  shellscript: 'hash', yaml: 'hash', toml: 'hash', properties: 'hash', ini: 'hash', ruby: 'hash', perl: 'hash', r: 'hash',
  makefile: 'hash', dockerfile: 'hash', 'dotenv': 'hash', 'conf': 'hash', powershell: 'hash', elixir: 'hash', 'squid': 'hash',
  sql: 'sql', plsql: 'sql', 'cql': 'sql', mysql: 'sql', postgres: 'sql',
  lua: 'lua', haskell: 'lua',
  xml: 'xml', html: 'xml', xsl: 'xml',
  json: 'json', jsonc: 'json', jsonl: 'json',
  markdown: 'plain', plaintext: 'plain', text: 'plain',
};

const EXTENSION_LANGUAGE: Record<string, string> = {
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hpp: 'cpp', hh: 'cpp', hxx: 'cpp', java: 'java', kt: 'kotlin', kts: 'kotlin',
  scala: 'scala', sc: 'scala', sbt: 'scala', cs: 'csharp', go: 'go', rs: 'rust', swift: 'swift', dart: 'dart', groovy: 'groovy', gradle: 'groovy',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascriptreact', ts: 'typescript', mts: 'typescript', cts: 'typescript',
  tsx: 'typescriptreact', php: 'php', py: 'python', pyi: 'python', pyx: 'python',
  sh: 'shellscript', bash: 'shellscript', zsh: 'shellscript', yaml: 'yaml', yml: 'yaml', toml: 'toml', properties: 'properties',
  ini: 'ini', cfg: 'ini', conf: 'conf', cnf: 'conf', env: 'dotenv', rb: 'ruby', pl: 'perl', r: 'r', ps1: 'powershell', ex: 'elixir', exs: 'elixir', erl: 'erlang', hrl: 'erlang',
  sql: 'sql', cql: 'cql', hql: 'sql', lua: 'lua', hs: 'haskell', xml: 'xml', html: 'html', htm: 'html',
  json: 'json', jsonc: 'jsonc', json5: 'jsonc', jsonl: 'jsonl', proto: 'proto', md: 'markdown', mdx: 'markdown', markdown: 'markdown', txt: 'plaintext', redis: 'shellscript',
};

/** The VS Code language id for a file name (by extension or well-known name); undefined when unknown. */
export function languageFromFileName(fileName: string | undefined): string | undefined {
  if (!fileName) return undefined;
  const base = fileName.replace(/^.*[\\/]/, '').toLowerCase();
  if (base === 'dockerfile') return 'dockerfile';
  if (base === 'makefile') return 'makefile';
  if (base === 'sys.config' || base.endsWith('.app.src')) return 'erlang';
  if (base === 'squid.conf' || base === 'redis.conf' || base === 'my.cnf' || base === 'spark-defaults.conf') return 'conf';
  const dot = base.lastIndexOf('.');
  if (dot < 0) return undefined;
  return EXTENSION_LANGUAGE[base.slice(dot + 1)];
}

export function familyOf(languageId: string | undefined): LanguageFamily {
  if (!languageId) return 'plain';
  return LANGUAGE_FAMILY[languageId.toLowerCase()] ?? 'plain';
}

export class SourceText {
  readonly text: string;
  readonly languageId: string | undefined;
  readonly family: LanguageFamily;
  private readonly lineStarts: number[];
  private maskCache: Uint8Array | undefined;

  /**
   * @param prose tells, from the parse tree, whether a string at an offset is prose (a docstring, a log or
   * print message): such strings read as comments, so they never produce findings.
   */
  constructor(text: string, languageId?: string, fileName?: string, private readonly prose?: (offset: number) => boolean) {
    this.text = text;
    this.languageId = languageId ?? languageFromFileName(fileName);
    this.family = familyOf(this.languageId);
    const starts = [0];
    let at = text.indexOf('\n');
    while (at >= 0) {
      starts.push(at + 1);
      at = text.indexOf('\n', at + 1);
    }
    this.lineStarts = starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  lineStart(line: number): number {
    return this.lineStarts[line];
  }

  /** End offset of a line, excluding its newline (and a preceding \r). */
  lineEnd(line: number): number {
    let end = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] - 1 : this.text.length;
    if (end > this.lineStarts[line] && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  lineText(line: number): string {
    return this.text.slice(this.lineStarts[line], this.lineEnd(line));
  }

  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  positionAt(offset: number): TextPosition {
    const line = this.lineOf(offset);
    return { line, character: offset - this.lineStarts[line] };
  }

  range(start: number, end: number): TextRange {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }

  /** CODE, STRING or COMMENT for the character at `offset`. */
  kindAt(offset: number): number {
    const kind = this.mask()[offset] ?? CODE;
    return kind === STRING && this.prose?.(offset) ? COMMENT : kind;
  }

  mask(): Uint8Array {
    if (!this.maskCache) this.maskCache = classify(this.text, this.family, this.languageId);
    return this.maskCache;
  }
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isWordChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * One linear pass that marks each character as code, string or comment for the language family.
 * Deliberately forgiving: an unterminated string ends at the end of its line (except template and
 * triple-quoted strings), so one stray quote cannot hide the rest of a file.
 */
function classify(text: string, family: LanguageFamily, languageId: string | undefined): Uint8Array {
  const length = text.length;
  const mask = new Uint8Array(length);
  if (family === 'plain') return mask;
  const slashComments = family === 'c' || family === 'js' || (family === 'json' && languageId !== 'json' && languageId !== 'jsonl');
  const blockComments = slashComments || family === 'sql';
  const hashComments = family === 'python' || family === 'hash';
  const dashComments = family === 'sql' || family === 'lua';
  const singleQuoteStrings = family !== 'c' && family !== 'json' && family !== 'xml';
  const backtickStrings = family === 'js' || (family === 'c' && languageId === 'go') || family === 'sql';
  const doubleQuoteStrings = family !== 'xml';
  const tripleQuotes = family === 'python' || languageId === 'kotlin' || languageId === 'scala' || languageId === 'java' || languageId === 'swift';
  const yamlLike = family === 'hash';
  const semicolonComments = languageId === 'ini' || languageId === 'conf' || languageId === 'properties';
  let i = 0;
  const fill = (from: number, to: number, kind: number): void => {
    mask.fill(kind, from, Math.min(to, length));
  };
  while (i < length) {
    const c = text.charCodeAt(i);
    // <!-- --> (xml only)
    if (family === 'xml') {
      if (c === 60 && text.startsWith('<!--', i)) {
        const end = text.indexOf('-->', i + 4);
        const stop = end < 0 ? length : end + 3;
        fill(i, stop, COMMENT);
        i = stop;
        continue;
      }
      i++;
      continue;
    }
    if (slashComments && c === 47 && text.charCodeAt(i + 1) === 47) {
      const stop = lineEndFrom(text, i);
      fill(i, stop, COMMENT);
      i = stop;
      continue;
    }
    if (blockComments && c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? length : end + 2;
      fill(i, stop, COMMENT);
      i = stop;
      continue;
    }
    // Ruby's `=begin` ... `=end` block comment, at the start of a line
    if (languageId === 'ruby' && c === 61 && (i === 0 || text.charCodeAt(i - 1) === 10) && text.startsWith('=begin', i)) {
      const end = indexOfLineStart(text, '=end', i + 6);
      const stop = end < 0 ? length : lineEndFrom(text, end);
      fill(i, stop, COMMENT);
      i = stop;
      continue;
    }
    if (hashComments && c === 35) {
      // '#' starts a comment at the start of a word (YAML/shell rule: after whitespace or at line start)
      const prev = i === 0 ? 10 : text.charCodeAt(i - 1);
      if (!yamlLike || prev === 10 || prev === 32 || prev === 9 || prev === 13 || prev === 59) {
        const stop = lineEndFrom(text, i);
        fill(i, stop, COMMENT);
        i = stop;
        continue;
      }
    }
    if (semicolonComments && (c === 59 || c === 33)) {
      // ';' (ini) or '!' (properties) at the start of a line
      let j = i - 1;
      while (j >= 0 && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j--;
      if (j < 0 || text.charCodeAt(j) === 10) {
        const stop = lineEndFrom(text, i);
        fill(i, stop, COMMENT);
        i = stop;
        continue;
      }
    }
    if (dashComments && c === 45 && text.charCodeAt(i + 1) === 45) {
      // Lua's long comment `--[[ ... ]]` (or `--[==[ ... ]==]`) spans lines
      const long = family === 'lua' ? /^--\[(=*)\[/.exec(text.slice(i, i + 40)) : null;
      if (long) {
        const close = `]${long[1]}]`;
        const end = text.indexOf(close, i + long[0].length);
        const stop = end < 0 ? length : end + close.length;
        fill(i, stop, COMMENT);
        i = stop;
        continue;
      }
      const stop = lineEndFrom(text, i);
      fill(i, stop, COMMENT);
      i = stop;
      continue;
    }
    // Rust raw strings (`r"..."`, `r##"..."##`) and C++ raw strings (`R"(...)"`, `R"sql(...)sql"`) span lines
    if ((c === 114 && languageId === 'rust') || (c === 82 && (languageId === 'cpp' || languageId === 'c'))) {
      const raw = i > 0 && isWordChar(text.charCodeAt(i - 1)) ? null : c === 114 ? /^r(#*)"/.exec(text.slice(i, i + 40)) : /^R"([^()\\\s"]{0,16})\(/.exec(text.slice(i, i + 40));
      if (raw) {
        const close = c === 114 ? `"${raw[1]}` : `)${raw[1]}"`;
        const end = text.indexOf(close, i + raw[0].length);
        const stop = end < 0 ? length : end + close.length;
        fill(i, stop, STRING);
        i = stop;
        continue;
      }
    }
    if (c === 34 || c === 39 || c === 96) {
      if (tripleQuotes && (c === 34 || (c === 39 && family === 'python')) && text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === c) {
        const quote = text.slice(i, i + 3);
        const end = text.indexOf(quote, i + 3);
        const stop = end < 0 ? length : end + 3;
        fill(i, stop, STRING);
        i = stop;
        continue;
      }
      if (c === 39 && !singleQuoteStrings) {
        // C-family: digit separator (120'000), char literal ('a', '\n') or Rust lifetime ('a)
        if (i > 0 && isWordChar(text.charCodeAt(i - 1)) && isDigit(text.charCodeAt(i + 1))) {
          i++;
          continue;
        }
        const close = charLiteralEnd(text, i);
        if (close > 0) {
          fill(i, close, STRING);
          i = close;
        } else {
          i++;
        }
        continue;
      }
      if (c === 96 && !backtickStrings) {
        i++;
        continue;
      }
      if (c === 34 && !doubleQuoteStrings) {
        i++;
        continue;
      }
      const stop = stringEnd(text, i, c, c === 96, family === 'sql');
      fill(i, stop, STRING);
      i = stop;
      continue;
    }
    i++;
  }
  return mask;
}

/** The offset of `token` at the start of a line at or after `from`, or -1. */
function indexOfLineStart(text: string, token: string, from: number): number {
  for (let at = text.indexOf(token, from); at >= 0; at = text.indexOf(token, at + token.length)) {
    if (at === 0 || text.charCodeAt(at - 1) === 10) return at;
  }
  return -1;
}

function lineEndFrom(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  return nl < 0 ? text.length : nl;
}

/** End (exclusive) of a quoted string starting at `start`. */
function stringEnd(text: string, start: number, quote: number, multiline: boolean, doubledQuoteEscapes: boolean): number {
  let i = start + 1;
  const length = text.length;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === 92 && !doubledQuoteEscapes) {
      i += 2;
      continue;
    }
    if (c === quote) {
      if (doubledQuoteEscapes && text.charCodeAt(i + 1) === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    if (c === 10 && !multiline) return i;
    i++;
  }
  return length;
}

/** End (exclusive) of a C-style char literal at `start`, or 0 when it is not one (a lifetime, a stray quote). */
function charLiteralEnd(text: string, start: number): number {
  const limit = Math.min(text.length, start + 12);
  let i = start + 1;
  if (text.charCodeAt(i) === 92) i += 2;
  else i += 1;
  for (; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 39) return i + 1;
    if (c === 10) return 0;
    if (text.charCodeAt(start + 1) !== 92) return 0;
  }
  return 0;
}
