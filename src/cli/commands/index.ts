/** The registry of `bidfields` commands; each lives in its own file. */
import type { CliCommand } from '../io.js';

export const commands: Record<string, CliCommand> = {};
