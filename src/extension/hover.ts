/** The hover over a detected configuration (and only there): the report's hover data as Markdown. */
import * as vscode from 'vscode';
import { HOVER_COMMANDS, hoverMarkdownText } from './hoverText';
import { locationOf, toVsRange } from './ranges';
import type { ReportStore } from './reports';

export class FilterHoverProvider implements vscode.HoverProvider {
  constructor(private readonly store: ReportStore) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position, token?: vscode.CancellationToken): vscode.ProviderResult<vscode.Hover> {
    if (!this.store.currentSettings.hoverEnabled) return undefined;
    if (!this.store.analysisFor(document).complete) {
      // A large document still in the worker: answer when its findings arrive (VS Code shows "Loading..."),
      // instead of an empty answer that would stay empty until the mouse moves again.
      return this.store.completeAnalysisFor(document).then(() => (token?.isCancellationRequested ? undefined : this.hoverAt(document, position)));
    }
    return this.hoverAt(document, position);
  }

  private hoverAt(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const report = this.store.reportAt(document, position);
    if (!report) return undefined;
    const markdown = new vscode.MarkdownString(hoverMarkdownText(report, locationOf(document, report.finding.range)));
    markdown.supportHtml = false;
    markdown.isTrusted = { enabledCommands: HOVER_COMMANDS };
    return new vscode.Hover(markdown, toVsRange(report.finding.range));
  }
}
