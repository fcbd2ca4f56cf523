/** Bloom Lens: VS Code glue only. Everything shown comes from src/analysis. */
import * as vscode from 'vscode';
import { registerDesigner } from './designer';
import { FilterHoverProvider } from './hover';
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
  );
  registerDesigner(context, store);
}

export function deactivate(): void {
  // Nothing to release beyond the subscriptions.
}
