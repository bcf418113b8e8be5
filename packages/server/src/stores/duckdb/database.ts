/**
 * The DuckDB database of the data folder (or `:memory:`), one instance per process with a small pool of connections:
 * DuckDB runs queries on separate connections in parallel, so one connection would queue every report behind the
 * others. Every use is a lease, and {@link DuckDB.close} waits for every lease before closing: closing a connection
 * while a statement runs on it is a use-after-free inside DuckDB.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

/** Default number of pooled connections: enough to keep a few cores busy, few enough to bound memory. */
const DEFAULT_POOL_SIZE = 4;

/** An open database. */
export interface DuckDB {
  /** The instance, for work that needs a connection of its own outside the pool (a long import transaction). */
  readonly instance: DuckDBInstance;
  /**
   * Runs `fn` with a pooled connection that nobody else uses until `fn` settles; waits for a free one when all
   * are lent. Rejects with {@link DatabaseClosedError} once {@link close} has been called.
   */
  withConnection<T>(fn: (connection: DuckDBConnection) => Promise<T>): Promise<T>;
  /**
   * Tracks work that holds a connection of its own (made with `instance.connect()`), so that {@link close} waits
   * for it too; `fn` gets the connection and it is closed after `fn` settles.
   */
  withOwnConnection<T>(fn: (connection: DuckDBConnection) => Promise<T>): Promise<T>;
  /**
   * Asks DuckDB to stop the statements running on lent connections (they fail with an "Interrupted" error, their
   * transactions roll back); for a shutdown that should not wait for queries nobody is waiting for any more.
   */
  interrupt(): void;
  /** Stops new leases, waits for the running ones, then closes the connections and the database (and so its file lock). */
  close(): Promise<void>;
}

/** A lease was asked for after {@link DuckDB.close}. */
class DatabaseClosedError extends Error {
  override name = 'DatabaseClosedError';
  constructor() {
    super('the database is closed');
  }
}

/**
 * Opens (creating if needed) a DuckDB database.
 *
 * @example
 * const db = await openDuckDB(':memory:')
 * try { await db.withConnection((c) => c.run('SELECT 1')) } finally { await db.close() }
 */
export async function openDuckDB(path: string, poolSize = DEFAULT_POOL_SIZE): Promise<DuckDB> {
  const instance = await DuckDBInstance.create(path);
  const idle: DuckDBConnection[] = [];
  const all: DuckDBConnection[] = [];
  const waiting: ((c: DuckDBConnection) => void)[] = [];
  const lent = new Set<DuckDBConnection>();
  let leases = 0;
  let connecting = 0;
  let closing: Promise<void> | undefined;
  let drained: (() => void) | undefined;

  const acquire = async (): Promise<DuckDBConnection> => {
    const free = idle.pop();
    if (free) return free;
    if (all.length + connecting < poolSize) {
      // Counted before the await, so leases asked for at the same moment cannot open more than poolSize.
      connecting++;
      try {
        const made = await instance.connect();
        all.push(made);
        return made;
      } finally {
        connecting--;
      }
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (connection: DuckDBConnection) => {
    const next = waiting.shift();
    if (next) next(connection);
    else idle.push(connection);
  };
  const lease = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (closing) throw new DatabaseClosedError();
    leases++;
    try {
      return await fn();
    } finally {
      leases--;
      if (leases === 0) drained?.();
    }
  };

  return {
    instance,
    withConnection: (fn) =>
      lease(async () => {
        const connection = await acquire();
        lent.add(connection);
        try {
          return await fn(connection);
        } finally {
          lent.delete(connection);
          release(connection);
        }
      }),
    withOwnConnection: (fn) =>
      lease(async () => {
        const connection = await instance.connect();
        lent.add(connection);
        try {
          return await fn(connection);
        } finally {
          lent.delete(connection);
          connection.closeSync();
        }
      }),
    interrupt() {
      for (const connection of lent) connection.interrupt();
    },
    close() {
      closing ??= (async () => {
        if (leases > 0) await new Promise<void>((resolve) => (drained = resolve));
        for (const connection of all) connection.closeSync();
        instance.closeSync();
      })();
      return closing;
    },
  };
}
