import type { SyntaxRuntime } from '../detect/syntax/runtime';
/** Command-line argument parsing and validation for `bloom-lens` (cli-contract.md). */

/** Bad input: the CLI prints `error: <message>` and exits with status 2. */
export class UsageError extends Error {}

export interface ParsedArgs {
  readonly command: string | undefined;
  readonly positional: readonly string[];
  readonly flags: ReadonlyMap<string, string | true>;
}

export interface CommandResult {
  /** Printed as one JSON object with --json. */
  readonly json: object;
  /** Printed for a person without --json. */
  readonly text: string;
  /** Process exit status (default 0). */
  readonly exitCode?: number;
}

/** What the command line prepared before running a command (loading is asynchronous, commands are not). */
export interface CommandEnvironment {
  /** The syntax layer with the grammars of the files to scan loaded. */
  readonly syntax?: SyntaxRuntime;
}

export type Command = (args: ParsedArgs, environment?: CommandEnvironment) => CommandResult;

/** Flags that may be given more than once; their values are joined with commas (`--exclude a --exclude b` = `--exclude a,b`). */
const REPEATABLE_FLAGS: ReadonlySet<string> = new Set(['exclude']);

/** `--name value`, `--name=value` and bare `--flag` (boolean) forms. */
export function parseArgs(argv: readonly string[], booleanFlags: ReadonlySet<string> = new Set(['json', 'help'])): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  let command: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i];
    if (token.startsWith('--') && token.length > 2) {
      const eq = token.indexOf('=');
      const name = eq >= 0 ? token.slice(2, eq) : token.slice(2);
      const earlier = flags.get(name);
      if (earlier !== undefined && !REPEATABLE_FLAGS.has(name)) throw new UsageError(`--${name} is given twice`);
      let value: string | true;
      if (eq >= 0) value = token.slice(eq + 1);
      else if (booleanFlags.has(name) || i + 1 >= argv.length || (argv[i + 1].startsWith('--') && argv[i + 1].length > 2)) value = true;
      else value = argv[++i];
      flags.set(name, typeof earlier === 'string' && typeof value === 'string' ? `${earlier},${value}` : value);
    } else if (command === undefined) {
      command = token;
    } else {
      positional.push(token);
    }
  }
  return { command, positional, flags };
}

/**
 * A number as a person writes it on a command line: `1000000`, `1e6`, `1_000_000`, `2^20`, `1<<20`.
 * Returns undefined for anything else (never NaN).
 */
export function parseNumberText(text: string): number | undefined {
  const s = text.trim().replace(/_/g, '');
  if (s === '') return undefined;
  const power = /^(\d+(?:\.\d+)?)\^(\d+(?:\.\d+)?)$/.exec(s);
  if (power) return finite(Math.pow(Number(power[1]), Number(power[2])));
  const shift = /^(\d+)<<(\d+)$/.exec(s);
  if (shift) return finite(Number(shift[1]) * Math.pow(2, Number(shift[2])));
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return undefined;
  return finite(Number(s));
}

function finite(value: number): number | undefined {
  return Number.isFinite(value) ? value : undefined;
}

export interface NumberRule {
  /** Must be an integer. */
  readonly integer?: boolean;
  /** Inclusive lower bound. */
  readonly min?: number;
  /** Inclusive upper bound. */
  readonly max?: number;
  /** Exclusive lower bound. */
  readonly above?: number;
  /** Exclusive upper bound. */
  readonly below?: number;
  /** How the allowed range is described in an error message, e.g. "an integer >= 1". */
  readonly describe: string;
}

export function hasFlag(args: ParsedArgs, name: string): boolean {
  return args.flags.has(name);
}

/** The flag's value as a number, validated; throws UsageError when missing or invalid. */
export function requireNumber(args: ParsedArgs, name: string, rule: NumberRule): number {
  const value = optionalNumber(args, name, rule);
  if (value === undefined) throw new UsageError(`missing --${name} (${rule.describe})`);
  return value;
}

/** The flag's value as a number if given, validated; undefined when absent. */
export function optionalNumber(args: ParsedArgs, name: string, rule: NumberRule): number | undefined {
  const raw = args.flags.get(name);
  if (raw === undefined) return undefined;
  if (raw === true) throw new UsageError(`--${name} needs a value (${rule.describe})`);
  const value = parseNumberText(raw);
  const bad = value === undefined
    || (rule.integer === true && !Number.isInteger(value))
    || (rule.integer === true && !Number.isSafeInteger(value))
    || (rule.min !== undefined && value < rule.min)
    || (rule.max !== undefined && value > rule.max)
    || (rule.above !== undefined && value <= rule.above)
    || (rule.below !== undefined && value >= rule.below);
  if (bad) throw new UsageError(`--${name} must be ${rule.describe}, got "${raw}"`);
  return value as number;
}

/** One of the allowed words; the default when absent. */
export function choice<T extends string>(args: ParsedArgs, name: string, allowed: readonly T[], defaultValue: T): T {
  const raw = args.flags.get(name);
  if (raw === undefined) return defaultValue;
  if (raw === true || !(allowed as readonly string[]).includes(raw)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${raw === true ? '' : raw}"`);
  }
  return raw as T;
}

/** Rejects stray words after the command (options are --name value). */
export function rejectPositional(args: ParsedArgs): void {
  if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}" (options are given as --name value)`);
}

/** Rejects flags the command does not know (a typo should not be silently ignored). */
export function rejectUnknownFlags(args: ParsedArgs, known: readonly string[]): void {
  for (const name of args.flags.keys()) {
    if (name !== 'json' && name !== 'help' && !known.includes(name)) {
      throw new UsageError(`unknown option --${name} (allowed: ${known.map((k) => `--${k}`).join(', ')})`);
    }
  }
}

/** Rules used by several commands. */
export const RULES = {
  bits: { integer: true, min: 1, max: Number.MAX_SAFE_INTEGER, describe: 'an integer number of bits >= 1' },
  elements: { integer: true, min: 0, max: Number.MAX_SAFE_INTEGER, describe: 'an integer >= 0' },
  positiveElements: { integer: true, min: 1, max: Number.MAX_SAFE_INTEGER, describe: 'an integer >= 1' },
  hashes: { integer: true, min: 1, max: 64, describe: 'an integer from 1 to 64' },
  probability: { above: 0, below: 1, describe: 'a probability strictly between 0 and 1' },
} as const satisfies Record<string, NumberRule>;

/** Formats a table of label/value rows for a person. */
export function table(rows: readonly (readonly [string, string])[]): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
}
