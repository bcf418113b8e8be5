/**
 * The report store on ClickHouse, where ad-tech reporting goes past one machine: a columnar server (or cluster)
 * that many stateless API instances share. It renders the same {@link ReportPlan} as the DuckDB store (see
 * `sql.ts`) and gives the same answers, row for row and bit for bit.
 *
 * Imports are not one transaction here (ClickHouse has none across inserts); instead they can be retried: a file's
 * rows go in batches of `batchRows`, each an INSERT with the deduplication token `<file hash>-<batch rows>-<batch
 * number>`, and the file's record is written after the last batch. An import interrupted anywhere left some
 * batches and no record; running it again sends the same batches with the same tokens, ClickHouse drops the ones
 * it has (within {@link DEDUPLICATION_WINDOW} blocks), and every row counts once. Run it again with the same batch
 * size. With `force` the tokens are salted with the number of completed imports of the content, so the rows are
 * inserted again, as asked, and an interrupted forced import run again (with `force`) still counts them once.
 */
import { ClickHouseLogLevel, createClient, type ClickHouseClient, type ClickHouseSettings } from '@clickhouse/client';
import type { ReportPlan } from '../plan.js';
import {
  AlreadyImportedError,
  type DeleteFilter,
  type EventRow,
  type ImportRecord,
  type ImportingStore,
  type StoreResult,
  type StoreRow,
} from '../store.js';
import {
  buildDeleteWhere,
  buildPageQuery,
  buildTotalsQuery,
  EVENTS_LOCAL_TABLE,
  EVENTS_TABLE,
  clusterName,
  IMPORTS_TABLE,
  schemaStatements,
  type BoundQuery,
} from './sql.js';

/**
 * The settings every query of the store sends, so that an answer does not depend on the server's version or its
 * profile defaults: numbers as JSON numbers, dates parsed and written one way, sums of nothing as 0 (not NULL),
 * synchronous deletes, and inserts deduplicated by their tokens.
 */
export const CLICKHOUSE_SETTINGS: ClickHouseSettings = {
  output_format_json_quote_64bit_integers: 0,
  output_format_json_quote_64bit_floats: 0,
  output_format_json_quote_decimals: 0,
  output_format_json_quote_denormals: 0,
  output_format_decimal_trailing_zeros: 0,
  date_time_input_format: 'basic',
  date_time_output_format: 'simple',
  aggregate_functions_null_for_empty: 0,
  input_format_null_as_default: 0,
  input_format_skip_unknown_fields: 0,
  async_insert: 0,
  insert_deduplicate: 1,
  mutations_sync: '2',
  lightweight_deletes_sync: '2',
};

/** Options of {@link createClickHouseReportStore}. */
export interface ClickHouseStoreOptions {
  /** Rows per INSERT (and per deduplication token); default 100 000. Re-run an interrupted import with the same. */
  batchRows?: number;
  /** The cluster the schema was created on (`db init --cluster`); deletes then go to every node. */
  cluster?: string;
  /** Create the tables if they do not exist (default true). */
  createSchema?: boolean;
}

/** A report store on ClickHouse, taking whole files ({@link ImportingStore}). */
export interface ClickHouseReportStore extends ImportingStore {
  /** Number of event rows stored. */
  count(): Promise<number>;
  /** Closes the client (not the server). */
  close(): Promise<void>;
  /** What opening the store found and created (absent with `createSchema: false`). */
  schema?: SchemaTable[];
}

/**
 * A client for a ClickHouse URL (`http://user:password@host:8123/database`) with {@link CLICKHOUSE_SETTINGS}.
 *
 * @example
 * const client = createClickHouseClient('http://localhost:8123/default')
 */
export function createClickHouseClient(url: string, options: { database?: string } = {}): ClickHouseClient {
  return createClient({
    url,
    ...options,
    // Failures reach the caller as errors; the client's own log would print each one a second time.
    log: { level: ClickHouseLogLevel.OFF },
    clickhouse_settings: { ...CLICKHOUSE_SETTINGS },
    compression: { request: false, response: false },
    request_timeout: 600_000,
  });
}

/** A table {@link initClickHouseSchema} made sure of. */
export interface SchemaTable {
  table: string;
  /** The table's engine as ClickHouse reports it (`MergeTree`, `ReplicatedMergeTree`, `Distributed`). */
  engine: string;
  /** Whether this call created it (false: it was there). */
  created: boolean;
}

/**
 * Creates the tables that do not exist yet (on a cluster: the replicated local table and the Distributed table,
 * `ON CLUSTER`), and says what it found and did.
 *
 * @example
 * await initClickHouseSchema(client) // [{ table: 'events', engine: 'MergeTree', created: true }, …]
 */
export async function initClickHouseSchema(client: ClickHouseClient, options: { cluster?: string } = {}): Promise<SchemaTable[]> {
  const tables = async () =>
    new Map(
      (
        await (
          await client.query({ query: 'SELECT name, engine FROM system.tables WHERE database = currentDatabase()', format: 'JSONEachRow' })
        ).json<{ name: string; engine: string }>()
      ).map((t) => [t.name, t.engine]),
    );
  const before = await tables();
  for (const query of schemaStatements({ cluster: options.cluster })) await client.command({ query });
  const after = await tables();
  const names = options.cluster === undefined ? [EVENTS_TABLE, IMPORTS_TABLE] : [EVENTS_LOCAL_TABLE, EVENTS_TABLE, IMPORTS_TABLE];
  return names.map((table) => ({ table, engine: after.get(table) ?? 'missing', created: !before.has(table) }));
}

/**
 * Creates the schema (unless `createSchema: false`) and returns a store on it.
 *
 * @example
 * const store = await createClickHouseReportStore(createClickHouseClient(url))
 * await store.importFile({ hash, name: 'events.csv' }, batches) // { loaded: 1000 }
 */
export async function createClickHouseReportStore(
  client: ClickHouseClient,
  options: ClickHouseStoreOptions = {},
): Promise<ClickHouseReportStore> {
  const batchRows = options.batchRows ?? 100_000;
  if (!Number.isSafeInteger(batchRows) || batchRows < 1) throw new RangeError(`batchRows must be a positive integer`);
  const schema = options.createSchema === false ? undefined : await initClickHouseSchema(client, { cluster: options.cluster });
  const select = async <T>(q: BoundQuery): Promise<T[]> =>
    (await client.query({ query: q.query, query_params: q.params, format: 'JSONEachRow' })).json<T>();

  const insertBatch = (rows: readonly EventRow[], token: string) =>
    client.insert({
      table: EVENTS_TABLE,
      values: rows.map(toInsertRow),
      format: 'JSONCompactEachRow',
      columns: ['date', 'service', 'country', 'requests', 'impression', 'revenue'],
      clickhouse_settings: {
        insert_deduplication_token: token,
        max_insert_block_size: String(Math.max(batchRows, 1_048_576)),
        // On a cluster, the Distributed table writes to the shards before the INSERT returns (not from a queue
        // later), so a batch acknowledged is stored, and its token reaches the replicated tables that check it.
        ...(options.cluster !== undefined && { distributed_foreground_insert: 1 }),
      },
    });

  const findImport = async (hash: string): Promise<ImportRecord | undefined> => {
    const [row] = await select<{ hash: string; at: number; rows: number; name: string }>({
      query:
        `SELECT \`hash\`, toUnixTimestamp64Milli(\`imported_at\`) AS at, \`row_count\` AS rows, \`name\` FROM ${IMPORTS_TABLE}` +
        ` WHERE \`hash\` = {hash:String} ORDER BY \`imported_at\` DESC LIMIT 1`,
      params: { hash },
    });
    return row && { hash: row.hash, importedAt: new Date(Number(row.at)), rows: Number(row.rows), name: row.name };
  };

  const countImports = async (hash: string): Promise<number> => {
    const [row] = await select<{ n: number }>({ query: `SELECT count() AS n FROM ${IMPORTS_TABLE} WHERE \`hash\` = {hash:String}`, params: { hash } });
    return Number(row?.n ?? 0);
  };

  const count = async (where?: BoundQuery): Promise<number> => {
    const [row] = await select<{ n: number }>({
      query: `SELECT count() AS n FROM ${EVENTS_TABLE}${where ? ` WHERE ${where.query}` : ''}`,
      params: where?.params ?? {},
    });
    return Number(row?.n ?? 0);
  };

  return {
    async query(plan: ReportPlan): Promise<StoreResult> {
      const names = [...plan.dimensions, ...plan.metrics.map((m) => m.name)];
      const q = buildPageQuery(plan);
      if (!plan.totals) return { rows: (await select<Record<string, string | number>>(q)).map((r) => renamed(r, names) as StoreRow) };
      if (plan.limit === 0) {
        // LIMIT 0 skips the reading, totals included: the totals alone, one query.
        const [totals] = await select<Record<string, number>>(buildTotalsQuery(plan));
        return { rows: [], totals: renamed(totals ?? {}, plan.metrics.map((m) => m.name)) as Record<string, number> };
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
          columns: ['date', 'service', 'country', 'requests', 'impression', 'revenue'],
          clickhouse_settings: { insert_deduplicate: 0 },
        });
      }
    },
    findImport,
    async importFile(file, rows, importOptions = {}) {
      const force = importOptions.force === true;
      if (!force) {
        const earlier = await findImport(file.hash);
        if (earlier) throw new AlreadyImportedError(earlier);
      }
      // A forced import inserts the rows again, so its tokens must differ from those of every completed import of
      // this content, yet be the same when the forced import itself is interrupted and run again: they are salted
      // with the number of completed imports of the content (a record is written only when one completes).
      const salt = force ? `force${await countImports(file.hash)}-` : '';
      let loaded = 0;
      let batch = 0;
      let pending: EventRow[] = [];
      const flush = async () => {
        importOptions.signal?.throwIfAborted();
        await insertBatch(pending, `${salt}${file.hash}-${batchRows}-${batch++}`);
        loaded += pending.length;
        pending = [];
        importOptions.onStored?.(loaded);
      };
      for await (const chunk of rows) {
        for (const row of chunk) {
          pending.push(row);
          if (pending.length === batchRows) await flush();
        }
      }
      if (pending.length > 0) await flush();
      importOptions.signal?.throwIfAborted();
      await client.insert({
        table: IMPORTS_TABLE,
        values: [{ hash: file.hash, imported_at: new Date().toISOString().replace('T', ' ').replace('Z', ''), row_count: loaded, name: file.name }],
        format: 'JSONEachRow',
        clickhouse_settings: { insert_deduplicate: 0 },
      });
      return { loaded };
    },
    async deleteRows(filter: DeleteFilter) {
      const where = buildDeleteWhere(filter);
      const n = await count(where);
      if (n === 0) return 0;
      const target = options.cluster === undefined ? EVENTS_TABLE : `${EVENTS_LOCAL_TABLE} ON CLUSTER ${clusterName(options.cluster)}`;
      await client.command({ query: `DELETE FROM ${target} WHERE ${where.query}`, query_params: where.params });
      return n;
    },
    count: () => count(),
    close: () => client.close(),
    ...(schema && { schema }),
  };
}

/** The row as JSONCompactEachRow values; revenue as exact micro-dollar text, as DuckDB stores it. */
function toInsertRow(r: EventRow): unknown[] {
  if (r.date < '1970-01-01' || r.date > '2149-06-06') throw new RangeError(`date ${r.date} is outside what ClickHouse's Date holds (1970-01-01 to 2149-06-06)`);
  return [r.date, r.service, r.country, r.requests, r.impression, microsText(Math.round(r.revenue * 1e6))];
}

function microsText(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const digits = String(Math.abs(micros)).padStart(7, '0');
  return `${sign}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

function renamed(row: Record<string, unknown>, names: readonly string[]): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  names.forEach((name, i) => {
    out[name] = row[`c${i}`] as string | number;
  });
  return out;
}
