/** Quick fixes for Bloom Lens diagnostics: undoable edits of the numbers in the code. */
import * as vscode from 'vscode';
import type { FilterReport, SuggestedFix } from '../analysis/analyze';
import { FilterDiagnostic } from './diagnostics';
import { numberAsSource, setAnnotationValues } from './edits';
import { locationOf, toVsRange } from './ranges';
import type { ReportStore } from './reports';

/** A line that holds only a comment (the annotation on it is not the end-of-line note of other code). */
const COMMENT_ONLY = /^\s*(?:\/\/|#|--|;|\/\*|<!--|\*)/;

/**
 * The `bloom-lens:` annotation that belongs to a config starting on `configLine`: at the end of that line,
 * or alone on the line above (an annotation at the end of the line above belongs to the code there).
 */
export function annotationLine(document: vscode.TextDocument, configLine: number): vscode.TextLine | undefined {
  const own = document.lineAt(configLine);
  if (own.text.includes('bloom-lens:')) return own;
  if (configLine === 0) return undefined;
  const above = document.lineAt(configLine - 1);
  return above.text.includes('bloom-lens:') && COMMENT_ONLY.test(above.text) ? above : undefined;
}

export class FilterCodeActionProvider implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly store: ReportStore) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (!(diagnostic instanceof FilterDiagnostic)) continue;
      // The diagnostic may be older than the text (debounce): act only on the report of the current version.
      const current = this.store.reportAt(document, diagnostic.range.start);
      if (!current || current.finding.recognizer !== diagnostic.report.finding.recognizer) continue;
      const detail = current.diagnostics.find((d) => d.code === diagnostic.detail.code);
      for (const fix of detail?.fixes ?? []) {
        const action = this.fixAction(document, diagnostic, current, fix);
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

  private fixAction(document: vscode.TextDocument, diagnostic: FilterDiagnostic, report: FilterReport, fix: SuggestedFix): vscode.CodeAction | undefined {
    const edit = new vscode.WorkspaceEdit();
    const annotationValues: Record<string, string> = {};
    for (const { param, value } of fix.changes) {
      const source = report.finding.sources[param];
      if (source?.kind === 'constant') return undefined; // a named constant is changed where it is defined
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
      const line = annotationLine(document, toVsRange(report.finding.range).start.line);
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
