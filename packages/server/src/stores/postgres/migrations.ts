/**
 * The PostgreSQL schemas, per component, version by version (recorded in `bidfields_schema`; see `sql/migrate.ts`).
 * Never edit a shipped migration: add one.
 */
import type { Migrations } from '../sql/migrate.js';

export const USERS_MIGRATIONS: Migrations = [
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
  // The unique index on the normalised form, so that a row written by anything but this store (a script, a psql
  // session) cannot add a second spelling of a taken address either.
  ['DROP INDEX users_email', 'CREATE UNIQUE INDEX users_email_normalised ON users (lower(btrim(email)))'],
  // Token revocation: every change to a user raises its version, and tokens of an older one are refused.
  ['ALTER TABLE users ADD COLUMN token_version BIGINT NOT NULL DEFAULT 0'],
];

/** The users schema version this code writes and reads. */
export const USERS_SCHEMA_VERSION = USERS_MIGRATIONS.length - 1;

export const THROTTLE_MIGRATIONS: Migrations = [
  [],
  [
    `CREATE TABLE signin_throttle (
      key TEXT PRIMARY KEY,
      failures INTEGER NOT NULL,
      pending INTEGER NOT NULL,
      last_ms BIGINT NOT NULL,
      locked_until_ms BIGINT NOT NULL
    )`,
    'CREATE INDEX signin_throttle_last ON signin_throttle (last_ms)',
  ],
];

export const ADAPTERS_MIGRATIONS: Migrations = [
  [],
  [
    `CREATE TABLE adapters (
      bidder_code TEXT PRIMARY KEY,
      record TEXT NOT NULL,
      version BIGINT NOT NULL,
      updated_at TIMESTAMPTZ NOT NULL
    )`,
  ],
  // Tombstones: a deleted record's row stays, with its last version, so a re-create continues from it.
  ['ALTER TABLE adapters ADD COLUMN deleted BOOLEAN NOT NULL DEFAULT false'],
];
