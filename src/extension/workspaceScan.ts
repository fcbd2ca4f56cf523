/**
 * "Scan Workspace for Bloom Filters": finds every configuration in the workspace (also in files that are
 * not open), publishes their diagnostics to the Problems panel and lists them in the "Bloom Filters" view.
 * Reads through workspace.fs, so it works in virtual workspaces; cancellable, with progress.
 */
import * as vscode from 'vscode';
import type { FilterReport } from '../analysis/analyze';
import { toDiagnostics } from './diagnostics';
import { toVsRange } from './ranges';
import type { ReportStore } from './reports';
import { EXCLUDED_DIRECTORIES, ScanScope } from '../detect/scope';
import { languageEnabled } from './settings';

export const SCAN_GLOB = '**/*.{java,kt,kts,scala,groovy,go,rs,py,pyi,js,mjs,cjs,jsx,ts,tsx,c,cc,cpp,cxx,h,hh,hpp,cs,rb,php,lua,sql,cql,yaml,yml,json,jsonc,toml,properties,conf,cfg,ini,sh,bash,zsh,xml,txt,md,bpf,redis}';
/** The folders no scan reads (src/detect/scope.ts), as a findFiles exclude; .gitignore and the user's globs filter after. */
export const SCAN_EXCLUDE = `**/{${EXCLUDED_DIRECTORIES.join(',')}}/**`;
const MAX_FILES = 20_000;

/** Language ids by file extension, for the language settings on files that are not open. */
const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  java: 'java', kt: 'kotlin', kts: 'kotlin', scala: 'scala', groovy: 'groovy', go: 'go', rs: 'rust', py: 'python', pyi: 'python',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascriptreact', ts: 'typescript', tsx: 'typescriptreact',
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hh: 'cpp', hpp: 'cpp', cs: 'csharp', rb: 'ruby', php: 'php', lua: 'lua',
  sql: 'sql', cql: 'sql', yaml: 'yaml', yml: 'yaml', json: 'json', jsonc: 'jsonc', toml: 'toml', properties: 'properties',
  conf: 'properties', cfg: 'ini', ini: 'ini', sh: 'shellscript', bash: 'shellscript', zsh: 'shellscript', xml: 'xml',
  txt: 'plaintext', md: 'markdown',
};

export function languageOfPath(path: string): string {
  return LANGUAGE_BY_EXTENSION[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'plaintext';
}

interface FileResult {
  readonly uri: vscode.Uri;
  readonly reports: readonly FilterReport[];
}

type Node = { readonly kind: 'file'; readonly file: FileResult } | { readonly kind: 'filter'; readonly file: FileResult; readonly report: FilterReport };

export class FilterTreeProvider implements vscode.TreeDataProvider<Node> {
  private files: FileResult[] = [];
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  setResults(files: FileResult[]): void {
    this.files = files.filter((file) => file.reports.length > 0).sort((a, b) => a.uri.toString().localeCompare(b.uri.toString()));
    this.changed.fire(undefined);
  }

  get filterCount(): number {
    return this.files.reduce((sum, file) => sum + file.reports.length, 0);
  }

  getChildren(node?: Node): Node[] {
    if (!node) return this.files.map((file) => ({ kind: 'file', file }));
    if (node.kind === 'file') return node.file.reports.map((report) => ({ kind: 'filter', file: node.file, report }));
    return [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'file') {
      const item = new vscode.TreeItem(node.file.uri, vscode.TreeItemCollapsibleState.Expanded);
      item.description = `${node.file.reports.length} filter${node.file.reports.length === 1 ? '' : 's'}`;
      return item;
    }
    const { report } = node;
    const worst = report.diagnostics.find((d) => d.severity === 'error') ?? report.diagnostics.find((d) => d.severity === 'warning');
    const item = new vscode.TreeItem(report.finding.title, vscode.TreeItemCollapsibleState.None);
    item.description = report.lens.replace(/^Bloom: /, '');
    item.tooltip = [report.lens, ...report.diagnostics.map((d) => `${d.code}: ${d.message}`)].join('\n');
    item.iconPath = new vscode.ThemeIcon(worst?.severity === 'error' ? 'error' : worst ? 'warning' : 'filter');
    item.command = { command: 'vscode.open', title: 'Open', arguments: [node.file.uri, { selection: toVsRange(report.finding.range) }] };
    return item;
  }
}

/** The path of `uri` below its workspace folder (`/`-separated), or undefined outside every folder. */
function folderRelative(uri: vscode.Uri): { folder: string; path: string } | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return undefined;
  const base = folder.uri.path.replace(/\/+$/, '');
  return { folder: folder.uri.toString(), path: uri.path.startsWith(`${base}/`) ? uri.path.slice(base.length + 1) : uri.path };
}

/** Drops the files the workspace's .gitignore files or the user's globs exclude (one ScanScope per workspace folder). */
async function filesInScope(uris: readonly vscode.Uri[], excludeGlobs: readonly string[], token: vscode.CancellationToken): Promise<vscode.Uri[]> {
  const scopes = new Map<string, ScanScope>();
  const scopeOf = (folder: string): ScanScope => {
    let scope = scopes.get(folder);
    if (!scope) scopes.set(folder, (scope = new ScanScope(excludeGlobs)));
    return scope;
  };
  const decoder = new TextDecoder();
  const gitignores = (await vscode.workspace.findFiles('**/.gitignore', SCAN_EXCLUDE, 1000, token)).slice().sort((a, b) => a.path.length - b.path.length);
  for (const uri of gitignores) {
    const where = folderRelative(uri);
    if (!where) continue;
    try {
      scopeOf(where.folder).addGitignore(where.path.slice(0, Math.max(0, where.path.lastIndexOf('/'))), decoder.decode(await vscode.workspace.fs.readFile(uri)));
    } catch {
      // unreadable: no rules from it
    }
  }
  return uris.filter((uri) => {
    const where = folderRelative(uri);
    return !where || !scopeOf(where.folder).excludes(where.path, false);
  });
}

/** Files whose problems the last scan published without the file being open (cleared by the next scan). */
const publishedByScan = new Set<string>();

/** Scans the workspace; returns the number of configurations found (undefined when cancelled). */
export async function scanWorkspace(store: ReportStore, tree: FilterTreeProvider, collection: vscode.DiagnosticCollection): Promise<number | undefined> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Bloom Lens: scanning the workspace', cancellable: true }, async (progress, token) => {
    const settings = store.currentSettings;
    const uris = await filesInScope(await vscode.workspace.findFiles(SCAN_GLOB, SCAN_EXCLUDE, MAX_FILES, token), settings.scanExclude, token);
    const results: FileResult[] = [];
    // Problems of closed files from the previous scan may be stale (edited or deleted on disk).
    for (const key of publishedByScan) {
      if (!vscode.workspace.textDocuments.some((d) => d.uri.toString() === key)) collection.delete(vscode.Uri.parse(key));
    }
    publishedByScan.clear();
    const decoder = new TextDecoder();
    for (let i = 0; i < uris.length; i++) {
      if (token.isCancellationRequested) return undefined;
      const uri = uris[i];
      if (i % 20 === 0) progress.report({ message: `${i} of ${uris.length} files`, increment: (20 / Math.max(1, uris.length)) * 100 });
      try {
        const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
        let reports: readonly FilterReport[];
        if (open) {
          const analysis = store.analysisFor(open);
          reports = analysis.findings.map((_, index) => analysis.report(index));
        } else {
          if (!languageEnabled(settings, languageOfPath(uri.path))) continue;
          const stat = await vscode.workspace.fs.stat(uri);
          if (stat.size > settings.maxFileSizeBytes) continue;
          const text = decoder.decode(await vscode.workspace.fs.readFile(uri));
          reports = (await store.detectInFile(text, languageOfPath(uri.path), uri.path)).map((finding) => store.analyze(finding));
        }
        results.push({ uri, reports });
        if (!open && settings.diagnosticsEnabled && reports.length > 0) {
          collection.set(uri, reports.flatMap((report) => toDiagnostics(report, settings.severityOverrides)));
          publishedByScan.add(uri.toString());
        }
      } catch {
        // An unreadable file (deleted meanwhile, binary, permission) is skipped.
      }
      if (i % 50 === 49) await new Promise((resolveYield) => setTimeout(resolveYield, 0)); // let the host breathe
    }
    tree.setResults(results);
    const count = tree.filterCount;
    void vscode.window.showInformationMessage(`Bloom Lens: ${count} Bloom filter configuration${count === 1 ? '' : 's'} in ${results.filter((r) => r.reports.length > 0).length} file(s).`);
    return count;
  });
}
