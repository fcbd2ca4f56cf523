/**
 * The tree-sitter runtime as VS Code ships it (`@vscode/tree-sitter-wasm`), loaded once per process, and
 * its grammars loaded lazily, one per language on first use. Loading is asynchronous; parsing is
 * synchronous once a grammar is loaded, so detection stays synchronous: a language whose grammar is not
 * loaded yet is read by the text readers, exactly as before the syntax layer.
 *
 * The host supplies the bytes of the `.wasm` files (node: `fs` next to the bundle; web worker host:
 * `workspace.fs.readFile` of the extension's `dist/`), so one code path serves node and the browser.
 */
import type { Language, Parser, Query } from '@vscode/tree-sitter-wasm';
import { grammarFileFor, LANGUAGE_QUERIES } from './queries';

/** Reads one file shipped beside the bundle (`tree-sitter.wasm`, `tree-sitter-go.wasm`, ...). */
export type ReadWasm = (fileName: string) => Promise<Uint8Array>;

type TreeSitterModule = typeof import('@vscode/tree-sitter-wasm');

/** A loaded grammar with its parser and compiled query. */
export interface LoadedGrammar {
  readonly grammar: string;
  readonly language: Language;
  readonly parser: Parser;
  /** Bindings (definitions, tuples, destructuring), compiled once per grammar. */
  readonly definitions: Query;
}

/**
 * The syntax layer's loader: `load(languageId)` once (async), then `grammarFor(languageId)` (sync)
 * returns the grammar, or undefined while it is not loaded (or the language has none).
 */
export class SyntaxRuntime {
  private readonly grammars = new Map<string, LoadedGrammar>();
  private readonly pending = new Map<string, Promise<LoadedGrammar | undefined>>();
  private readonly failed = new Set<string>();

  private constructor(private readonly module: TreeSitterModule, private readonly readWasm: ReadWasm) {}

  /** Initialises the runtime (about 10 ms). Rejects when the runtime's wasm cannot be read or instantiated. */
  static async create(readWasm: ReadWasm): Promise<SyntaxRuntime> {
    const module = await import('@vscode/tree-sitter-wasm');
    const wasmBinary = await readWasm('tree-sitter.wasm');
    // `wasmBinary` goes straight to Emscripten; `locateFile` must still be given (the web build asks for it).
    await module.Parser.init({ wasmBinary, locateFile: (file: string) => file } as { locateFile: (file: string) => string });
    return new SyntaxRuntime(module, readWasm);
  }

  /** The grammar for a VS Code language id, when it is loaded. */
  grammarFor(languageId: string | undefined): LoadedGrammar | undefined {
    const grammar = grammarFileFor(languageId);
    return grammar ? this.grammars.get(grammar) : undefined;
  }

  /** Loads the grammar of a language (once); resolves to undefined when it has none or loading failed. */
  load(languageId: string | undefined): Promise<LoadedGrammar | undefined> {
    const grammar = grammarFileFor(languageId);
    if (!grammar || this.failed.has(grammar)) return Promise.resolve(undefined);
    const loaded = this.grammars.get(grammar);
    if (loaded) return Promise.resolve(loaded);
    let pending = this.pending.get(grammar);
    if (!pending) {
      pending = this.loadGrammar(grammar);
      this.pending.set(grammar, pending);
    }
    return pending;
  }

  /** Grammars loaded so far (for reports and tests). */
  get loadedGrammars(): string[] {
    return [...this.grammars.keys()];
  }

  private async loadGrammar(grammar: string): Promise<LoadedGrammar | undefined> {
    try {
      const language = await this.module.Language.load(await this.readWasm(`tree-sitter-${grammar}.wasm`));
      const parser = new this.module.Parser();
      parser.setLanguage(language);
      const definitions = new this.module.Query(language, LANGUAGE_QUERIES[grammar].definitions);
      const loaded: LoadedGrammar = { grammar, language, parser, definitions };
      this.grammars.set(grammar, loaded);
      return loaded;
    } catch {
      this.failed.add(grammar); // a grammar that cannot load leaves its language to the text readers
      return undefined;
    } finally {
      this.pending.delete(grammar);
    }
  }
}
