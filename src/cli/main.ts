/** `bloom-lens`: the terminal front end (cli-contract.md). */
import { Command, CommandEnvironment, parseArgs, UsageError } from './args';
import { fpCommand } from './commands/fp';
import { sizeCommand } from './commands/size';
import { cbfCommand } from './commands/cbf';
import { rbfCommand } from './commands/rbf';
import { capacityCommand } from './commands/capacity';
import { paradoxCommand } from './commands/paradox';
import { compareCommand } from './commands/compare';
import { collectFiles, excludeGlobs, scanCommand } from './commands/scan';
import { loadSyntaxFor } from './syntax';

const COMMANDS: Record<string, Command> = {
  fp: fpCommand,
  size: sizeCommand,
  cbf: cbfCommand,
  rbf: rbfCommand,
  capacity: capacityCommand,
  paradox: paradoxCommand,
  scan: scanCommand,
  compare: compareCommand,
};

const USAGE = `usage: bloom-lens <command> [options] [--json]
commands:
  fp        --m M --n N --k K [--hashing colliding|noncolliding|partitioned] [--layout classic|blocked:B|sbbf|ribbon]
  size      two or three of --n, --p, --m, --k [--layout classic|blocked:B|sbbf|ribbon]
  cbf       --m M --n N --k K [--counters c1,...,ck --prior P [--alpha A]]
  rbf       --m M --k K (--n N | --sigma S [--hashing ..] [--recycle drop|retain] [--phases 1|2])
  capacity  --memory M --target F [--hashing ..]
  paradox   (--bpe B | --m M --n N) --prior P [--alpha A] [--fpr F]
  scan      PATH... [--format text|json|sarif] [--fail-on error|warning|never]
  compare   --n N --p P   (the same n and p in other filters: XOR, binary fuse, Ribbon, cuckoo, quotient, ...)`;

export function main(argv: readonly string[], environment: CommandEnvironment = {}): number {
  const wantsJson = argv.includes('--json') || argv.includes('--format=json') || argv.join(' ').includes('--format json');
  try {
    const args = parseArgs(argv);
    if (args.command === undefined || args.command === 'help' || args.flags.has('help')) {
      process.stdout.write(USAGE + '\n');
      return args.command === undefined && !args.flags.has('help') ? 2 : 0;
    }
    const command = COMMANDS[args.command];
    if (!command) throw new UsageError(`unknown command "${args.command}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
    const result = command(args, environment);
    process.stdout.write((args.flags.has('json') ? JSON.stringify(result.json) : result.text) + '\n');
    return result.exitCode ?? 0;
  } catch (error) {
    const message = error instanceof UsageError ? error.message : `internal error: ${(error as Error)?.message ?? String(error)}`;
    process.stderr.write(`error: ${message}\n`);
    if (wantsJson) process.stdout.write(JSON.stringify({ error: message }) + '\n');
    return 2;
  }
}

/** Prepares what a command needs that loads asynchronously (the grammars of the files `scan` reads), then runs it. */
export async function mainWithSyntax(argv: readonly string[]): Promise<number> {
  let environment: CommandEnvironment = {};
  if (argv[0] === 'scan') {
    let files: string[] = [];
    try {
      const args = parseArgs(argv);
      files = collectFiles(args.positional, excludeGlobs(args));
    } catch {
      files = []; // main reports the usage error
    }
    environment = { syntax: await loadSyntaxFor(files) };
  }
  return main(argv, environment);
}

if (require.main === module) {
  void mainWithSyntax(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
