/** The syntax layer for the CLI: the runtime and the grammars of the languages among the files to scan, loaded before scanning. */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { languageFromFileName } from '../detect/source';
import { SyntaxRuntime } from '../detect/syntax/runtime';

/** dist/ beside the bundle (the wasm files are copied there), else the package in node_modules (tests, development). */
function wasmDirectory(): string | undefined {
  const candidates = [__dirname, join(__dirname, '..', 'node_modules', '@vscode', 'tree-sitter-wasm', 'wasm'), join(process.cwd(), 'node_modules', '@vscode', 'tree-sitter-wasm', 'wasm')];
  return candidates.find((dir) => existsSync(join(dir, 'tree-sitter.wasm')));
}

/** Loads the runtime and the grammars for these files; undefined (text readers only) when the runtime cannot load. */
export async function loadSyntaxFor(files: readonly string[]): Promise<SyntaxRuntime | undefined> {
  const directory = wasmDirectory();
  if (!directory) return undefined;
  try {
    const runtime = await SyntaxRuntime.create((file) => readFile(join(directory, file)));
    const languages = new Set(files.map((file) => languageFromFileName(file)));
    await Promise.all([...languages].map((languageId) => runtime.load(languageId)));
    return runtime;
  } catch {
    return undefined;
  }
}
