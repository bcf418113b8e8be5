// The PostgreSQL user store and throttle on a real server (started by this file; also DATABASE_URL's when set):
// the schema is created once and versioned, the database enforces the unique e-mail even for adds racing from
// two servers, and the throttle's failure counts are shared, so guesses spread over instances count together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../packages/server/src/auth/password.js';
import { createPostgresThrottle } from '../../packages/server/src/stores/postgres/throttle.js';
import { createPostgresUserStore } from '../../packages/server/src/stores/postgres/user-store.js';
import { USERS_SCHEMA_VERSION } from '../../packages/server/src/stores/postgres/migrations.js';
import { ROLE } from '../../packages/server/src/auth/roles.js';
import { createSignIn } from '../../packages/server/src/auth/signin.js';
import { createTokenService } from '../../packages/server/src/auth/token.js';
import { DuplicateEmailError } from '../../packages/server/src/auth/user-store.js';
import { poolOnNewSchema, postgresSkipReason, startPostgres, type TestPostgres } from '../support/postgres.js';

function postgresSuite(name: string, url: () => string) {
  describe.skipIf(postgresSkipReason())(`PostgreSQL stores on ${name}`, () => {
    let schema: Awaited<ReturnType<typeof poolOnNewSchema>>;
    let other: Awaited<ReturnType<typeof poolOnNewSchema>>['pool'];
    beforeAll(async () => {
      schema = await poolOnNewSchema(url());
      // A second pool on the same schema: another API server.
      const searchPath = (await schema.pool.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
      other = new (schema.pool.constructor as typeof import('pg').Pool)({ connectionString: url(), options: `-c search_path=${searchPath}` });
    });
    afterAll(async () => {
      await other?.end();
      await schema?.drop();
    });

    it('creates the schema once, with its version, even when servers start together', async () => {
      await Promise.all([createPostgresUserStore(schema.pool), createPostgresUserStore(other), createPostgresThrottle(other)]);
      const { rows } = await schema.pool.query('SELECT component, version FROM bidfields_schema ORDER BY component');
      expect(rows).toEqual([
        { component: 'signin_throttle', version: 1 },
        { component: 'users', version: USERS_SCHEMA_VERSION },
      ]);
    });

    it('enforces the unique e-mail in the database, across servers', async () => {
      const [a, b] = await Promise.all([createPostgresUserStore(schema.pool), createPostgresUserStore(other)]);
      const user = { name: 'R', accountID: 1, role: ROLE.admin, passwordHash: 'x' };
      const outcomes = await Promise.allSettled([a.add({ ...user, email: 'race@example.com' }), b.add({ ...user, email: ' RACE@example.com' })]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: expect.any(DuplicateEmailError) });
      await expect(
        schema.pool.query(
          "INSERT INTO users (account_id, name, email, status, role, password_hash, created_at, updated_at) VALUES (1, 'x', 'Race@Example.com ', 1, 1, 'x', now(), now())",
        ),
      ).rejects.toMatchObject({ code: '23505' });
      expect(await b.findByEmail('Race@example.com')).toMatchObject({ email: 'race@example.com', name: 'R', deletedAt: null });
    });

    it('shares the throttle: failures on one server lock the address on another', async () => {
      let t = 1_000_000;
      const options = { maxFailures: 3, lockSeconds: 10, now: () => t };
      const [one, two] = await Promise.all([createPostgresThrottle(schema.pool, options), createPostgresThrottle(other, options)]);
      await one.fail('a@example.com');
      await two.fail('a@example.com');
      expect(await one.retryAfter('a@example.com')).toBe(0);
      expect([await one.begin('a@example.com'), await two.begin('a@example.com')]).toEqual([0, 1]); // one in flight
      await one.fail('a@example.com');
      expect(await two.retryAfter('a@example.com')).toBe(10);
      expect(await two.begin('a@example.com')).toBe(10);
      t += 11_000;
      expect(await two.begin('a@example.com')).toBe(0);
      await one.fail('a@example.com');
      expect(await two.retryAfter('a@example.com')).toBe(20);
      await two.succeed('a@example.com');
      expect(await one.retryAfter('a@example.com')).toBe(0);
    });

    it('sign-in on two servers: guesses sent to both at once get no more tries than one by one', async () => {
      const cost = { N: 4096, r: 8, p: 1 };
      const tokens = createTokenService({ secret: 'y'.repeat(32) });
      const users = await createPostgresUserStore(schema.pool);
      await users.add({ email: 'shared@example.com', name: 'S', accountID: 2, role: ROLE.admin, passwordHash: await hashPassword('right', cost) });
      const options = { maxFailures: 3, lockSeconds: 30 };
      const servers = await Promise.all(
        [schema.pool, other].map(async (pool) =>
          createSignIn({ users: await createPostgresUserStore(pool), tokens, throttle: await createPostgresThrottle(pool, options), cost }),
        ),
      );
      const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => servers[i % 2]!.signIn({ email: 'shared@example.com', password: `guess-${i}` })));
      expect(outcomes.filter((o) => !o.ok && o.status === 401)).toHaveLength(3);
      expect(outcomes.filter((o) => !o.ok && o.status === 429)).toHaveLength(7);
      expect(await servers[1]!.signIn({ email: 'shared@example.com', password: 'right' })).toEqual({ ok: false, status: 429, retryAfter: 30 });
    });
  });
}

let postgres: TestPostgres | { skip: string } = { skip: 'not started' };
beforeAll(async () => {
  postgres = await startPostgres();
  if ('skip' in postgres) console.warn(`PostgreSQL stores skipped: ${postgres.skip}`);
}, 60_000);
afterAll(() => {
  if (!('skip' in postgres)) postgres.stop();
});
// startPostgres uses DATABASE_URL's server when it is set, else a throwaway local one.
postgresSuite(process.env.DATABASE_URL ? `server ${new URL(process.env.DATABASE_URL).host}` : 'a local server', () => (postgres as TestPostgres).url);
