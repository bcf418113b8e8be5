/**
 * JSON request bodies, with the checks docs/spec.md#errors asks for: 415 unless declared `application/json` and uncompressed,
 * 413 past the size limit, 400 `invalid_json` when it does not parse. Registered per plugin, so a route with another
 * kind of body (a streamed NDJSON import) registers its own parser and limit beside its route, and these JSON rules
 * do not apply to it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, UNSUPPORTED_MEDIA_TYPE } from './http-error.js';

/** Default body limit: 100 KiB, far above any report request (filters are capped) yet small for a server. */
export const DEFAULT_MAX_BODY_BYTES = 100 * 1024;
const JSON_TYPE = /^application\/json\s*(;|$)/i;
const IDENTITY = /^\s*identity\s*$/i;
const INVALID_JSON = new HttpError(400, 'invalid_json', 'the body is not valid JSON');
const ENCODED = new HttpError(415, 'unsupported_media_type', 'the body must not be compressed (Content-Encoding: identity only)');

/**
 * Makes the routes of `app` (a plugin's scope) take JSON bodies of up to `maxBytes`, parsed with `JSON.parse` (so
 * a `__proto__` key is an ordinary key the validators report, as before), and nothing else. The limit holds for
 * the declared and the actual size, so a lying Content-Length does not help; Fastify checks while reading, so an
 * oversized body is never held in memory whole.
 *
 * @example
 * await app.register(async (api) => { acceptJsonBodies(api, 100 * 1024); api.register(signInRoute(service)) })
 */
export function acceptJsonBodies(app: FastifyInstance, maxBytes: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse((body as Buffer).toString('utf8'));
    } catch {
      return done(INVALID_JSON);
    }
    done(null, parsed);
  });
  refuseEncodedBodies(app);
}

/**
 * Makes the routes of `app` refuse a compressed body (`Content-Encoding` other than identity) with 415 before it
 * is read: the API never inflates a client's body (a small gzip can expand to gigabytes). A 415, not a parse error.
 *
 * @example
 * refuseEncodedBodies(api)
 */
export function refuseEncodedBodies(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && !IDENTITY.test(encoding)) throw ENCODED;
    return payload;
  });
}

/**
 * The parsed body; 415 when the request declared no JSON body at all (Fastify hands a body-less request with no
 * Content-Type to the handler, where the old reader said 415).
 *
 * @example
 * const outcome = await service.signIn(jsonBody(request))
 */
export function jsonBody(request: FastifyRequest): unknown {
  if (!JSON_TYPE.test(request.headers['content-type'] ?? '')) throw UNSUPPORTED_MEDIA_TYPE;
  return request.body;
}
