/** The hover's Markdown as plain text (no vscode import, so it is benchmarked with the rest of the pipeline). */
import type { FilterReport } from '../analysis/analyze';
import { commandUri, FilterLocation } from './location';

export const HOVER_COMMANDS = ['bloomLens.openDesigner', 'bloomLens.runSimulation', 'bloomLens.setPrior'];

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function hoverMarkdownText(report: FilterReport, location: FilterLocation): string {
  const { title, rows, notes } = report.hover;
  const lines = [`**Bloom Lens · ${escapeCell(title)}**`, '', '| | |', '|---|---|'];
  for (const [label, value] of rows) lines.push(`| ${escapeCell(label)} | ${escapeCell(value)} |`);
  for (const note of notes) lines.push('', `_${note}_`);
  lines.push('', [
    `[Open in designer](${commandUri('bloomLens.openDesigner', location)} "Open this filter in the Bloom Lens designer")`,
    `[Simulate](${commandUri('bloomLens.runSimulation', location)} "Check the model against a seeded Monte Carlo simulation")`,
    `[Set prior](${commandUri('bloomLens.setPrior', location)} "Give the prior membership probability for the Bloom paradox check")`,
  ].join(' · '));
  return lines.join('\n');
}
