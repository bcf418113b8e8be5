/**
 * The adapter store for both SQL engines (DuckDB in the data folder, PostgreSQL past one machine): one table
 * `adapters`, the record kept as its JSON text (exactly as written). Each write is one statement that names the
 * version it replaces, so a stale write changes nothing and racing writers get one winner and 409s. A delete leaves
 * a tombstone row with the last version, so a re-created record continues from it and no version of a bidder code
 * is ever handed out twice. The engines differ only in the few points of {@link AdapterDialect}.
 */
import type { AdapterRecord } from 'bidfields';
import { VersionConflictError, type AdapterStore } from '../../adapters/store.js';
import type { StoredAdapter } from 'bidfields/api';

/** What an engine's SQL says differently. */
export interface AdapterDialect {
  /** Runs a statement with `$n` parameters, resolving with its rows. */
  rows(sql: string, values: unknown[]): Promise<Record<string, unknown>[]>;
  /** The current time as the engine binds it into `timestamp(...)`. */
  now(): unknown;
  /** A bound parameter read as a timestamp. */
  timestamp(parameter: string): string;
  /** `updated_at` as epoch milliseconds. */
  epochMs: string;
  /** The collation that orders bidder codes by their bytes, as every engine must list them. */
  byCode: string;
  /** Whether an error is the engine refusing a write that raced another on the same row (a stale write too). */
  raceLost(error: unknown): boolean;
}

const LIVE = 'NOT deleted';
/** Runs of a delete that keeps losing races before its error is let through. */
const DELETE_ATTEMPTS = 10;

/**
 * Returns the adapter store over `dialect` (the schema is the engine's to migrate first).
 *
 * @example
 * const adapters = createSqlAdapterStore(duckdbAdapterDialect(db))
 * const saved = await adapters.put('acme', record, 0) // saved.version === 1
 */
export function createSqlAdapterStore(dialect: AdapterDialect): AdapterStore {
  const columns = `bidder_code, record, version, ${dialect.epochMs} AS updated`;
  const at = dialect.timestamp('$3');
  const rows = async (sql: string, values: unknown[] = []) => (await dialect.rows(sql, values)).map(fromRow);
  const get = async (bidderCode: string) => (await rows(`SELECT ${columns} FROM adapters WHERE bidder_code = $1 AND ${LIVE}`, [bidderCode]))[0];
  return {
    list: () => rows(`SELECT ${columns} FROM adapters WHERE ${LIVE} ORDER BY ${dialect.byCode}`),
    get,
    async put(bidderCode, adapter, expectedVersion) {
      const values = [bidderCode, JSON.stringify(adapter), dialect.now()];
      let written: StoredAdapter[];
      try {
        written =
          expectedVersion === 0
            ? // A new code starts at 1; a tombstone is revived one past its last version; a live record is left alone.
              await rows(
                `INSERT INTO adapters AS a (bidder_code, record, version, updated_at, deleted) VALUES ($1, $2, 1, ${at}, false)
                 ON CONFLICT (bidder_code) DO UPDATE
                   SET record = excluded.record, version = a.version + 1, updated_at = excluded.updated_at, deleted = false
                   WHERE a.deleted
                 RETURNING ${columns}`,
                values,
              )
            : await rows(
                `UPDATE adapters SET record = $2, version = version + 1, updated_at = ${at}
                 WHERE bidder_code = $1 AND version = $4 AND ${LIVE} RETURNING ${columns}`,
                [...values, expectedVersion],
              );
      } catch (error) {
        if (!dialect.raceLost(error)) throw error;
        written = [];
      }
      if (written[0]) return written[0];
      throw new VersionConflictError(bidderCode, expectedVersion, (await get(bidderCode))?.version ?? 0);
    },
    async delete(bidderCode) {
      const sql = `UPDATE adapters SET deleted = true, updated_at = ${dialect.timestamp('$2')} WHERE bidder_code = $1 AND ${LIVE} RETURNING bidder_code`;
      // A delete names no version, so one that races another write on the row is not stale: run again, it finds the
      // row as that write left it (deleted: false; replaced: deleted), as PostgreSQL's row lock has it wait and see.
      for (let attempt = 1; ; attempt++) {
        try {
          return (await dialect.rows(sql, [bidderCode, dialect.now()])).length > 0;
        } catch (error) {
          if (!dialect.raceLost(error) || attempt === DELETE_ATTEMPTS) throw error;
        }
      }
    },
  };
}

function fromRow(row: Record<string, unknown>): StoredAdapter {
  return {
    bidderCode: String(row.bidder_code),
    version: Number(row.version),
    updatedAt: new Date(Math.round(Number(row.updated))).toISOString(),
    adapter: JSON.parse(String(row.record)) as AdapterRecord,
  };
}
