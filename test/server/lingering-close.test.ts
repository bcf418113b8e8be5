// A 413 reaches clients that are still uploading (docs/spec.md#errors: the error is JSON). The server refuses a body over the
// limit from its declared length, before reading it, and used to close the connection as soon as the answer was
// written, with the body still arriving: the kernel reset the connection and the client saw EPIPE instead of the
// 413 (8 of 60 uploads of 16 MiB to `bidfields serve` on loopback). It now reads and drops the rest before closing
// (packages/server/src/http/linger.ts). Against the built CLI in a process of its own, where the race showed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, serveProcesses, type ServeProcess } from './serve-process.js';
import { ADMIN } from './test-server.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-linger-'));
const servers = serveProcesses(dir, 'lingering-close-secret-lingering-close!');
let server: ServeProcess;
beforeAll(async () => void (server = await servers.serve(['--demo'])), 30_000);
afterAll(async () => {
  await servers.stopAll();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('answers every oversized upload 413 with its JSON body; none is reset', async () => {
  const token = (await call(`${server.url}/api/signin/`, 'POST', { email: ADMIN.email, password: ADMIN.password })).json.token as string;
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  const body = JSON.stringify({ pad: 'x'.repeat(16 * 1024 * 1024) });
  const seen: string[] = [];
  for (let round = 0; round < 10; round++) {
    seen.push(
      ...(await Promise.all(
        Array.from({ length: 6 }, () =>
          fetch(`${server.url}/api/reportv2/`, { method: 'POST', headers, body }).then(
            async (r) => `${r.status} ${((await r.json()) as { error: { code: string } }).error.code}`,
            (e: Error & { cause?: { code?: string } }) => `failed: ${e.cause?.code ?? e.message}`,
          ),
        ),
      )),
    );
  }
  expect(seen).toEqual(Array(60).fill('413 payload_too_large'));
}, 120_000);
