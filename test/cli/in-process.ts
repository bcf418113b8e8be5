// The CLI run in this process through `main`, with the given working folder and empty standard input: its exit code
// and what it wrote (for tests that need no child process).
import type { CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

export async function runMain(cwd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { cwd, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => '' };
  const code = await main(args, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}
