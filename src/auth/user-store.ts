/**
 * Where users live: what sign-in and the CLI need of a store and no more. The engines implement it in
 * `stores/duckdb` (the data folder) and `stores/postgres` (shared by every API instance).
 */
import type { Role, Status } from './roles.js';
import type { StoredUser } from './user.js';

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
