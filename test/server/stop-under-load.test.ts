// `bidfields serve` stopped with 250 year-long reports in flight, two ways: on connections already open
// (every request has reached the server), and on fresh connections with SIGTERM as soon as the first request
// reaches the server (most still in the kernel's accept queue, which a closed listener would reset). Each run
// checks exit 0, nothing on standard error but the request log, every client answered (200, or a clean 503
// `shutting_down`), and the folder opens again at once. Also: 503 with `Connection: close` and `Retry-After` for
// requests while stopping, --drain-delay-ms, and a second signal exits at once. Every step waits for an event (a
// line the server writes, a mark of tests/support/mark-server-events.mjs), never a guessed delay. CI runs each
// situation once (short and long grace, fresh connections); `npm run test:soak` runs each 10 times (STOP_RUNS).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../packages/server/src/auth/token.js';
import type { EventRow } from '../../packages/server/src/reports/store.js';
import { openStorage } from '../../packages/server/src/stores/index.js';
import { TEST_SECRET } from './test-server.js';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

const cli = path.resolve(import.meta.dirname, '../../dist/cli.js');
const markServerEvents = pathToFileURL(path.resolve(import.meta.dirname, '../support/mark-server-events.mjs')).href;
const CLIENTS = 250;
/** Runs of each situation: 1 in CI, more in `npm run test:soak`. */
const RUNS = Number(process.env.STOP_RUNS ?? 1);
/** How long any one event may take on a loaded machine before the test fails with what it saw. */
const EVENT_LIMIT_MS = 60_000;
const YEAR_REPORT = JSON.stringify({
  startDate: '2024-01-01',
  endDate: '2024-12-31',
  dimensions: ['date', 'country'],
  metrics: ['requests', 'impression', 'revenue', 'ecpm', 'fillrate'],
  order: 'revenue DESC',
  limit: '50',
  totals: true,
});

/** A year of rows: 366 days × 3 services × 15 countries (16,470 rows; 250 year-long reports take about a second). */
function yearOfRows(): EventRow[] {
  const rows: EventRow[] = [];
  for (let day = 0; day < 366; day++) {
    const date = new Date(Date.UTC(2024, 0, 1 + day)).toISOString().slice(0, 10);
    for (let s = 0; s < 3; s++) {
      for (let c = 0; c < 15; c++) {
        const requests = 1000 + ((day * 7 + s * 13 + c * 31) % 997);
        rows.push({
          date,
          service: `svc${s}`,
          country: `${String.fromCharCode(65 + (c % 26))}${String.fromCharCode(65 + Math.floor(c / 26))}`,
          requests,
          impression: Math.floor(requests * 0.7),
          revenue: requests / 1000,
        });
      }
    }
  }
  return rows;
}

interface Serving {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves when `count` requests (or connections) have reached the server since it started. */
  requests: (count: number) => Promise<void>;
  connections: (count: number) => Promise<void>;
  /** Resolves when standard error has a line matching `pattern`. */
  stderrLine: (pattern: RegExp) => Promise<void>;
}

/** Resolves when `test()` holds, checked on each of `emitter`'s `data` events; fails past the limit with `seen()`. */
function when(emitter: NodeJS.ReadableStream, test: () => boolean, seen: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (test()) return resolve();
    const limit = setTimeout(() => {
      emitter.off('data', check);
      reject(new Error(`not seen within ${EVENT_LIMIT_MS} ms: ${seen()}`));
    }, EVENT_LIMIT_MS);
    function check() {
      if (!test()) return;
      clearTimeout(limit);
      emitter.off('data', check);
      resolve();
    }
    emitter.on('data', check);
  });
}

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

async function serve(dir: string, extra: string[] = []): Promise<Serving> {
  const child = spawn(process.execPath, ['--import', markServerEvents, cli, 'serve', '--data', dir, '--port', '0', ...extra], {
    env: { ...process.env, BIDFIELDS_JWT_SECRET: TEST_SECRET },
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  let err = '';
  const marks = { request: 0, connection: 0 };
  const marked = child.stdio[3] as NodeJS.ReadableStream;
  marked.setEncoding('utf8');
  marked.on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) if (line === 'request' || line === 'connection') marks[line]++;
  });
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const listening = () => /listening on http:\/\/\S+\n/.test(out);
  await Promise.race([
    when(child.stdout!, listening, () => `${out} ${err}`),
    exited.then((exit) => Promise.reject(new Error(`exited ${JSON.stringify(exit)}: ${out} ${err}`))),
  ]);
  const url = /listening on (http:\/\/\S+)/.exec(out)![1]!;
  const counted = (kind: keyof typeof marks) => (count: number) =>
    when(
      marked,
      () => marks[kind] >= count,
      () => `${marks[kind]} of ${count} ${kind}s; ${err}`,
    );
  const stderrLine = (pattern: RegExp) =>
    when(
      child.stderr!,
      () => pattern.test(err),
      () => err,
    );
  return { child, url, stderr: () => err, exited, requests: counted('request'), connections: counted('connection'), stderrLine };
}

/** One request's outcome: its status and Connection header, or the network error's code. */
type Outcome = { status: number; connection: string | undefined; retryAfter?: string; code?: string } | { error: string };

function request(url: string, agent: http.Agent | false, headers: Record<string, string>, body?: string, written?: () => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: body === undefined ? 'GET' : 'POST', agent, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        const code = res.statusCode === 200 ? undefined : (JSON.parse(text) as { error: { code: string } }).error.code;
        resolve({ status: res.statusCode!, connection: res.headers.connection, ...(code && { code, retryAfter: res.headers['retry-after'] }) });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.on('finish', () => written?.());
    req.end(body);
  });
}

/** Opens `n` keep-alive connections to the server (each carries one quick 405) and leaves them idle in the agent. */
async function openConnections(url: string, n: number): Promise<http.Agent> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: n, maxFreeSockets: n });
  const warm = await Promise.all(Array.from({ length: n }, () => request(`${url}/api/reportv2/`, agent, {})));
  expect(warm.every((o) => 'status' in o && o.status === 405)).toBe(true);
  return agent;
}

/** Fires `n` year-long reports and resolves once all are written, with the promise of their outcomes. */
async function fireReports(url: string, agent: http.Agent, token: string, n: number): Promise<{ outcomes: Promise<Outcome[]> }> {
  let written = 0;
  let allWritten!: () => void;
  const sent = new Promise<void>((resolve) => (allWritten = resolve));
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  const outcomes = Promise.all(
    Array.from({ length: n }, () => request(`${url}/api/reportv2/`, agent, headers, YEAR_REPORT, () => ++written === n && allWritten())),
  );
  await sent;
  return { outcomes };
}

const byKind = (outcomes: Outcome[]) => {
  const counts: Record<string, number> = {};
  for (const o of outcomes) {
    const key = 'error' in o ? o.error : `${o.status}${o.code ? ` ${o.code}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

describe.skipIf(!fs.existsSync(cli) && !process.env.CI)('bidfields serve stops cleanly with reports in flight (dist)', () => {
  let dir: string;
  let token: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-stop-'));
    const storage = await openStorage({ dataDir: dir });
    await storage.events.append(yearOfRows());
    // The token's user must exist, active, with its role: tokens are checked against the users.
    await storage.users.add({ email: 'admin@example.com', name: 'Admin', accountID: 1, role: 1, passwordHash: 'unused' });
    await storage.close();
    token = await createTokenService({ secret: TEST_SECRET }).sign({ userID: 1, accountID: 1, role: 1 });
  });
  afterAll(() => removeTempFolder(dir), REMOVAL_MS);

  it(
    `SIGTERM with ${CLIENTS} reports in flight, a short and a long grace, ${RUNS} run(s) each: exit 0, every client answered, the folder opens again at once`,
    async () => {
      for (let run = 0; run < 2 * RUNS; run++) {
        const shortGrace = run % 2 === 1; // every other run: most of the reports are still waiting when the grace ends
        const server = await serve(dir, shortGrace ? ['--grace-ms', '400'] : []);
        const agent = await openConnections(server.url, CLIENTS);
        const { outcomes } = await fireReports(server.url, agent, token, CLIENTS);
        await server.requests(2 * CLIENTS); // the warm-up 405s, then every report reached the handler: they are in flight
        server.child.kill('SIGTERM');
        const [exit, answers] = await Promise.all([
          Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('hung'), EVENT_LIMIT_MS))]),
          outcomes,
        ]);
        agent.destroy();
        const afterSignal = answers.filter((o) => 'status' in o && o.connection === 'close').length;
        const context = `run ${run}: ${JSON.stringify(byKind(answers))}\n${server
          .stderr()
          .split('\n')
          .filter((l) => !/ POST \/api\/reportv2\/ \d+ /.test(l))
          .join('\n')}`;
        if (exit === 'hung') server.child.kill('SIGKILL');
        expect(exit, context).toEqual({ code: 0, signal: null });
        const allowed = shortGrace ? ['200', '503 shutting_down'] : ['200'];
        expect(
          Object.keys(byKind(answers)).filter((kind) => !allowed.includes(kind)),
          context,
        ).toEqual([]);
        expect(server.stderr(), context).not.toMatch(/error|Error/);
        expect(afterSignal, context).toBeGreaterThan(0); // the signal came while reports were running
        const again = await openStorage({ dataDir: dir });
        await again.close();
      }
    },
    RUNS * 2 * EVENT_LIMIT_MS,
  );

  it(
    `SIGTERM as soon as the first of ${CLIENTS} reports on fresh connections arrives, ${RUNS} run(s): 0 resets, every client answered`,
    async () => {
      const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
      for (let run = 0; run < RUNS; run++) {
        const server = await serve(dir, ['--grace-ms', '60000']);
        // No connection opened beforehand: each report opens its own, so most wait in the accept queue at the signal.
        const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
        const outcomes = Promise.all(Array.from({ length: CLIENTS }, () => request(`${server.url}/api/reportv2/`, agent, headers, YEAR_REPORT)));
        await server.requests(1);
        server.child.kill('SIGTERM');
        const [exit, answers] = await Promise.all([
          Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('hung'), EVENT_LIMIT_MS))]),
          outcomes,
        ]);
        agent.destroy();
        const context = `run ${run}: ${JSON.stringify(byKind(answers))}\n${server
          .stderr()
          .split('\n')
          .filter((l) => !/ POST \/api\/reportv2\/ \d+ /.test(l))
          .join('\n')}`;
        if (exit === 'hung') server.child.kill('SIGKILL');
        expect(exit, context).toEqual({ code: 0, signal: null });
        expect(
          Object.keys(byKind(answers)).filter((kind) => !['200', '503 shutting_down'].includes(kind)),
          context,
        ).toEqual([]);
        for (const answer of answers) {
          if ('status' in answer && answer.status === 503) expect(answer, context).toMatchObject({ connection: 'close', retryAfter: '1' });
        }
        expect(server.stderr(), context).not.toMatch(/error|Error/);
        expect(answers.filter((o) => 'status' in o && o.connection === 'close').length, context).toBeGreaterThan(0);
      }
    },
    RUNS * 2 * EVENT_LIMIT_MS,
  );

  it(
    '--drain-delay-ms: serves normally for the delay after the signal, then stops',
    async () => {
      // Long enough for two reports on a loaded machine; the test waits for it once.
      const server = await serve(dir, ['--drain-delay-ms', '4000']);
      const agent = new http.Agent({ keepAlive: true });
      const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
      expect(await request(`${server.url}/api/reportv2/`, agent, headers, YEAR_REPORT)).toMatchObject({ status: 200, connection: 'keep-alive' });
      server.child.kill('SIGTERM');
      await server.stderrLine(/shutting down: serving for 4000 ms more/);
      // Within the delay: answered as usual, on the same connection and on a new one.
      expect(await request(`${server.url}/api/reportv2/`, agent, headers, YEAR_REPORT)).toMatchObject({ status: 200, connection: 'keep-alive' });
      expect(await request(`${server.url}/api/reportv2/`, false, headers, YEAR_REPORT)).toMatchObject({ status: 200 });
      expect(server.child.exitCode).toBe(null);
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.stderr()).toContain('shutting down: serving for 4000 ms more, then requests in flight have');
      agent.destroy();
    },
    2 * EVENT_LIMIT_MS,
  );

  it(
    'answers a request arriving on an open connection while stopping with 503 shutting_down and Connection: close',
    async () => {
      const server = await serve(dir, ['--grace-ms', '60000']);
      const agent = await openConnections(server.url, 20);
      const { outcomes } = await fireReports(server.url, agent, token, 20); // keeps the server busy while it stops
      await server.requests(40); // the 20 warm-up 405s and the 20 reports
      const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      await server.connections(21); // the server has it: an open connection, idle
      server.child.kill('SIGTERM');
      await server.stderrLine(/shutting down/);
      let raw = '';
      socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.write(
        `POST /api/reportv2/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: Bearer ${token}\r\nContent-Length: ${Buffer.byteLength(YEAR_REPORT)}\r\n\r\n${YEAR_REPORT}`,
      );
      await closed; // Connection: close, so the server ends the connection after its answer
      expect(raw).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
      expect(raw).toMatch(/\r\nConnection: close\r\n/i);
      expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ error: { code: 'shutting_down', message: expect.any(String) } });
      const finished = await outcomes;
      expect(byKind(finished)).toEqual({ 200: 20 });
      expect(await server.exited).toEqual({ code: 0, signal: null });
      agent.destroy();
    },
    2 * EVENT_LIMIT_MS,
  );

  it('exits at once on a second signal', async () => {
    const server = await serve(dir, ['--grace-ms', '60000']);
    // A request whose body never arrives stays in flight: the first signal waits for it (up to the grace period).
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/signin/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em');
    await server.requests(1); // its headers reached the handler; the body never comes
    server.child.kill('SIGTERM');
    await server.stderrLine(/shutting down/);
    expect(server.child.exitCode).toBe(null); // still waiting for the upload, for up to 60 s
    server.child.kill('SIGINT');
    // At once: well within the 60 s grace (the test's own limit is below it).
    expect(await server.exited).toEqual({ code: 130, signal: null });
    expect(server.stderr()).toContain('SIGINT again: exiting now');
    socket.destroy();
  }, 50_000);
});
