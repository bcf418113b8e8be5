// The adapter stores, DuckDB and PostgreSQL (a real server started by the test, or skipped with
// the reason printed): records by bidder code with a version that grows by one per write and an updatedAt; a write
// that names a stale version changes nothing and says which version is stored; delete, whose tombstone keeps the
// bidder code's versions from being handed out twice; a table made before tombstones is migrated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDB, type DuckDB } from '../../packages/server/src/stores/duckdb/database.js';
import { createDuckDBAdapterStore } from '../../packages/server/src/stores/duckdb/adapter-store.js';
import { createPostgresAdapterStore } from '../../packages/server/src/stores/postgres/adapter-store.js';
import { ADAPTERS_MIGRATIONS } from '../../packages/server/src/stores/postgres/migrations.js';
import { migratePostgres, openPostgres } from '../../packages/server/src/stores/postgres/database.js';
import { poolOnNewSchema, startPostgres, type TestPostgres } from '../support/postgres.js';
import { VersionConflictError, type AdapterStore } from '../../packages/server/src/adapters/store.js';
import type { AdapterRecord } from '../../src/index.js';

const record: AdapterRecord = {
  protocol: 'rtb',
  endpoint: 'https://rtb.example-dsp.com/bid',
  bidderCode: 'acme',
  fields: [{ name: 'prd.impTagId', type: 'text', display: 'Tag' }],
};

const server = await startPostgres();
if ('skip' in server) console.warn(`PostgreSQL adapter store tests skipped: ${server.skip}`);
afterAll(() => ('skip' in server ? undefined : server.stop()));

type Opened = { store: AdapterStore; close(): Promise<void> };
/** The table as it was before tombstones (the first schema), holding `legacy` at version 3. */
const LEGACY_ROW = ['legacy', JSON.stringify({ ...record, bidderCode: 'legacy' }), 3] as const;

const opens: [string, boolean, () => Promise<Opened>, () => Promise<Opened>][] = [
  [
    'DuckDB',
    false,
    async () => {
      const db: DuckDB = await openDuckDB(':memory:');
      return { store: await createDuckDBAdapterStore(db), close: () => db.close() };
    },
    async () => {
      const db: DuckDB = await openDuckDB(':memory:');
      await db.withConnection(async (c) => {
        await c.run('CREATE TABLE adapters (bidder_code VARCHAR PRIMARY KEY, record VARCHAR NOT NULL, version BIGINT NOT NULL, updated_at TIMESTAMP NOT NULL)');
        await c.run('INSERT INTO adapters VALUES ($1, $2, $3, now())', [...LEGACY_ROW]);
      });
      return { store: await createDuckDBAdapterStore(db), close: () => db.close() };
    },
  ],
  [
    'PostgreSQL',
    'skip' in server,
    async () => {
      const postgres = await openPostgres((server as TestPostgres).url);
      return { store: await createPostgresAdapterStore(postgres.pool), close: postgres.close };
    },
    async () => {
      const schema = await poolOnNewSchema((server as TestPostgres).url);
      await migratePostgres(schema.pool, 'adapters', ADAPTERS_MIGRATIONS.slice(0, 2));
      await schema.pool.query('INSERT INTO adapters VALUES ($1, $2, $3, now())', [...LEGACY_ROW]);
      return { store: await createPostgresAdapterStore(schema.pool), close: schema.drop };
    },
  ],
];

describe.each(opens)('%s adapter store', (_name, skipped, open, openLegacy) => {
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
    for (const [code, version, current] of [
      ['acme', 1, 2],
      ['acme', 0, 2],
      ['nobody', 3, 0],
    ] as const) {
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

  it('deletes racing each other and a replace: exactly one says it deleted, none fails', async () => {
    for (let round = 0; round < 20; round++) {
      const code = `gone${round}`;
      await store.put(code, record, 0);
      const results = await Promise.allSettled([store.delete(code), store.delete(code), store.put(code, record, 1), store.delete(code)]);
      const [deletes, put] = [[results[0]!, results[1]!, results[3]!], results[2]!];
      expect(deletes.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason))).sort()).toEqual([false, false, true]);
      if (put.status === 'rejected') expect(put.reason).toBeInstanceOf(VersionConflictError);
      expect(await store.get(code)).toBeUndefined();
    }
  });

  it('lists by bidder code and deletes', async () => {
    await store.put('b-code', { ...record, bidderCode: 'b-code' }, 0);
    expect((await store.list()).map((a) => a.bidderCode)).toEqual(['acme', 'b-code', 'race']);
    expect(await store.delete('b-code')).toBe(true);
    expect(await store.delete('b-code')).toBe(false);
    expect((await store.list()).map((a) => a.bidderCode)).toEqual(['acme', 'race']);
  });

  it('of many creates of one new code at once, exactly one wins and every other is a version conflict', async () => {
    // DuckDB refused the losers of a create race in several ways ("Duplicate key …", "Failed to commit: PRIMARY
    // KEY or UNIQUE constraint violation"), not always as a conflict: many rounds, so a race is sure to happen.
    for (let round = 0; round < 30; round++) {
      const code = `many${round}`;
      const results = await Promise.allSettled(Array.from({ length: 16 }, () => store.put(code, { ...record, bidderCode: code }, 0)));
      const refusals = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as Error);
      expect(refusals.filter((e) => !(e instanceof VersionConflictError)).map(String)).toEqual([]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((await store.get(code))?.version).toBe(1);
    }
  });

  it('never hands out a version twice: a re-created record continues after the deleted one', async () => {
    const original = await store.put('again', { ...record, bidderCode: 'again' }, 0);
    expect(original.version).toBe(1);
    expect(await store.delete('again')).toBe(true);
    expect(await store.get('again')).toBeUndefined();
    expect((await store.list()).map((a) => a.bidderCode)).not.toContain('again');
    // Nothing to replace while it is deleted, whatever version is named.
    expect(await store.put('again', record, 1).catch((e: unknown) => e)).toMatchObject({ name: 'VersionConflictError', current: 0 });
    expect(await store.delete('again')).toBe(false);

    const recreated = { ...record, bidderCode: 'again', fields: [{ name: 'predefinedImpExt.zone', type: 'number', display: 'Zone' }] } as AdapterRecord;
    expect(await store.put('again', recreated, 0)).toMatchObject({ version: 2, adapter: recreated });
    // An editor still holding the first record's version 1 must not overwrite the new record.
    const stale = await store.put('again', original.adapter, 1).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(VersionConflictError);
    expect((stale as VersionConflictError).current).toBe(2);
    expect(await store.get('again')).toMatchObject({ version: 2, adapter: recreated });
    expect((await store.list()).find((a) => a.bidderCode === 'again')?.version).toBe(2);
    expect((await store.put('again', record, 2)).version).toBe(3);
    // Racing re-creates of a deleted code: one winner, conflicts for the rest.
    await store.delete('again');
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => store.put('again', recreated, 0)));
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof VersionConflictError)).toBe(true);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ version: number }>).value.version)).toEqual([4]);
  });

  it('migrates a table made before tombstones: its records are kept and their versions continue', async () => {
    const legacy = await openLegacy();
    try {
      expect(await legacy.store.get('legacy')).toMatchObject({ version: 3, adapter: { bidderCode: 'legacy' } });
      expect((await legacy.store.list()).map((a) => a.bidderCode)).toEqual(['legacy']);
      expect(await legacy.store.delete('legacy')).toBe(true);
      expect(await legacy.store.list()).toEqual([]);
      expect((await legacy.store.put('legacy', record, 0)).version).toBe(4);
    } finally {
      await legacy.close();
    }
  });

  it('keeps hostile text as it was written', async () => {
    const hostile = {
      ...record,
      bidderCode: 'x',
      fields: [{ name: 'prd.impTagId', type: 'text', display: "<img src=x onerror=alert(1)>'); DROP TABLE adapters; --" }],
    } as AdapterRecord;
    await store.put('x', hostile, 0);
    expect((await store.get('x'))?.adapter).toEqual(hostile);
  });
});
