/**
 * Renders a {@link ReportPlan} as ClickHouse SQL, the same way `duckdb/report-sql.ts` renders it for DuckDB: every
 * identifier comes from the fixed maps below (keyed by the column catalogue), every request value is a bound
 * query parameter `{pN:Type}` sent apart from the SQL text, and the only literals are the catalogue's own ratio
 * scales. The answers equal DuckDB's to the last bit: sums are exact, each becomes a Float64 the same way, and a
 * ratio is `num × scale ÷ den` in Float64 in the same order (0 for a zero denominator).
 */
import type { Dimension, Measure } from 'bidfields/api';
import type { PlannedMetric, ReportPlan } from '../../reports/plan.js';
import type { DeleteFilter } from '../../reports/store.js';

/** The events table reports read and imports write (on a cluster: the Distributed table). */
export const EVENTS_TABLE = 'events';
/** On a cluster: the replicated table on every node that the Distributed table fans out to. */
export const EVENTS_LOCAL_TABLE = 'events_local';
/** The table of imported files. */
export const IMPORTS_TABLE = 'imported_files';
/**
 * The log of import attempts: a `started` row when an import begins sending (its token prefix, batch size, the
 * number of deletions so far and the file's first and last dates) and an `ended` row when it completes or is given
 * up, so that a re-run finds the attempt it continues. Its times, and those of {@link DELETIONS_TABLE}, are the
 * server's (`now64`), so "deleted since the attempt began" does not depend on the clocks of the importing machines.
 */
export const ATTEMPTS_TABLE = 'import_attempts';
/** The log of `data delete` runs: whether, and which dates, were deleted since an attempt began. */
export const DELETIONS_TABLE = 'deletions';
/**
 * How many recent insert blocks a (non-replicated) MergeTree remembers to drop a repeated insert with the same
 * deduplication token. ClickHouse keeps none by default for non-replicated tables, so without this a re-run
 * import would count its rows twice. 10 000 blocks of 100 000 rows are 10⁹ rows: an interrupted import can be
 * re-run as long as fewer blocks than that were inserted since. Replicated tables use
 * `replicated_deduplication_window` (default 1000 blocks in older servers, 10 000 in newer ones) and
 * `replicated_deduplication_window_seconds` (7 days), kept in ClickHouse Keeper.
 */
export const DEDUPLICATION_WINDOW = 10_000;

const DIMENSION_SQL: Record<Dimension, string> = { date: '`date`', service: '`service`', country: '`country`' };
const DIMENSION_OUT: Record<Dimension, string> = { date: 'toString(`date`)', service: '`service`', country: '`country`' };
// Float64 of the exact sum, as DuckDB's CAST(sum(…) AS DOUBLE): integers convert exactly below 2^53, and a
// Decimal(38, 6) sum converts as micro-dollars ÷ 10⁶, one correctly rounded division in both engines.
// Counts are summed as UInt128, as DuckDB sums BIGINT into HUGEINT: a UInt64 sum wraps around past 2^64 without a word.
const MEASURE_SQL: Record<Measure, string> = {
  requests: 'toFloat64(sum(toUInt128(`requests`)))',
  impression: 'toFloat64(sum(toUInt128(`impression`)))',
  revenue: 'toFloat64(sum(`revenue`))',
};

/** A query with its parameters (`{name:Type}` placeholders; values sent as `param_name`). */
export interface BoundQuery {
  query: string;
  params: Record<string, string | number | string[]>;
}

/** Collects parameters and hands out their placeholders. */
class Params {
  readonly values: Record<string, string | number | string[]> = {};
  private n = 0;
  add(value: string | number | string[], type: string): string {
    const name = `p${this.n++}`;
    this.values[name] = value;
    return `{${name}:${type}}`;
  }
}

/** The Date column holds 1970-01-01 … 2149-06-06; a wider request range selects the same rows. */
export const MIN_DATE = '1970-01-01';
export const MAX_DATE = '2149-06-06';
const clampDate = (d: string) => (d < MIN_DATE ? MIN_DATE : d > MAX_DATE ? MAX_DATE : d);

function metricSql(m: PlannedMetric): string {
  if (m.kind === 'sum') return MEASURE_SQL[m.measure];
  if (!Number.isFinite(m.scale)) throw new Error(`bad scale for metric ${m.name}`);
  const num = MEASURE_SQL[m.numerator];
  const den = MEASURE_SQL[m.denominator];
  return `if(${den} = 0, 0., ${num} * ${m.scale} / ${den})`;
}

function whereSql(plan: ReportPlan, params: Params): string {
  if (plan.startDate > MAX_DATE || plan.endDate < MIN_DATE) return '0';
  const from = params.add(clampDate(plan.startDate), 'Date');
  const to = params.add(clampDate(plan.endDate), 'Date');
  const parts = [`\`date\` BETWEEN ${from} AND ${to}`];
  for (const f of plan.filters) {
    const list = params.add(f.values, 'Array(String)');
    const column = f.dimension === 'date' ? 'toString(`date`)' : DIMENSION_SQL[f.dimension];
    parts.push(`${f.negate ? 'NOT ' : ''}has(${list}, ${column})`);
  }
  return parts.join(' AND ');
}

/**
 * The grouped page: one row per combination of the plan's dimensions, in plan order, limited and skipped.
 *
 * @example
 * buildPageQuery(plan).query // SELECT toString(`date`) AS c0, … GROUP BY `date` ORDER BY c1 DESC, c0 ASC …
 */
export function buildPageQuery(plan: ReportPlan, table = EVENTS_TABLE): BoundQuery {
  const params = new Params();
  const alias = new Map<string, string>();
  const aliasFor = (column: string) => {
    const name = `c${alias.size}`;
    alias.set(column, name);
    return name;
  };
  const select = [...plan.dimensions.map((d) => `${DIMENSION_OUT[d]} AS ${aliasFor(d)}`), ...plan.metrics.map((m) => `${metricSql(m)} AS ${aliasFor(m.name)}`)];
  const orderBy = plan.sort.map((k) => `${alias.get(k.column)} ${k.direction === 'desc' ? 'DESC' : 'ASC'}`);
  let query =
    `SELECT ${select.join(', ')} FROM ${tableName(table)} WHERE ${whereSql(plan, params)}` +
    ` GROUP BY ${plan.dimensions.map((d) => DIMENSION_SQL[d]).join(', ')}${plan.totals ? ' WITH TOTALS' : ''}` +
    ` ORDER BY ${orderBy.join(', ')}`;
  // Counts past 2^53 - 1 arrive as such numbers; UInt64 holds them all.
  if (plan.limit !== undefined) query += ` LIMIT ${params.add(toCount(plan.limit), 'UInt64')}`;
  if (plan.skip > 0) query += ` OFFSET ${params.add(toCount(plan.skip), 'UInt64')}`;
  return { query, params: params.values };
}

/** The totals: the plan's metrics over every row matching its dates and filters (one row, aliased `c0…`). */
export function buildTotalsQuery(plan: ReportPlan, table = EVENTS_TABLE): BoundQuery {
  const params = new Params();
  const select = plan.metrics.map((m, i) => `${metricSql(m)} AS c${i}`);
  return { query: `SELECT ${select.join(', ')} FROM ${tableName(table)} WHERE ${whereSql(plan, params)}`, params: params.values };
}

/** The condition of a deletion, values bound. */
export function buildDeleteWhere(f: DeleteFilter): BoundQuery {
  const params = new Params();
  let query = `\`date\` BETWEEN ${params.add(clampDate(f.startDate), 'Date')} AND ${params.add(clampDate(f.endDate), 'Date')}`;
  if (f.startDate > MAX_DATE || f.endDate < MIN_DATE) query = '0';
  if (f.service !== undefined) query += ` AND \`service\` = ${params.add(f.service, 'String')}`;
  if (f.country !== undefined) query += ` AND \`country\` = ${params.add(f.country, 'String')}`;
  return { query, params: params.values };
}

function toCount(n: number): string {
  if (!Number.isFinite(n) || n < 0) throw new Error(`bad count ${n}`);
  return n >= 2 ** 64 ? '18446744073709551615' : BigInt(Math.floor(n)).toString();
}

/** A table or cluster name from configuration: plain identifiers only, quoted. */
export function identifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) throw new Error(`not a valid ClickHouse name: ${JSON.stringify(name)}`);
  return `\`${name}\``;
}

/** The rule for a cluster name (`--cluster`): as ClickHouse configurations name them, dashes and dots included. */
export const CLUSTER_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/;

/**
 * A cluster name, quoted: `ON CLUSTER \`my-cluster\`` (a bare name may not have a dash).
 *
 * @example
 * clusterName('my-cluster') // '`my-cluster`'
 */
export function clusterName(name: string): string {
  if (!CLUSTER_NAME.test(name)) throw new Error(`not a valid ClickHouse cluster name: ${JSON.stringify(name)}`);
  return `\`${name}\``;
}

function tableName(table: string): string {
  return table === EVENTS_TABLE || table === EVENTS_LOCAL_TABLE ? table : identifier(table);
}

const EVENT_COLUMNS = `(
  \`date\` Date,
  \`service\` LowCardinality(String),
  \`country\` LowCardinality(String),
  \`requests\` UInt64,
  \`impression\` UInt64,
  \`revenue\` Decimal(18, 6)
)`;
const IMPORT_COLUMNS = `(
  \`hash\` String,
  \`imported_at\` DateTime64(3, 'UTC'),
  \`row_count\` UInt64,
  \`name\` String
)`;
const ATTEMPT_COLUMNS = `(
  \`hash\` String,
  \`prefix\` String,
  \`state\` LowCardinality(String),
  \`batch_rows\` UInt64,
  \`deletions\` UInt64,
  \`first_date\` Date,
  \`last_date\` Date,
  \`at\` DateTime64(3, 'UTC') DEFAULT now64(3)
)`;
const DELETION_COLUMNS = `(
  \`deleted_at\` DateTime64(3, 'UTC') DEFAULT now64(3),
  \`start_date\` Date,
  \`end_date\` Date,
  \`service\` String,
  \`country\` String,
  \`row_count\` UInt64
)`;
/** The small tables beside the events (the import record and the two logs): name, columns, sort key. */
const BOOKKEEPING: readonly [string, string, string][] = [
  [IMPORTS_TABLE, IMPORT_COLUMNS, '(`hash`, `imported_at`)'],
  [ATTEMPTS_TABLE, ATTEMPT_COLUMNS, '(`hash`, `at`)'],
  [DELETIONS_TABLE, DELETION_COLUMNS, '`deleted_at`'],
];
const EVENTS_LAYOUT = 'PARTITION BY toYYYYMM(`date`) ORDER BY (`date`, `service`, `country`)';

/** Options of {@link schemaStatements}. */
export interface SchemaOptions {
  /** A cluster (from the servers' `remote_servers`): replicated tables on every node and a Distributed table. */
  cluster?: string;
}

/**
 * The DDL that creates the schema, in order; every statement is idempotent (`IF NOT EXISTS`).
 *
 * Single server: `events` is a MergeTree with {@link DEDUPLICATION_WINDOW}. Cluster `NAME`: `events_local` is a
 * ReplicatedMergeTree on every node (`{shard}`/`{replica}` macros from the servers' configuration), `events` a
 * Distributed table over it sharded by a hash of the sort key (so the same batch always splits the same way and
 * each shard drops a repeated part by its token), and `imported_files` a ReplicatedMergeTree in one Keeper path
 * for the whole cluster, so every node sees every record. `import_attempts` and `deletions` (the logs a re-run of an
 * interrupted import consults) are kept like `imported_files`.
 *
 * @example
 * schemaStatements({ cluster: 'ads' })[1] // 'CREATE TABLE IF NOT EXISTS events_local ON CLUSTER `ads` …'
 */
export function schemaStatements(options: SchemaOptions = {}): string[] {
  if (options.cluster === undefined) {
    return [
      `CREATE TABLE IF NOT EXISTS ${EVENTS_TABLE} ${EVENT_COLUMNS}\nENGINE = MergeTree ${EVENTS_LAYOUT}\n` +
        `SETTINGS non_replicated_deduplication_window = ${DEDUPLICATION_WINDOW}`,
      ...BOOKKEEPING.map(([table, columns, order]) => `CREATE TABLE IF NOT EXISTS ${table} ${columns}\nENGINE = MergeTree ORDER BY ${order}`),
    ];
  }
  const on = `ON CLUSTER ${clusterName(options.cluster)}`;
  return [
    `CREATE TABLE IF NOT EXISTS ${EVENTS_LOCAL_TABLE} ${on} ${EVENT_COLUMNS}\n` +
      `ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/${EVENTS_LOCAL_TABLE}', '{replica}') ${EVENTS_LAYOUT}`,
    `CREATE TABLE IF NOT EXISTS ${EVENTS_TABLE} ${on} AS ${EVENTS_LOCAL_TABLE}\n` +
      `ENGINE = Distributed(${clusterName(options.cluster)}, currentDatabase(), ${EVENTS_LOCAL_TABLE}, cityHash64(\`date\`, \`service\`, \`country\`))`,
    // One Keeper path per table for the whole cluster ('all', replica '{shard}-{replica}'): every node sees every row.
    ...BOOKKEEPING.map(
      ([table, columns, order]) =>
        `CREATE TABLE IF NOT EXISTS ${table} ${on} ${columns}\n` +
        `ENGINE = ReplicatedMergeTree('/clickhouse/tables/all/{database}/${table}', '{shard}-{replica}') ORDER BY ${order}`,
    ),
  ];
}
