/**
 * `bloom-lens scan PATH... [--format text|json|sarif] [--fail-on error|warning|never] [--exclude GLOB,...]` (cli-contract.md):
 * finds Bloom filter configurations in files and directories and judges them with the analysis layer.
 */
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { analyzeFinding } from '../../analysis/analyze';
import { comparisonKey, computeRecyclingComparison, RecyclingComparison, RecyclingComparisonRequest } from '../../analysis/recycling';
import { ScanScope } from '../../detect/scope';
import { ConstantsIndex } from '../../detect/constants';
import { detectConfigs, fileConstants } from '../../detect/index';
import type { SyntaxRuntime } from '../../detect/syntax/runtime';
import type { Finding } from '../../detect/types';
import { choice, Command, ParsedArgs, rejectUnknownFlags, UsageError } from '../args';

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

const MAX_FILE_BYTES = 5_000_000;
const SEVERITY_RANK: Record<Severity, number> = { error: 3, warning: 2, information: 1, hint: 0 };

function readGitignore(directory: string): string | undefined {
  try {
    return readFileSync(join(directory, '.gitignore'), 'utf8');
  } catch {
    return undefined; // none, or unreadable
  }
}

/** The repository holding `directory` (the nearest ancestor with .git), else the file system's root: .gitignore files are read from there down. */
function repositoryRoot(directory: string): string {
  let current = directory;
  for (let depth = 0; depth < 256; depth++) {
    if (existsSync(join(current, '.git'))) return current;
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return current;
}

const slashed = (path: string): string => path.split(sep).join('/');

/**
 * Every file under the given paths (directories recursively, in a stable order), without the excluded ones
 * (src/detect/scope.ts: vendored and build folders, .gitignore from the repository root down, `excludeGlobs`
 * relative to each scanned directory). A file named on the command line is always read.
 */
export function collectFiles(paths: readonly string[], excludeGlobs: readonly string[] = []): string[] {
  const files: string[] = [];
  const seenDirectories = new Set<string>(); // real paths: a symlink loop is entered once
  for (const path of paths) {
    const full = resolve(path);
    if (!existsSync(full)) throw new UsageError(`no such file or directory: ${path}`);
    if (!statSync(full).isDirectory()) {
      files.push(full);
      continue;
    }
    const root = repositoryRoot(full);
    const scanned = slashed(relative(root, full));
    const scope = new ScanScope(excludeGlobs, scanned);
    // .gitignore files from the repository root down to the scanned directory
    const between = scanned === '' ? [] : scanned.split('/');
    for (let depth = 0; depth < between.length; depth++) {
      const text = readGitignore(join(root, ...between.slice(0, depth)));
      if (text !== undefined) scope.addGitignore(between.slice(0, depth).join('/'), text);
    }
    const visit = (directory: string): void => {
      let entries: string[];
      try {
        const real = realpathSync(directory);
        if (seenDirectories.has(real)) return;
        seenDirectories.add(real);
        entries = readdirSync(directory).sort();
      } catch {
        return;
      }
      const text = readGitignore(directory);
      if (text !== undefined) scope.addGitignore(slashed(relative(root, directory)), text);
      for (const name of entries) {
        const entry = join(directory, name);
        let stats;
        try {
          stats = statSync(entry);
        } catch {
          continue;
        }
        const isDirectory = stats.isDirectory();
        if (!isDirectory && !stats.isFile()) continue;
        if (scope.excludes(slashed(relative(root, entry)), isDirectory, scanned)) continue;
        if (isDirectory) visit(entry);
        else files.push(entry);
      }
    };
    visit(full);
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
export function scanPaths(paths: readonly string[], cwd = process.cwd(), excludeGlobs: readonly string[] = [], syntax?: SyntaxRuntime): ScanFinding[] {
  return scanFiles(collectFiles(paths, excludeGlobs), cwd, syntax);
}

/** Scans the given files and analyses every finding. */
export function scanFiles(files: readonly string[], cwd = process.cwd(), syntax?: SyntaxRuntime): ScanFinding[] {
  const results: ScanFinding[] = [];
  // Constants one file takes from another (`Limits.EXPECTED_USERS`): indexed over the scanned files first.
  const constants = new ConstantsIndex();
  for (const file of files) {
    const text = readText(file);
    if (text !== undefined) constants.setFile(relative(cwd, file) || file, fileConstants(text, { fileName: file, syntax }));
  }
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
    for (const finding of detectConfigs(text, { fileName: display, syntax, constants })) {
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

/** The `--exclude` globs (repeatable, or comma-separated). */
export function excludeGlobs(args: ParsedArgs): string[] {
  const exclude = args.flags.get('exclude');
  if (exclude === true) throw new UsageError('--exclude needs a glob or a comma-separated list of globs, e.g. --exclude \'generated/**,*.md\'');
  return exclude === undefined ? [] : exclude.split(',').map((glob) => glob.trim()).filter((glob) => glob !== '');
}

export const scanCommand: Command = (args, environment) => {
  rejectUnknownFlags(args, ['format', 'fail-on', 'exclude']);
  const format = choice(args, 'format', ['text', 'json', 'sarif'] as const, 'text');
  const failOn = choice(args, 'fail-on', ['error', 'warning', 'never'] as const, 'error');
  if (args.positional.length === 0) throw new UsageError('scan needs at least one PATH (a file or a directory)');
  const files = collectFiles(args.positional, excludeGlobs(args));
  const findings = scanFiles(files, process.cwd(), environment?.syntax);
  const threshold = failOn === 'never' ? Infinity : SEVERITY_RANK[failOn];
  const failing = findings.some((f) => f.diagnostics.some((d) => SEVERITY_RANK[d.severity] >= threshold));
  const json = format === 'sarif' ? toSarif(findings) : { findings };
  const text = format === 'text' ? toText(findings, files.length) : JSON.stringify(json);
  return { json, text, exitCode: failing ? 1 : 0 };
};
