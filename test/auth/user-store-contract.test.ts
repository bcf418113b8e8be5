// One contract for every user store: the embedded DuckDB store and the PostgreSQL store that API servers
// share when they scale out, on a real PostgreSQL (test/support/postgres.ts; skipped with the reason printed when
// the machine has none). E-mails compared case-insensitively, taken e-mails refused by the database itself (also
// when two adds race), times kept to the millisecond, deleted users kept as such; and for PostgreSQL, a schema made
// once under a lock with its version recorded, shared by a second instance, and refused when newer than the code.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../packages/server/src/auth/password.js';
import { createPostgresUserStore } from '../../packages/server/src/stores/postgres/user-store.js';
import { USERS_MIGRATIONS as POSTGRES_USERS_MIGRATIONS, USERS_SCHEMA_VERSION } from '../../packages/server/src/stores/postgres/migrations.js';
import { migratePostgres, openPostgres } from '../../packages/server/src/stores/postgres/database.js';
import { migrateDuckDB, USERS_MIGRATIONS as DUCKDB_USERS_MIGRATIONS } from '../../packages/server/src/stores/duckdb/migrations.js';
import { ROLE, STATUS } from '../../packages/server/src/auth/roles.js';
import { createSignIn } from '../../packages/server/src/auth/signin.js';
import { createThrottle } from '../../packages/server/src/auth/throttle.js';
import { createTokenService } from '../../packages/server/src/auth/token.js';
import { DuplicateEmailError, type UserStore } from '../../packages/server/src/auth/user-store.js';
import { createDuckDBUserStore } from '../../packages/server/src/stores/duckdb/user-store.js';
import { openDuckDB } from '../../packages/server/src/stores/duckdb/database.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';

const cost = { N: 1024, r: 8, p: 1 };
let postgres: TestPostgres | { skip: string };
beforeAll(async () => {
  postgres = await startPostgres();
  if ('skip' in postgres) console.warn(`PostgreSQL user store tests skipped: ${postgres.skip}`);
}, 60_000);
afterAll(() => {
  if (!('skip' in postgres)) postgres.stop();
});

/** A fresh database per store so the cases do not see each other's users. */
let databases = 0;
async function freshPostgres(): Promise<{ store: UserStore; url: string; close(): Promise<void> }> {
  const base = postgres as TestPostgres;
  const name = `users_${process.pid}_${++databases}`;
  const admin = new pg.Client({ connectionString: base.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = base.url.replace(/\/[^/]*$/, `/${name}`);
  const opened = await openPostgres(url);
  return { store: await createPostgresUserStore(opened.pool), url, close: opened.close };
}

const stores: [string, () => Promise<{ store: UserStore; close(): Promise<void> }>][] = [
  [
    'DuckDB',
    async () => {
      const db = await openDuckDB(':memory:');
      return { store: await createDuckDBUserStore(db), close: () => db.close() };
    },
  ],
  ['PostgreSQL', freshPostgres],
];

/**
 * The cases of a describe block run on one store of `name`, opened before them and closed after; each case is
 * skipped (the reason printed once) where the store's engine is missing, and gets the store.
 */
function storeCases(name: string, open: () => Promise<{ store: UserStore; close(): Promise<void> }>) {
  const skip = () => name === 'PostgreSQL' && 'skip' in postgres;
  let opened: { store: UserStore; close(): Promise<void> } | undefined;
  beforeAll(async () => {
    if (!skip()) opened = await open();
  });
  afterAll(async () => {
    await opened?.close();
  });
  return (title: string, body: (store: UserStore) => Promise<void>) => it(title, async (ctx) => (skip() ? ctx.skip() : body(opened!.store)));
}

describe.each(stores)('user store contract: %s', (name, open) => {
  const contract = storeCases(name, open);

  contract('adds a user and finds it by e-mail in any case, with its fields and millisecond times', async (store) => {
    const before = Date.now();
    const added = await store.add({ email: ' Ada@Example.COM', name: 'Ada', accountID: 4, role: ROLE.admin, passwordHash: 'scrypt$x' });
    expect(added).toMatchObject({
      accountID: 4,
      name: 'Ada',
      email: 'ada@example.com',
      status: STATUS.active,
      role: ROLE.admin,
      passwordHash: 'scrypt$x',
      deletedAt: null,
    });
    expect(added.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(added.updatedAt.getTime()).toBe(added.createdAt.getTime());
    expect(await store.findByEmail('ADA@example.com')).toEqual(added);
    expect(await store.findByEmail('nobody@example.com')).toBeUndefined();
  });

  contract('refuses a taken e-mail, also when two adds race', async (store) => {
    const user = { name: 'B', accountID: 1, role: ROLE.service, passwordHash: 'h' };
    await store.add({ ...user, email: 'b@example.com' });
    await expect(store.add({ ...user, email: 'B@EXAMPLE.com' })).rejects.toBeInstanceOf(DuplicateEmailError);
    const race = await Promise.allSettled(Array.from({ length: 8 }, () => store.add({ ...user, email: 'race@example.com' })));
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of race.filter((x) => x.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEmailError);
  });

  contract('keeps an inactive and a deleted user as such', async (store) => {
    const deletedAt = new Date('2024-03-04T05:06:07.089Z');
    await store.add({ email: 'gone@example.com', name: 'G', accountID: 1, role: ROLE.publisher, passwordHash: 'h', status: STATUS.inactive, deletedAt });
    expect(await store.findByEmail('gone@example.com')).toMatchObject({ status: STATUS.inactive, deletedAt });
  });

  contract('serves sign-in: a token for the right password, the one 401 otherwise', async (store) => {
    await store.add({ email: 'signin@example.com', name: 'S', accountID: 2, role: ROLE.service, passwordHash: await hashPassword('right-password', cost) });
    const tokens = createTokenService({ secret: 'x'.repeat(32) });
    const service = createSignIn({ users: store, tokens, throttle: createThrottle(), cost });
    const ok = await service.signIn({ email: 'SIGNIN@example.com', password: 'right-password' });
    expect(ok).toMatchObject({ ok: true, user: { email: 'signin@example.com', role: ROLE.service, accountID: 2 } });
    expect(await service.signIn({ email: 'signin@example.com', password: 'wrong-password' })).toEqual({ ok: false, status: 401 });
  });
});

describe.each(stores)('user changes and token versions: %s', (name, open) => {
  const contract = storeCases(name, open);

  contract('finds a user by id and lists users by id, hashes and all (the CLI leaves the hashes out)', async (store) => {
    const a = await store.add({ email: 'one@example.com', name: 'One', accountID: 1, role: ROLE.admin, passwordHash: 'h1' });
    const b = await store.add({ email: 'two@example.com', name: 'Two', accountID: 1, role: ROLE.service, passwordHash: 'h2' });
    expect(a.tokenVersion).toBe(0);
    expect(await store.findById(b.id)).toEqual(b);
    expect(await store.findById(987_654)).toBeUndefined();
    expect((await store.list()).map((u) => u.email)).toEqual(['one@example.com', 'two@example.com']);
  });

  contract('every change raises the token version, in the one statement that makes it; unknown users are undefined', async (store) => {
    const added = await store.add({ email: 'change@example.com', name: 'C', accountID: 1, role: ROLE.admin, passwordHash: 'old' });
    const off = await store.update('CHANGE@example.com', { status: STATUS.inactive });
    expect(off).toMatchObject({ status: STATUS.inactive, role: ROLE.admin, passwordHash: 'old', tokenVersion: 1, deletedAt: null });
    expect(off!.updatedAt.getTime()).toBeGreaterThanOrEqual(added.updatedAt.getTime());
    expect(await store.update('change@example.com', { status: STATUS.active, role: ROLE.publisher })).toMatchObject({
      status: STATUS.active,
      role: ROLE.publisher,
      tokenVersion: 2,
    });
    expect(await store.update('change@example.com', { passwordHash: 'new' })).toMatchObject({ passwordHash: 'new', role: ROLE.publisher, tokenVersion: 3 });
    expect(await store.revokeTokens(added.id)).toBe(true);
    expect(await store.findById(added.id)).toMatchObject({ tokenVersion: 4 });
    const deleted = await store.update('change@example.com', { deleted: true });
    expect(deleted).toMatchObject({ tokenVersion: 5, deletedAt: expect.any(Date) });
    // Deleting again keeps the first deletion's time.
    expect((await store.update('change@example.com', { deleted: true }))!.deletedAt).toEqual(deleted!.deletedAt);
    // Sign-outs racing for one user all count (DuckDB's store runs them one after another).
    const before = (await store.findById(added.id))!.tokenVersion;
    expect(await Promise.all(Array.from({ length: 6 }, () => store.revokeTokens(added.id)))).toEqual(Array(6).fill(true));
    expect((await store.findById(added.id))!.tokenVersion).toBe(before + 6);
    expect(await store.update('nobody@example.com', { status: STATUS.inactive })).toBeUndefined();
    expect(await store.revokeTokens(987_654)).toBe(false);
  });
});

describe('users table from before token versions', () => {
  it('DuckDB: a folder made with schema 1 gains the versions table, its users at version 0', async () => {
    const db = await openDuckDB(':memory:');
    await migrateDuckDB(db, 'users', DUCKDB_USERS_MIGRATIONS.slice(0, 2));
    await db.withConnection((c) =>
      c.run(`INSERT INTO users (account_id, name, email, status, role, password_hash, created_at, updated_at)
      VALUES (1, 'Old', 'old@example.com', 1, 1, 'h', now()::TIMESTAMP, now()::TIMESTAMP)`),
    );
    const store = await createDuckDBUserStore(db);
    expect(await store.findByEmail('old@example.com')).toMatchObject({ tokenVersion: 0 });
    expect(await store.update('old@example.com', { role: ROLE.service })).toMatchObject({ tokenVersion: 1, role: ROLE.service });
    await db.close();
  });

  it('PostgreSQL: a schema at version 2 is migrated, its users at version 0', async (ctx) => {
    if ('skip' in postgres) return ctx.skip();
    const fresh = await freshPostgres();
    const pool = await openPostgres(fresh.url);
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    await client.query('DROP TABLE users; DROP TABLE bidfields_schema');
    await client.end();
    await migratePostgres(pool.pool, 'users', POSTGRES_USERS_MIGRATIONS.slice(0, 3));
    await pool.pool.query(
      `INSERT INTO users (account_id, name, email, status, role, password_hash, created_at, updated_at) VALUES (1, 'Old', 'old@example.com', 1, 1, 'h', now(), now())`,
    );
    const store = await createPostgresUserStore(pool.pool);
    expect(await store.findByEmail('old@example.com')).toMatchObject({ tokenVersion: 0 });
    expect(await store.update('old@example.com', { role: ROLE.service })).toMatchObject({ tokenVersion: 1, role: ROLE.service });
    await Promise.all([pool.close(), fresh.close()]);
  });
});

describe('PostgreSQL user store schema', () => {
  it('is made once, under a lock, with its version recorded; a second instance shares the users', async (ctx) => {
    if ('skip' in postgres) return ctx.skip();
    const first = await freshPostgres();
    const pools = await Promise.all([openPostgres(first.url), openPostgres(first.url)]);
    const others = await Promise.all(pools.map((p) => createPostgresUserStore(p.pool)));
    await first.store.add({ email: 'shared@example.com', name: 'S', accountID: 1, role: ROLE.admin, passwordHash: 'h' });
    for (const other of others) expect(await other.findByEmail('shared@example.com')).toMatchObject({ name: 'S' });
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    expect((await client.query(`SELECT version FROM bidfields_schema WHERE component = 'users'`)).rows).toEqual([{ version: USERS_SCHEMA_VERSION }]);
    await client.query(`UPDATE bidfields_schema SET version = 99 WHERE component = 'users'`);
    await client.end();
    await expect(createPostgresUserStore(pools[0]!.pool)).rejects.toThrow(/users schema is at version 99, newer than this bidfields/);
    await Promise.all([first.close(), ...pools.map((p) => p.close())]);
  });
});
