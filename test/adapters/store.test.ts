// The adapter stores (issues 14 and 13), DuckDB and PostgreSQL (a real server started by the test, or skipped with
// the reason printed): records by bidder code with a version that grows by one per write and an updatedAt; a write
// that names a stale version changes nothing and says which version is stored; delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDB, type DuckDB } from '../../src/reports/duckdb/database.js';
import { createDuckDBAdapterStore } from '../../src/adapters/duckdb-store.js';
import { createPostgresAdapterStore } from '../../src/adapters/postgres-store.js';
import { openPostgres } from '../../src/postgres/database.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';
import { VersionConflictError, type AdapterStore } from '../../src/adapters/store.js';
import type { AdapterRecord } from '../../src/index.js';

const record: AdapterRecord = { protocol: 'rtb', endpoint: 'https://rtb.example-dsp.com/bid', bidderCode: 'acme', fields: [{ name: 'prd.impTagId', type: 'text', display: 'Tag' }] };

const server = await startPostgres();
if ('skip' in server) console.warn(`PostgreSQL adapter store tests skipped: ${server.skip}`);
afterAll(() => ('skip' in server ? undefined : server.stop()));

const opens: [string, boolean, () => Promise<{ store: AdapterStore; close(): Promise<void> }>][] = [
  ['DuckDB', false, async () => {
    const db: DuckDB = await openDuckDB(':memory:');
    return { store: await createDuckDBAdapterStore(db), close: () => db.close() };
  }],
  ['PostgreSQL', 'skip' in server, async () => {
    const postgres = await openPostgres((server as TestPostgres).url);
    return { store: await createPostgresAdapterStore(postgres.pool), close: postgres.close };
  }],
];

describe.each(opens)('%s adapter store', (_name, skipped, open) => {
  if (skipped) return void it.skip('needs PostgreSQL');
  let store: AdapterStore;
  let close = async () => {};
  beforeAll(async () => void ({ store, close } = await open()));
  afterAll(() => close());

  it('creates with version 0, then replaces only the stored version', async () => {
    const before = Date.now();
    const created = await store.put('acme', record, 0);
    expect(created).toMatchObject({ bidderCode: 'acme', version: 1, adapter: record });
    expect(Date.parse(created.updatedAt)).toBeGreaterThanOrEqual(before - 1);
    expect(created.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const changed = { ...record, fields: [...record.fields, { name: 'predefinedImpExt.zone', type: 'number', display: 'Zone' } as const] };
    const replaced = await store.put('acme', changed, 1);
    expect(replaced).toMatchObject({ version: 2, adapter: changed });
    expect(await store.get('acme')).toEqual(replaced);
  });

  it('refuses a stale write, a second create and a replace of nothing, changing nothing', async () => {
    const stored = await store.get('acme');
    for (const [code, version, current] of [['acme', 1, 2], ['acme', 0, 2], ['nobody', 3, 0]] as const) {
      const error = await store.put(code, record, version).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VersionConflictError);
      expect((error as VersionConflictError).current).toBe(current);
    }
    expect(await store.get('acme')).toEqual(stored);
    expect(await store.get('nobody')).toBeUndefined();
  });

  it('of two writes naming the same version, one wins', async () => {
    await store.put('race', record, 0);
    const results = await Promise.allSettled([store.put('race', record, 1), store.put('race', record, 1), store.put('race', record, 1)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof VersionConflictError)).toBe(true);
    expect((await store.get('race'))?.version).toBe(2);
  });

  it('lists by bidder code and deletes', async () => {
    await store.put('b-code', { ...record, bidderCode: 'b-code' }, 0);
    expect((await store.list()).map((a) => a.bidderCode)).toEqual(['acme', 'b-code', 'race']);
    expect(await store.delete('b-code')).toBe(true);
    expect(await store.delete('b-code')).toBe(false);
    expect((await store.list()).map((a) => a.bidderCode)).toEqual(['acme', 'race']);
  });

  it('keeps hostile text as it was written', async () => {
    const hostile = { ...record, bidderCode: 'x', fields: [{ name: 'prd.impTagId', type: 'text', display: "<img src=x onerror=alert(1)>'); DROP TABLE adapters; --" }] } as AdapterRecord;
    await store.put('x', hostile, 0);
    expect((await store.get('x'))?.adapter).toEqual(hostile);
  });
});
