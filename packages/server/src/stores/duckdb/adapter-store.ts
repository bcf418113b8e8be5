/** Adapter records in the data folder's database, next to the users, so one `--data` folder is a server's whole state. */
import type { AdapterStore } from '../../adapters/store.js';
import { createSqlAdapterStore } from '../sql/adapter-store.js';
import type { DuckDB } from './database.js';
import { ADAPTERS_MIGRATIONS, migrateDuckDB } from './migrations.js';

/**
 * DuckDB's ways of refusing a write that raced another on the same row: "Conflict on tuple deletion" and other
 * write-write conflicts, and, for two inserts of one new code, "Duplicate key … violates primary key constraint" or
 * "Failed to commit: PRIMARY KEY or UNIQUE constraint violation: duplicate key" (the only key is the bidder code).
 */
const RACE_LOST = /conflict|duplicate key/i;

/**
 * Creates or migrates the adapters table and returns a store on it.
 *
 * @example
 * const adapters = await createDuckDBAdapterStore(db)
 * const saved = await adapters.put('acme', record, 0) // saved.version === 1
 */
export async function createDuckDBAdapterStore(db: DuckDB): Promise<AdapterStore> {
  await migrateDuckDB(db, 'adapters', ADAPTERS_MIGRATIONS);
  return createSqlAdapterStore({
    rows: (sql, values) => db.withConnection(async (c) => (await c.runAndReadAll(sql, values as never)).getRowObjectsJS() as Record<string, unknown>[]),
    now: () => new Date().toISOString(),
    timestamp: (parameter) => `CAST(${parameter} AS TIMESTAMP)`,
    epochMs: 'epoch_ms(updated_at)',
    byCode: 'bidder_code',
    raceLost: (error) => RACE_LOST.test((error as Error)?.message ?? ''),
  });
}
