// `npm run bench:report`: the report stores side by side on the same event rows — a year of hourly-ish rows for six
// services in forty countries, 2,000,000 by default (BENCH_ROWS=20000000 for twenty million) — loaded into each
// store through `importFile` (what `bidfields data import` does after its check pass), then the dashboard's
// heaviest everyday query, the report by date and country with all five metrics and the totals row, run through
// the report engine. Contestants:
//
//  - DuckDB, embedded, in memory (the default store);
//  - ClickHouse embedded, `chdb:DIR` in a temporary folder: the chdb engine in this process behind its loopback
//    HTTP front, reached by @clickhouse/client — exactly what `--clickhouse chdb:DIR` users get;
//  - a real ClickHouse server when CLICKHOUSE_URL is set (e.g. http://default:@localhost:8123): the rows go into a
//    database of their own (bidfields_bench_…), dropped at the end.
//
// BENCH_STORES=duckdb,chdb,server picks contestants (default: all that are available). Every store must give the
// same answer (rows, order and totals) or the bench stops. The reports run interleaved (one of each store per
// round, order reversed every other round) after a warm-up, and it prints p50/p90 per store, import rows/s per
// store (the store's time only: generating the rows is not counted) and, on 2,000,000 rows, a PASS/FAIL goal line
// per store (p50 < 300 ms). It is a benchmark, not a test, so it exits 0 whatever the times.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDuckDB } from '../packages/server/src/stores/duckdb/database.js';
import { createDuckDBReportStore } from '../packages/server/src/stores/duckdb/report-store.js';
import { loadChdb } from '../packages/server/src/stores/clickhouse/chdb-front.js';
import { openClickHouseStore } from '../packages/server/src/stores/clickhouse/open.js';
import { createClickHouseClient, createClickHouseReportStore } from '../packages/server/src/stores/clickhouse/report-store.js';
import { demoEvents } from '../packages/server/src/reports/demo-data.js';
import { createReportEngine } from '../packages/server/src/reports/engine.js';
import type { EventRow, EventStore } from '../packages/server/src/reports/store.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 2_000_000);
if (!Number.isSafeInteger(ROWS) || ROWS < 1) throw new Error(`BENCH_ROWS must be a positive integer, not ${process.env.BENCH_ROWS}`);
const RUNS = 30;
const WARMUP = 3;
const GOAL_MS = 300;
const GOAL_ROWS = 2_000_000; // the goal's scale; other sizes print no PASS/FAIL
const BATCH = 100_000; // rows per chunk handed to importFile (and ClickHouse's rows per INSERT, its default)
const ROWS_PER_SPLIT = 65_148; // demo rows per split: 366 days × 178 service-country pairs
const wanted = new Set((process.env.BENCH_STORES ?? 'duckdb,chdb,server').split(',').map((s) => s.trim()));

interface Contestant {
  name: string;
  store: EventStore;
  close(): Promise<void>;
  importMs?: number;
  times: number[];
}

/** The first ROWS demo rows in chunks; `spent` adds up the time taken to make them, to leave it out of the store's. */
async function* chunks(spent: { ms: number }): AsyncGenerator<EventRow[]> {
  const rows = demoEvents({ splits: Math.max(31, Math.ceil(ROWS / ROWS_PER_SPLIT)) });
  let made = 0;
  while (made < ROWS) {
    const t = performance.now();
    const chunk: EventRow[] = [];
    // next() by hand: breaking out of a for…of would close the generator.
    while (chunk.length < BATCH && made + chunk.length < ROWS) {
      const next = rows.next();
      if (next.done) throw new Error(`the demo data ran out before ${ROWS} rows`);
      chunk.push(next.value);
    }
    made += chunk.length;
    spent.ms += performance.now() - t;
    yield chunk;
  }
}

const contestants: Contestant[] = [];
const skipped: string[] = [];

if (wanted.has('duckdb')) {
  const db = await openDuckDB(':memory:');
  contestants.push({ name: 'DuckDB', store: await createDuckDBReportStore(db), close: () => db.close(), times: [] });
}
if (wanted.has('chdb')) {
  const chdb = await loadChdb();
  if (typeof chdb === 'string') skipped.push(`ClickHouse (chdb): ${chdb}`);
  else {
    const dir = await mkdtemp(join(os.tmpdir(), 'bidfields-bench-chdb-'));
    const store = await openClickHouseStore(`chdb:${dir}`);
    contestants.push({
      name: 'ClickHouse chdb:DIR',
      store,
      close: async () => (await store.close(), await rm(dir, { recursive: true, force: true })),
      times: [],
    });
  }
}
if (wanted.has('server')) {
  const url = process.env.CLICKHOUSE_URL;
  if (!url) skipped.push('ClickHouse server: CLICKHOUSE_URL is not set (e.g. CLICKHOUSE_URL=http://default:@localhost:8123)');
  else {
    const database = `bidfields_bench_${randomUUID().replaceAll('-', '')}`;
    const admin = createClickHouseClient(url);
    await admin.command({ query: `CREATE DATABASE ${database}` });
    const store = await createClickHouseReportStore(createClickHouseClient(url, { database }));
    contestants.push({
      name: `ClickHouse ${new URL(url).host}`,
      store,
      close: async () => {
        await store.close();
        await admin.command({ query: `DROP DATABASE IF EXISTS ${database}` });
        await admin.close();
      },
      times: [],
    });
  }
}
for (const reason of skipped) console.log(`skipped ${reason}`);
if (contestants.length === 0) throw new Error(`no store to run (BENCH_STORES=${[...wanted].join(',')})`);

try {
  console.log(`loading ${ROWS.toLocaleString('en')} event rows into each store (importFile, chunks of ${BATCH.toLocaleString('en')} rows)`);
  for (const c of contestants) {
    const spent = { ms: 0 };
    const t = performance.now();
    const { loaded } = await c.store.importFile({ hash: `bench-${randomUUID()}`, name: 'bench.csv' }, chunks(spent));
    c.importMs = performance.now() - t - spent.ms;
    if (loaded !== ROWS) throw new Error(`${c.name} loaded ${loaded} rows, not ${ROWS}`);
    console.log(`  ${c.name}: ${(c.importMs / 1000).toFixed(1)} s`);
  }

  const engine = contestants.map((c) => createReportEngine(c.store));
  const request = {
    startDate: '2024-01-01',
    endDate: '2024-12-31',
    dimensions: ['date', 'country'],
    metrics: ['requests', 'impression', 'revenue', 'ecpm', 'fillrate'],
    totals: true,
  };
  let answer: string | undefined;
  let rowsOut = 0;
  for (let round = 0; round < RUNS + WARMUP; round++) {
    const order = contestants.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const t = performance.now();
      const out = await engine[i]!.run(request);
      const ms = performance.now() - t;
      if (!out.ok) throw new Error(`${contestants[i]!.name}: ${JSON.stringify(out.issues)}`);
      if (round < WARMUP) {
        // The first runs warm the engines' caches and V8's JIT; they also check that every store gives one answer.
        const text = JSON.stringify(out);
        answer ??= text;
        if (text !== answer) throw new Error(`${contestants[i]!.name} answers differently from ${contestants[0]!.name}`);
        rowsOut = out.rows.length;
      } else contestants[i]!.times.push(ms);
    }
  }

  const pct = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  const cpu = os.cpus();
  console.log(
    `\nreport by date and country with totals on ${ROWS.toLocaleString('en')} rows: ${rowsOut.toLocaleString('en')} rows out` +
      ` (incl. totals), ${RUNS} runs each, interleaved; ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? '?'}), Node ${process.versions.node}`,
  );
  const table: [string, (c: Contestant) => string][] = [
    ['import rows/s', (c) => Math.round(ROWS / (c.importMs! / 1000)).toLocaleString('en')],
    ['import time', (c) => `${(c.importMs! / 1000).toFixed(1)} s`],
    ['report p50', (c) => `${pct(c.times, 0.5).toFixed(1)} ms`],
    ['report p90', (c) => `${pct(c.times, 0.9).toFixed(1)} ms`],
    ['report min', (c) => `${Math.min(...c.times).toFixed(1)} ms`],
    ['report max', (c) => `${Math.max(...c.times).toFixed(1)} ms`],
  ];
  const width = Math.max(...contestants.map((c) => c.name.length), 12) + 2;
  console.log(`${''.padEnd(15)}${contestants.map((c) => c.name.padStart(width)).join('')}`);
  for (const [label, cell] of table) console.log(`${label.padEnd(15)}${contestants.map((c) => cell(c).padStart(width)).join('')}`);
  if (ROWS !== GOAL_ROWS) console.log(`(the goal, report p50 < ${GOAL_MS} ms, is set for ${GOAL_ROWS.toLocaleString('en')} rows)`);
  else {
    for (const c of contestants) {
      const p50 = pct(c.times, 0.5);
      console.log(`${p50 < GOAL_MS ? 'PASS' : 'FAIL'} ${c.name} report p50 < ${GOAL_MS} ms on ${ROWS.toLocaleString('en')} rows (${p50.toFixed(1)} ms)`);
    }
  }
} finally {
  for (const c of contestants) await c.close().catch((error: unknown) => console.error(`closing ${c.name}: ${String(error)}`));
}
