// The bound on password checks at once: at most maxInFlight run, maxWaiting wait in order, the
// rest are refused without running; a slot is freed whether the work resolves or throws. A sign-in the gate turns
// away is answered 503 and counts neither as a failure nor toward the throttle.
import { describe, expect, it } from 'vitest';
import { createHashGate } from '../../packages/server/src/auth/hash-gate.js';
import { hashPassword } from '../../packages/server/src/auth/password.js';
import { createSignIn } from '../../packages/server/src/auth/signin.js';
import { createThrottle } from '../../packages/server/src/auth/throttle.js';
import { createTokenService } from '../../packages/server/src/auth/token.js';
import { openDuckDB } from '../../packages/server/src/stores/duckdb/database.js';
import { createDuckDBUserStore } from '../../packages/server/src/stores/duckdb/user-store.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('hash gate', () => {
  it('runs at most maxInFlight, queues maxWaiting in order, refuses the rest; a throw frees the slot', async () => {
    const gate = createHashGate({ maxInFlight: 2, maxWaiting: 1 });
    const order: number[] = [];
    const holds = [deferred(), deferred(), deferred()];
    const runs = holds.map((hold, i) => gate.run(async () => (order.push(i), await hold.promise, i)));
    expect(await gate.run(async () => 'never')).toEqual({ ok: false });
    expect(gate.stats()).toEqual({ running: 2, waiting: 1, peak: 2, arrived: 4, refused: 1 });
    holds[0]!.resolve();
    expect(await runs[0]).toEqual({ ok: true, value: 0 });
    holds[1]!.resolve();
    holds[2]!.resolve();
    expect(await Promise.all(runs.slice(1))).toEqual([
      { ok: true, value: 1 },
      { ok: true, value: 2 },
    ]);
    expect(order).toEqual([0, 1, 2]);
    await expect(
      gate.run(async () => {
        throw new Error('store down');
      }),
    ).rejects.toThrow('store down');
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0, peak: 2 });
  });

  it('a sign-in turned away is 503 with Retry-After and costs the throttle nothing', async () => {
    const db = await openDuckDB(':memory:');
    const users = await createDuckDBUserStore(db);
    const cost = { N: 1024, r: 8, p: 1 };
    await users.add({ email: 'a@example.com', name: 'A', accountID: 1, role: 1, passwordHash: await hashPassword('right-password', cost) });
    const throttle = createThrottle({ maxFailures: 2, lockSeconds: 30 });
    const service = createSignIn({
      users,
      tokens: createTokenService({ secret: 'g'.repeat(32) }),
      throttle,
      cost,
      hashGate: createHashGate({ maxInFlight: 1, maxWaiting: 0 }),
    });
    const outcomes = await Promise.all([1, 2, 3].map((i) => service.signIn({ email: 'a@example.com', password: `wrong-${i}` }, { address: `192.0.2.${i}` })));
    expect(outcomes.map((o) => !o.ok && o.status).sort()).toEqual([401, 503, 503]);
    expect(outcomes.filter((o) => !o.ok && o.status === 503)).toEqual([
      { ok: false, status: 503, retryAfter: 1 },
      { ok: false, status: 503, retryAfter: 1 },
    ]);
    // Only the checked attempt counted, so each of these clients may still try (none is locked).
    for (const i of [1, 2, 3]) expect(throttle.retryAfter(`192.0.2.${i}\na@example.com`)).toBe(0);
    expect((await service.signIn({ email: 'a@example.com', password: 'right-password' }, { address: '192.0.2.2' })).ok).toBe(true);
    await db.close();
  });
});
