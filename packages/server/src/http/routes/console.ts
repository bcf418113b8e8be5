/**
 * The console as a Fastify plugin: `GET /` (and `/index.html`) and `GET /assets/<hashed name>`, answered
 * from the files `console-assets.ts` read at start, with their headers (the Content-Security-Policy, and
 * `immutable` caching for hashed files). Any other asset name is 404 in the API's error shape.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleAssets } from '../console-assets.js';
import { HttpError } from '../http-error.js';

/**
 * The console's routes as a plugin.
 *
 * @example
 * await app.register(consoleRoute(await loadConsoleAssets(defaultConsoleDir()!)))
 */
export function consoleRoute(assets: ConsoleAssets): FastifyPluginAsync {
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const file = assets.get(path);
    if (!file) throw new HttpError(404, 'not_found', `no endpoint at ${path}`);
    return reply.headers(file.headers).send(file.body);
  };
  return async (app) => {
    app.get('/', answer);
    app.get('/index.html', answer);
    app.get('/assets/:name', answer);
  };
}
