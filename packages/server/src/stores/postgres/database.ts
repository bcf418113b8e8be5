/**
 * PostgreSQL for the state API servers share when they scale out: users, adapter records and the sign-in throttle.
 * One pool per process (`pg`); schemas are versioned per component by the shared migrator, under an advisory lock.
 */
import pg from 'pg';
import { migrate as migrateSchema, type Migration, type Migrations } from '../sql/migrate.js';

export type { Migration } from '../sql/migrate.js';

/** The advisory lock key schema changes are made under (any constant: it only has to be the same everywhere). */
const SCHEMA_LOCK = 0x6269_6466; // "bidf"

/** An open pool. */
export interface Postgres {
  pool: pg.Pool;
  /** Ends the pool (waits for the queries running on it). */
  close(): Promise<void>;
}

/**
 * Opens a pool on `url` (a `postgres://` connection string) and checks that the server answers.
 *
 * @example
 * const postgres = await openPostgres(process.env.BIDFIELDS_DATABASE_URL!)
 */
export async function openPostgres(url: string, maxConnections = 10): Promise<Postgres> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle client whose server went away emits 'error' on the pool; without a listener that would end the process.
  pool.on('error', () => {});
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { pool, close: () => pool.end() };
}

/**
 * Brings `component`'s schema on `pool` to its latest version (see {@link migrateSchema}).
 *
 * @example
 * await migratePostgres(pool, 'users', [[], ['CREATE TABLE users (…)']])
 */
export function migratePostgres(pool: pg.Pool, component: string, migrations: Migrations): Promise<Migration> {
  return migrateSchema(
    {
      lockStatement: `SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`,
      transaction: (fn) => inTransaction(pool, (client) => fn(async (sql, values) => (await client.query(sql, values)).rows as Record<string, unknown>[])),
    },
    component,
    migrations,
  );
}

/**
 * Runs `fn` in a transaction on a connection of its own: committed when it resolves, rolled back when it throws.
 *
 * @example
 * await inTransaction(pool, (client) => client.query('UPDATE …'))
 */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** PostgreSQL's error code for a unique violation. */
export const UNIQUE_VIOLATION = '23505';
