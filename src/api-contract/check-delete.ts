/**
 * Which rows `bidfields data delete` and `POST /api/data/delete` remove: the one check both apply, so the command on
 * a data folder and the route on a running server refuse the same requests (a typo is refused, not "0 rows
 * deleted"): real dates, the start not after the end, a service and a country as an import row would have them.
 * Browser-safe: the client checks a request with it before sending.
 */
import { pointer, type Issue } from '../core/issues.js';
import { isCalendarDate } from './dates.js';
import { COUNTRY_RULE, SERVICE_RULE, isCountryCode, isServiceName } from './import-row.js';
import type { DeleteRequest } from './data-delete.js';

/** The check of a delete request: the filter to apply, or the issues (paths into the body), first problem first. */
export type DeleteCheck = { ok: true; filter: DeleteRequest } | { ok: false; issues: Issue[] };

const KEYS = new Set(['startDate', 'endDate', 'service', 'country']);

/**
 * Checks a delete request as parsed from JSON (or as the command's options give it).
 *
 * @example
 * checkDeleteRequest({ startDate: '2024-03-01', endDate: '2024-03-31', country: 'FR' }).ok // true
 * checkDeleteRequest({ startDate: '2024-03-02', endDate: '2024-03-01' }) // { ok: false, issues: [{ code: 'date_range', … }] }
 */
export function checkDeleteRequest(value: unknown): DeleteCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, issues: [{ code: 'invalid_request', path: '', message: 'the body must be an object' }] };
  }
  const body = value as Record<string, unknown>;
  const issues: Issue[] = Object.keys(body)
    .filter((key) => !KEYS.has(key))
    .map((key) => ({ code: 'unknown_field', path: pointer(key), message: `unknown key '${key}'` }));
  const { startDate, endDate, service, country } = body;
  for (const [key, date] of [
    ['startDate', startDate],
    ['endDate', endDate],
  ] as const) {
    if (!isCalendarDate(date)) issues.push({ code: 'invalid_date', path: `/${key}`, message: `${key} must be a date YYYY-MM-DD` });
  }
  if (isCalendarDate(startDate) && isCalendarDate(endDate) && startDate > endDate) {
    issues.push({ code: 'date_range', path: '/startDate', message: 'startDate must not be after endDate' });
  }
  if (service !== undefined && !isServiceName(service)) issues.push({ code: 'invalid_value', path: '/service', message: SERVICE_RULE });
  if (country !== undefined && !isCountryCode(country)) issues.push({ code: 'invalid_value', path: '/country', message: COUNTRY_RULE });
  if (issues.length > 0) return { ok: false, issues };
  const filter: DeleteRequest = { startDate: startDate as string, endDate: endDate as string };
  if (service !== undefined) filter.service = service as string;
  if (country !== undefined) filter.country = country as string;
  return { ok: true, filter };
}
