/**
 * How long a request's body may take to arrive. Node's `requestTimeout` bounds the whole request and cannot be set
 * per route, so an upload slower than ~35 MB/s could not send 1 GiB in its 30 s (4.1 MB at 100 KB/s was cut with
 * 408 after 32.7 s). Node's limit is therefore off (`requestTimeout = 0`; Node still times the headers) and this
 * module keeps the same bound on every request: the body within `requestTimeoutMs` of its headers, so a slow-loris
 * client still cannot hold a connection. A route that has authenticated its caller may then trade it for a limit on
 * silence, {@link limitBodySilence}: no byte for `idleMs`, however long the whole upload takes. A request that
 * misses its limit is answered 408 `request_timeout` and its connection closed, as Node did (`client-error.ts`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerClientError } from './client-error.js';

/** Default time for a body to arrive after its headers, as Node's `requestTimeout` default. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Default longest silence of an upload that may take longer ({@link limitBodySilence}). */
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

/** The timer of each request whose body has not arrived yet. */
const timers = new WeakMap<IncomingMessage, NodeJS.Timeout>();
/** Each request's response, to tell whether it was answered already. */
const responses = new WeakMap<IncomingMessage, ServerResponse>();

/** A body that keeps arriving: {@link BodyWatch.arrived} on each piece, {@link BodyWatch.hold} while not reading. */
export interface BodyWatch {
  /** Bytes arrived: the silence starts again. */
  arrived(): void;
  /** The server stopped reading (its disk is slow, or it refused the body): no silence is counted until `arrived`. */
  hold(): void;
}

/** Ends a request whose body did not arrive in time, as Node's own timeout did. */
function expire(req: IncomingMessage): void {
  timers.delete(req);
  if (req.complete || req.socket.destroyed) return;
  // Answered already (refused before its body was read) and the body still dribbling in: nothing more to say.
  if (responses.get(req)?.headersSent) return void req.socket.destroy();
  answerClientError(Object.assign(new Error('request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), req.socket);
}

function start(req: IncomingMessage, ms: number): NodeJS.Timeout {
  clearTimeout(timers.get(req));
  const timer = setTimeout(expire, ms, req).unref();
  timers.set(req, timer);
  return timer;
}

function stop(req: IncomingMessage): void {
  clearTimeout(timers.get(req));
  timers.delete(req);
}

/**
 * Gives `req` `ms` for its body to arrive (0: no limit). The limit stays after an early answer, so a client that
 * goes on sending the body of a refused request is still cut off.
 *
 * @example
 * const handler: RequestListener = (req, res) => { limitRequestTime(req, res, 30_000); route(req, res) }
 */
export function limitRequestTime(req: IncomingMessage, res: ServerResponse, ms: number): void {
  responses.set(req, res);
  if (ms <= 0) return;
  start(req, ms);
  req.once('end', () => stop(req));
  res.once('close', () => (req.complete || req.socket.destroyed) && stop(req));
}

/**
 * Replaces the limit of `req` by one on silence: the body may take any time while no gap between its bytes is
 * longer than `idleMs`. For a route's authenticated callers only, so an anonymous client keeps the total limit.
 *
 * @example
 * const watch = limitBodySilence(request.raw, 30_000)
 * body.on('data', () => watch.arrived())
 */
export function limitBodySilence(req: IncomingMessage, idleMs: number): BodyWatch {
  let timer = start(req, idleMs);
  return {
    arrived: () => {
      if (req.complete) return stop(req);
      if (timers.get(req) === timer) timer.refresh();
      else timer = start(req, idleMs);
    },
    hold: () => stop(req),
  };
}
