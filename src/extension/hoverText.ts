/** The hover's Markdown as plain text (no vscode import, so it is benchmarked with the rest of the pipeline). */
import type { FilterReport } from '../analysis/analyze';
import type { OpenDesignerArgument } from '../protocol';
import { commandUri, FilterLocation } from './location';

export const HOVER_COMMANDS = ['bloomLens.openDesigner', 'bloomLens.runSimulation', 'bloomLens.setPrior'];

/**
 * Text from the analysis (which quotes the document) as literal Markdown: every character that could make
 * a link, HTML, emphasis, code or a table cell is escaped, so nothing from a file can become a command.
 */
function literal(text: string): string {
  // Links need [ ], autolinks and HTML need < >, emphasis and code * _ ` ~, tables | ; none can start a line here.
  return text.replace(/[\\`*_[\]<>|~&]/g, '\\$&').replace(/\s*\n\s*/g, ' ');
}

export function hoverMarkdownText(report: FilterReport, location: FilterLocation): string {
  const { title, answer, rows, notes } = report.hover;
  // The answer first, in one sentence; then who says so, a short table, notes and the links.
  const lines = [`**${literal(answer)}**`, '', '| | |', '|---|---|'];
  for (const [label, value] of rows) lines.push(`| ${literal(label)} | ${literal(value)} |`);
  const alternative = alternativeRow(report, location);
  if (alternative) lines.push(alternative);
  const origins = valueOrigins(report);
  if (origins) lines.push('', origins);
  for (const note of notes) lines.push('', `_${literal(note)}_`);
  lines.push('', [
    `Bloom Lens · ${literal(title)}`,
    `[Open in designer](${commandUri('bloomLens.openDesigner', location)} "Open this filter in the Bloom Lens designer")`,
    `[Simulate](${commandUri('bloomLens.runSimulation', location)} "Check the model against a seeded Monte Carlo simulation")`,
    `[Set prior](${commandUri('bloomLens.setPrior', location)} "Give the prior membership probability for the Bloom paradox check")`,
  ].join(' · '));
  return lines.join('\n');
}

/** The "smaller: ..." table row (one line), with the designer's comparison of the same n and p one click away. */
function alternativeRow(report: FilterReport, location: FilterLocation): string | undefined {
  const alternative = report.alternative;
  if (!alternative) return undefined;
  const argument: OpenDesignerArgument = { ...location, section: 'alternatives', n: alternative.n, p: alternative.p };
  return `| smaller | ${literal(alternative.text)} · [compare](${commandUri('bloomLens.openDesigner', argument)} "Compare the other filters for the same n and p in the designer") |`;
}

/** One line saying where named values came from: "n from `Limits.EXPECTED_USERS`, Limits.java:12 · p from `FPP`, line 8". */
function valueOrigins(report: FilterReport): string | undefined {
  const parts: string[] = [];
  for (const [param, source] of Object.entries(report.finding.sources)) {
    const origin = source?.origin;
    if (!origin) continue;
    const written = source.text && /^[\w$.:>-]+$/.test(source.text) ? source.text : origin.name;
    const where = origin.file ? `${origin.file.replace(/^.*[\\/]/, '')}:${origin.line + 1}` : `line ${origin.line + 1}`;
    const name = origin.name.replace(/`/g, '');
    const what = origin.callArgument ? `the argument for \`${name}\` of the function's one call`
      : origin.parameterDefault ? (name.includes('.') ? `the default of \`${name}\`` : `the default of parameter \`${name}\``)
      : `\`${written.replace(/`/g, '')}\``;
    parts.push(`${param} from ${what}, ${literal(where)}`);
  }
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
