// Importing event rows from NDJSON and CSV, all or nothing, once: a refused row keeps nothing unless
// skipInvalid, a parser error keeps nothing and names the line, the same content is refused unless force, a file
// that changes between the two passes or an abort keeps nothing, and the store's transaction rolls back whatever
// went wrong while rows were streaming. Also the row check and deletions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { growth, linearBound } from '../support/growth.js';
import { openDuckDB, type DuckDB } from '../../packages/server/src/stores/duckdb/database.js';
import { createDuckDBReportStore, type DuckDBReportStore } from '../../packages/server/src/stores/duckdb/report-store.js';
import { createReportEngine } from '../../packages/server/src/reports/engine.js';
import { importEvents } from '../../packages/server/src/reports/import/import.js';
import { readCsv } from '../../packages/server/src/reports/import/read.js';
import { Readable } from 'node:stream';
import { checkImportRow } from '../../src/api-contract/import-row.js';
import { AlreadyImportedError, type EventRow } from '../../packages/server/src/reports/store.js';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

let dir: string;
let db: DuckDB;
let store: DuckDBReportStore;
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};
const row = (date: string, country = 'US', requests = 10, impression = 5): EventRow => ({ date, service: 'news', country, requests, impression, revenue: 0.5 });
const ndjson = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
const HEADER = 'date,service,country,requests,impression,revenue\n';

beforeAll(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-import-'))));
afterAll(() => removeTempFolder(dir), REMOVAL_MS);
beforeEach(async () => {
  db = await openDuckDB(':memory:');
  store = await createDuckDBReportStore(db);
});
afterEach(() => db.close());

describe('readCsv', () => {
  it('reads a long cell in linear time: a number cell that is no number stays text (a quadratic test blocked the server)', async () => {
    const cell = '1'.repeat(100_000) + 'x';
    const read = async (text: string) => {
      const lines = [];
      for await (const line of readCsv(Readable.from([HEADER, `2026-01-01,news,US,${text},1.50,0.5\n`]))) lines.push(line);
      return lines;
    };
    const lines = await read(cell);
    expect(await growth((n) => '1'.repeat(n) + 'x', read, 12_500)).toBeLessThan(linearBound());
    expect(lines).toEqual([{ line: 2, value: { date: '2026-01-01', service: 'news', country: 'US', requests: cell, impression: 1.5, revenue: 0.5 } }]);
  });
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
  ])('refuses %j', (value, reason) => {
    expect(checkImportRow(value)).toEqual({ ok: false, reason });
  });
  it('accepts a good row', () => expect(checkImportRow(good)).toEqual({ ok: true, row: good }));
});

describe('importEvents', () => {
  const mixed = [
    '{"date":"2024-05-01","service":"news","country":"US","requests":10,"impression":5,"revenue":0.5}',
    '',
    '{"date":"2024-05-01","service":"news","country":"US","requests":10,"impression":5',
    '{"date":"2024-05-02","service":"news","country":"DE","requests":4,"impression":9,"revenue":0.1}',
    '{"date":"2024-05-02","service":"news","country":"DE","requests":4,"impression":2,"revenue":0.1}',
  ].join('\n');

  it('keeps nothing of a file with a refused row, and says which lines and why', async () => {
    const refused: string[] = [];
    const summary = await importEvents(file('a.ndjson', mixed), store, { onRefused: (line, reason) => refused.push(`${line}: ${reason}`) });
    expect(summary).toMatchObject({
      status: 'refused',
      loaded: 0,
      good: 2,
      refused: 2,
      reasons: { 'not valid JSON': 1, 'impression exceeds requests': 1 },
      examples: [
        { line: 3, reason: 'not valid JSON' },
        { line: 4, reason: 'impression exceeds requests' },
      ],
    });
    expect(refused).toEqual(['3: not valid JSON', '4: impression exceeds requests']);
    expect(await store.count()).toBe(0);
    expect(await store.findImport(summary.hash!)).toBeUndefined();
  });

  it('with skipInvalid, loads the good rows in one go and records the file', async () => {
    const p = file('a.ndjson', mixed);
    const progress: [number, string][] = [];
    const summary = await importEvents(p, store, { skipInvalid: true, onProgress: (read, _total, pass) => progress.push([read, pass]) });
    expect(summary).toMatchObject({ status: 'skipped-invalid', loaded: 2, refused: 2 });
    expect(summary.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.count()).toBe(2);
    expect(await store.findImport(summary.hash!)).toMatchObject({ hash: summary.hash, rows: 2, name: 'a.ndjson' });
    expect(progress.at(-1)).toEqual([fs.statSync(p).size, 'load']);
    expect(progress.some(([, pass]) => pass === 'check')).toBe(true);
  });

  it('refuses every row refused even with skipInvalid: nothing to load', async () => {
    const summary = await importEvents(file('bad.ndjson', '{"date":"x"}\n'), store, { skipInvalid: true });
    expect(summary).toMatchObject({ status: 'refused', loaded: 0, good: 0, refused: 1 });
  });

  it('loads CSV with a header in any column order, quoted cells and CRLF, numbering physical lines', async () => {
    const p = file(
      'b.csv',
      '\ufeffcountry,date,service,requests,impression,revenue\r\nFR,2024-06-01,"recipes, and more",100,50,1.25\r\n\r\nFR,2024-06-01,x,abc,1,1\r\nFR,2024-06-01,x,1\r\n',
    );
    const summary = await importEvents(p, store, { skipInvalid: true });
    expect(summary.loaded).toBe(1);
    expect(summary.examples).toEqual([
      { line: 4, reason: 'requests must be a non-negative integer' },
      { line: 5, reason: 'expected 6 cells, found 4' },
    ]);
    const out = await createReportEngine(store).run({
      startDate: '2024-06-01',
      endDate: '2024-06-01',
      dimensions: ['service'],
      metrics: ['revenue', 'fillrate'],
    });
    expect(out.ok && out.rows).toEqual([{ service: 'recipes, and more', revenue: 1.25, fillrate: 0.5 }]);
  });

  it('keeps nothing of a CSV with a quoting error, naming its line', async () => {
    const good = Array.from({ length: 50 }, () => '2024-01-01,a,US,1,1,1').join('\n');
    const summary = await importEvents(file('q.csv', `${HEADER}${good}\n2024-01-01,"b"x,US,1,1,1\n2024-01-02,c,US,1,1,1\n`), store, {
      skipInvalid: true,
      batchSize: 10,
    });
    expect(summary).toMatchObject({ status: 'invalid-file', loaded: 0, error: { line: 52 } });
    expect(summary.error!.message).toMatch(/^CSV error: Invalid Closing Quote: got "x" at line 52/);
    expect(await store.count()).toBe(0);
  });

  it('refuses a CSV whose header lacks a column, before reading rows', async () => {
    const summary = await importEvents(file('c.csv', 'date,service,country,requests,revenue\n2024-01-01,a,US,1,1\n'), store);
    expect(summary).toMatchObject({ status: 'invalid-file', error: { line: 1 } });
    expect(summary.error!.message).toMatch(/missing: impression/);
  });

  it('loads NDJSON that begins with a byte order mark, its first row included, as it loads such a CSV', async () => {
    for (const name of ['bom.ndjson', 'bom-no-extension']) {
      const summary = await importEvents(file(name, '\uFEFF' + ndjson([row('2024-01-01', name === 'bom.ndjson' ? 'US' : 'FR'), row('2024-01-02')])), store);
      expect(summary).toMatchObject({ status: 'loaded', loaded: 2, refused: 0 });
    }
    expect(await store.count()).toBe(4);
  });

  it('detects NDJSON by content when the extension says nothing', async () => {
    const p = file('d.data', '{"date":"2024-07-01","service":"a","country":"JP","requests":1,"impression":1,"revenue":0}\n');
    expect((await importEvents(p, store)).loaded).toBe(1);
  });

  it('refuses content imported before (under any name) unless force, which loads it again', async () => {
    const text = ndjson([row('2024-01-01'), row('2024-01-02')]);
    const first = await importEvents(file('e1.ndjson', text), store);
    expect(first).toMatchObject({ status: 'loaded', loaded: 2 });
    const again = await importEvents(file('e2.ndjson', text), store);
    expect(again).toMatchObject({ status: 'duplicate', loaded: 0, previous: { hash: first.hash, rows: 2, name: 'e1.ndjson' } });
    expect(again.previous!.importedAt).toBeInstanceOf(Date);
    expect(await store.count()).toBe(2);
    const forced = await importEvents(file('e2.ndjson', text), store, { force: true });
    expect(forced).toMatchObject({ status: 'loaded', loaded: 2 });
    expect(await store.count()).toBe(4);
    expect(await store.findImport(first.hash!)).toMatchObject({ name: 'e2.ndjson', rows: 2 });
  });

  it('keeps nothing when the file changes between the checking and the loading pass', async () => {
    const p = file('f.ndjson', ndjson([row('2024-01-01'), row('2024-01-02')]));
    const summary = await importEvents(p, store, {
      onProgress: (_read, _total, pass) => pass === 'check' && fs.appendFileSync(p, ndjson([row('2024-01-03')])),
    });
    expect(summary).toMatchObject({ status: 'changed', loaded: 0 });
    expect(await store.count()).toBe(0);
  });

  it('keeps nothing when aborted while rows stream into the store', async () => {
    const p = file('g.ndjson', ndjson(Array.from({ length: 100 }, (_, i) => row(`2024-01-${String((i % 28) + 1).padStart(2, '0')}`))));
    const stop = new AbortController();
    const summary = await importEvents(p, store, { batchSize: 10, signal: stop.signal, onProgress: (_r, _t, pass) => pass === 'load' && stop.abort() });
    expect(summary).toMatchObject({ status: 'interrupted', loaded: 0 });
    expect(await store.count()).toBe(0);
    expect(await store.findImport(summary.hash!)).toBeUndefined();
  });
});

describe('the DuckDB store: importFile and deleteRows', () => {
  it('rolls back every batch when the rows fail midway', async () => {
    async function* failing() {
      yield [row('2024-01-01'), row('2024-01-02')];
      throw new Error('disk on fire');
    }
    await expect(store.importFile({ hash: 'h1', name: 'x' }, failing())).rejects.toThrow('disk on fire');
    expect(await store.count()).toBe(0);
    expect(await store.findImport('h1')).toBeUndefined();
  });

  it('refuses a recorded hash inside its transaction, unless force', async () => {
    async function* rows() {
      yield [row('2024-01-01')];
    }
    expect(await store.importFile({ hash: 'h2', name: 'x' }, rows())).toEqual({ loaded: 1 });
    await expect(store.importFile({ hash: 'h2', name: 'y' }, rows())).rejects.toBeInstanceOf(AlreadyImportedError);
    expect(await store.importFile({ hash: 'h2', name: 'y' }, rows(), { force: true })).toEqual({ loaded: 1 });
    expect(await store.count()).toBe(2);
  });

  it('of imports of one content at once, one loads and the others are duplicates; forced, every one loads', async () => {
    async function* rows() {
      yield [row('2024-01-01'), row('2024-01-02')];
    }
    const plain = await Promise.allSettled([1, 2, 3].map(() => store.importFile({ hash: 'h3', name: 'x' }, rows())));
    expect(plain.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(plain.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof AlreadyImportedError)).toBe(true);
    expect(await store.count()).toBe(2);
    const forced = await Promise.allSettled([1, 2, 3].map(() => store.importFile({ hash: 'h3', name: 'y' }, rows(), { force: true })));
    expect(forced.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual([{ loaded: 2 }, { loaded: 2 }, { loaded: 2 }]);
    expect(await store.count()).toBe(8);
  });

  it('deletes the rows a date range, service and country select, and counts them', async () => {
    await store.append([row('2024-01-01'), row('2024-01-02', 'FR'), row('2024-01-03'), { ...row('2024-01-02'), service: 'sport' }]);
    expect(await store.deleteRows({ startDate: '2024-01-02', endDate: '2024-01-02', country: 'US' })).toBe(1);
    expect(await store.deleteRows({ startDate: '2024-01-02', endDate: '2024-01-03', service: 'news' })).toBe(2);
    expect(await store.deleteRows({ startDate: '2023-01-01', endDate: '2023-12-31' })).toBe(0);
    expect(await store.count()).toBe(1);
  });
});
