// The API conformance path, as CI runs it: the built CLI serves the demo (`bidfields serve --demo`) and
// the built CLI checks it over HTTP (`bidfields conformance --api`), ending with "N passed, 0 failed".
import { spawn, execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, PUBLISHER } from './test-server.js';

const cli = path.resolve(import.meta.dirname, '../../dist/cli.js');

describe.skipIf(!fs.existsSync(cli) && !process.env.CI)('bidfields conformance --api against bidfields serve --demo (dist)', () => {
  const server = spawn(process.execPath, [cli, 'serve', '--demo', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  afterAll(() => void server.kill('SIGTERM'));

  it('passes every check', async () => {
    let url: string | undefined;
    for (let i = 0; i < 600 && !url; i++) {
      url = /listening on (http:\/\/[^\s]+)/.exec(output)?.[1];
      if (!url) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(url, output).toBeDefined();
    const args = [
      'conformance',
      '--api',
      url!,
      '--email',
      ADMIN.email,
      '--password',
      ADMIN.password,
      '--publisher-email',
      PUBLISHER.email,
      '--publisher-password',
      PUBLISHER.password,
    ];
    const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(process.execPath, [cli, ...args], (error, out) => resolve({ code: error ? Number(error.code) : 0, stdout: out })),
    );
    const last = stdout.trim().split('\n').at(-1)!;
    expect(last, stdout).toMatch(/^\d+ passed, 0 failed$/);
    expect(Number(last.split(' ')[0])).toBeGreaterThan(30);
    expect(code).toBe(0);
  }, 60_000);
});
