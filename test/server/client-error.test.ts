// Requests Node's HTTP layer refuses before the handler sees them still get docs/spec.md#errors's JSON error body: a header
// block over Node's limit (431), a request that does not arrive in time (408), one that is not valid HTTP (400)
// and chunk extensions over Node's limit (413). Sent over raw sockets, since fetch cannot send such requests.
import net from 'node:net';
import { Duplex } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../packages/server/src/auth/token.js';
import { answerClientError } from '../../packages/server/src/http/client-error.js';
import type { ApiServices } from '../../packages/server/src/http/services.js';
import { createServer } from '../../packages/server/src/http/start.js';
import { TEST_SECRET } from './test-server.js';

const tokens = createTokenService({ secret: TEST_SECRET });
const services: ApiServices = {
  tokens,
  sessions: { verify: (token) => tokens.verify(token), signOut: async () => {} },
  reports: { run: async () => ({ ok: false, issues: [] }) },
  signIn: { signIn: async () => ({ ok: false, status: 401 }) },
};

let server: net.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** Starts the API server on a free port; `tune` may change its timeouts before it listens. */
async function listen(tune: (s: ReturnType<typeof createServer>) => void = () => {}, log?: (line: string) => void, requestTimeoutMs?: number): Promise<number> {
  const api = createServer(services, { log, ...(requestTimeoutMs && { requestTimeoutMs }) });
  tune(api);
  server = api;
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  return (api.address() as net.AddressInfo).port;
}

/** Writes `text` on a fresh connection and collects everything the server sends until it closes the connection. */
function exchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

/** Splits a raw HTTP response into status, lower-cased headers and the JSON body. */
function parse(raw: string) {
  const [head = '', body = ''] = raw.split(/\r\n\r\n(.*)/s);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), statusLine, headers, body, json: JSON.parse(body) as unknown };
}

function expectJsonError(raw: string, status: number, code: string) {
  const answer = parse(raw);
  expect(answer.statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} [A-Z]`));
  expect(answer.json).toEqual({ error: { code, message: expect.any(String) } });
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers.connection).toBe('close');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
}

describe('requests Node refuses are answered with JSON errors', () => {
  it('431 headers_too_large for a header block over the limit', async () => {
    const port = await listen();
    const raw = await exchange(port, `POST /api/signin/ HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectJsonError(raw, 431, 'headers_too_large');
  });

  it('400 bad_request for a request that is not valid HTTP (Content-Length: abc)', async () => {
    const port = await listen();
    const raw = await exchange(port, 'POST /api/signin/ HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    expectJsonError(raw, 400, 'bad_request');
  });

  it('408 request_timeout for a body that does not arrive in time, logged as 408 (not as an abort or an error)', async () => {
    const log: string[] = [];
    const port = await listen(
      (api) => {
        // The body's limit is the server's own (request-deadline.ts); Node times only the headers.
        api.headersTimeout = 200;
        // Node checks the headers' timeout every 30 s; it reads this property when the server starts listening (the
        // constructor option's value; @types/node does not declare the property).
        Object.assign(api, { connectionsCheckingInterval: 50 });
      },
      (line) => log.push(line),
      300,
    );
    // The body never comes: the answer is the timeout's, or none (the test's own time limit fails it then).
    const raw = await exchange(port, 'POST /api/signin/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em');
    expectJsonError(raw, 408, 'request_timeout');
    await vi.waitFor(() => expect(log).toEqual([expect.stringMatching(/^\S+ POST \/api\/signin\/ 408 [0-9.]+ms$/)]));
  });

  it('413 payload_too_large for chunk extensions over the limit, as Node answers it', async () => {
    const port = await listen();
    const raw = await exchange(
      port,
      `POST /api/signin/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2;x=${'a'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
    );
    expectJsonError(raw, 413, 'payload_too_large');
  });

  it('a connection with an answer half-sent (a streamed report) is destroyed, not written into', () => {
    const write = vi.fn((_chunk: unknown, _encoding: unknown, done: () => void) => done());
    const socket = Object.assign(new Duplex({ read() {}, write }), { _httpMessage: { headersSent: true } });
    const destroy = vi.spyOn(socket, 'destroy');
    answerClientError(Object.assign(new Error('bad'), { code: 'HPE_INVALID_METHOD' }), socket);
    expect(destroy).toHaveBeenCalledOnce();
    expect(write).not.toHaveBeenCalled();
  });

  it('a connection the client reset or closed mid-request, or one that cannot be written, is destroyed without an answer', () => {
    for (const [code, writable] of [
      ['ECONNRESET', true],
      ['HPE_INVALID_EOF_STATE', true],
      ['HPE_INVALID_METHOD', false],
    ] as const) {
      const write = vi.fn((_chunk: unknown, _encoding: unknown, done: () => void) => done());
      const socket = new Duplex({ read() {}, write });
      if (!writable) socket.end();
      const destroy = vi.spyOn(socket, 'destroy');
      answerClientError(Object.assign(new Error(code), { code }), socket);
      expect(destroy).toHaveBeenCalledOnce();
      expect(write).not.toHaveBeenCalled();
    }
  });
});
