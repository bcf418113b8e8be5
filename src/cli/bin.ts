/**
 * The `bidfields` executable: runs the dispatcher on the process's arguments and streams. An unexpected error is
 * reported in one line (never a stack trace for the user) with exit code 1; set BIDFIELDS_DEBUG=1 for the stack.
 */
import { main } from './main.js';
import { processIO } from './io.js';

main(process.argv.slice(2), processIO()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bidfields: ${process.env.BIDFIELDS_DEBUG ? (error as Error)?.stack : ((error as Error)?.message ?? String(error))}\n`);
    process.exitCode = 1;
  },
);
