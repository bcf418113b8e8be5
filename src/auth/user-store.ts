/**
 * Where users live. The interface is what sign-in and the CLI need and no more; the DuckDB implementation keeps
 * users in the same database file as the report data, so one `--data` folder is the whole state of a server.
 */
import type { DuckDB } from '../stores/duckdb/database.js';
import { STATUS, type Role, type Status } from './roles.js';
import { normaliseEmail, type StoredUser } from './user.js';

/** A user to add. */
export interface NewUser {
  email: string;
  name: string;
  accountID: number;
  role: Role;
  passwordHash: string;
  /** Default active. */
  status?: Status;
  /** For importing users that are already deleted; default null. */
  deletedAt?: Date | null;
}

/** Users by e-mail. */
export interface UserStore {
  /** The user with this e-mail (compared case-insensitively), deleted or not. */
  findByEmail(email: string): Promise<StoredUser | undefined>;
  /** Adds a user; rejects with {@link DuplicateEmailError} when the e-mail is taken. */
  add(user: NewUser): Promise<StoredUser>;
}

/** Thrown by {@link UserStore.add} for an e-mail that is already taken. */
export class DuplicateEmailError extends Error {
  override name = 'DuplicateEmailError';
}

const DDL = [
  'CREATE SEQUENCE IF NOT EXISTS user_ids START 1',
  `CREATE TABLE IF NOT EXISTS users (
    id BIGINT PRIMARY KEY DEFAULT nextval('user_ids'),
    account_id BIGINT NOT NULL,
    name VARCHAR NOT NULL,
    email VARCHAR NOT NULL UNIQUE,
    status INTEGER NOT NULL,
    role INTEGER NOT NULL,
    password_hash VARCHAR NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
  )`,
];
const COLUMNS = `id, account_id, name, email, status, role, password_hash,
  epoch_ms(created_at) AS created, epoch_ms(updated_at) AS updated, epoch_ms(deleted_at) AS deleted`;

/**
 * Creates the users table if needed and returns a store on it.
 *
 * @example
 * const users = await createDuckDBUserStore(db)
 * await users.add({ email: 'a@example.com', name: 'A', accountID: 1, role: 1, passwordHash })
 */
export async function createDuckDBUserStore(db: DuckDB): Promise<UserStore> {
  await db.withConnection(async (c) => {
    for (const statement of DDL) await c.run(statement);
  });
  const one = (sql: string, values: (string | number | null)[]): Promise<StoredUser | undefined> =>
    db.withConnection(async (c) => {
      const row = (await c.runAndReadAll(sql, values)).getRowObjectsJS()[0];
      return row ? fromRow(row) : undefined;
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

/** A user from a row with the store's columns (times as epoch milliseconds in `created`, `updated`, `deleted`). */
export function fromRow(row: Record<string, unknown>): StoredUser {
  return {
    id: Number(row.id),
    accountID: Number(row.account_id),
    name: String(row.name),
    email: String(row.email),
    status: Number(row.status) as Status,
    role: Number(row.role) as Role,
    passwordHash: String(row.password_hash),
    createdAt: new Date(Math.round(Number(row.created))),
    updatedAt: new Date(Math.round(Number(row.updated))),
    deletedAt: row.deleted === null || row.deleted === undefined ? null : new Date(Math.round(Number(row.deleted))),
  };
}
