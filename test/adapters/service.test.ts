// The framework-free adapters service: roles (Admin writes, Service reads, Publisher 403), the body's
// shape, validateAdapter with the server's known endpoints (issues pointing into the body), the bidder code in the
// address, 201 / 200 / 404 / 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDB, type DuckDB } from '../../packages/server/src/stores/duckdb/database.js';
import { createDuckDBAdapterStore } from '../../packages/server/src/stores/duckdb/adapter-store.js';
import { createAdapterService, type AdapterService } from '../../packages/server/src/adapters/service.js';
import { ROLE } from '../../packages/server/src/auth/roles.js';
import { validateAdapter, type AdapterRecord } from '../../src/index.js';

const adapter: AdapterRecord = {
  protocol: 'rtb',
  endpoint: 'https://rtb.example-dsp.com/bid',
  fields: [{ name: 'prd.impTagId', type: 'text', display: 'Tag' }],
};

let db: DuckDB;
let service: AdapterService;
beforeAll(async () => {
  db = await openDuckDB(':memory:');
  service = createAdapterService(await createDuckDBAdapterStore(db), { knownEndpoints: ['rtb.example-dsp.com'] });
});
afterAll(() => db.close());

describe('adapters service', () => {
  it('Admin creates (201, the code added to the record), reads and replaces (200); Service reads', async () => {
    const created = await service.put(ROLE.admin, 'acme', { version: 0, adapter });
    expect(created).toMatchObject({ ok: true, status: 201, body: { bidderCode: 'acme', version: 1, adapter: { ...adapter, bidderCode: 'acme' } } });
    expect(await service.get(ROLE.service, 'acme')).toMatchObject({ ok: true, status: 200, body: { version: 1 } });
    expect(await service.put(ROLE.admin, 'acme', { version: 1, adapter: { ...adapter, bidderCode: 'acme' } })).toMatchObject({
      ok: true,
      status: 200,
      body: { version: 2 },
    });
    const list = await service.list(ROLE.service);
    expect(list.ok && (list.body as { bidderCode: string }[]).map((a) => a.bidderCode)).toEqual(['acme']);
  });

  it('Service may not write, Publisher may do nothing: 403', async () => {
    expect(await service.put(ROLE.service, 'acme', { version: 2, adapter })).toMatchObject({ ok: false, status: 403, code: 'forbidden' });
    expect(await service.delete(ROLE.service, 'acme')).toMatchObject({ status: 403 });
    for (const answer of [await service.list(ROLE.publisher), await service.get(ROLE.publisher, 'acme')]) expect(answer).toMatchObject({ status: 403 });
    expect([
      service.allows(ROLE.admin, 'write'),
      service.allows(ROLE.service, 'read'),
      service.allows(ROLE.service, 'write'),
      service.allows(ROLE.publisher, 'read'),
    ]).toEqual([true, true, false, false]);
  });

  it('answers 400 with the issues of validateAdapter, their paths into the body', async () => {
    const bad = { protocol: 'rtb', endpoint: 'https://evil.example/bid', fields: [{ name: 'zone', type: 'text', display: 'Zone' }] };
    const answer = await service.put(ROLE.admin, 'bad', { version: 0, adapter: bad });
    const expected = validateAdapter({ ...bad, bidderCode: 'bad' }, { knownEndpoints: ['rtb.example-dsp.com'] }).map((i) => `/adapter${i.path} ${i.code}`);
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.issues!.map((i) => `${i.path} ${i.code}`)).toEqual(expected);
    expect(expected).toEqual(['/adapter/endpoint unknown_endpoint', '/adapter/fields/0/name rtb_field_without_prefix']);
    expect(await service.get(ROLE.admin, 'bad')).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses a record whose pattern could freeze the server (10.7 s, then doubling per character, before the check) with 400 unsafe_pattern, storing nothing', async () => {
    const hostile = { ...adapter, fields: [{ name: 'prd.impTagId', type: 'text', display: 'Tag', pattern: '^(a+)+$', default: `${'a'.repeat(40)}!` }] };
    const answer = await service.put(ROLE.admin, 'frozen', { version: 0, adapter: hostile });
    expect(answer).toMatchObject({ ok: false, status: 400, issues: [{ code: 'unsafe_pattern', path: '/adapter/fields/0/pattern' }] });
    expect(await service.get(ROLE.admin, 'frozen')).toMatchObject({ status: 404 });
  });

  it("checks the body, the code in the address and the record's own code", async () => {
    const issuesOf = async (code: string, body: unknown) => {
      const answer = await service.put(ROLE.admin, code, body);
      return answer.ok ? [] : answer.issues?.map((i) => `${i.path} ${i.code}`);
    };
    expect(await issuesOf('a', [])).toEqual([' schema']);
    expect(await issuesOf('a', { version: -1, adapter: [], extra: 1 })).toEqual(['/extra schema', '/version schema', '/adapter schema']);
    expect(await issuesOf('a', { version: '0', adapter })).toEqual(['/version schema']);
    expect(await issuesOf('__proto__', { version: 0, adapter })).toEqual([' invalid_bidder_code']);
    expect(await issuesOf('a.b', { version: 0, adapter })).toEqual([' invalid_bidder_code']);
    expect(await issuesOf('a', { version: 0, adapter: { ...adapter, bidderCode: 'b' } })).toEqual(['/adapter/bidderCode invalid_bidder_code']);
  });

  it('a stale version is 409 version_conflict; delete is 204 then 404', async () => {
    expect(await service.put(ROLE.admin, 'acme', { version: 1, adapter })).toMatchObject({
      ok: false,
      status: 409,
      code: 'version_conflict',
      message: expect.stringContaining('version 2'),
    });
    expect(await service.put(ROLE.admin, 'acme', { version: 0, adapter })).toMatchObject({ status: 409 });
    expect(await service.delete(ROLE.admin, 'acme')).toEqual({ ok: true, status: 204 });
    expect(await service.delete(ROLE.admin, 'acme')).toMatchObject({ status: 404 });
  });
});
