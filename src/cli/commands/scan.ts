/**
 * `bloom-lens scan PATH... [--format text|json|sarif] [--fail-on error|warning|never]` (cli-contract.md):
 * finds Bloom filter configurations in files and directories and judges them with the analysis layer.
 */
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { analyzeFinding } from '../../analysis/analyze';
import { comparisonKey, computeRecyclingComparison, RecyclingComparison, RecyclingComparisonRequest } from '../../analysis/recycling';
import { detectConfigs } from '../../detect/index';
import type { Finding } from '../../detect/types';
import { choice, Command, rejectUnknownFlags, UsageError } from '../args';

type Severity = 'error' | 'warning' | 'information' | 'hint';

interface ScanDiagnostic {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  /** The whole explanation when the message is a two-line summary (the hover's table row). */
  readonly detail?: string;
}

export interface ScanFinding {
  readonly file: string;
  readonly range: Finding['range'];
  readonly recognizer: string;
  readonly title: string;
  readonly params: Finding['params'];
  readonly derived: { readonly m?: number; readonly k?: number; readonly n?: number; readonly exact?: number };
  readonly diagnostics: readonly ScanDiagnostic[];
}

/** Directories never scanned. */
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', '.git', 'out', '.hg', '.svn', '.vscode-test']);
const MAX_FILE_BYTES = 5_000_000;
const SEVERITY_RANK: Record<Severity, number> = { error: 3, warning: 2, information: 1, hint: 0 };

/** One .gitignore pattern, compiled. */
interface IgnoreRule {
  readonly regex: RegExp;
  readonly directoryOnly: boolean;
  readonly negated: boolean;
  /** Pattern without a slash: matches a name at any depth. */
  readonly basenameOnly: boolean;
}

function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*') {
        out += '.*';
        i++;
        if (glob[i + 1] === '/') i++;
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return out;
}

/** Parses the simple subset of .gitignore: comments, `!negation`, `dir/`, `/anchored`, `*`, `**`, `?`. */
export function parseGitignore(text: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    let line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const negated = line.startsWith('!');
    if (negated) line = line.slice(1);
    const directoryOnly = line.endsWith('/');
    if (directoryOnly) line = line.slice(0, -1);
    const anchored = line.startsWith('/');
    if (anchored) line = line.slice(1);
    if (line === '') continue;
    const basenameOnly = !anchored && !line.includes('/');
    rules.push({ regex: new RegExp(`^${globToRegex(line)}$`), directoryOnly, negated, basenameOnly });
  }
  return rules;
}

/** The rules of one .gitignore, with the directory its patterns are relative to. */
interface IgnoreFile {
  readonly base: string;
  readonly rules: readonly IgnoreRule[];
}

function ignored(files: readonly IgnoreFile[], fullPath: string, isDirectory: boolean): boolean {
  let result = false;
  const name = fullPath.slice(fullPath.lastIndexOf(sep) + 1);
  for (const file of files) {
    const relativePath = relative(file.base, fullPath).split(sep).join('/');
    if (relativePath.startsWith('..')) continue;
    for (const rule of file.rules) {
      if (rule.directoryOnly && !isDirectory) continue;
      if (rule.regex.test(rule.basenameOnly ? name : relativePath)) result = !rule.negated;
    }
  }
  return result;
}

function readGitignore(directory: string): IgnoreFile[] {
  const path = join(directory, '.gitignore');
  if (!existsSync(path)) return [];
  try {
    return [{ base: directory, rules: parseGitignore(readFileSync(path, 'utf8')) }];
  } catch {
    return [];
  }
}

/** .gitignore files of the directories above `directory`, up to the repository root (the one holding .git). */
function ancestorGitignores(directory: string): IgnoreFile[] {
  const found: IgnoreFile[] = [];
  let current = directory;
  for (let depth = 0; depth < 64; depth++) {
    const parent = dirname(current);
    if (existsSync(join(current, '.git')) || parent === current) break;
    current = parent;
    found.unshift(...readGitignore(current));
  }
  return found;
}

/** Every file under the given paths (directories recursively, skipping ignored ones), in a stable order. */
export function collectFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  const seenDirectories = new Set<string>(); // real paths: a symlink loop is entered once
  const visit = (directory: string, inherited: readonly IgnoreFile[]): void => {
    let entries: string[];
    try {
      const real = realpathSync(directory);
      if (seenDirectories.has(real)) return;
      seenDirectories.add(real);
      entries = readdirSync(directory).sort();
    } catch {
      return;
    }
    const rules = [...inherited, ...readGitignore(directory)];
    for (const name of entries) {
      const full = join(directory, name);
      let stats;
      try {
        stats = statSync(full);
      } catch {
        continue;
      }
      if (stats.isDirectory()) {
        if (SKIPPED_DIRECTORIES.has(name) || ignored(rules, full, true)) continue;
        visit(full, rules);
      } else if (stats.isFile() && !ignored(rules, full, false)) {
        files.push(full);
      }
    }
  };
  for (const path of paths) {
    const full = resolve(path);
    if (!existsSync(full)) throw new UsageError(`no such file or directory: ${path}`);
    const stats = statSync(full);
    if (stats.isDirectory()) visit(full, ancestorGitignores(full));
    else files.push(full);
  }
  return files;
}

function readText(path: string): string | undefined {
  try {
    if (statSync(path).size > MAX_FILE_BYTES) return undefined;
    const buffer = readFileSync(path);
    if (buffer.subarray(0, 8000).includes(0)) return undefined; // binary
    return buffer.toString('utf8');
  } catch {
    return undefined;
  }
}

/** Scans files and analyses every finding. */
export function scanPaths(paths: readonly string[], cwd = process.cwd()): ScanFinding[] {
  return scanFiles(collectFiles(paths), cwd);
}

/** Scans the given files and analyses every finding. */
export function scanFiles(files: readonly string[], cwd = process.cwd()): ScanFinding[] {
  const results: ScanFinding[] = [];
  // The BL003 capacity comparison is heavy (tens of ms); the CLI can wait for it, once per configuration.
  const comparisons = new Map<string, RecyclingComparison>();
  const compare = (request: RecyclingComparisonRequest): RecyclingComparison => {
    const key = comparisonKey(request);
    let comparison = comparisons.get(key);
    if (!comparison) comparisons.set(key, (comparison = computeRecyclingComparison(request)));
    return comparison;
  };
  for (const file of files) {
    const text = readText(file);
    if (text === undefined) continue;
    const display = relative(cwd, file) || file;
    for (const finding of detectConfigs(text, { fileName: file })) {
      let derived: ScanFinding['derived'] = {};
      let diagnostics: ScanDiagnostic[] = [];
      try {
        const report = analyzeFinding(finding, {}, compare);
        derived = finiteOnly(report.derived);
        diagnostics = report.diagnostics.map((d) => ({ code: d.code, severity: d.severity as Severity, message: d.message, ...(d.detail !== undefined ? { detail: d.detail } : {}) }));
      } catch (error) {
        diagnostics = [{ code: 'BL000', severity: 'warning', message: `could not analyse this configuration: ${(error as Error)?.message ?? String(error)}` }];
      }
      results.push({ file: display, range: finding.range, recognizer: finding.recognizer, title: finding.title, params: finding.params, derived, diagnostics });
    }
  }
  return results;
}

function finiteOnly<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (typeof v !== 'number' || Number.isFinite(v)) out[key] = v;
  return out as T;
}

function formatParams(params: Finding['params']): string {
  return Object.entries(params).map(([key, value]) => `${key}=${String(value)}`).join(' ');
}

function toText(findings: readonly ScanFinding[], fileCount: number): string {
  const lines: string[] = [];
  for (const f of findings) {
    const derived = Object.entries(f.derived).filter(([, v]) => v !== undefined).map(([key, v]) => `${key}=${String(v)}`).join(' ');
    lines.push(`${f.file}:${f.range.start.line + 1}:${f.range.start.character + 1}  ${f.recognizer}  ${formatParams(f.params) || '(no constant parameters)'}${derived ? `  -> ${derived}` : ''}`);
    for (const d of f.diagnostics) lines.push(`    ${d.severity} ${d.code}: ${d.message}`, ...(d.detail !== undefined ? [`      ${d.detail}`] : []));
  }
  const counts = { error: 0, warning: 0, information: 0, hint: 0 } as Record<Severity, number>;
  for (const f of findings) for (const d of f.diagnostics) counts[d.severity]++;
  lines.push(`${findings.length} configuration${findings.length === 1 ? '' : 's'} in ${fileCount} file${fileCount === 1 ? '' : 's'} scanned; ${counts.error} error(s), ${counts.warning} warning(s), ${counts.information} information, ${counts.hint} hint(s)`);
  return lines.join('\n');
}

const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };
const RULES: Record<string, string> = {
  BL000: 'The configuration could not be analysed',
  BL001: 'Invalid Bloom filter parameters',
  BL002: 'False-positive rate above the target',
  BL003: 'Recycling filter sized for the worst case',
  BL004: 'Number of hash functions far from optimal',
  BL005: 'Bloom paradox: a positive answer is more likely wrong than right',
  BL006: 'The library rounds or caps the size',
  BL007: 'A parameter is not a constant',
};

/** SARIF 2.1.0 log with one result per diagnostic. */
export function toSarif(findings: readonly ScanFinding[]): object {
  const used = new Set<string>();
  const results = findings.flatMap((f) => f.diagnostics.map((d) => {
    used.add(d.code);
    return {
      ruleId: d.code,
      level: SARIF_LEVEL[d.severity],
      message: { text: `${d.message} (${f.title})` },
      locations: [{
        physicalLocation: {
          artifactLocation: { uri: f.file.split(sep).join('/') },
          region: { startLine: f.range.start.line + 1, startColumn: f.range.start.character + 1, endLine: f.range.end.line + 1, endColumn: f.range.end.character + 1 },
        },
      }],
      properties: { recognizer: f.recognizer, params: f.params, derived: f.derived },
    };
  }));
  const rules = [...used].sort().map((id) => ({ id, shortDescription: { text: RULES[id] ?? id } }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'bloom-lens', informationUri: 'https://example.invalid/bloom-lens', rules } }, results }],
  };
}

export const scanCommand: Command = (args) => {
  rejectUnknownFlags(args, ['format', 'fail-on']);
  const format = choice(args, 'format', ['text', 'json', 'sarif'] as const, 'text');
  const failOn = choice(args, 'fail-on', ['error', 'warning', 'never'] as const, 'error');
  if (args.positional.length === 0) throw new UsageError('scan needs at least one PATH (a file or a directory)');
  const files = collectFiles(args.positional);
  const findings = scanFiles(files);
  const threshold = failOn === 'never' ? Infinity : SEVERITY_RANK[failOn];
  const failing = findings.some((f) => f.diagnostics.some((d) => SEVERITY_RANK[d.severity] >= threshold));
  const json = format === 'sarif' ? toSarif(findings) : { findings };
  const text = format === 'text' ? toText(findings, files.length) : JSON.stringify(json);
  return { json, text, exitCode: failing ? 1 : 0 };
};
