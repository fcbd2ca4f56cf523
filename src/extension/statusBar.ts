/**
 * A quiet status-bar item for the active editor: how many filter configurations it holds, shown once the
 * document is fully analysed (hidden where there are none). Its accessible label is also the readiness
 * signal the end-to-end tests wait for before they hover.
 */
import * as vscode from 'vscode';
import type { DiagnosticsController } from './diagnostics';
import type { ReportStore } from './reports';

export class FilterStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('bloomLens.status', vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly store: ReportStore, private readonly diagnostics: DiagnosticsController) {
    this.item.name = 'Bloom Lens';
    this.subscriptions = [
      this.item,
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      // While the user types, the last analysed count stays (no flicker per keystroke); it updates once the
      // debounced analysis of the new version is done.
      diagnostics.onDidAnalyze((document) => { if (document === vscode.window.activeTextEditor?.document) this.update(); }),
    ];
    this.update();
  }

  private update(): void {
    const document = vscode.window.activeTextEditor?.document;
    if (!document || !this.diagnostics.isAnalyzed(document)) {
      this.item.hide(); // another file, not analysed yet: never its predecessor's count
      return;
    }
    const count = this.store.analysisFor(document).findings.length;
    if (count === 0) {
      this.item.hide();
      return;
    }
    const what = `${count} Bloom filter configuration${count === 1 ? '' : 's'}`;
    const file = document.uri.path.slice(document.uri.path.lastIndexOf('/') + 1);
    this.item.text = `$(filter) ${count}`;
    this.item.tooltip = `Bloom Lens: ${what} in this file. Hover one for its false-positive rate; click for the Problems panel.`;
    this.item.accessibilityInformation = { label: `Bloom Lens: ${what} in ${file}`, role: 'button' };
    this.item.command = 'workbench.actions.view.problems';
    this.item.show();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
