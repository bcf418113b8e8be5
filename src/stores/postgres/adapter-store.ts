/**
 * The PostgreSQL adapter store (issues 13 and 14): adapter records next to the users where users live in
 * PostgreSQL, so every API instance edits the same partners. Same contract as the DuckDB store: the record kept as
 * JSON text (exactly as written), each write one statement naming the version it replaces, so a stale write
 * changes nothing and two instances racing on one record give one winner and one 409. A delete leaves a tombstone
 * row with the last version (schema version 2), so a re-created record continues from it and no version of a bidder
 * code is ever handed out twice (an editor still holding an old one gets a 409).
 */
import type pg from 'pg';
import type { AdapterRecord } from '../../core/types.js';
import { migrate } from './database.js';
import { VersionConflictError, type AdapterStore } from '../../adapters/store.js';
import type { StoredAdapter } from '../../adapters/types.js';

/** The adapters schema, version by version (see `migrate`); never edit a shipped one: add one. */
export const ADAPTERS_MIGRATIONS: readonly (readonly string[])[] = [
  [],
  [
    `CREATE TABLE adapters (
      bidder_code TEXT PRIMARY KEY,
      record TEXT NOT NULL,
      version BIGINT NOT NULL,
      updated_at TIMESTAMPTZ NOT NULL
    )`,
  ],
  // Tombstones: a deleted record's row stays, with its last version, so a re-create continues from it.
  ['ALTER TABLE adapters ADD COLUMN deleted BOOLEAN NOT NULL DEFAULT false'],
];
const LIVE = 'NOT deleted';
const COLUMNS = 'bidder_code, record, version, (extract(epoch FROM updated_at) * 1000)::float8 AS updated';

function fromRow(row: Record<string, unknown>): StoredAdapter {
  return {
    bidderCode: String(row.bidder_code),
    version: Number(row.version),
    updatedAt: new Date(Math.round(Number(row.updated))).toISOString(),
    adapter: JSON.parse(String(row.record)) as AdapterRecord,
  };
}

/**
 * Creates or migrates the adapters schema on `pool` and returns the store.
 *
 * @example
 * const adapters = await createPostgresAdapterStore(postgres.pool)
 * const saved = await adapters.put('acme', record, 0) // saved.version === 1
 */
export async function createPostgresAdapterStore(pool: pg.Pool): Promise<AdapterStore> {
  await migrate(pool, 'adapters', ADAPTERS_MIGRATIONS);
  const rows = async (sql: string, values: unknown[] = []) => (await pool.query(sql, values)).rows.map(fromRow);
  const get = async (bidderCode: string) =>
    (await rows(`SELECT ${COLUMNS} FROM adapters WHERE bidder_code = $1 AND ${LIVE}`, [bidderCode]))[0];
  return {
    list: () => rows(`SELECT ${COLUMNS} FROM adapters WHERE ${LIVE} ORDER BY bidder_code COLLATE "C"`),
    get,
    async put(bidderCode, adapter, expectedVersion) {
      const text = JSON.stringify(adapter);
      const now = new Date();
      const written =
        expectedVersion === 0
          ? // A new code starts at 1; a tombstone is revived one past its last version; a live record is left alone.
            await rows(
              `INSERT INTO adapters AS a (bidder_code, record, version, updated_at, deleted) VALUES ($1, $2, 1, $3, false)
               ON CONFLICT (bidder_code) DO UPDATE
                 SET record = excluded.record, version = a.version + 1, updated_at = excluded.updated_at, deleted = false
                 WHERE a.deleted
               RETURNING ${COLUMNS}`,
              [bidderCode, text, now],
            )
          : await rows(
              `UPDATE adapters SET record = $2, version = version + 1, updated_at = $3
               WHERE bidder_code = $1 AND version = $4 AND ${LIVE} RETURNING ${COLUMNS}`,
              [bidderCode, text, now, expectedVersion],
            );
      if (written[0]) return written[0];
      throw new VersionConflictError(bidderCode, expectedVersion, (await get(bidderCode))?.version ?? 0);
    },
    async delete(bidderCode) {
      const sql = `UPDATE adapters SET deleted = true, updated_at = $2 WHERE bidder_code = $1 AND ${LIVE}`;
      return ((await pool.query(sql, [bidderCode, new Date()])).rowCount ?? 0) > 0;
    },
  };
}
