/**
 * `bidfields` command dispatcher: picks the command from the first argument, answers `--help` on every level,
 * turns a `UsageError` into exit code 2, and never prints a stack trace for user mistakes.
 */
import { EXIT_USAGE, UsageError, type CliIO } from './io.js';
import { commands, type CommandEntry } from './commands/index.js';

function topHelp(): string {
  const names = Object.keys(commands);
  const width = Math.max(...names.map((n) => n.length));
  const lines = names.map((n) => `  ${n.padEnd(width)}  ${commands[n]!.summary}`);
  return `Usage: bidfields <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'bidfields <command> --help' for a command's options.\n`;
}

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(topHelp());
    return name === undefined ? EXIT_USAGE : 0;
  }
  const entry: CommandEntry | undefined = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!entry) {
    io.stderr(`bidfields: unknown command '${name}'\n\n${topHelp()}`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string })?.code?.startsWith?.('ERR_PARSE_ARGS')) {
      io.stderr(`bidfields ${name}: ${(error as Error).message}\n\n${command.usage}`);
      return EXIT_USAGE;
    }
    throw error;
  }
}
