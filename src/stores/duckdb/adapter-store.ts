/**
 * The DuckDB adapter store: one table `adapters` in the data folder's database, next to the users, so one `--data`
 * folder is still the whole state of a server. The record is kept as its JSON text. Each write is one statement
 * that names the version it replaces, so a stale write changes nothing; DuckDB's own refusals of a write racing
 * another (a write-write conflict, or a duplicate key when two creates of one code commit at once) are reported
 * the same way. A delete leaves a tombstone row with the last version, so a re-created record continues from it and
 * no version of a bidder code is ever handed out twice (an editor still holding an old one gets a 409).
 */
import type { DuckDB } from './database.js';
import type { AdapterRecord } from '../../core/types.js';
import { VersionConflictError, type AdapterStore } from '../../adapters/store.js';
import type { StoredAdapter } from '../../adapters/types.js';

const DDL = `CREATE TABLE IF NOT EXISTS adapters (
  bidder_code VARCHAR PRIMARY KEY,
  record VARCHAR NOT NULL,
  version BIGINT NOT NULL,
  updated_at TIMESTAMP NOT NULL,
  deleted BOOLEAN NOT NULL DEFAULT false
)`;
/**
 * A data folder made before tombstones has no `deleted` column: add it (its rows are live records). DuckDB cannot
 * add a column with a constraint, so here it stays nullable; every write sets it.
 */
const MIGRATE_TOMBSTONES = 'ALTER TABLE adapters ADD COLUMN IF NOT EXISTS deleted BOOLEAN DEFAULT false';
const COLUMNS = 'bidder_code, record, version, epoch_ms(updated_at) AS updated';
const LIVE = 'NOT deleted';

/**
 * DuckDB's ways of refusing a write that raced another on the same row: "Conflict on tuple deletion" and other
 * write-write conflicts, and, for two inserts of one new code, "Duplicate key … violates primary key constraint" or
 * "Failed to commit: PRIMARY KEY or UNIQUE constraint violation: duplicate key" (the only key is the bidder code).
 */
const RACE_LOST = /conflict|duplicate key/i;

function fromRow(row: Record<string, unknown>): StoredAdapter {
  return {
    bidderCode: String(row.bidder_code),
    version: Number(row.version),
    updatedAt: new Date(Number(row.updated)).toISOString(),
    adapter: JSON.parse(String(row.record)) as AdapterRecord,
  };
}

/**
 * Creates the adapters table if needed (migrating one without tombstones) and returns a store on it.
 *
 * @example
 * const adapters = await createDuckDBAdapterStore(db)
 * const saved = await adapters.put('acme', record, 0) // saved.version === 1
 */
export async function createDuckDBAdapterStore(db: DuckDB): Promise<AdapterStore> {
  await db.withConnection(async (c) => {
    await c.run(DDL);
    await c.run(MIGRATE_TOMBSTONES);
  });
  const rows = (sql: string, values: (string | number)[] = []) =>
    db.withConnection(async (c) => (await c.runAndReadAll(sql, values)).getRowObjectsJS().map(fromRow));
  const get = async (bidderCode: string) =>
    (await rows(`SELECT ${COLUMNS} FROM adapters WHERE bidder_code = $1 AND ${LIVE}`, [bidderCode]))[0];

  return {
    list: () => rows(`SELECT ${COLUMNS} FROM adapters WHERE ${LIVE} ORDER BY bidder_code`),
    get,
    async put(bidderCode, adapter, expectedVersion) {
      const now = new Date().toISOString();
      const text = JSON.stringify(adapter);
      let written: StoredAdapter[];
      try {
        written =
          expectedVersion === 0
            ? // A new code starts at 1; a tombstone is revived one past its last version; a live record is left alone.
              await rows(
                `INSERT INTO adapters AS a (bidder_code, record, version, updated_at, deleted)
                 VALUES ($1, $2, 1, CAST($3 AS TIMESTAMP), false)
                 ON CONFLICT (bidder_code) DO UPDATE
                   SET record = excluded.record, version = a.version + 1, updated_at = excluded.updated_at, deleted = false
                   WHERE a.deleted
                 RETURNING ${COLUMNS}`,
                [bidderCode, text, now],
              )
            : await rows(
                `UPDATE adapters SET record = $2, version = version + 1, updated_at = CAST($3 AS TIMESTAMP)
                 WHERE bidder_code = $1 AND version = $4 AND ${LIVE} RETURNING ${COLUMNS}`,
                [bidderCode, text, now, expectedVersion],
              );
      } catch (error) {
        // Another write to the same row won: DuckDB refuses this one, which is a stale write too.
        if (!RACE_LOST.test((error as Error)?.message ?? '')) throw error;
        written = [];
      }
      if (written[0]) return written[0];
      throw new VersionConflictError(bidderCode, expectedVersion, (await get(bidderCode))?.version ?? 0);
    },
    async delete(bidderCode) {
      const now = new Date().toISOString();
      const deleted = await rows(
        `UPDATE adapters SET deleted = true, updated_at = CAST($2 AS TIMESTAMP) WHERE bidder_code = $1 AND ${LIVE} RETURNING ${COLUMNS}`,
        [bidderCode, now],
      );
      return deleted.length > 0;
    },
  };
}
