// The sign-in throttle: a few failures are free, then the key is locked with a doubling wait up to a cap; a
// success clears it; old failures are forgotten; memory stays bounded.
import { describe, expect, it } from 'vitest';
import { createThrottle } from '../../packages/server/src/auth/throttle.js';

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (s: number) => (t += s * 1000) };
}

describe('sign-in throttle', () => {
  it('locks after maxFailures, doubling the wait up to the cap', () => {
    const c = clock();
    const th = createThrottle({ now: c.now, maxFailures: 3, lockSeconds: 10, maxLockSeconds: 30 });
    th.fail('a');
    th.fail('a');
    expect(th.retryAfter('a')).toBe(0);
    th.fail('a');
    expect(th.retryAfter('a')).toBe(10);
    c.advance(10);
    expect(th.retryAfter('a')).toBe(0);
    th.fail('a');
    expect(th.retryAfter('a')).toBe(20);
    c.advance(20);
    th.fail('a');
    expect(th.retryAfter('a')).toBe(30);
    expect(th.retryAfter('b')).toBe(0);
  });

  it('clears on success and forgets old failures', () => {
    const c = clock();
    const th = createThrottle({ now: c.now, maxFailures: 2, windowSeconds: 60 });
    th.fail('a');
    th.succeed('a');
    th.fail('a');
    expect(th.retryAfter('a')).toBe(0);
    c.advance(61);
    th.fail('a');
    expect(th.retryAfter('a')).toBe(0);
  });

  it('counts attempts in flight toward the limit, and ends them with fail or succeed', () => {
    const c = clock();
    const th = createThrottle({ now: c.now, maxFailures: 2, lockSeconds: 10 });
    expect([th.begin('a'), th.begin('a'), th.begin('a')]).toEqual([0, 0, 1]);
    th.succeed('a');
    expect(th.begin('a')).toBe(0);
    th.fail('a');
    expect(th.begin('a')).toBe(0);
    th.fail('a');
    expect(th.begin('a')).toBe(10);
  });

  it('lets one attempt go when a lock ends, and locks again (longer) if it fails', () => {
    const c = clock();
    const th = createThrottle({ now: c.now, maxFailures: 2, lockSeconds: 10 });
    th.fail('a');
    th.fail('a');
    expect(th.begin('a')).toBe(10);
    c.advance(11);
    expect([th.begin('a'), th.begin('a')]).toEqual([0, 1]);
    th.succeed('a');
    expect(th.begin('a')).toBe(0);
    th.fail('a');
    th.fail('a');
    c.advance(11);
    expect(th.begin('a')).toBe(0);
    th.fail('a');
    expect(th.begin('a')).toBe(20);
  });

  it('forgets an attempt that was never ended once the window has passed', () => {
    const c = clock();
    const th = createThrottle({ now: c.now, maxFailures: 1, windowSeconds: 60 });
    expect(th.begin('a')).toBe(0);
    expect(th.begin('a')).toBe(1);
    c.advance(61);
    expect(th.begin('a')).toBe(0);
  });

  it('keeps at most maxEntries keys, dropping the oldest', () => {
    const th = createThrottle({ maxFailures: 1, maxEntries: 2 });
    th.fail('a');
    th.fail('b');
    th.fail('c');
    expect([th.retryAfter('a'), th.retryAfter('b') > 0, th.retryAfter('c') > 0]).toEqual([0, true, true]);
  });
});
