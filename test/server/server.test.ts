// The reference server over HTTP: the auth matrix (no token, malformed, forged, expired, each role, Bearer or
// bare), the JSON error bodies of every status, CSV downloads, response headers and the request log; on each
// storage (DuckDB in memory; ClickHouse + PostgreSQL, as past one machine), with the demo data seeded in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_TARGETS, describeStorages } from '../support/storages.js';
import { ADMIN, post, startTestServer, type TestServer } from './test-server.js';

describeStorages('the reference server', STORAGE_TARGETS, (target) => {
  let server: TestServer;
  const logs: string[] = [];
  const report = { startDate: '2024-03-01', endDate: '2024-03-07', dimensions: ['date', 'country'], metrics: ['revenue', 'ecpm'], totals: true, limit: '3' };

  beforeAll(async () => {
    server = await startTestServer({ storage: target, log: (line) => logs.push(line) });
  });
  afterAll(() => server?.stop());

  const reportAt = (headers: Record<string, string>, body: unknown = report) => post(`${server.url}/api/reportv2/`, body, headers);

  describe('auth matrix of POST /api/reportv2/', () => {
    it.each([
      ['admin, Bearer', async () => `Bearer ${await server.token(1)}`, 200, undefined],
      ['service, Bearer', async () => `Bearer ${await server.token(2)}`, 200, undefined],
      ['service, bare token', async () => server.token(2), 200, undefined],
      ['admin, lower-case scheme', async () => `bearer ${await server.token(1)}`, 200, undefined],
      ['publisher', async () => `Bearer ${await server.token(3)}`, 403, 'forbidden'],
      ['no header', async () => undefined, 401, 'unauthorized'],
      ['empty Bearer', async () => 'Bearer ', 401, 'invalid_token'],
      ['Basic credentials', async () => 'Basic YWRtaW46cGFzcw==', 401, 'invalid_token'],
      ['garbage', async () => 'Bearer not.a.token', 401, 'invalid_token'],
      ['expired', async () => `Bearer ${await server.token(1, 3700)}`, 401, 'token_expired'],
      [
        'forged payload',
        async () => {
          const [h, , s] = (await server.token(3)).split('.');
          return `Bearer ${h}.${Buffer.from(JSON.stringify({ sub: '3', userID: 3, accountID: 1, role: 1, exp: 4102444800 })).toString('base64url')}.${s}`;
        },
        401,
        'invalid_token',
      ],
    ])('%s → %i', async (_name, header, status, code) => {
      const value = await header();
      const answer = await reportAt(value === undefined ? {} : { Authorization: value });
      expect(answer.status).toBe(status);
      if (code) expect(answer.json).toEqual({ error: { code, message: expect.any(String) } });
      if (status === 401) expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    });

    it('checks the token before reading the body', async () => {
      expect((await reportAt({}, '{not json')).status).toBe(401);
      expect((await reportAt({ Authorization: `Bearer ${await server.token(3)}` }, '{not json')).status).toBe(403);
    });
  });

  describe('sign-in over HTTP', () => {
    it('signs in with the demo admin and the token opens the report', async () => {
      const answer = await post(`${server.url}/api/signin/`, { email: ADMIN.email, password: ADMIN.password });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect((await reportAt({ Authorization: `Bearer ${answer.json.token}` })).status).toBe(200);
    });

    it('answers a wrong password and an unknown e-mail identically', async () => {
      const a = await post(`${server.url}/api/signin/`, { email: ADMIN.email, password: 'nope' });
      const b = await post(`${server.url}/api/signin/`, { email: 'who@example.com', password: 'nope' });
      expect([a.status, b.status]).toEqual([401, 401]);
      expect(a.text).toBe(b.text);
      expect(a.json).toEqual({ error: { code: 'invalid_credentials', message: 'wrong e-mail or password' } });
    });
  });

  describe('errors are JSON, never a stack', () => {
    const admin = async () => ({ Authorization: `Bearer ${await server.token(1)}` });
    it('400 with issues pointing into the body', async () => {
      const answer = await reportAt(await admin(), { ...report, dimensions: ['date', 'city'], limit: 'ten' });
      expect(answer.status).toBe(400);
      expect(answer.json.error.code).toBe('invalid_request');
      expect(answer.json.error.issues.map((i: { path: string }) => i.path)).toEqual(['/dimensions/1', '/limit']);
    });
    it('400 for a body that is not JSON', async () => {
      expect((await reportAt(await admin(), '{"startDate":')).json.error.code).toBe('invalid_json');
    });
    it('415 for a body that is not declared JSON', async () => {
      const answer = await reportAt({ ...(await admin()), 'Content-Type': 'text/plain' }, JSON.stringify(report));
      expect([answer.status, answer.json.error.code]).toEqual([415, 'unsupported_media_type']);
    });
    it('415 for a compressed body (Content-Encoding other than identity), not 400 invalid_json', async () => {
      const gzip = await reportAt({ ...(await admin()), 'Content-Encoding': 'gzip' }, JSON.stringify(report));
      expect([gzip.status, gzip.json.error.code]).toEqual([415, 'unsupported_media_type']);
      const identity = await reportAt({ ...(await admin()), 'Content-Encoding': 'identity' }, JSON.stringify(report));
      expect(identity.status).toBe(200);
    });
    it('413 for a body over the limit', async () => {
      const answer = await reportAt(await admin(), JSON.stringify({ ...report, pad: 'x'.repeat(200_000) }));
      expect([answer.status, answer.json.error.code, answer.headers.get('connection')]).toEqual([413, 'payload_too_large', 'close']);
    });
    it('404 for an unknown path and 405 with Allow for another method', async () => {
      const missing = await post(`${server.url}/api/reports/`, {});
      expect([missing.status, missing.json.error.code]).toEqual([404, 'not_found']);
      const get = await fetch(`${server.url}/api/reportv2/`);
      expect([get.status, get.headers.get('allow'), ((await get.json()) as any).error.code]).toEqual([405, 'POST', 'method_not_allowed']);
    });
    it('accepts the paths with and without the trailing slash, and ignores a query', async () => {
      expect((await reportAt(await admin())).status).toBe(200);
      expect((await post(`${server.url}/api/reportv2?x=1`, report, await admin())).status).toBe(200);
    });
  });

  describe('report answers', () => {
    it('JSON rows with the totals row first', async () => {
      const answer = await reportAt({ Authorization: await server.token(2) });
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.json).toHaveLength(4);
      expect(answer.json[0]).toMatchObject({ date: 'Total', country: '' });
    });
    it('CSV with its headers', async () => {
      const answer = await reportAt({ Authorization: await server.token(1) }, { ...report, csv: true });
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(answer.headers.get('content-disposition')).toBe('attachment; filename="report_2024-03-01.csv"');
      const lines = answer.text.split('\r\n');
      expect(lines[0]).toBe('date,country,revenue,ecpm');
      expect(lines[1]).toMatch(/^Total,,[0-9.]+,[0-9.]+$/);
      expect(lines).toHaveLength(6); // header, totals, 3 rows, and the empty string after the last CRLF
    });
  });

  describe('request log', () => {
    it('has one line per request and no secret', async () => {
      const token = await server.token(1);
      await post(`${server.url}/api/signin/?token=${token}`, { email: ADMIN.email, password: ADMIN.password });
      await reportAt({ Authorization: `Bearer ${token}` });
      const text = logs.join('\n');
      expect(text).toMatch(/POST \/api\/signin\/ 200 [0-9.]+ms/);
      expect(text).not.toContain(ADMIN.password);
      expect(text).not.toContain(token);
      expect(text).not.toMatch(/eyJ/);
    });
  });
});
