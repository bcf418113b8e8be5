/**
 * The PostgreSQL schema of the user store, created on first use and versioned: `schema_version` records each
 * migration applied, and a store applies the ones it lacks in order, in one transaction under an advisory lock,
 * so several servers starting at once migrate once. A later change to the schema is a new entry at the end.
 */
import type { Pool, PoolClient } from 'pg';

/** The migrations, in order; version N is `MIGRATIONS[N - 1]`. Never edit one that has shipped: add one. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE users (
     id BIGSERIAL PRIMARY KEY,
     account_id BIGINT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     status INTEGER NOT NULL,
     role INTEGER NOT NULL,
     password_hash TEXT NOT NULL,
     created_at TIMESTAMPTZ NOT NULL,
     updated_at TIMESTAMPTZ NOT NULL,
     deleted_at TIMESTAMPTZ
   );
   CREATE UNIQUE INDEX users_email_normalised ON users (lower(btrim(email)));
   CREATE TABLE signin_throttle (
     key TEXT PRIMARY KEY,
     failures INTEGER NOT NULL,
     pending INTEGER NOT NULL,
     last_ms BIGINT NOT NULL,
     locked_until_ms BIGINT NOT NULL
   );
   CREATE INDEX signin_throttle_last ON signin_throttle (last_ms);`,
];

// Any constant of our own, so that migrations of this schema exclude each other and nothing else.
const MIGRATION_LOCK = 0x6269_6466;

/**
 * Applies the migrations the database lacks; resolves with the version it is at.
 *
 * @example
 * await migrate(pool) // 1
 */
export function migrate(pool: Pool): Promise<number> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    const current = await version(client);
    for (let v = current + 1; v <= MIGRATIONS.length; v++) {
      await client.query(MIGRATIONS[v - 1]!);
      await client.query('INSERT INTO schema_version (version) VALUES ($1)', [v]);
    }
    return MIGRATIONS.length;
  });
}

/**
 * Runs `fn` in a transaction on a connection of its own: committed when it resolves, rolled back when it throws.
 *
 * @example
 * await inTransaction(pool, (c) => c.query('UPDATE …'))
 */
export async function inTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function version(client: PoolClient): Promise<number> {
  const { rows } = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_version');
  const v = Number(rows[0]?.v ?? 0);
  if (v > MIGRATIONS.length) throw new Error(`the database's schema is at version ${v}, newer than this bidfields (${MIGRATIONS.length}): upgrade bidfields`);
  return v;
}
