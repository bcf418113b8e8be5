/**
 * The server's state: report events and users in one DuckDB database, a file `bidfields.duckdb` in the data
 * folder (`--data DIR`, default `./.bidfields`), or in memory for the demo and the tests. The CLI commands
 * `users`, `data` and `serve` all open it through here, so they agree on the file and the tables.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createDuckDBUserStore, type UserStore } from '../auth/user-store.js';
import { openDuckDB } from '../reports/duckdb/database.js';
import { createDuckDBReportStore, type DuckDBReportStore } from '../reports/duckdb/store.js';

/** The default data folder. */
export const DEFAULT_DATA_DIR = '.bidfields';
/** The database file's name inside the data folder. */
export const DATABASE_FILE = 'bidfields.duckdb';

/** An open storage. */
export interface Storage {
  reports: DuckDBReportStore;
  users: UserStore;
  /** Stops the queries running now (see DuckDB.interrupt); for a shutdown past its grace period. */
  interrupt(): void;
  /** Waits for running queries, then closes the database (and its file lock). */
  close(): Promise<void>;
}

/**
 * Opens the storage in a data folder (created if needed), or in memory.
 *
 * @example
 * const storage = await openStorage({ dataDir: '.bidfields' })
 * const memory = await openStorage({ memory: true })
 */
export async function openStorage(where: { dataDir: string } | { memory: true }): Promise<Storage> {
  let path = ':memory:';
  if ('dataDir' in where) {
    await mkdir(where.dataDir, { recursive: true });
    path = join(where.dataDir, DATABASE_FILE);
  }
  const db = await openDuckDB(path);
  try {
    return { reports: await createDuckDBReportStore(db), users: await createDuckDBUserStore(db), interrupt: db.interrupt, close: db.close };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * A one-line explanation of why the storage could not be opened; DuckDB's lock error becomes a hint that
 * another process (most often a running `bidfields serve`) holds the folder.
 */
export function describeStorageError(error: unknown): string {
  const message = (error as Error)?.message ?? String(error);
  if (/lock/i.test(message)) return 'the data folder is in use by another process (is `bidfields serve` running on it?)';
  return `cannot open the data folder: ${message.split('\n')[0]}`;
}
