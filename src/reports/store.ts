/**
 * The seam between the report engine and where the event rows live. A store gets a validated {@link ReportPlan}
 * and returns the page of grouped rows plus, when asked, the totals; it renders the plan in its own dialect with
 * bound parameters. DuckDB is the embedded default; a ClickHouse store (where ad-tech reporting goes when one
 * machine is not enough) implements the same two methods without the engine changing.
 */
import type { ReportPlan } from './plan.js';

/** A grouped row as a store returns it: dimension values as strings, metric values as numbers. */
export type StoreRow = Record<string, string | number>;

/** What a store returns for one plan. */
export interface StoreResult {
  /** The requested page of groups, in plan order, each with the plan's dimensions and metrics. */
  rows: StoreRow[];
  /** The plan's metrics over every row matching the dates and filters; present when `plan.totals`. */
  totals?: Record<string, number>;
}

/** One event row, as imported: a day's counts for one service in one country. */
export interface EventRow {
  date: string;
  service: string;
  country: string;
  requests: number;
  impression: number;
  /** USD. */
  revenue: number;
}

/** Where report data lives. */
export interface ReportStore {
  /** Runs a plan. */
  query(plan: ReportPlan): Promise<StoreResult>;
  /** Appends event rows (already validated). */
  append(rows: readonly EventRow[]): Promise<void>;
}
