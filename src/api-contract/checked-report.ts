/**
 * The checked form of a report request that the engine and the stores work on; the request as callers write it
 * is part of the wire contract (`api/report.ts`).
 */
import type { Column, Dimension, FilterOperator, Metric } from './report.js';

export type { Column, FilterOperator, OrderSpec, ReportFilter, ReportRequest, ReportRow, RowOf } from './report.js';

/** A filter after checking: `=` and `!=` carry their value as a one-element list. */
export interface CheckedFilter {
  key: Dimension;
  operator: FilterOperator;
  values: string[];
}

/** A report request that passed every check, with defaults filled in and numbers parsed. */
export interface CheckedReportRequest {
  startDate: string;
  endDate: string;
  dimensions: Dimension[];
  metrics: Metric[];
  filters: CheckedFilter[];
  order?: { column: Column; direction: 'asc' | 'desc' };
  limit?: number;
  skip: number;
  csv: boolean;
  totals: boolean;
}
