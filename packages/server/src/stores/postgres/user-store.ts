/**
 * Users in PostgreSQL, for API servers that scale out: every instance behind the load balancer sees the same users,
 * and a unique index on the normalised e-mail makes the database, not a check-then-insert race between two
 * instances, the judge of "e-mail taken". The schema is created on first use and versioned (`migrations.ts`).
 */
import type pg from 'pg';
import { migratePostgres, UNIQUE_VIOLATION } from './database.js';
import { STATUS } from '../../auth/roles.js';
import { normaliseEmail, type StoredUser } from '../../auth/user.js';
import { DuplicateEmailError, type UserStore } from '../../auth/user-store.js';
import { userFromRow } from '../sql/user-row.js';
import { USERS_MIGRATIONS } from './migrations.js';

const COLUMNS = `id, account_id, name, email, status, role, password_hash, token_version,
  (extract(epoch FROM created_at) * 1000)::float8 AS created, (extract(epoch FROM updated_at) * 1000)::float8 AS updated,
  (extract(epoch FROM deleted_at) * 1000)::float8 AS deleted`;
const BY_EMAIL = 'lower(btrim(email)) = $1';

/**
 * Creates or migrates the users schema on `pool` and returns the store.
 *
 * @example
 * const postgres = await openPostgres('postgres://bidfields@127.0.0.1:5432/bidfields')
 * const users = await createPostgresUserStore(postgres.pool)
 * await users.add({ email: 'a@example.com', name: 'A', accountID: 1, role: 1, passwordHash })
 */
export async function createPostgresUserStore(pool: pg.Pool): Promise<UserStore> {
  await migratePostgres(pool, 'users', USERS_MIGRATIONS);
  const all = async (sql: string, values: unknown[]): Promise<StoredUser[]> =>
    (await pool.query(sql, values)).rows.map((row: Record<string, unknown>) => userFromRow(row));
  const one = async (sql: string, values: unknown[]) => (await all(sql, values))[0];
  return {
    findByEmail: (email) => one(`SELECT ${COLUMNS} FROM users WHERE ${BY_EMAIL}`, [normaliseEmail(email)]),
    findById: (id) => one(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]),
    list: () => all(`SELECT ${COLUMNS} FROM users ORDER BY id`, []),
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
    update(email, change) {
      // One statement: the change and the version it ends tokens with cannot be seen apart.
      return one(
        `UPDATE users SET status = COALESCE($2::integer, status), role = COALESCE($3::integer, role),
           password_hash = COALESCE($4::text, password_hash),
           deleted_at = CASE WHEN $5::boolean THEN COALESCE(deleted_at, $6) ELSE deleted_at END,
           updated_at = $6, token_version = token_version + 1
         WHERE ${BY_EMAIL} RETURNING ${COLUMNS}`,
        [normaliseEmail(email), change.status ?? null, change.role ?? null, change.passwordHash ?? null, change.deleted === true, new Date()],
      );
    },
    async revokeTokens(id) {
      const { rowCount } = await pool.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [id]);
      return (rowCount ?? 0) > 0;
    },
  };
}
