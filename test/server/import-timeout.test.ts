// An upload is timed by its progress, not its total time: POST /api/data/import was cut at
// Node's 30 s requestTimeout, so an upload slower than ~35 MB/s could not send 1 GiB. An Admin's upload now has a
// limit on silence only (no byte for importIdleTimeoutMs: 408), while every other request, and an upload whose
// sender is not known to be an Admin, keeps the limit on the whole body (requestTimeoutMs: 408), so a slow-loris
// client still cannot hold a connection. The limits are small here; the tests wait for answers, not for clocks.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './test-server.js';

const REQUEST_TIMEOUT_MS = 1000;
const IDLE_TIMEOUT_MS = 2500;
/** Far below the idle limit, even with a busy machine's timer lag. */
const PAUSE_MS = 40;
const HEADER = 'date,service,country,requests,impression,revenue\n';

let server: TestServer;
let admin: string;
let log: string[];

beforeAll(async () => {
  log = [];
  server = await startTestServer({ requestTimeoutMs: REQUEST_TIMEOUT_MS, importIdleTimeoutMs: IDLE_TIMEOUT_MS, log: (line) => log.push(line) });
  admin = await server.token(1);
});
afterAll(() => server.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a request's head, then its body a piece at a time with a pause between pieces, for as long as `more` says
 * (given the time since the head was sent; Infinity when asking whether to send the rest at once) and the server has
 * not answered or closed; resolves with the raw answer and the bytes sent once the server has sent a whole answer,
 * or with `untilClose`, once it has closed the connection.
 */
function trickle(
  head: string,
  body: Buffer,
  more: (elapsedMs: number, sent: number) => boolean,
  untilClose = false,
): Promise<{ status: number; text: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1');
    let received = '';
    let answered = false;
    let sent = 0;
    const done = () => {
      answered = true;
      socket.destroy();
      const [statusLine = '', text = ''] = [received.split('\r\n')[0], received.split('\r\n\r\n').slice(1).join('\r\n\r\n')];
      resolve({ status: Number(statusLine.split(' ')[1]), text, sent });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const [headText, text] = received.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(headText ?? '')?.[1];
      if (!untilClose && text !== undefined && length !== undefined && Buffer.byteLength(text) >= Number(length)) done();
    });
    socket.on('close', () => answered || done());
    socket.on('error', (error) => answered || reject(error));
    socket.on('connect', async () => {
      socket.write(head);
      const started = performance.now();
      while (!answered && !socket.destroyed && sent < body.length && more(performance.now() - started, sent)) {
        const piece = Math.max(1, Math.min(body.length - sent, Math.ceil(body.length / 400)));
        socket.write(body.subarray(sent, sent + piece));
        sent += piece;
        await sleep(PAUSE_MS);
      }
      if (!answered && !socket.destroyed && sent < body.length && more(Infinity, sent)) socket.write(body.subarray(sent));
    });
  });
}

const importHead = (token: string, length: number, name: string) =>
  `POST /api/data/import?name=${name} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: text/csv\r\nContent-Length: ${length}\r\n\r\n`;
const rows = (tag: string, n: number) => Buffer.from(HEADER + Array.from({ length: n }, (_, i) => `2025-03-01,${tag},US,${10 + i},1,0.5\n`).join(''));

describe('the import route is timed by progress', () => {
  it('loads an upload that trickles in for longer than the request timeout (and the idle one), with short pauses', async () => {
    const body = rows('slow', 2000);
    // Send at the pace of the pauses until well past both limits, then the rest at once.
    const answer = await trickle(importHead(admin, body.length, 'slow.csv'), body, (elapsed) => elapsed === Infinity || elapsed < 2 * IDLE_TIMEOUT_MS);
    expect(answer.status, answer.text).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ status: 'loaded', loaded: 2000 });
  });

  it('answers 408 request_timeout to an upload that stalls longer than the idle limit, and keeps nothing', async () => {
    const body = rows('stalled', 100);
    const answer = await trickle(importHead(admin, body.length, 'stalled.csv'), body, (elapsed, sent) => elapsed !== Infinity && sent < 200);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.text)).toEqual({ error: { code: 'request_timeout', message: expect.any(String) } });
    await vi.waitFor(() => expect(log.at(-1)).toMatch(/ POST \/api\/data\/import 408 /));
    const report = await fetch(`${server.url}/api/reportv2/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: admin },
      body: JSON.stringify({
        startDate: '2025-03-01',
        endDate: '2025-03-01',
        dimensions: ['service'],
        metrics: ['requests'],
        filters: [{ key: 'service', operator: '=', value: 'stalled' }],
      }),
    });
    expect(await report.json()).toEqual([]);
  });
});

describe('every other request keeps the limit on its whole body', () => {
  it('a sign-in body that trickles in past the request timeout is 408, however short its pauses', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'admin@example.com', password: 'x'.repeat(400) }));
    const head = `POST /api/signin/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // Two bytes per pause: the whole body would take some 9 s, far past the limit, if the server let it.
    const answer = await trickle(head, body, () => true);
    expect(answer.status).toBe(408);
    expect(answer.text).toContain('request_timeout');
    expect(answer.sent).toBeLessThan(body.length);
  });

  it('so does an upload whose sender is not an Admin: refused at once, and cut off if it goes on sending', async () => {
    const body = rows('anonymous', 100);
    const head = `POST /api/data/import HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${await server.token(3)}\r\nContent-Type: text/csv\r\nContent-Length: ${body.length}\r\n\r\n`;
    // Some 16 s of sending if the server let it; it answers 403 at once and closes the connection at its limit.
    const answer = await trickle(head, body, (elapsed) => elapsed !== Infinity, true);
    expect(answer.status).toBe(403);
    expect(answer.sent).toBeLessThan(body.length);
  });
});
