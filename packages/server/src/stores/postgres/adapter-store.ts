/** Adapter records in PostgreSQL, next to the users, so every API instance edits the same partners. */
import type pg from 'pg';
import type { AdapterStore } from '../../adapters/store.js';
import { createSqlAdapterStore } from '../sql/adapter-store.js';
import { migratePostgres } from './database.js';
import { ADAPTERS_MIGRATIONS } from './migrations.js';

/**
 * Creates or migrates the adapters schema on `pool` and returns the store.
 *
 * @example
 * const adapters = await createPostgresAdapterStore(postgres.pool)
 * const saved = await adapters.put('acme', record, 0) // saved.version === 1
 */
export async function createPostgresAdapterStore(pool: pg.Pool): Promise<AdapterStore> {
  await migratePostgres(pool, 'adapters', ADAPTERS_MIGRATIONS);
  return createSqlAdapterStore({
    rows: async (sql, values) => (await pool.query(sql, values)).rows as Record<string, unknown>[],
    now: () => new Date(),
    timestamp: (parameter) => parameter,
    epochMs: '(extract(epoch FROM updated_at) * 1000)::float8',
    // Bytes order, as DuckDB's default: the list does not depend on the database's locale.
    byCode: 'bidder_code COLLATE "C"',
    // Its ON CONFLICT and row locks make a racing write wait, then find the version changed: no error to read.
    raceLost: () => false,
  });
}
