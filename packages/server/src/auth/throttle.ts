/**
 * Slows down password guessing (docs/spec.md#signin): after a few failed sign-ins for one key, the key is refused with 429
 * for a while, and each further failure doubles the wait up to a cap. Sign-in keeps two throttles
 * (`signin.ts`): one per client address and e-mail (known or not, so the throttle reveals nothing about which
 * e-mails exist), one per client address over every e-mail (password spraying). State is in memory and bounded
 * (the oldest entries go first), which fits the single-process reference server; a fleet keeps it in PostgreSQL
 * (`stores/postgres/throttle.ts`) with the same rules ({@link throttleRules}), behind {@link AsyncSignInThrottle}.
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
  /** Ends an attempt without counting it either way (refused by the other throttle, or a success that clears nothing). */
  end(key: string): void;
}

/** A {@link SignInThrottle} whose state lives elsewhere (a database shared by several servers): every call awaits. */
export interface AsyncSignInThrottle {
  retryAfter(key: string): Promise<number>;
  begin(key: string): Promise<number>;
  fail(key: string): Promise<void>;
  succeed(key: string): Promise<void>;
  end(key: string): Promise<void>;
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

/** One key's state; the in-memory throttle keeps it in a Map, the PostgreSQL one in a row. */
export interface ThrottleEntry {
  failures: number;
  /** Attempts begun and not yet ended. */
  pending: number;
  /** When the key was last active (ms). */
  last: number;
  /** Locked until (ms); 0 when never locked. */
  lockedUntil: number;
}

/** The throttle's rules over one entry, shared by every place an entry is kept. */
export interface ThrottleRules {
  /** Whether the entry has been idle for the window and is not locked (then it is forgotten). */
  stale(e: ThrottleEntry, now: number): boolean;
  /** Seconds to wait; 0 when the key may try now. */
  retryAfter(e: ThrottleEntry | undefined, now: number): number;
  /** `begin` on a current entry (or none): the wait, or 0 and the entry with the attempt counted. */
  begin(e: ThrottleEntry | undefined, now: number): { wait: number; entry?: ThrottleEntry };
  /** `fail` on a current entry (or none): the entry afterwards. */
  fail(e: ThrottleEntry | undefined, now: number): ThrottleEntry;
  /** `end` on a current entry (or none): the entry afterwards, or null when nothing is left to keep. */
  end(e: ThrottleEntry | undefined, now: number): ThrottleEntry | null;
}

/**
 * The rules for the given options (defaults as documented on {@link ThrottleOptions}).
 *
 * @example
 * throttleRules({ maxFailures: 3 }).fail(undefined, Date.now()) // { failures: 1, pending: 0, … }
 */
export function throttleRules(options: ThrottleOptions = {}): ThrottleRules {
  const { maxFailures = 5, lockSeconds = 30, maxLockSeconds = 900, windowSeconds = 900 } = options;
  const retryAfter = (e: ThrottleEntry | undefined, now: number) => (e && e.lockedUntil > now ? Math.ceil((e.lockedUntil - now) / 1000) : 0);
  return {
    stale: (e, now) => e.lockedUntil <= now && now - e.last > windowSeconds * 1000,
    retryAfter,
    begin(e, now) {
      const wait = retryAfter(e, now);
      if (wait > 0) return { wait };
      // Attempts in flight that, were they all to fail, would lock the key: wait for them (a second or less). With
      // none in flight (a lock just ended), one attempt may go, as one by one.
      if (e && e.pending > 0 && e.failures + e.pending >= maxFailures) return { wait: 1 };
      const entry = e ?? { failures: 0, pending: 0, last: 0, lockedUntil: 0 };
      return { wait: 0, entry: { ...entry, pending: entry.pending + 1, last: now } };
    },
    fail(e, now) {
      const entry = { ...(e ?? { failures: 0, pending: 0, last: 0, lockedUntil: 0 }), last: now };
      entry.pending = Math.max(0, entry.pending - 1);
      entry.failures++;
      if (entry.failures >= maxFailures) {
        const seconds = Math.min(maxLockSeconds, lockSeconds * 2 ** (entry.failures - maxFailures));
        entry.lockedUntil = now + seconds * 1000;
      }
      return entry;
    },
    end(e, now) {
      if (!e) return null;
      const entry = { ...e, pending: Math.max(0, e.pending - 1), last: now };
      return entry.pending === 0 && entry.failures === 0 && entry.lockedUntil <= now ? null : entry;
    },
  };
}

/**
 * Makes an in-memory throttle.
 *
 * @example
 * const throttle = createThrottle()
 * if (throttle.retryAfter(email) > 0) return tooManyRequests()
 */
export function createThrottle(options: ThrottleOptions = {}): SignInThrottle {
  const { maxEntries = 100_000, now = Date.now } = options;
  const rules = throttleRules(options);
  const entries = new Map<string, ThrottleEntry>();
  /** The key's entry; one idle for the window (an attempt that never ended included) is forgotten. */
  const current = (key: string): ThrottleEntry | undefined => {
    const e = entries.get(key);
    if (e && rules.stale(e, now())) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  /** Stores the key's entry, moved last (Map order: least recently active first). */
  const put = (key: string, e: ThrottleEntry) => {
    entries.delete(key);
    entries.set(key, e);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  };
  return {
    retryAfter: (key) => rules.retryAfter(current(key), now()),
    begin(key) {
      const { wait, entry } = rules.begin(current(key), now());
      if (entry) put(key, entry);
      return wait;
    },
    fail(key) {
      put(key, rules.fail(current(key), now()));
    },
    succeed(key) {
      entries.delete(key);
    },
    end(key) {
      const entry = rules.end(current(key), now());
      if (entry) put(key, entry);
      else entries.delete(key);
    },
  };
}
