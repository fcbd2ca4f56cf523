import * as vscode from 'vscode';
import type { TextRange } from '../detect/types';

export function toVsRange(range: TextRange): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

/** The argument the designer command takes to open on a detected configuration. */
export interface FilterLocation {
  readonly uri: string;
  readonly line: number;
  readonly character: number;
}

export function locationOf(document: vscode.TextDocument, range: TextRange): FilterLocation {
  return { uri: document.uri.toString(), line: range.start.line, character: range.start.character };
}

/** A `command:` URI for Markdown links (hover), with its JSON arguments. */
export function commandUri(command: string, ...args: unknown[]): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify(args))}`;
}
