/**
 * The days that hold report data, asked of the server once (a report by date over every date the API takes), so the
 * reports page opens on the data's own range rather than on the clock's last 30 days, and says which days hold
 * data when a report finds none.
 */
import type { ApiClient, ReportRequest } from 'bidfields/client';

/** The days with data: the first, the last, how many, and how many days lie from the first to the last. */
export interface DataDays {
  first: string;
  last: string;
  count: number;
  span: number;
}

/** Every date the API takes (docs/spec.md#reports: real calendar dates, years 0001 to 9999). */
export const ALL_DATES = { startDate: '0001-01-01', endDate: '9999-12-31' } as const;

/** The days of a store; undefined when it holds no row. */
export async function loadDataDays(api: ApiClient): Promise<DataDays | undefined> {
  const rows = (await api.report({ ...ALL_DATES, dimensions: ['date'], metrics: ['requests'] } as unknown as ReportRequest)) as { date: string }[];
  return daysOf(rows.map((row) => row.date));
}

/** The days of a list of dates in ascending order (as a report by date gives them). */
export function daysOf(dates: readonly string[]): DataDays | undefined {
  if (dates.length === 0) return undefined;
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const span = Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1;
  return { first, last, count: dates.length, span };
}

/**
 * Which days hold data, in words.
 *
 * @example
 * describeDays({ first: '2024-01-01', last: '2024-12-31', count: 366, span: 366 }) // 'Data on every day from 2024-01-01 to 2024-12-31 (366 days).'
 */
export function describeDays(days: DataDays | undefined): string {
  if (!days) return 'No report data yet: load rows with bidfields data import (docs/data-import.md).';
  if (days.count === 1) return `Data on one day: ${days.first}.`;
  if (days.count === days.span) return `Data on every day from ${days.first} to ${days.last} (${days.count} days).`;
  return `Data on ${days.count} of the ${days.span} days from ${days.first} to ${days.last}.`;
}
