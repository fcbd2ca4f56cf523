/**
 * Constants of the workspace, for values a file takes from another (`Limits.EXPECTED_USERS` defined in
 * Limits.java). A pure index object: the extension keeps one for the workspace and updates it per file;
 * the CLI builds one for the paths it scans. Each entry is evaluated in its own file, so the index holds
 * numbers with their origin, never expressions that would need another file's names.
 */
import type { ValueOrigin } from './types';

export interface IndexedConstant {
  readonly value: number;
  readonly origin: ValueOrigin;
}

/** What detection asks of an index. */
export interface ConstantsLookup {
  /** The constant a name (`EXPECTED_USERS`, `Limits.EXPECTED_USERS`) denotes, when exactly one file defines it. */
  lookup(name: string): IndexedConstant | undefined;
}

/** One constant a file defines: its name (and owner-qualified name) and value. */
export interface FileConstant {
  readonly name: string;
  readonly value: number;
  /** 0-based line of the definition. */
  readonly line: number;
}

export class ConstantsIndex implements ConstantsLookup {
  private readonly files = new Map<string, readonly FileConstant[]>();
  private byName: Map<string, IndexedConstant | null> | undefined;

  /** Replaces what the index holds for `file`. */
  setFile(file: string, constants: readonly FileConstant[]): void {
    if (constants.length === 0) this.files.delete(file);
    else this.files.set(file, constants);
    this.byName = undefined;
  }

  removeFile(file: string): void {
    if (this.files.delete(file)) this.byName = undefined;
  }

  get size(): number {
    return this.files.size;
  }

  lookup(name: string): IndexedConstant | undefined {
    const table = this.byName ?? (this.byName = this.build());
    const direct = table.get(name);
    if (direct !== undefined) return direct ?? undefined;
    // `pkg.Limits.N` or `Limits::N`: the owner-qualified tail, then the constant-style name alone.
    const parts = name.split(/\.|::|->/);
    if (parts.length < 2) return undefined;
    const last = parts[parts.length - 1];
    const qualified = table.get(`${parts[parts.length - 2]}.${last}`);
    if (qualified !== undefined) return qualified ?? undefined;
    return /^[A-Z][A-Z0-9_]*$/.test(last) ? table.get(last) ?? undefined : undefined;
  }

  /** Name -> constant; null where two files (or two definitions) disagree on the value. */
  private build(): Map<string, IndexedConstant | null> {
    const table = new Map<string, IndexedConstant | null>();
    for (const [file, constants] of this.files) {
      for (const constant of constants) {
        const previous = table.get(constant.name);
        if (previous === undefined) table.set(constant.name, { value: constant.value, origin: { name: constant.name, line: constant.line, file } });
        else if (previous !== null && previous.value !== constant.value) table.set(constant.name, null);
      }
    }
    return table;
  }
}
