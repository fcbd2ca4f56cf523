/**
 * Starts the syntax layer in the extension host: the tree-sitter runtime read from the extension's dist/
 * (the same call in the node and the web worker host), then the grammar of each open document's language.
 * Until a grammar is loaded its documents are read by the text readers; then they are read again with it.
 */
import * as vscode from 'vscode';
import { languagesToRead } from '../detect/fencedBlocks';
import { SyntaxRuntime } from '../detect/syntax/runtime';
import { CooperativeJobRunner, JobRunner } from './jobRunner';
import { detectionLanguage, type ReportStore } from './reports';

/** Returns a function that resolves once a language's grammar is loaded (true) or cannot be (false). */
export function startSyntax(context: vscode.ExtensionContext, store: ReportStore, jobs: JobRunner): (languageId: string) => Promise<boolean> {
  const readWasm = async (file: string): Promise<Uint8Array> => vscode.workspace.fs.readFile(vscode.Uri.joinPath(context.extensionUri, 'dist', file));
  const started = SyntaxRuntime.create(readWasm);
  started.then((runtime) => {
    store.useSyntax(runtime);
    if (jobs instanceof CooperativeJobRunner) jobs.syntax = runtime;
    const load = (document: vscode.TextDocument): void => {
      if (store.covers(document)) for (const languageId of languagesToRead(document.getText(), detectionLanguage(document))) store.loadGrammarFor(languageId);
    };
    vscode.workspace.textDocuments.forEach(load);
    context.subscriptions.push(
      vscode.workspace.onDidOpenTextDocument(load),
      vscode.workspace.onDidSaveTextDocument((document) => store.indexConstants(document)),
    );
  }, (error: Error) => console.error(`Bloom Lens: the syntax layer did not load (${error?.message ?? String(error)}); reading code as text`));
  return async (languageId) => (await started.catch(() => undefined))?.load(languageId).then((grammar) => grammar !== undefined) ?? false;
}
