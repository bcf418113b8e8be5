/**
 * The reference server as a Fastify app: each route group is a plugin (`routes/`) that parses its own bodies
 * (`body.ts`), and every refusal or thrown error becomes the API's JSON error body (`http-error.ts`), a known path
 * asked with another method 405 with `Allow`. Fastify's logger stays off for one reason: our log line never holds a
 * header or a body, so no password or token reaches a log (see `logWhenClosed`).
 */
import { createServer as createHttpServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { acceptJsonBodies, DEFAULT_MAX_BODY_BYTES } from './body.js';
import { answerClientError, clientErrorStatus } from './client-error.js';
import { allowedMethods } from './allowed-methods.js';
import { admit, watchServer, type Drain } from './drain.js';
import { HttpError, INTERNAL_ERROR, toHttpError } from './http-error.js';
import { lingerBeforeClose } from './linger.js';
import { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, limitRequestTime } from './request-deadline.js';
import { COMMON_HEADERS, sendRawError } from './respond.js';
import { dataImportRoute, DEFAULT_MAX_IMPORT_BYTES } from './routes/data-import.js';
import { dataDeleteRoute } from './routes/data-delete.js';
import { reportRoute } from './routes/report.js';
import { signInRoute } from './routes/signin.js';
import { adaptersRoute } from './routes/adapters.js';
import { consoleRoute } from './routes/console.js';
import type { ConsoleAssets } from './console-assets.js';
import type { ApiServices } from './services.js';

/** Options of the request handler. */
export interface HandlerOptions {
  /** Largest accepted JSON body in bytes; default 100 KiB. */
  maxBodyBytes?: number;
  /** Receives one line per request, and unexpected errors; default: nothing is logged. */
  log?: (line: string) => void;
  /** `*` or an origin to allow cross-origin calls from; default: no CORS headers. */
  corsOrigin?: string;
  /** The console's files, answered to GET at `/` and `/assets/…` (see console-assets.ts); default: no console. */
  console?: ConsoleAssets;
  /** Largest file `POST /api/data/import` takes, in bytes; default 1 GiB. */
  maxImportBytes?: number;
  /** How long a request's body may take to arrive after its headers, in ms (0: no limit); default 30 000. */
  requestTimeoutMs?: number;
  /**
   * The longest silence of an Admin's upload to `POST /api/data/import`, in ms, which has no limit on its total
   * time instead; default 30 000.
   */
  importIdleTimeoutMs?: number;
  /**
   * The proxies in front, as Fastify's `trustProxy` takes them (addresses / CIDRs, comma-separated):
   * the client's address is then read from `X-Forwarded-For` as they set it. Default none: the header is ignored,
   * since anyone can send it, and the address is the connection's. Sign-in counts failures per client address.
   */
  trustProxy?: string;
}

/** The app with its `http.Server` (not listening yet) and the drain state `startServer`'s close uses. */
export interface Api {
  app: FastifyInstance;
  server: Server;
  /** The server's request listener: the request log, the shutdown gate, then Fastify's routing. */
  handler: RequestListener;
  drain: Drain;
}

/** The log status of a request whose client went away before it was answered: nginx's "client closed request". */
const CLIENT_CLOSED_REQUEST = 499;

const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0]!;
/** Node's default limit on a request's header block, so on its URL, in bytes. */
const MAX_HEADER_BYTES = 16 * 1024;
const NO_HOST = new HttpError(400, 'bad_request', 'an HTTP/1.1 request must have a Host header');

/** An HTTP/1.1 request without `Host`, which RFC 9112 §3.2 says to answer 400 (HTTP/1.0 had no Host). */
function lacksHost(req: IncomingMessage): boolean {
  return req.httpVersionMajor === 1 && req.httpVersionMinor === 1 && req.headers.host === undefined;
}

/**
 * Builds the Fastify app over `services`, with its `http.Server`: the limits (headers within 10 s, timed by Node;
 * the body within 30 s of them, timed per request so that the import route can have a limit on silence instead:
 * `request-deadline.ts`) and the JSON answers to requests Node refuses before routing (`client-error.ts`). Paths match with
 * or without the trailing slash the seed writes (`/api/signin/`); an unknown path is 404.
 *
 * @example
 * const { server } = buildApi(services, { log: console.error })
 * server.listen(8080)
 */
export function buildApi(services: ApiServices, options: HandlerOptions = {}): Api {
  const { maxBodyBytes = DEFAULT_MAX_BODY_BYTES, maxImportBytes = DEFAULT_MAX_IMPORT_BYTES, log, corsOrigin, trustProxy = false } = options;
  const { requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS, importIdleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS } = options;
  let drain!: Drain;
  let route: RequestListener | undefined;
  let ready: Promise<unknown> | undefined;
  const handler: RequestListener = (req, res) => {
    logWhenClosed(req, res, log);
    limitRequestTime(req, res, requestTimeoutMs);
    if (lacksHost(req)) return sendRawError(res, NO_HOST);
    if (!admit(drain, req, res)) return;
    void ready!.then(
      () => route!(req, res),
      () => sendRawError(res, INTERNAL_ERROR),
    );
  };
  const app = Fastify({
    logger: false,
    return503OnClosing: false,
    trustProxy,
    bodyLimit: maxBodyBytes,
    // A path segment (a bidder code) longer than find-my-way's default 100 characters matched no route and was 404;
    // it must reach the route, whose rule refuses it (400 invalid_bidder_code). Node's header limit bounds it anyway.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_HEADER_BYTES },
    clientErrorHandler: answerClientError,
    // A path that is not valid percent-encoding names no endpoint: 404, as with any unknown path.
    frameworkErrors: (_error, request, reply) => sendRawError(reply.raw, notFound(pathOf(request.raw.url))),
    serverFactory: (fastifyRouting) => {
      route = fastifyRouting;
      // Node's own refusal of a missing Host is a bare 400 (no JSON body, no no-store, no nosniff): the handler
      // answers it instead, as every other error.
      const server = createHttpServer({ requireHostHeader: false }, handler);
      server.headersTimeout = 10_000;
      // Node's limit on the whole request cannot spare one route; limitRequestTime keeps it per request instead.
      server.requestTimeout = 0;
      drain = watchServer(server);
      return server;
    },
  });
  if (corsOrigin) void app.register(cors, corsOptions(corsOrigin));
  const methods = allowedMethods();
  app.addHook('onRoute', (r) => methods.add(r.url, r.method));
  app.addHook('onSend', async (_request, reply, payload) => {
    // A route's own caching (the console's hashed files are immutable) is kept; everything else is no-store.
    for (const [name, value] of Object.entries(COMMON_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
    if (drain.closing) reply.header('Connection', 'close');
    return payload;
  });
  app.setNotFoundHandler(async (request) => {
    const path = pathOf(request.raw.url);
    const allowed = methods.of(path);
    if (!allowed) throw notFound(path);
    throw new HttpError(405, 'method_not_allowed', `use ${allowed.join(', ')}`, undefined, { Allow: allowed.join(', ') });
  });
  app.setErrorHandler((error, request, reply) => {
    if (wasAborted(request.raw, error)) return void reply.hijack(); // nobody is left to answer
    const answer = toHttpError(error, maxBodyBytes);
    if (!answer) log?.(`error ${request.method} ${pathOf(request.raw.url)}: ${(error as Error)?.stack ?? String(error)}`);
    if (reply.raw.headersSent) return void reply.raw.destroy();
    const { status, headers } = answer ?? INTERNAL_ERROR;
    // Refused before its body was read (413): close the connection without resetting it under the answer.
    if (headers.Connection === 'close' && !request.raw.complete) lingerBeforeClose(request.raw);
    void reply
      .code(status)
      .headers(headers)
      .send((answer ?? INTERNAL_ERROR).body());
  });
  void app.register(async (api) => {
    acceptJsonBodies(api, maxBodyBytes);
    await api.register(signInRoute(services));
    await api.register(reportRoute(services));
    if (services.adapters) await api.register(adaptersRoute({ sessions: services.sessions, adapters: services.adapters }));
    if (services.imports) await api.register(dataDeleteRoute({ sessions: services.sessions, store: services.imports }));
  });
  if (options.console) void app.register(consoleRoute(options.console));
  const store = services.imports;
  if (store) void app.register(dataImportRoute({ sessions: services.sessions, store, maxBytes: maxImportBytes, idleMs: importIdleTimeoutMs }));
  ready = Promise.resolve(app.ready());
  ready.catch(() => {}); // answered per request (500); startServer awaits it and reports the cause
  return { app, server: app.server, handler, drain };
}

/**
 * The API as a request listener for an `http.Server` of your own (`createServer` adds the limits and the JSON
 * answers to malformed requests on top).
 *
 * @example
 * const server = http.createServer(createHandler(services, { log: console.log }))
 */
export function createHandler(services: ApiServices, options: HandlerOptions = {}): RequestListener {
  return buildApi(services, options).handler;
}

function notFound(path: string): HttpError {
  return new HttpError(404, 'not_found', `no endpoint at ${path}`);
}

/** CORS for a browser dashboard on another origin; tokens travel in a header, never cookies, so no credentials. */
function corsOptions(origin: string) {
  return {
    origin: origin === '*' ? '*' : origin,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['Content-Disposition', 'Retry-After', 'WWW-Authenticate'],
    maxAge: 600,
    strictPreflight: false,
  };
}

/** Node ends a request whose connection closed mid-body with `Error: aborted` (code ECONNRESET). */
function wasAborted(req: IncomingMessage, error: unknown): boolean {
  return !req.complete && (req.destroyed || (error as NodeJS.ErrnoException | undefined)?.code === 'ECONNRESET');
}

/**
 * Writes the request's log line once its response has closed, sent or not: the method, the path without its
 * query, the status and the time; never a header or a body, so no password or token reaches a log. A client that
 * disconnects before its answer is logged with 499, the usual "client closed request" (or with the status its
 * connection was refused with: 408 when it was too slow), never as a server error, and is sent nothing.
 */
function logWhenClosed(req: IncomingMessage, res: ServerResponse, log: ((line: string) => void) | undefined): void {
  if (!log) return;
  const started = performance.now();
  res.once('close', () => {
    const status = res.writableFinished ? res.statusCode : (clientErrorStatus(req.socket) ?? CLIENT_CLOSED_REQUEST);
    log(`${new Date().toISOString()} ${req.method} ${pathOf(req.url)} ${status} ${(performance.now() - started).toFixed(1)}ms`);
  });
}
