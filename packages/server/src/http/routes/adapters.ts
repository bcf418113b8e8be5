/**
 * `GET /api/adapters/`, `GET|PUT|DELETE /api/adapters/{bidderCode}`, a Fastify plugin over the
 * framework-free adapters service. The token, and the role's right to read or write, are checked in the routes'
 * `onRequest` hook, before any body is read; the service's answers become JSON bodies, 204, or the API's error
 * body. Another method on a bidder's path is 405 with `Allow`, as on every route (the app's table of known paths
 * matches parametric ones: `allowed-methods.ts`).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ROLE, type Role } from '../../auth/roles.js';
import type { Sessions } from '../../auth/sessions.js';
import type { AdapterAnswer, AdapterService } from '../../adapters/service.js';
import { authenticate } from '../authenticate.js';
import { jsonBody } from '../body.js';
import { HttpError } from '../http-error.js';

const ANY_ROLE: readonly Role[] = [ROLE.admin, ROLE.service, ROLE.publisher];
const FORBIDDEN = new HttpError(403, 'forbidden', 'this role may not use this endpoint');
const ONE = '/api/adapters/:bidderCode';

/** Sends a service answer, or throws it as the API's error. */
function send(reply: FastifyReply, answer: AdapterAnswer) {
  if (!answer.ok) throw new HttpError(answer.status, answer.code, answer.message, answer.issues);
  return answer.status === 204 ? reply.code(204).send() : reply.code(answer.status).send(answer.body);
}

/**
 * The adapter routes as a plugin.
 *
 * @example
 * await api.register(adaptersRoute({ sessions: services.sessions, adapters: services.adapters }))
 */
export function adaptersRoute(deps: { sessions: Sessions; adapters: AdapterService }): FastifyPluginAsync {
  const { adapters } = deps;
  const roles = new WeakMap<FastifyRequest, Role>();
  const onRequest = async (request: FastifyRequest) => {
    const { role } = await authenticate(request, deps.sessions, ANY_ROLE);
    if (!adapters.allows(role, request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write')) throw FORBIDDEN;
    roles.set(request, role);
  };
  const roleOf = (request: FastifyRequest) => roles.get(request)!;
  const codeOf = (request: FastifyRequest) => (request.params as { bidderCode: string }).bidderCode;
  return async (app) => {
    app.get('/api/adapters', { onRequest }, async (request, reply) => send(reply, await adapters.list(roleOf(request))));
    app.get(ONE, { onRequest }, async (request, reply) => send(reply, await adapters.get(roleOf(request), codeOf(request))));
    app.put(ONE, { onRequest }, async (request, reply) => send(reply, await adapters.put(roleOf(request), codeOf(request), jsonBody(request))));
    app.delete(ONE, { onRequest }, async (request, reply) => send(reply, await adapters.delete(roleOf(request), codeOf(request))));
  };
}
