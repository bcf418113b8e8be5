/**
 * PostgreSQL for the state API servers share when they scale out (issue 13): users and adapter records. One pool
 * per process (`pg`), and schema migrations per component (`users`, `signin_throttle`, `adapters`) recorded in `bidfields_schema`, each
 * run in a transaction under an advisory lock so that instances starting at once do not both create a table, and a
 * schema newer than the code is refused rather than misread.
 */
import pg from 'pg';

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
 * Brings `component`'s schema to version `migrations.length - 1`: migration k (a list of statements) takes it from
 * k - 1 to k; `migrations[0]` is empty. Resolves with the versions before and after.
 *
 * @example
 * await migrate(pool, 'users', [[], ['CREATE TABLE users (…)']])
 */
export async function migrate(pool: pg.Pool, component: string, migrations: readonly (readonly string[])[]): Promise<Migration> {
  const target = migrations.length - 1;
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS bidfields_schema (component TEXT PRIMARY KEY, version INTEGER NOT NULL)');
    const found = (await client.query('SELECT version FROM bidfields_schema WHERE component = $1', [component])).rows[0] as
      | { version: number }
      | undefined;
    const current = found?.version ?? 0;
    if (current > target) {
      throw new Error(`the ${component} schema is at version ${current}, newer than this bidfields (${target}); upgrade bidfields`);
    }
    for (let version = current + 1; version <= target; version++) {
      for (const statement of migrations[version]!) await client.query(statement);
    }
    await client.query(
      'INSERT INTO bidfields_schema (component, version) VALUES ($1, $2) ON CONFLICT (component) DO UPDATE SET version = $2',
      [component, target],
    );
    return { component, from: current, to: target };
  });
}

/** What {@link migrate} did: the component's schema went from version `from` (0: none) to `to`. */
export interface Migration {
  component: string;
  from: number;
  to: number;
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
