// Three refusals that did not look like the API's: an HTTP/1.1 request without Host got Node's
// bare 400 (no JSON body, no no-store, no nosniff); a 101-character bidder code was 404 (the router's limit on a
// path segment) rather than the rule's 400 invalid_bidder_code; and the import route answered a JSON body with the
// JSON routes' "the body must be JSON".
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { answerOf, useTestServer } from './test-server.js';

const env = useTestServer();

/** Writes `text` on a fresh connection and collects what the server sends until it closes the connection. */
function exchange(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(env.server.port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

describe('an HTTP/1.1 request without Host', () => {
  it('is 400 bad_request with the JSON body and the headers of every answer', async () => {
    const raw = await exchange('GET /api/adapters/ HTTP/1.1\r\n\r\n');
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/\r\ncache-control: no-store\r\n/i);
    expect(head).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(head).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(body)).toEqual({ error: { code: 'bad_request', message: expect.stringContaining('Host') } });
  });

  it('while one with Host, and an HTTP/1.0 one without, are served', async () => {
    for (const request of ['GET /api/adapters/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'GET /api/adapters/ HTTP/1.0\r\n\r\n']) {
      expect(await exchange(request)).toMatch(/^HTTP\/1\.1 401 /); // no token: the route itself answered
    }
  });
});

describe('a bidder code the rule refuses is 400 invalid_bidder_code, whatever its length', () => {
  it.each([101, 1000, 5000])('%i characters', async (length) => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await fetch(`${env.server.url}/api/adapters/${'a'.repeat(length)}`, {
        method,
        headers: { Authorization: env.admin, ...(method === 'PUT' && { 'Content-Type': 'application/json' }) },
        ...(method === 'PUT' && { body: '{"version":0,"adapter":{}}' }),
      });
      const answer = await answerOf(response);
      expect([answer.status, answer.json?.error?.code ?? answer.json?.error?.issues?.[0]?.code]).toEqual([
        400,
        expect.stringMatching(/invalid_request|invalid_bidder_code/),
      ]);
      expect(JSON.stringify(answer.json)).toContain('invalid_bidder_code');
    }
  });

  it('100 characters is a code (404: no such record)', async () => {
    const response = await fetch(`${env.server.url}/api/adapters/${'a'.repeat(100)}`, { headers: { Authorization: env.admin } });
    expect(response.status).toBe(404);
  });
});

describe('the import route and a JSON body', () => {
  it('is 415 with the import route’s words, not "the body must be JSON"', async () => {
    for (const type of ['application/json', 'text/plain', 'application/octet-stream']) {
      const response = await fetch(`${env.server.url}/api/data/import`, {
        method: 'POST',
        headers: { Authorization: env.admin, 'Content-Type': type },
        body: '{"a":1}',
      });
      const answer = await answerOf(response);
      expect([answer.status, answer.json.error]).toEqual([
        415,
        { code: 'unsupported_media_type', message: 'send the file as text/csv or application/x-ndjson' },
      ]);
    }
  });
});
