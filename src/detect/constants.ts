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
  /**
   * The constant a name (`EXPECTED_USERS`, `Limits.EXPECTED_USERS`) denotes: the one value the workspace gives it, or
   * where files disagree, the one value the files closest to `fromFile` give it (same folder, then same language).
   */
  lookup(name: string, fromFile?: string): IndexedConstant | undefined;
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
  private byName: Map<string, IndexedConstant[]> | undefined;
  /** Constant name -> (file:line -> the owner it is a member of), for members indexed under their owner too. */
  private owners: Map<string, Map<string, string>> | undefined;

  /** Replaces what the index holds for `file`. */
  setFile(file: string, constants: readonly FileConstant[]): void {
    if (constants.length === 0) this.files.delete(file);
    else this.files.set(file, constants);
    this.byName = undefined;
    this.owners = undefined;
  }

  removeFile(file: string): void {
    if (this.files.delete(file)) this.byName = this.owners = undefined;
  }

  get size(): number {
    return this.files.size;
  }

  lookup(name: string, fromFile?: string): IndexedConstant | undefined {
    const table = this.byName ?? (this.byName = this.build());
    const pick = (key: string): IndexedConstant | null | undefined => {
      const candidates = table.get(key);
      return candidates === undefined ? undefined : closest(candidates, fromFile);
    };
    const direct = pick(name);
    if (direct !== undefined) return direct ?? undefined;
    // `pkg.Limits.N` or `Limits::N`: the owner-qualified tail, then the constant-style name alone.
    const parts = name.split(/\.|::|->/);
    if (parts.length < 2) return undefined;
    const last = parts[parts.length - 1];
    const owner = parts[parts.length - 2];
    const qualified = pick(`${owner}.${last}`);
    if (qualified !== undefined) return qualified ?? undefined;
    if (!/^[A-Z][A-Z0-9_]*$/.test(last)) return undefined;
    // the constant-style name alone, but not a member of another owner (`MESH.N` is no `MESH_LIMITS.N`)
    const owners = (this.owners ??= this.buildOwners()).get(last);
    const candidates = table.get(last)?.filter((c) => {
      const of = owners?.get(`${c.origin.file}:${c.origin.line}`);
      return of === undefined || of === owner;
    });
    return candidates === undefined || candidates.length === 0 ? undefined : closest(candidates, fromFile) ?? undefined;
  }

  private buildOwners(): Map<string, Map<string, string>> {
    const owners = new Map<string, Map<string, string>>();
    for (const [file, constants] of this.files) {
      for (const constant of constants) {
        const dot = constant.name.lastIndexOf('.');
        if (dot <= 0) continue;
        const last = constant.name.slice(dot + 1);
        const map = owners.get(last) ?? owners.set(last, new Map()).get(last)!;
        map.set(`${file}:${constant.line}`, constant.name.slice(0, dot).replace(/^.*\./, ''));
      }
    }
    return owners;
  }

  /** Name -> every definition of it in the workspace. */
  private build(): Map<string, IndexedConstant[]> {
    const table = new Map<string, IndexedConstant[]>();
    for (const [file, constants] of this.files) {
      for (const constant of constants) {
        const entry = { value: constant.value, origin: { name: constant.name, line: constant.line, file } };
        const list = table.get(constant.name);
        if (list) list.push(entry);
        else table.set(constant.name, [entry]);
      }
    }
    return table;
  }
}

const folderOf = (file: string): string => file.replace(/[\\/][^\\/]*$/, '');
const extensionOf = (file: string): string => /\.([^.\\/]+)$/.exec(file)?.[1].toLowerCase() ?? '';
/** Extensions of one language, for telling a sibling module from an unrelated file. */
const LANGUAGE_OF_EXTENSION: Record<string, string> = { ts: 'js', tsx: 'js', js: 'js', jsx: 'js', mjs: 'js', cjs: 'js', mts: 'js', cts: 'js', h: 'c', c: 'c', cc: 'c', cpp: 'c', hpp: 'c', hh: 'c', cxx: 'c', kt: 'jvm', java: 'jvm', scala: 'jvm', kts: 'jvm' };
const languageOf = (file: string): string => LANGUAGE_OF_EXTENSION[extensionOf(file)] ?? extensionOf(file);

/**
 * The one value the candidates give, or where they disagree, the one value of those in the reader's folder, else of
 * those in its language; null (ambiguous) when that still leaves two values.
 */
function closest(candidates: readonly IndexedConstant[], fromFile: string | undefined): IndexedConstant | null {
  const agreed = (list: readonly IndexedConstant[]): IndexedConstant | null | undefined =>
    list.length === 0 ? undefined : list.every((c) => c.value === list[0].value) ? list[0] : null;
  const all = agreed(candidates);
  if (all !== null || fromFile === undefined) return all ?? null;
  const sameFolder = agreed(candidates.filter((c) => c.origin.file !== undefined && folderOf(c.origin.file) === folderOf(fromFile)));
  if (sameFolder !== undefined) return sameFolder;
  return agreed(candidates.filter((c) => c.origin.file !== undefined && languageOf(c.origin.file) === languageOf(fromFile))) ?? null;
}
