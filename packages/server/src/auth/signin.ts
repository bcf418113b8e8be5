/**
 * Sign-in (docs/spec.md#signin) without HTTP: check the body, the throttles, the password, the user's state; then issue a
 * token. Every failure for a known e-mail — wrong password, inactive, deleted — and for an unknown one gives the
 * same outcome after the same work (an unknown e-mail is checked against a dummy hash of the same cost), so
 * neither the answer nor its timing tells an attacker which e-mails have accounts.
 *
 * Failures are counted as real services count them: per client address and e-mail (guessing one account), and per
 * client address over every e-mail (password spraying). So a stranger who guesses at someone's e-mail locks out
 * only himself, never the owner signing in from another address, and one address cannot try e-mail after e-mail.
 * Without a client address (a caller outside HTTP), failures count per e-mail alone.
 */
import { randomBytes } from 'node:crypto';
import { issue, pointer, type Issue } from 'bidfields';
import { isPlainObject } from 'bidfields/api';
import { hashPassword, verifyPassword, DEFAULT_SCRYPT_COST, type ScryptCost } from './password.js';
import { STATUS } from './roles.js';
import { clientBucket } from './client-address.js';
import { createHashGate, type HashGate } from './hash-gate.js';
import { createThrottle, type AsyncSignInThrottle, type SignInThrottle } from './throttle.js';
import type { TokenService } from './token.js';
import type { SignInResult } from 'bidfields/api';
import { normaliseEmail, toUserRecord, type StoredUser } from './user.js';
import type { UserStore } from './user-store.js';

/** The outcome of a sign-in attempt; the status is the HTTP status the server answers with. */
export type SignInOutcome =
  | ({ ok: true } & SignInResult)
  | { ok: false; status: 400; issues: Issue[] }
  | { ok: false; status: 401 }
  | { ok: false; status: 429; retryAfter: number }
  /** Too many sign-ins being checked at once (`hash-gate.ts`): nothing was counted, try again shortly. */
  | { ok: false; status: 503; retryAfter: number };

/** Who is signing in, as the transport knows it. */
export interface SignInContext {
  /** The client's address (the TCP peer, or what a trusted proxy says: `server/app.ts`). */
  address?: string;
}

/** Signs users in. */
export interface SignInService {
  signIn(body: unknown, context?: SignInContext): Promise<SignInOutcome>;
}

/** What sign-in needs. */
export interface SignInDeps {
  users: UserStore;
  tokens: TokenService;
  /**
   * Failures per client address and e-mail ({@link ACCOUNT_THROTTLE} rules), in memory (one server) or shared
   * (several: `createPostgresThrottle`).
   */
  throttle: SignInThrottle | AsyncSignInThrottle;
  /** Failures per client address over every e-mail ({@link ADDRESS_THROTTLE} rules); default one in memory. */
  addressThrottle?: SignInThrottle | AsyncSignInThrottle;
  /** Cost of the dummy hash; must match the users' hashes for equal timing. Default {@link DEFAULT_SCRYPT_COST}. */
  cost?: ScryptCost;
  /** The bound on password checks at once; default {@link createHashGate}'s. */
  hashGate?: HashGate;
}

/** The rules per client address and e-mail: 5 failures, then 30 s doubling to 15 min (the throttle's defaults). */
export const ACCOUNT_THROTTLE = { maxFailures: 5, lockSeconds: 30, maxLockSeconds: 900, windowSeconds: 900 } as const;
/**
 * The rules per client address over every e-mail: 10 failures (of any e-mails) within 15 minutes, then 30 s doubling
 * to 15 min. A success does not clear them: one account the sprayer owns must not buy more guesses.
 */
export const ADDRESS_THROTTLE = { maxFailures: 10, lockSeconds: 30, maxLockSeconds: 900, windowSeconds: 900 } as const;

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
  const addressThrottle = deps.addressThrottle ?? createThrottle(ADDRESS_THROTTLE);
  const gate = deps.hashGate ?? createHashGate();
  return {
    async signIn(body, context = {}) {
      const issues = checkBody(body);
      if (issues.length > 0) return { ok: false, status: 400, issues };
      const { email, password } = body as { email: string; password: string };
      const address = context.address === undefined ? undefined : clientBucket(context.address);
      // The address comes first in the key and has no line break, so no two (address, e-mail) pairs share a key.
      const normalised = normaliseEmail(email);
      const key = address === undefined ? normalised : `${address}\n${normalised}`;
      // The attempt counts from here (concurrent guesses included) until it fails or succeeds; one that throws
      // (a store error) counts as failed, so nothing can keep an attempt open. The address is asked first: a
      // sprayer is refused before any per-account state is made for the e-mail he tries.
      if (address !== undefined) {
        const wait = await addressThrottle.begin(address);
        if (wait > 0) return { ok: false, status: 429, retryAfter: wait };
      }
      let wait: number;
      try {
        wait = await deps.throttle.begin(key);
      } catch (error) {
        if (address !== undefined) await addressThrottle.end(address);
        throw error;
      }
      if (wait > 0) {
        if (address !== undefined) await addressThrottle.end(address);
        return { ok: false, status: 429, retryAfter: wait };
      }
      let user = undefined as StoredUser | undefined; // set inside the gate, which TypeScript cannot follow
      let admitted = false;
      let checked = false;
      try {
        // The look-up goes under the gate too: it also waits on the thread pool (DuckDB), and a refused attempt
        // should cost nothing at all.
        const outcome = await gate.run(async () => {
          user = await deps.users.findByEmail(normalised);
          return verifyPassword(password, user?.passwordHash ?? (await dummy));
        });
        checked = outcome.ok;
        admitted = outcome.ok && outcome.value && !!user && user.status === STATUS.active && user.deletedAt === null;
      } catch (error) {
        checked = true; // a store error counts as a failed attempt
        throw error;
      } finally {
        // An attempt the gate turned away was never checked: it counts neither way.
        if (!checked) await deps.throttle.end(key);
        else if (admitted) await deps.throttle.succeed(key);
        else await deps.throttle.fail(key);
        if (address !== undefined) await (!checked || admitted ? addressThrottle.end(address) : addressThrottle.fail(address));
      }
      if (!checked) return { ok: false, status: 503, retryAfter: 1 };
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
  for (const [k, max] of [
    ['email', MAX_EMAIL],
    ['password', MAX_PASSWORD],
  ] as const) {
    if (!(k in b)) issues.push(issue('missing_required', `/${k}`, `${k} is required`));
    else if (typeof b[k] !== 'string' || b[k] === '') issues.push(issue('schema', `/${k}`, `${k} must be a non-empty string`));
    else if ((b[k] as string).length > max) issues.push(issue('limit_exceeded', `/${k}`, `${k} has at most ${max} characters`));
  }
  return issues;
}
