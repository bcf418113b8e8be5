/**
 * The sign-in throttle with its failure counts in PostgreSQL, so that the limit holds across every API server.
 * Same rules as the in-memory throttle ({@link throttleRules}); each call reads and writes the key's row in one
 * transaction with the row locked (`SELECT … FOR UPDATE`), so attempts on any server count one after another.
 */
import type pg from 'pg';
import { inTransaction, migratePostgres } from './database.js';
import { THROTTLE_MIGRATIONS } from './migrations.js';
import { throttleRules, type AsyncSignInThrottle, type ThrottleEntry, type ThrottleOptions } from '../../auth/throttle.js';

/**
 * Creates the schema if needed and returns a shared throttle.
 *
 * @example
 * const throttle = await createPostgresThrottle(pool)
 * createSignIn({ users, tokens, throttle })
 */
export async function createPostgresThrottle(pool: pg.Pool, options: ThrottleOptions = {}): Promise<AsyncSignInThrottle> {
  await migratePostgres(pool, 'signin_throttle', THROTTLE_MIGRATIONS);
  const { now = Date.now, windowSeconds = 900 } = options;
  const rules = throttleRules(options);
  let calls = 0;

  /** Runs `change` on the key's current entry with its row locked, and writes back what it returns. */
  const update = async <T>(key: string, change: (e: ThrottleEntry | undefined, at: number) => { result: T; entry?: ThrottleEntry | null }): Promise<T> => {
    const out = await inTransaction(pool, async (client) => {
      // A row to lock even for a new key (an all-zero row reads as no entry), so that two first attempts at once
      // are counted one after the other rather than one overwriting the other.
      await client.query('INSERT INTO signin_throttle VALUES ($1, 0, 0, 0, 0) ON CONFLICT (key) DO NOTHING', [key]);
      const { rows } = await client.query<{ failures: number; pending: number; last_ms: string; locked_until_ms: string }>(
        'SELECT failures, pending, last_ms, locked_until_ms FROM signin_throttle WHERE key = $1 FOR UPDATE',
        [key],
      );
      const at = now();
      const row = rows[0];
      let entry: ThrottleEntry | undefined = row && {
        failures: row.failures,
        pending: row.pending,
        last: Number(row.last_ms),
        lockedUntil: Number(row.locked_until_ms),
      };
      if (entry && rules.stale(entry, at)) entry = undefined;
      const changed = change(entry, at);
      if (changed.entry === null) await client.query('DELETE FROM signin_throttle WHERE key = $1', [key]);
      else if (changed.entry) {
        const e = changed.entry;
        await client.query(
          `INSERT INTO signin_throttle (key, failures, pending, last_ms, locked_until_ms) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (key) DO UPDATE SET failures = $2, pending = $3, last_ms = $4, locked_until_ms = $5`,
          [key, e.failures, e.pending, e.last, e.lockedUntil],
        );
      }
      return changed;
    });
    if (++calls % 1000 === 0) void forgetIdle(now()).catch(() => undefined);
    return out.result;
  };
  const forgetIdle = (at: number) => pool.query('DELETE FROM signin_throttle WHERE last_ms < $1 AND locked_until_ms <= $2', [at - windowSeconds * 1000, at]);

  return {
    async retryAfter(key) {
      const { rows } = await pool.query<{ locked_until_ms: string }>('SELECT locked_until_ms FROM signin_throttle WHERE key = $1', [key]);
      const lockedUntil = Number(rows[0]?.locked_until_ms ?? 0);
      return rules.retryAfter({ failures: 0, pending: 0, last: 0, lockedUntil }, now());
    },
    begin: (key) =>
      update(key, (e, at) => {
        const { wait, entry } = rules.begin(e, at);
        return { result: wait, entry };
      }),
    fail: (key) => update(key, (e, at) => ({ result: undefined, entry: rules.fail(e, at) })),
    succeed: (key) => update(key, () => ({ result: undefined, entry: null })),
    end: (key) => update(key, (e, at) => ({ result: undefined, entry: rules.end(e, at) })),
  };
}
