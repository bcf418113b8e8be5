// Routing (docs/spec.md#errors): a known path asked with another method is 405 with `Allow`, anything else 404 — for the root
// too (`/`: stripping its trailing slash left an empty path that matched nothing, so `POST /` was 404), for
// parametric paths (`/assets/:name`, `/api/adapters/:bidderCode`), and with or without the trailing slash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleAssets } from '../../packages/server/src/http/console-assets.js';
import { startTestServer, type TestServer } from './test-server.js';

/** A console of one page and one asset, so the console's routes are there without a built console. */
const fakeConsole: ConsoleAssets = {
  get: (path) =>
    path === '/' || path === '/index.html' || path === '/assets/app-1234.js'
      ? { headers: { 'Content-Type': 'text/plain' }, body: Buffer.from(path) }
      : undefined,
};

describe('405 with Allow for a known path, 404 for an unknown one', () => {
  let server: TestServer;
  beforeAll(async () => void (server = await startTestServer({ console: fakeConsole })));
  afterAll(() => server?.stop());

  async function call(method: string, path: string) {
    const response = await fetch(`${server.url}${path}`, { method });
    const text = await response.text();
    return [response.status, response.headers.get('allow'), text ? (JSON.parse(text) as { error: { code: string } }).error.code : undefined];
  }

  it('the root: GET answers, another method is 405', async () => {
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect(await call('POST', '/')).toEqual([405, 'GET, HEAD', 'method_not_allowed']);
    expect(await call('DELETE', '/?x=1')).toEqual([405, 'GET, HEAD', 'method_not_allowed']);
  });

  it('a parametric path: /assets/:name and /api/adapters/:bidderCode', async () => {
    expect((await fetch(`${server.url}/assets/app-1234.js`)).status).toBe(200);
    expect(await call('POST', '/assets/app-1234.js')).toEqual([405, 'GET, HEAD', 'method_not_allowed']);
    expect(await call('PUT', '/assets/anything')).toEqual([405, 'GET, HEAD', 'method_not_allowed']);
    expect(await call('POST', '/api/adapters/acme')).toEqual([405, 'GET, HEAD, PUT, DELETE', 'method_not_allowed']);
    expect(await call('PATCH', '/api/adapters/acme/')).toEqual([405, 'GET, HEAD, PUT, DELETE', 'method_not_allowed']);
  });

  it('static paths as before, and 404 for deeper or unknown paths', async () => {
    expect(await call('POST', '/index.html')).toEqual([405, 'GET, HEAD', 'method_not_allowed']);
    expect(await call('GET', '/api/signin')).toEqual([405, 'POST', 'method_not_allowed']);
    expect(await call('DELETE', '/api/adapters/')).toEqual([405, 'GET, HEAD', 'method_not_allowed']);
    expect(await call('GET', '/assets/missing.js')).toEqual([404, null, 'not_found']);
    expect(await call('POST', '/assets/a/b')).toEqual([404, null, 'not_found']);
    expect(await call('POST', '/api/adapters/a/b')).toEqual([404, null, 'not_found']);
    expect(await call('POST', '/nowhere')).toEqual([404, null, 'not_found']);
  });
});
