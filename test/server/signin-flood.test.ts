// A flood of sign-ins cannot starve the other routes. scrypt runs on libuv's 4-thread pool,
// which DuckDB's queries and the token check's HMAC also wait on; before the fix 12 concurrent sign-ins with
// unknown e-mails took `GET /api/adapters/` from 179 ms to 10.8 s. Now at most `maxInFlight` password checks run
// at once, `maxWaiting` more wait, and the rest are answered 503 `busy` with Retry-After at once.
//
// Nothing here is timed against a constant: the test counts. A bounded flood (24 sign-ins, each from its own
// client through a trusted proxy, so the throttle lets them all through) is sent and, once every one of them has
// reached the gate, a few authenticated requests are made one after the other. The property: they are answered
// while the flood's password checks are still going on, i.e. at most two rounds of checks (2 × maxInFlight) end
// between the flood's arrival and the last of them. Without the bound, the flood's 24 hashes fill the pool ahead of them and ~20 end
// first. The hashes cost 32 MiB each (N=2^15, r=8), so one round outlasts the requests on a busy 2-core machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashGate, DEFAULT_HASHES_IN_FLIGHT } from '../../packages/server/src/auth/hash-gate.js';
import { startTestServer, type TestServer } from './test-server.js';

const FLOOD = 24;
const gate = createHashGate({ maxInFlight: 2, maxWaiting: 4 });

describe('sign-in flood', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: '127.0.0.1', scryptCost: { N: 2 ** 15, r: 8, p: 1 }, hashGate: gate });
  });
  afterAll(() => server?.stop());

  it('keeps its hashes under the cap, answers the excess 503 with Retry-After, and other routes answer meanwhile', async () => {
    const admin = `Bearer ${await server.token(1)}`;
    const events: string[] = [];
    const flood = Array.from({ length: FLOOD }, async (_, i) => {
      const response = await fetch(`${server.url}/api/signin/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i + 1}` },
        body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'guess-guess' }),
      });
      const body = (await response.json()) as { error: { code: string } };
      events.push(`sign-in ${response.status}`);
      return { status: response.status, code: body.error.code, retryAfter: response.headers.get('retry-after') };
    });
    // Every sign-in has reached the gate (`arrived` only grows: on a busy machine the first checks may end before
    // the last sign-in arrives, so running + waiting + refused may never reach FLOOD). A sign-in that fails before
    // the gate ends the wait too, and the checks below say why.
    let failed: unknown;
    void Promise.all(flood).catch((error: unknown) => (failed = error));
    while (gate.stats().arrived < FLOOD && failed === undefined) await new Promise((resolve) => setImmediate(resolve));
    expect(failed).toBeUndefined();
    const checkedAtArrival = events.filter((e) => e === 'sign-in 401').length;

    const authenticated = [];
    for (const [method, path, body] of [
      ['GET', '/api/adapters/', undefined],
      ['POST', '/api/reportv2/', { startDate: '2024-03-01', endDate: '2024-03-31', dimensions: ['country'], metrics: ['revenue'] }],
      ['GET', '/api/adapters/', undefined],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { Authorization: admin, ...(body && { 'Content-Type': 'application/json' }) },
        ...(body && { body: JSON.stringify(body) }),
      });
      await response.arrayBuffer();
      authenticated.push(response.status);
    }
    const checkedBefore = events.filter((e) => e === 'sign-in 401').length;
    const answers = await Promise.all(flood);

    expect(authenticated).toEqual([200, 200, 200]);
    expect(gate.stats().peak).toBeLessThanOrEqual(2);
    const checked = answers.filter((a) => a.status === 401);
    const busy = answers.filter((a) => a.status === 503);
    expect(checked.length).toBeLessThanOrEqual(2 + 4);
    expect(checked.length + busy.length).toBe(FLOOD);
    expect(busy.every((a) => a.code === 'busy' && a.retryAfter === '1')).toBe(true);
    expect(checkedBefore - checkedAtArrival, `password checks ended while the authenticated requests waited: ${events.join(', ')}`).toBeLessThanOrEqual(2 * 2);
  }, 60_000);

  it('lets at most 2 hashes run at a time by default, and 1 on a machine of 2 or 3 cores', () => {
    expect(DEFAULT_HASHES_IN_FLIGHT).toBeGreaterThanOrEqual(1);
    expect(DEFAULT_HASHES_IN_FLIGHT).toBeLessThanOrEqual(2);
  });
});
