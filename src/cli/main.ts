/**
 * The command dispatcher of `bidfields` (and of `bidfields-server`, which runs its own commands on it): picks the
 * command from the first argument, answers `--help` on every level, turns a `UsageError` into exit code 2, and
 * never prints a stack trace for user mistakes.
 */
import { EXIT_USAGE, UsageError, type CliCommand, type CliIO, type CommandEntry } from './io.js';
import { commands } from './commands/index.js';
import { closest, optionsOf } from './suggest.js';

function topHelp(program: string, registry: Record<string, CommandEntry>): string {
  const names = Object.keys(registry);
  const width = Math.max(...names.map((n) => n.length));
  const lines = names.map((n) => `  ${n.padEnd(width)}  ${registry[n]!.summary}`);
  return `Usage: ${program} <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun '${program} <command> --help' for a command's options.\n`;
}

const isUsageError = (error: unknown) => error instanceof UsageError || (error as { code?: string })?.code?.startsWith?.('ERR_PARSE_ARGS');

/**
 * A usage error in words: an option parseArgs does not know is named with the nearest option the command has, in
 * place of Node's advice about positionals (which is about a value starting with '-', not a slip of the keyboard).
 */
function usageMessage(error: Error, usage: string): string {
  const unknown = (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && /^Unknown option '([^']*)'/.exec(error.message);
  if (!unknown) return error.message;
  const option = unknown[1]!.split('=')[0]!;
  const near = closest(option, optionsOf(usage));
  return `unknown option '${option}'${near ? `: did you mean ${near}?` : ''}`;
}

/**
 * Runs one of `registry`'s commands with `argv` (without node and script) and returns the exit code.
 *
 * @example
 * process.exitCode = await runCommands('bidfields-server', serverCommands, process.argv.slice(2), processIO())
 */
export async function runCommands(program: string, registry: Record<string, CommandEntry>, argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(topHelp(program, registry));
    return name === undefined ? EXIT_USAGE : 0;
  }
  const entry: CommandEntry | undefined = Object.hasOwn(registry, name) ? registry[name] : undefined;
  if (!entry) {
    const near = closest(name, Object.keys(registry));
    io.stderr(`${program}: unknown command '${name}'${near ? `: did you mean '${near}'?` : ''}\n\n${topHelp(program, registry)}`);
    return EXIT_USAGE;
  }
  let command: CliCommand;
  try {
    command = await entry.load();
  } catch (error) {
    if (!isUsageError(error)) throw error;
    io.stderr(`${program} ${name}: ${(error as Error).message}\n`);
    return EXIT_USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (isUsageError(error)) {
      io.stderr(`${program} ${name}: ${usageMessage(error as Error, command.usage)}\n\n${command.usage}`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

/** Runs the `bidfields` CLI with `argv` (without node and script) and returns the exit code. */
export function main(argv: string[], io: CliIO): Promise<number> {
  return runCommands('bidfields', commands, argv, io);
}

/**
 * Runs a program's commands on the process's arguments and streams. An unexpected error is reported in one line
 * (never a stack trace for the user) with exit code 1; set BIDFIELDS_DEBUG=1 for the stack.
 */
export function runProcess(program: string, registry: Record<string, CommandEntry>, io: CliIO): void {
  runCommands(program, registry, process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${program}: ${process.env.BIDFIELDS_DEBUG ? (error as Error)?.stack : ((error as Error)?.message ?? String(error))}\n`);
      process.exitCode = 1;
    },
  );
}
