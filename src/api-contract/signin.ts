/**
 * The sign-in exchange of `POST /api/signin/` (docs/spec.md#signin) as it travels: the body, the answer and the user record
 * in it, whose keys and types are the seed's exactly, and the numeric role and status codes the record carries.
 */

/** Role codes. */
export const ROLE = { admin: 1, service: 2, publisher: 3 } as const;
/** A role code. */
export type Role = (typeof ROLE)[keyof typeof ROLE];

/** Status codes. */
export const STATUS = { inactive: 0, active: 1 } as const;
/** A status code. */
export type Status = (typeof STATUS)[keyof typeof STATUS];

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

/** The body of `POST /api/signin/`. */
export interface SignInRequest {
  email: string;
  password: string;
}

/** The answer of a sign-in. */
export interface SignInResult {
  token: string;
  user: UserRecord;
}
