/**
 * Diagnostics BL001-BL007 for open documents: debounced per document, computed in time slices so the
 * extension host never blocks for long, and dropped when the document changed meanwhile.
 */
import * as vscode from 'vscode';
import type { FilterReport, ReportDiagnostic, Severity } from '../analysis/analyze';
import { DOCUMENT_SCHEMES, toVsRange } from './ranges';
import type { ReportStore } from './reports';

export const DIAGNOSTIC_SOURCE = 'Bloom Lens';
const DEBOUNCE_MS = 300;
const SLICE_MS = 8;

function toSeverity(severity: Severity): vscode.DiagnosticSeverity {
  switch (severity) {
    case 'error': return vscode.DiagnosticSeverity.Error;
    case 'warning': return vscode.DiagnosticSeverity.Warning;
    case 'information': return vscode.DiagnosticSeverity.Information;
    case 'hint': return vscode.DiagnosticSeverity.Hint;
  }
}

/** A VS Code diagnostic that remembers the report it came from (for quick fixes). */
export class FilterDiagnostic extends vscode.Diagnostic {
  constructor(range: vscode.Range, message: string, severity: vscode.DiagnosticSeverity, readonly report: FilterReport, readonly detail: ReportDiagnostic) {
    super(range, message, severity);
  }
}

export function toDiagnostics(report: FilterReport, overrides: Partial<Record<string, Severity | 'off'>>): FilterDiagnostic[] {
  const range = toVsRange(report.finding.range);
  return report.diagnostics.flatMap((detail) => {
    const severity = overrides[detail.code] ?? detail.severity;
    if (severity === 'off') return [];
    const diagnostic = new FilterDiagnostic(range, detail.message, toSeverity(severity), report, detail);
    diagnostic.source = DIAGNOSTIC_SOURCE;
    diagnostic.code = detail.code;
    return [diagnostic];
  });
}

export class DiagnosticsController implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('bloomLens');
  private readonly updated = new vscode.EventEmitter<vscode.TextDocument>();
  /** Fires after a document's diagnostics were recomputed. */
  readonly onDidUpdate = this.updated.event;
  private readonly analyzedEmitter = new vscode.EventEmitter<vscode.TextDocument>();
  /**
   * Fires when a document version is fully analysed: its findings known (worker detection of a large file
   * included), its diagnostics published, and no worker result pending that would change them.
   */
  readonly onDidAnalyze = this.analyzedEmitter.event;
  /** The last fully analysed version of each open document. */
  private readonly analyzedVersions = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly store: ReportStore) {
    this.subscriptions = [
      this.collection,
      this.updated,
      this.analyzedEmitter,
      vscode.workspace.onDidOpenTextDocument((document) => this.schedule(document, 0)),
      vscode.workspace.onDidChangeTextDocument((event) => this.schedule(event.document, DEBOUNCE_MS)),
      vscode.workspace.onDidCloseTextDocument((document) => this.forget(document.uri)),
      // Settings or a worker result changed the reports: no version counts as analysed until it is republished.
      store.onDidChange(() => { this.analyzedVersions.clear(); this.refreshAll(); }),
      store.onDidSettle(() => this.refreshAll()),
    ];
    this.refreshAll();
  }

  refreshAll(): void {
    for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
  }

  /** Whether this version of the document is fully analysed (see onDidAnalyze). */
  isAnalyzed(document: vscode.TextDocument): boolean {
    return this.analyzedVersions.get(document.uri.toString()) === document.version;
  }

  /** Resolves once the document's current version is fully analysed (at once if it is). */
  whenAnalyzed(document: vscode.TextDocument): Promise<void> {
    if (this.isAnalyzed(document)) return Promise.resolve();
    return new Promise((resolveAnalyzed) => {
      const listener = this.onDidAnalyze((analyzed) => {
        if (analyzed.uri.toString() !== document.uri.toString() || !this.isAnalyzed(document)) return;
        listener.dispose();
        resolveAnalyzed();
      });
      this.schedule(document, 0); // a document no event has brought here yet (opened before activation)
    });
  }

  private markAnalyzed(document: vscode.TextDocument, version: number): void {
    this.analyzedVersions.set(document.uri.toString(), version);
    this.analyzedEmitter.fire(document);
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    this.analyzedVersions.delete(key);
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.collection.delete(uri);
  }

  private schedule(document: vscode.TextDocument, delayMs: number): void {
    if (!DOCUMENT_SCHEMES.includes(document.uri.scheme)) return; // not git originals, output, settings...
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      void this.update(document);
    }, delayMs));
  }

  /** Computes the document's diagnostics in slices of a few ms; gives up if the document changes. */
  async update(document: vscode.TextDocument): Promise<void> {
    const settings = this.store.currentSettings;
    if (document.isClosed) return;
    const version = document.version;
    const generation = this.store.generation;
    const analysis = this.store.analysisFor(document);
    if (!settings.diagnosticsEnabled) {
      this.collection.delete(document.uri);
      if (analysis.complete) this.markAnalyzed(document, version);
      return;
    }
    const diagnostics: vscode.Diagnostic[] = [];
    let sliceStart = Date.now();
    for (let index = 0; index < analysis.findings.length; index++) {
      diagnostics.push(...toDiagnostics(analysis.report(index), settings.severityOverrides));
      if (Date.now() - sliceStart > SLICE_MS) {
        await new Promise((resolveSlice) => setTimeout(resolveSlice, 0));
        // Stale: the document changed, or a worker result changed the reports (a newer run is scheduled).
        if (document.isClosed || document.version !== version || this.store.generation !== generation) return;
        sliceStart = Date.now();
      }
    }
    if (document.version === version && !document.isClosed && this.store.generation === generation) {
      this.collection.set(document.uri, diagnostics);
      this.updated.fire(document);
      if (!this.store.awaitsWorker(analysis)) this.markAnalyzed(document, version);
    }
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
