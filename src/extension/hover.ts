/** The hover over a detected configuration (and only there): the report's hover data as Markdown. */
import * as vscode from 'vscode';
import { HOVER_COMMANDS, hoverMarkdownText } from './hoverText';
import { locationOf, toVsRange } from './ranges';
import type { ReportStore } from './reports';

export class FilterHoverProvider implements vscode.HoverProvider {
  constructor(private readonly store: ReportStore) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    if (!this.store.currentSettings.hoverEnabled) return undefined;
    const report = this.store.reportAt(document, position);
    if (!report) return undefined;
    const markdown = new vscode.MarkdownString(hoverMarkdownText(report, locationOf(document, report.finding.range)));
    markdown.supportHtml = false;
    markdown.isTrusted = { enabledCommands: HOVER_COMMANDS };
    return new vscode.Hover(markdown, toVsRange(report.finding.range));
  }
}
