/**
 * Stopping without dropping answers (issue 11). While the server stops, a request that arrives on a connection
 * already open is answered 503 `shutting_down` with `Connection: close`, and every answer still to come says
 * `Connection: close`, so keep-alive clients move on. Requests in flight get the grace period to finish; after it,
 * a request with no response yet is answered 503, one whose response is written whole is left to flush, one whose
 * response has begun but is not written whole is cut (its socket destroyed: a half-sent body cannot be replaced),
 * and the connections still open a second later are closed. Fastify's own 503 on closing is off:
 * its body is not the API's error body.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { SHUTTING_DOWN } from './http-error.js';
import { sendRawError } from './respond.js';

/** How often idle keep-alive connections are swept while stopping, and how long sockets get to flush a 503. */
const SWEEP_MS = 50;
const FLUSH_MS = 1000;

/** The stopping state of one server. */
export interface Drain {
  closing: boolean;
  /** Responses not yet closed. */
  readonly inFlight: Set<ServerResponse>;
  /** Open connections, and those of them that have not sent a request yet. */
  readonly open: Set<Socket>;
  readonly fresh: Set<Socket>;
}

/**
 * A drain state that follows `server`'s connections.
 *
 * @example
 * const drain = watchServer(server)
 */
export function watchServer(server: Server): Drain {
  const drain: Drain = { closing: false, inFlight: new Set(), open: new Set(), fresh: new Set() };
  server.on('connection', (socket: Socket) => {
    drain.open.add(socket);
    drain.fresh.add(socket);
    socket.once('close', () => {
      drain.open.delete(socket);
      drain.fresh.delete(socket);
    });
  });
  return drain;
}

/**
 * Lets a request in (tracking its response until it closes), or answers it 503 when the server is stopping.
 *
 * @example
 * if (admit(drain, req, res)) route(req, res)
 */
export function admit(drain: Drain, req: IncomingMessage, res: ServerResponse): boolean {
  drain.fresh.delete(req.socket as Socket);
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
  // net.Server's close, not http.Server's: the latter first closes every idle connection, the fresh ones too.
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  closeIdle(drain);
  const sweep = setInterval(() => closeIdle(drain), SWEEP_MS);
  let flush: NodeJS.Timeout | undefined;
  const grace = setTimeout(() => {
    for (const res of drain.inFlight) {
      if (!res.headersSent) sendRawError(res, SHUTTING_DOWN);
      else if (!res.writableEnded) res.destroy();
    }
    flush = setTimeout(() => server.closeAllConnections(), FLUSH_MS);
  }, graceMs);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(grace);
    clearTimeout(flush);
    server.close(() => {}); // nothing left to close: this stops Node's request-timeout checks
  }
}

/**
 * Closes the keep-alive connections that wait for a next request. Unlike `server.closeIdleConnections()`, a
 * connection that has not sent its first request yet is left open (as Go's `Shutdown` does): a client that has just
 * connected has most likely sent its request already, and it should get an answer (503), not a reset. Those are
 * closed when the grace period ends.
 */
function closeIdle(drain: Drain): void {
  const busy = new Set<unknown>([...drain.inFlight].map((res) => res.socket));
  for (const socket of drain.open) {
    if (!busy.has(socket) && !drain.fresh.has(socket) && socket.writableLength === 0) socket.destroy();
  }
}
