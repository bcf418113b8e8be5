/**
 * Users in PostgreSQL (issue 13), for API servers that scale out: every instance behind the load balancer sees the
 * same users, and a unique index on the normalised e-mail makes the database, not a check-then-insert race between
 * two instances, the judge of "e-mail taken". The schema is created on first use inside a transaction that holds
 * an advisory lock (two instances starting at once do not both create it), and `bidfields_schema` records its
 * version so a later release can migrate instead of guessing. Same {@link UserStore} contract as the DuckDB store.
 */
import pg from 'pg';
import { STATUS } from './roles.js';
import { normaliseEmail, type StoredUser } from './user.js';
import { DuplicateEmailError, fromRow, type UserStore } from './user-store.js';

/** The users schema version this code writes and reads. */
export const USERS_SCHEMA_VERSION = 1;
/** The advisory lock key schema changes are made under (any constant: it only has to be the same everywhere). */
const SCHEMA_LOCK = 0x6269_6466; // "bidf"
const UNIQUE_VIOLATION = '23505';

const MIGRATIONS: readonly (readonly string[])[] = [
  [],
  [
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
    )`,
    'CREATE UNIQUE INDEX users_email ON users (email)',
  ],
];

const COLUMNS = `id, account_id, name, email, status, role, password_hash,
  (extract(epoch FROM created_at) * 1000)::float8 AS created, (extract(epoch FROM updated_at) * 1000)::float8 AS updated,
  (extract(epoch FROM deleted_at) * 1000)::float8 AS deleted`;

/** A user store on a PostgreSQL pool, with the pool's end. */
export interface PostgresUserStore extends UserStore {
  /** Ends the pool (waits for the queries running on it). */
  close(): Promise<void>;
}

/**
 * Connects to `url` (a `postgres://` connection string), creates or migrates the schema, and returns the store.
 *
 * @example
 * const users = await createPostgresUserStore('postgres://bidfields@127.0.0.1:5432/bidfields')
 * await users.add({ email: 'a@example.com', name: 'A', accountID: 1, role: 1, passwordHash })
 */
export async function createPostgresUserStore(url: string, options: { maxConnections?: number } = {}): Promise<PostgresUserStore> {
  const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 10 });
  // An idle client whose server went away emits 'error' on the pool; without a listener that would end the process.
  pool.on('error', () => {});
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const one = async (sql: string, values: unknown[]): Promise<StoredUser | undefined> => {
    const row = (await pool.query(sql, values)).rows[0] as Record<string, unknown> | undefined;
    return row ? fromRow(row) : undefined;
  };
  return {
    findByEmail: (email) => one(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [normaliseEmail(email)]),
    async add(user) {
      const email = normaliseEmail(user.email);
      const now = new Date();
      try {
        const added = await one(
          `INSERT INTO users (account_id, name, email, status, role, password_hash, created_at, updated_at, deleted_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8) RETURNING ${COLUMNS}`,
          [user.accountID, user.name, email, user.status ?? STATUS.active, user.role, user.passwordHash, now, user.deletedAt ?? null],
        );
        return added!;
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new DuplicateEmailError(`a user with e-mail ${email} exists`);
        throw error;
      }
    },
    close: () => pool.end(),
  };
}

/** Brings the schema to {@link USERS_SCHEMA_VERSION}, one migration per version, under the advisory lock. */
async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS bidfields_schema (component TEXT PRIMARY KEY, version INTEGER NOT NULL)');
    const found = (await client.query(`SELECT version FROM bidfields_schema WHERE component = 'users'`)).rows[0] as { version: number } | undefined;
    const current = found?.version ?? 0;
    if (current > USERS_SCHEMA_VERSION) {
      throw new Error(`the users schema is at version ${current}, newer than this bidfields (${USERS_SCHEMA_VERSION}); upgrade bidfields`);
    }
    for (let version = current + 1; version <= USERS_SCHEMA_VERSION; version++) {
      for (const statement of MIGRATIONS[version]!) await client.query(statement);
    }
    await client.query(
      `INSERT INTO bidfields_schema (component, version) VALUES ('users', $1) ON CONFLICT (component) DO UPDATE SET version = $1`,
      [USERS_SCHEMA_VERSION],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
