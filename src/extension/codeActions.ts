/** Quick fixes for Bloom Lens diagnostics: undoable edits of the numbers in the code. */
import * as vscode from 'vscode';
import type { SuggestedFix } from '../analysis/analyze';
import { FilterDiagnostic } from './diagnostics';
import { numberAsSource, setAnnotationValues } from './edits';
import { locationOf, toVsRange } from './ranges';
import type { ReportStore } from './reports';

/** The `bloom-lens:` annotation that belongs to a config starting on `configLine` (same line or the one above). */
export function annotationLine(document: vscode.TextDocument, configLine: number): vscode.TextLine | undefined {
  for (const line of [configLine, configLine - 1]) {
    if (line >= 0 && document.lineAt(line).text.includes('bloom-lens:')) return document.lineAt(line);
  }
  return undefined;
}

export class FilterCodeActionProvider implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly store: ReportStore) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (!(diagnostic instanceof FilterDiagnostic)) continue;
      for (const fix of diagnostic.detail.fixes ?? []) {
        const action = this.fixAction(document, diagnostic, fix);
        if (action) actions.push(action);
      }
    }
    const report = this.store.reportAt(document, range.start);
    if (report) {
      const setPrior = new vscode.CodeAction('Bloom Lens: set the prior membership probability (paradox check)…', vscode.CodeActionKind.QuickFix);
      setPrior.command = { command: 'bloomLens.setPrior', title: 'Set Prior', arguments: [locationOf(document, report.finding.range)] };
      actions.push(setPrior);
    }
    return actions;
  }

  private fixAction(document: vscode.TextDocument, diagnostic: FilterDiagnostic, fix: SuggestedFix): vscode.CodeAction | undefined {
    const edit = new vscode.WorkspaceEdit();
    const annotationValues: Record<string, string> = {};
    for (const { param, value } of fix.changes) {
      const source = diagnostic.report.finding.sources[param];
      if (source?.range) {
        const range = toVsRange(source.range);
        // In the code's own unit (bytes for some libraries), rounded up so the memory is never less.
        const inUnit = source.scale ? Math.ceil(value / source.scale) : value;
        edit.replace(document.uri, range, numberAsSource(inUnit, document.getText(range)));
      } else if (source?.kind === 'annotation') {
        annotationValues[param] = numberAsSource(value);
      } else {
        return undefined; // only numbers the code states can be rewritten
      }
    }
    if (Object.keys(annotationValues).length > 0) {
      const line = annotationLine(document, toVsRange(diagnostic.report.finding.range).start.line);
      if (line === undefined) return undefined;
      // A count-based recycle rule names the same N: keep the two in step.
      if (annotationValues.n !== undefined && /recycle\s*=\s*n:/.test(line.text)) annotationValues.recycle = `n:${annotationValues.n}`;
      edit.replace(document.uri, line.range, setAnnotationValues(line.text, annotationValues));
    }
    const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
    action.diagnostics = [diagnostic];
    action.isPreferred = true;
    action.edit = edit;
    return action;
  }
}
