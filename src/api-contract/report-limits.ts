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
  /**
   * Largest `limit` or `skip` the engine works with (2^53 − 1: exact in a JSON number and in every SQL engine). A
   * string of more digits is taken as this (a `skip` that large gives an empty page, a `limit` that large is no
   * cap); a JSON number above it is refused, since JSON.parse has already rounded it.
   */
  rowCount: Number.MAX_SAFE_INTEGER,
} as const;
