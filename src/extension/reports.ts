/** Detected configurations and their reports per document, computed once per document version. */
import * as vscode from 'vscode';
import { analyzeFinding, AnalysisSettings, FilterReport } from '../analysis/analyze';
import { detectConfigs } from '../detect';

interface Entry {
  readonly version: number;
  readonly reports: readonly FilterReport[];
}

export function readAnalysisSettings(): Partial<AnalysisSettings> {
  const config = vscode.workspace.getConfiguration('bloomLens');
  return {
    targetFalsePositiveRate: config.get<number>('targetFalsePositiveRate'),
    maxFalsePositiveRate: config.get<number>('maxFalsePositiveRate'),
  };
}

export class ReportStore implements vscode.Disposable {
  private readonly entries = new Map<string, Entry>();
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      vscode.workspace.onDidCloseTextDocument((document) => this.entries.delete(document.uri.toString())),
      vscode.workspace.onDidChangeConfiguration((event) => { if (event.affectsConfiguration('bloomLens')) this.entries.clear(); }),
    ];
  }

  /** The reports for the document's current version (computed at most once per version). */
  reportsFor(document: vscode.TextDocument): readonly FilterReport[] {
    const key = document.uri.toString();
    const cached = this.entries.get(key);
    if (cached && cached.version === document.version) return cached.reports;
    const settings = readAnalysisSettings();
    const findings = detectConfigs(document.getText(), { languageId: document.languageId, fileName: document.fileName });
    const reports = findings.map((finding) => analyzeFinding(finding, settings));
    this.entries.set(key, { version: document.version, reports });
    return reports;
  }

  /** The report whose configuration covers the position, if any. */
  reportAt(document: vscode.TextDocument, position: vscode.Position): FilterReport | undefined {
    return this.reportsFor(document).find(({ finding: { range } }) => new vscode.Range(
      range.start.line, range.start.character, range.end.line, range.end.character).contains(position));
  }

  dispose(): void {
    this.entries.clear();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
