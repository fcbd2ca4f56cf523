/**
 * Config files read by position-keeping parsers (pure JS, so the same in the node and the web worker host):
 * YAML with `yaml` (parseAllDocuments, node ranges), JSON and JSONC with `jsonc-parser` (parseTree, offsets),
 * TOML with `toml-eslint-parser` (parseTOML, ranges). Each scalar setting comes out with its full key path
 * (`spark.sql.optimizer.runtime.bloomFilter.numBits` for keys nested over five lines) and the offsets of its
 * key and value text. A text that does not parse cleanly (half-typed YAML) gives nothing: the text readers,
 * which run anyway, stay the readers of record; these entries only add what they cannot see.
 */
import { parseTree, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import { parseTOML } from 'toml-eslint-parser';
import { isAlias, isMap, isPair, isScalar, isSeq, parseAllDocuments, type Scalar } from 'yaml';

/** One scalar setting: its key path from the document's root and where its key and value stand in the text. */
export interface ConfigEntry {
  /** Keys from the root (a sequence item is its index): `['spark', 'sql', 'optimizer', ...]`. */
  readonly path: readonly string[];
  readonly keyStart: number;
  readonly keyEnd: number;
  /** The value as written, without quotes (a block scalar's content), and its offsets in the text. */
  readonly value: { readonly text: string; readonly start: number; readonly end: number };
}

/**
 * Texts longer than this are left to the text readers: composing a YAML document costs 2-4 ms per KB on a busy machine
 * (14 KB: 25 ms min, 62 ms median), and detection of files up to 256 KB runs on the extension host.
 */
export const MAX_CONFIG_LENGTH = 8_000;
/** Entries read from one text at most (bounded memory on generated files). */
const MAX_ENTRIES = 20_000;

export type ConfigFormat = 'yaml' | 'json' | 'toml';

/** The format a VS Code language id is parsed as, if any. */
export function configFormat(languageId: string | undefined): ConfigFormat | undefined {
  if (languageId === 'yaml') return 'yaml';
  if (languageId === 'json' || languageId === 'jsonc') return 'json';
  if (languageId === 'toml') return 'toml';
  return undefined;
}

/** The settings of a config text, or undefined when it is not a parsed format, too long, or does not parse cleanly. */
export function configEntries(text: string, languageId: string | undefined): readonly ConfigEntry[] | undefined {
  const format = configFormat(languageId);
  if (!format || text.length > MAX_CONFIG_LENGTH) return undefined;
  try {
    if (format === 'yaml') return yamlEntries(text);
    if (format === 'json') return jsonEntries(text);
    return tomlEntries(text);
  } catch {
    return undefined; // a parser bug or a pathological input: the text readers decide
  }
}

const cache = new WeakMap<object, readonly ConfigEntry[] | null>();

/** `configEntries` of a text, computed once per owner (the scan context of that text). */
export function cachedConfigEntries(owner: object, text: string, languageId: string | undefined): readonly ConfigEntry[] | undefined {
  let entries = cache.get(owner);
  if (entries === undefined) {
    entries = configEntries(text, languageId) ?? null;
    cache.set(owner, entries);
  }
  return entries ?? undefined;
}

// ------------------------------------------------------------------ YAML

function yamlEntries(text: string): ConfigEntry[] | undefined {
  const documents = parseAllDocuments(text);
  if (!Array.isArray(documents)) return undefined; // an empty stream
  if (documents.some((document) => document.errors.length > 0)) return undefined;
  const entries: ConfigEntry[] = [];
  const visit = (node: unknown, path: readonly string[], depth: number): void => {
    if (depth > 40 || entries.length >= MAX_ENTRIES) return;
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair) || !isScalar(pair.key) || !pair.key.range) continue;
        const key = pair.key as Scalar;
        const keyPath = [...path, String(key.value)];
        if (isScalar(pair.value)) {
          const value = yamlValue(text, pair.value as Scalar);
          if (value) entries.push({ path: keyPath, keyStart: key.range![0], keyEnd: key.range![1], value });
        } else if (!isAlias(pair.value)) visit(pair.value, keyPath, depth + 1);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => visit(item, [...path, String(index)], depth + 1));
    }
  };
  for (const document of documents) visit(document.contents, [], 0);
  return entries;
}

/** A YAML scalar's text as written: a plain scalar's source, a quoted one's inside, a block scalar's content. */
function yamlValue(text: string, scalar: Scalar): ConfigEntry['value'] | undefined {
  const range = scalar.range;
  if (!range || scalar.value === null) return undefined;
  const [start, end] = range;
  if (scalar.type === 'QUOTE_DOUBLE' || scalar.type === 'QUOTE_SINGLE') return { text: text.slice(start + 1, end - 1), start: start + 1, end: end - 1 };
  if (scalar.type === 'BLOCK_FOLDED' || scalar.type === 'BLOCK_LITERAL') {
    const content = String(scalar.value).trim();
    const at = content === '' ? -1 : text.indexOf(content, start);
    return at >= 0 && at + content.length <= end ? { text: content, start: at, end: at + content.length } : undefined;
  }
  const written = text.slice(start, end).trimEnd();
  return written === '' ? undefined : { text: written, start, end: start + written.length };
}

// ------------------------------------------------------------------ JSON / JSONC

function jsonEntries(text: string): ConfigEntry[] | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (!root || errors.length > 0) return undefined;
  const entries: ConfigEntry[] = [];
  const visit = (node: JsonNode, path: readonly string[], depth: number): void => {
    if (depth > 40 || entries.length >= MAX_ENTRIES) return;
    if (node.type === 'object') {
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (!key || !value || typeof key.value !== 'string') continue;
        const keyPath = [...path, key.value];
        if (value.type === 'object' || value.type === 'array') visit(value, keyPath, depth + 1);
        else {
          // a string's value is inside its quotes; a number, boolean or null is its own text
          const quoted = value.type === 'string' ? 1 : 0;
          const start = value.offset + quoted;
          const end = value.offset + value.length - quoted;
          entries.push({ path: keyPath, keyStart: key.offset + 1, keyEnd: key.offset + key.length - 1, value: { text: text.slice(start, end), start, end } });
        }
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((item, index) => visit(item, [...path, String(index)], depth + 1));
    }
  };
  visit(root, [], 0);
  return entries;
}

// ------------------------------------------------------------------ TOML

/** The parts of toml-eslint-parser's AST read here (ranges are JS string offsets). */
interface TomlNode {
  readonly type: string;
  readonly range: [number, number];
  readonly body?: TomlNode[];
  readonly elements?: TomlNode[];
  readonly resolvedKey?: (string | number)[];
  readonly key?: { readonly keys: { readonly type: string; readonly name?: string; readonly value?: string; readonly range: [number, number] }[]; readonly range: [number, number] };
  readonly value?: TomlNode;
  readonly kind?: string;
  readonly style?: string;
}

function tomlEntries(text: string): ConfigEntry[] | undefined {
  const ast = parseTOML(text) as unknown as TomlNode; // throws on a syntax error: caught by the caller
  const entries: ConfigEntry[] = [];
  const keyValue = (node: TomlNode, path: readonly string[], depth: number): void => {
    if (depth > 40 || entries.length >= MAX_ENTRIES || !node.key || !node.value) return;
    const keyPath = [...path, ...node.key.keys.map((k) => String(k.name ?? k.value ?? ''))];
    const value = node.value;
    if (value.type === 'TOMLInlineTable') for (const inner of value.body ?? []) keyValue(inner, keyPath, depth + 1);
    else if (value.type === 'TOMLValue') {
      const [start, end] = value.range;
      const quote = value.kind === 'string' ? (/^(?:"""|''')/.test(text.slice(start, start + 3)) ? 3 : 1) : 0;
      entries.push({ path: keyPath, keyStart: node.key.range[0], keyEnd: node.key.range[1], value: { text: text.slice(start + quote, end - quote), start: start + quote, end: end - quote } });
    }
  };
  for (const part of ast.body?.[0]?.body ?? []) {
    if (part.type === 'TOMLKeyValue') keyValue(part, [], 0);
    else if (part.type === 'TOMLTable') {
      const tablePath = (part.resolvedKey ?? []).map(String);
      for (const inner of part.body ?? []) keyValue(inner, tablePath, 0);
    }
  }
  return entries;
}
