/**
 * The report engine: request body in, rows out, no HTTP in sight. It validates the body, plans the query, asks the
 * store, and puts the totals row first when asked (first dimension "Total", the others ""). The server, the CLI and
 * the benchmark all go through {@link createReportEngine}, so they cannot drift apart.
 */
import type { Issue } from 'bidfields';
import { planReport } from './plan.js';
import type { CheckedReportRequest, ReportRow } from 'bidfields/api';
import type { ReportStore, StoreRow } from './store.js';
import { validateReportRequest } from 'bidfields/api';

/** The outcome of one report run: the rows, or the issues that make the request invalid. */
export type ReportOutcome = { ok: true; request: CheckedReportRequest; rows: ReportRow[] } | { ok: false; issues: Issue[] };

/** Runs report requests against a store. */
export interface ReportEngine {
  /** Validates `body` and, when valid, runs it. Store failures reject; invalid input resolves with issues. */
  run(body: unknown): Promise<ReportOutcome>;
}

/**
 * Makes an engine over a store.
 *
 * @example
 * const engine = createReportEngine(store)
 * const out = await engine.run({ startDate: '2024-01-01', endDate: '2024-01-31',
 *   dimensions: ['country'], metrics: ['revenue', 'ecpm'], order: 'revenue DESC', totals: true })
 * if (out.ok) console.log(out.rows[0]) // { country: 'Total', revenue: …, ecpm: … }
 */
export function createReportEngine(store: ReportStore): ReportEngine {
  return {
    async run(body) {
      const checked = validateReportRequest(body);
      if (!checked.ok) return checked;
      const { request } = checked;
      const result = await store.query(planReport(request));
      const rows = result.rows as ReportRow[];
      if (request.totals) rows.unshift(totalsRow(request, result.totals ?? {}));
      return { ok: true, request, rows };
    },
  };
}

function totalsRow(request: CheckedReportRequest, totals: Record<string, number>): ReportRow {
  const row: StoreRow = {};
  request.dimensions.forEach((d, i) => (row[d] = i === 0 ? 'Total' : ''));
  for (const m of request.metrics) row[m] = totals[m] ?? 0;
  return row as ReportRow;
}
