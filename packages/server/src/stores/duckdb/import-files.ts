/**
 * Whole-file imports and deletions on DuckDB (an {@link AtomicEventStore}): a file's rows and its record are written
 * in ONE transaction on a connection of the import's own (the appender writes into it, and the write-ahead log
 * replays only committed transactions), so an error, an interrupt or a `kill -9` before COMMIT keeps nothing.
 */
import { BIGINT, VARCHAR, type DuckDBConnection, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import {
  AlreadyImportedError,
  type AtomicEventStore,
  type DeleteFilter,
  type EventRow,
  type ImportedFile,
  type ImportFileOptions,
  type ImportRecord,
} from '../../reports/store.js';
import { appendRows } from './chunk.js';
import type { DuckDB } from './database.js';
import { EVENTS_TABLE, IMPORTS_TABLE } from './migrations.js';

type FileMethods = Pick<AtomicEventStore, 'importFile' | 'findImport' | 'deleteRows'>;

/**
 * The import, lookup and delete methods of the DuckDB store (tables created by the store).
 *
 * @example
 * const files = createFileMethods(db)
 * await files.importFile({ hash, name: 'events.csv' }, batches) // { loaded: 1000 }
 * await files.deleteRows({ startDate: '2024-01-01', endDate: '2024-01-31', country: 'FR' }) // 31
 */
export function createFileMethods(db: DuckDB): FileMethods {
  const findImport = (hash: string) => db.withConnection((c) => readRecord(c, hash));
  // The import of each content running now: the next waits for it. Two at once would both write the content's record,
  // and DuckDB refuses the second write to that row (a write-write conflict), which a forced import is not to get.
  const running = new Map<string, Promise<unknown>>();
  return {
    findImport,
    importFile: (file, rows, options = {}) => {
      const run = (running.get(file.hash) ?? Promise.resolve()).catch(() => undefined).then(() => importOnce(file, rows, options));
      running.set(file.hash, run);
      void run.catch(() => undefined).then(() => running.get(file.hash) === run && running.delete(file.hash));
      return run;
    },
    deleteRows: (filter) => db.withConnection(async (c) => (await c.run(...deleteSql(filter))).rowsChanged),
  };

  async function importOnce(file: ImportedFile, rows: AsyncIterable<readonly EventRow[]>, options: ImportFileOptions): Promise<{ loaded: number }> {
    try {
      return await db.withOwnConnection((c) => importInTransaction(c, file, rows, options.force === true, options.signal));
    } catch (error) {
      // Two stores over one database importing the same content at once: both saw no record, the second fails on the primary key.
      const lookup = error instanceof AlreadyImportedError || options.force ? undefined : findImport(file.hash);
      const record = await lookup?.catch(() => undefined);
      throw record ? new AlreadyImportedError(record) : error;
    }
  }
}

async function importInTransaction(
  c: DuckDBConnection,
  file: { hash: string; name: string },
  rows: AsyncIterable<readonly EventRow[]>,
  force: boolean,
  signal: AbortSignal | undefined,
): Promise<{ loaded: number }> {
  await c.run('BEGIN TRANSACTION');
  try {
    const earlier = force ? undefined : await readRecord(c, file.hash);
    if (earlier) throw new AlreadyImportedError(earlier);
    let loaded = 0;
    const appender = await c.createAppender(EVENTS_TABLE);
    try {
      const dates = new Map<string, DuckDBValue>();
      for await (const batch of rows) {
        appendRows(appender, batch, dates);
        loaded += batch.length;
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
    await c.run(
      `INSERT OR REPLACE INTO ${IMPORTS_TABLE} VALUES ($1, epoch_ms($2), $3, $4)`,
      [file.hash, BigInt(Date.now()), BigInt(loaded), file.name],
      [VARCHAR, BIGINT, BIGINT, VARCHAR],
    );
    signal?.throwIfAborted(); // the caller gave up: keep nothing (see ImportFileOptions.signal)
    await c.run('COMMIT');
    return { loaded };
  } catch (error) {
    await c.run('ROLLBACK').catch(() => undefined); // a failed COMMIT has rolled back already
    throw error;
  }
}

async function readRecord(c: DuckDBConnection, hash: string): Promise<ImportRecord | undefined> {
  const result = await c.runAndReadAll(
    `SELECT "hash", epoch_ms("imported_at"), "row_count", "name" FROM ${IMPORTS_TABLE} WHERE "hash" = $1`,
    [hash],
    [VARCHAR],
  );
  const row = result.getRowsJS()[0];
  if (!row) return undefined;
  return { hash: row[0] as string, importedAt: new Date(Number(row[1])), rows: Number(row[2]), name: row[3] as string };
}

/** The DELETE for a filter, values bound; dates arrive checked (`YYYY-MM-DD`). */
function deleteSql(f: DeleteFilter): [string, DuckDBValue[], DuckDBType[]] {
  const values: string[] = [f.startDate, f.endDate];
  let sql = `DELETE FROM ${EVENTS_TABLE} WHERE "date" BETWEEN CAST($1 AS DATE) AND CAST($2 AS DATE)`;
  if (f.service !== undefined) sql += ` AND "service" = $${values.push(f.service)}`;
  if (f.country !== undefined) sql += ` AND "country" = $${values.push(f.country)}`;
  return [sql, values, values.map(() => VARCHAR)];
}
