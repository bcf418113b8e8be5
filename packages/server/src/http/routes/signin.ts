/**
 * `POST /api/signin/` (docs/spec.md#signin) and `POST /api/signout/`, a Fastify plugin. Sign-in: the body goes to the
 * sign-in service, and its outcome becomes 200 with `{ token, user }`, 400 with issues, 401 with one fixed body
 * whatever the reason, 429 with `Retry-After` (too many failures), or 503 `busy` with `Retry-After` (too many
 * sign-ins being checked at once: `auth/hash-gate.ts`). The body is checked by the sign-in service, not a route schema,
 * so its issues keep docs/spec.md#issues's shape. Sign-out (any role, with the token to end) raises the user's token version:
 * that token and every other one the user holds stop working on every server (`auth/sessions.ts`); 204.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ROLE } from '../../auth/roles.js';
import type { Sessions } from '../../auth/sessions.js';
import type { SignInService } from '../../auth/signin.js';
import { authenticate } from '../authenticate.js';
import { jsonBody } from '../body.js';
import { HttpError } from '../http-error.js';

const ANY_ROLE = [ROLE.admin, ROLE.service, ROLE.publisher] as const;

/**
 * The sign-in and sign-out routes as a plugin.
 *
 * @example
 * await api.register(signInRoute(services))
 */
export function signInRoute(deps: { signIn: SignInService; sessions: Sessions }): FastifyPluginAsync {
  return async (app) => {
    app.post('/api/signin', async (request) => {
      const outcome = await deps.signIn.signIn(jsonBody(request), { address: request.ip });
      if (outcome.ok) return { token: outcome.token, user: outcome.user };
      switch (outcome.status) {
        case 400:
          throw new HttpError(400, 'invalid_request', 'the sign-in request is invalid', outcome.issues);
        case 401:
          throw new HttpError(401, 'invalid_credentials', 'wrong e-mail or password');
        case 429:
          throw new HttpError(429, 'too_many_requests', 'too many failed sign-ins; try again later', undefined, {
            'Retry-After': String(outcome.retryAfter),
          });
        case 503:
          throw new HttpError(503, 'busy', 'too many sign-ins at once; try again shortly', undefined, { 'Retry-After': String(outcome.retryAfter) });
      }
    });
    // The token says whom to sign out, so it is checked (and acted on) before any body is read; a body is ignored.
    app.post(
      '/api/signout',
      {
        onRequest: async (request) => deps.sessions.signOut(await authenticate(request, deps.sessions, ANY_ROLE)),
      },
      async (_request, reply) => reply.code(204).send(),
    );
  };
}
