/**
 * Opens the ClickHouse report store from what a user types after `--clickhouse`: a server's URL
 * (`http://user:password@host:8123/database`, `https://…`), or `chdb:DIR` for the ClickHouse engine embedded in
 * this process (the optional `chdb` package) with its data in DIR. The embedded engine is reached through a
 * loopback HTTP front with a random password (`chdb-front.ts`), so both are driven by the same client code.
 * An embedded engine belongs to one process: a second process opening the same DIR is refused by chdb.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadChdb, startClickHouseFront, type ClickHouseFront } from './chdb-front.js';
import { createClickHouseClient, createClickHouseReportStore, type ClickHouseReportStore, type ClickHouseStoreOptions } from './report-store.js';

/** The prefix of an embedded engine's location. */
const CHDB_PREFIX = 'chdb:';

/** A location that is neither a ClickHouse URL nor `chdb:DIR`, or an embedded engine that cannot start. */
export class ClickHouseLocationError extends Error {
  override name = 'ClickHouseLocationError';
}

/**
 * Checks a `--clickhouse` value without opening anything; returns why it is not one, or undefined.
 *
 * @example
 * clickHouseLocationProblem('chdb:') // 'chdb: needs a folder, as in chdb:./events'
 */
export function clickHouseLocationProblem(location: string): string | undefined {
  if (location.startsWith(CHDB_PREFIX)) return location.length > CHDB_PREFIX.length ? undefined : 'chdb: needs a folder, as in chdb:./events';
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return 'not a ClickHouse URL (http://host:8123 or https://…) nor chdb:DIR'; // not repeated: it may hold a password
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `a ClickHouse URL is http:// or https://, not ${url.protocol}`;
  return undefined;
}

/** What a location names, for messages: the server's host, or the embedded engine's folder; never a password. */
export function describeClickHouseLocation(location: string): string {
  if (location.startsWith(CHDB_PREFIX)) return `the embedded ClickHouse engine in ${location.slice(CHDB_PREFIX.length)}`;
  try {
    return `ClickHouse at ${new URL(location).host}`;
  } catch {
    return 'ClickHouse';
  }
}

/**
 * Opens the store (creating its schema unless `createSchema: false`); `cwd` resolves a relative chdb folder.
 * `close` closes the client and, for an embedded engine, the engine.
 *
 * @example
 * const store = await openClickHouseStore('chdb:./events')
 * await store.importFile({ hash, name: 'events.csv' }, batches)
 * await store.close()
 */
export async function openClickHouseStore(location: string, options: ClickHouseStoreOptions & { cwd?: string } = {}): Promise<ClickHouseReportStore> {
  const problem = clickHouseLocationProblem(location);
  if (problem) throw new ClickHouseLocationError(problem);
  const { cwd = process.cwd(), ...storeOptions } = options;
  let front: ClickHouseFront | undefined;
  let url = location;
  if (location.startsWith(CHDB_PREFIX)) {
    const chdb = await loadChdb();
    if (typeof chdb === 'string') throw new ClickHouseLocationError(chdb);
    const dir = resolve(cwd, location.slice(CHDB_PREFIX.length));
    await mkdir(dir, { recursive: true });
    const password = randomBytes(24).toString('base64url');
    try {
      front = await startClickHouseFront(dir, { password });
    } catch (error) {
      throw new ClickHouseLocationError(`cannot start the embedded ClickHouse engine in ${dir}: ${(error as Error).message.split('\n')[0]}`, { cause: error });
    }
    url = `http://bidfields:${password}@${new URL(front.url).host}`;
  }
  const client = createClickHouseClient(url);
  try {
    const store = await createClickHouseReportStore(client, storeOptions);
    if (!front) return store;
    const engine = front;
    return { ...store, close: async () => (await store.close(), await engine.close()) };
  } catch (error) {
    await client.close().catch(() => {});
    await front?.close().catch(() => {});
    throw error;
  }
}
