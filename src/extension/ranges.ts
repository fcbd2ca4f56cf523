import * as vscode from 'vscode';
import type { TextRange } from '../detect/types';
import type { FilterLocation } from './location';

export type { FilterLocation } from './location';

/** The documents Bloom Lens looks at: files, unsaved buffers and virtual workspaces. */
export const DOCUMENT_SCHEMES = ['file', 'untitled', 'vscode-vfs', 'vscode-remote'];
export const DOCUMENT_SELECTOR: vscode.DocumentSelector = DOCUMENT_SCHEMES.map((scheme) => ({ scheme }));

export function toVsRange(range: TextRange): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

export function locationOf(document: vscode.TextDocument, range: TextRange): FilterLocation {
  return { uri: document.uri.toString(), line: range.start.line, character: range.start.character };
}
