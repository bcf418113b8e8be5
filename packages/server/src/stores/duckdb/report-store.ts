/**
 * The embedded default report store: DuckDB, a columnar engine made for exactly these filtered group-bys (a
 * 2-million-row report answers in tens of milliseconds). Revenue is kept as DECIMAL(18,6) so that sums are exact
 * and therefore identical on every run: a float sum whose last bit depends on thread scheduling could reorder
 * equal-looking groups between two pages and break paging.
 */
import type { DuckDBConnection, DuckDBMaterializedResult, DuckDBValue } from '@duckdb/node-api';
import type { ReportPlan } from '../../reports/plan.js';
import type { DuckDB } from './database.js';
import type { AtomicEventStore, EventRow, StoreResult, StoreRow } from '../../reports/store.js';
import { appendRows } from './chunk.js';
import { createFileMethods } from './import-files.js';
import { EVENTS_MIGRATIONS, EVENTS_TABLE, migrateDuckDB } from './migrations.js';
import { buildPageSql, buildTotalsSql, type BoundSql } from './report-sql.js';

/** The DuckDB event store: an atomic one (a file all or nothing, in one transaction). */
export type DuckDBReportStore = AtomicEventStore;

/**
 * Creates or migrates the events and imported-files tables and returns a store on them. A report's page and totals run in one read
 * transaction on one pooled connection, so both read the same snapshot and always agree, even while an import
 * commits; different reports run on different connections, in parallel.
 *
 * @example
 * const db = await openDuckDB(':memory:')
 * const store = await createDuckDBReportStore(db)
 * await store.append([{ date: '2024-01-01', service: 'news', country: 'US', requests: 10, impression: 8, revenue: 0.02 }])
 */
export async function createDuckDBReportStore(db: DuckDB): Promise<DuckDBReportStore> {
  await migrateDuckDB(db, 'events', EVENTS_MIGRATIONS);
  const run = (c: DuckDBConnection, q: BoundSql): Promise<DuckDBMaterializedResult> => c.run(q.sql, q.values, q.types);
  return {
    kind: 'atomic',
    query: (plan: ReportPlan): Promise<StoreResult> =>
      db.withConnection(async (c) => {
        await c.run('BEGIN TRANSACTION');
        try {
          const page = await run(c, buildPageSql(plan));
          const names = [...plan.dimensions, ...plan.metrics.map((m) => m.name)];
          const rows = toRows(await page.getColumnsJS(), names);
          if (!plan.totals) return { rows };
          const totalsResult = await run(c, buildTotalsSql(plan));
          const [totalsRow] = toRows(
            await totalsResult.getColumnsJS(),
            plan.metrics.map((m) => m.name),
          );
          return { rows, totals: (totalsRow ?? {}) as Record<string, number> };
        } finally {
          await c.run('ROLLBACK'); // read-only: ending the snapshot is all that is left to do
        }
      }),
    append: (rows: readonly EventRow[]) =>
      db.withConnection(async (c) => {
        if (rows.length === 0) return;
        const appender = await c.createAppender(EVENTS_TABLE);
        try {
          appendRows(appender, rows, new Map<string, DuckDBValue>());
          appender.flushSync();
        } finally {
          appender.closeSync();
        }
      }),
    ...createFileMethods(db),
    count: () =>
      db.withConnection(async (c) => {
        const r = await c.runAndReadAll(`SELECT count(*) FROM ${EVENTS_TABLE}`);
        return Number(r.getRowsJS()[0]?.[0] ?? 0);
      }),
  };
}

/** Turns column arrays (as DuckDB returns them) into row objects keyed by API names. */
function toRows(columns: unknown[][], names: readonly string[]): StoreRow[] {
  const n = columns[0]?.length ?? 0;
  const rows: StoreRow[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const row: StoreRow = {};
    for (let c = 0; c < names.length; c++) row[names[c]!] = columns[c]![i] as string | number;
    rows[i] = row;
  }
  return rows;
}
