/**
 * The DuckDB adapter store: one table `adapters` in the data folder's database, next to the users, so one `--data`
 * folder is still the whole state of a server. The record is kept as its JSON text. Each write is one statement
 * that names the version it replaces, so a stale write changes nothing; DuckDB's own write-write conflict between
 * two transactions is reported the same way.
 */
import type { DuckDB } from '../reports/duckdb/database.js';
import type { AdapterRecord } from '../core/types.js';
import { VersionConflictError, type AdapterStore } from './store.js';
import type { StoredAdapter } from './types.js';

const DDL = `CREATE TABLE IF NOT EXISTS adapters (
  bidder_code VARCHAR PRIMARY KEY,
  record VARCHAR NOT NULL,
  version BIGINT NOT NULL,
  updated_at TIMESTAMP NOT NULL
)`;
const COLUMNS = 'bidder_code, record, version, epoch_ms(updated_at) AS updated';

function fromRow(row: Record<string, unknown>): StoredAdapter {
  return {
    bidderCode: String(row.bidder_code),
    version: Number(row.version),
    updatedAt: new Date(Number(row.updated)).toISOString(),
    adapter: JSON.parse(String(row.record)) as AdapterRecord,
  };
}

/**
 * Creates the adapters table if needed and returns a store on it.
 *
 * @example
 * const adapters = await createDuckDBAdapterStore(db)
 * const saved = await adapters.put('acme', record, 0) // saved.version === 1
 */
export async function createDuckDBAdapterStore(db: DuckDB): Promise<AdapterStore> {
  await db.withConnection((c) => c.run(DDL));
  const rows = (sql: string, values: (string | number)[] = []) =>
    db.withConnection(async (c) => (await c.runAndReadAll(sql, values)).getRowObjectsJS().map(fromRow));
  const get = async (bidderCode: string) => (await rows(`SELECT ${COLUMNS} FROM adapters WHERE bidder_code = $1`, [bidderCode]))[0];

  return {
    list: () => rows(`SELECT ${COLUMNS} FROM adapters ORDER BY bidder_code`),
    get,
    async put(bidderCode, adapter, expectedVersion) {
      const now = new Date().toISOString();
      const text = JSON.stringify(adapter);
      let written: StoredAdapter[];
      try {
        written =
          expectedVersion === 0
            ? await rows(
                `INSERT INTO adapters VALUES ($1, $2, 1, CAST($3 AS TIMESTAMP)) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
                [bidderCode, text, now],
              )
            : await rows(
                `UPDATE adapters SET record = $2, version = version + 1, updated_at = CAST($3 AS TIMESTAMP)
                 WHERE bidder_code = $1 AND version = $4 RETURNING ${COLUMNS}`,
                [bidderCode, text, now, expectedVersion],
              );
      } catch (error) {
        // Two transactions writing the same row at once: DuckDB refuses the second, which is a stale write too.
        if (!/conflict/i.test((error as Error)?.message ?? '')) throw error;
        written = [];
      }
      if (written[0]) return written[0];
      throw new VersionConflictError(bidderCode, expectedVersion, (await get(bidderCode))?.version ?? 0);
    },
    async delete(bidderCode) {
      return (await rows(`DELETE FROM adapters WHERE bidder_code = $1 RETURNING ${COLUMNS}`, [bidderCode])).length > 0;
    },
  };
}
