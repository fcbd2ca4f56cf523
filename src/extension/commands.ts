/** Commands that act on the configuration at the cursor or on settings. */
import * as vscode from 'vscode';
import { parseProbability } from '../analysis/units';
import { annotationLine } from './codeActions';
import { annotationComment, setAnnotationValues } from './edits';
import { FilterLocation, toVsRange } from './ranges';
import type { ReportStore } from './reports';

/** The document and position a command was invoked for: its argument, else the active editor's cursor. */
export async function resolveLocation(location?: FilterLocation): Promise<{ document: vscode.TextDocument; position: vscode.Position } | undefined> {
  if (location && typeof location.uri === 'string' && Number.isInteger(location.line) && Number.isInteger(location.character)) {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(location.uri));
    return { document, position: new vscode.Position(location.line, location.character) };
  }
  const editor = vscode.window.activeTextEditor;
  return editor ? { document: editor.document, position: editor.selection.active } : undefined;
}

export async function toggleCodeLens(): Promise<void> {
  const config = vscode.workspace.getConfiguration('bloomLens');
  const enabled = config.get<boolean>('codeLens.enabled', true);
  // Change the most specific level that sets it, or the toggle would be overridden there.
  const inspected = config.inspect<boolean>('codeLens.enabled');
  const target = inspected?.workspaceFolderValue !== undefined ? vscode.ConfigurationTarget.WorkspaceFolder
    : inspected?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await config.update('codeLens.enabled', !enabled, target);
  void vscode.window.setStatusBarMessage(`Bloom Lens: CodeLens ${enabled ? 'off' : 'on'}`, 3000);
}

function parsePrior(text: string): number | undefined {
  const parsed = parseProbability(text, 'the prior');
  return parsed.ok ? parsed.value : undefined;
}

/**
 * Asks for the prior (and alpha) and writes them into a `bloom-lens:` annotation above the config.
 * `answers` skips the questions (tests, keybindings).
 */
export async function setPrior(store: ReportStore, location?: FilterLocation, answers?: { prior: string; alpha: string }): Promise<boolean> {
  const target = await resolveLocation(location);
  if (!target) {
    void vscode.window.showWarningMessage('Bloom Lens: open a file and put the cursor on a Bloom filter configuration.');
    return false;
  }
  const { document, position } = target;
  if (document.languageId === 'json') {
    void vscode.window.showWarningMessage('Bloom Lens: JSON has no comments, so a prior cannot be annotated here; use the designer to explore the paradox.');
    return false;
  }
  const report = store.reportAt(document, position);
  if (!report) {
    void vscode.window.showWarningMessage('Bloom Lens: no Bloom filter configuration at the cursor.');
    return false;
  }
  const priorText = answers?.prior ?? await vscode.window.showInputBox({
    title: 'Bloom Lens: prior membership probability',
    prompt: 'Probability that a queried element is in the set before asking the filter (e.g. 1e-4, 0.5%, 1 in 1000)',
    value: report.finding.params.prior !== undefined ? String(report.finding.params.prior) : '',
    validateInput: (text) => (parsePrior(text) === undefined ? 'A probability strictly between 0 and 1, e.g. 1e-4, 0.5% or 1 in 1000' : undefined),
  });
  const prior = priorText !== undefined ? parsePrior(priorText) : undefined;
  if (prior === undefined) return false;
  const alphaText = answers?.alpha ?? await vscode.window.showInputBox({
    title: 'Bloom Lens: cost ratio alpha',
    prompt: 'Cost of a false negative divided by the cost of a false positive (1 = equal costs)',
    value: String(report.finding.params.alpha ?? store.currentSettings.analysis.defaultAlpha ?? 1),
    validateInput: (text) => (Number(text) > 0 && Number.isFinite(Number(text)) ? undefined : 'A positive number, e.g. 1 or 10'),
  });
  if (alphaText === undefined || !(Number(alphaText) > 0 && Number.isFinite(Number(alphaText)))) return false;
  const values = { prior: String(prior), alpha: String(Number(alphaText)) };

  const edit = new vscode.WorkspaceEdit();
  const configLine = toVsRange(report.finding.range).start.line;
  const line = annotationLine(document, configLine);
  if (line !== undefined) {
    edit.replace(document.uri, line.range, setAnnotationValues(line.text, values));
  } else {
    const indent = /^\s*/.exec(document.lineAt(configLine).text)?.[0] ?? '';
    edit.insert(document.uri, new vscode.Position(configLine, 0), `${indent}${annotationComment(document.languageId, `prior=${values.prior} alpha=${values.alpha}`)}\n`);
  }
  return vscode.workspace.applyEdit(edit);
}
