/**
 * A report's settings and the address that keeps them: `#/reports?startDate=…&dimensions=date,country&…&run=1`
 * reopens the same report, page and chart. Filters are `key|operator|values`, values separated by commas. Without
 * dates in the address the report covers the days that hold data (data-days.ts), else the last 30 days. The order
 * is a column and its direction; with the default order (by the dimensions) "descending" sorts the first dimension
 * down (`order=DESC` in the address, `order: "date DESC"` to the API), the others up as always.
 */
import { DIMENSIONS, METRICS, type ReportFilter, type ReportRequest } from 'bidfields/client';

export const OPERATORS = ['=', '!=', 'IN', 'NOT IN'] as const;

export interface FilterSetting {
  key: string;
  operator: string;
  /** As typed: one value, or several separated by commas for IN / NOT IN. */
  values: string;
}

export interface ReportSettings {
  startDate: string;
  endDate: string;
  dimensions: string[];
  metrics: string[];
  filters: FilterSetting[];
  /** A requested column, or '' for the default order (by the dimensions; the direction applies to the first). */
  orderColumn: string;
  direction: 'ASC' | 'DESC';
  pageSize: number;
  /** 0-based. */
  page: number;
  chartMetric: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const list = (text: string | null, allowed: readonly string[]) => (text ?? '').split(',').filter((name) => allowed.includes(name));

/** The settings an address holds; dates it leaves out are `range`'s (the days with data), else the last 30 days. */
export function settingsFrom(params: URLSearchParams, range?: { first: string; last: string }): ReportSettings {
  const today = new Date();
  const monthAgo = new Date(today.getTime() - 30 * 86_400_000);
  const dimensions = params.has('dimensions') ? list(params.get('dimensions'), DIMENSIONS) : ['date'];
  const metrics = params.has('metrics') ? list(params.get('metrics'), METRICS) : ['requests', 'impression', 'revenue'];
  const order = (params.get('order') ?? '').split(' ');
  // `order=DESC`: the default order, its direction given.
  const [orderColumn = '', direction = 'ASC'] = order.length === 1 && /^(asc|desc)$/i.test(order[0]!) ? ['', order[0]] : order;
  const size = Number(params.get('pageSize'));
  const page = Number(params.get('page'));
  return {
    startDate: params.get('startDate') ?? range?.first ?? day(monthAgo),
    endDate: params.get('endDate') ?? range?.last ?? day(today),
    dimensions,
    metrics,
    filters: params.getAll('filter').map((text) => {
      const [key = '', operator = '=', ...values] = text.split('|');
      return { key, operator, values: values.join('|') };
    }),
    orderColumn,
    direction: direction.toUpperCase() === 'ASC' ? 'ASC' : 'DESC',
    pageSize: Number.isSafeInteger(size) && size > 0 ? size : 50,
    page: Number.isSafeInteger(page) && page > 0 ? page : 0,
    chartMetric: params.get('chart') ?? metrics[0] ?? 'revenue',
  };
}

export function paramsFrom(settings: ReportSettings, run: boolean): URLSearchParams {
  const params = new URLSearchParams({
    startDate: settings.startDate,
    endDate: settings.endDate,
    dimensions: settings.dimensions.join(','),
    metrics: settings.metrics.join(','),
  });
  for (const f of settings.filters) params.append('filter', `${f.key}|${f.operator}|${f.values}`);
  if (settings.orderColumn) params.set('order', `${settings.orderColumn} ${settings.direction}`);
  else if (settings.direction === 'DESC') params.set('order', 'DESC');
  params.set('pageSize', String(settings.pageSize));
  params.set('page', String(settings.page));
  params.set('chart', settings.chartMetric);
  if (run) params.set('run', '1');
  return params;
}

export function filtersOf(settings: ReportSettings): ReportFilter[] {
  return settings.filters.map((f): ReportFilter => {
    const many = f.operator === 'IN' || f.operator === 'NOT IN';
    return (many
      ? {
          key: f.key,
          operator: f.operator,
          values: f.values
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean),
        }
      : { key: f.key, operator: f.operator, value: f.values.trim() }) as unknown as ReportFilter;
  });
}

/** The request of the page shown (totals first), or of the whole report for the CSV download (`paged` false). */
export function requestOf(settings: ReportSettings, paged: boolean): ReportRequest {
  const column = settings.orderColumn || (settings.direction === 'DESC' ? settings.dimensions[0] : undefined);
  const order = column && `${column} ${settings.direction}`;
  const request = {
    startDate: settings.startDate,
    endDate: settings.endDate,
    dimensions: settings.dimensions,
    metrics: settings.metrics,
    totals: true,
    ...(settings.filters.length > 0 && { filters: filtersOf(settings) }),
    ...(order !== undefined && { order }),
    ...(paged && { limit: String(settings.pageSize), skip: String(settings.page * settings.pageSize) }),
  };
  return request as unknown as ReportRequest;
}
