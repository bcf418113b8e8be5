/**
 * `bidfields serve`: the reference ad server API on the stores the flags name (or in-memory demo data), and the
 * console. It prints `listening on http://HOST:PORT` once the port is bound, since scripts wait for that line.
 * A signal stops it gracefully (see the usage text), closing the store once no query runs so the folder opens
 * again at once; a second signal exits at once.
 */
import { constants } from 'node:os';
import { parseArgs } from 'node:util';
// The one place the CLI reaches into the server: `serve` starts it, through the server's public entry.
import {
  createServices,
  DEFAULT_GRACE_MS,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEMO_ENDPOINTS,
  DEMO_USERS,
  defaultConsoleDir,
  loadConsoleAssets,
  seedDemo,
  seedDemoAdapters,
  startServer,
} from '../index.js';
import { openStorage, type Storage } from '../stores/index.js';
import { describeStorageError } from './storage-errors.js';
import { STORE_OPTIONS, STORE_USAGE, storeLocation } from './stores.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type CliCommand, type CliIO } from 'bidfields/cli-commands';

const usage = `Usage: bidfields serve [--port N] [--host H] [--data DIR | --clickhouse URL [--cluster NAME] --postgres URL] [--demo] [--known-endpoint HOST]... [--cors ORIGIN] [--trust-proxy P] [--max-body BYTES] [--max-import BYTES] [--import-idle-ms N] [--grace-ms N] [--drain-delay-ms N]

Serves POST /api/signin/ and POST /api/reportv2/ (docs/spec.md#server-api), POST /api/data/import (Admin: load a CSV or
NDJSON file of event rows without a restart; see \`bidfields data import --server\`), POST /api/data/delete
(Admin: remove rows; \`bidfields data delete --server\`), the adapter records at
/api/adapters/, and the console (the web page for reports and bid adapters) at /.

Options:
  --port N          port to listen on (default 8080; 0 picks a free one)
  --host H          address to bind (default 127.0.0.1)
  --demo            a year of demo data (2024), three users (printed) and four adapter records; in memory, or
                    in the stores below (where the demo data is loaded once, and the demo users and records are
                    kept when they exist)
  --known-endpoint HOST  a host adapter endpoints may name (repeatable; '*.example.com' for sub-domains);
                    saving an adapter whose endpoint names another host is refused (unknown_endpoint). With
                    --demo and none given: the demo records' hosts (${DEMO_ENDPOINTS.join(', ')})
  --cors ORIGIN     allow browser calls from ORIGIN ('*' for any)
  --trust-proxy P   the proxies in front (addresses or CIDRs, comma-separated): the client's address
                    is then read from X-Forwarded-For as they set it. Without it the header is ignored and the
                    address is the connection's (sign-in failures are counted per address: behind a proxy, give this)
  --max-body BYTES  largest JSON request body (default 102400)
  --max-import BYTES
                    largest file POST /api/data/import takes (default 1073741824, 1 GiB)
  --import-idle-ms N
                    an Admin's upload may take any time, but is cut (408) after N ms without a byte (default
                    30000); every other request body must arrive within 30 s of its headers
  --grace-ms N      on SIGINT/SIGTERM, how long requests in flight may take before they are answered 503
                    (default ${DEFAULT_GRACE_MS}); a second signal exits at once. While stopping, the server
                    keeps accepting connections and answers new requests 503 shutting_down (Connection: close,
                    Retry-After: 1) until the requests in flight have ended
  --drain-delay-ms N
                    on SIGINT/SIGTERM, go on serving normally for N ms before stopping (default 0): time for a
                    load balancer to stop sending here (Kubernetes removes a terminating pod's endpoints
                    while the pod already has the signal)
${STORE_USAGE}  BIDFIELDS_JWT_SECRET  token signing key (at least 32 characters); without it a random key is made at
                        start-up, so restarting the server signs everyone out. Instances behind one load
                        balancer need the same key, so that a token from one works on every other.
`;

function positiveInt(text: string | undefined, name: string, fallback: number, min = 0, max = 2 ** 31): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`${name} must be a whole number`);
  return Number(text);
}

/** `--trust-proxy`: the proxies' addresses and CIDRs, comma-separated. */
function trustProxy(text: string): string {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^[0-9A-Fa-f.:]+(\/\d{1,3})?$/.test(part))) throw new UsageError('--trust-proxy must be addresses or CIDRs, comma-separated');
  return parts.join(',');
}

/** Resolves on the first SIGINT or SIGTERM; a second one exits at once, as 128 + the signal's number. */
function untilSignal(io: CliIO): Promise<void> {
  return new Promise((done) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (!stopping) {
        stopping = true;
        return done();
      }
      io.stderr(`${signal} again: exiting now\n`);
      process.exit(128 + constants.signals[signal]);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

/** Closes the store once no query runs, interrupting the queries still running: nobody waits for their answer. */
async function closeStore(storage: Storage): Promise<void> {
  const closed = storage.close();
  storage.interrupt();
  const again = setInterval(storage.interrupt, 100); // a request between its page and totals query starts another
  try {
    await closed;
  } finally {
    clearInterval(again);
  }
}

/**
 * Runs the server until `stop` resolves; the command passes a signal promise, tests pass their own.
 *
 * @example
 * await runServe(['--demo', '--port', '0'], io, stopPromise)
 */
export async function runServe(args: string[], io: CliIO, stop: Promise<void>): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      ...STORE_OPTIONS,
      port: { type: 'string' },
      host: { type: 'string' },
      demo: { type: 'boolean' },
      cors: { type: 'string' },
      'max-body': { type: 'string' },
      'max-import': { type: 'string' },
      'grace-ms': { type: 'string' },
      'drain-delay-ms': { type: 'string' },
      'import-idle-ms': { type: 'string' },
      'known-endpoint': { type: 'string', multiple: true },
      'trust-proxy': { type: 'string' },
    },
  });
  const port = positiveInt(values.port, '--port', 8080);
  if (port > 65535) throw new UsageError('--port must be at most 65535');
  const maxBodyBytes = positiveInt(values['max-body'], '--max-body', 100 * 1024, 1);
  const maxImportBytes = positiveInt(values['max-import'], '--max-import', 1024 ** 3, 1, Number.MAX_SAFE_INTEGER);
  const graceMs = positiveInt(values['grace-ms'], '--grace-ms', DEFAULT_GRACE_MS);
  const importIdleTimeoutMs = positiveInt(values['import-idle-ms'], '--import-idle-ms', DEFAULT_IDLE_TIMEOUT_MS, 1);
  const drainDelayMs = positiveInt(values['drain-delay-ms'], '--drain-delay-ms', 0);
  const secret = process.env.BIDFIELDS_JWT_SECRET;
  if (secret !== undefined && secret.length < 32) throw new UsageError('BIDFIELDS_JWT_SECRET must be at least 32 characters');
  if (values.demo && values.data !== undefined) throw new UsageError('--demo keeps its data in memory (or in --clickhouse / --postgres), not in --data');
  const location = storeLocation(values, io, 'serve');
  let storage;
  try {
    const { dataDir: _folder, holder: _holder, ...shared } = location as { dataDir: string; holder?: string };
    storage = await openStorage(values.demo ? { ...shared, memory: true } : location);
  } catch (error) {
    io.stderr(`bidfields serve: ${describeStorageError(error)}\n`);
    return EXIT_INVALID;
  }
  try {
    const knownEndpoints = values['known-endpoint'] ?? (values.demo ? DEMO_ENDPOINTS : []);
    if (values.demo) {
      const { rows, loaded } = await seedDemo(storage);
      io.stdout(`demo data: ${rows} event rows, 2024-01-01 to 2024-12-31${loaded ? '' : ' (loaded before)'}\ndemo users (e-mail / password):\n`);
      for (const u of DEMO_USERS) io.stdout(`  ${u.roleName.padEnd(10)} ${u.email} / ${u.password}\n`);
      const { stored, unknownHost } = await seedDemoAdapters(storage.adapters, knownEndpoints);
      if (stored.length > 0) io.stdout(`demo adapter records: ${stored.join(', ')}\n`);
      if (unknownHost.length > 0) io.stdout(`demo adapter records left out, their hosts not known (--known-endpoint): ${unknownHost.join(', ')}\n`);
    }
    const consoleDir = defaultConsoleDir();
    const consoleAssets = consoleDir ? await loadConsoleAssets(consoleDir, { knownEndpoints }).catch(() => undefined) : undefined;
    const running = await startServer(
      createServices(storage, {
        knownEndpoints,
        ...(secret && { jwtSecret: secret }),
        ...(storage.throttle && { throttle: storage.throttle, addressThrottle: storage.addressThrottle }),
      }),
      {
        port,
        host: values.host ?? '127.0.0.1',
        maxBodyBytes,
        maxImportBytes,
        importIdleTimeoutMs,
        graceMs,
        drainDelayMs,
        log: (line) => io.stderr(line + '\n'),
        ...(values.cors && { corsOrigin: values.cors }),
        ...(values['trust-proxy'] !== undefined && { trustProxy: trustProxy(values['trust-proxy']) }),
        ...(consoleAssets && { console: consoleAssets }),
      },
    );
    io.stdout(`listening on ${running.url}\n`);
    io.stdout(consoleAssets ? `console: ${running.url}/ (open it in a browser and sign in)\n` : 'console: not built (npm run build), API only\n');
    io.stderr(
      knownEndpoints.length > 0
        ? `adapter endpoints may name: ${knownEndpoints.join(', ')}\n`
        : 'no --known-endpoint: adapters with an endpoint cannot be saved\n',
    );
    await stop;
    const delay = drainDelayMs > 0 ? `serving for ${drainDelayMs} ms more, then ` : '';
    io.stderr(`shutting down: ${delay}requests in flight have ${graceMs} ms\n`);
    await running.close();
    return EXIT_OK;
  } finally {
    await closeStore(storage);
  }
}

export const serveCommand: CliCommand = {
  usage,
  run: (args, io) => runServe(args, io, untilSignal(io)),
};
