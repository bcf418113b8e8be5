/** Users in the data folder's database, next to the events, so one `--data` folder is the whole state of a server. */
import { STATUS } from '../../auth/roles.js';
import { normaliseEmail, type StoredUser } from '../../auth/user.js';
import { DuplicateEmailError, type UserStore } from '../../auth/user-store.js';
import { userFromRow } from '../sql/user-row.js';
import type { DuckDB } from './database.js';
import { migrateDuckDB, USERS_MIGRATIONS } from './migrations.js';

const COLUMNS = `id, account_id, name, email, status, role, password_hash, token_version,
  epoch_ms(created_at) AS created, epoch_ms(updated_at) AS updated, epoch_ms(deleted_at) AS deleted`;

/**
 * Creates or migrates the users table and returns a store on it.
 *
 * @example
 * const users = await createDuckDBUserStore(db)
 * await users.add({ email: 'a@example.com', name: 'A', accountID: 1, role: 1, passwordHash })
 */
export async function createDuckDBUserStore(db: DuckDB): Promise<UserStore> {
  await migrateDuckDB(db, 'users', USERS_MIGRATIONS);
  const all = (sql: string, values: (string | number | null)[]): Promise<StoredUser[]> =>
    db.withConnection(async (c) => (await c.runAndReadAll(sql, values)).getRowObjectsJS().map(userFromRow));
  const one = async (sql: string, values: (string | number | null)[]) => (await all(sql, values))[0];
  const findByEmail = (email: string) => one(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [normaliseEmail(email)]);
  return {
    findByEmail,
    findById: (id) => one(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]),
    list: () => all(`SELECT ${COLUMNS} FROM users ORDER BY id`, []),
    async add(user) {
      const email = normaliseEmail(user.email);
      const taken = () => new DuplicateEmailError(`a user with e-mail ${email} exists`);
      if (await findByEmail(email)) throw taken();
      const now = new Date().toISOString();
      // Two adds of one e-mail on two pooled connections both pass the look-up above; the unique constraint
      // refuses the second, and that refusal is a taken e-mail, not a database failure.
      const added = await one(
        `INSERT INTO users (account_id, name, email, status, role, password_hash, created_at, updated_at, deleted_at, token_version)
         VALUES ($1, $2, $3, $4, $5, $6, CAST($7 AS TIMESTAMP), CAST($7 AS TIMESTAMP), CAST($8 AS TIMESTAMP), 0)
         RETURNING ${COLUMNS}`,
        [user.accountID, user.name, email, user.status ?? STATUS.active, user.role, user.passwordHash, now,
          user.deletedAt ? user.deletedAt.toISOString() : null],
      ).catch(async (error: unknown) => {
        throw (await findByEmail(email)) ? taken() : error;
      });
      return added!;
    },
    update(email, change) {
      // One statement: the change and the version it ends tokens with cannot be seen apart.
      return one(
        `UPDATE users SET status = COALESCE($2, status), role = COALESCE($3, role), password_hash = COALESCE($4, password_hash),
           deleted_at = CASE WHEN $5 = 1 THEN COALESCE(deleted_at, CAST($6 AS TIMESTAMP)) ELSE deleted_at END,
           updated_at = CAST($6 AS TIMESTAMP), token_version = COALESCE(token_version, 0) + 1
         WHERE email = $1 RETURNING ${COLUMNS}`,
        [normaliseEmail(email), change.status ?? null, change.role ?? null, change.passwordHash ?? null, change.deleted ? 1 : 0, new Date().toISOString()],
      );
    },
    async revokeTokens(id) {
      const rows = await all(`UPDATE users SET token_version = COALESCE(token_version, 0) + 1 WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
      return rows.length > 0;
    },
  };
}
