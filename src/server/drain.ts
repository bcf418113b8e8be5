/**
 * Stopping without dropping answers (issue 11). While the server stops, a request that arrives on a connection
 * already open is answered 503 `shutting_down` with `Connection: close`, and every answer still to come says
 * `Connection: close`, so keep-alive clients move on. Requests in flight get the grace period to finish; after it,
 * a request with no response yet is answered 503, one whose response has begun is cut (its socket destroyed:
 * a half-sent body cannot be replaced), and the connections left are closed. Fastify's own 503 on closing is off:
 * its body is not the API's error body.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { SHUTTING_DOWN } from './http-error.js';
import { sendRawError } from './respond.js';

/** How often idle keep-alive connections are swept while stopping, and how long sockets get to flush a 503. */
const SWEEP_MS = 50;
const FLUSH_MS = 1000;

/** The stopping state of one server: whether it is stopping, and the responses not yet finished. */
export interface Drain {
  closing: boolean;
  readonly inFlight: Set<ServerResponse>;
}

/** A server's drain state, not stopping yet. */
export function createDrain(): Drain {
  return { closing: false, inFlight: new Set() };
}

/**
 * Lets a request in (tracking its response until it closes), or answers it 503 when the server is stopping.
 *
 * @example
 * if (admit(drain, req, res)) route(req, res)
 */
export function admit(drain: Drain, _req: IncomingMessage, res: ServerResponse): boolean {
  if (drain.closing) {
    sendRawError(res, SHUTTING_DOWN);
    return false;
  }
  drain.inFlight.add(res);
  res.once('close', () => drain.inFlight.delete(res));
  return true;
}

/**
 * Stops `server`: no new connections, new requests on open ones get 503, requests in flight get `graceMs` to
 * finish; then the unanswered ones get 503 and the rest are cut. Resolves once every connection is closed.
 *
 * @example
 * await drainServer(server, drain, 10_000)
 */
export async function drainServer(server: Server, drain: Drain, graceMs: number): Promise<void> {
  drain.closing = true;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // close() drops only the connections idle right now; a keep-alive connection whose request finishes later is
  // idle from then on (its answer said Connection: close, but the client may be slow to hang up), so sweep.
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
  let flush: NodeJS.Timeout | undefined;
  const grace = setTimeout(() => {
    for (const res of drain.inFlight) {
      if (res.headersSent) res.destroy();
      else sendRawError(res, SHUTTING_DOWN);
    }
    flush = setTimeout(() => server.closeAllConnections(), FLUSH_MS);
  }, graceMs);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(grace);
    clearTimeout(flush);
  }
}
