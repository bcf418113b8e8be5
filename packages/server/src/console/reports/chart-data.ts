/**
 * The chart's data: a metric by date, one line per value of the report's other dimension, the top five by that
 * metric over the whole period (asked of the API, so eCPM and fill rate rank by their true ratio, not an average
 * of daily ones), with the report's own dates and filters. Without another dimension, one line: "All".
 */
import type { ApiClient, ReportRequest } from 'bidfields/client';
import { filtersOf, type ReportSettings } from './settings.js';

export interface ChartData {
  metric: string;
  /** The dimension whose values are the lines; undefined for one line over everything. */
  split: string | undefined;
  /** Dates as Unix seconds (UTC midnight), ascending. */
  xs: number[];
  series: { label: string; values: (number | null)[] }[];
}

export async function loadChartData(api: ApiClient, settings: ReportSettings): Promise<ChartData> {
  const metric = settings.chartMetric;
  const split = settings.dimensions.find((d) => d !== 'date');
  const base = { startDate: settings.startDate, endDate: settings.endDate, metrics: [metric] };
  const filters = filtersOf(settings);
  let labels = ['All'];
  let rows: Record<string, string | number>[];
  if (split) {
    const top = (await api.report({
      ...base,
      dimensions: [split],
      order: `${metric} DESC`,
      limit: '5',
      ...(filters.length && { filters }),
    } as unknown as ReportRequest)) as Record<string, string | number>[];
    labels = top.map((row) => String(row[split]));
    rows =
      labels.length === 0
        ? []
        : ((await api.report({
            ...base,
            dimensions: ['date', split],
            filters: [...filters, { key: split, operator: 'IN', values: labels }],
          } as unknown as ReportRequest)) as Record<string, string | number>[]);
  } else {
    rows = (await api.report({ ...base, dimensions: ['date'], ...(filters.length && { filters }) } as unknown as ReportRequest)) as Record<
      string,
      string | number
    >[];
  }
  const dates = [...new Set(rows.map((row) => String(row.date)))].sort();
  const at = new Map(dates.map((date, i) => [date, i]));
  const series = labels.map((label) => ({ label, values: dates.map((): number | null => null) }));
  const index = new Map(labels.map((label, i) => [label, i]));
  for (const row of rows) {
    const line = split ? index.get(String(row[split])) : 0;
    if (line !== undefined) series[line]!.values[at.get(String(row.date))!] = Number(row[metric]);
  }
  return { metric, split, xs: dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000), series };
}
