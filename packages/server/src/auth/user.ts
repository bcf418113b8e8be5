/**
 * The user as stored, and how it becomes the user record the API shows (`api/signin.ts`): key by key, so that the
 * password hash can never leak into a response by accident.
 */
import type { Role, Status, UserRecord } from 'bidfields/api';

export type { UserRecord };

/** A user as a user store keeps it. */
export interface StoredUser {
  id: number;
  accountID: number;
  name: string;
  /** Lower-cased. */
  email: string;
  status: Status;
  role: Role;
  /** `scrypt$…`, see `password.ts`. */
  passwordHash: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  /** Raised by every change to the user; a token issued at an older version is no longer honoured. */
  tokenVersion: number;
}

/**
 * The public record of a stored user.
 *
 * @example
 * toUserRecord(stored) // { ID: 1, userID: 1, createdAt: '2024-01-01T00:00:00.000Z', …, role: 1 }
 */
export function toUserRecord(user: StoredUser): UserRecord {
  return {
    ID: user.id,
    userID: user.id,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    DeletedAt: user.deletedAt ? user.deletedAt.toISOString() : null,
    accountID: user.accountID,
    name: user.name,
    email: user.email,
    status: user.status,
    role: user.role,
  };
}

/** Lower-cases and trims an e-mail address, so look-ups and throttling see one key per mailbox. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
