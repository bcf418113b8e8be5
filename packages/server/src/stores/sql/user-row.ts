/** The user row both SQL engines select (times as epoch milliseconds), read one way. */
import type { Role, Status } from '../../auth/roles.js';
import type { StoredUser } from '../../auth/user.js';

/** A user from a row with the store's columns (times as epoch milliseconds in `created`, `updated`, `deleted`; `token_version`). */
export function userFromRow(row: Record<string, unknown>): StoredUser {
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
    tokenVersion: Number(row.token_version ?? 0),
  };
}
