/** The hover over a detected configuration: renders the report's hover data as Markdown. */
import * as vscode from 'vscode';
import type { FilterReport } from '../analysis/analyze';
import type { ReportStore } from './reports';

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function hoverMarkdown(report: FilterReport): vscode.MarkdownString {
  const { title, rows, notes } = report.hover;
  const lines = [`**Bloom Lens · ${escapeCell(title)}**`, '', '| | |', '|---|---|'];
  for (const [label, value] of rows) lines.push(`| ${escapeCell(label)} | ${escapeCell(value)} |`);
  for (const note of notes) lines.push('', `_${note}_`);
  for (const diagnostic of report.diagnostics) lines.push('', `${diagnostic.code}: ${diagnostic.message}`);
  const markdown = new vscode.MarkdownString(lines.join('\n'));
  markdown.supportHtml = false;
  return markdown;
}

export class FilterHoverProvider implements vscode.HoverProvider {
  constructor(private readonly store: ReportStore) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    if (!vscode.workspace.getConfiguration('bloomLens').get<boolean>('hover.enabled', true)) return undefined;
    const report = this.store.reportAt(document, position);
    if (!report) return undefined;
    const { start, end } = report.finding.range;
    return new vscode.Hover(hoverMarkdown(report), new vscode.Range(start.line, start.character, end.line, end.character));
  }
}
