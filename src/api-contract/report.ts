/**
 * The report exchange of `POST /api/reportv2/` (docs/spec.md#reports) as it travels: the column names, the request body and
 * the rows, typed from the request's own lists so a typed client knows `{ dimensions: ['date'], metrics:
 * ['revenue'] }` yields `{ date: string; revenue: number }` rows. Browser-safe.
 */

/** Dimensions a report can group and filter by, in the order the documentation lists them. */
export const DIMENSIONS = ['date', 'service', 'country'] as const;
/** A report dimension name. */
export type Dimension = (typeof DIMENSIONS)[number];

/** Metrics a report can ask for. */
export const METRICS = ['requests', 'impression', 'revenue', 'ecpm', 'fillrate'] as const;
/** A report metric name. */
export type Metric = (typeof METRICS)[number];

/** A report column: a dimension or a metric. */
export type Column = Dimension | Metric;

/** The operators a filter may use; the server also takes them in lower case. */
export type FilterOperator = '=' | '!=' | 'IN' | 'NOT IN';

/** One filter of a report request; all filters must hold. */
export type ReportFilter = { key: Dimension; operator: '=' | '!='; value: string } | { key: Dimension; operator: 'IN' | 'NOT IN'; values: readonly string[] };

/** `column`, `column ASC` or `column DESC` (the server takes the direction in any case). */
export type OrderSpec<C extends string = Column> = C | `${C} ${'ASC' | 'DESC' | 'asc' | 'desc'}`;

/** The body of `POST /api/reportv2/`. */
export interface ReportRequest {
  /** First day, `YYYY-MM-DD`, inclusive. */
  startDate: string;
  /** Last day, `YYYY-MM-DD`, inclusive. */
  endDate: string;
  /** Grouping columns, at least one. */
  dimensions: readonly Dimension[];
  /** Aggregated columns, at least one. */
  metrics: readonly Metric[];
  filters?: readonly ReportFilter[];
  order?: OrderSpec;
  /**
   * Digits, e.g. `"100"`; a non-negative integer up to 2^53 − 1 is accepted too. No limit means no cap; digits
   * above 2^53 − 1 count as 2^53 − 1, so effectively no cap either.
   */
  limit?: string | number;
  /** Digits (any number of them: above 2^53 − 1, an empty page); defaults to `"0"`. */
  skip?: string | number;
  csv?: boolean;
  totals?: boolean;
}

/** Flattens an intersection so editors show `{ date: string; revenue: number }`. */
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** A report row: dimension values are strings, metric values numbers. */
export type ReportRow<D extends string = Dimension, M extends string = Metric> = Simplify<{ [K in D]: string } & { [K in M]: number }>;

/** The rows a request yields, typed from its own dimension and metric lists. */
export type RowOf<R extends { dimensions: readonly string[]; metrics: readonly string[] }> = ReportRow<R['dimensions'][number], R['metrics'][number]>;
