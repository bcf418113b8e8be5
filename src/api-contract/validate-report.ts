/**
 * Checks a report request body (docs/spec.md#reports). The server answers 400 with its issues and the client runs the very
 * same function before sending, so both sides agree on what is valid. Hand-written rather than generated from
 * `schemas/report-request.schema.json` (a test keeps the two in agreement) so that it also checks what JSON Schema
 * cannot (real calendar dates, start ≤ end, an order column that was requested) and stays small in the browser.
 */
import { issue, pointer, type Issue } from '../core/issues.js';
import { isPlainObject } from '../core/definition/plain-object.js';
import { isDimension, isMetric, type Dimension, type Metric } from './columns.js';
import { isCalendarDate } from './dates.js';
import { REPORT_LIMITS } from './report-limits.js';
import type { CheckedReportRequest, Column } from './checked-report.js';
import { checkFilters } from './validate-filters.js';

/** The outcome of {@link validateReportRequest}. */
export type ReportValidation = { ok: true; request: CheckedReportRequest; issues: [] } | { ok: false; issues: Issue[] };

const KEYS = new Set(['startDate', 'endDate', 'dimensions', 'metrics', 'filters', 'order', 'limit', 'skip', 'csv', 'totals']);
const ORDER = /^([A-Za-z]+)(?: +([A-Za-z]+))?$/;
const DIGITS = /^[0-9]+$/;

/**
 * Checks a report request body, collecting every issue rather than stopping at the first: either the checked
 * request or every problem found, as issues whose paths point into the body.
 *
 * @example
 * const r = validateReportRequest({ startDate: '2024-01-01', endDate: '2024-01-31',
 *   dimensions: ['date'], metrics: ['revenue'], limit: '10' })
 * if (r.ok) r.request.limit // 10
 */
export function validateReportRequest(body: unknown): ReportValidation {
  const issues: Issue[] = [];
  if (!isPlainObject(body)) return { ok: false, issues: [issue('schema', '', 'the report request must be a JSON object')] };
  const b = body;
  for (const k of Object.keys(b)) {
    if (!KEYS.has(k)) issues.push(issue('unknown_field', pointer(k), `unknown property '${k}'`));
  }
  const startDate = checkDate(b, 'startDate', issues);
  const endDate = checkDate(b, 'endDate', issues);
  if (startDate && endDate && startDate > endDate) {
    issues.push(issue('date_range', '/endDate', `endDate ${endDate} is before startDate ${startDate}`));
  }
  const dimensions = checkColumns(b, 'dimensions', isDimension, 'unknown_dimension', issues);
  const metrics = checkColumns(b, 'metrics', isMetric, 'unknown_metric', issues);
  const filters = 'filters' in b ? checkFilters(b.filters, issues) : [];
  const order = 'order' in b ? checkOrder(b.order, [...dimensions, ...metrics], issues) : undefined;
  const limit = 'limit' in b ? checkCount(b.limit, 'limit', issues) : undefined;
  const skip = 'skip' in b ? checkCount(b.skip, 'skip', issues) : 0;
  const csv = checkFlag(b, 'csv', issues);
  const totals = checkFlag(b, 'totals', issues);
  if (issues.length > 0) return { ok: false, issues };
  const request: CheckedReportRequest = {
    startDate: startDate!,
    endDate: endDate!,
    dimensions,
    metrics,
    filters,
    skip: skip!,
    csv,
    totals,
  };
  if (order) request.order = order;
  if (limit !== undefined) request.limit = limit;
  return { ok: true, request, issues: [] };
}

function checkDate(b: Record<string, unknown>, key: 'startDate' | 'endDate', issues: Issue[]): string | undefined {
  const v = b[key];
  if (!(key in b)) issues.push(issue('missing_required', pointer(key), `${key} is required`));
  else if (typeof v !== 'string') issues.push(issue('schema', pointer(key), `${key} must be a string YYYY-MM-DD`));
  else if (!isCalendarDate(v)) issues.push(issue('invalid_date', pointer(key), `${JSON.stringify(v)} is not a date YYYY-MM-DD`));
  else return v;
  return undefined;
}

function checkColumns<C extends Dimension | Metric>(
  b: Record<string, unknown>,
  key: 'dimensions' | 'metrics',
  known: (name: unknown) => name is C,
  unknownCode: string,
  issues: Issue[],
): C[] {
  const list = b[key];
  if (!(key in b)) {
    issues.push(issue('missing_required', pointer(key), `${key} is required`));
    return [];
  }
  if (!Array.isArray(list)) {
    issues.push(issue('schema', pointer(key), `${key} must be an array of names`));
    return [];
  }
  if (list.length === 0) issues.push(issue('invalid_value', pointer(key), `at least one of ${key} is required`));
  const seen = new Set<string>();
  const out: C[] = [];
  list.forEach((name, i) => {
    if (typeof name !== 'string') issues.push(issue('schema', pointer(key, i), 'a column name must be a string'));
    else if (!known(name)) issues.push(issue(unknownCode, pointer(key, i), `unknown ${key.slice(0, -1)} ${JSON.stringify(name)}`));
    else if (seen.has(name)) issues.push(issue('duplicate_column', pointer(key, i), `'${name}' is listed twice`));
    else {
      seen.add(name);
      out.push(name);
    }
  });
  return out;
}

function checkOrder(order: unknown, requested: Column[], issues: Issue[]): CheckedReportRequest['order'] {
  const m = typeof order === 'string' ? ORDER.exec(order) : null;
  const direction = m?.[2]?.toLowerCase() ?? 'asc';
  if (!m || (direction !== 'asc' && direction !== 'desc')) {
    issues.push(issue('invalid_order', '/order', "order must be 'column', 'column ASC' or 'column DESC'"));
    return undefined;
  }
  const column = requested.find((c) => c === m[1]);
  if (!column) {
    issues.push(issue('invalid_order', '/order', `order column '${m[1]}' is not a requested dimension or metric`));
    return undefined;
  }
  return { column, direction: direction as 'asc' | 'desc' };
}

/**
 * `limit` / `skip`: any string of digits, clamped to {@link REPORT_LIMITS}.rowCount (no data set has that many rows,
 * so a larger count means the same), or a non-negative JSON integer up to it; a larger JSON number is refused, as
 * it reached us already rounded.
 */
function checkCount(value: unknown, key: 'limit' | 'skip', issues: Issue[]): number | undefined {
  if (typeof value === 'string' && DIGITS.test(value)) return Math.min(Number(value), REPORT_LIMITS.rowCount);
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= REPORT_LIMITS.rowCount) return value;
  issues.push(issue('invalid_number', pointer(key), `${key} must be a string of digits, or a non-negative integer of at most ${REPORT_LIMITS.rowCount}`));
  return undefined;
}

function checkFlag(b: Record<string, unknown>, key: 'csv' | 'totals', issues: Issue[]): boolean {
  if (!(key in b)) return false;
  if (typeof b[key] !== 'boolean') issues.push(issue('schema', pointer(key), `${key} must be true or false`));
  return b[key] === true;
}
