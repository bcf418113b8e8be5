/**
 * Bounds on a report request. The seed sets none; these keep one request from making the server build a huge
 * parameter list or parse megabytes of filter text, while staying far above what a dashboard sends.
 * Browser-safe: the client checks the same bounds before sending.
 */
export const REPORT_LIMITS = {
  /** Filters in one request. */
  filters: 50,
  /** Values in one `IN` / `NOT IN` list. */
  filterValues: 1000,
  /** Characters in one filter value. */
  filterValueLength: 256,
  /** Largest `limit` or `skip` (15 digits: exact in a JSON number and in every SQL engine). */
  rowCount: 999_999_999_999_999,
} as const;
