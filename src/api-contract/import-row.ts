/**
 * Checks one event row to import (`schemas/report-row-import.schema.json`). A bad row is refused with a reason
 * rather than failing the whole file, so a day's export with one broken line still loads. Beyond the schema:
 * the date must exist in the calendar, and `impression` may not exceed `requests`, since a fill rate above 1
 * would poison every report that includes the row.
 */
import { isCalendarDate } from './dates.js';
import { isPlainObject } from '../core/definition/plain-object.js';
import { ucs2length } from '../core/definition/ucs2length.js';

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

const KEYS = ['date', 'service', 'country', 'requests', 'impression', 'revenue'] as const;
/** The columns an import row has, in the order a CSV header usually lists them. */
export const IMPORT_COLUMNS: readonly string[] = KEYS;
/** DECIMAL(18,6) holds less than 10^12 dollars in one row. */
const MAX_REVENUE = 999_999_999_999;

/** A row's check: the row, or why it is refused. */
export type RowCheck = { ok: true; row: EventRow } | { ok: false; reason: string };

/**
 * Checks a parsed row (numbers already numbers).
 *
 * @example
 * checkImportRow({ date: '2024-01-01', service: 'news', country: 'US', requests: 10, impression: 8, revenue: 0.02 }).ok // true
 */
export function checkImportRow(value: unknown): RowCheck {
  if (!isPlainObject(value)) return refuse('not an object');
  const v = value;
  for (const k of Object.keys(v)) if (!(KEYS as readonly string[]).includes(k)) return refuse(`unknown column '${k}'`);
  for (const k of KEYS) if (!(k in v)) return refuse(`missing ${k}`);
  if (!isCalendarDate(v.date)) return refuse('date is not a date YYYY-MM-DD');
  if (!isServiceName(v.service)) return refuse(SERVICE_RULE);
  if (!isCountryCode(v.country)) return refuse(COUNTRY_RULE);
  for (const k of ['requests', 'impression'] as const) {
    if (!Number.isSafeInteger(v[k]) || (v[k] as number) < 0) return refuse(`${k} must be a non-negative integer`);
  }
  if (typeof v.revenue !== 'number' || !Number.isFinite(v.revenue) || v.revenue < 0 || v.revenue > MAX_REVENUE) {
    return refuse(`revenue must be a number from 0 to ${MAX_REVENUE}`);
  }
  if ((v.impression as number) > (v.requests as number)) return refuse('impression exceeds requests');
  return { ok: true, row: v as unknown as EventRow };
}

/** The service rule, as a reason. */
export const SERVICE_RULE = 'service must be 1 to 100 characters';
/** The country rule, as a reason. */
export const COUNTRY_RULE = 'country must be an ISO 3166-1 alpha-2 code in upper case';

/**
 * Whether `value` is a service name a row may have (1 to 100 UTF-16 code units' worth of characters).
 *
 * @example
 * isServiceName('news') // true
 */
export function isServiceName(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && (value.length <= 100 || ucs2length(value) <= 100);
}

/**
 * Whether `value` is a country a row may have: an ISO 3166-1 alpha-2 code in upper case.
 *
 * @example
 * isCountryCode('FR') // true; isCountryCode('fr') // false
 */
export function isCountryCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{2}$/.test(value);
}

function refuse(reason: string): RowCheck {
  return { ok: false, reason };
}
