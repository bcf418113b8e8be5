/**
 * The server's state: report events, users and adapter records in one DuckDB database, a file `bidfields.duckdb` in the data
 * folder (`--data DIR`, default `./.bidfields`), or in memory for the demo and the tests. The CLI commands
 * `users`, `data`, `db` and `serve` all open it through here, so they agree on the file and the tables. DuckDB lets one
 * process open the file; the one that does leaves a lock note (`bidfields.lock.json`: command, PID, start) for as
 * long as it holds it, so that a refused opener can say who holds the folder.
 *
 * Past one machine (issue 13), the events go to ClickHouse (`clickhouse`: a URL or `chdb:DIR`) and the users,
 * adapter records and the sign-in throttle's counts to PostgreSQL (`postgresUrl`); with both, no data folder is
 * opened at all, and any number of API instances share the state.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { UserStore } from '../auth/user-store.js';
import { createDuckDBUserStore } from '../stores/duckdb/user-store.js';
import { openDuckDB } from '../stores/duckdb/database.js';
import { createDuckDBReportStore, type DuckDBReportStore } from '../stores/duckdb/report-store.js';
import { createDuckDBAdapterStore } from '../stores/duckdb/adapter-store.js';
import { createPostgresAdapterStore } from '../stores/postgres/adapter-store.js';
import type { AdapterStore } from '../adapters/store.js';
import { createPostgresUserStore } from '../stores/postgres/user-store.js';
import { openPostgres } from '../stores/postgres/database.js';
import { createPostgresThrottle } from '../stores/postgres/throttle.js';
import type { AsyncSignInThrottle } from '../auth/throttle.js';
import { ClickHouseLocationError, describeClickHouseLocation, openClickHouseStore } from '../stores/clickhouse/open.js';
import type { ImportingStore } from '../reports/store.js';
import { readLockNote, writeLockNote, type LockNote } from './lock-note.js';

/** The default data folder. */
export const DEFAULT_DATA_DIR = '.bidfields';
/** The database file's name inside the data folder. */
export const DATABASE_FILE = 'bidfields.duckdb';

/** Where the events are: the data folder's DuckDB store or ClickHouse, with the same contract. */
export type EventStore = ImportingStore & {
  /** Number of event rows stored. */
  count(): Promise<number>;
};

/** An open storage. */
export interface Storage {
  reports: EventStore;
  users: UserStore;
  /** Adapter records (issue 14), in the same database. */
  adapters: AdapterStore;
  /** The sign-in throttle shared through PostgreSQL, when users are there (else each server keeps its own). */
  throttle?: AsyncSignInThrottle;
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

/** The stores API instances share (issue 13). */
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

/** The data folder is held by another process; `holder` is what is known about it. */
export class StorageLockedError extends Error {
  override name = 'StorageLockedError';
  constructor(
    readonly dataDir: string,
    readonly holder: Partial<LockNote>,
    options: { cause: unknown },
  ) {
    super(`the data folder ${dataDir} is in use by another process`, options);
  }
}

/**
 * Opens the storage in a data folder (created if needed), or in memory.
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
    const duckdb: Storage | undefined = where.clickhouse !== undefined && where.postgresUrl !== undefined ? undefined : await openDuckDBStorage(where);
    if (duckdb) closers.push(duckdb.close);
    let events: EventStore;
    if (where.clickhouse === undefined) events = duckdb!.reports;
    else {
      const clickhouse = await openEvents(where.clickhouse, where);
      closers.push(clickhouse.close);
      events = clickhouse;
    }
    let shared: Pick<Storage, 'users' | 'adapters' | 'throttle'> | undefined;
    if (where.postgresUrl !== undefined) {
      const url = where.postgresUrl;
      shared = await opening(describePostgres(url), async () => {
        const postgres = await openPostgres(url);
        closers.push(postgres.close);
        return {
          users: await createPostgresUserStore(postgres.pool),
          adapters: await createPostgresAdapterStore(postgres.pool),
          throttle: await createPostgresThrottle(postgres.pool),
        };
      });
    }
    return {
      reports: events,
      users: shared?.users ?? duckdb!.users,
      adapters: shared?.adapters ?? duckdb!.adapters,
      ...(shared && { throttle: shared.throttle }),
      interrupt: duckdb?.interrupt ?? (() => {}),
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
 * const { reports, close } = await openEventStorage({ dataDir: '.bidfields', holder: 'data import' })
 */
export async function openEventStorage(where: StorageLocation): Promise<{ reports: EventStore; close(): Promise<void> }> {
  if (where.clickhouse === undefined) return openDuckDBStorage(where);
  const reports = await openEvents(where.clickhouse, where);
  return { reports, close: reports.close };
}

function openEvents(location: string, where: SharedStores) {
  return opening(describeClickHouseLocation(location), () => openClickHouseStore(location, {
    ...(where.cwd !== undefined && { cwd: where.cwd }),
    ...(where.cluster !== undefined && { cluster: where.cluster }),
    ...(where.batchRows !== undefined && { batchRows: where.batchRows }),
  }));
}

/**
 * Opens only the users, for `bidfields users add`: in PostgreSQL when `postgresUrl` is given (no data folder is
 * opened then, so a running server does not stand in the way), else in the data folder's database.
 *
 * @example
 * const { users, close } = await openUsers({ postgresUrl: process.env.BIDFIELDS_DATABASE_URL! })
 */
export async function openUsers(where: StorageLocation): Promise<{ users: UserStore; close(): Promise<void> }> {
  if (where.postgresUrl === undefined) return openDuckDBStorage(where);
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

/** A store that could not be opened: `what` it was (never with a password), and why. */
export class StorageOpenError extends Error {
  override name = 'StorageOpenError';
}

/** Runs `open`, turning its failure into a {@link StorageOpenError} that names `what`. */
async function opening<T>(what: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    if (error instanceof StorageOpenError) throw error;
    const message = error instanceof ClickHouseLocationError ? error.message : `cannot open ${what}: ${firstLine(error)}`;
    throw new StorageOpenError(message, { cause: error });
  }
}

function firstLine(error: unknown): string {
  const text = (error as Error)?.message || (error as { code?: string })?.code || String(error);
  return text.split('\n')[0]!;
}

/** What a PostgreSQL URL names, for messages: host and database, never the password. */
export function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    // Another scheme's "host" may be the text after a password (u:secret@host parses as the scheme u:).
    if (!/^postgres(ql)?:$/i.test(parsed.protocol)) return 'PostgreSQL (not a postgres:// URL)';
    return `PostgreSQL at ${parsed.host}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL (the URL does not parse)';
  }
}

async function openDuckDBStorage(where: StorageLocation): Promise<Storage> {
  if (!('dataDir' in where)) return openDatabase(':memory:', () => undefined);
  await mkdir(where.dataDir, { recursive: true });
  let removeNote = () => {};
  let storage: Storage;
  try {
    storage = await openDatabase(join(where.dataDir, DATABASE_FILE), () => removeNote());
  } catch (error) {
    throw lockHolder(error, where.dataDir) ?? error;
  }
  try {
    removeNote = writeLockNote(where.dataDir, where.holder ?? 'serve');
  } catch (error) {
    await storage.close();
    throw error;
  }
  return storage;
}

async function openDatabase(path: string, afterClose: () => void): Promise<Storage> {
  const db = await openDuckDB(path);
  const close = async () => {
    await db.close();
    afterClose();
  };
  try {
    return { reports: await createDuckDBReportStore(db), users: await createDuckDBUserStore(db), adapters: await createDuckDBAdapterStore(db), interrupt: db.interrupt, close };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * DuckDB's lock error as a {@link StorageLockedError}: the holder from the lock note, unless DuckDB names another
 * PID (then the note is an old one and only the PID is known).
 */
function lockHolder(error: unknown, dataDir: string): StorageLockedError | undefined {
  const message = (error as Error)?.message ?? '';
  if (!/Could not set lock/i.test(message)) return undefined;
  const pid = /\(PID (\d+)\)/.exec(message)?.[1];
  const note = readLockNote(dataDir);
  const holder = note && (pid === undefined || Number(pid) === note.pid) ? note : { pid: pid === undefined ? undefined : Number(pid) };
  return new StorageLockedError(dataDir, holder, { cause: error });
}

/**
 * A one-line explanation of why the storage could not be opened. For a held folder it names the holder (command
 * and PID) and, to someone running `data import` while `serve` holds it, suggests loading through the server.
 *
 * @example
 * describeStorageError(error, 'data import')
 * // 'the data folder .bidfields is in use by `bidfields serve` (PID 4242, since 2026-11-21T09:00:00.000Z); …'
 */
export function describeStorageError(error: unknown, opener?: string): string {
  if (error instanceof StorageLockedError) {
    const { command, pid, startedAt } = error.holder;
    const who = command ? `\`bidfields ${command}\`` : 'another process';
    const details = [pid && `PID ${pid}`, startedAt && `since ${startedAt}`].filter(Boolean).join(', ');
    let text = `the data folder ${error.dataDir} is in use by ${who}${details ? ` (${details})` : ''}`;
    if (opener === 'data import' && (command === 'serve' || command === undefined)) {
      text += '; to load into a running server, use `bidfields data import FILE --server URL`';
    } else if (command && command !== 'serve') text += '; try again when it has finished';
    return text;
  }
  if (error instanceof StorageOpenError) return error.message;
  const message = (error as Error)?.message ?? String(error);
  if (/lock/i.test(message)) return 'the data folder is in use by another process';
  return `cannot open the data folder: ${message.split('\n')[0]}`;
}
