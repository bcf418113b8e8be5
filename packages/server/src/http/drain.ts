/**
 * Stopping without dropping answers. While stopping the server keeps accepting, answers new requests 503
 * `shutting_down`, and gives requests in flight the grace period; the listener closes last, since closing it resets
 * whatever the kernel had queued. See {@link drainServer} for the order of things.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { SHUTTING_DOWN } from './http-error.js';
import { lingerBeforeClose } from './linger.js';
import { sendRawError } from './respond.js';

/** How often idle keep-alive connections are swept while stopping, and how long sockets get to flush a 503. */
const SWEEP_MS = 50;
const FLUSH_MS = 1000;
/**
 * How long no connection may arrive before the listening socket closes. Closing resets whatever waits in the
 * kernel's accept queue; a balancer still sending for a moment after the signal is better answered 503.
 */
const QUIET_MS = 100;

/** The stopping state of one server. */
export interface Drain {
  closing: boolean;
  /** Responses not yet closed. */
  readonly inFlight: Set<ServerResponse>;
  /** Open connections. */
  readonly open: Set<Socket>;
  /**
   * Connections the sweep of idle ones leaves alone: those that have not sent a request yet, and those answered
   * 503 while stopping (they close themselves once the answer is out and the client's body is read).
   */
  readonly spared: Set<Socket>;
  /** When the last connection was accepted (`performance.now()`). */
  lastAccepted: number;
  /** Called whenever a response in flight closes or a connection is accepted. */
  changed?: () => void;
}

/**
 * A drain state that follows `server`'s connections.
 *
 * @example
 * const drain = watchServer(server)
 */
export function watchServer(server: Server): Drain {
  const drain: Drain = { closing: false, inFlight: new Set(), open: new Set(), spared: new Set(), lastAccepted: 0 };
  server.on('connection', (socket: Socket) => {
    drain.open.add(socket);
    drain.spared.add(socket);
    drain.lastAccepted = performance.now();
    socket.once('close', () => {
      drain.open.delete(socket);
      drain.spared.delete(socket);
    });
    drain.changed?.();
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
  if (drain.closing) {
    // A body still arriving is read and dropped, so the client gets the 503 rather than a reset under it.
    if (!req.complete) lingerBeforeClose(req);
    sendRawError(res, SHUTTING_DOWN);
    return false;
  }
  drain.spared.delete(req.socket as Socket);
  drain.inFlight.add(res);
  res.once('close', () => {
    drain.inFlight.delete(res);
    drain.changed?.();
  });
  return true;
}

/**
 * Stops `server`: requests in flight get `graceMs` to finish while new ones, on open or new connections, are
 * answered 503 with `Connection: close` and `Retry-After`, and every answer still to come says `Connection: close`.
 * The listener closes once none is in flight and no connection has arrived for a moment (or the grace period is
 * over). After the grace period an unanswered request gets 503, a half-sent answer is cut, and the connections
 * still open a second later are closed. Resolves once every connection is closed.
 *
 * @example
 * await drainServer(server, drain, 10_000)
 */
export async function drainServer(server: Server, drain: Drain, graceMs: number): Promise<void> {
  drain.closing = true;
  closeIdle(drain);
  const sweep = setInterval(() => closeIdle(drain), SWEEP_MS);
  let flush: NodeJS.Timeout | undefined;
  let graceOver = false;
  let check: NodeJS.Timeout | undefined;
  let listenerClosed!: Promise<void>;
  const closeListener = new Promise<void>((resolve) => {
    const tryClose = () => {
      clearTimeout(check);
      if (!graceOver && drain.inFlight.size > 0) return;
      const quietFor = performance.now() - drain.lastAccepted;
      if (!graceOver && quietFor < QUIET_MS) return void (check = setTimeout(tryClose, QUIET_MS - quietFor + 1));
      drain.changed = undefined;
      // In the check phase, right after a poll phase took every connection the kernel had queued. net.Server's
      // close, not http.Server's: the latter first closes every idle connection, the fresh ones too.
      setImmediate(() => {
        listenerClosed = new Promise<void>((done) => NetServer.prototype.close.call(server, () => done()));
        resolve();
      });
    };
    drain.changed = tryClose;
    tryClose();
  });
  const grace = setTimeout(() => {
    graceOver = true;
    drain.changed?.();
    for (const res of drain.inFlight) {
      if (!res.headersSent) sendRawError(res, SHUTTING_DOWN);
      else if (!res.writableEnded) res.destroy();
    }
    flush = setTimeout(() => server.closeAllConnections(), FLUSH_MS);
  }, graceMs);
  try {
    await closeListener;
    await listenerClosed;
  } finally {
    clearInterval(sweep);
    clearTimeout(grace);
    clearTimeout(flush);
    clearTimeout(check);
    drain.changed = undefined;
    server.close(() => {}); // nothing left to close: this stops Node's request-timeout checks
  }
}

/**
 * Closes the keep-alive connections that wait for a next request. Unlike `server.closeIdleConnections()`, a
 * connection that has not sent its first request yet is left open (as Go's `Shutdown` does): a client that has just
 * connected has most likely sent its request already, and it should get an answer (503), not a reset. Those still
 * silent are closed when the grace period ends.
 */
function closeIdle(drain: Drain): void {
  const busy = new Set<unknown>([...drain.inFlight].map((res) => res.socket));
  for (const socket of drain.open) {
    if (!busy.has(socket) && !drain.spared.has(socket) && socket.writableLength === 0) socket.destroy();
  }
}
