// Past one machine through the built CLI: two `bidfields serve --demo` processes on two ports against
// one ClickHouse and one PostgreSQL, with one BIDFIELDS_JWT_SECRET, behave as one API. The demo rows are loaded
// once (both start at the same moment), so every report answer (JSON and CSV) is the same on either server and the
// same as a single DuckDB demo server's; a token from one works on the other; a user added by `users add --postgres`
// while they run signs in on both; failed sign-ins spread over both lock the e-mail address on both; an adapter
// record saved on one is read on the other; and `bidfields conformance --api` passes against them. ClickHouse is
// the engine embedded in this test process (chdb) behind its HTTP front (an embedded engine belongs to one process,
// so the servers reach it over HTTP), or a server named by CLICKHOUSE_URL; PostgreSQL is a throwaway cluster or
// DATABASE_URL. Skipped, with the reason printed, where they are missing.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { SHARED_TARGETS, describeStorages, type OpenedStores } from '../support/storages.js';
import { call, serveProcesses, type ServeProcess } from './serve-process.js';
import { ADMIN, SERVICE, apiConformanceArgs, startTestServer, type TestServer } from './test-server.js';

const SECRET = 'scale-out-secret-scale-out-secret!!';
const DEMO_ROWS = 65148;

/** Reports that cover the answer's shapes: totals, ties broken, pages, filters, every metric, an empty range. */
const REPORTS = [
  { startDate: '2024-01-01', endDate: '2024-12-31', dimensions: ['service'], metrics: ['requests', 'impression', 'revenue', 'ecpm', 'fillrate'], totals: true },
  { startDate: '2024-03-01', endDate: '2024-03-31', dimensions: ['date', 'country'], metrics: ['revenue', 'ecpm'], totals: true, limit: '25', skip: '10' },
  { startDate: '2024-01-01', endDate: '2024-12-31', dimensions: ['country'], metrics: ['impression', 'fillrate'], order: 'impression DESC', limit: '5' },
  {
    startDate: '2024-06-01',
    endDate: '2024-06-30',
    dimensions: ['date', 'service'],
    metrics: ['requests', 'revenue'],
    filters: [{ key: 'country', operator: 'IN', values: ['US', 'DE'] }],
    totals: true,
  },
  {
    startDate: '2024-02-01',
    endDate: '2024-02-29',
    dimensions: ['service', 'country'],
    metrics: ['ecpm'],
    filters: [{ key: 'service', operator: '!=', value: 'none' }],
    order: 'ecpm ASC',
  },
  { startDate: '2023-01-01', endDate: '2023-12-31', dimensions: ['date'], metrics: ['revenue'], totals: true },
];

describeStorages('two serve processes sharing ClickHouse and PostgreSQL', SHARED_TARGETS, (target) => {
  let dir: string;
  let servers: ReturnType<typeof serveProcesses> | undefined;
  let opened: OpenedStores | undefined;
  let a: ServeProcess;
  let b: ServeProcess;
  let reference: TestServer | undefined;
  let stores: string[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-scale-out-'));
    servers = serveProcesses(dir, SECRET);
    opened = await target.open();
    stores = ['--clickhouse', opened.stores.clickhouse!, '--postgres', opened.stores.postgresUrl!];
    const added = await runCli(
      ['users', 'add', '--email', 'ops@example.com', '--role', 'admin', '--password', 'long-password', '--postgres', opened.stores.postgresUrl!],
      dir,
    );
    expect([added.code, added.stderr]).toEqual([0, '']);
    // Both at once: each finds no demo import yet and loads the rows; ClickHouse keeps one copy.
    [a, b, reference] = await Promise.all([servers.serve(['--demo', ...stores]), servers.serve(['--demo', ...stores]), startTestServer()]);
  }, 60_000);
  afterAll(async () => {
    await servers?.stopAll();
    await reference?.stop();
    await opened?.release();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const signIn = (server: ServeProcess, email: string, password: string) => call(`${server.url}/api/signin/`, 'POST', { email, password });
  /** A sign-in sent from the local address `from` (any of 127/8 reaches the server on 127.0.0.1). */
  const signInFrom = (from: string, server: ServeProcess, email: string, password: string) =>
    new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
      const body = JSON.stringify({ email, password });
      const request = http.request(
        `${server.url}/api/signin/`,
        { method: 'POST', localAddress: from, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
        (response) => {
          response.resume().once('end', () => resolve({ status: response.statusCode!, retryAfter: response.headers['retry-after'] }));
        },
      );
      request.once('error', reject).end(body);
    });
  const report = (url: string, body: object, token: string) => call(`${url}/api/reportv2/`, 'POST', body, token);

  it('load the demo rows once: every report (JSON and CSV) is the same on both and the same as a DuckDB demo server', async () => {
    expect(a.stdout()).toContain(`demo data: ${DEMO_ROWS} event rows`);
    expect(b.stdout()).toContain(`demo data: ${DEMO_ROWS} event rows`);
    const referenceToken = await reference!.token(2);
    const token = (await signIn(a, ADMIN.email, ADMIN.password)).json.token as string;
    for (const body of REPORTS) {
      for (const csv of [false, true]) {
        const request = { ...body, csv };
        const expected = await report(reference!.url, request, referenceToken);
        expect(expected.status).toBe(200);
        for (const server of [a, b]) {
          const answer = await report(server.url, request, token);
          expect([answer.status, answer.headers.get('content-type'), answer.headers.get('content-disposition')]).toEqual([
            200,
            expected.headers.get('content-type'),
            expected.headers.get('content-disposition'),
          ]);
          if (csv) expect(answer.text).toBe(expected.text);
          else expect(answer.json).toEqual(expected.json);
        }
      }
    }
  }, 60_000);

  it("take each other's tokens and see a user added with `users add --postgres` while they run", async () => {
    const fromA = await signIn(a, 'ops@example.com', 'long-password');
    expect(fromA.status).toBe(200);
    expect((await report(b.url, REPORTS[0]!, fromA.json.token)).status).toBe(200);
    expect((await signIn(b, 'ops@example.com', 'long-password')).status).toBe(200);

    const added = await runCli(['users', 'add', '--email', 'late@example.com', '--role', 'service', '--password', 'late-password', ...stores.slice(2)], dir);
    expect([added.code, added.stderr]).toEqual([0, '']);
    const onB = await signIn(b, 'late@example.com', 'late-password');
    expect([onB.status, onB.json.user?.email]).toEqual([200, 'late@example.com']);
    expect((await report(a.url, REPORTS[1]!, onB.json.token)).status).toBe(200);
    expect((await signIn(a, 'late@example.com', 'late-password')).status).toBe(200);
  }, 30_000);

  it('share adapter records: saved on one, read, updated and deleted on the other', async () => {
    const admin = (await signIn(a, ADMIN.email, ADMIN.password)).json.token as string;
    const record = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../examples/rtb-adapter.json'), 'utf8'));
    const put = await call(`${a.url}/api/adapters/acme`, 'PUT', { version: 0, adapter: record }, admin);
    expect([put.status, put.json.version]).toEqual([201, 1]);
    const got = await call(`${b.url}/api/adapters/acme`, 'GET', undefined, admin);
    expect([got.status, got.json]).toEqual([200, put.json]);
    expect((await call(`${b.url}/api/adapters/acme`, 'PUT', { version: 0, adapter: record }, admin)).status).toBe(409);
    expect((await call(`${b.url}/api/adapters/acme`, 'PUT', { version: 1, adapter: record }, admin)).json.version).toBe(2);
    expect((await call(`${a.url}/api/adapters/acme`, 'GET', undefined, admin)).json.version).toBe(2);
    expect((await call(`${b.url}/api/adapters/acme`, 'DELETE', undefined, admin)).status).toBe(204);
    expect((await call(`${a.url}/api/adapters/acme`, 'GET', undefined, admin)).status).toBe(404);
  }, 30_000);

  it('pass `bidfields conformance --api` (the built CLI)', async () => {
    const run = await runCli(apiConformanceArgs(b.url), dir);
    const last = run.stdout.trim().split('\n').at(-1)!;
    expect(last, run.stdout).toMatch(/^\d+ passed, 0 failed$/);
    expect(run.code).toBe(0);
  }, 60_000);

  it('hold the sign-in throttle across both: failures spread over the two lock the client and e-mail on both', async () => {
    // From a client of its own (another loopback address: the earlier cases' failures from 127.0.0.1 count per
    // address too), five wrong passwords (the limit), alternating between the servers; each server saw at most three.
    const from = '127.0.0.2';
    for (let i = 0; i < 5; i++) expect((await signInFrom(from, i % 2 ? b : a, SERVICE.email, 'wrong-password')).status).toBe(401);
    for (const server of [a, b]) {
      const locked = await signInFrom(from, server, SERVICE.email, SERVICE.password);
      expect(locked.status).toBe(429);
      expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    }
    // Another e-mail from that client, and the same e-mail from another client, are not locked.
    expect((await signInFrom(from, b, ADMIN.email, ADMIN.password)).status).toBe(200);
    expect((await signInFrom('127.0.0.3', a, SERVICE.email, SERVICE.password)).status).toBe(200);
  }, 30_000);

  it('stop on SIGTERM, each with exit 0', async () => {
    expect(await servers!.stopAll()).toEqual([0, 0]);
  }, 30_000);
});
