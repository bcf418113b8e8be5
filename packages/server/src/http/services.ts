/**
 * Wires the services the HTTP layer calls — sign-in, tokens, reports — from a storage and a few settings. Kept
 * apart from the handler so tests and embedders can swap any one of them (a shorter token lifetime, a cheaper
 * password hash, a different report store) without touching routing.
 */
import { randomBytes } from 'node:crypto';
import type { HashGate } from '../auth/hash-gate.js';
import type { ScryptCost } from '../auth/password.js';
import { createSessions, type Sessions } from '../auth/sessions.js';
import { ACCOUNT_THROTTLE, createSignIn, type SignInService } from '../auth/signin.js';
import { createThrottle, type AsyncSignInThrottle, type SignInThrottle } from '../auth/throttle.js';
import { createTokenService, type TokenService } from '../auth/token.js';
import type { UserStore } from '../auth/user-store.js';
import { createReportEngine, type ReportEngine } from '../reports/engine.js';
import { isEventStore, type EventStore, type ReportStore } from '../reports/store.js';
import type { AdapterStore } from '../adapters/store.js';
import { createAdapterService, type AdapterService } from '../adapters/service.js';

/** What the request handler calls. */
export interface ApiServices {
  signIn: SignInService;
  tokens: TokenService;
  /** The per-request token check (the user still holds the token) and sign-out. */
  sessions: Sessions;
  reports: ReportEngine;
  /**
   * Where `POST /api/data/import` loads files and `POST /api/data/delete` removes rows; without it the routes do not
   * exist (a read-only store).
   */
  imports?: EventStore;
  /** Stored adapter records (`/api/adapters/`); absent when no adapter store was given. */
  adapters?: AdapterService;
}

/** Options of {@link createServices}. */
export interface ServiceOptions {
  /** HMAC key for tokens (≥ 32 bytes); default: random per process, so a restart signs everyone out. */
  jwtSecret?: Uint8Array | string;
  /** Token lifetime; default 3600 s. */
  tokenTtlSeconds?: number;
  /** Password hash cost of the users (for the dummy hash that keeps timing even); default OWASP's. */
  scryptCost?: ScryptCost;
  /** Sign-in failures per client address and e-mail; default in memory (`auth/signin.ts`). */
  throttle?: SignInThrottle | AsyncSignInThrottle;
  /** Sign-in failures per client address; default in memory. */
  addressThrottle?: SignInThrottle | AsyncSignInThrottle;
  /** The bound on sign-in password checks at once; default {@link createHashGate}'s (1 or 2 by cores, 8 waiting each). */
  hashGate?: HashGate;
  /** Clock for tokens, for tests. */
  now?: () => number;
  /** How long a user's state is cached by the per-request token check; default 2000 ms (`auth/sessions.ts`). */
  sessionCacheMs?: number;
  /** Hosts an adapter's endpoint may name (`--known-endpoint`); default none, so every endpoint is refused. */
  knownEndpoints?: readonly string[];
  /** Admit local endpoints that the list names exactly (tests only). */
  allowLocalEndpoints?: boolean;
}

/**
 * Builds the services over a report store and a user store.
 *
 * @example
 * const services = createServices({ events: storage.events, users: storage.users }, { jwtSecret: process.env.BIDFIELDS_JWT_SECRET })
 */
export function createServices(
  stores: { events: ReportStore | EventStore; users: UserStore; adapters?: AdapterStore },
  options: ServiceOptions = {},
): ApiServices {
  const tokens = createTokenService({
    secret: options.jwtSecret ?? randomBytes(32),
    ...(options.tokenTtlSeconds !== undefined && { ttlSeconds: options.tokenTtlSeconds }),
    ...(options.now && { now: options.now }),
  });
  const signIn = createSignIn({
    users: stores.users,
    tokens,
    throttle: options.throttle ?? createThrottle(ACCOUNT_THROTTLE),
    ...(options.addressThrottle && { addressThrottle: options.addressThrottle }),
    ...(options.hashGate && { hashGate: options.hashGate }),
    ...(options.scryptCost && { cost: options.scryptCost }),
  });
  const imports = isEventStore(stores.events) ? stores.events : undefined;
  const sessions = createSessions(tokens, stores.users, { ...(options.sessionCacheMs !== undefined && { cacheMs: options.sessionCacheMs }) });
  const services: ApiServices = { signIn, tokens, sessions, reports: createReportEngine(stores.events), ...(imports && { imports }) };
  if (stores.adapters) {
    services.adapters = createAdapterService(stores.adapters, {
      knownEndpoints: options.knownEndpoints ?? [],
      allowLocal: options.allowLocalEndpoints === true,
    });
  }
  return services;
}
