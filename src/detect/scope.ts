/**
 * Which files a scan reads: one set of exclusions for the CLI's `scan` and the extension's workspace scan.
 *  - vendored, generated and build folders (`vendor/`, `node_modules/`, `third_party/`, `build/`, `target/`, `dist/` ...);
 *  - `.gitignore` files (the directory's own and its ancestors' up to the scanned root), in git's syntax: `#` comments,
 *    `!` negation, a trailing `/` for directories only, a leading or inner `/` anchors to the file's directory, `*`, `?`,
 *    `[...]`, `**` (gitignore(5));
 *  - the user's globs (`--exclude`, setting `bloomLens.scan.exclude`), in the same syntax, relative to the scanned root.
 * Paths are relative, with `/` separators. Pure: no file system access (callers read the files).
 */

/** Folders of other people's code, generated code and build output: never scanned. */
export const EXCLUDED_DIRECTORIES: readonly string[] = [
  '.git', '.hg', '.svn', 'node_modules', 'bower_components', 'vendor', 'third_party', 'third-party', 'thirdparty',
  'build', 'target', 'dist', 'out', 'obj', '.gradle', '.venv', 'venv', '__pycache__', '.tox', '.mypy_cache', '.vscode-test',
];

interface Rule {
  readonly regex: RegExp;
  readonly negated: boolean;
  readonly directoryOnly: boolean;
  /** The directory the pattern is relative to ('' for the root). */
  readonly base: string;
  /** A pattern without a slash matches a name at any depth; otherwise the whole path below `base`. */
  readonly nameOnly: boolean;
}

/** A gitignore glob as a regular expression over `/`-separated paths. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const leading = i === 0 || glob[i - 1] === '/';
        i++;
        if (glob[i + 1] === '/' && leading) {
          out += '(?:.*/)?'; // `**/` matches zero or more directories
          i++;
        } else out += '.*';
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) out += '\\[';
      else {
        const body = glob.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\');
        out += `[${body}]`;
        i = close;
      }
    } else if (c === '\\' && i + 1 < glob.length) out += glob[++i].replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/** The rules of one `.gitignore` (or a list of exclude globs) found in directory `base`. */
export function parseIgnore(text: string, base = ''): Rule[] {
  const rules: Rule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.replace(/(?<!\\)\s+$/, '');
    if (line === '' || line.startsWith('#')) continue;
    const negated = line.startsWith('!');
    if (negated) line = line.slice(1);
    const directoryOnly = line.endsWith('/');
    if (directoryOnly) line = line.slice(0, -1);
    const nameOnly = !line.includes('/');
    if (line.startsWith('/')) line = line.slice(1);
    if (line === '') continue;
    rules.push({ regex: globToRegExp(line), negated, directoryOnly, base: trimSlashes(base), nameOnly });
  }
  return rules;
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

/** The exclusions of one scanned root: built-in folders, `.gitignore` files as they are found, the user's globs. */
export class ScanScope {
  private readonly rules: Rule[] = [];

  /** `excludeGlobs`: the user's patterns, relative to `excludeBase` (the scanned directory, relative to the root). */
  constructor(excludeGlobs: readonly string[] = [], excludeBase = '') {
    this.rules.push(...parseIgnore(excludeGlobs.join('\n'), excludeBase));
  }

  /** Adds the rules of the `.gitignore` in `directory` (relative to the root; '' is the root). */
  addGitignore(directory: string, text: string): void {
    this.rules.push(...parseIgnore(text, directory));
  }

  /**
   * Whether the path (relative to the root, `/`-separated) is excluded; a directory's exclusion covers its contents.
   * Folders above `scanned` (the directory the user asked for) are not judged: `scan build/reports` reads it.
   */
  excludes(path: string, isDirectory: boolean, scanned = ''): boolean {
    const parts = trimSlashes(path).split('/').filter((part) => part !== '');
    const first = scanned === '' ? 1 : trimSlashes(scanned).split('/').length + 1;
    for (let depth = first; depth <= parts.length; depth++) {
      const last = depth === parts.length;
      if (this.matches(parts.slice(0, depth), last ? isDirectory : true)) return true;
    }
    return false;
  }

  private matches(parts: readonly string[], isDirectory: boolean): boolean {
    const name = parts[parts.length - 1];
    if (isDirectory && EXCLUDED_DIRECTORIES.includes(name)) return true;
    const path = parts.join('/');
    let excluded = false;
    // Later rules win (gitignore(5)); a deeper .gitignore was added after its ancestors'.
    for (const rule of this.rules) {
      if (rule.negated !== excluded) continue; // cannot change the outcome
      if (rule.directoryOnly && !isDirectory) continue;
      if (rule.base !== '' && !path.startsWith(`${rule.base}/`)) continue;
      const below = rule.base === '' ? path : path.slice(rule.base.length + 1);
      if (rule.regex.test(rule.nameOnly ? name : below)) excluded = !rule.negated;
    }
    return excluded;
  }
}
