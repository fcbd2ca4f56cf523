/** Quick fixes for Bloom Lens diagnostics: undoable edits of the numbers in the code. */
import * as vscode from 'vscode';
import type { SuggestedFix } from '../analysis/analyze';
import { FilterDiagnostic } from './diagnostics';
import { numberAsSource } from './edits';
import { locationOf, toVsRange } from './ranges';
import type { ReportStore } from './reports';

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
    for (const { param, value } of fix.changes) {
      const sourceRange = diagnostic.report.finding.sources[param]?.range;
      if (!sourceRange) return undefined; // only numbers the code states can be rewritten in place
      const range = toVsRange(sourceRange);
      edit.replace(document.uri, range, numberAsSource(value, document.getText(range)));
    }
    const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
    action.diagnostics = [diagnostic];
    action.isPreferred = true;
    action.edit = edit;
    return action;
  }
}
