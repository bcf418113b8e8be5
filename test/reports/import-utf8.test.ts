// Import files must be UTF-8: a Latin-1 `Café` was loaded as `Caf\uFFFD`, so two services could
// merge into one. A row holding bytes that are not UTF-8 is now refused with its line, as other bad rows are, in
// NDJSON and CSV alike; a real U+FFFD (valid UTF-8) still loads, and a character split across two chunks of the
// stream is not mistaken for a bad one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDuckDB, type DuckDB } from '../../packages/server/src/stores/duckdb/database.js';
import { createDuckDBReportStore, type DuckDBReportStore } from '../../packages/server/src/stores/duckdb/report-store.js';
import { createReportEngine } from '../../packages/server/src/reports/engine.js';
import { importEvents } from '../../packages/server/src/reports/import/import.js';
import { hasBadBytes, Utf8Marker, Utf8Watch } from '../../packages/server/src/reports/import/utf8.js';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

let dir: string;
let db: DuckDB;
let store: DuckDBReportStore;
const file = (name: string, bytes: Buffer) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, bytes);
  return p;
};
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const latin1 = (text: string) => Buffer.from(text, 'latin1');
const HEADER = 'date,service,country,requests,impression,revenue\n';
const json = (service: string, date = '2024-03-01') => JSON.stringify({ date, service, country: 'FR', requests: 10, impression: 5, revenue: 1 }) + '\n';
const services = async () => {
  const out = await createReportEngine(store).run({ startDate: '2024-03-01', endDate: '2024-03-31', dimensions: ['service'], metrics: ['requests'] });
  return out.ok ? out.rows.map((r) => r.service) : out.issues;
};

beforeAll(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-utf8-'))));
afterAll(() => removeTempFolder(dir), REMOVAL_MS);
beforeEach(async () => {
  db = await openDuckDB(':memory:');
  store = await createDuckDBReportStore(db);
});
afterEach(() => db.close());

/** Feeds `bytes` to a stream in the given chunks and collects what comes out. */
async function through<T>(stream: Utf8Watch | Utf8Marker, chunks: Buffer[]): Promise<T[]> {
  const out: T[] = [];
  for await (const piece of Readable.from(chunks, { objectMode: false }).pipe(stream)) out.push(piece as T);
  return out;
}
/** Every way of cutting `bytes` into two chunks, and one byte per chunk. */
const cuts = (bytes: Buffer) => [
  ...Array.from({ length: bytes.length + 1 }, (_, i) => [bytes.subarray(0, i), bytes.subarray(i)]),
  [...bytes].map((b) => Buffer.from([b])),
];

describe('the UTF-8 streams', () => {
  const valid = utf8('Café € 😀 \uFFFD ok\n');
  it('decode valid text exactly, however it is cut, a real U+FFFD and an emoji included', async () => {
    for (const chunks of cuts(valid)) {
      const text = (await through<string>(new Utf8Marker(), chunks)).join('');
      expect(text).toBe('Café € 😀 \uFFFD ok\n');
      expect(hasBadBytes(text)).toBe(false);
      const watch = new Utf8Watch();
      expect(Buffer.concat(await through<Buffer>(watch, chunks))).toEqual(valid);
      expect(watch.badBefore(Infinity)).toBe(false);
    }
  });

  it('find each bad sequence where it starts, however it is cut: Latin-1, an overlong, a surrogate, a cut-off end', async () => {
    // 0-2 "Caf", 3 Latin-1 é, 4 space, 5-6 an overlong "/" (two bad bytes), 7 space, 8-10 an encoded surrogate
    // (three), 11 space, 12-13 the start of a 3-byte character the file ends in (one bad sequence).
    const bad = Buffer.concat([latin1('Café '), Buffer.from([0xc0, 0xaf]), utf8(' '), Buffer.from([0xed, 0xa0, 0x80]), utf8(' '), Buffer.from([0xe2, 0x82])]);
    for (const chunks of cuts(bad)) {
      const text = (await through<string>(new Utf8Marker(), chunks)).join('');
      expect(hasBadBytes(text)).toBe(true);
      expect(text.replace(/\p{Surrogate}/gu, '?')).toBe('Caf? ?? ??? ?');
      const watch = new Utf8Watch();
      expect(Buffer.concat(await through<Buffer>(watch, chunks))).toEqual(bad); // the bytes pass unchanged
      expect([3, 4, 5, 7, 8, 11, 12, 14].map((end) => watch.badBefore(end))).toEqual([false, true, false, true, false, true, false, true]);
    }
  });
});

describe('importEvents refuses rows that are not UTF-8', () => {
  it('NDJSON: refuses a Latin-1 row with its line; the same service in UTF-8, and a real U+FFFD, load', async () => {
    const bytes = Buffer.concat([utf8(json('Café')), latin1(json('Café')), utf8(json('Caf\uFFFD'))]);
    const refused: string[] = [];
    const all = await importEvents(file('a.ndjson', bytes), store, { onRefused: (line, reason) => refused.push(`${line}: ${reason}`) });
    expect(all).toMatchObject({ status: 'refused', loaded: 0, refused: 1, good: 2 });
    expect(refused).toEqual(['2: not valid UTF-8']);
    const some = await importEvents(file('a.ndjson', bytes), store, { skipInvalid: true });
    expect(some).toMatchObject({ status: 'skipped-invalid', loaded: 2, refused: 1 });
    expect((await services()).sort()).toEqual(['Café', 'Caf\uFFFD']);
  });

  it('CSV: refuses each record holding a bad byte with its line, a quoted record over two lines included', async () => {
    const bytes = Buffer.concat([
      utf8(HEADER),
      utf8('2024-03-01,Café,FR,10,5,1\n'),
      latin1('2024-03-02,Café,FR,10,5,1\n'),
      latin1('2024-03-03,"Caf\né",FR,10,5,1\n'),
      utf8('2024-03-04,Caf\uFFFD,FR,10,5,1\n'),
      Buffer.from([0xff]),
      utf8('2024-03-05,x,FR,10,5,1\n'),
      utf8('2024-03-06,y,FR,10,5,1\n'),
    ]);
    const summary = await importEvents(file('b.csv', bytes), store, { skipInvalid: true });
    expect(summary).toMatchObject({ status: 'skipped-invalid', loaded: 3, good: 3, refused: 3 });
    expect(summary.examples).toEqual([
      { line: 3, reason: 'not valid UTF-8' },
      { line: 5, reason: 'not valid UTF-8' },
      { line: 7, reason: 'not valid UTF-8' },
    ]);
    expect((await services()).sort()).toEqual(['Café', 'Caf\uFFFD', 'y']);
  });

  it('CSV: a header that is not UTF-8 is an error of the file', async () => {
    const summary = await importEvents(file('c.csv', Buffer.concat([latin1('date,service,country,requests,impression,revenue,\xe9\n'), utf8('x\n')])), store);
    expect(summary).toMatchObject({ status: 'invalid-file', error: { line: 1, message: 'CSV header (line 1) is not valid UTF-8' } });
  });

  it('loads a file whose multi-byte characters straddle the read stream’s chunks (64 KiB), in both formats', async () => {
    // One row per line, each with a 4-byte emoji, and enough rows that chunk boundaries fall inside several.
    const rows = Array.from({ length: 8000 }, (_, i) => ({ service: `s😀€é${i % 7}`, date: `2024-03-${String((i % 28) + 1).padStart(2, '0')}` }));
    const csv = utf8(HEADER + rows.map((r) => `${r.date},${r.service},FR,10,5,1\n`).join(''));
    const nd = utf8(rows.map((r) => json(r.service, r.date)).join(''));
    for (const [name, bytes] of [
      ['d.csv', csv],
      ['d.ndjson', nd],
    ] as const) {
      expect(bytes.length).toBeGreaterThan(3 * 65536);
      expect(await importEvents(file(name, bytes), store)).toMatchObject({ status: 'loaded', loaded: 8000, refused: 0 });
    }
    expect(await services()).toHaveLength(7);
  });
});
