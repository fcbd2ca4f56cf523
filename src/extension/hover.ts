/** The hover over a detected configuration: renders the report's hover data as Markdown. */
import * as vscode from 'vscode';
import type { FilterReport } from '../analysis/analyze';
import { commandUri, locationOf, toVsRange } from './ranges';
import type { ReportStore } from './reports';

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export const HOVER_COMMANDS = ['bloomLens.openDesigner', 'bloomLens.runSimulation', 'bloomLens.setPrior'];

export function hoverMarkdown(report: FilterReport, document: vscode.TextDocument): vscode.MarkdownString {
  const { title, rows, notes } = report.hover;
  const lines = [`**Bloom Lens · ${escapeCell(title)}**`, '', '| | |', '|---|---|'];
  for (const [label, value] of rows) lines.push(`| ${escapeCell(label)} | ${escapeCell(value)} |`);
  for (const note of notes) lines.push('', `_${note}_`);
  for (const diagnostic of report.diagnostics) lines.push('', `${diagnostic.code}: ${diagnostic.message}`);
  const location = locationOf(document, report.finding.range);
  lines.push('', [
    `[Open in designer](${commandUri('bloomLens.openDesigner', location)} "Open this filter in the Bloom Lens designer")`,
    `[Simulate](${commandUri('bloomLens.runSimulation', location)} "Check the model against a seeded Monte Carlo simulation")`,
    `[Set prior](${commandUri('bloomLens.setPrior', location)} "Give the prior membership probability for the Bloom paradox check")`,
  ].join(' · '));
  const markdown = new vscode.MarkdownString(lines.join('\n'));
  markdown.supportHtml = false;
  markdown.isTrusted = { enabledCommands: HOVER_COMMANDS };
  return markdown;
}

export class FilterHoverProvider implements vscode.HoverProvider {
  constructor(private readonly store: ReportStore) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    if (!this.store.currentSettings.hoverEnabled) return undefined;
    const report = this.store.reportAt(document, position);
    if (!report) return undefined;
    return new vscode.Hover(hoverMarkdown(report, document), toVsRange(report.finding.range));
  }
}
