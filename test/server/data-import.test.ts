// POST /api/data/import and `bidfields data import --server`: a running server takes new
// data without a restart, with the checks of a local import (all or nothing, once), Admin only, its own size
// limit, and reports keep answering while a file loads.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/error.js';
import { ImportRefusedError, uploadEvents } from '../../src/client/upload.js';
import { CLI } from '../cli/run-cli.js';
import { ADMIN, post, startTestServer, type TestServer } from './test-server.js';

const HEADER = 'date,service,country,requests,impression,revenue\n';
let server: TestServer;
let admin: string;
let dir: string;

/** `n` valid CSV rows of 2025 (the demo data is 2024), distinct per `tag` so each file's content is new. */
function csv(n: number, tag: string, day = '2025-01-01'): string {
  let text = HEADER;
  for (let i = 0; i < n; i++) text += `${day},${tag},US,${100 + i},${i % 100},0.25\n`;
  return text;
}

async function rowsOf(service: string, startDate = '2025-01-01', endDate = '2025-12-31'): Promise<number> {
  const answer = await post(
    `${server.url}/api/reportv2/`,
    {
      startDate,
      endDate,
      dimensions: ['service'],
      metrics: ['requests'],
      filters: [{ key: 'service', operator: '=', value: service }],
    },
    { Authorization: admin },
  );
  expect(answer.status).toBe(200);
  return (answer.json as { requests: number }[]).reduce((sum, r) => sum + r.requests, 0);
}

beforeAll(async () => {
  server = await startTestServer({ maxImportBytes: 2_000_000 });
  admin = await server.token(1);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-upload-test-'));
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('POST /api/data/import', () => {
  it('loads a CSV once: the same content again is 409 already_imported, force=true loads it again', async () => {
    const body = csv(10, 'once');
    const target = { baseUrl: server.url, token: admin };
    const first = await uploadEvents(target, body, { format: 'csv', name: 'once.csv' });
    expect(first).toMatchObject({ status: 'loaded', loaded: 10, refused: 0, refusedRows: [] });
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    const once = await rowsOf('once');
    expect(once).toBe(10 * 100 + 45);
    const again = await uploadEvents(target, body, { format: 'csv' }).catch((e: ApiError) => e);
    expect(again).toBeInstanceOf(ApiError);
    expect([(again as ApiError).status, (again as ApiError).code]).toEqual([409, 'already_imported']);
    expect((again as ApiError).message).toMatch(/already imported at \d{4}-\d\d-\d\dT.*as once\.csv/);
    expect(await rowsOf('once')).toBe(once);
    await uploadEvents(target, body, { format: 'csv', force: true });
    expect(await rowsOf('once')).toBe(2 * once);
  });

  it('takes NDJSON too', async () => {
    const body = ['{"date":"2025-02-01","service":"nd","country":"DE","requests":7,"impression":3,"revenue":1.5}', ''].join('\n');
    const answer = await uploadEvents({ baseUrl: server.url, token: admin }, body, { format: 'ndjson' });
    expect(answer).toMatchObject({ status: 'loaded', loaded: 1 });
    expect(await rowsOf('nd')).toBe(7);
  });

  it('keeps nothing of a file with a refused row, listing it; skipInvalid loads the rest', async () => {
    const body = csv(5, 'mixed') + '2025-01-01,mixed,US,1,5,0.1\n' + '2025-02-30,mixed,US,1,1,0.1\n';
    const refused = await uploadEvents({ baseUrl: server.url, token: admin }, body, { format: 'csv' }).catch((e) => e);
    expect(refused).toBeInstanceOf(ImportRefusedError);
    expect(refused).toMatchObject({ status: 400, code: 'invalid_rows', refused: 2 });
    expect((refused as ApiError).issues).toEqual([
      { code: 'invalid_row', path: '/7', message: 'impression exceeds requests' },
      { code: 'invalid_row', path: '/8', message: expect.stringContaining('date') },
    ]);
    expect(await rowsOf('mixed')).toBe(0);
    const skipped = await uploadEvents({ baseUrl: server.url, token: admin }, body, { format: 'csv', skipInvalid: true });
    expect(skipped).toMatchObject({ status: 'skipped-invalid', loaded: 5, refused: 2 });
    expect(skipped.refusedRows.map((r) => r.line)).toEqual([7, 8]);
    expect(await rowsOf('mixed')).toBe(5 * 100 + 10);
  });

  it('refuses a CSV it cannot parse as a whole (400 invalid_file) and keeps nothing', async () => {
    const body = csv(3, 'quoted') + '2025-01-01,"unclosed,US,1,1,0.1\n';
    const error = await uploadEvents({ baseUrl: server.url, token: admin }, body, { format: 'csv' }).catch((e) => e);
    expect(error).toMatchObject({ status: 400, code: 'invalid_file' });
    expect(await rowsOf('quoted')).toBe(0);
  });

  it('is for Admins only: no token 401, Service and Publisher 403', async () => {
    const send = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/data/import`, { method: 'POST', headers: { 'Content-Type': 'text/csv', ...headers }, body: csv(1, 'auth') });
    expect((await send({})).status).toBe(401);
    expect((await send({ Authorization: await server.token(2) })).status).toBe(403);
    const publisher = await send({ Authorization: await server.token(3) });
    expect([publisher.status, ((await publisher.json()) as { error: { code: string } }).error.code]).toEqual([403, 'forbidden']);
    expect(await rowsOf('auth')).toBe(0);
  });

  it('answers 415 for another media type or a compressed body, 413 past its own limit, with the JSON error body', async () => {
    const send = (body: BodyInit, headers: Record<string, string>) =>
      fetch(`${server.url}/api/data/import`, { method: 'POST', headers: { Authorization: admin, ...headers }, body });
    const json = await send('[]', { 'Content-Type': 'application/json' });
    expect([json.status, ((await json.json()) as { error: { code: string } }).error.code]).toEqual([415, 'unsupported_media_type']);
    const gz = await send(gzipSync(csv(2, 'gz')), { 'Content-Type': 'text/csv', 'Content-Encoding': 'gzip' });
    expect(gz.status).toBe(415);
    const big = await send(csv(100_000, 'big'), { 'Content-Type': 'text/csv' });
    expect([big.status, ((await big.json()) as { error: { code: string } }).error.code]).toEqual([413, 'payload_too_large']);
    // A chunked body without a Content-Length is cut off at the limit while it streams.
    const chunks = csv(100_000, 'big2');
    const stream = new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode(chunks)), c.close()) });
    const streamed = await fetch(`${server.url}/api/data/import`, {
      method: 'POST',
      headers: { Authorization: admin, 'Content-Type': 'text/csv' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await rowsOf('big')) + (await rowsOf('big2'))).toBe(0);
  });

  it('keeps answering reports while a file loads, and the report sees the rows only once they are all in', async () => {
    const body = csv(25_000, 'during', '2025-03-01');
    const upload = uploadEvents({ baseUrl: server.url, token: admin }, body, { format: 'csv' });
    let answered = 0;
    let settled = false;
    void upload.finally(() => (settled = true));
    const seen = new Set<number>();
    while (!settled) {
      seen.add(await rowsOf('during', '2025-03-01', '2025-03-01'));
      answered++;
    }
    expect((await upload).loaded).toBe(25_000);
    expect(answered).toBeGreaterThan(0);
    const all = await rowsOf('during', '2025-03-01', '2025-03-01');
    for (const value of seen) expect([0, all]).toContain(value);
  });
});

describe('bidfields data import --server', () => {
  function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c));
      child.stderr.on('data', (c: Buffer) => (stderr += c));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('loads a file into the running server with e-mail and password from the environment, then refuses it again', async () => {
    const file = path.join(dir, 'served.csv');
    fs.writeFileSync(file, csv(40, 'served'));
    const env = { BIDFIELDS_EMAIL: ADMIN.email, BIDFIELDS_PASSWORD: ADMIN.password };
    const first = await run(['data', 'import', 'served.csv', '--server', server.url], env);
    expect(first.stderr).toBe('');
    expect([first.code, first.stdout]).toEqual([0, expect.stringMatching(/^40 rows loaded, 0 refused in [0-9.]+ s\n$/)]);
    expect(await rowsOf('served')).toBe(40 * 100 + 780);
    const again = await run(['data', 'import', 'served.csv', '--server', server.url], { BIDFIELDS_TOKEN: admin });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/409: nothing loaded: already imported at /);
    expect(again.stdout).toMatch(/^0 rows loaded, 0 refused/);
  });

  it('exits 1 with each refused row listed and the count in the summary line; 3 with --skip-invalid', async () => {
    const file = path.join(dir, 'served-bad.csv');
    fs.writeFileSync(file, csv(3, 'served-bad') + '2025-01-01,served-bad,us,1,1,0.1\n');
    const env = { BIDFIELDS_TOKEN: admin };
    const refused = await run(['data', 'import', file, '--server', server.url], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('line 5: country must be');
    expect(refused.stdout).toMatch(/^0 rows loaded, 1 refused/);
    const skipped = await run(['data', 'import', file, '--server', server.url, '--skip-invalid'], env);
    expect([skipped.code, skipped.stdout]).toEqual([3, expect.stringMatching(/^3 rows loaded, 1 refused/)]);
  });

  it('is a usage error without credentials, or with --data as well', async () => {
    const clean = { BIDFIELDS_TOKEN: '', BIDFIELDS_EMAIL: '', BIDFIELDS_PASSWORD: '' };
    expect((await run(['data', 'import', 'x.csv', '--server', server.url], clean)).code).toBe(2);
    expect((await run(['data', 'import', 'x.csv', '--server', server.url, '--data', 'd'], { BIDFIELDS_TOKEN: admin })).code).toBe(2);
  });
});

describe('POST /api/data/import while the server stops', () => {
  it('keeps nothing of a file whose sender was answered 503 when the grace period ran out', async () => {
    // The import outlives the grace period; the drain answers 503, and that must abort it before its commit (it
    // went on to commit, so a retry with force=true counted the file twice).
    const { openStorage } = await import('../../packages/server/src/stores/index.js');
    const { createServices } = await import('../../packages/server/src/http/services.js');
    const { startServer } = await import('../../packages/server/src/http/start.js');
    const { seedDemo, DEMO_USERS } = await import('../../packages/server/src/http/demo.js');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-upload-stop-'));
    const storage = await openStorage({ dataDir });
    await seedDemo({ events: { query: async () => ({ rows: [] }), append: async () => {} }, users: storage.users });
    // The store's importFile, watched: the test waits for the import to end (kept or rolled back) before counting.
    const importFile = storage.events.importFile.bind(storage.events);
    let imported: Promise<unknown> | undefined;
    storage.events.importFile = (...args) => (imported = importFile(...args)) as ReturnType<typeof importFile>;
    const running = await startServer(createServices(storage), { port: 0, graceMs: 300, maxImportBytes: 100_000_000 });
    const signIn = await post(`${running.url}/api/signin/`, { email: DEMO_USERS[0]!.email, password: DEMO_USERS[0]!.password });
    const token = (signIn.json as { token: string }).token;
    const upload = fetch(`${running.url}/api/data/import?force=true`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv', Authorization: `Bearer ${token}` },
      body: csv(600_000, 'stopping'),
    }).then(async (r) => [r.status, ((await r.json()) as { error?: { code: string } }).error?.code]);
    // Stop once the rows are going into the store (the checking pass is over), 300 ms of grace.
    for (let waited = 0; imported === undefined && waited < 30_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await running.close();
    expect(await upload).toEqual([503, 'shutting_down']);
    await imported!.catch(() => undefined);
    await storage.close();
    const reopened = await openStorage({ dataDir });
    try {
      expect(await reopened.events.count()).toBe(0);
    } finally {
      await reopened.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
