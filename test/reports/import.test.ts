// Importing event rows from NDJSON and CSV: good rows load, bad rows are refused one by one with a reason and
// a line number, the CSV header is checked up front, and progress is reported.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDB, type DuckDB } from '../../src/reports/duckdb/database.js';
import { createDuckDBReportStore, type DuckDBReportStore } from '../../src/reports/duckdb/store.js';
import { createReportEngine } from '../../src/reports/engine.js';
import { importEvents } from '../../src/reports/import/import.js';
import { checkImportRow } from '../../src/reports/import/row.js';

let dir: string;
let db: DuckDB;
let store: DuckDBReportStore;
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-import-'));
  db = await openDuckDB(':memory:');
  store = await createDuckDBReportStore(db);
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('checkImportRow', () => {
  const good = { date: '2024-01-01', service: 'news', country: 'US', requests: 10, impression: 8, revenue: 0.02 };
  it.each([
    [{ ...good, date: '2024-02-30' }, 'date is not a date YYYY-MM-DD'],
    [{ ...good, country: 'us' }, 'country must be an ISO 3166-1 alpha-2 code in upper case'],
    [{ ...good, service: '' }, 'service must be 1 to 100 characters'],
    [{ ...good, requests: -1 }, 'requests must be a non-negative integer'],
    [{ ...good, impression: 1.5 }, 'impression must be a non-negative integer'],
    [{ ...good, revenue: '1' }, 'revenue must be a number from 0 to 999999999999'],
    [{ ...good, impression: 11 }, 'impression exceeds requests'],
    [{ ...good, clicks: 1 }, "unknown column 'clicks'"],
    [{ date: '2024-01-01' }, 'missing service'],
    [[1], 'not an object'],
  ])('refuses %j', (row, reason) => {
    expect(checkImportRow(row)).toEqual({ ok: false, reason });
  });
  it('accepts a good row', () => expect(checkImportRow(good)).toEqual({ ok: true, row: good }));
});

describe('importEvents', () => {
  it('loads NDJSON and refuses bad lines with their numbers', async () => {
    const p = file('a.ndjson', [
      '{"date":"2024-05-01","service":"news","country":"US","requests":10,"impression":5,"revenue":0.5}',
      '',
      '{"date":"2024-05-01","service":"news","country":"US","requests":10,"impression":5',
      '{"date":"2024-05-02","service":"news","country":"DE","requests":4,"impression":9,"revenue":0.1}',
      '{"date":"2024-05-02","service":"news","country":"DE","requests":4,"impression":2,"revenue":0.1}',
    ].join('\n'));
    const progress: number[] = [];
    const summary = await importEvents(p, store, { onProgress: (read) => progress.push(read) });
    expect(summary).toEqual({
      loaded: 2,
      refused: 2,
      reasons: { 'not valid JSON': 1, 'impression exceeds requests': 1 },
      examples: [{ line: 3, reason: 'not valid JSON' }, { line: 4, reason: 'impression exceeds requests' }],
    });
    expect(progress.at(-1)).toBe(fs.statSync(p).size);
  });

  it('loads CSV with a header in any column order, quoted cells and CRLF', async () => {
    const p = file('b.csv', '\ufeffcountry,date,service,requests,impression,revenue\r\nFR,2024-06-01,"recipes, and more",100,50,1.25\r\nFR,2024-06-01,x,abc,1,1\r\nFR,2024-06-01,x,1\r\n');
    const summary = await importEvents(p, store);
    expect(summary.loaded).toBe(1);
    expect(summary.reasons).toEqual({ 'requests must be a non-negative integer': 1, 'expected 6 cells, found 4': 1 });
    const out = await createReportEngine(store).run({ startDate: '2024-06-01', endDate: '2024-06-01', dimensions: ['service'], metrics: ['revenue', 'fillrate'] });
    expect(out.ok && out.rows).toEqual([{ service: 'recipes, and more', revenue: 1.25, fillrate: 0.5 }]);
  });

  it('refuses a CSV whose header lacks a column, before reading rows', async () => {
    const p = file('c.csv', 'date,service,country,requests,revenue\n2024-01-01,a,US,1,1\n');
    await expect(importEvents(p, store)).rejects.toThrow(/missing: impression/);
  });

  it('detects NDJSON by content when the extension says nothing', async () => {
    const p = file('d.data', '{"date":"2024-07-01","service":"a","country":"JP","requests":1,"impression":1,"revenue":0}\n');
    expect((await importEvents(p, store)).loaded).toBe(1);
  });
});
