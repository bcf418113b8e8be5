/**
 * Where users live: what sign-in, the per-request token check and the CLI need of a store and no more. The engines
 * implement it in `stores/duckdb` (the data folder) and `stores/postgres` (shared by every API instance).
 *
 * Every change to a user (status, role, password, deletion, sign-out) adds one to its `tokenVersion`. A token
 * carries the version it was issued at, so a change ends every token issued before it (`auth/sessions.ts`).
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

/** A change to a user; whatever is given is set, and the user's tokens end. */
export interface UserChange {
  status?: Status;
  role?: Role;
  passwordHash?: string;
  /** Marks the user deleted (now); a deleted user keeps its row and its e-mail, and can no longer sign in. */
  deleted?: true;
}

/** Users by e-mail and by id. */
export interface UserStore {
  /** The user with this e-mail (compared case-insensitively), deleted or not. */
  findByEmail(email: string): Promise<StoredUser | undefined>;
  /** The user with this id, deleted or not. */
  findById(id: number): Promise<StoredUser | undefined>;
  /** Every user, deleted ones included, by id. */
  list(): Promise<StoredUser[]>;
  /** Adds a user; rejects with {@link DuplicateEmailError} when the e-mail is taken. */
  add(user: NewUser): Promise<StoredUser>;
  /**
   * Changes the user with this e-mail and adds one to its token version (so its tokens end), in one statement;
   * resolves with the user afterwards, or undefined when there is no such user.
   */
  update(email: string, change: UserChange): Promise<StoredUser | undefined>;
  /** Adds one to the user's token version, ending every token issued to it so far (sign-out); false when unknown. */
  revokeTokens(id: number): Promise<boolean>;
}

/** Thrown by {@link UserStore.add} for an e-mail that is already taken. */
export class DuplicateEmailError extends Error {
  override name = 'DuplicateEmailError';
}
