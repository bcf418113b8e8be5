/**
 * The streams a CLI command talks to. Commands never touch `process` directly, so the conformance runner and
 * the tests can run them in-process with captured output, and exit codes are plain return values.
 */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Reads all of standard input as text; throws {@link InputTooLarge} past {@link MAX_INPUT_BYTES}. */
  readStdin(): Promise<string>;
  /** Working directory that relative paths resolve against. */
  cwd: string;
  /** Standard input is a terminal (nothing piped), so reading it would wait for typing. */
  stdinIsTTY?: boolean;
}

/** Largest JSON input read (a file or standard input); bid requests are kilobytes, definitions a few megabytes. */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** Thrown by `readStdin` when standard input is longer than {@link MAX_INPUT_BYTES}. */
export class InputTooLarge extends Error {
  override name = 'InputTooLarge';
}

/** Exit codes of the contract (docs/spec.md#cli): 0 ok, 1 invalid input, 2 usage error. */
export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

/** A command of the `bidfields` CLI (or of one that runs on its dispatcher). */
export interface CliCommand {
  /** Full `--help` text. */
  usage: string;
  run(args: string[], io: CliIO): Promise<number>;
}

/** A command as a registry lists it: a one-line summary, and its module, loaded only when it runs. */
export interface CommandEntry {
  summary: string;
  load(): Promise<CliCommand>;
}

/** Thrown inside a command for a usage error; the dispatcher prints it with the usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export function processIO(): CliIO {
  // A reader that stops early (`bidfields enrich … | head -c 100`) closes the pipe: the output ends there, quietly,
  // and the command still finishes with its own exit code.
  let closed = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    closed = true;
  });
  return {
    stdout: (t) => void (closed || process.stdout.write(t)),
    stderr: (t) => void process.stderr.write(t),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const c of process.stdin) {
        size += (c as Buffer).length;
        if (size > MAX_INPUT_BYTES) throw new InputTooLarge();
        chunks.push(c as Buffer);
      }
      return Buffer.concat(chunks).toString('utf8');
    },
    cwd: process.cwd(),
    stdinIsTTY: process.stdin.isTTY === true,
  };
}
