/**
 * Access tokens: JWTs signed with HS256 (jose) that carry the user id, the account id, the role and the user's token
 * version at sign-in (`ver`). A valid signature is not enough to be served: `sessions.ts` also checks, per request,
 * that the user is still active with that role and version, so a deactivated, demoted or signed-out user's token
 * ends within seconds rather than at its expiry. How verification refuses forged or endless tokens is on
 * {@link TokenService.verify}.
 */
import { SignJWT, errors, jwtVerify } from 'jose';
import { isRole, type Role } from './roles.js';

/** What a valid token says about its holder. */
export interface TokenClaims {
  userID: number;
  accountID: number;
  role: Role;
  /** The user's token version when the token was issued (`ver`; 0 in tokens from before versions). */
  version: number;
}

/** What a token is signed with: the claims, the version defaulting to 0 (a user never changed). */
export type TokenInput = Omit<TokenClaims, 'version'> & { version?: number };

/** The outcome of checking a token. */
export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Issues and checks tokens. */
export interface TokenService {
  /** A token carrying the claims (the user id as `sub` and `userID`), expiring after the configured lifetime. */
  sign(claims: TokenInput): Promise<string>;
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
    async sign({ userID, accountID, role, version = 0 }) {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ userID, accountID, role, ver: version })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userID))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttl)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['exp'], currentDate: new Date(now()) });
        const { userID, accountID, role, ver = 0 } = payload;
        if (!Number.isSafeInteger(userID) || !Number.isSafeInteger(accountID) || !isRole(role) || !Number.isSafeInteger(ver) || (ver as number) < 0) {
          return { ok: false, reason: 'invalid' };
        }
        return { ok: true, claims: { userID: userID as number, accountID: accountID as number, role, version: ver as number } };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
