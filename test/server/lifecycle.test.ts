// What the server does when things go wrong or end: a failing store is a bare 500 (the stack goes to the log,
// not the client), CORS is off unless asked for, and close() lets a request in flight finish.
import { afterEach, describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/auth/token.js';
import type { ApiServices } from '../../src/server/services.js';
import { startServer, type RunningServer } from '../../src/server/start.js';
import { post, TEST_SECRET } from './test-server.js';

const tokens = createTokenService({ secret: TEST_SECRET });
const body = { startDate: '2024-01-01', endDate: '2024-01-01', dimensions: ['date'], metrics: ['revenue'] };
let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

function services(run: ApiServices['reports']['run']): ApiServices {
  return { tokens, reports: { run }, signIn: { signIn: async () => ({ ok: false, status: 401 }) } };
}

describe('server lifecycle and failures', () => {
  it('answers 500 without a stack when the store fails, and logs the stack', async () => {
    const log: string[] = [];
    running = await startServer(services(async () => { throw new Error('IO Error: disk on fire at /var/db'); }), { port: 0, log: (l) => log.push(l) });
    const answer = await post(`${running.url}/api/reportv2/`, body, { Authorization: await tokens.sign({ userID: 1, accountID: 1, role: 1 }) });
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({ error: { code: 'internal', message: 'internal server error' } });
    expect(answer.text).not.toContain('disk on fire');
    expect(log.join('\n')).toContain('disk on fire');
  });

  it('sends no CORS headers by default and answers preflights when asked to', async () => {
    running = await startServer(services(async () => ({ ok: false, issues: [] })), { port: 0 });
    const plain = await fetch(`${running.url}/api/reportv2/`, { method: 'OPTIONS' });
    expect([plain.status, plain.headers.get('access-control-allow-origin')]).toEqual([405, null]);
    await running.close();
    running = await startServer(services(async () => ({ ok: false, issues: [] })), { port: 0, corsOrigin: 'https://dash.example.com' });
    const preflight = await fetch(`${running.url}/api/reportv2/`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://dash.example.com');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
  });

  it('lets a request in flight finish on close, then stops accepting', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    running = await startServer(
      services(async () => {
        await gate;
        return { ok: true, request: { ...body, dimensions: ['date'], metrics: ['revenue'], filters: [], skip: 0, csv: false, totals: false }, rows: [] };
      }),
      { port: 0 },
    );
    const url = running.url;
    const inFlight = post(`${url}/api/reportv2/`, body, { Authorization: await tokens.sign({ userID: 1, accountID: 1, role: 2 }) });
    await new Promise((r) => setTimeout(r, 50));
    const closed = running.close();
    running = undefined;
    release();
    expect((await inFlight).status).toBe(200);
    await closed;
    await expect(fetch(`${url}/api/reportv2/`)).rejects.toThrow();
  });
});
