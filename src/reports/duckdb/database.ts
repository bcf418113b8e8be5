/**
 * Opens the DuckDB database that holds the events and the users: a file in the data folder, or `:memory:` for
 * the demo and the tests. One instance and one connection serve the whole process; DuckDB runs each query on
 * its own thread pool, so the connection is not the bottleneck, and one process owning the file is what DuckDB's
 * file lock demands anyway.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

/** An open database. */
export interface DuckDB {
  connection: DuckDBConnection;
  /** Closes the connection and the database (and so its file lock). */
  close(): void;
}

/**
 * Opens (creating if needed) a DuckDB database.
 *
 * @example
 * const db = await openDuckDB(':memory:')
 * try { … } finally { db.close() }
 */
export async function openDuckDB(path: string): Promise<DuckDB> {
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  return {
    connection,
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
