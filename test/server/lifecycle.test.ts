// What the server does when things go wrong or end: a failing store is a bare 500 (the stack goes to the log,
// not the client), a client that hangs up mid-upload is logged as 499 and not answered, CORS is off unless asked
// for, and close() lets a request in flight finish (saying Connection: close), answers new requests on open
// connections 503, and after the grace period answers what is still running 503.
import net from 'node:net';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../packages/server/src/auth/token.js';
import type { ApiServices } from '../../packages/server/src/http/services.js';
import { startServer, type RunningServer } from '../../packages/server/src/http/start.js';
import { post, TEST_SECRET } from './test-server.js';

const tokens = createTokenService({ secret: TEST_SECRET });
const body = { startDate: '2024-01-01', endDate: '2024-01-01', dimensions: ['date'], metrics: ['revenue'] };
let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

function services(run: ApiServices['reports']['run']): ApiServices {
  // No user store here: these tests are about failures, so any validly signed token is taken as it is.
  return {
    tokens,
    sessions: { verify: (token) => tokens.verify(token), signOut: async () => {} },
    reports: { run },
    signIn: { signIn: async () => ({ ok: false, status: 401 }) },
  };
}

describe('server lifecycle and failures', () => {
  it('answers 500 without a stack when the store fails, and logs the stack', async () => {
    const log: string[] = [];
    running = await startServer(
      services(async () => {
        throw new Error('IO Error: disk on fire at /var/db');
      }),
      { port: 0, log: (l) => log.push(l) },
    );
    const answer = await post(`${running.url}/api/reportv2/`, body, { Authorization: await tokens.sign({ userID: 1, accountID: 1, role: 1 }) });
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({ error: { code: 'internal', message: 'internal server error' } });
    expect(answer.text).not.toContain('disk on fire');
    expect(log.join('\n')).toContain('disk on fire');
  });

  it.each([
    ['closes the connection', (socket: net.Socket) => socket.end()],
    ['resets the connection', (socket: net.Socket) => socket.resetAndDestroy()],
  ])('logs a client that %s mid-upload as 499, without a stack, and sends it nothing', async (_name, hangUp) => {
    const log: string[] = [];
    const responses: ServerResponse[] = [];
    running = await startServer(
      services(async () => ({ ok: false, issues: [] })),
      { port: 0, log: (l) => log.push(l) },
    );
    running.server.on('request', (_req, res: ServerResponse) => responses.push(res));
    const socket = net.connect(running.port, '127.0.0.1', () =>
      socket.write('POST /api/signin/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em'),
    );
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    await vi.waitFor(() => expect(responses).toHaveLength(1));
    hangUp(socket);
    await vi.waitFor(() => expect(log.join('\n')).toMatch(/ POST \/api\/signin\/ \d+ /));
    expect(log).toEqual([expect.stringMatching(/^\S+ POST \/api\/signin\/ 499 [0-9.]+ms$/)]);
    expect(responses[0]!.headersSent).toBe(false);
    expect(received).toBe('');
  });

  it('sends no CORS headers by default and answers preflights when asked to', async () => {
    running = await startServer(
      services(async () => ({ ok: false, issues: [] })),
      { port: 0 },
    );
    const plain = await fetch(`${running.url}/api/reportv2/`, { method: 'OPTIONS' });
    expect([plain.status, plain.headers.get('access-control-allow-origin')]).toEqual([405, null]);
    await running.close();
    running = await startServer(
      services(async () => ({ ok: false, issues: [] })),
      { port: 0, corsOrigin: 'https://dash.example.com' },
    );
    const preflight = await fetch(`${running.url}/api/reportv2/`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://dash.example.com');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
  });

  it('lets a request in flight finish on close, then stops accepting', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const reached = new Promise<void>((r) => (entered = r));
    running = await startServer(
      services(async () => {
        entered();
        await gate;
        return { ok: true, request: { ...body, dimensions: ['date'], metrics: ['revenue'], filters: [], skip: 0, csv: false, totals: false }, rows: [] };
      }),
      { port: 0 },
    );
    const url = running.url;
    const inFlight = post(`${url}/api/reportv2/`, body, { Authorization: await tokens.sign({ userID: 1, accountID: 1, role: 2 }) });
    await reached; // the report is in flight
    const closed = running.close();
    running = undefined;
    release();
    expect((await inFlight).status).toBe(200);
    await closed;
    await expect(fetch(`${url}/api/reportv2/`)).rejects.toThrow();
  });
  const reportOk = (): Awaited<ReturnType<ApiServices['reports']['run']>> => ({
    ok: true,
    request: { ...body, dimensions: ['date'], metrics: ['revenue'], filters: [], skip: 0, csv: false, totals: false },
    rows: [],
  });

  it('while stopping, an answer in flight says Connection: close and a request on an open connection gets 503 shutting_down', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const reached = new Promise<void>((r) => (entered = r));
    running = await startServer(
      services(async () => (entered(), await gate, reportOk())),
      { port: 0 },
    );
    const { port } = running;
    const inFlight = post(`${running.url}/api/reportv2/`, body, { Authorization: await tokens.sign({ userID: 1, accountID: 1, role: 2 }) });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    await reached; // the report is in flight
    const closed = running.close();
    running = undefined;
    let raw = '';
    socket.on('data', (chunk) => (raw += chunk));
    const ended = new Promise((r) => socket.once('close', r));
    socket.write('POST /api/signin/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    await ended;
    expect(raw).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n[\s\S]*Connection: close\r\n/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ error: { code: 'shutting_down', message: expect.any(String) } });
    release();
    const answer = await inFlight;
    expect([answer.status, answer.headers.get('connection')]).toEqual([200, 'close']);
    await closed;
  });

  it('answers a request still running after the grace period 503 shutting_down, and close() resolves', async () => {
    let entered!: () => void;
    const reached = new Promise<void>((r) => (entered = r));
    running = await startServer(
      services(() => (entered(), new Promise(() => {}))),
      { port: 0, graceMs: 100 },
    );
    const inFlight = post(`${running.url}/api/reportv2/`, body, { Authorization: await tokens.sign({ userID: 1, accountID: 1, role: 2 }) });
    await reached; // the report is in flight
    // close() resolves though the report never does (the test's own time limit fails it otherwise).
    await running.close();
    running = undefined;
    const answer = await inFlight;
    expect([answer.status, answer.json]).toEqual([503, { error: { code: 'shutting_down', message: expect.any(String) } }]);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
