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
import type { ReportPlan } from '../../reports/plan.js';
import {
  AlreadyImportedError,
  ResumeConflictError,
  type DeleteFilter,
  type ImportedFile,
  type EventRow,
  type ImportRecord,
  type ImportingStore,
  type StoreResult,
  type StoreRow,
} from '../../reports/store.js';
import {
  ATTEMPTS_TABLE,
  buildDeleteWhere,
  buildPageQuery,
  buildTotalsQuery,
  EVENTS_LOCAL_TABLE,
  EVENTS_TABLE,
  clusterName,
  DELETIONS_TABLE,
  IMPORTS_TABLE,
  MAX_DATE,
  MIN_DATE,
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
  const names = [...(options.cluster === undefined ? [] : [EVENTS_LOCAL_TABLE]), EVENTS_TABLE, IMPORTS_TABLE, ATTEMPTS_TABLE, DELETIONS_TABLE];
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

  const insertBatch = (rows: readonly EventRow[], token: string, blockRows: number) =>
    client.insert({
      table: EVENTS_TABLE,
      values: rows.map(toInsertRow),
      format: 'JSONCompactEachRow',
      columns: ['date', 'service', 'country', 'requests', 'impression', 'revenue'],
      clickhouse_settings: {
        insert_deduplication_token: token,
        max_insert_block_size: String(Math.max(blockRows, 1_048_576)),
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

  /** One row of bookkeeping (an import record, an attempt, a deletion); never deduplicated: each is an event of its own. */
  const record = (table: string, row: Record<string, unknown>) =>
    client.insert({ table, values: [row], format: 'JSONEachRow', clickhouse_settings: { insert_deduplicate: 0 } });
  const logAttempt = (hash: string, prefix: string, state: 'started' | 'ended', rowsPerBatch: number, deletions: number, first: string, last: string) =>
    record(ATTEMPTS_TABLE, { hash, prefix, state, batch_rows: rowsPerBatch, deletions, first_date: first, last_date: last });

  /**
   * Where this import's batches go, chosen so that a re-run counts every row once. The tokens are
   * `[force<completed imports>-]<hash>-<batch rows>-d<deletions>-<batch number>`: the same for two runs of the same
   * content (an interrupted run and its re-run, or two loads of one file at the same moment), so ClickHouse drops
   * the batches it has. An unfinished earlier run is continued with its own prefix and batch size (its size is what
   * makes the tokens match), unless rows of the file's dates were deleted since it began: its kept rows may then be
   * partly gone, and no choice of tokens is exact (resending them counts the rest twice, skipping them loses the
   * deleted ones). That is refused ({@link ResumeConflictError}), unless forced, which gives such runs up and
   * starts afresh: what they kept and the delete left then counts twice, as a forced import's rows do.
   */
  const beginAttempt = async (file: ImportedFile, force: boolean) => {
    const [first, last] = [file.dates?.first ?? MIN_DATE, file.dates?.last ?? MAX_DATE];
    const [counted] = await select<{ n: number }>({ query: `SELECT count() AS n FROM ${DELETIONS_TABLE}`, params: {} });
    const deletions = Number(counted?.n ?? 0);
    type Attempt = { prefix: string; batch_rows: number; deletions: number; at: number; first: string; last: string };
    const open = await select<Attempt>({
      query:
        `SELECT \`prefix\`, any(\`batch_rows\`) AS batch_rows, any(\`deletions\`) AS deletions, toUnixTimestamp64Milli(min(\`at\`)) AS at,` +
        ` toString(any(\`first_date\`)) AS first, toString(any(\`last_date\`)) AS last FROM ${ATTEMPTS_TABLE} WHERE \`hash\` = {hash:String}` +
        ` GROUP BY \`prefix\` HAVING countIf(\`state\` = 'ended') = 0 ORDER BY at`,
      params: { hash: file.hash },
    });
    // A run is stale when a deletion made since it began (server times) covers any of its dates.
    const stale: Attempt[] = [];
    for (const a of open) {
      if (Number(a.deletions) === deletions) continue;
      const [hit] = await select<{ n: number }>({
        query:
          `SELECT count() AS n FROM ${DELETIONS_TABLE} WHERE \`deleted_at\` >= fromUnixTimestamp64Milli({at:Int64}, 'UTC')` +
          ` AND \`start_date\` <= {last:Date} AND \`end_date\` >= {first:Date}`,
        params: { at: Number(a.at), first: a.first, last: a.last },
      });
      if (Number(hit?.n ?? 0) > 0) stale.push(a);
    }
    if (stale.length > 0 && !force) throw new ResumeConflictError(new Date(Number(stale[0]!.at)));
    for (const a of stale) await logAttempt(file.hash, a.prefix, 'ended', Number(a.batch_rows), Number(a.deletions), a.first, a.last);
    const salt = force ? `force${await countImports(file.hash)}-` : '';
    const resumed = open.find((a) => !stale.includes(a) && a.prefix.startsWith(`${salt}${file.hash}-`));
    const attempt = resumed
      ? { prefix: resumed.prefix, batchRows: Number(resumed.batch_rows), deletions: Number(resumed.deletions) }
      : { prefix: `${salt}${file.hash}-${batchRows}-d${deletions}`, batchRows, deletions };
    await logAttempt(file.hash, attempt.prefix, 'started', attempt.batchRows, attempt.deletions, first, last);
    return { ...attempt, first, last };
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
      const attempt = await beginAttempt(file, force);
      let loaded = 0;
      let batch = 0;
      let pending: EventRow[] = [];
      const flush = async () => {
        importOptions.signal?.throwIfAborted();
        await insertBatch(pending, `${attempt.prefix}-${batch++}`, attempt.batchRows);
        loaded += pending.length;
        pending = [];
        importOptions.onStored?.(loaded);
      };
      for await (const chunk of rows) {
        for (const row of chunk) {
          pending.push(row);
          if (pending.length === attempt.batchRows) await flush();
        }
      }
      if (pending.length > 0) await flush();
      importOptions.signal?.throwIfAborted();
      await record(IMPORTS_TABLE, { hash: file.hash, imported_at: timestamp(), row_count: loaded, name: file.name });
      await logAttempt(file.hash, attempt.prefix, 'ended', attempt.batchRows, attempt.deletions, attempt.first, attempt.last);
      return { loaded };
    },
    async deleteRows(filter: DeleteFilter) {
      const where = buildDeleteWhere(filter);
      const n = await count(where);
      if (n === 0) return 0;
      const target = options.cluster === undefined ? EVENTS_TABLE : `${EVENTS_LOCAL_TABLE} ON CLUSTER ${clusterName(options.cluster)}`;
      // Logged before the rows go, so that a re-run of an interrupted import never takes its kept rows as whole after a
      // delete (a logged delete that then fails only makes such a re-run refuse, which is safe).
      await record(DELETIONS_TABLE, { start_date: filter.startDate, end_date: filter.endDate, service: filter.service ?? '', country: filter.country ?? '', row_count: n });
      await client.command({ query: `DELETE FROM ${target} WHERE ${where.query}`, query_params: where.params });
      return n;
    },
    count: () => count(),
    keepsBatches: true,
    rowProblem: clickHouseRowProblem,
    close: () => client.close(),
    ...(schema && { schema }),
  };
}

/** Now as a DateTime64(3) in UTC, as `imported_files` records it. */
function timestamp(): string {
  return new Date().toISOString().replace('T', ' ').replace('Z', '');
}

/** Why ClickHouse cannot keep an event row that passed the import check, if it cannot: a date its Date cannot hold. */
export function clickHouseRowProblem(row: EventRow): string | undefined {
  return row.date < MIN_DATE || row.date > MAX_DATE ? `date is outside what ClickHouse keeps (${MIN_DATE} to ${MAX_DATE})` : undefined;
}

/** The row as JSONCompactEachRow values; revenue as exact micro-dollar text, as DuckDB stores it. */
function toInsertRow(r: EventRow): unknown[] {
  const problem = clickHouseRowProblem(r);
  if (problem) throw new RangeError(`${r.date}: ${problem}`);
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
