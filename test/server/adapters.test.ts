// The adapter records API over HTTP: docs/spec.md#authentication's auth (401 without or with a bad token, 403 for a
// role that may not), Admin writes and Service reads, 400 with validateAdapter's issues, 409 on a stale version,
// 404 / 405 / 415 in the API's error shape, one log line per request; and bidfields/client's typed calls; with the
// records in DuckDB (memory) and in PostgreSQL.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, type AdapterRecord } from '../../src/client/index.js';
import { STORAGE_TARGETS, describeStorages } from '../support/storages.js';
import { startTestServer, TEST_SECRET, type TestServer } from './test-server.js';

const KNOWN = ['rtb.example-dsp.com'];
const adapter: AdapterRecord = {
  protocol: 'rtb',
  endpoint: 'https://rtb.example-dsp.com/bid',
  fields: [{ name: 'prd.impTagId', type: 'text', display: 'Tag' }],
};

describeStorages('the adapter records API', STORAGE_TARGETS, (target) => {
  const logs: string[] = [];
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ storage: target, knownEndpoints: KNOWN, log: (line) => logs.push(line) });
  });
  afterAll(() => server?.stop());

  async function call(method: string, path: string, token?: string, body?: unknown, type = 'application/json') {
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = type;
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
  }

  describe('/api/adapters/ over HTTP', () => {
    it('auth: 401 without or with a bad token, 403 for Publisher everywhere and for Service on writes', async () => {
      expect((await call('GET', '/api/adapters/')).status).toBe(401);
      expect((await call('GET', '/api/adapters/', 'not.a.token')).json.error.code).toBe('invalid_token');
      // Signed with the server's key but without `exp`: it would never expire, so it is refused.
      const forever = await new SignJWT({ userID: 1, accountID: 1, role: 1 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject('1')
        .sign(new TextEncoder().encode(TEST_SECRET));
      expect([(await call('GET', '/api/adapters/', forever)).status, (await call('GET', '/api/adapters/', await server.token(1))).status]).toEqual([401, 200]);
      const publisher = await server.token(3);
      const service = await server.token(2);
      for (const [method, path] of [
        ['GET', '/api/adapters/'],
        ['GET', '/api/adapters/acme'],
        ['PUT', '/api/adapters/acme'],
        ['DELETE', '/api/adapters/acme'],
      ]) {
        expect((await call(method!, path!, publisher, method === 'PUT' ? { version: 0, adapter } : undefined)).json).toEqual({
          error: { code: 'forbidden', message: 'this role may not use this endpoint' },
        });
      }
      expect((await call('PUT', '/api/adapters/acme', service, { version: 0, adapter })).status).toBe(403);
      expect((await call('DELETE', '/api/adapters/acme', service)).status).toBe(403);
    });

    it('Admin creates (201), Service reads (200), a stale write is 409, delete 204 then 404', async () => {
      const admin = await server.token(1);
      const created = await call('PUT', '/api/adapters/acme', admin, { version: 0, adapter });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ bidderCode: 'acme', version: 1, adapter: { ...adapter, bidderCode: 'acme' } });
      expect(created.headers.get('cache-control')).toBe('no-store');
      const read = await call('GET', '/api/adapters/acme', await server.token(2));
      expect(read.json).toEqual(created.json);
      expect((await call('GET', '/api/adapters', await server.token(2))).json).toEqual([created.json]);
      const stale = await call('PUT', '/api/adapters/acme', admin, { version: 0, adapter });
      expect([stale.status, stale.json.error.code]).toEqual([409, 'version_conflict']);
      expect((await call('PUT', '/api/adapters/acme', admin, { version: 1, adapter })).json.version).toBe(2);
      expect((await call('DELETE', '/api/adapters/acme', admin)).status).toBe(204);
      expect((await call('GET', '/api/adapters/acme', admin)).json.error.code).toBe('not_found');
    });

    it('16 creates of one new code at once: one 201, every other 409 version_conflict, never a 500', async () => {
      const admin = await server.token(1);
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all(Array.from({ length: 16 }, () => call('PUT', `/api/adapters/race${round}`, admin, { version: 0, adapter })));
        const outcomes = answers.map((a) => `${a.status} ${a.json.error?.code ?? a.json.version}`).sort();
        expect(outcomes).toEqual(['201 1', ...Array(15).fill('409 version_conflict')]);
      }
    });

    it('a re-created adapter continues the versions: an editor holding the deleted record’s version gets 409', async () => {
      const admin = await server.token(1);
      const first = await call('PUT', '/api/adapters/reborn', admin, { version: 0, adapter });
      expect([first.status, first.json.version]).toEqual([201, 1]);
      expect((await call('DELETE', '/api/adapters/reborn', admin)).status).toBe(204);
      expect((await call('GET', '/api/adapters/reborn', admin)).status).toBe(404);
      expect((await call('GET', '/api/adapters/', admin)).json.map((a: { bidderCode: string }) => a.bidderCode)).not.toContain('reborn');
      const renewed = { ...adapter, fields: [{ name: 'predefinedImpExt.zone', type: 'number', display: 'Zone' }] };
      const second = await call('PUT', '/api/adapters/reborn', admin, { version: 0, adapter: renewed });
      expect([second.status, second.json.version]).toEqual([201, 2]);
      const stale = await call('PUT', '/api/adapters/reborn', admin, { version: 1, adapter });
      expect([stale.status, stale.json.error.code]).toEqual([409, 'version_conflict']);
      expect((await call('GET', '/api/adapters/reborn', admin)).json).toEqual(second.json);
    });

    it('400 with validateAdapter issues pointing into the body; 405 with Allow; 415; 404 for deeper paths', async () => {
      const admin = await server.token(1);
      const bad = await call('PUT', '/api/adapters/bad', admin, {
        version: 0,
        adapter: { ...adapter, endpoint: 'https://10.0.0.1/x', fields: [{ name: 'zone', type: 'text', display: 'Z' }] },
      });
      expect(bad.status).toBe(400);
      expect(bad.json.error.code).toBe('invalid_request');
      expect(bad.json.error.issues.map((i: { path: string; code: string }) => `${i.path} ${i.code}`)).toEqual([
        '/adapter/endpoint invalid_endpoint',
        '/adapter/fields/0/name rtb_field_without_prefix',
      ]);
      const post = await call('POST', '/api/adapters/acme', admin, {});
      expect([post.status, post.headers.get('allow'), post.json.error.code]).toEqual([405, 'GET, HEAD, PUT, DELETE', 'method_not_allowed']);
      expect((await call('DELETE', '/api/adapters/', admin)).headers.get('allow')).toBe('GET, HEAD');
      expect((await call('PUT', '/api/adapters/acme', admin, 'version=0', 'text/plain')).status).toBe(415);
      expect((await call('GET', '/api/adapters/a/b', admin)).status).toBe(404);
      expect((await call('GET', '/api/adapters/%E0%A4%A', admin)).status).toBe(404);
      expect(logs.join('\n')).toMatch(/PUT \/api\/adapters\/bad 400 [0-9.]+ms/);
    });
  });

  describe('bidfields/client adapter calls', () => {
    it('list, get, put and delete, typed; failures are ApiErrors with status, code and issues', async () => {
      const api = createClient({ baseUrl: server.url, token: await server.token(1) });
      const saved = await api.adapters.put('client-made', adapter, 0);
      expect(saved).toMatchObject({ bidderCode: 'client-made', version: 1 });
      expect(await api.adapters.get('client-made')).toEqual(saved);
      expect((await api.adapters.list()).map((a) => a.bidderCode)).toContain('client-made');
      const conflict = await api.adapters.put('client-made', adapter, 0).catch((e: unknown) => e);
      expect(conflict).toBeInstanceOf(ApiError);
      expect([(conflict as ApiError).status, (conflict as ApiError).code]).toEqual([409, 'version_conflict']);
      const invalid = (await api.adapters.put('client-made', { ...adapter, endpoint: 'ftp://x' }, 1).catch((e: unknown) => e)) as ApiError;
      expect([invalid.status, invalid.issues.map((i) => i.path)]).toEqual([400, ['/adapter/endpoint']]);
      // A code with characters of a path stays one path segment.
      expect(((await api.adapters.get('../reportv2').catch((e: unknown) => e)) as ApiError).status).toBe(400);
      await api.adapters.delete('client-made');
      expect(((await api.adapters.delete('client-made').catch((e: unknown) => e)) as ApiError).status).toBe(404);
      const service = createClient({ baseUrl: server.url, token: await server.token(2) });
      expect(((await service.adapters.put('x', adapter, 0).catch((e: unknown) => e)) as ApiError).code).toBe('forbidden');
    });
  });
});
