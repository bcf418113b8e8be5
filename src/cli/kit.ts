/**
 * `bidfields/cli-commands`: what the `bidfields` commands run on, for a package that adds commands of its own
 * (`@bidfields/server` runs `bidfields-server serve | users | db | data` on it): the dispatcher, the streams a
 * command talks to, its exit codes and its usage error.
 */
export { runCommands, runProcess } from './main.js';
export {
  EXIT_INVALID,
  EXIT_OK,
  EXIT_USAGE,
  InputTooLarge,
  MAX_INPUT_BYTES,
  UsageError,
  processIO,
  type CliCommand,
  type CliIO,
  type CommandEntry,
} from './io.js';
