/**
 * `POST /api/signin/` (SPEC §7.1), a Fastify plugin: the body goes to the sign-in service, and its outcome becomes
 * 200 with `{ token, user }`, 400 with issues, 401 with one fixed body whatever the reason, or 429 with
 * `Retry-After`. The body is checked by the sign-in service, not a route schema, so its issues keep SPEC §5's shape.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { SignInService } from '../../auth/signin.js';
import { jsonBody } from '../body.js';
import { HttpError } from '../http-error.js';

/**
 * The sign-in route as a plugin.
 *
 * @example
 * await api.register(signInRoute(services.signIn))
 */
export function signInRoute(service: SignInService): FastifyPluginAsync {
  return async (app) => {
    app.post('/api/signin', async (request) => {
      const outcome = await service.signIn(jsonBody(request));
      if (outcome.ok) return { token: outcome.token, user: outcome.user };
      switch (outcome.status) {
        case 400:
          throw new HttpError(400, 'invalid_request', 'the sign-in request is invalid', outcome.issues);
        case 401:
          throw new HttpError(401, 'invalid_credentials', 'wrong e-mail or password');
        case 429:
          throw new HttpError(429, 'too_many_requests', 'too many failed sign-ins for this e-mail; try again later', undefined, {
            'Retry-After': String(outcome.retryAfter),
          });
      }
    });
  };
}
