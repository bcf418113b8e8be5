/**
 * The user as stored and the user record as the API shows it. The record's keys and types are the seed's, exactly
 * (`ID`, `userID`, `createdAt`, `updatedAt`, `DeletedAt`, `accountID`, `name`, `email`, `status`, `role`), and it
 * is built key by key from the stored user so that the password hash can never leak into a response by accident.
 */
import type { Role, Status } from './roles.js';

/** The user record of the sign-in response (seed §2.2). */
export interface UserRecord {
  ID: number;
  /** Equal to `ID`: the seed names both; bidfields keeps one user per record. */
  userID: number;
  /** ISO 8601, UTC, with milliseconds. */
  createdAt: string;
  updatedAt: string;
  DeletedAt: string | null;
  accountID: number;
  name: string;
  email: string;
  status: Status;
  role: Role;
}

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
