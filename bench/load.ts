// `npm run load:report`: a bounded load run (autocannon, 5 s, 10 connections) against the reference server on
// loopback, serving the demo data set: a dashboard's report — a month by date and country with totals, ordered by
// revenue, first 50 rows — with a token from a real sign-in. Prints p50/p99 latency, throughput and errors;
// a benchmark, not a test: it always exits 0. Runs the TypeScript sources with tsx.
import autocannon from 'autocannon';
import { DEMO_USERS, seedDemo } from '../src/server/demo.js';
import { createServices } from '../src/server/services.js';
import { startServer } from '../src/server/start.js';
import { openStorage } from '../src/server/storage.js';

const DURATION_S = Number(process.env.LOAD_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 10);

const storage = await openStorage({ memory: true });
const rows = await seedDemo(storage);
const running = await startServer(createServices(storage), { port: 0 });
const admin = DEMO_USERS[0]!;
const signIn = await fetch(`${running.url}/api/signin/`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: admin.email, password: admin.password }),
});
const { token } = (await signIn.json()) as { token: string };
const body = JSON.stringify({
  startDate: '2024-11-01', endDate: '2024-11-30', dimensions: ['date', 'country'],
  metrics: ['requests', 'impression', 'revenue', 'ecpm', 'fillrate'], order: 'revenue DESC', limit: '50', totals: true,
});

console.log(`load: ${DURATION_S} s, ${CONNECTIONS} connections, POST /api/reportv2/ on ${rows} demo event rows`);
const result = await autocannon({
  url: `${running.url}/api/reportv2/`,
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
  body,
  connections: CONNECTIONS,
  duration: DURATION_S,
});
console.log(`  requests ${result.requests.total}   ${result.requests.average.toFixed(0)} req/s`);
console.log(`  latency p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   max ${result.latency.max} ms`);
console.log(`  errors ${result.errors}   timeouts ${result.timeouts}   non-2xx ${result.non2xx}`);
console.log(`${result.errors === 0 && result.non2xx === 0 ? 'PASS' : 'FAIL'} no errors under load`);
await running.close();
await storage.close();
