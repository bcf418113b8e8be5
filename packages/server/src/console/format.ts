/**
 * Numbers for people: revenue and eCPM in US dollars, fill rate in percent, counts with thousands separators. The
 * CSV download stays raw (it is the API's own CSV); only the table and the chart's labels use these. Also used by
 * the browser test to compare the table's text with the API's numbers.
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
