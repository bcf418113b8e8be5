/**
 * Calendar dates as the API writes them: `YYYY-MM-DD`, a day that exists in the proleptic Gregorian calendar.
 * `Date.parse` is not used because it rolls `2023-02-30` over to March and accepts other shapes; the report
 * contract wants a wrong day refused, not moved. Browser-safe.
 */

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `text` is a real calendar date written `YYYY-MM-DD` (years 0001–9999).
 *
 * @example
 * isCalendarDate('2024-02-29') // true
 * isCalendarDate('2023-02-29') // false
 */
export function isCalendarDate(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const m = DATE_SHAPE.exec(text);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
