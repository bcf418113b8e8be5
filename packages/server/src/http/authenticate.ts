/**
 * Who is calling (docs/spec.md#authentication): the token comes in the Authorization header, as `Bearer <token>` or bare (the seed
 * leaves it open, so both are taken). A missing, malformed, badly signed or expired token is 401 with a
 * `WWW-Authenticate` challenge (RFC 6750), and so is one its user no longer holds (signed out, deactivated, deleted,
 * role or password changed: `auth/sessions.ts`); a valid token whose role may not use the endpoint is 403.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Role } from '../auth/roles.js';
import type { Sessions } from '../auth/sessions.js';
import type { TokenClaims } from '../auth/token.js';
import { HttpError } from './http-error.js';

const BEARER = /^Bearer +(\S+)$/i;
const BARE = /^[A-Za-z0-9_\-.]+$/;

function unauthorized(code: string, message: string, challenge: string): HttpError {
  return new HttpError(401, code, message, undefined, { 'WWW-Authenticate': challenge });
}

/** The token in the Authorization header, or undefined when there is none that could be one. */
function tokenFrom(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const bearer = BEARER.exec(value);
  if (bearer) return bearer[1];
  return BARE.test(value) ? value : undefined;
}

/**
 * Checks the caller's token and role; throws the 401 or 403 to answer with.
 *
 * @example
 * const claims = await authenticate(request, sessions, REPORT_ROLES)
 */
export async function authenticate(req: { headers: IncomingHttpHeaders }, sessions: Sessions, roles: readonly Role[]): Promise<TokenClaims> {
  const header = req.headers.authorization;
  if (!header) throw unauthorized('unauthorized', 'an Authorization token is required', 'Bearer');
  const token = tokenFrom(header);
  const check = token ? await sessions.verify(token) : ({ ok: false, reason: 'invalid' } as const);
  if (!check.ok && check.reason === 'expired') {
    throw unauthorized('token_expired', 'the token has expired; sign in again', 'Bearer error="invalid_token", error_description="expired"');
  }
  if (!check.ok && check.reason === 'revoked') {
    throw unauthorized(
      'token_revoked',
      'the token has ended (signed out, or the user was changed); sign in again',
      'Bearer error="invalid_token", error_description="revoked"',
    );
  }
  if (!check.ok) throw unauthorized('invalid_token', 'the token is malformed or not validly signed', 'Bearer error="invalid_token"');
  if (!roles.includes(check.claims.role)) throw new HttpError(403, 'forbidden', 'this role may not use this endpoint');
  return check.claims;
}
