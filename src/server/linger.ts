/**
 * Closing a connection without losing the answer. When the server refuses a request before reading its body (413
 * for a body over the limit, answered from the declared length), Node closes the connection as soon as the answer
 * is written, with the rest of the body still arriving: the kernel then resets the connection, and a client still
 * sending sees EPIPE or ECONNRESET instead of the 413 (reproduced: 8 of 60 16 MiB uploads on loopback). Like a web
 * server's "lingering close", the connection here is half-closed after the answer (the client reads it to its
 * end) and what the client still sends is read and dropped, until it closes its side or `ms` have passed.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** How long a refused upload may go on being read and dropped before the connection is closed regardless. */
export const LINGER_MS = 5_000;

/**
 * Makes Node's close of the connection of `request` after the answer (its socket's `destroySoon`) a lingering
 * close; the rest of the request's body is dropped as it arrives, never buffered.
 *
 * @example
 * if (!request.raw.complete) lingerBeforeClose(request.raw)
 */
export function lingerBeforeClose(request: IncomingMessage, ms = LINGER_MS): void {
  const socket = request.socket;
  request.resume();
  socket.destroySoon = function destroySoon(this: Socket) {
    const timer = setTimeout(() => this.destroy(), ms);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    // Closed once the answer is written out and the client has nothing more to send.
    const closeWhenWritten = () => (this.writableFinished ? this.destroy() : this.once('finish', () => this.destroy()));
    this.end();
    if (this.readableEnded) closeWhenWritten();
    else {
      this.once('end', closeWhenWritten);
      this.resume();
    }
    return this;
  } as Socket['destroySoon'];
}
