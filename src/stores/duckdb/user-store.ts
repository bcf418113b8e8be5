/** Users in the data folder's database, next to the events, so one `--data` folder is the whole state of a server. */
import { STATUS } from '../../auth/roles.js';
import { normaliseEmail, type StoredUser } from '../../auth/user.js';
import { DuplicateEmailError, type UserStore } from '../../auth/user-store.js';
import { userFromRow } from '../sql/user-row.js';
import type { DuckDB } from './database.js';
import { migrateDuckDB, USERS_MIGRATIONS } from './migrations.js';

const COLUMNS = `id, account_id, name, email, status, role, password_hash,
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
  const one = (sql: string, values: (string | number | null)[]): Promise<StoredUser | undefined> =>
    db.withConnection(async (c) => {
      const row = (await c.runAndReadAll(sql, values)).getRowObjectsJS()[0];
      return row ? userFromRow(row) : undefined;
    });
  const findByEmail = (email: string) => one(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [normaliseEmail(email)]);
  return {
    findByEmail,
    async add(user) {
      const email = normaliseEmail(user.email);
      const taken = () => new DuplicateEmailError(`a user with e-mail ${email} exists`);
      if (await findByEmail(email)) throw taken();
      const now = new Date().toISOString();
      // Two adds of one e-mail on two pooled connections both pass the look-up above; the unique constraint
      // refuses the second, and that refusal is a taken e-mail, not a database failure.
      const added = await one(
        `INSERT INTO users (account_id, name, email, status, role, password_hash, created_at, updated_at, deleted_at)
         VALUES ($1, $2, $3, $4, $5, $6, CAST($7 AS TIMESTAMP), CAST($7 AS TIMESTAMP), CAST($8 AS TIMESTAMP))
         RETURNING ${COLUMNS}`,
        [user.accountID, user.name, email, user.status ?? STATUS.active, user.role, user.passwordHash, now,
          user.deletedAt ? user.deletedAt.toISOString() : null],
      ).catch(async (error: unknown) => {
        throw (await findByEmail(email)) ? taken() : error;
      });
      return added!;
    },
  };
}

