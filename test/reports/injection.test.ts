// SQL injection attempts in every field of a report request. Names (dimensions, metrics, filter keys, order) and
// numbers (limit, skip) are refused by the validator before any SQL exists; values (filter values) are bound
// parameters and match stored text literally. The table is intact afterwards, and no request text ever appears
// in the SQL a plan renders to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDB, type DuckDB } from '../../packages/server/src/stores/duckdb/database.js';
import { buildPageSql, buildTotalsSql } from '../../packages/server/src/stores/duckdb/report-sql.js';
import { createDuckDBReportStore, type DuckDBReportStore } from '../../packages/server/src/stores/duckdb/report-store.js';
import { createReportEngine, type ReportEngine } from '../../packages/server/src/reports/engine.js';
import { planReport } from '../../packages/server/src/reports/plan.js';
import { validateReportRequest } from '../../src/api-contract/validate-report.js';

const NASTY = ["x'); DROP TABLE events; --", '" OR "1"="1', "' OR '1'='1", 'back\\slash', '100%_like', '$1', '?', 'line\nbreak', 'ünïcödé 🦆'];
const base = { startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['service'], metrics: ['requests'] };
let db: DuckDB;
let store: DuckDBReportStore;
let engine: ReportEngine;

beforeAll(async () => {
  db = await openDuckDB(':memory:');
  store = await createDuckDBReportStore(db);
  await store.append(NASTY.map((service, i) => ({ date: '2024-01-02', service, country: 'US', requests: i + 1, impression: 0, revenue: 0 })));
  await store.append([{ date: '2024-01-02', service: 'plain', country: 'US', requests: 100, impression: 0, revenue: 0 }]);
  engine = createReportEngine(store);
});
afterAll(() => db.close());

describe('names and numbers with SQL in them are refused', () => {
  const attempts: [string, Record<string, unknown>][] = [
    ['startDate', { startDate: "2024-01-01' OR '1'='1" }],
    ['endDate', { endDate: '2024-01-31); DROP TABLE events; --' }],
    ['dimension', { dimensions: ['service; DROP TABLE events'] }],
    ['dimension as expression', { dimensions: ['lower(service)'] }],
    ['metric', { metrics: ['sum(revenue)'] }],
    ['metric as subquery', { metrics: ['(SELECT 1)'] }],
    ['order', { order: 'requests; DROP TABLE events' }],
    ['order with expression', { order: 'random()' }],
    ['order with a second key', { order: 'requests DESC, service' }],
    ['limit', { limit: '1; DROP TABLE events' }],
    ['limit as expression', { limit: '1 OR 1=1' }],
    ['skip', { skip: '0) UNION SELECT * FROM users --' }],
    ['filter key', { filters: [{ key: 'service OR 1=1', operator: '=', value: 'x' }] }],
    ['filter operator', { filters: [{ key: 'service', operator: "= 'x' OR 1=1 --", value: 'x' }] }],
    ['date filter value', { filters: [{ key: 'date', operator: '=', value: "2024-01-02' OR '1'='1" }] }],
    ['property name', { "dimensions'); DROP TABLE events; --": [] }],
  ];
  it.each(attempts)('%s', async (_name, patch) => {
    const out = await engine.run({ ...base, ...patch });
    expect(out.ok).toBe(false);
  });
});

describe('filter values are data, never SQL', () => {
  it.each(NASTY)('= %j matches only the row that holds it', async (value) => {
    const out = await engine.run({ ...base, filters: [{ key: 'service', operator: '=', value }] });
    expect(out.ok && out.rows).toEqual([{ service: value, requests: NASTY.indexOf(value) + 1 }]);
  });

  it('IN with every nasty value matches exactly those rows', async () => {
    const out = await engine.run({ ...base, filters: [{ key: 'service', operator: 'IN', values: NASTY }] });
    expect(out.ok && out.rows.length).toBe(NASTY.length);
  });

  it('NOT IN with every nasty value leaves only the plain row', async () => {
    const out = await engine.run({ ...base, filters: [{ key: 'service', operator: 'NOT IN', values: NASTY }] });
    expect(out.ok && out.rows).toEqual([{ service: 'plain', requests: 100 }]);
  });

  it('a tautology in a value matches nothing', async () => {
    const out = await engine.run({ ...base, filters: [{ key: 'country', operator: '=', value: "US' OR '1'='1" }] });
    expect(out.ok && out.rows).toEqual([]);
  });

  it('leaves the table intact', async () => {
    expect(await store.count()).toBe(NASTY.length + 1);
  });
});

describe('rendered SQL', () => {
  it('never contains request text, only placeholders', () => {
    const checked = validateReportRequest({
      ...base,
      dimensions: ['service', 'date'],
      filters: [
        { key: 'service', operator: 'IN', values: NASTY },
        { key: 'country', operator: '!=', value: 'ZZ-marker' },
        { key: 'date', operator: 'NOT IN', values: ['2024-01-09'] },
      ],
      order: 'requests DESC',
      limit: '123456',
      skip: '654321',
      totals: true,
    });
    if (!checked.ok) throw new Error('invalid');
    const plan = planReport(checked.request);
    for (const { sql, values } of [buildPageSql(plan), buildTotalsSql(plan)]) {
      // '$1' and '?' are left out: they look like the placeholders the SQL rightly has.
      for (const text of [...NASTY.filter((v) => v !== '$1' && v !== '?'), 'ZZ-marker', '2024-01-09', '123456', '654321', '2024-01-01', '2024-01-31']) {
        expect(sql).not.toContain(text);
      }
      expect(values.length).toBe((sql.match(/\$\d+/g) ?? []).length);
    }
  });
});
