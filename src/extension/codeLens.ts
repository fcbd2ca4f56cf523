/** One CodeLens line above each detected configuration; titles are computed only for visible lenses. */
import * as vscode from 'vscode';
import { locationOf, toVsRange } from './ranges';
import type { DocumentAnalysis, ReportStore } from './reports';

class FilterLens extends vscode.CodeLens {
  constructor(range: vscode.Range, readonly analysis: DocumentAnalysis, readonly index: number, readonly document: vscode.TextDocument) {
    super(range);
  }
}

export class FilterCodeLensProvider implements vscode.CodeLensProvider<FilterLens> {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  constructor(private readonly store: ReportStore) {
    this.onDidChangeCodeLenses = store.onDidChange;
  }

  provideCodeLenses(document: vscode.TextDocument, token: vscode.CancellationToken): FilterLens[] {
    if (!this.store.currentSettings.codeLensEnabled || token.isCancellationRequested) return [];
    const analysis = this.store.analysisFor(document);
    return analysis.findings.map((finding, index) => {
      const start = toVsRange(finding.range).start;
      return new FilterLens(new vscode.Range(start, start), analysis, index, document);
    });
  }

  resolveCodeLens(lens: FilterLens, token: vscode.CancellationToken): FilterLens | undefined {
    if (token.isCancellationRequested) return undefined;
    const report = lens.analysis.report(lens.index);
    lens.command = {
      title: `${report.lens}${report.alternative ? ` · smaller: ${report.alternative.short}` : ''} · Open designer`,
      tooltip: 'Bloom Lens: open this filter in the designer',
      command: 'bloomLens.openDesigner',
      arguments: [locationOf(lens.document, report.finding.range)],
    };
    return lens;
  }
}
