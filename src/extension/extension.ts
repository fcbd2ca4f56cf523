/** Bloom Lens: VS Code glue only. Everything shown comes from src/analysis through the ReportStore. */
import * as vscode from 'vscode';
import { FilterCodeActionProvider } from './codeActions';
import { FilterCodeLensProvider } from './codeLens';
import { setPrior, toggleCodeLens } from './commands';
import { registerDesigner } from './designer';
import { DiagnosticsController } from './diagnostics';
import { FilterHoverProvider } from './hover';
import type { FilterLocation } from './ranges';
import { ReportStore } from './reports';

/** Every document that has text: files, unsaved buffers and virtual workspaces. */
export const DOCUMENT_SELECTOR: vscode.DocumentSelector = [
  { scheme: 'file' }, { scheme: 'untitled' }, { scheme: 'vscode-vfs' }, { scheme: 'vscode-remote' },
];

export function activate(context: vscode.ExtensionContext): void {
  const store = new ReportStore();
  context.subscriptions.push(
    store,
    vscode.languages.registerHoverProvider(DOCUMENT_SELECTOR, new FilterHoverProvider(store)),
    vscode.languages.registerCodeLensProvider(DOCUMENT_SELECTOR, new FilterCodeLensProvider(store)),
    vscode.languages.registerCodeActionsProvider(DOCUMENT_SELECTOR, new FilterCodeActionProvider(store), FilterCodeActionProvider.metadata),
    new DiagnosticsController(store),
    vscode.commands.registerCommand('bloomLens.toggleCodeLens', toggleCodeLens),
    vscode.commands.registerCommand('bloomLens.setPrior', (location?: FilterLocation) => setPrior(store, location)),
  );
  registerDesigner(context, store);
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}
