// Every command of the README (its ```sh blocks, read as test/readme/readme-blocks.ts says) runs as written, in
// README order, in a fresh copy of this repository (test/readme/fresh-copy.ts), and prints what the README shows
// with the exit code it shows. Three commands are taken as they cannot run here, each for its reason:
// - `npm install` made this checkout's node_modules, which the copy links: running it again would need the network
//   and rewrite node_modules under the test files running beside this one;
// - `npm test` is the command running this test;
// - `npm start` serves on port 8080, as shown; here it gets `-- --port 0`, so that it never meets another server on
//   that port, and the port in its shown lines is the one it printed. It is then stopped by its PID, as the README
//   says, and once it has exited its port must refuse connections: no server is left behind.
// Waits are on events (a process's exit, a line printed), never on elapsed time; the limits only end a hang.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';
import { copyMissing, freshCopy, freshEnvironment, REPO } from './fresh-copy.js';
import { missingLines, readmeCommands } from './readme-blocks.js';

const README = 'README.md';
/** Commands the README shows that this test does not run, and why (see the header). */
const NOT_RUN: Record<string, string> = {
  'npm install': "made this checkout's node_modules, which the copy links",
  'npm test': 'the command running this test',
};
/** A hang ends the test after this long: a build on a busy two-core machine takes minutes. */
const HANG_MS = 20 * 60_000;

const commands = readmeCommands(fs.readFileSync(path.join(REPO, README), 'utf8'));

/** A command's parts joined by `&&`, without those not run here. */
const runParts = (command: string) => command.split(' && ').filter((part) => !Object.hasOwn(NOT_RUN, part));

interface Finished {
  code: number | null;
  output: string;
}

/** Starts a command in the copy, its standard output and error gathered as they come, as a terminal shows them. */
function start(file: string, args: string[], cwd: string) {
  const child = spawn(file, args, { cwd, env: freshEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const gather = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', gather);
  child.stderr!.on('data', gather);
  const done = new Promise<Finished>((resolve) => child.on('close', (code) => resolve({ code, output })));
  /** Resolves with the output once it holds `text`; rejects if the command exits first. */
  const printed = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const check = () => output.includes(text) && (listeners.delete(check), resolve(output));
      listeners.add(check);
      check();
      void done.then(({ code }) => reject(new Error(`exited ${code} before printing '${text}':\n${output}`)));
    });
  return { child, done, printed };
}

describe.skipIf(copyMissing !== undefined && !process.env.CI)(`the README's commands in a fresh copy${copyMissing ? ` (skipped: ${copyMissing})` : ''}`, () => {
  let copy: string;
  beforeAll(() => {
    if (copyMissing) throw new Error(copyMissing);
    copy = freshCopy();
  }, 600_000);
  afterAll(() => removeTempFolder(copy), REMOVAL_MS);

  it('finds commands, and leaves out none but those it names', () => {
    expect(commands.length).toBeGreaterThan(5);
    const left = commands.flatMap(({ command }) => command.split(' && ').filter((part) => Object.hasOwn(NOT_RUN, part)));
    expect([...new Set(left)].sort()).toEqual(Object.keys(NOT_RUN).sort());
  });

  for (const shown of commands) {
    const parts = runParts(shown.command);
    const name = `line ${shown.line}: ${shown.command}`;
    if (parts.length === 0) {
      it.skip(
        `${name} (${shown.command
          .split(' && ')
          .map((part) => NOT_RUN[part])
          .join('; ')})`,
      );
      continue;
    }
    const command = parts.join(' && ');
    if (command === 'npm start') {
      it(
        `${name} (on a free port), then stopped by its PID`,
        async () => {
          const run = start('npm', ['start', '--', '--port', '0'], copy);
          const output = await run.printed('console: ');
          const url = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(output)!;
          // The examples built the copy before: nothing changed since, so nothing is built again.
          expect(output).toContain('npm start: the last build is current');
          expect(
            missingLines(
              shown.output.map((line) => line.replaceAll('127.0.0.1:8080', `127.0.0.1:${url[2]}`)),
              output,
            ),
          ).toEqual([]);
          expect((await fetch(`${url[1]}/`)).status).toBe(200);
          run.child.kill('SIGTERM');
          const { code } = await run.done;
          expect(code).toBe(0);
          await expect(fetch(`${url[1]}/`)).rejects.toThrow();
        },
        HANG_MS,
      );
      continue;
    }
    it(
      name,
      async () => {
        const { code, output } = await start('bash', ['-c', command], copy).done;
        expect({ code, missing: missingLines(shown.output, output) }, output).toEqual({ code: shown.exit, missing: [] });
      },
      HANG_MS,
    );
  }
});
