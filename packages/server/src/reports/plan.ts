/**
 * Turns a checked report request into a query plan: a dialect-free description of what to read that a store
 * renders into its own query language. The plan holds only names from the column catalogue and values to be
 * bound, never request text to be spliced; it resolves the things every store must do identically — derived
 * metrics from sums, filters as (NOT) IN lists, and the full sort key with the tie-break of docs/spec.md#reports — so a new
 * store (ClickHouse, say) only translates, it decides nothing.
 */
import { METRIC_DEFINITIONS, type Dimension, type Metric, type MetricDefinition } from 'bidfields/api';
import type { CheckedReportRequest, Column } from 'bidfields/api';

/** One metric to compute, with how to compute it. */
export type PlannedMetric = { name: Metric } & MetricDefinition;

/** One sort key; `dimension` tells a store whether it sorts on a group key or a computed metric. */
export interface SortKey {
  column: Column;
  direction: 'asc' | 'desc';
  dimension: boolean;
}

/** A filter as a store applies it: the dimension's value is (not) one of `values`. */
export interface PlannedFilter {
  dimension: Dimension;
  negate: boolean;
  values: string[];
}

/** What a store must compute for one report request. */
export interface ReportPlan {
  /** Inclusive date range, `YYYY-MM-DD`. */
  startDate: string;
  endDate: string;
  dimensions: Dimension[];
  metrics: PlannedMetric[];
  filters: PlannedFilter[];
  /** Complete and deterministic: ends with every dimension, so no two groups compare equal. */
  sort: SortKey[];
  /** `undefined`: no cap. */
  limit?: number;
  skip: number;
  /** Whether the store must also return the totals over every matching row. */
  totals: boolean;
}

/**
 * Builds the plan for a checked request.
 *
 * @example
 * planReport(checked).sort // [{ column: 'revenue', direction: 'desc', dimension: false }, { column: 'date', … }]
 */
export function planReport(request: CheckedReportRequest): ReportPlan {
  const sort: SortKey[] = [];
  if (request.order) {
    const { column, direction } = request.order;
    sort.push({ column, direction, dimension: (request.dimensions as Column[]).includes(column) });
  }
  for (const d of request.dimensions) {
    if (d !== request.order?.column) sort.push({ column: d, direction: 'asc', dimension: true });
  }
  const plan: ReportPlan = {
    startDate: request.startDate,
    endDate: request.endDate,
    dimensions: request.dimensions,
    metrics: request.metrics.map((name) => ({ name, ...METRIC_DEFINITIONS[name] })),
    filters: request.filters.map((f) => ({
      dimension: f.key,
      negate: f.operator === '!=' || f.operator === 'NOT IN',
      values: f.values,
    })),
    sort,
    skip: request.skip,
    totals: request.totals,
  };
  if (request.limit !== undefined) plan.limit = request.limit;
  return plan;
}
