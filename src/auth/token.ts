/**
 * Access tokens: JWTs signed with HS256 (jose) that carry the user id, the account id and the role. The server checks
 * the role from the token alone, so a report request costs no user look-up; the price is that a deactivated user
 * keeps access until the token expires, which the short lifetime (an hour by default) bounds. How verification
 * refuses forged or endless tokens is on {@link TokenService.verify}.
 */
import { SignJWT, errors, jwtVerify } from 'jose';
import { isRole, type Role } from './roles.js';

/** What a valid token says about its holder. */
export interface TokenClaims {
  userID: number;
  accountID: number;
  role: Role;
}

/** The outcome of checking a token. */
export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Issues and checks tokens. */
export interface TokenService {
  /** A token carrying the claims (the user id as `sub` and `userID`), expiring after the configured lifetime. */
  sign(claims: TokenClaims): Promise<string>;
  /**
   * Checks a token. The algorithm is pinned, so a token signed with `none` or another algorithm is refused, and the
   * expiry is required: a token without `exp` (signed with the right key by some other tool) would otherwise be
   * good forever.
   */
  verify(token: string): Promise<TokenCheck>;
}

/** Options of {@link createTokenService}. */
export interface TokenOptions {
  /** The HMAC key: at least 32 bytes (a string is taken as UTF-8). */
  secret: Uint8Array | string;
  /** Token lifetime; default 3600 s. */
  ttlSeconds?: number;
  /** Clock, for tests; default `Date.now`. */
  now?: () => number;
}

const ALGORITHM = 'HS256';

/**
 * Makes a token service.
 *
 * @example
 * const tokens = createTokenService({ secret: randomBytes(32) })
 * const token = await tokens.sign({ userID: 1, accountID: 1, role: 1 })
 * (await tokens.verify(token)).ok // true
 */
export function createTokenService(options: TokenOptions): TokenService {
  const key = typeof options.secret === 'string' ? new TextEncoder().encode(options.secret) : options.secret;
  if (key.length < 32) throw new Error('the token secret must be at least 32 bytes');
  const ttl = options.ttlSeconds ?? 3600;
  const now = options.now ?? Date.now;
  return {
    async sign({ userID, accountID, role }) {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ userID, accountID, role })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userID))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttl)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['exp'], currentDate: new Date(now()) });
        const { userID, accountID, role } = payload;
        if (!Number.isSafeInteger(userID) || !Number.isSafeInteger(accountID) || !isRole(role)) {
          return { ok: false, reason: 'invalid' };
        }
        return { ok: true, claims: { userID: userID as number, accountID: accountID as number, role } };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
