// An independent, naive report computation for the engine tests: filter, group, sum, derive, sort, page — in
// plain JS over an array, sharing no code with the engine. Revenue is summed in integer micro-dollars so the sums
// are exact, like the store's DECIMAL sums, and ties compare the same way on both sides.
import fc from 'fast-check';
import type { EventRow } from '../../packages/server/src/reports/store.js';

export interface RefRequest {
  startDate: string;
  endDate: string;
  dimensions: string[];
  metrics: string[];
  filters?: { key: string; operator: string; value?: string; values?: string[] }[];
  order?: string;
  limit?: string | number;
  skip?: string | number;
  totals?: boolean;
}

type Sums = { requests: number; impression: number; micros: number };

function metricsOf(s: Sums, metrics: string[]): Record<string, number> {
  const revenue = s.micros / 1e6;
  const all: Record<string, number> = {
    requests: s.requests,
    impression: s.impression,
    revenue,
    ecpm: s.impression === 0 ? 0 : (revenue * 1000) / s.impression,
    fillrate: s.requests === 0 ? 0 : (s.impression * 1) / s.requests,
  };
  return Object.fromEntries(metrics.map((m) => [m, all[m]!]));
}

export function referenceReport(rows: readonly EventRow[], req: RefRequest): Record<string, string | number>[] {
  const matches = (r: EventRow) =>
    r.date >= req.startDate &&
    r.date <= req.endDate &&
    (req.filters ?? []).every((f) => {
      const op = f.operator.toUpperCase();
      const list = op === '=' || op === '!=' ? [f.value!] : f.values!;
      const hit = list.includes(String(r[f.key as keyof EventRow]));
      return op === '!=' || op === 'NOT IN' ? !hit : hit;
    });
  const groups = new Map<string, { dims: string[]; sums: Sums }>();
  const total: Sums = { requests: 0, impression: 0, micros: 0 };
  for (const r of rows.filter(matches)) {
    const dims = req.dimensions.map((d) => String(r[d as keyof EventRow]));
    const key = JSON.stringify(dims);
    const g = groups.get(key) ?? { dims, sums: { requests: 0, impression: 0, micros: 0 } };
    for (const s of [g.sums, total]) {
      s.requests += r.requests;
      s.impression += r.impression;
      s.micros += Math.round(r.revenue * 1e6);
    }
    groups.set(key, g);
  }
  const out = [...groups.values()].map((g) => ({
    ...Object.fromEntries(req.dimensions.map((d, i) => [d, g.dims[i]!])),
    ...metricsOf(g.sums, req.metrics),
  })) as Record<string, string | number>[];
  const [column, dir] = (req.order ?? '').split(/ +/);
  const keys: [string, number][] = column ? [[column, dir?.toLowerCase() === 'desc' ? -1 : 1]] : [];
  for (const d of req.dimensions) if (d !== column) keys.push([d, 1]);
  out.sort((a, b) => {
    for (const [k, sign] of keys) if (a[k] !== b[k]) return (a[k]! < b[k]! ? -1 : 1) * sign;
    return 0;
  });
  const skip = Number(req.skip ?? 0);
  const page = out.slice(skip, req.limit === undefined ? undefined : skip + Number(req.limit));
  if (!req.totals) return page;
  const totals = { ...Object.fromEntries(req.dimensions.map((d, i) => [d, i === 0 ? 'Total' : ''])), ...metricsOf(total, req.metrics) };
  return [totals, ...page];
}

/** Deterministic test events with many ties and zero denominators. */
export function testEvents(count: number, seed = 7): EventRow[] {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const dates = Array.from({ length: 12 }, (_, i) => `2024-01-${String(i + 1).padStart(2, '0')}`);
  const rows: EventRow[] = [];
  for (let i = 0; i < count; i++) {
    const requests = rand() < 0.05 ? 0 : Math.floor(rand() * 1000);
    const impression = rand() < 0.1 ? 0 : Math.floor(rand() * (requests + 1));
    const revenue = impression === 0 || rand() < 0.1 ? 0 : Math.round(rand() * 50_000_000) / 1e6;
    rows.push({ date: pick(dates), service: pick(['alpha', 'beta', 'gamma']), country: pick(['US', 'DE', 'FR', 'JP', 'BR']), requests, impression, revenue });
  }
  return rows;
}

const dims = ['date', 'service', 'country'] as const;
const metrics = ['requests', 'impression', 'revenue', 'ecpm', 'fillrate'] as const;
/** Generated report requests: every dimension and metric, filters of each kind, order with ties, paging, totals. */
export const reportRequestArb = fc
  .record({
    dimensions: fc.shuffledSubarray([...dims], { minLength: 1 }),
    metrics: fc.shuffledSubarray([...metrics], { minLength: 1 }),
    range: fc.constantFrom(
      ['2024-01-01', '2024-01-31'],
      ['2024-01-03', '2024-01-07'],
      ['2024-01-05', '2024-01-05'],
      ['2023-01-01', '2025-01-01'],
      ['1900-01-01', '2999-01-01'],
    ),
    filters: fc.array(
      fc.oneof(
        fc.record({
          key: fc.constant('country'),
          operator: fc.constantFrom('IN', 'NOT IN', 'in'),
          values: fc.subarray(['US', 'DE', 'FR', 'XX'], { minLength: 1 }),
        }),
        fc.record({ key: fc.constant('service'), operator: fc.constantFrom('=', '!='), value: fc.constantFrom('alpha', 'beta', 'zeta') }),
        fc.record({
          key: fc.constant('date'),
          operator: fc.constantFrom('IN', 'NOT IN'),
          values: fc.subarray(['2024-01-02', '2024-01-03', '2024-01-04'], { minLength: 1 }),
        }),
      ),
      { maxLength: 2 },
    ),
    orderIndex: fc.nat(),
    direction: fc.constantFrom('', ' ASC', ' DESC', ' desc'),
    useOrder: fc.boolean(),
    limit: fc.option(fc.oneof(fc.nat(40).map(String), fc.nat(40)), { nil: undefined }),
    skip: fc.option(fc.oneof(fc.nat(40).map(String), fc.nat(40)), { nil: undefined }),
    totals: fc.boolean(),
  })
  .map((r) => {
    const columns = [...r.dimensions, ...r.metrics];
    const req: RefRequest = {
      startDate: r.range[0]!,
      endDate: r.range[1]!,
      dimensions: r.dimensions,
      metrics: r.metrics,
      filters: r.filters,
      totals: r.totals,
    };
    if (r.useOrder) req.order = columns[r.orderIndex % columns.length] + r.direction;
    if (r.limit !== undefined) req.limit = r.limit;
    if (r.skip !== undefined) req.skip = r.skip;
    return req;
  });
