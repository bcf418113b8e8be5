/**
 * Numbers and times for people: revenue and eCPM in US dollars, fill rate in percent, counts with thousands
 * separators, a stored time as a date and a time of day. The CSV download stays raw (it is the API's own CSV); only
 * the table, the chart's labels and the adapters' times use these. Also used by the browser test to compare the
 * table's text with the API's numbers.
 */
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A metric's value as the table shows it. */
export function formatMetric(metric: string, value: unknown): string {
  if (typeof value !== 'number') return String(value ?? '');
  if (metric === 'revenue' || metric === 'ecpm') return USD.format(value);
  if (metric === 'fillrate') return PERCENT.format(value);
  return COUNT.format(value);
}

/** A table cell: metrics formatted, dimensions as sent. */
export function formatCell(column: string, value: unknown, metrics: readonly string[]): string {
  return metrics.includes(column) ? formatMetric(column, value) : String(value ?? '');
}

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A stored time (ISO 8601, as the API sends it) as a person reads it, in the browser's time zone: "29 Nov 2026,
 * 14:03"; text that is no time is shown as it came.
 */
export function formatWhen(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : WHEN.format(time);
}
