/**
 * The data folder: one DuckDB file holding events, users and adapter records (or memory, for the demo and tests).
 * DuckDB lets one process open the file; the one that does leaves a lock note (`bidfields.lock.json`: command, PID,
 * start) for as long as it holds it, so that a refused opener can say who holds the folder.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AdapterStore } from '../adapters/store.js';
import type { UserStore } from '../auth/user-store.js';
import type { AtomicEventStore } from '../reports/store.js';
import { createDuckDBAdapterStore } from './duckdb/adapter-store.js';
import { openDuckDB } from './duckdb/database.js';
import { createDuckDBReportStore } from './duckdb/report-store.js';
import { createDuckDBUserStore } from './duckdb/user-store.js';
import { StorageLockedError } from './errors.js';
import { readLockNote, writeLockNote } from './lock-note.js';

/** The default data folder. */
export const DEFAULT_DATA_DIR = '.bidfields';
/** The database file's name inside the data folder. */
export const DATABASE_FILE = 'bidfields.duckdb';

/** Everything a data folder holds. */
export interface DataFolder {
  events: AtomicEventStore;
  users: UserStore;
  adapters: AdapterStore;
  interrupt(): void;
  close(): Promise<void>;
}

/**
 * Opens the data folder (created if needed) as `holder`, or memory.
 *
 * @example
 * const folder = await openDataFolder({ dataDir: '.bidfields', holder: 'data import' })
 */
export async function openDataFolder(where: { dataDir: string; holder?: string } | { memory: true }): Promise<DataFolder> {
  if (!('dataDir' in where)) return openDatabase(':memory:', () => undefined);
  await mkdir(where.dataDir, { recursive: true });
  let removeNote = () => {};
  let folder: DataFolder;
  try {
    folder = await openDatabase(join(where.dataDir, DATABASE_FILE), () => removeNote());
  } catch (error) {
    throw lockHolder(error, where.dataDir) ?? error;
  }
  try {
    removeNote = writeLockNote(where.dataDir, where.holder ?? 'serve');
  } catch (error) {
    await folder.close();
    throw error;
  }
  return folder;
}

async function openDatabase(path: string, afterClose: () => void): Promise<DataFolder> {
  const db = await openDuckDB(path);
  const close = async () => {
    await db.close();
    afterClose();
  };
  try {
    return {
      events: await createDuckDBReportStore(db),
      users: await createDuckDBUserStore(db),
      adapters: await createDuckDBAdapterStore(db),
      interrupt: db.interrupt,
      close,
    };
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
