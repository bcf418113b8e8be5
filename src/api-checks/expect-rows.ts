/**
 * Data-independent checks of a JSON report answer against the request that produced it: the columns and their
 * types, the totals row, derived metrics consistent with the row's own sums, the order with its tie-break, the
 * filters, and uniqueness of the groups. They hold on any data set, which is what lets the suite run against
 * someone else's server.
 */
import type { RowsExpectation } from './fixture.js';
import { MEASURES } from '../api-contract/columns.js';

type Row = Record<string, unknown>;
interface Body {
  dimensions: string[];
  metrics: string[];
  filters?: { key: string; operator: string; value?: string; values?: string[] }[];
  order?: string;
  totals?: boolean;
  limit?: unknown;
  skip?: unknown;
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const ratio = (num: number, den: number, scale: number) => (den === 0 ? 0 : (num * scale) / den);

/** Compares two rows by the request's order, then by the dimensions in request order (docs/spec.md#reports). */
function compareRows(body: Body): (a: Row, b: Row) => number {
  const [column, dir] = (body.order ?? '').trim().split(/ +/);
  const keys: [string, number][] = column ? [[column, dir?.toLowerCase() === 'desc' ? -1 : 1]] : [];
  for (const d of body.dimensions) if (d !== column) keys.push([d, 1]);
  return (a, b) => {
    for (const [k, sign] of keys) {
      const x = a[k] as string | number;
      const y = b[k] as string | number;
      if (x !== y) return (x < y ? -1 : 1) * sign;
    }
    return 0;
  };
}

function matchesFilters(row: Row, body: Body): boolean {
  return (body.filters ?? []).every((f) => {
    const op = f.operator.toUpperCase();
    const list = op === '=' || op === '!=' ? [f.value] : (f.values ?? []);
    const found = list.includes(row[f.key] as string);
    return op === '!=' || op === 'NOT IN' ? !found : found;
  });
}

/**
 * The reasons a report answer fails the expectation (empty when it passes).
 *
 * @example
 * rowReasons(rows, body, { columns: true, sorted: true }) // []
 */
export function rowReasons(rows: unknown, body: Body, expect: RowsExpectation): string[] {
  if (!Array.isArray(rows)) return ['the answer is not a JSON array'];
  const reasons: string[] = [];
  const all = rows as Row[];
  const data = body.totals ? all.slice(1) : all;
  if (expect.columns) {
    const want = [...body.dimensions, ...body.metrics].sort().join(',');
    const bad = all.findIndex(
      (r) =>
        Object.keys(r).sort().join(',') !== want ||
        body.dimensions.some((d) => typeof r[d] !== 'string') ||
        body.metrics.some((m) => typeof r[m] !== 'number' || !Number.isFinite(r[m])),
    );
    if (bad >= 0) reasons.push(`row ${bad} does not have exactly the requested columns with string dimensions and number metrics`);
  }
  if (expect.totalsFirst) {
    const t = all[0];
    if (!t || t[body.dimensions[0]!] !== 'Total' || body.dimensions.slice(1).some((d) => t[d] !== '')) {
      reasons.push('the first row is not a totals row ("Total", then "")');
    } else if (body.limit === undefined && (body.skip === undefined || Number(body.skip) === 0)) {
      for (const m of body.metrics.filter((m) => (MEASURES as readonly string[]).includes(m))) {
        const sum = data.reduce((s, r) => s + (r[m] as number), 0);
        if (Math.abs(sum - (t[m] as number)) > 1e-6 * Math.max(1, Math.abs(sum))) reasons.push(`totals ${m} ${String(t[m])} ≠ sum of rows ${sum}`);
      }
    }
  }
  if (expect.derived) {
    const has = (m: string) => body.metrics.includes(m);
    all.forEach((r, i) => {
      const n = (k: string) => r[k] as number;
      if (has('ecpm') && has('revenue') && has('impression') && !close(n('ecpm'), ratio(n('revenue'), n('impression'), 1000))) {
        reasons.push(`row ${i}: ecpm ${n('ecpm')} ≠ revenue / impression × 1000`);
      }
      if (has('fillrate') && has('impression') && has('requests') && !close(n('fillrate'), ratio(n('impression'), n('requests'), 1))) {
        reasons.push(`row ${i}: fillrate ${n('fillrate')} ≠ impression / requests`);
      }
    });
  }
  if (expect.sorted) {
    const compare = compareRows(body);
    const bad = data.findIndex((r, i) => i > 0 && compare(data[i - 1]!, r) > 0);
    if (bad > 0) reasons.push(`data rows ${bad - 1} and ${bad} are out of order`);
  }
  if (expect.filtersHold) {
    const bad = data.findIndex((r) => !matchesFilters(r, body));
    if (bad >= 0) reasons.push(`data row ${bad} does not satisfy the filters`);
  }
  if (expect.unique) {
    const keys = new Set(data.map((r) => JSON.stringify(body.dimensions.map((d) => r[d]))));
    if (keys.size !== data.length) reasons.push('two data rows have the same dimension values');
  }
  if (expect.maxRows !== undefined && data.length > expect.maxRows) reasons.push(`${data.length} data rows, more than ${expect.maxRows}`);
  return reasons;
}
