/**
 * Slows down password guessing (SPEC §7.1): after a few failed sign-ins for one e-mail address, that address is
 * refused with 429 for a while, and each further failure doubles the wait up to a cap. The key is the e-mail,
 * known or not, so the throttle itself reveals nothing about which addresses exist. State is in memory and
 * bounded (the oldest entries go first), which fits the single-process reference server; a fleet would keep it
 * in a shared store behind the same interface.
 */

/**
 * Per-key failure tracking. An attempt is `begin`, then `fail` or `succeed`: attempts in flight count toward the
 * limit, so guesses sent all at once (each takes a slow password check) get no more tries than guesses sent one by
 * one.
 */
export interface SignInThrottle {
  /** Seconds the key must wait before trying again; 0 when it may try now. */
  retryAfter(key: string): number;
  /**
   * Starts an attempt: the seconds to wait when it is refused (the key is locked, or the attempts in flight
   * would reach the limit), else 0, and the attempt then counts until `fail` or `succeed` ends it.
   */
  begin(key: string): number;
  /** Ends an attempt as a failure (also counts one made without `begin`). */
  fail(key: string): void;
  /** Ends an attempt as a success, which clears the key's failures. */
  succeed(key: string): void;
}

/** Options of {@link createThrottle}. */
export interface ThrottleOptions {
  /** Failures allowed before the key is locked; default 5. */
  maxFailures?: number;
  /** First lock, doubled on each further failure; default 30 s. */
  lockSeconds?: number;
  /** Longest lock; default 900 s. */
  maxLockSeconds?: number;
  /** Failures older than this are forgotten; default 900 s. */
  windowSeconds?: number;
  /** Keys tracked at most; default 100 000. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  failures: number;
  /** Attempts begun and not yet ended. */
  pending: number;
  last: number;
  lockedUntil: number;
}

/**
 * Makes an in-memory throttle.
 *
 * @example
 * const throttle = createThrottle()
 * if (throttle.retryAfter(email) > 0) return tooManyRequests()
 */
export function createThrottle(options: ThrottleOptions = {}): SignInThrottle {
  const { maxFailures = 5, lockSeconds = 30, maxLockSeconds = 900, windowSeconds = 900 } = options;
  const { maxEntries = 100_000, now = Date.now } = options;
  const entries = new Map<string, Entry>();
  /** The key's entry; one idle for the window (an attempt that never ended included) is forgotten. */
  const current = (key: string): Entry | undefined => {
    const e = entries.get(key);
    if (e && e.lockedUntil <= now() && now() - e.last > windowSeconds * 1000) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  /** The key's entry, created if need be, marked active now and moved last (Map order: least recently active first). */
  const touch = (key: string): Entry => {
    const e = current(key) ?? { failures: 0, pending: 0, last: 0, lockedUntil: 0 };
    e.last = now();
    entries.delete(key);
    entries.set(key, e);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    return e;
  };
  const retryAfter = (key: string): number => {
    const e = current(key);
    return e && e.lockedUntil > now() ? Math.ceil((e.lockedUntil - now()) / 1000) : 0;
  };
  return {
    retryAfter,
    begin(key) {
      const wait = retryAfter(key);
      if (wait > 0) return wait;
      const e = current(key);
      // Attempts in flight that, were they all to fail, would lock the key: wait for them (a second or less). With
      // none in flight (a lock just ended), one attempt may go, as one by one.
      if (e && e.pending > 0 && e.failures + e.pending >= maxFailures) return 1;
      touch(key).pending++;
      return 0;
    },
    fail(key) {
      const e = touch(key);
      e.pending = Math.max(0, e.pending - 1);
      e.failures++;
      if (e.failures >= maxFailures) {
        const seconds = Math.min(maxLockSeconds, lockSeconds * 2 ** (e.failures - maxFailures));
        e.lockedUntil = now() + seconds * 1000;
      }
    },
    succeed(key) {
      entries.delete(key);
    },
  };
}
