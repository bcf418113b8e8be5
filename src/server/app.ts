/**
 * The request handler of the reference server: routing, CORS, error bodies and the request log. Routes are exact
 * paths (with or without the trailing slash the seed writes); a known path with another method is 405 with
 * `Allow`, anything else 404. The log line has the method, the path without its query, the status and the time:
 * never a header or a body, so no password or token reaches a log. A client that disconnects before its body has
 * arrived gets no answer (there is no one to send it to) and is logged with 499, the usual "client closed request",
 * or with the status the connection was refused with (408 when it was too slow), never as a server error.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { DEFAULT_MAX_BODY_BYTES, RequestAborted } from './body.js';
import { clientErrorStatus } from './client-error.js';
import { applyCors } from './cors.js';
import { HttpError, INTERNAL_ERROR } from './http-error.js';
import { sendError } from './respond.js';
import { handleReport } from './routes/report.js';
import { handleSignIn } from './routes/signin.js';
import { ADAPTERS_PATH, handleAdapters } from './routes/adapters.js';
import type { ConsoleAssets } from './console-assets.js';
import type { ApiServices } from './services.js';

/** Options of the request handler. */
export interface HandlerOptions {
  /** Largest accepted body in bytes; default 100 KiB. */
  maxBodyBytes?: number;
  /** Receives one line per request, and unexpected errors; default: nothing is logged. */
  log?: (line: string) => void;
  /** `*` or an origin to allow cross-origin calls from; default: no CORS headers. */
  corsOrigin?: string;
  /** The console's files, answered to GET at `/` and `/assets/…` (see console-assets.ts); default: no console. */
  console?: ConsoleAssets;
}

type Route = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** The log status of a request whose client went away before it was read: nginx's "client closed request". */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * Makes the handler for `http.createServer`.
 *
 * @example
 * const server = http.createServer(createHandler(services, { log: console.log }))
 */
export function createHandler(services: ApiServices, options: HandlerOptions = {}): RequestListener {
  const { maxBodyBytes = DEFAULT_MAX_BODY_BYTES, log, corsOrigin } = options;
  const routes = new Map<string, Route>([
    ['/api/signin', (req, res) => handleSignIn(req, res, services.signIn, maxBodyBytes)],
    ['/api/reportv2', (req, res) => handleReport(req, res, services, maxBodyBytes)],
  ]);
  return async (req, res) => {
    const started = performance.now();
    const path = (req.url ?? '/').split('?')[0]!;
    let status: number | undefined;
    try {
      if (corsOrigin && applyCors(req, res, corsOrigin)) return;
      const route = routes.get(path.replace(/\/$/, ''));
      if (!route && services.adapters && (path === ADAPTERS_PATH || path.startsWith(`${ADAPTERS_PATH}/`))) {
        return await handleAdapters(req, res, path, { tokens: services.tokens, adapters: services.adapters }, maxBodyBytes);
      }
      const file = !route && (req.method === 'GET' || req.method === 'HEAD') ? options.console?.get(path) : undefined;
      if (file) {
        res.writeHead(200, { ...file.headers, 'Content-Length': file.body.length });
        return void res.end(req.method === 'HEAD' ? undefined : file.body);
      }
      if (!route) throw new HttpError(404, 'not_found', `no endpoint at ${path}`);
      if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'use POST', undefined, { Allow: 'POST' });
      await route(req, res);
    } catch (error) {
      if (error instanceof RequestAborted) status = clientErrorStatus(req.socket) ?? CLIENT_CLOSED_REQUEST;
      else answerFailure(error, res, (stack) => log?.(`error ${req.method} ${path}: ${stack}`));
    } finally {
      log?.(`${new Date().toISOString()} ${req.method} ${path} ${status ?? res.statusCode} ${(performance.now() - started).toFixed(1)}ms`);
    }
  };
}

/** Answers a failed request: an HttpError with its own body, anything else as a bare 500 whose stack is logged. */
function answerFailure(error: unknown, res: ServerResponse, logStack: (stack: string) => void): void {
  if (!(error instanceof HttpError)) logStack((error as Error)?.stack ?? String(error));
  if (res.headersSent) res.destroy();
  else sendError(res, error instanceof HttpError ? error : INTERNAL_ERROR);
}
