/**
 * Sign-in (SPEC §7.1) without HTTP: check the body, the throttle, the password, the user's state; then issue a
 * token. Every failure for a known address — wrong password, inactive, deleted — and for an unknown one gives the
 * same outcome after the same work (an unknown address is checked against a dummy hash of the same cost), so
 * neither the answer nor its timing tells an attacker which addresses have accounts.
 */
import { randomBytes } from 'node:crypto';
import { issue, pointer, type Issue } from '../core/issues.js';
import { isPlainObject } from '../core/apply/plain-object.js';
import { hashPassword, verifyPassword, DEFAULT_SCRYPT_COST, type ScryptCost } from './password.js';
import { STATUS } from './roles.js';
import type { AsyncSignInThrottle, SignInThrottle } from './throttle.js';
import type { TokenService } from './token.js';
import type { SignInResult } from '../api/signin.js';
import { normaliseEmail, toUserRecord } from './user.js';
import type { UserStore } from './user-store.js';

/** The outcome of a sign-in attempt; the status is the HTTP status the server answers with. */
export type SignInOutcome =
  | ({ ok: true } & SignInResult)
  | { ok: false; status: 400; issues: Issue[] }
  | { ok: false; status: 401 }
  | { ok: false; status: 429; retryAfter: number };

/** Signs users in. */
export interface SignInService {
  signIn(body: unknown): Promise<SignInOutcome>;
}

/** What sign-in needs. */
export interface SignInDeps {
  users: UserStore;
  tokens: TokenService;
  /** In memory (one server) or shared (several: `createPostgresThrottle`). */
  throttle: SignInThrottle | AsyncSignInThrottle;
  /** Cost of the dummy hash; must match the users' hashes for equal timing. Default {@link DEFAULT_SCRYPT_COST}. */
  cost?: ScryptCost;
}

const MAX_EMAIL = 254;
const MAX_PASSWORD = 1024;

/**
 * Makes the sign-in service.
 *
 * @example
 * const service = createSignIn({ users, tokens, throttle: createThrottle() })
 * const out = await service.signIn({ email: 'admin@example.com', password: '…' })
 * if (out.ok) out.token
 */
export function createSignIn(deps: SignInDeps): SignInService {
  const dummy = hashPassword(randomBytes(16).toString('hex'), deps.cost ?? DEFAULT_SCRYPT_COST);
  return {
    async signIn(body) {
      const issues = checkBody(body);
      if (issues.length > 0) return { ok: false, status: 400, issues };
      const { email, password } = body as { email: string; password: string };
      const key = normaliseEmail(email);
      // The attempt counts from here (concurrent guesses included) until it fails or succeeds; one that throws
      // (a store error) counts as failed, so nothing can keep an attempt open.
      const wait = await deps.throttle.begin(key);
      if (wait > 0) return { ok: false, status: 429, retryAfter: wait };
      let user;
      let admitted = false;
      try {
        user = await deps.users.findByEmail(key);
        const matches = await verifyPassword(password, user?.passwordHash ?? (await dummy));
        admitted = matches && !!user && user.status === STATUS.active && user.deletedAt === null;
      } finally {
        if (admitted) await deps.throttle.succeed(key);
        else await deps.throttle.fail(key);
      }
      if (!admitted || !user) return { ok: false, status: 401 };
      const token = await deps.tokens.sign({ userID: user.id, accountID: user.accountID, role: user.role, version: user.tokenVersion });
      return { ok: true, token, user: toUserRecord(user) };
    },
  };
}

function checkBody(body: unknown): Issue[] {
  if (!isPlainObject(body)) return [issue('schema', '', 'the sign-in request must be a JSON object')];
  const b = body;
  const issues: Issue[] = [];
  for (const k of Object.keys(b)) {
    if (k !== 'email' && k !== 'password') issues.push(issue('unknown_field', pointer(k), `unknown property '${k}'`));
  }
  for (const [k, max] of [['email', MAX_EMAIL], ['password', MAX_PASSWORD]] as const) {
    if (!(k in b)) issues.push(issue('missing_required', `/${k}`, `${k} is required`));
    else if (typeof b[k] !== 'string' || b[k] === '') issues.push(issue('schema', `/${k}`, `${k} must be a non-empty string`));
    else if ((b[k] as string).length > max) issues.push(issue('limit_exceeded', `/${k}`, `${k} has at most ${max} characters`));
  }
  return issues;
}
