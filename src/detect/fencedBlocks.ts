/**
 * Code blocks of a Markdown document read in their own language (issue 17: documentation sketches). A fenced block
 * tagged ```python, ```ts, ```go ... is scanned as a text of that language (its grammar, its parameter defaults, its
 * comments), and its findings replace the Markdown reading's findings on the same lines; findings only the Markdown
 * reading makes (prose-level settings, untagged blocks, configuration languages) stay.
 */
import type { Finding } from './types';

/** Fence tags of code languages and the language they are read as (configuration and shell blocks stay Markdown's). */
const TAGS = new Map<string, string>([
  ['python', 'python'], ['py', 'python'], ['python3', 'python'],
  ['javascript', 'javascript'], ['js', 'javascript'], ['node', 'javascript'], ['jsx', 'javascript'], ['mjs', 'javascript'],
  ['typescript', 'typescript'], ['ts', 'typescript'], ['tsx', 'typescript'],
  ['java', 'java'], ['kotlin', 'kotlin'], ['kt', 'kotlin'], ['scala', 'scala'], ['go', 'go'], ['golang', 'go'],
  ['rust', 'rust'], ['rs', 'rust'], ['ruby', 'ruby'], ['rb', 'ruby'], ['php', 'php'],
  ['csharp', 'csharp'], ['cs', 'csharp'], ['c#', 'csharp'], ['c', 'c'], ['cpp', 'cpp'], ['c++', 'cpp'], ['cc', 'cpp'],
  ['lua', 'lua'], ['swift', 'swift'], ['dart', 'dart'], ['elixir', 'elixir'], ['ex', 'elixir'],
]);

/** Every language a block may be read as. */
export const BLOCK_LANGUAGES: readonly string[] = [...new Set(TAGS.values())];

/** At most this many blocks of one document are read on their own (bounded work on any input). */
const MAX_BLOCKS = 200;

export interface FencedBlock {
  readonly languageId: string;
  /** 0-based line of the block's first line of code. */
  readonly firstLine: number;
  readonly text: string;
}

/** The fenced code blocks of a Markdown text whose tag names a code language. */
export function fencedBlocks(text: string): FencedBlock[] {
  const lines = text.split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length && blocks.length < MAX_BLOCKS; i++) {
    // (a block inside a quote, `> ```go`: its lines keep their columns, the quote marks read as blanks)
    const open = /^((?:[ \t]{0,3}>)*[ \t]{0,3})(`{3,}|~{3,})[ \t]*\{?\.?([\w#+.-]*)/.exec(lines[i]);
    if (!open) continue;
    const quoted = open[1].includes('>');
    const unquote = (line: string) => (quoted ? line.replace(/^(?:[ \t]{0,3}>)+/, (marks) => ' '.repeat(marks.length)) : line);
    const fence = open[2];
    let end = i + 1;
    // (a quoted block's closing fence stands after its quote marks, read as blanks: any indent)
    const close = new RegExp(`^[ \\t]${quoted ? '*' : '{0,3}'}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    while (end < lines.length && !close.test(unquote(lines[end]))) end++;
    const languageId = TAGS.get(open[3].toLowerCase());
    if (languageId) blocks.push({ languageId, firstLine: i + 1, text: lines.slice(i + 1, end).map(unquote).join('\n') });
    i = end;
  }
  return blocks;
}

/** The languages of a Markdown text's code blocks (their grammars are worth loading). */
function fencedLanguages(text: string): string[] {
  if (!text.includes('```') && !text.includes('~~~')) return [];
  return [...new Set(fencedBlocks(text).map((block) => block.languageId))];
}

/** The languages whose grammars reading a text needs: its own, and for Markdown its code blocks'. */
export function languagesToRead(text: string, languageId: string | undefined): string[] {
  const own = languageId === undefined ? [] : [languageId];
  return languageId === 'markdown' ? [...own, ...fencedLanguages(text)] : own;
}

/**
 * The blocks of one language joined into one text, read as one program (a tutorial imports in its first block what its
 * later blocks use), with the Markdown line of each of its lines.
 */
export function joinedByLanguage(blocks: readonly FencedBlock[]): { languageId: string; text: string; markdownLine: (line: number) => number }[] {
  const byLanguage = new Map<string, FencedBlock[]>();
  for (const block of blocks) byLanguage.set(block.languageId, [...(byLanguage.get(block.languageId) ?? []), block]);
  return [...byLanguage].map(([languageId, group]) => {
    const starts: number[] = [];
    let line = 0;
    for (const block of group) {
      starts.push(line);
      line += block.text.split('\n').length;
    }
    const markdownLine = (joined: number): number => {
      let i = starts.length - 1;
      while (i > 0 && starts[i] > joined) i--;
      return group[i].firstLine + joined - starts[i];
    };
    return { languageId, text: group.map((block) => block.text).join('\n'), markdownLine };
  });
}

/** Every position (`{ line, character }`) in a finding mapped (to the document's lines, to the columns as written). */
export function mapPositions<T>(value: T, map: (line: number, character: number) => { line: number; character: number }): T {
  if (Array.isArray(value)) return value.map((item) => mapPositions(item, map)) as T;
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (typeof record.line === 'number' && typeof record.character === 'number') return { ...record, ...map(record.line, record.character) } as T;
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, mapPositions(item, map)])) as T;
}

/**
 * The Markdown reading's findings with the blocks' own: a block's finding replaces the Markdown reading's findings whose
 * lines overlap it; the Markdown reading's other findings stay.
 */
export function mergeBlockFindings(markdown: readonly Finding[], inBlocks: readonly Finding[]): Finding[] {
  const replaced = new Set(markdown.filter((other) => inBlocks.some((finding) => other.range.start.line <= finding.range.end.line && finding.range.start.line <= other.range.end.line)));
  return [...inBlocks, ...markdown.filter((finding) => !replaced.has(finding))]
    .sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
