import * as vscode from 'vscode';
import type { TextRange } from '../detect/types';
import type { FilterLocation } from './location';

export type { FilterLocation } from './location';

export function toVsRange(range: TextRange): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

export function locationOf(document: vscode.TextDocument, range: TextRange): FilterLocation {
  return { uri: document.uri.toString(), line: range.start.line, character: range.start.character };
}
