// The report engine on the DuckDB store against an independent JS computation on generated data: sums, ecpm and
// fillrate from sums (0 on zero denominators), totals over all matching rows whatever the page, filters, order
// with the dimension tie-break, and pages that neither overlap nor skip.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDB, type DuckDB } from '../../packages/server/src/stores/duckdb/database.js';
import { createDuckDBReportStore } from '../../packages/server/src/stores/duckdb/report-store.js';
import { createReportEngine, type ReportEngine } from '../../packages/server/src/reports/engine.js';
import { referenceReport, reportRequestArb, testEvents, type RefRequest } from './reference.js';

const events = testEvents(3000);
// Rows outside the range must never count.
events.push({ date: '2023-12-31', service: 'alpha', country: 'US', requests: 999, impression: 999, revenue: 999 });
events.push({ date: '2024-02-01', service: 'alpha', country: 'US', requests: 999, impression: 999, revenue: 999 });
let db: DuckDB;
let engine: ReportEngine;

beforeAll(async () => {
  db = await openDuckDB(':memory:');
  const store = await createDuckDBReportStore(db);
  await store.append(events);
  engine = createReportEngine(store);
});
afterAll(() => db.close());

async function rows(request: RefRequest) {
  const out = await engine.run(request);
  if (!out.ok) throw new Error(JSON.stringify(out.issues));
  return out.rows;
}

describe('report engine vs an independent computation', () => {
  it('agrees on generated requests (rows, order, totals, paging)', async () => {
    await fc.assert(
      fc.asyncProperty(reportRequestArb, async (request) => {
        expect(await rows(request)).toEqual(referenceReport(events, request));
      }),
      { numRuns: 150 },
    );
  });

  it('computes ecpm and fillrate from the sums, not as an average of averages', async () => {
    const [totals, ...data] = await rows({
      startDate: '2024-01-01',
      endDate: '2024-01-31',
      dimensions: ['country'],
      metrics: ['requests', 'impression', 'revenue', 'ecpm', 'fillrate'],
      totals: true,
    });
    for (const r of [totals!, ...data]) {
      const { requests, impression, revenue, ecpm, fillrate } = r as unknown as Record<string, number> & {
        requests: number;
        impression: number;
        revenue: number;
      };
      expect(ecpm).toBeCloseTo(impression === 0 ? 0 : (revenue / impression) * 1000, 9);
      expect(fillrate).toBeCloseTo(requests === 0 ? 0 : impression / requests, 12);
    }
    const averageOfAverages = data.reduce((s, r) => s + (r.ecpm as number), 0) / data.length;
    expect(totals!.ecpm).not.toBeCloseTo(averageOfAverages, 6);
  });

  it('gives 0 for a zero denominator', async () => {
    const db2 = await openDuckDB(':memory:');
    const store = await createDuckDBReportStore(db2);
    await store.append([{ date: '2024-01-01', service: 's', country: 'US', requests: 0, impression: 0, revenue: 0 }]);
    const out = await createReportEngine(store).run({
      startDate: '2024-01-01',
      endDate: '2024-01-01',
      dimensions: ['country'],
      metrics: ['ecpm', 'fillrate'],
      totals: true,
    });
    expect(out.ok && out.rows).toEqual([
      { country: 'Total', ecpm: 0, fillrate: 0 },
      { country: 'US', ecpm: 0, fillrate: 0 },
    ]);
    db2.close();
  });

  it('totals cover every matching row, not only the page', async () => {
    const request = { startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['date', 'country'], metrics: ['requests', 'revenue'], totals: true };
    const [whole] = await rows(request);
    const [paged] = await rows({ ...request, limit: '3', skip: '10' });
    expect(paged).toEqual(whole);
    expect(whole!.requests).toBe(events.filter((e) => e.date.startsWith('2024-01')).reduce((s, e) => s + e.requests, 0));
  });

  it('pages neither overlap nor skip, even when the order column has ties', async () => {
    const request = {
      startDate: '2024-01-01',
      endDate: '2024-01-31',
      dimensions: ['service', 'date', 'country'],
      metrics: ['fillrate'],
      order: 'country DESC',
    };
    const all = await rows(request);
    expect(new Set(all.map((r) => r.country)).size).toBeLessThan(all.length / 10); // many ties on the order column
    const pages = [];
    for (let k = 0; k * 17 < all.length; k++) pages.push(...(await rows({ ...request, limit: '17', skip: String(17 * k) })));
    expect(pages).toEqual(all);
  });

  it('takes counts of any length: a skip past 2^53 - 1 is an empty page, a limit past it is no cap', async () => {
    const request = { startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['date', 'country'], metrics: ['revenue'], totals: true };
    const [totals, ...all] = await rows(request);
    expect(all.length).toBeGreaterThan(10);
    expect(await rows({ ...request, skip: '9'.repeat(30) })).toEqual([totals]);
    expect(await rows({ ...request, skip: String(Number.MAX_SAFE_INTEGER), limit: '1' })).toEqual([totals]);
    expect(await rows({ ...request, limit: '9'.repeat(30) })).toEqual([totals, ...all]);
    expect(await rows({ ...request, limit: '9'.repeat(30), skip: '5' })).toEqual([totals, ...all.slice(5)]);
  });

  it('answers an empty range with no rows and an all-zero totals row', async () => {
    expect(await rows({ startDate: '2020-01-01', endDate: '2020-01-31', dimensions: ['date', 'service'], metrics: ['revenue', 'ecpm'], totals: true })).toEqual(
      [{ date: 'Total', service: '', revenue: 0, ecpm: 0 }],
    );
  });

  it('returns issues, not rows, for an invalid request', async () => {
    const out = await engine.run({ startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['city'], metrics: ['revenue'] });
    expect(out.ok).toBe(false);
  });
});

describe('connection pool', () => {
  it('opens at most poolSize connections however many leases are asked for at once, and closes after the last lease', async () => {
    const pool = await openDuckDB(':memory:', 3);
    const seen = new Set<unknown>();
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 40 }, () =>
        pool.withConnection(async (c) => {
          seen.add(c);
          most = Math.max(most, ++running);
          await c.run('SELECT sum(range) FROM range(20000)');
          running--;
        }),
      ),
    );
    expect(seen.size).toBe(3);
    expect(most).toBe(3);
    const slow = pool.withConnection((c) => c.run('SELECT sum(range) FROM range(2000000)'));
    await pool.close();
    await expect(slow).resolves.toBeDefined();
    await expect(pool.withConnection(async () => 1)).rejects.toThrow(/closed/);
  });
});
