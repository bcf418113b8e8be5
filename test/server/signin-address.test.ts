// Issue 29, item 2, over HTTP: the client address the sign-in throttle counts is the connection's, and
// X-Forwarded-For is ignored (anyone can send it) unless the server is told which proxies to trust
// (`trustProxy`, `serve --trust-proxy`). Every request here comes from 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, post, startTestServer, type TestServer } from './test-server.js';

const spray = async (server: TestServer, forwardedFor: (i: number) => string) => {
  const statuses = [];
  for (let i = 0; i < 12; i++) {
    const answer = await post(
      `${server.url}/api/signin/`,
      { email: `sprayed-${i}@example.com`, password: 'Winter2024!' },
      { 'X-Forwarded-For': forwardedFor(i) },
    );
    statuses.push(answer.status === 429 ? `429 after ${answer.headers.get('retry-after')} s` : answer.status);
  }
  return statuses;
};

describe('sign-in client address', () => {
  let direct: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([startTestServer(), startTestServer({ trustProxy: '127.0.0.1' })]);
  });
  afterAll(async () => {
    await Promise.all([direct?.stop(), proxied?.stop()]);
  });

  it('ignores X-Forwarded-For by default: a sprayer cannot make up an address per guess', async () => {
    expect(await spray(direct, (i) => `198.51.100.${i}`)).toEqual([...Array(10).fill(401), '429 after 30 s', '429 after 30 s']);
  });

  it("reads the client from X-Forwarded-For when the proxy is trusted: one client's failures do not lock out another", async () => {
    expect(await spray(proxied, () => '203.0.113.5')).toEqual([...Array(10).fill(401), '429 after 30 s', '429 after 30 s']);
    const owner = await post(`${proxied.url}/api/signin/`, { email: ADMIN.email, password: ADMIN.password }, { 'X-Forwarded-For': '192.0.2.44' });
    expect(owner.status).toBe(200);
    const locked = await post(`${proxied.url}/api/signin/`, { email: ADMIN.email, password: ADMIN.password }, { 'X-Forwarded-For': '203.0.113.5' });
    expect([locked.status, locked.json.error.code]).toEqual([429, 'too_many_requests']);
  });
});
