/**
 * The data folder's schema, per component, through the same versioned migrator as PostgreSQL. Folders made before
 * versions were recorded have tables but no `bidfields_schema` row, so every DuckDB migration is written to be a
 * no-op where its change is already there (`IF NOT EXISTS`): such a folder runs them all and ends where a new one does.
 */
import { migrate, type Migration, type Migrations } from '../sql/migrate.js';
import type { DuckDB } from './database.js';

/** The events table's name. */
export const EVENTS_TABLE = 'events';
/** The table of imported files. */
export const IMPORTS_TABLE = 'imported_files';

/** Events (revenue as DECIMAL(18,6): exact sums, the same on every run) and the imported files' records. */
export const EVENTS_MIGRATIONS: Migrations = [
  [],
  [
    `CREATE TABLE IF NOT EXISTS ${EVENTS_TABLE} (
  "date" DATE NOT NULL,
  "service" VARCHAR NOT NULL,
  "country" VARCHAR NOT NULL,
  "requests" BIGINT NOT NULL,
  "impression" BIGINT NOT NULL,
  "revenue" DECIMAL(18, 6) NOT NULL
)`,
    `CREATE TABLE IF NOT EXISTS ${IMPORTS_TABLE} (
  "hash" VARCHAR PRIMARY KEY,
  "imported_at" TIMESTAMP NOT NULL,
  "row_count" BIGINT NOT NULL,
  "name" VARCHAR NOT NULL
)`,
  ],
];

export const USERS_MIGRATIONS: Migrations = [
  [],
  [
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
  ],
  // Token revocation: every change to a user raises its version, and tokens of an older one are refused.
  // A table of its own, not a column: DuckDB replays an ALTER TABLE … ADD COLUMN on `users` from the WAL by binding
  // the table's defaults, and `nextval('user_ids')` cannot be bound then, so a process killed before the next
  // checkpoint left a data folder that would not open ("Failure while replaying WAL file"). A user without a row
  // here is at version 0.
  ['CREATE TABLE IF NOT EXISTS user_token_versions (user_id BIGINT PRIMARY KEY, version BIGINT NOT NULL)'],
];

export const ADAPTERS_MIGRATIONS: Migrations = [
  [],
  [
    `CREATE TABLE IF NOT EXISTS adapters (
  bidder_code VARCHAR PRIMARY KEY,
  record VARCHAR NOT NULL,
  version BIGINT NOT NULL,
  updated_at TIMESTAMP NOT NULL,
  deleted BOOLEAN NOT NULL DEFAULT false
)`,
  ],
  // Tombstones, for a table made before them (a new one has the column from version 1). DuckDB cannot add a column
  // with a constraint, so here it stays nullable; every write sets it.
  ['ALTER TABLE adapters ADD COLUMN IF NOT EXISTS deleted BOOLEAN DEFAULT false'],
];

/** Per database, the migration running now: DuckDB would refuse two racing writes to `bidfields_schema`. */
const running = new WeakMap<DuckDB, Promise<unknown>>();

/**
 * Brings `component`'s schema in `db` to its latest version, one migration at a time per database.
 *
 * @example
 * await migrateDuckDB(db, 'users', USERS_MIGRATIONS)
 */
export function migrateDuckDB(db: DuckDB, component: string, migrations: Migrations): Promise<Migration> {
  const next = (running.get(db) ?? Promise.resolve())
    .catch(() => undefined)
    .then(() =>
      migrate(
        {
          transaction: (fn) =>
            db.withConnection(async (c) => {
              await c.run('BEGIN TRANSACTION');
              try {
                const result = await fn(async (sql, values) => (await c.runAndReadAll(sql, values as never)).getRowObjectsJS() as Record<string, unknown>[]);
                await c.run('COMMIT');
                return result;
              } catch (error) {
                await c.run('ROLLBACK').catch(() => {});
                throw error;
              }
            }),
        },
        component,
        migrations,
      ),
    );
  running.set(db, next);
  return next;
}
