// The API conformance path, as CI runs it: the built CLI serves the demo (`bidfields serve --demo`) and
// the built CLI checks it over HTTP (`bidfields conformance --api`), ending with "N passed, 0 failed".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, runCli, startCli, stopLeftoverClis, waitFor } from '../cli/run-cli.js';
import { apiConformanceArgs } from './test-server.js';

describe.skipIf(!fs.existsSync(CLI) && !process.env.CI)('bidfields conformance --api against bidfields serve --demo (dist)', () => {
  const cwd = os.tmpdir();
  afterAll(() => stopLeftoverClis());

  it('passes every check', async () => {
    const server = startCli(['serve', '--demo', '--port', '0'], cwd);
    let output = '';
    server.child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const listening = () => /listening on (http:\/\/[^\s]+)/.exec(output)?.[1];
    expect(
      await waitFor(
        () => listening() !== undefined,
        server.child,
        () => output,
      ),
      output,
    ).toBe(true);
    const run = await runCli(apiConformanceArgs(listening()!), cwd);
    const last = run.stdout.trim().split('\n').at(-1)!;
    expect(last, run.stdout).toMatch(/^\d+ passed, 0 failed$/);
    expect(Number(last.split(' ')[0])).toBeGreaterThan(30);
    expect(run.code).toBe(0);
  }, 120_000);
});
