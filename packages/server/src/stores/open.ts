/**
 * Opening the stores from a location (flags and environment, as the CLI reads them): events, users and adapter
 * records in the data folder by default; past one machine, events in ClickHouse (a URL or `chdb:DIR`) and users,
 * adapter records and the sign-in throttle in PostgreSQL. With both, no data folder is opened, and any number of API
 * instances share the state. The CLI and the server both open through here, so they agree on files and tables.
 */
import type { AdapterStore } from '../adapters/store.js';
import { ACCOUNT_THROTTLE, ADDRESS_THROTTLE } from '../auth/signin.js';
import type { AsyncSignInThrottle } from '../auth/throttle.js';
import type { UserStore } from '../auth/user-store.js';
import type { EventStore } from '../reports/store.js';
import { describeClickHouseLocation, openClickHouseStore } from './clickhouse/open.js';
import { createPostgresAdapterStore } from './postgres/adapter-store.js';
import { openPostgres } from './postgres/database.js';
import { createPostgresThrottle } from './postgres/throttle.js';
import { createPostgresUserStore } from './postgres/user-store.js';
import { openDataFolder, type DataFolder } from './data-folder.js';
import { describePostgres, opening } from './errors.js';

export type { EventStore } from '../reports/store.js';

/** An open storage. */
export interface Storage {
  /** The event rows reports read and imports write: the data folder's DuckDB or ClickHouse. */
  events: EventStore;
  users: UserStore;
  /** Adapter records, where the users are. */
  adapters: AdapterStore;
  /**
   * The sign-in throttles shared through PostgreSQL, when users are there (else each server keeps its own): per
   * client address and e-mail, and per client address (`auth/signin.ts`).
   */
  throttle?: AsyncSignInThrottle;
  addressThrottle?: AsyncSignInThrottle;
  /** Stops the queries running now (see DuckDB.interrupt); for a shutdown past its grace period. */
  interrupt(): void;
  /** Waits for running queries, then closes the database (and its file lock) and removes the lock note. */
  close(): Promise<void>;
}

/**
 * Where to open the storage: a data folder, by whom (the lock note's command, default `serve`), or memory; with
 * `postgresUrl`, users and adapter records live in that PostgreSQL database instead (shared by every API instance);
 * with `clickhouse` (a URL or `chdb:DIR`, relative to `cwd`), the events live there. With both, the data folder
 * is not opened.
 */
export type StorageLocation = ({ dataDir: string; holder?: string } | { memory: true } | { clickhouse: string; postgresUrl: string }) & SharedStores;

/** The stores API instances share. */
export interface SharedStores {
  postgresUrl?: string;
  clickhouse?: string;
  /** The ClickHouse cluster the schema was made on (`db init --cluster`). */
  cluster?: string;
  /** Rows per ClickHouse INSERT (and deduplication token) in imports. */
  batchRows?: number;
  /** Resolves a relative `chdb:DIR`; default the process's. */
  cwd?: string;
}

/**
 * Opens the storage in a data folder (created if needed), in memory, or in the shared stores.
 *
 * @example
 * const storage = await openStorage({ dataDir: '.bidfields', holder: 'data import' })
 * const memory = await openStorage({ memory: true })
 */
export async function openStorage(where: StorageLocation): Promise<Storage> {
  const closers: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const close of [...closers].reverse()) await close();
  };
  try {
    const folder = where.clickhouse !== undefined && where.postgresUrl !== undefined ? undefined : await openFolder(where);
    if (folder) closers.push(folder.close);
    let events: EventStore;
    if (where.clickhouse === undefined) events = folder!.events;
    else {
      const clickhouse = await openEvents(where.clickhouse, where);
      closers.push(clickhouse.close);
      events = clickhouse;
    }
    let shared: Pick<Storage, 'users' | 'adapters' | 'throttle' | 'addressThrottle'> | undefined;
    if (where.postgresUrl !== undefined) {
      const url = where.postgresUrl;
      shared = await opening(describePostgres(url), async () => {
        const postgres = await openPostgres(url);
        closers.push(postgres.close);
        return {
          users: await createPostgresUserStore(postgres.pool),
          adapters: await createPostgresAdapterStore(postgres.pool),
          throttle: await createPostgresThrottle(postgres.pool, ACCOUNT_THROTTLE),
          addressThrottle: await createPostgresThrottle(postgres.pool, ADDRESS_THROTTLE),
        };
      });
    }
    return {
      events,
      users: shared?.users ?? folder!.users,
      adapters: shared?.adapters ?? folder!.adapters,
      ...(shared && { throttle: shared.throttle, addressThrottle: shared.addressThrottle }),
      interrupt: folder?.interrupt ?? (() => {}),
      close: closeAll,
    };
  } catch (error) {
    await closeAll().catch(() => {});
    throw error;
  }
}

/**
 * Opens only the events, for `data import` and `data delete`: in ClickHouse when `clickhouse` is given (no data
 * folder is opened then), else the data folder's (as `holder`).
 *
 * @example
 * const { events, close } = await openEventStorage({ dataDir: '.bidfields', holder: 'data import' })
 */
export async function openEventStorage(where: StorageLocation): Promise<{ events: EventStore; close(): Promise<void> }> {
  if (where.clickhouse === undefined) return openFolder(where);
  const events = await openEvents(where.clickhouse, where);
  return { events, close: events.close };
}

/**
 * Opens only the users, for `bidfields users add`: in PostgreSQL when `postgresUrl` is given (no data folder is
 * opened then, so a running server does not stand in the way), else in the data folder's database.
 *
 * @example
 * const { users, close } = await openUsers({ postgresUrl: process.env.BIDFIELDS_DATABASE_URL! })
 */
export async function openUsers(where: StorageLocation): Promise<{ users: UserStore; close(): Promise<void> }> {
  if (where.postgresUrl === undefined) return openFolder(where);
  const url = where.postgresUrl;
  return opening(describePostgres(url), async () => {
    const postgres = await openPostgres(url);
    try {
      return { users: await createPostgresUserStore(postgres.pool), close: postgres.close };
    } catch (error) {
      await postgres.close();
      throw error;
    }
  });
}

function openEvents(location: string, where: SharedStores) {
  return opening(describeClickHouseLocation(location), () =>
    openClickHouseStore(location, {
      ...(where.cwd !== undefined && { cwd: where.cwd }),
      ...(where.cluster !== undefined && { cluster: where.cluster }),
      ...(where.batchRows !== undefined && { batchRows: where.batchRows }),
    }),
  );
}

function openFolder(where: StorageLocation): Promise<DataFolder> {
  return openDataFolder('dataDir' in where ? { dataDir: where.dataDir, ...(where.holder !== undefined && { holder: where.holder }) } : { memory: true });
}
