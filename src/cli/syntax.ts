/** The syntax layer for the CLI: the runtime and the grammars of the languages among the files to scan, loaded before scanning. */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { languageFromFileName } from '../detect/source';
import { wasmPackagePath } from '../detect/syntax/queries';
import { SyntaxRuntime } from '../detect/syntax/runtime';
import { BLOCK_LANGUAGES } from '../detect/fencedBlocks';

/** The file beside the bundle in dist/ (the build copies the wasm files there), else in node_modules (tests, development). */
function wasmFile(fileName: string): string | undefined {
  const candidates = [join(__dirname, fileName), join(__dirname, '..', 'node_modules', wasmPackagePath(fileName)), join(process.cwd(), 'node_modules', wasmPackagePath(fileName))];
  return candidates.find((path) => existsSync(path));
}

/** Loads the runtime and the grammars for these files; undefined (text readers only) when the runtime cannot load. */
export async function loadSyntaxFor(files: readonly string[]): Promise<SyntaxRuntime | undefined> {
  if (!wasmFile('tree-sitter.wasm')) return undefined;
  try {
    const runtime = await SyntaxRuntime.create(async (file) => {
      const path = wasmFile(file);
      if (!path) throw new Error(`${file} not found`);
      return readFile(path);
    });
    const languages = new Set(files.map((file) => languageFromFileName(file)));
    // a Markdown file's code blocks are read in their own languages (src/detect/fencedBlocks.ts): their grammars too
    if (languages.has('markdown')) for (const languageId of BLOCK_LANGUAGES) languages.add(languageId);
    await Promise.all([...languages].map((languageId) => runtime.load(languageId)));
    return runtime;
  } catch {
    return undefined;
  }
}
