/** Event rows as ClickHouse takes them, and its answers under the API's names. */
import type { EventRow } from '../../reports/store.js';
import { MAX_DATE, MIN_DATE } from './sql.js';

/** The columns an insert names, in {@link toInsertRow}'s order. */
export const INSERT_COLUMNS: [string, ...string[]] = ['date', 'service', 'country', 'requests', 'impression', 'revenue'];

/** Why ClickHouse cannot keep an event row that passed the import check, if it cannot: a date its Date cannot hold. */
export function clickHouseRowProblem(row: EventRow): string | undefined {
  return row.date < MIN_DATE || row.date > MAX_DATE ? `date is outside what ClickHouse keeps (${MIN_DATE} to ${MAX_DATE})` : undefined;
}

/** The row as JSONCompactEachRow values; revenue as exact micro-dollar text, as DuckDB stores it. */
export function toInsertRow(r: EventRow): unknown[] {
  const problem = clickHouseRowProblem(r);
  if (problem) throw new RangeError(`${r.date}: ${problem}`);
  return [r.date, r.service, r.country, r.requests, r.impression, microsText(Math.round(r.revenue * 1e6))];
}

function microsText(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const digits = String(Math.abs(micros)).padStart(7, '0');
  return `${sign}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/** A row of `c0…cN` columns under the names they stand for. */
export function renamed(row: Record<string, unknown>, names: readonly string[]): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  names.forEach((name, i) => {
    out[name] = row[`c${i}`] as string | number;
  });
  return out;
}

/** Now as a DateTime64(3) in UTC, as `imported_files` records it. */
export function timestamp(): string {
  return new Date().toISOString().replace('T', ' ').replace('Z', '');
}
