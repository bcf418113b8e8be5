// Sign-in failures counted per client address and per (address, e-mail), as real services count
// them. Before, failures were counted per e-mail only: anyone who knew an e-mail could keep its owner out (five
// wrong passwords from anywhere locked the account, ~10 requests per half hour kept it locked), and one address
// could try 15 different e-mails without ever being slowed (password spraying). The same cases run on the
// in-memory throttles and on the PostgreSQL ones API servers share, with the same answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientBucket } from '../../packages/server/src/auth/client-address.js';
import { hashPassword } from '../../packages/server/src/auth/password.js';
import { ROLE } from '../../packages/server/src/auth/roles.js';
import { ACCOUNT_THROTTLE, ADDRESS_THROTTLE, createSignIn, type SignInService } from '../../packages/server/src/auth/signin.js';
import { createThrottle, type AsyncSignInThrottle, type SignInThrottle } from '../../packages/server/src/auth/throttle.js';
import { createTokenService } from '../../packages/server/src/auth/token.js';
import { openDuckDB, type DuckDB } from '../../packages/server/src/stores/duckdb/database.js';
import { createDuckDBUserStore } from '../../packages/server/src/stores/duckdb/user-store.js';
import { createPostgresThrottle } from '../../packages/server/src/stores/postgres/throttle.js';
import { poolOnNewSchema, postgresSkipReason, startPostgres, type TestPostgres } from '../support/postgres.js';

const cost = { N: 1024, r: 8, p: 1 };
const tokens = createTokenService({ secret: 't'.repeat(32) });
type Throttles = { throttle: SignInThrottle | AsyncSignInThrottle; addressThrottle: SignInThrottle | AsyncSignInThrottle };

let db: DuckDB;
let service: (throttles: Throttles) => SignInService;
beforeAll(async () => {
  db = await openDuckDB(':memory:');
  const users = await createDuckDBUserStore(db);
  await users.add({ email: 'owner@example.com', name: 'Owner', accountID: 1, role: ROLE.admin, passwordHash: await hashPassword('owner-password', cost) });
  service = (throttles) => createSignIn({ users, tokens, cost, ...throttles });
});
afterAll(() => db.close());

function throttleSuite(name: string, open: () => Promise<Throttles & { close(): Promise<void> }>) {
  describe(`sign-in throttle per address and per (address, e-mail) on ${name}`, () => {
    let signIn: SignInService['signIn'];
    let close: () => Promise<void>;
    beforeAll(async () => {
      const opened = await open();
      close = opened.close;
      signIn = service(opened).signIn;
    });
    afterAll(() => close?.());
    const owner = (password: string, address: string) => signIn({ email: 'owner@example.com', password }, { address });

    it('a stranger guessing at an e-mail locks out only himself: the owner signs in from his own address', async () => {
      const stranger = [];
      for (let i = 0; i < 12; i++) stranger.push(await owner(`guess-${i}`, '203.0.113.9'));
      expect(stranger.slice(0, 5).map((o) => !o.ok && o.status)).toEqual([401, 401, 401, 401, 401]);
      expect(stranger.slice(5).every((o) => !o.ok && o.status === 429 && o.retryAfter >= 1)).toBe(true);
      expect(await owner('owner-password', '198.51.100.7')).toMatchObject({ ok: true, user: { email: 'owner@example.com' } });
      // The stranger stays locked out, even with the right password.
      expect(await owner('owner-password', '203.0.113.9')).toMatchObject({ ok: false, status: 429 });
    });

    it('one address cannot spray: after 10 failures over any e-mails it is refused, other addresses are not', async () => {
      const outcomes = [];
      for (let i = 0; i < 15; i++) outcomes.push(await signIn({ email: `victim-${i}@example.com`, password: 'Summer2024!' }, { address: '192.0.2.50' }));
      expect(outcomes.filter((o) => !o.ok && o.status === 401)).toHaveLength(ADDRESS_THROTTLE.maxFailures);
      expect(outcomes.slice(ADDRESS_THROTTLE.maxFailures).every((o) => !o.ok && o.status === 429 && o.retryAfter === ADDRESS_THROTTLE.lockSeconds)).toBe(true);
      // The owner, elsewhere, is untouched; the sprayer's own good password does not open the lock.
      expect((await owner('owner-password', '192.0.2.51')).ok).toBe(true);
      expect(await owner('owner-password', '192.0.2.50')).toMatchObject({ ok: false, status: 429 });
    });

    it('an IPv6 /64 counts as one address, and an IPv4-mapped address as its IPv4 address', async () => {
      for (let i = 0; i < ADDRESS_THROTTLE.maxFailures; i++)
        await signIn({ email: `v6-${i}@example.com`, password: 'x' }, { address: `2001:db8:5:6::${(i + 1).toString(16)}` });
      expect(await signIn({ email: 'other@example.com', password: 'x' }, { address: '2001:db8:5:6:ffff:1:2:3' })).toMatchObject({ ok: false, status: 429 });
      expect((await owner('owner-password', '2001:db8:5:7::1')).ok).toBe(true);
      for (let i = 0; i < ADDRESS_THROTTLE.maxFailures; i++) await signIn({ email: `v4-${i}@example.com`, password: 'x' }, { address: '::ffff:198.51.100.99' });
      expect(await signIn({ email: 'other@example.com', password: 'x' }, { address: '198.51.100.99' })).toMatchObject({ ok: false, status: 429 });
    });
  });
}

throttleSuite('memory', async () => ({ throttle: createThrottle(ACCOUNT_THROTTLE), addressThrottle: createThrottle(ADDRESS_THROTTLE), close: async () => {} }));

const skipReason = postgresSkipReason();
if (skipReason) console.log(`sign-in throttle on PostgreSQL skipped: ${skipReason}`);
else {
  let postgres: TestPostgres | { skip: string } = { skip: 'not started' };
  beforeAll(async () => void (postgres = await startPostgres()), 60_000);
  afterAll(() => {
    if (!('skip' in postgres)) postgres.stop();
  });
  throttleSuite('PostgreSQL', async () => {
    const { pool, drop } = await poolOnNewSchema((postgres as TestPostgres).url);
    return {
      throttle: await createPostgresThrottle(pool, ACCOUNT_THROTTLE),
      addressThrottle: await createPostgresThrottle(pool, ADDRESS_THROTTLE),
      close: drop,
    };
  });
}

describe('client buckets', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:c000:207', '0:0:0:0::/64'],
  ])('%s → %s', (address, bucket) => expect(clientBucket(address)).toBe(bucket));
});
