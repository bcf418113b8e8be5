// `npm run bench:report`: the report engine on 2 million event rows in embedded DuckDB — a year of hourly-ish rows
// for six services in forty countries — grouped by date and country with all five metrics and the totals row,
// the dashboard's heaviest everyday query. Prints the p50 over 30 runs after a warm-up and a PASS/FAIL goal line
// (p50 < 300 ms); it is a benchmark, not a test, so it always exits 0. Runs the TypeScript sources with tsx.
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { openDuckDB } from '../src/reports/duckdb/database.js';
import { createDuckDBReportStore } from '../src/reports/duckdb/store.js';
import { demoEvents } from '../src/reports/demo-data.js';
import { createReportEngine } from '../src/reports/engine.js';
import type { EventRow } from '../src/reports/store.js';

const ROWS = 2_000_000;
const RUNS = 30;
const GOAL_MS = 300;

const db = await openDuckDB(':memory:');
const store = await createDuckDBReportStore(db);
let t = performance.now();
let batch: EventRow[] = [];
let loaded = 0;
for (const row of demoEvents({ splits: 31 })) {
  batch.push(row);
  if (batch.length === 100_000 || loaded + batch.length === ROWS) {
    await store.append(batch);
    loaded += batch.length;
    batch = [];
    if (loaded === ROWS) break;
  }
}
console.log(`loaded ${await store.count()} event rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const engine = createReportEngine(store);
const request = {
  startDate: '2024-01-01',
  endDate: '2024-12-31',
  dimensions: ['date', 'country'],
  metrics: ['requests', 'impression', 'revenue', 'ecpm', 'fillrate'],
  totals: true,
};
const times: number[] = [];
let rows = 0;
for (let i = 0; i < RUNS + 3; i++) {
  t = performance.now();
  const out = await engine.run(request);
  const ms = performance.now() - t;
  if (!out.ok) throw new Error(JSON.stringify(out.issues));
  rows = out.rows.length;
  if (i >= 3) times.push(ms); // the first runs warm DuckDB's caches and V8's JIT
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
console.log(`report by date and country with totals: ${rows} rows (incl. totals), ${RUNS} runs on ${os.cpus().length} CPUs`);
console.log(`  p50 ${pct(0.5).toFixed(1)} ms   p90 ${pct(0.9).toFixed(1)} ms   min ${times[0]!.toFixed(1)} ms   max ${times.at(-1)!.toFixed(1)} ms`);
console.log(`${pct(0.5) < GOAL_MS ? 'PASS' : 'FAIL'} report p50 < ${GOAL_MS} ms on ${ROWS.toLocaleString('en')} rows`);
await db.close();
