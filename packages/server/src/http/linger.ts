/**
 * Closing a connection without losing the answer. When the server refuses a request before reading its body (413
 * from the declared length), Node closes the connection with the rest of the body still arriving: the kernel then
 * resets it, and a client still sending sees EPIPE or ECONNRESET instead of the 413 (reproduced: 8 of 60 16 MiB
 * uploads on loopback). So the close lingers, as a web server's does; see {@link lingerBeforeClose}.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** How long a refused upload may go on being read and dropped before the connection is closed regardless. */
const LINGER_MS = 5_000;

/**
 * Makes Node's close of the connection of `request` after the answer (its socket's `destroySoon`) a lingering
 * close: the connection is half-closed after the answer (the client reads it to its end) and what the client still
 * sends is dropped as it arrives, never buffered, until it closes its side or `ms` have passed.
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
