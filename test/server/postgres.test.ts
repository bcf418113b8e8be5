// Users and adapter records in PostgreSQL through the real CLI: `users add --postgres` opens no data
// folder; two `serve` processes (one on a data folder, one on the in-memory demo) with the same --postgres and
// JWT secret share users, tokens and adapter records. On a real PostgreSQL started by the test, or skipped with
// the reason printed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresAdapterStore } from '../../packages/server/src/stores/postgres/adapter-store.js';
import { openPostgres } from '../../packages/server/src/stores/postgres/database.js';
import { runCli } from '../cli/run-cli.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';
import { call, serveProcesses } from './serve-process.js';

const server = await startPostgres();
if ('skip' in server) console.warn(`PostgreSQL server tests skipped: ${server.skip}`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-pg-serve-'));
const SECRET = 'shared-secret-shared-secret-shared!';
const servers = serveProcesses(dir, SECRET);
afterAll(async () => {
  await servers.stopAll();
  if (!('skip' in server)) server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf('skip' in server)('serve and users add with --postgres', () => {
  /** The two servers the first case starts; the second case goes on with them. */
  let urls: [string, string];
  it('share users, tokens and adapter records between two servers; users add opens no data folder', async () => {
    const url = (server as TestPostgres).url;
    const added = await runCli(
      ['users', 'add', '--email', 'ops@example.com', '--role', 'admin', '--password', 'long-password', '--data', 'unused', '--postgres', url],
      dir,
    );
    expect([added.code, added.stderr]).toEqual([0, '']);
    expect(fs.existsSync(path.join(dir, 'unused'))).toBe(false);

    const [{ url: a }, { url: b }] = await Promise.all([servers.serve(['--data', 'state', '--postgres', url]), servers.serve(['--demo', '--postgres', url])]);
    urls = [a, b];
    const signIn = await call(`${a}/api/signin/`, 'POST', { email: 'ops@example.com', password: 'long-password' });
    expect(signIn.status).toBe(200);
    const token = signIn.json.token as string;
    const record = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../examples/rtb-adapter.json'), 'utf8'));
    const put = await call(`${a}/api/adapters/acme`, 'PUT', { version: 0, adapter: record }, token);
    expect([put.status, put.json.version]).toEqual([201, 1]);
    // The other server takes the same token and sees the same record; a stale write there is 409.
    const got = await call(`${b}/api/adapters/acme`, 'GET', undefined, token);
    expect(got.status).toBe(200);
    expect(got.json.adapter).toMatchObject(record);
    expect((await call(`${b}/api/adapters/acme`, 'PUT', { version: 0, adapter: record }, token)).status).toBe(409);
    // The demo's users went to PostgreSQL too, so they sign in on the first server.
    expect((await call(`${a}/api/signin/`, 'POST', { email: 'admin@example.com', password: 'demo-admin' })).status).toBe(200);
    const postgres = await openPostgres(url);
    try {
      expect((await (await createPostgresAdapterStore(postgres.pool)).get('acme'))?.version).toBe(1);
    } finally {
      await postgres.close();
    }
  }, 60_000);

  // The CLI's user changes end tokens on every server sharing the users (each sees it when its
  // 2-second user cache ends, so the checks wait for the refusal rather than for a time), and a sign-out on one
  // server ends the token on the other.
  it("users deactivate / activate / role / password --postgres end the user's tokens on both servers", async () => {
    const url = (server as TestPostgres).url;
    const [a, b] = urls;
    const signIn = async () => (await call(`${a}/api/signin/`, 'POST', { email: 'ops@example.com', password: 'long-password' })).json.token as string;
    const refusedOnBoth = async (token: string) => {
      for (const at of [a, b])
        await expect.poll(async () => (await call(`${at}/api/adapters/`, 'GET', undefined, token)).status, { timeout: 30_000, interval: 200 }).toBe(401);
    };
    let token = await signIn();
    expect((await call(`${b}/api/adapters/`, 'GET', undefined, token)).status).toBe(200);
    const off = await runCli(['users', 'deactivate', '--email', 'ops@example.com', '--postgres', url], dir);
    expect([off.code, off.stderr, JSON.parse(off.stdout)]).toEqual([0, '', expect.objectContaining({ status: 0 })]);
    await refusedOnBoth(token);
    expect((await call(`${a}/api/signin/`, 'POST', { email: 'ops@example.com', password: 'long-password' })).status).toBe(401);
    expect((await runCli(['users', 'activate', '--email', 'ops@example.com', '--postgres', url], dir)).code).toBe(0);
    token = await signIn();
    expect((await runCli(['users', 'role', '--email', 'ops@example.com', '--role', 'publisher', '--postgres', url], dir)).code).toBe(0);
    await refusedOnBoth(token);
    token = await signIn();
    expect((await call(`${b}/api/adapters/`, 'GET', undefined, token)).status).toBe(403); // a publisher now, also where the old state is cached
    const password = await runCli(['users', 'password', '--email', 'ops@example.com', '--password', 'a-new-password', '--postgres', url], dir);
    expect(password.code).toBe(0);
    await refusedOnBoth(token);
    const fresh = await call(`${b}/api/signin/`, 'POST', { email: 'ops@example.com', password: 'a-new-password' });
    expect(fresh.status).toBe(200);
    expect((await call(`${b}/api/signout/`, 'POST', undefined, fresh.json.token as string)).status).toBe(204);
    await refusedOnBoth(fresh.json.token as string);
    const list = await runCli(['users', 'list', '--postgres', url], dir);
    expect(list.stdout).toMatch(/^ID +EMAIL +NAME +ROLE +STATUS +ACCOUNT +DELETED\n/);
    expect(list.stdout).toMatch(/ops@example\.com +ops +publisher +active +1\n/);
    expect(list.stdout).not.toMatch(/scrypt/);
  }, 120_000);
});
