// `npm run load:stop`: stops `bidfields serve` under a burst of new connections, as a deploy behind a load balancer
// does. Builds a data folder of STOP_ROWS event rows (default 2,000,000) once, then per run: starts `serve
// --grace-ms 60000`, sends STOP_CLIENTS (default 250) year-long reports by date and country with Node's fetch, each
// on a connection of its own (none opened beforehand), sends SIGTERM STOP_AFTER_MS (default 300) later, and counts
// the answers: 200, 503 and network errors (a reset is ECONNRESET). A measurement, not a test: it always exits 0.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROWS = Number(process.env.STOP_ROWS ?? 2_000_000);
const CLIENTS = Number(process.env.STOP_CLIENTS ?? 250);
const AFTER_MS = Number(process.env.STOP_AFTER_MS ?? 300);
const RUNS = Number(process.env.STOP_RUNS ?? 3);
const cli = path.resolve(import.meta.dirname, '../dist/cli.js');
const dir = process.env.STOP_DIR ?? path.join(os.tmpdir(), `bidfields-stop-${ROWS}`);
const secret = 'stop-benchmark-secret-0123456789abcdef';
const user = { email: 'ops@example.com', password: 'pass-word-1' };

if (!fs.existsSync(path.join(dir, 'ready'))) {
  fs.mkdirSync(dir, { recursive: true });
  const countries = ['US', 'DE', 'FR', 'JP', 'GB', 'BR', 'IN', 'CA', 'ES', 'IT'];
  const file = path.join(dir, 'events.csv');
  const out = fs.createWriteStream(file);
  out.write('date,service,country,requests,impression,revenue\n');
  for (let i = 0; i < ROWS; i++) {
    const date = new Date(Date.UTC(2024, 0, 1) + (i % 366) * 86_400_000).toISOString().slice(0, 10);
    if (!out.write(`${date},svc${i % 7},${countries[i % 10]},${1000 + (i % 500)},${i % 900},${((i % 1000) / 100).toFixed(2)}\n`)) {
      await new Promise((resolve) => out.once('drain', resolve));
    }
  }
  await new Promise((resolve) => out.end(resolve));
  for (const args of [
    ['data', 'import', file, '--data', path.join(dir, 'data')],
    ['users', 'add', '--role', 'admin', '--email', user.email, '--password', user.password, '--data', path.join(dir, 'data')],
  ]) {
    const run = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`${args.join(' ')} failed`);
  }
  fs.rmSync(file);
  fs.writeFileSync(path.join(dir, 'ready'), '');
}

const body = JSON.stringify({
  startDate: '2024-01-01',
  endDate: '2024-12-31',
  dimensions: ['date', 'country'],
  metrics: ['requests', 'impression', 'revenue', 'ecpm', 'fillrate'],
  totals: true,
});
console.log(`stop under load: ${ROWS} rows, ${CLIENTS} reports on new connections, SIGTERM after ${AFTER_MS} ms, grace 60000 ms`);
console.log('| run | 200 | 503 | reset | other errors | exit | stop took |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (let run = 0; run < RUNS; run++) {
  const child = spawn(process.execPath, [cli, 'serve', '--data', path.join(dir, 'data'), '--port', '0', '--grace-ms', '60000'], {
    env: { ...process.env, BIDFIELDS_JWT_SECRET: secret },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise((resolve) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = /listening on (\S+)/.exec(out);
      if (found) resolve(found[1]);
    });
  });
  // The token comes from another process, so this one's fetch has no connection open beforehand.
  const signIn = spawnSync(process.execPath, [
    '-e',
    `fetch(${JSON.stringify(`${url}/api/signin/`)}, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: ${JSON.stringify(JSON.stringify(user))} }).then((r) => r.json()).then((j) => console.log(j.token))`,
  ]);
  const token = signIn.stdout.toString().trim();
  const counts = { 200: 0, 503: 0, reset: 0, other: 0 };
  const answers = Array.from({ length: CLIENTS }, () =>
    fetch(`${url}/api/reportv2/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status === 200 || response.status === 503) counts[response.status]++;
        else counts.other++;
      })
      .catch((error) => (error.cause?.code === 'ECONNRESET' ? counts.reset++ : counts.other++)),
  );
  await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
  const signalled = performance.now();
  child.kill('SIGTERM');
  const [code] = await Promise.all([exited, Promise.all(answers)]);
  console.log(`| ${run} | ${counts[200]} | ${counts[503]} | ${counts.reset} | ${counts.other} | ${code} | ${Math.round(performance.now() - signalled)} ms |`);
}
