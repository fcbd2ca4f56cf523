import * as vscode from 'vscode';
import type { ReportStore } from '../reports';

/** Registers the designer panel, its commands and its serializer (the designer issue replaces this). */
export function registerDesigner(_context: vscode.ExtensionContext, _store: ReportStore): void {
  // Not yet built.
}
