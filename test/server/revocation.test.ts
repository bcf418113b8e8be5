// Issue 29, item 1, over HTTP on each storage (DuckDB; ClickHouse + PostgreSQL): a token is honoured only while its
// user is active with the role it carries. Before the fix the server trusted the token's role and never asked the
// user store: a victim's token still imported data, replaced and deleted adapter records after `status = 0`, a
// demoted admin stayed admin, and signing out only cleared the browser tab. Changes are made in the user store, as
// `bidfields users …` (another process) makes them; the server's user cache is off (`sessionCacheMs: 0`) so that
// nothing waits: the cache period itself is pinned in test/auth/sessions.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, STATUS } from '../../packages/server/src/auth/roles.js';
import { STORAGE_TARGETS, describeStorages } from '../support/storages.js';
import { ADMIN, PUBLISHER, SERVICE, post, startTestServer, type TestServer } from './test-server.js';

describeStorages('token revocation', STORAGE_TARGETS, (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ storage: target, sessionCacheMs: 0 });
  });
  afterAll(() => server?.stop());

  const signIn = async (who: { email: string; password: string }) => {
    const answer = await post(`${server.url}/api/signin/`, { email: who.email, password: who.password });
    expect(answer.status).toBe(200);
    return `Bearer ${answer.json.token as string}`;
  };
  const call = async (method: string, path: string, auth: string, body?: unknown, type = 'application/json') => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: auth, ...(body !== undefined && { 'Content-Type': type }) },
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, code: text ? (JSON.parse(text) as { error?: { code: string } }).error?.code : undefined };
  };
  const report = { startDate: '2024-03-01', endDate: '2024-03-01', dimensions: ['date'], metrics: ['revenue'] };
  const record = { version: 0, adapter: { protocol: 'rtb', fields: [] } };

  it("a deactivated admin's token imports nothing and writes no adapter record; active again, only a new sign-in works", async () => {
    const token = await signIn(ADMIN);
    expect((await call('PUT', '/api/adapters/victim', token, record)).status).toBe(201);
    await server.storage.users.update(ADMIN.email, { status: STATUS.inactive });
    const refused = [
      await call('PUT', '/api/adapters/victim', token, { ...record, version: 1 }),
      await call('DELETE', '/api/adapters/victim', token),
      await call('GET', '/api/adapters/', token),
      await call('POST', '/api/reportv2/', token, report),
      await call('POST', '/api/data/import?name=x.csv', token, 'date,service,country,requests,impression,revenue\n2024-01-01,s,US,1,1,1\n', 'text/csv'),
    ];
    expect(refused).toEqual(Array(5).fill({ status: 401, code: 'token_revoked' }));
    await server.storage.users.update(ADMIN.email, { status: STATUS.active });
    expect(await call('GET', '/api/adapters/', token)).toEqual({ status: 401, code: 'token_revoked' });
    expect((await call('GET', '/api/adapters/', await signIn(ADMIN))).status).toBe(200);
  });

  it("a demoted admin is no longer admin, and a deleted user's token ends", async () => {
    const admin = await signIn(ADMIN);
    const service = await signIn(SERVICE);
    await server.storage.users.update(ADMIN.email, { role: ROLE.publisher });
    expect(await call('DELETE', '/api/adapters/victim', admin)).toEqual({ status: 401, code: 'token_revoked' });
    // Signed in again, the demoted user has the Publisher's rights only.
    expect(await call('DELETE', '/api/adapters/victim', await signIn(ADMIN))).toEqual({ status: 403, code: 'forbidden' });
    await server.storage.users.update(ADMIN.email, { role: ROLE.admin });
    await server.storage.users.update(SERVICE.email, { deleted: true });
    expect(await call('POST', '/api/reportv2/', service, report)).toEqual({ status: 401, code: 'token_revoked' });
    expect((await post(`${server.url}/api/signin/`, { email: SERVICE.email, password: SERVICE.password })).status).toBe(401);
  });

  it('POST /api/signout/ ends the token, and every other token of the user, on the server', async () => {
    const first = await signIn(PUBLISHER);
    const second = await signIn(PUBLISHER);
    const admin = await signIn(ADMIN);
    expect(await call('GET', '/api/adapters/', first)).toEqual({ status: 403, code: 'forbidden' });
    expect(await call('POST', '/api/signout/', first)).toEqual({ status: 204, code: undefined });
    for (const token of [first, second]) {
      expect(await call('GET', '/api/adapters/', token)).toEqual({ status: 401, code: 'token_revoked' });
      expect(await call('POST', '/api/signout/', token)).toEqual({ status: 401, code: 'token_revoked' });
    }
    expect((await call('GET', '/api/adapters/', admin)).status).toBe(200); // another user's session is untouched
    expect((await fetch(`${server.url}/api/signout/`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${server.url}/api/signout/`, { method: 'GET' })).status).toBe(405);
  });
});
