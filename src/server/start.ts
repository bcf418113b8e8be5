/**
 * Starting and stopping the reference server. `startServer` resolves once the port is bound (with port 0 the OS
 * picks one, which is how the tests get an ephemeral server); `close` stops accepting, lets requests in flight
 * finish for a grace period, then cuts what is left, so SIGINT/SIGTERM never drop an answer half-written.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler, type HandlerOptions } from './app.js';
import { answerClientError } from './client-error.js';
import type { ApiServices } from './services.js';

/** Options of {@link startServer}. */
export interface StartOptions extends HandlerOptions {
  /** Default 8080; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1: listening on every interface is a choice to make, not a default. */
  host?: string;
  /** How long `close` waits for requests in flight; default 5000 ms. */
  graceMs?: number;
}

/** A listening server. */
export interface RunningServer {
  /** `http://HOST:PORT` */
  url: string;
  port: number;
  server: Server;
  /** Stops the server gracefully. */
  close(): Promise<void>;
}

/**
 * Creates the API's `http.Server` without listening. Requests Node refuses before they reach the handler (headers
 * too large, too slow, not HTTP) are answered with JSON error bodies too (see `client-error.ts`).
 *
 * @example
 * createServer(services).listen(8080)
 */
export function createServer(services: ApiServices, options: HandlerOptions = {}): Server {
  const server = createHttpServer(createHandler(services, options));
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.on('clientError', answerClientError);
  return server;
}

/**
 * Creates the server and listens.
 *
 * @example
 * const running = await startServer(services, { port: 0 })
 * console.log(`listening on ${running.url}`)
 * await running.close()
 */
export async function startServer(services: ApiServices, options: StartOptions = {}): Promise<RunningServer> {
  const { port = 8080, host = '127.0.0.1', graceMs = 5000, ...handlerOptions } = options;
  const server = createServer(services, handlerOptions);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        // close() drops only the connections idle right now; a keep-alive connection whose request finishes
        // later would hold the server open until its keep-alive timeout, so sweep idle ones until done.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        server.close(() => {
          clearTimeout(force);
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
