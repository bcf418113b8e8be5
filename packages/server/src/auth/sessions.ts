/**
 * Whether a token is still honoured: a valid signature and expiry (`token.ts`) and, per request, a user who is still
 * active, not deleted, with the token's role and account, at the token version the token was issued at. Every change
 * to a user raises its version (`user-store.ts`), so a deactivated, deleted or demoted user, one whose password was
 * changed, or one who signed out, loses every token issued before within {@link DEFAULT_SESSION_CACHE_MS}.
 *
 * The user's state is cached for that long, so that a burst of requests costs one look-up per user rather than
 * one per request (a DuckDB query shares the thread pool with everything else); concurrent look-ups of one user
 * share one query. A change made through this process (sign-out) forgets the cached state at once; one made
 * elsewhere (the CLI, another API instance) is seen when the cache entry ends, or at once by a token newer than
 * the cached state.
 */
import type { TokenCheck, TokenClaims, TokenService } from './token.js';
import { STATUS } from './roles.js';
import type { StoredUser } from './user.js';
import type { UserStore } from './user-store.js';

/** The longest a user's state is cached: how long a change made elsewhere may take to end its tokens. */
export const DEFAULT_SESSION_CACHE_MS = 2000;
/** Users whose state is cached at most (the least recently looked-up go first). */
const MAX_CACHED = 10_000;

/** The outcome of checking a token for a request: {@link TokenCheck}, or refused because the user changed. */
export type SessionCheck = TokenCheck | { ok: false; reason: 'revoked' };

/** Checks tokens against the user store, and ends them. */
export interface Sessions {
  /** Checks the token's signature and expiry, then that its user still holds it (see the module comment). */
  verify(token: string): Promise<SessionCheck>;
  /** Ends every token of the token's user (sign-out): its version is raised. */
  signOut(claims: TokenClaims): Promise<void>;
}

/** Options of {@link createSessions}. */
export interface SessionOptions {
  /** How long a user's state is cached; default {@link DEFAULT_SESSION_CACHE_MS}. 0 looks it up on every request. */
  cacheMs?: number;
  /** Clock, for tests; default `performance.now`. */
  now?: () => number;
}

type Held = Pick<StoredUser, 'status' | 'role' | 'accountID' | 'deletedAt' | 'tokenVersion'>;

/**
 * Makes the per-request token check.
 *
 * @example
 * const sessions = createSessions(tokens, users)
 * const check = await sessions.verify(token) // { ok: false, reason: 'revoked' } once the user is deactivated
 */
export function createSessions(tokens: TokenService, users: UserStore, options: SessionOptions = {}): Sessions {
  const { cacheMs = DEFAULT_SESSION_CACHE_MS, now = () => performance.now() } = options;
  const cache = new Map<number, { at: number; user: Promise<Held | undefined> }>();
  const lookUp = (id: number, fresh: boolean): Promise<Held | undefined> => {
    const cached = cache.get(id);
    if (cached && !fresh && now() - cached.at < cacheMs) return cached.user;
    const user = users.findById(id);
    cache.delete(id);
    cache.set(id, { at: now(), user });
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
    // A failed look-up is not kept: the next request asks again (this one answers 500).
    user.catch(() => cache.get(id)?.user === user && cache.delete(id));
    return user;
  };
  return {
    async verify(token) {
      const check = await tokens.verify(token);
      if (!check.ok) return check;
      const { userID, accountID, role, version } = check.claims;
      let user = await lookUp(userID, false);
      // A token newer than the cached state was issued after it (a sign-in once the user was activated again,
      // perhaps on another server): the cache is behind, not the token.
      if (user && user.tokenVersion < version) user = await lookUp(userID, true);
      const holds =
        user !== undefined &&
        user.deletedAt === null &&
        user.status === STATUS.active &&
        user.role === role &&
        user.accountID === accountID &&
        user.tokenVersion === version;
      return holds ? check : { ok: false, reason: 'revoked' };
    },
    async signOut(claims) {
      await users.revokeTokens(claims.userID);
      cache.delete(claims.userID);
    },
  };
}
