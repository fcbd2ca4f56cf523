/**
 * Detected configurations and their reports per document. Detection runs once per document version;
 * each finding is analysed lazily (hover and CodeLens ask only for what is on screen) and analyses are
 * memoised by the finding's content, so typing elsewhere in a file recomputes nothing.
 */
import * as vscode from 'vscode';
import { analyzeFinding, FilterReport } from '../analysis/analyze';
import { alternativeKey, alternativeRequest, AlternativeRequest, smallerAlternative } from '../analysis/alternatives';
import { comparisonKey, RecyclingComparison, RecyclingComparisonRequest } from '../analysis/recycling';
import type { StructureRow } from '../core/compareStructures';
import { languagesToRead } from '../detect/fencedBlocks';
import { ConstantsIndex } from '../detect/constants';
import { detectConfigs, DetectOptions, fileConstants } from '../detect';
import { languageFromFileName } from '../detect/source';
import { grammarFileFor } from '../detect/syntax/queries';
import type { SyntaxRuntime } from '../detect/syntax/runtime';
import type { Finding } from '../detect/types';
import type { JobRunner } from './jobRunner';
import { toVsRange } from './ranges';
import { ExtensionSettings, languageEnabled, readSettings } from './settings';

/**
 * The language a document is read in: VS Code's, except for a document VS Code shows as plain text whose file
 * name names a language with a grammar. VS Code ships no Kotlin or Scala language, so `.kt` and `.scala` files
 * are plain text there unless an extension for them is installed.
 */
export function detectionLanguage(document: vscode.TextDocument): string {
  if (document.languageId !== 'plaintext') return document.languageId;
  const byName = languageFromFileName(document.fileName);
  return byName !== undefined && grammarFileFor(byName) !== undefined ? byName : document.languageId;
}

const MEMO_LIMIT = 2000;
/** Documents up to this size are detected on the host (about 10 ms at most); larger ones in the worker. */
const INLINE_DETECTION_CHARS = 256 * 1024;

/** One document version: its findings, each analysed on first request. */
export class DocumentAnalysis {
  private readonly reports: (FilterReport | undefined)[];

  constructor(
    readonly version: number,
    readonly findings: readonly Finding[],
    private readonly analyze: (finding: Finding) => FilterReport,
    /** False while a large document is still being detected in the worker (findings are empty until then). */
    readonly complete = true,
  ) {
    this.reports = new Array(findings.length);
  }

  /** Forgets the reports (not the findings): a heavy result arrived that changes some of them. */
  invalidateReports(): void {
    this.reports.fill(undefined);
  }

  report(index: number): FilterReport {
    return (this.reports[index] ??= this.analyze(this.findings[index]));
  }

  indexAt(position: vscode.Position): number {
    return this.findings.findIndex((finding) => toVsRange(finding.range).contains(position));
  }
}

export class ReportStore implements vscode.Disposable {
  private readonly documents = new Map<string, DocumentAnalysis>();
  private readonly memo = new Map<string, FilterReport>();
  /** BL003 comparisons computed by the worker, and those under way. */
  private readonly comparisons = new Map<string, RecyclingComparison>();
  private readonly comparisonsRunning = new Set<string>();
  /** Worker detections under way, by document version: what a hover on a large document awaits. */
  private readonly detectionsRunning = new Map<string, Promise<void>>();
  /** Comparisons the worker could not give (failed, or skipped by the browser host): never asked for again. */
  private readonly comparisonsUnavailable = new Set<string>();
  /** Other filters' rows for n keys at rate p (the hover's "smaller: ..." row), computed by the worker, by alternativeKey. */
  private readonly structures = new Map<string, readonly StructureRow[]>();
  private readonly structuresRunning = new Set<string>();
  private settings: ExtensionSettings = readSettings();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when settings change what is shown, or a worker result changes reports (views refresh). */
  readonly onDidChange = this.changed.event;
  /** Counts the changes above: work begun before a change is stale (its reports were recomputed meanwhile). */
  private changes = 0;
  private readonly settledEmitter = new vscode.EventEmitter<void>();
  /** Fires when a worker job ends without changing any report (failed or unavailable): readiness may follow. */
  readonly onDidSettle = this.settledEmitter.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly jobs: JobRunner) {
    this.subscriptions = [
      this.changed,
      this.changed.event(() => this.changes++),
      this.settledEmitter,
      vscode.workspace.onDidCloseTextDocument((document) => this.documents.delete(document.uri.toString())),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration('bloomLens')) return;
        this.settings = readSettings();
        this.documents.clear();
        this.memo.clear();
        this.comparisons.clear();
        this.comparisonsUnavailable.clear();
        this.structures.clear();
        this.changed.fire();
      }),
    ];
  }

  /** The syntax layer, once its runtime is loaded (until then, and for languages without a grammar, the text readers). */
  private syntax: SyntaxRuntime | undefined;
  /** Constants of the workspace's files (updated by the workspace scan and on save), for values taken from another file. */
  readonly constants = new ConstantsIndex();

  useSyntax(syntax: SyntaxRuntime): void {
    this.syntax = syntax;
  }

  /** Loads the grammar of a document's language; once it is loaded, documents of that language are read again with it. */
  loadGrammarFor(languageId: string): void {
    const syntax = this.syntax;
    if (!syntax || syntax.grammarFor(languageId)) return;
    void syntax.load(languageId).then((grammar) => {
      if (!grammar) return;
      for (const document of vscode.workspace.textDocuments) {
        const language = detectionLanguage(document);
        // (a Markdown document is read again when the grammar of one of its code blocks arrives)
        if (language === languageId || (language === 'markdown' && languagesToRead(document.getText(), language).includes(languageId))) this.documents.delete(document.uri.toString());
      }
      this.changed.fire();
    });
  }

  /** Detection options for a text: the syntax layer and the workspace's constants. */
  detectOptions(languageId: string, fileName: string): DetectOptions {
    return { languageId, fileName: vscode.workspace.asRelativePath(fileName), syntax: this.syntax, constants: this.constants };
  }

  /** Detects in a file that is not open (workspace scan): its grammar loaded first; its constants indexed. */
  async detectInFile(text: string, languageId: string, fileName: string): Promise<Finding[]> {
    await Promise.all(languagesToRead(text, languageId).map((language) => this.syntax?.load(language)));
    const options = this.detectOptions(languageId, fileName);
    this.constants.setFile(options.fileName ?? fileName, fileConstants(text, options));
    return detectConfigs(text, options);
  }

  /** Indexes the constants a saved document defines. */
  indexConstants(document: vscode.TextDocument): void {
    if (!this.covers(document)) return;
    const options = this.detectOptions(detectionLanguage(document), document.fileName);
    this.constants.setFile(options.fileName ?? document.fileName, fileConstants(document.getText(), options));
  }

  /** Changes so far (see onDidChange): compare before and after asynchronous work to tell whether it is stale. */
  get generation(): number {
    return this.changes;
  }

  get currentSettings(): ExtensionSettings {
    return this.settings;
  }

  /** Whether the document is looked at (language switches and the size limit). */
  covers(document: vscode.TextDocument): boolean {
    return languageEnabled(this.settings, document.languageId) && document.getText().length <= this.settings.maxFileSizeBytes;
  }

  /**
   * Findings of the document's current version (detected at most once per version). Small documents are
   * detected inline (under a few ms); large ones in the worker, and until that answers they show nothing.
   */
  analysisFor(document: vscode.TextDocument): DocumentAnalysis {
    const key = document.uri.toString();
    const cached = this.documents.get(key);
    if (cached && cached.version === document.version) return cached;
    const text = document.getText();
    if (!this.covers(document)) return this.remember(key, document.version, []);
    const languageId = detectionLanguage(document);
    if (text.length <= INLINE_DETECTION_CHARS) return this.remember(key, document.version, detectConfigs(text, this.detectOptions(languageId, document.fileName)));
    this.detectInWorker(document, key, text, { languageId, fileName: document.fileName });
    return new DocumentAnalysis(document.version, [], (finding) => this.analyze(finding), false);
  }

  /** The document's analysis once its findings are known (a large document's worker detection awaited). */
  async completeAnalysisFor(document: vscode.TextDocument): Promise<DocumentAnalysis> {
    const analysis = this.analysisFor(document);
    if (analysis.complete) return analysis;
    await this.detectionsRunning.get(`${document.uri.toString()}@${document.version}`);
    return this.analysisFor(document);
  }

  /** True while a report of this analysis waits for a worker result that will change it (BL003). */
  awaitsWorker(analysis: DocumentAnalysis): boolean {
    if (!analysis.complete) return true;
    if (this.comparisonsRunning.size + this.structuresRunning.size === 0) return false;
    return analysis.findings.some((_, index) => {
      const report = analysis.report(index);
      const pending = report.pending;
      const alternatives = report.alternative ? undefined : alternativeRequest(report);
      return (pending !== undefined && this.comparisonsRunning.has(comparisonKey(pending)))
        || (alternatives !== undefined && this.structuresRunning.has(alternativeKey(alternatives)));
    });
  }

  private remember(key: string, version: number, findings: readonly Finding[]): DocumentAnalysis {
    const analysis = new DocumentAnalysis(version, findings, (finding) => this.analyze(finding));
    this.documents.set(key, analysis);
    return analysis;
  }

  private detectInWorker(document: vscode.TextDocument, key: string, text: string, options: { languageId: string; fileName: string }): void {
    const job = `${key}@${document.version}`;
    if (this.detectionsRunning.has(job)) return;
    const version = document.version;
    const detection = this.jobs.run({ kind: 'detect', text, ...options }).then((result) => {
      if (document.isClosed || document.version !== version) return; // stale
      // A failed or cancelled detection still completes the version (with no findings), so nothing waits forever.
      this.remember(key, version, result?.kind === 'detect' ? result.findings : []);
      this.changed.fire();
    }, (error: Error) => {
      console.error(`Bloom Lens: detection failed: ${error.message}`);
      if (!document.isClosed && document.version === version) this.remember(key, version, []);
      this.settledEmitter.fire();
    }).finally(() => this.detectionsRunning.delete(job));
    this.detectionsRunning.set(job, detection);
  }

  /** Every report of the document's current version (analyses all its findings). */
  reportsFor(document: vscode.TextDocument): FilterReport[] {
    const analysis = this.analysisFor(document);
    return analysis.findings.map((_, index) => analysis.report(index));
  }

  /** The report of the configuration under the position, if any. */
  reportAt(document: vscode.TextDocument, position: vscode.Position): FilterReport | undefined {
    const analysis = this.analysisFor(document);
    const index = analysis.indexAt(position);
    return index >= 0 ? analysis.report(index) : undefined;
  }

  /** Analyses a finding, memoised by everything but its position. */
  analyze(finding: Finding): FilterReport {
    const key = JSON.stringify(finding, (name, value) => (name === 'range' ? undefined : value));
    const cached = this.memo.get(key);
    if (cached) return { ...cached, finding };
    const report = this.withAlternative(analyzeFinding(finding, this.settings.analysis, (request) => this.comparisons.get(comparisonKey(request))));
    if (report.pending) this.startComparison(report.pending);
    if (this.memo.size >= MEMO_LIMIT) this.memo.delete(this.memo.keys().next().value as string);
    this.memo.set(key, report);
    return report;
  }

  /** The report with its "smaller: ..." row once the worker has compared the other filters (asked for here when not yet). */
  private withAlternative(report: FilterReport): FilterReport {
    const request = alternativeRequest(report);
    if (!request) return report;
    const rows = this.structures.get(alternativeKey(request));
    if (!rows) {
      this.startStructures(request);
      return report;
    }
    const alternative = smallerAlternative(request, rows);
    return alternative ? { ...report, alternative } : report;
  }

  /** compareStructures in the worker (10-400 ms today); when it answers, the reports are recomputed. A failure leaves no row. */
  private startStructures(request: AlternativeRequest): void {
    const key = alternativeKey(request);
    if (this.structuresRunning.has(key)) return;
    this.structuresRunning.add(key);
    const keep = (rows: readonly StructureRow[]): void => {
      if (this.structures.size >= MEMO_LIMIT) this.structures.delete(this.structures.keys().next().value as string);
      this.structures.set(key, rows);
    };
    this.jobs.run({ kind: 'structures', n: request.n, p: request.p }).then((result) => {
      keep(result?.kind === 'structures' ? result.rows : []);
      this.memo.clear();
      for (const analysis of this.documents.values()) analysis.invalidateReports();
      this.changed.fire();
    }, (error: Error) => {
      console.error(`Bloom Lens: comparing other filters failed: ${error.message}`);
      keep([]);
      this.settledEmitter.fire();
    }).finally(() => this.structuresRunning.delete(key));
  }

  /** Computes a BL003 comparison in the worker; when it arrives, the affected reports are recomputed. */
  private startComparison(request: RecyclingComparisonRequest): void {
    const key = comparisonKey(request);
    if (this.comparisonsRunning.has(key) || this.comparisons.has(key) || this.comparisonsUnavailable.has(key)) return;
    this.comparisonsRunning.add(key);
    const unavailable = (): void => {
      if (this.comparisonsUnavailable.size >= MEMO_LIMIT) this.comparisonsUnavailable.clear();
      this.comparisonsUnavailable.add(key);
      this.comparisonsRunning.delete(key);
      this.settledEmitter.fire();
    };
    this.jobs.run({ kind: 'comparison', request }).then((result) => {
      if (result?.kind !== 'comparison') return unavailable();
      if (this.comparisons.size >= MEMO_LIMIT) this.comparisons.delete(this.comparisons.keys().next().value as string);
      this.comparisons.set(key, result.comparison);
      this.memo.clear();
      for (const analysis of this.documents.values()) analysis.invalidateReports();
      this.changed.fire();
    }, (error: Error) => {
      console.error(`Bloom Lens: capacity comparison failed: ${error.message}`);
      unavailable();
    }).finally(() => this.comparisonsRunning.delete(key));
  }

  /** Resolves when no worker job of the store is running. */
  async settled(): Promise<void> {
    while (this.comparisonsRunning.size + this.detectionsRunning.size + this.structuresRunning.size > 0) await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }

  dispose(): void {
    this.documents.clear();
    this.memo.clear();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
