/**
 * The report store on ClickHouse, where ad-tech reporting goes past one machine: a columnar server (or cluster)
 * that many stateless API instances share, giving the same answers as the DuckDB store, row for row. It is a
 * resumable store: each batch of `batchRows` is an INSERT under the token `resume.ts` chooses, so an interrupted
 * import run again (with the same batch size) sends the same batches, ClickHouse drops the ones it has (within the
 * deduplication window `sql.ts` sets), and every row counts once.
 */
import type { ClickHouseClient } from '@clickhouse/client';
import type { ReportPlan } from '../../reports/plan.js';
import {
  AlreadyImportedError,
  BatchesKeptError,
  type DeleteFilter,
  type EventRow,
  type ResumableEventStore,
  type StoreResult,
  type StoreRow,
} from '../../reports/store.js';
import { neverDeduplicated } from './client.js';
import { clickHouseRowProblem, INSERT_COLUMNS, renamed, toInsertRow } from './encode.js';
import { createImportLog } from './resume.js';
import { initClickHouseSchema, type SchemaTable } from './schema.js';
import { buildDeleteWhere, buildPageQuery, buildTotalsQuery, clusterName, EVENTS_LOCAL_TABLE, EVENTS_TABLE, type BoundQuery } from './sql.js';

export { CLICKHOUSE_SETTINGS, createClickHouseClient } from './client.js';
export { initClickHouseSchema, type SchemaTable } from './schema.js';

/** Options of {@link createClickHouseReportStore}. */
export interface ClickHouseStoreOptions {
  /** Rows per INSERT (and per deduplication token); default 100 000. Re-run an interrupted import with the same. */
  batchRows?: number;
  /** The cluster the schema was created on (`db init --cluster`); deletes then go to every node. */
  cluster?: string;
  /** Create the tables if they do not exist (default true). */
  createSchema?: boolean;
}

/** A resumable event store on ClickHouse. */
export interface ClickHouseReportStore extends ResumableEventStore {
  /** Closes the client (not the server). */
  close(): Promise<void>;
  /** What opening the store found and created (absent with `createSchema: false`). */
  schema?: SchemaTable[];
}

/**
 * Creates the schema (unless `createSchema: false`) and returns a store on it.
 *
 * @example
 * const store = await createClickHouseReportStore(createClickHouseClient(url))
 * await store.importFile({ hash, name: 'events.csv' }, batches) // { loaded: 1000 }
 */
export async function createClickHouseReportStore(client: ClickHouseClient, options: ClickHouseStoreOptions = {}): Promise<ClickHouseReportStore> {
  const batchRows = options.batchRows ?? 100_000;
  if (!Number.isSafeInteger(batchRows) || batchRows < 1) throw new RangeError(`batchRows must be a positive integer`);
  const schema = options.createSchema === false ? undefined : await initClickHouseSchema(client, { cluster: options.cluster });
  const select = async <T>(q: BoundQuery): Promise<T[]> => (await client.query({ query: q.query, query_params: q.params, format: 'JSONEachRow' })).json<T>();
  const log = createImportLog(client, select, batchRows);

  /**
   * One batch, as one INSERT per month of its rows (the events table's partition, sql.ts): an INSERT that spans
   * partitions is written as one part per partition, one after the other, so a process killed between them left some
   * parts of the batch stored, and the batch's token (which ClickHouse gives each part with its position in the insert)
   * then dropped the wrong parts when the batch was sent again: rows were lost. One partition per INSERT is one part,
   * stored whole or not at all, under a token of its own (the batch's and the month), the same however often it is sent.
   */
  const insertBatch = async (rows: readonly EventRow[], token: string, blockRows: number) => {
    const months = new Map<string, EventRow[]>();
    for (const row of rows) {
      const month = row.date.slice(0, 7);
      const group = months.get(month);
      if (group) group.push(row);
      else months.set(month, [row]);
    }
    for (const [month, group] of months)
      await client.insert({
        table: EVENTS_TABLE,
        values: group.map(toInsertRow),
        format: 'JSONCompactEachRow',
        columns: INSERT_COLUMNS,
        clickhouse_settings: {
          insert_deduplication_token: `${token}:${month}`,
          max_insert_block_size: String(Math.max(blockRows, 1_048_576)),
          // On a cluster, the Distributed table writes to the shards before the INSERT returns (not from a queue
          // later), so a batch acknowledged is stored, and its token reaches the replicated tables that check it.
          ...(options.cluster !== undefined && { distributed_foreground_insert: 1 }),
        },
      });
  };

  const count = async (where?: BoundQuery): Promise<number> => {
    const [row] = await select<{ n: number }>({
      query: `SELECT count() AS n FROM ${EVENTS_TABLE}${where ? ` WHERE ${where.query}` : ''}`,
      params: where?.params ?? {},
    });
    return Number(row?.n ?? 0);
  };

  return {
    kind: 'resumable',
    async query(plan: ReportPlan): Promise<StoreResult> {
      const names = [...plan.dimensions, ...plan.metrics.map((m) => m.name)];
      const q = buildPageQuery(plan);
      if (!plan.totals) return { rows: (await select<Record<string, string | number>>(q)).map((r) => renamed(r, names) as StoreRow) };
      if (plan.limit === 0) {
        // LIMIT 0 skips the reading, totals included: the totals alone, one query.
        const [totals] = await select<Record<string, number>>(buildTotalsQuery(plan));
        return {
          rows: [],
          totals: renamed(
            totals ?? {},
            plan.metrics.map((m) => m.name),
          ) as Record<string, number>,
        };
      }
      // The page and its totals from one query (GROUP BY … WITH TOTALS: totals over every group, before LIMIT), so
      // both read one snapshot and always agree, even while an import inserts.
      // JSONEachRowWithProgress: a line per row ({"row": …}) and one {"totals": …} (the JSON format garbles an
      // empty page with totals in some engine builds; these lines do not). A failure mid-stream is an "exception" line.
      type Line = { row?: Record<string, string | number>; totals?: Record<string, string | number>; exception?: string };
      const lines = (await (await client.query({ query: q.query, query_params: q.params, format: 'JSONEachRowWithProgress' })).json()) as unknown as Line[];
      const failed = lines.find((line) => line.exception !== undefined);
      if (failed) throw new Error(`ClickHouse: ${failed.exception}`);
      const rows = lines.flatMap((line) => (line.row ? [renamed(line.row, names) as StoreRow] : []));
      const totals = renamed(lines.find((line) => line.totals)?.totals ?? {}, names);
      return { rows, totals: Object.fromEntries(plan.metrics.map((m) => [m.name, Number(totals[m.name] ?? 0)])) };
    },
    async append(rows) {
      for (let i = 0; i < rows.length; i += batchRows) {
        await client.insert({
          table: EVENTS_TABLE,
          values: rows.slice(i, i + batchRows).map(toInsertRow),
          format: 'JSONCompactEachRow',
          columns: INSERT_COLUMNS,
          clickhouse_settings: neverDeduplicated(),
        });
      }
    },
    findImport: log.findImport,
    async importFile(file, rows, importOptions = {}) {
      const force = importOptions.force === true;
      if (!force) {
        const earlier = await log.findImport(file.hash);
        if (earlier) throw new AlreadyImportedError(earlier);
      }
      const attempt = await log.beginAttempt(file, force);
      let loaded = 0;
      let batch = 0;
      let pending: EventRow[] = [];
      const flush = async () => {
        importOptions.signal?.throwIfAborted();
        await insertBatch(pending, `${attempt.prefix}-${batch++}`, attempt.batchRows);
        loaded += pending.length;
        pending = [];
      };
      try {
        for await (const chunk of rows) {
          for (const row of chunk) {
            pending.push(row);
            if (pending.length === attempt.batchRows) await flush();
          }
        }
        if (pending.length > 0) await flush();
        importOptions.signal?.throwIfAborted();
        await log.finish(file, attempt, loaded);
      } catch (error) {
        throw loaded > 0 ? new BatchesKeptError(loaded, { cause: error }) : error;
      }
      return { loaded };
    },
    async deleteRows(filter: DeleteFilter) {
      const where = buildDeleteWhere(filter);
      const n = await count(where);
      if (n === 0) return 0;
      const target = options.cluster === undefined ? EVENTS_TABLE : `${EVENTS_LOCAL_TABLE} ON CLUSTER ${clusterName(options.cluster)}`;
      // Logged before the rows go, so that a re-run of an interrupted import never takes its kept rows as whole after a delete.
      await log.logDeletion({
        start_date: filter.startDate,
        end_date: filter.endDate,
        service: filter.service ?? '',
        country: filter.country ?? '',
        row_count: n,
      });
      await client.command({ query: `DELETE FROM ${target} WHERE ${where.query}`, query_params: where.params });
      return n;
    },
    count: () => count(),
    rowProblem: clickHouseRowProblem,
    close: () => client.close(),
    ...(schema && { schema }),
  };
}
