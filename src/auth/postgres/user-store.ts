/**
 * Users in PostgreSQL, so that every API server behind a load balancer sees the same users. The e-mail is unique
 * by a unique index on its normalised form (the database decides, so two servers adding the same address at once
 * cannot both succeed), and a conflict is a {@link DuplicateEmailError}. The schema is created on first use
 * (`schema.ts`).
 */
import pg from 'pg';
import { STATUS } from '../roles.js';
import { normaliseEmail, type StoredUser } from '../user.js';
import { DuplicateEmailError, userFromRow, type UserStore } from '../user-store.js';
import { migrate } from './schema.js';

const COLUMNS = `id, account_id, name, email, status, role, password_hash,
  (extract(epoch FROM created_at) * 1000)::float8 AS created, (extract(epoch FROM updated_at) * 1000)::float8 AS updated,
  (extract(epoch FROM deleted_at) * 1000)::float8 AS deleted`;
const UNIQUE_VIOLATION = '23505';

/**
 * A connection pool for a PostgreSQL URL (`postgres://user:password@host:5432/database`).
 *
 * @example
 * const pool = createPostgresPool(process.env.BIDFIELDS_DATABASE_URL!)
 */
export function createPostgresPool(url: string, options: pg.PoolConfig = {}): pg.Pool {
  return new pg.Pool({ connectionString: url, max: 10, ...options });
}

/**
 * Creates the schema if needed (migrating it to the current version) and returns a user store on it.
 *
 * @example
 * const users = await createPostgresUserStore(createPostgresPool(url))
 * await users.add({ email: 'a@example.com', name: 'A', accountID: 1, role: 1, passwordHash })
 */
export async function createPostgresUserStore(pool: pg.Pool): Promise<UserStore> {
  await migrate(pool);
  const one = async (sql: string, values: unknown[]): Promise<StoredUser | undefined> => {
    const { rows } = await pool.query<Record<string, unknown>>(sql, values);
    return rows[0] ? userFromRow(rows[0]) : undefined;
  };
  return {
    findByEmail: (email) => one(`SELECT ${COLUMNS} FROM users WHERE lower(btrim(email)) = $1`, [normaliseEmail(email)]),
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
  };
}
