// `npm run load:report`: a bounded load run (autocannon, 5 s per level) at 10, 50 and 250 connections against the
// reference server on loopback, serving the demo data set (65,148 rows, all of 2024): a dashboard's report — a
// month by date and country with totals, ordered by revenue, first 50 rows — with a token from a real sign-in.
// Prints p50/p99 latency, requests per second and errors per level, then a Markdown table for docs/performance.md;
// a benchmark, not a test: it always exits 0. Runs the TypeScript sources with tsx.
// LOAD_SECONDS and LOAD_CONNECTIONS (comma-separated) change the duration and the levels.
import autocannon from 'autocannon';
import { DEMO_USERS, seedDemo } from '../packages/server/src/http/demo.js';
import { createServices } from '../packages/server/src/http/services.js';
import { startServer } from '../packages/server/src/http/start.js';
import { openStorage } from '../packages/server/src/stores/index.js';

const DURATION_S = Number(process.env.LOAD_SECONDS ?? 5);
const LEVELS = (process.env.LOAD_CONNECTIONS ?? '10,50,250').split(',').map(Number);

const storage = await openStorage({ memory: true });
const { rows } = await seedDemo(storage);
const running = await startServer(createServices(storage), { port: 0 });
const admin = DEMO_USERS[0]!;
const signIn = await fetch(`${running.url}/api/signin/`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: admin.email, password: admin.password }),
});
const { token } = (await signIn.json()) as { token: string };
const body = JSON.stringify({
  startDate: '2024-11-01',
  endDate: '2024-11-30',
  dimensions: ['date', 'country'],
  metrics: ['requests', 'impression', 'revenue', 'ecpm', 'fillrate'],
  order: 'revenue DESC',
  limit: '50',
  totals: true,
});

console.log(`load: ${DURATION_S} s per level, POST /api/reportv2/ on ${rows} demo event rows`);
const table: string[] = ['| connections | p50 | p99 | requests/s | errors | timeouts | non-2xx |', '|---:|---:|---:|---:|---:|---:|---:|'];
let clean = true;
for (const connections of LEVELS) {
  const result = await autocannon({
    url: `${running.url}/api/reportv2/`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body,
    connections,
    duration: DURATION_S,
    timeout: 30,
  });
  const rps = result.requests.average;
  console.log(
    `${String(connections).padStart(4)} connections: p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   ${rps.toFixed(0)} req/s   ` +
      `(${result.requests.total} requests)   errors ${result.errors}   timeouts ${result.timeouts}   non-2xx ${result.non2xx}`,
  );
  table.push(
    `| ${connections} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${rps.toFixed(0)} | ${result.errors} | ${result.timeouts} | ${result.non2xx} |`,
  );
  clean &&= result.errors === 0 && result.timeouts === 0 && result.non2xx === 0;
}
console.log(`\n${table.join('\n')}\n`);
console.log(`${clean ? 'PASS' : 'FAIL'} no errors under load`);
await running.close();
await storage.close();
