// The per-request token check: a token is honoured only while its user is active, not deleted,
// with the token's role and token version. The user's state is cached for at most `cacheMs` (one look-up per user
// per period, concurrent look-ups sharing one query), and sign-out through this process forgets it at once. The
// clock is the test's own, so nothing here waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, STATUS } from '../../packages/server/src/auth/roles.js';
import { createSessions } from '../../packages/server/src/auth/sessions.js';
import { createTokenService } from '../../packages/server/src/auth/token.js';
import type { UserStore } from '../../packages/server/src/auth/user-store.js';
import { openDuckDB, type DuckDB } from '../../packages/server/src/stores/duckdb/database.js';
import { createDuckDBUserStore } from '../../packages/server/src/stores/duckdb/user-store.js';

const tokens = createTokenService({ secret: 's'.repeat(32) });
let db: DuckDB;
let users: UserStore;
let lookUps = 0;
beforeAll(async () => {
  db = await openDuckDB(':memory:');
  const store = await createDuckDBUserStore(db);
  users = { ...store, findById: (id) => (lookUps++, store.findById(id)) };
});
afterAll(() => db.close());

describe('sessions', () => {
  it('refuses a token once its user is deactivated, demoted, deleted or re-passworded, after at most the cache period', async () => {
    let t = 0;
    const sessions = createSessions(tokens, users, { cacheMs: 2000, now: () => t });
    const user = await users.add({ email: 'ada@example.com', name: 'Ada', accountID: 1, role: ROLE.admin, passwordHash: 'h' });
    const token = await tokens.sign({ userID: user.id, accountID: 1, role: ROLE.admin, version: user.tokenVersion });
    expect(await sessions.verify(token)).toMatchObject({ ok: true, claims: { userID: user.id, role: ROLE.admin } });

    await users.update('ada@example.com', { status: STATUS.inactive });
    t += 1999; // still cached: a change made elsewhere is seen when the entry ends
    expect((await sessions.verify(token)).ok).toBe(true);
    t += 1;
    expect(await sessions.verify(token)).toEqual({ ok: false, reason: 'revoked' });

    // Active again, the old token stays ended (its version is behind); a new one works until the next change.
    const active = (await users.update('ada@example.com', { status: STATUS.active }))!;
    const fresh = await tokens.sign({ userID: user.id, accountID: 1, role: ROLE.admin, version: active.tokenVersion });
    t += 2000;
    expect(await sessions.verify(token)).toEqual({ ok: false, reason: 'revoked' });
    expect((await sessions.verify(fresh)).ok).toBe(true);
    for (const change of [{ role: ROLE.publisher }, { passwordHash: 'other' }, { deleted: true }] as const) {
      const now = (await users.update('ada@example.com', change))!;
      const before = await tokens.sign({ userID: user.id, accountID: 1, role: now.role, version: now.tokenVersion - 1 });
      t += 2000;
      expect(await sessions.verify(before), JSON.stringify(change)).toEqual({ ok: false, reason: 'revoked' });
    }
  });

  it("a demoted admin is refused even when the version were to match: the role must be the token's", async () => {
    const sessions = createSessions(tokens, users, { cacheMs: 0 });
    const user = await users.add({ email: 'role@example.com', name: 'R', accountID: 1, role: ROLE.publisher, passwordHash: 'h' });
    const claimsAdmin = await tokens.sign({ userID: user.id, accountID: 1, role: ROLE.admin, version: user.tokenVersion });
    expect(await sessions.verify(claimsAdmin)).toEqual({ ok: false, reason: 'revoked' });
    expect(await sessions.verify(await tokens.sign({ userID: 424_242, accountID: 1, role: ROLE.admin }))).toEqual({ ok: false, reason: 'revoked' });
  });

  it('looks a user up once per cache period, concurrent requests sharing the query; sign-out forgets at once', async () => {
    let t = 0;
    const sessions = createSessions(tokens, users, { cacheMs: 2000, now: () => t });
    const user = await users.add({ email: 'busy@example.com', name: 'B', accountID: 1, role: ROLE.service, passwordHash: 'h' });
    const token = await tokens.sign({ userID: user.id, accountID: 1, role: ROLE.service, version: 0 });
    lookUps = 0;
    const checks = await Promise.all(Array.from({ length: 50 }, () => sessions.verify(token)));
    expect(checks.every((c) => c.ok)).toBe(true);
    expect(lookUps).toBe(1);
    t += 2000;
    await sessions.verify(token);
    expect(lookUps).toBe(2);
    const check = await sessions.verify(token);
    await sessions.signOut((check as { claims: Parameters<typeof sessions.signOut>[0] }).claims);
    expect(await sessions.verify(token)).toEqual({ ok: false, reason: 'revoked' }); // same instant: not from the cache
  });

  it('honours at once a token newer than the cached state (signed in on another server after a change)', async () => {
    const t = 0;
    const sessions = createSessions(tokens, users, { cacheMs: 2000, now: () => t });
    const user = await users.add({ email: 'again@example.com', name: 'A', accountID: 1, role: ROLE.admin, passwordHash: 'h' });
    await users.update('again@example.com', { status: STATUS.inactive });
    const old = await tokens.sign({ userID: user.id, accountID: 1, role: ROLE.admin, version: 0 });
    expect(await sessions.verify(old)).toEqual({ ok: false, reason: 'revoked' }); // caches the inactive state
    const active = (await users.update('again@example.com', { status: STATUS.active }))!;
    const fresh = await tokens.sign({ userID: user.id, accountID: 1, role: ROLE.admin, version: active.tokenVersion });
    expect((await sessions.verify(fresh)).ok).toBe(true);
    expect(await sessions.verify(old)).toEqual({ ok: false, reason: 'revoked' });
  });
});
