// Issue 13, through the built CLI on real engines: the embedded ClickHouse engine (chdb:DIR) and a throwaway
// PostgreSQL. A file with one bad row keeps nothing in either store; a ClickHouse import killed with SIGKILL at
// several moments keeps the batches it sent, and run again counts every row exactly once (the same deduplication
// tokens), a third run being refused as already imported; Ctrl-C says how many rows stay and how to complete them;
// and `db init`, `users add`, `data import` and `serve` with --clickhouse chdb:DIR --postgres URL answer reports
// (JSON and CSV) exactly as --data DIR does on the same files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChdb } from '../../packages/server/src/stores/clickhouse/chdb-front.js';
import { postgresSkipReason, startPostgres, type TestPostgres } from '../support/postgres.js';
import { CLI, EVENT_LIMIT_MS, inspectFolder, runCli, startCli, stopLeftoverClis, waitFor, writeEventsCsv } from './run-cli.js';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

const ROWS = 40_000;
const BATCH = '4000';
const chdb = await loadChdb();
const skip = !fs.existsSync(CLI) && !process.env.CI ? 'the CLI is not built (npm run build)' : typeof chdb === 'string' ? chdb : undefined;
if (skip) console.warn(`ClickHouse CLI imports skipped: ${skip}`);

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-ch-cli-'));
  writeEventsCsv(path.join(dir, 'events.csv'), ROWS);
});
afterAll(async () => {
  await stopLeftoverClis(); // every engine closed and its files released before the folder goes
  await removeTempFolder(dir);
}, REMOVAL_MS);

const SERVER = path.resolve(import.meta.dirname, '../../packages/server/dist/index.js');
/** Rows and import records in an embedded engine's folder, read by a process of its own (one engine per process). */
async function inspectChdb(folder: string): Promise<{ rows: number; imports: number }> {
  const script = `import { openClickHouseStore } from ${JSON.stringify(SERVER)};
    const store = await openClickHouseStore(${JSON.stringify(`chdb:${folder}`)});
    const hash = (await import('node:crypto')).createHash('sha256').update((await import('node:fs')).readFileSync(${JSON.stringify(path.join(dir, 'events.csv'))})).digest('hex');
    const record = await store.findImport(hash);
    console.log(JSON.stringify({ rows: await store.count(), imports: record ? 1 : 0 }));
    await store.close();`;
  const { spawn } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (err += c));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err))));
  });
}

/**
 * Committed parts of the events table in an engine's folder (part folders, not tmp_*, whose columns include
 * revenue). The engine creates, renames and merges folders while this walks, so a folder or file that is gone by
 * the time it is read is skipped rather than failing the walk (a recursive readdirSync throws ENOENT there).
 */
function eventParts(folder: string): number {
  let parts = 0;
  const walk = (dir: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // removed or renamed meanwhile
    }
    for (const entry of entries) {
      if (entry.name.startsWith('tmp')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'columns.txt') {
        try {
          if (fs.readFileSync(full, 'utf8').includes('`revenue`')) parts++;
        } catch {
          // merged away meanwhile
        }
      }
    }
  };
  walk(folder);
  return parts;
}

describe.skipIf(skip !== undefined)('data import into ClickHouse (chdb:DIR), through the CLI', () => {
  it('a file with one bad row keeps nothing, in ClickHouse and in the data folder', async () => {
    const lines = fs.readFileSync(path.join(dir, 'events.csv'), 'utf8').split('\n').slice(0, 20_001);
    lines[15_000] = '2024-02-30,svc1,US,1,1,1'; // line 15001 of the file (the header is line 1)
    fs.writeFileSync(path.join(dir, 'bad.csv'), lines.join('\n') + '\n');
    for (const store of [
      ['--clickhouse', 'chdb:bad-ch', '--batch-size', '1000'],
      ['--data', 'bad-folder'],
    ]) {
      const run = await runCli(['data', 'import', 'bad.csv', ...store], dir);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(/line 15001: date is not a date YYYY-MM-DD/);
      expect(run.stderr).toMatch(/nothing loaded: 1 rows refused/);
    }
    expect(await inspectChdb('bad-ch')).toEqual({ rows: 0, imports: 0 });
    expect(await inspectFolder(path.join(dir, 'bad-folder'))).toEqual({ rows: 0, imports: 0 });
  }, 60_000);

  // The moments are events in the engine's folder, so a busy machine moves them with the work: once the engine has
  // its folder (the file being checked, nothing sent), and once a batch has landed (a part of the events table).
  const MOMENTS = [
    { name: 'once the engine has its folder', reached: (folder: string) => fs.existsSync(folder) },
    { name: 'once a batch has landed', reached: (folder: string) => eventParts(folder) > 0 },
  ];

  it(
    `killed with SIGKILL at ${MOMENTS.length} moments and run again, counts every row once`,
    async () => {
      let kept = 0;
      for (const [run, moment] of MOMENTS.entries()) {
        const folder = `kill${run}`;
        const { child, done } = startCli(['data', 'import', 'events.csv', '--clickhouse', `chdb:${folder}`, '--batch-size', BATCH], dir);
        const reached = await waitFor(
          () => moment.reached(path.join(dir, folder)),
          child,
          () => `${moment.name}: not yet`,
        );
        child.kill('SIGKILL');
        const killed = await done;
        const after = await inspectChdb(folder);
        const label = `${moment.name}${reached ? '' : ' (it finished first)'}: ${JSON.stringify(after)} ${killed.signal ?? killed.code}`;
        // A kill that lands after the import record was written (the last step) but before the process exited finds
        // the whole file, recorded: that run finished. Otherwise no record, and only whole batches are kept.
        const finished = after.imports === 1;
        if (finished) expect(after.rows, label).toBe(ROWS);
        else {
          expect(killed.signal, label).toBe('SIGKILL');
          expect(after.rows, label).toBeLessThan(ROWS);
          kept += after.rows;
        }
        const again = await runCli(['data', 'import', 'events.csv', '--clickhouse', `chdb:${folder}`, '--batch-size', BATCH], dir);
        expect(again.code, `${label}\n${again.stderr}`).toBe(finished ? 1 : 0);
        expect(await inspectChdb(folder), label).toEqual({ rows: ROWS, imports: 1 });
        if (run === MOMENTS.length - 1) {
          const third = await runCli(['data', 'import', 'events.csv', '--clickhouse', `chdb:${folder}`, '--batch-size', BATCH], dir);
          expect(third.code).toBe(1);
          expect(third.stderr).toMatch(/nothing loaded: already imported at \d{4}-\d\d-\d\dT/);
          expect(await inspectChdb(folder)).toEqual({ rows: ROWS, imports: 1 });
        }
      }
      // At least one kill (the last run's) landed after some batches were sent, so the re-runs above really deduplicated.
      expect(kept).toBeGreaterThan(0);
    },
    MOMENTS.length * 4 * EVENT_LIMIT_MS,
  );

  it('Ctrl-C: exit 130, says how many rows stay and that running it again completes the file', async () => {
    const { child, done } = startCli(['data', 'import', 'events.csv', '--clickhouse', 'chdb:sigint', '--batch-size', BATCH], dir);
    // Interrupt once the loading pass has sent a batch (a part of the events table in the engine's folder shows it).
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c));
    const partsDir = path.join(dir, 'sigint');
    expect(
      await waitFor(
        () => eventParts(partsDir) > 0,
        child,
        () => stderr,
      ),
      'a batch landed before the import ended',
    ).toBe(true);
    child.kill('SIGINT');
    const run = await done;
    expect(run.code).toBe(130);
    const kept = Number(/^(\d+) rows loaded/.exec(run.stdout)?.[1]);
    expect(kept).toBeGreaterThan(0);
    expect(run.stderr).toMatch(new RegExp(`interrupted; ${kept} rows were kept before the import stopped .*run the same command again to complete it`));
    expect(await inspectChdb('sigint')).toEqual({ rows: kept, imports: 0 });
    const again = await runCli(['data', 'import', 'events.csv', '--clickhouse', 'chdb:sigint', '--batch-size', BATCH], dir);
    expect(again.code, again.stderr).toBe(0);
    expect(await inspectChdb('sigint')).toEqual({ rows: ROWS, imports: 1 });
  }, 120_000);
});

describe.skipIf(skip !== undefined || postgresSkipReason() !== undefined)('db init, users add, data import and serve on chdb:DIR + PostgreSQL', () => {
  let postgres: TestPostgres | { skip: string } = { skip: 'not started' };
  beforeAll(async () => void (postgres = await startPostgres()), 60_000);
  afterAll(() => {
    if (!('skip' in postgres)) postgres.stop();
  });

  it('answer reports exactly as --data DIR does on the same files', async () => {
    const url = (postgres as TestPostgres).url;
    const shared = ['--clickhouse', 'chdb:acc-ch', '--postgres', url];
    const init = await runCli(['db', 'init', ...shared], dir);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toMatch(/table events \(MergeTree\) created/);
    expect(init.stdout).toMatch(/users schema created \(version \d+\)/);
    const again = await runCli(['db', 'init', ...shared], dir);
    expect(again.stdout).toMatch(/table events \(MergeTree\) exists/);
    expect(again.stdout).toMatch(/users schema at version \d+/);

    for (const store of [
      ['--postgres', url],
      ['--data', 'acc-folder'],
    ]) {
      const add = await runCli(['users', 'add', '--email', 'ops@example.com', '--role', 'admin', '--password', 'pass-word-1', ...store], dir);
      expect(add.code, add.stderr).toBe(0);
    }
    for (const [file, rows] of [
      ['events.csv', ROWS],
      ['more.csv', 3000],
    ] as const) {
      if (file === 'more.csv') writeEventsCsv(path.join(dir, file), rows);
      for (const store of [shared.slice(0, 2), ['--data', 'acc-folder']]) {
        const load = await runCli(['data', 'import', file, ...store], dir);
        expect(load.code, load.stderr).toBe(0);
        expect(load.stdout).toMatch(new RegExp(`^${rows} rows loaded`));
      }
    }
    const deleted = await Promise.all(
      [shared.slice(0, 2), ['--data', 'acc-folder']].map((store) =>
        runCli(['data', 'delete', '--start-date', '2024-03-01', '--end-date', '2024-03-03', '--country', 'US', ...store], dir),
      ),
    );
    expect(deleted[0]!.stdout).toBe(deleted[1]!.stdout);
    expect(deleted[0]!.stdout).toMatch(/^[1-9]\d* rows deleted\n$/);

    const servers = [shared, ['--data', 'acc-folder']].map((store) => startCli(['serve', '--port', '0', ...store], dir));
    try {
      const urls = await Promise.all(
        servers.map(
          ({ child }) =>
            new Promise<string>((resolve, reject) => {
              let out = '';
              child.stdout!.on('data', (c: Buffer) => {
                out += c;
                const found = /listening on (http:\/\/\S+)/.exec(out);
                if (found) resolve(found[1]!);
              });
              child.once('exit', () => reject(new Error(`serve exited: ${out}`)));
            }),
        ),
      );
      const answers = await Promise.all(
        urls.map(async (base) => {
          const signIn = await fetch(`${base}/api/signin/`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email: 'ops@example.com', password: 'pass-word-1' }),
          });
          const { token } = (await signIn.json()) as { token: string };
          const report = (body: object) =>
            fetch(`${base}/api/reportv2/`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
              body: JSON.stringify(body),
            });
          const request = {
            startDate: '2024-01-01',
            endDate: '2024-12-31',
            dimensions: ['date', 'country'],
            metrics: ['requests', 'impression', 'revenue', 'ecpm', 'fillrate'],
            order: 'revenue DESC',
            limit: '100',
            skip: '20',
            totals: true,
          };
          const json = await (await report(request)).text();
          const csv = await (await report({ ...request, dimensions: ['service'], order: 'service', limit: undefined, skip: undefined, csv: true })).text();
          return { json, csv };
        }),
      );
      expect(JSON.parse(answers[0]!.json)).toHaveLength(101);
      expect(answers[0]!.json).toBe(answers[1]!.json);
      expect(answers[0]!.csv).toMatch(/^service,/);
      expect(answers[0]!.csv).toBe(answers[1]!.csv);
    } finally {
      for (const { child } of servers) child.kill('SIGTERM');
      const stopped = await Promise.all(servers.map(({ done }) => done));
      for (const s of stopped) expect(s.code, s.stderr).toBe(0);
    }
  }, 180_000);
});
