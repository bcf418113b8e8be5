/**
 * `POST /api/data/delete`: corrects the data of a running server, which holds the data folder, so `bidfields data
 * delete --data` is refused while it runs. Admin only; the JSON body names the rows as the command's options do and
 * is checked by the same rule (`reports/delete-request.ts`); the rows go in one statement, all it selects or nothing, and
 * the answer says how many. Imports' records stay, as with the command.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DeleteAnswer } from 'bidfields/api';
import { checkDeleteRequest } from 'bidfields/api';
import { ROLE } from '../../auth/roles.js';
import type { Sessions } from '../../auth/sessions.js';
import type { EventStore } from '../../reports/store.js';
import { authenticate } from '../authenticate.js';
import { jsonBody } from '../body.js';
import { HttpError } from '../http-error.js';

/**
 * The delete route as a plugin, for a scope that takes JSON bodies (`acceptJsonBodies`).
 *
 * @example
 * await api.register(dataDeleteRoute({ sessions, store: services.imports }))
 */
export function dataDeleteRoute(deps: { sessions: Sessions; store: EventStore }): FastifyPluginAsync {
  return async (app) => {
    const onRequest = async (request: FastifyRequest) => void (await authenticate(request, deps.sessions, [ROLE.admin]));
    app.post('/api/data/delete', { onRequest }, async (request): Promise<DeleteAnswer> => {
      const check = checkDeleteRequest(jsonBody(request));
      if (!check.ok) throw new HttpError(400, 'invalid_request', 'the delete request is invalid', check.issues);
      return { deleted: await deps.store.deleteRows(check.filter) };
    });
  };
}
