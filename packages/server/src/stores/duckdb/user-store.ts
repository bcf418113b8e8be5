/**
 * Users in the data folder's database, next to the events, so one `--data` folder is the whole state of a server.
 * Token versions are in a table of their own (`migrations.ts` says why), raised in the transaction that changes the
 * user.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { STATUS } from '../../auth/roles.js';
import { normaliseEmail, type StoredUser } from '../../auth/user.js';
import { DuplicateEmailError, type UserStore } from '../../auth/user-store.js';
import { userFromRow } from '../sql/user-row.js';
import type { DuckDB } from './database.js';
import { migrateDuckDB, USERS_MIGRATIONS } from './migrations.js';

const TIMES = 'epoch_ms(created_at) AS created, epoch_ms(updated_at) AS updated, epoch_ms(deleted_at) AS deleted';
const SELECT = `SELECT id, account_id, name, email, status, role, password_hash, COALESCE(v.version, 0) AS token_version, ${TIMES}
  FROM users LEFT JOIN user_token_versions v ON v.user_id = users.id`;
/** Adds one to a user's version (a first change makes its row at 1); no row for an unknown user. */
const RAISE = `INSERT INTO user_token_versions SELECT id, 1 FROM users WHERE id = $1
  ON CONFLICT (user_id) DO UPDATE SET version = version + 1 RETURNING user_id`;

type Values = (string | number | null)[];

/**
 * Creates or migrates the users table and returns a store on it.
 *
 * @example
 * const users = await createDuckDBUserStore(db)
 * await users.add({ email: 'a@example.com', name: 'A', accountID: 1, role: 1, passwordHash })
 */
export async function createDuckDBUserStore(db: DuckDB): Promise<UserStore> {
  await migrateDuckDB(db, 'users', USERS_MIGRATIONS);
  const read = async (c: DuckDBConnection, sql: string, values: Values) => (await c.runAndReadAll(sql, values)).getRowObjectsJS();
  const all = (sql: string, values: Values): Promise<StoredUser[]> => db.withConnection(async (c) => (await read(c, sql, values)).map(userFromRow));
  const one = async (sql: string, values: Values) => (await all(sql, values))[0];
  /**
   * Runs `fn` in a transaction on one connection, one change after another. Two changes to one user at once (two
   * sign-outs) would conflict in DuckDB ("Conflict on update"), where PostgreSQL waits for the row lock; DuckDB has
   * one process per data folder, so queueing the changes here orders them all.
   */
  let queue: Promise<unknown> = Promise.resolve();
  const inTransaction = <T>(fn: (c: DuckDBConnection) => Promise<T>): Promise<T> => {
    const next = queue.catch(() => undefined).then(() => transaction(fn));
    queue = next;
    return next;
  };
  const transaction = <T>(fn: (c: DuckDBConnection) => Promise<T>): Promise<T> =>
    db.withConnection(async (c) => {
      await c.run('BEGIN TRANSACTION');
      try {
        const result = await fn(c);
        await c.run('COMMIT');
        return result;
      } catch (error) {
        await c.run('ROLLBACK').catch(() => {});
        throw error;
      }
    });
  const findByEmail = (email: string) => one(`${SELECT} WHERE email = $1`, [normaliseEmail(email)]);
  return {
    findByEmail,
    findById: (id) => one(`${SELECT} WHERE id = $1`, [id]),
    list: () => all(`${SELECT} ORDER BY id`, []),
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
         RETURNING id, account_id, name, email, status, role, password_hash, 0 AS token_version, ${TIMES}`,
        [
          user.accountID,
          user.name,
          email,
          user.status ?? STATUS.active,
          user.role,
          user.passwordHash,
          now,
          user.deletedAt ? user.deletedAt.toISOString() : null,
        ],
      ).catch(async (error: unknown) => {
        throw (await findByEmail(email)) ? taken() : error;
      });
      return added!;
    },
    update(email, change) {
      // One transaction: the change and the version that ends the tokens before it are never seen apart.
      return inTransaction(async (c) => {
        const [row] = await read(
          c,
          `UPDATE users SET status = COALESCE($2, status), role = COALESCE($3, role), password_hash = COALESCE($4, password_hash),
             deleted_at = CASE WHEN $5 = 1 THEN COALESCE(deleted_at, CAST($6 AS TIMESTAMP)) ELSE deleted_at END,
             updated_at = CAST($6 AS TIMESTAMP)
           WHERE email = $1 RETURNING id`,
          [normaliseEmail(email), change.status ?? null, change.role ?? null, change.passwordHash ?? null, change.deleted ? 1 : 0, new Date().toISOString()],
        );
        if (!row) return undefined;
        await read(c, RAISE, [Number(row.id)]);
        const [changed] = await read(c, `${SELECT} WHERE id = $1`, [Number(row.id)]);
        return changed && userFromRow(changed);
      });
    },
    async revokeTokens(id) {
      return (await inTransaction((c) => read(c, RAISE, [id]))).length > 0;
    },
  };
}
