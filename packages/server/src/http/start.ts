/**
 * Starting and stopping the reference server. `startServer` resolves once the port is bound (with port 0 the OS
 * picks one, which is how the tests get an ephemeral server); `close` stops gracefully (`drain.ts`): after the drain
 * delay, 503 `shutting_down` for new requests, requests in flight answered within the grace period, then Fastify's
 * `onClose` hooks. Whoever owns the store closes it after `close` resolves.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApi, type HandlerOptions } from './app.js';
import { drainServer } from './drain.js';
import type { ApiServices } from './services.js';

/** Default grace period for requests in flight when the server stops. */
export const DEFAULT_GRACE_MS = 10_000;

/** Options of {@link startServer}. */
export interface StartOptions extends HandlerOptions {
  /** Default 8080; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1: listening on every interface is a choice to make, not a default. */
  host?: string;
  /** How long `close` lets requests in flight finish before answering them 503; default 10 000 ms. */
  graceMs?: number;
  /**
   * How long `close` goes on serving normally before it starts to stop (default 0): time for a load balancer to
   * take the instance out of rotation, as Kubernetes needs while it removes a terminating pod's endpoints.
   */
  drainDelayMs?: number;
}

/** A listening server. */
export interface RunningServer {
  /** `http://HOST:PORT` */
  url: string;
  port: number;
  server: Server;
  /** Stops the server gracefully (after the drain delay); resolves when every connection is closed. */
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
  return buildApi(services, options).server;
}

/**
 * Creates the server and listens.
 *
 * @example
 * import { openStorage, createServices, startServer } from '@bidfields/server'
 * const storage = await openStorage({ dataDir: '.bidfields' })
 * const running = await startServer(createServices(storage), { port: 0 })
 * console.log(`listening on ${running.url}`)
 * await running.close()
 */
export async function startServer(services: ApiServices, options: StartOptions = {}): Promise<RunningServer> {
  const { port = 8080, host = '127.0.0.1', graceMs = DEFAULT_GRACE_MS, drainDelayMs = 0, ...handlerOptions } = options;
  const { app, server, drain: drainState } = buildApi(services, handlerOptions);
  await app.ready();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  const drain = () => drainServer(server, drainState, graceMs);
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    server,
    // Without a delay the drain starts at once, so a request that arrives after close() is called is turned away.
    close: () => (closing ??= (drainDelayMs > 0 ? new Promise((resolve) => setTimeout(resolve, drainDelayMs)).then(drain) : drain()).then(() => app.close())),
  };
}
