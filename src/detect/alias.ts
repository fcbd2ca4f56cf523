/**
 * Local names for a library's classes and packages (issue 17, values resolved like a reader): Scala
 * `import com.google.common.hash.{BloomFilter => GBloomFilter}`, Kotlin/Python/TS/Rust/PHP `... as X`, JS
 * `const bf = require('bloom-filters').BloomFilter`, Python `import pybloom_live as pbl`, Go `bf "github.com/bits-and-blooms/bloom/v3"`.
 * Detection reads the text with each use of a local name (`GBloomFilter.create(`) spelt as the library's own name
 * (`BloomFilter.create(`); line numbers are unchanged, and positions map back to the text as written.
 */

/** One use of a local name replaced by the library's name, on one line. */
export interface AliasEdit {
  readonly line: number;
  /** Column of the local name in the original line. */
  readonly column: number;
  readonly originalLength: number;
  readonly replacementLength: number;
}

export interface Dealiased {
  readonly text: string;
  readonly edits: readonly AliasEdit[];
}

/** Names worth spelling out: a library's filter classes and packages, not every import of a file. */
const RELEVANT = /bloom|cuckoo|filter|rocksdb|leveldb|pebble|redis|fuse|xor|probables|probabilistic/i;
const MAX_ALIASES = 20;

/** Local name -> the library's name, from the file's import statements. */
function findAliases(text: string, languageId: string | undefined, goPackageName?: (importPath: string) => string | undefined): Map<string, string> {
  const aliases = new Map<string, string>();
  const add = (local: string, library: string): void => {
    if (local !== library && local !== '_' && RELEVANT.test(library) && aliases.size < MAX_ALIASES) aliases.set(local, library);
  };
  // Scala `import a.b.{Y => X, Z}`
  for (const m of text.matchAll(/\bimport\s+[\w.]+\.\{([^}\n]{1,300})\}/g)) {
    for (const pair of m[1].matchAll(/(\w+)\s*=>\s*(\w+)/g)) add(pair[2], pair[1]);
  }
  // Kotlin `import a.b.Y as X`, Rust `use a::b::Y as X;`, PHP `use A\B\Y as X;`
  for (const m of text.matchAll(/\b(?:import|use)\s+[\w.:\\]*?(?:\.|::|\\)(\w+)\s+as\s+(\w+)/g)) add(m[2], m[1]);
  // Python `from m import Y as X, Z`, TS `import { Y as X } from`, Rust `use a::{Y as X}`
  for (const m of text.matchAll(/\bfrom\s+[\w.]+\s+import\s+\(?([^\n)]{1,300})|\bimport\s*(?:type\s+)?\{([^}]{1,300})\}\s*from|\buse\s+[\w:]+::\{([^}]{1,300})\}/g)) {
    for (const pair of (m[1] ?? m[2] ?? m[3]).matchAll(/(\w+)\s+as\s+(\w+)/g)) add(pair[2], pair[1]);
  }
  // Python `import pybloom_live as pbl`
  for (const m of text.matchAll(/^[ \t]*import[ \t]+([\w.]+)[ \t]+as[ \t]+(\w+)[ \t]*$/gm)) add(m[2], m[1]);
  // JS `const X = require('lib').Y`, `const { Y: X } = require('lib')`
  for (const m of text.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*require\(\s*['"][^'"\n]+['"]\s*\)\s*\.\s*(\w+)/g)) add(m[1], m[2]);
  for (const m of text.matchAll(/\b(?:const|let|var)\s*\{([^}]{1,300})\}\s*=\s*require\(/g)) {
    for (const pair of m[1].matchAll(/(\w+)\s*:\s*(\w+)/g)) add(pair[2], pair[1]);
  }
  // Go `bf "github.com/bits-and-blooms/bloom/v3"`: the package's own name is the path's last element (a `/vN` suffix skipped)
  // (or, where the library's callees name it otherwise, `cuckoo` for seiflotfy/cuckoofilter, that name)
  if (languageId === 'go' || languageId === 'markdown') {
    // import lines: `import x "path"` and the lines of `import ( ... )` blocks
    const imports = [...text.matchAll(/^[ \t]*import[ \t]*\(([^)]{0,4000})\)|^[ \t]*import[ \t]+\w+[ \t]+"[^"\n]+"/gm)].map((m) => m[1] ?? m[0].replace(/^[ \t]*import/, '')).join('\n');
    for (const m of imports.matchAll(/^[ \t]*(\w+)[ \t]+"([\w.\-/]+)"/gm)) {
      const parts = m[2].split('/').filter((part) => !/^v\d+$/.test(part));
      const last = parts[parts.length - 1] ?? '';
      const name = goPackageName?.(m[2]) ?? (/^[a-z][a-z0-9_]*$/.test(last) ? last : undefined);
      if (name) add(m[1], name);
    }
  }
  return aliases;
}

/**
 * JS module objects whose members are the library's classes: `const bloom_filters_1 = require("bloom-filters")` (as the
 * TypeScript compiler writes it), `import * as bf from 'bloom-filters'`; `bf.BloomFilter` reads as `BloomFilter`.
 */
function findNamespaces(text: string, languageId: string | undefined): Set<string> {
  const namespaces = new Set<string>();
  if (!/^(?:javascript|typescript|javascriptreact|typescriptreact|markdown)$/.test(languageId ?? '')) return namespaces;
  for (const m of text.matchAll(/\b(?:const|let|var)\s+([\w$]+)\s*=\s*(?:__importStar\()?require\(\s*['"]([^'"\n]+)['"]\s*\)\)?\s*[;\n]|\bimport\s*\*\s*as\s+([\w$]+)\s+from\s+['"]([^'"\n]+)['"]/g)) {
    const local = m[1] ?? m[3];
    if (RELEVANT.test(m[2] ?? m[4]) && namespaces.size < MAX_ALIASES) namespaces.add(local);
  }
  return namespaces;
}

/** The text with every use of a local name (`X.`, `X(`, `X::`, `X<`, `X{`, `new X`) spelt as the library's, and the edits made. */
export function dealias(text: string, languageId: string | undefined, goPackageName?: (importPath: string) => string | undefined): Dealiased {
  const aliases = findAliases(text, languageId, goPackageName);
  const namespaces = findNamespaces(text, languageId);
  if (aliases.size === 0 && namespaces.size === 0) return { text, edits: [] };
  const names = [...aliases.keys()].sort((a, b) => b.length - a.length);
  // (a module object's name and its dot, before a capitalised member, are dropped: `bf.BloomFilter` -> `BloomFilter`)
  const namespaced = namespaces.size > 0 ? `(${[...namespaces].map((name) => name.replace(/\$/g, '\\$')).join('|')})\\s*\\.\\s*(?=[A-Z])` : '()(?!)';
  const aliased = names.length > 0 ? `(${names.join('|')})(?=\\s*(?:\\.|\\(|::|<|\\{|\\[))` : '()(?!)';
  const use = new RegExp(`(?<![\\w$.])(?:${namespaced}|${aliased})`, 'g');
  const edits: AliasEdit[] = [];
  // the line of each use, found by moving forward only (uses come in text order), and whether it is an import line
  let line = 0;
  let lineStart = 0;
  let lineEnd = text.indexOf('\n');
  let importLine: boolean | undefined;
  const out = text.replace(use, (local: string, namespace: string | undefined, _name: string | undefined, offset: number) => {
    while (lineEnd >= 0 && offset > lineEnd) {
      line++;
      lineStart = lineEnd + 1;
      lineEnd = text.indexOf('\n', lineStart);
      importLine = undefined;
    }
    // the import statement itself keeps its spelling (a `requires` check reads it)
    importLine ??= /^\s*(?:import|from|use|using)\b|require\(|^\s*\w+\s+"[^"]+"\s*$/.test(text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd));
    if (importLine) return local;
    const library = namespace !== undefined ? '' : aliases.get(local)!;
    edits.push({ line, column: offset - lineStart, originalLength: local.length, replacementLength: library.length });
    return library;
  });
  return { text: out, edits };
}

/** A column of the dealiased text, mapped back to the line as written. */
export function originalColumn(edits: readonly AliasEdit[], line: number, column: number): number {
  let shift = 0;
  for (const edit of edits) {
    if (edit.line !== line) continue;
    const start = edit.column + shift; // where the edit begins in the dealiased line
    if (column >= start + edit.replacementLength) shift += edit.replacementLength - edit.originalLength;
    else if (column > start) return edit.column; // inside the replaced name: its start
  }
  return column - shift;
}
