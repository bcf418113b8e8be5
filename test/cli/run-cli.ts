// Helpers for tests that run the built CLI (dist/cli.js) as a separate process: a big events file, a run with
// its exit code and output, and a look into a data folder (rows and import records) after the process is gone.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openDuckDB } from '../../packages/server/src/stores/duckdb/database.js';
import { DATABASE_FILE } from '../../packages/server/src/stores/index.js';

export const CLI = path.resolve(import.meta.dirname, '../../dist/cli.js');

/** Writes a CSV of `rows` valid event rows (a year of days, 7 services, 8 countries). */
export function writeEventsCsv(file: string, rows: number): void {
  const countries = ['US', 'DE', 'FR', 'JP', 'GB', 'BR', 'IN', 'CA'];
  const lines = ['date,service,country,requests,impression,revenue'];
  for (let i = 0; i < rows; i++) {
    const date = new Date(Date.UTC(2024, 0, 1) + (i % 366) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${date},svc${i % 7},${countries[i % 8]},${1000 + (i % 500)},${i % 900},${((i % 1000) / 100).toFixed(2)}`);
  }
  fs.writeFileSync(file, lines.join('\n') + '\n');
}

/** A finished run of the CLI. */
export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Starts the CLI; `done` settles when the process has exited. */
export function startCli(args: string[], cwd: string): { child: ChildProcess; done: Promise<CliRun> } {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<CliRun>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, ms: performance.now() - started })),
  );
  return { child, done };
}

/** CLI processes started and not exited yet. */
const running = new Set<ChildProcess>();

/**
 * Kills the CLI processes a failed test left running and waits for them to exit, so that no engine still writes in
 * a folder about to be removed.
 *
 * @example
 * afterAll(async () => { await stopLeftoverClis(); await removeTempFolder(dir) }, REMOVAL_MS)
 */
export async function stopLeftoverClis(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGKILL');
        }),
    ),
  );
}

/** How long one awaited event may take on a loaded machine before a test fails with what it saw. */
export const EVENT_LIMIT_MS = 60_000;

/**
 * Resolves `true` once `happened()` holds (checked every 10 ms: a file appears, a part lands), or `false` once
 * `child` has exited without it; rejects with `seen()` past {@link EVENT_LIMIT_MS}.
 */
export async function waitFor(happened: () => boolean, child: ChildProcess, seen: () => string): Promise<boolean> {
  const until = performance.now() + EVENT_LIMIT_MS;
  while (!happened()) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    if (performance.now() > until) throw new Error(`not seen within ${EVENT_LIMIT_MS} ms: ${seen()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/** Runs the CLI to its end. */
export const runCli = (args: string[], cwd: string): Promise<CliRun> => startCli(args, cwd).done;

/** Event rows and import records in a data folder (0 and 0 when it has no database). */
export async function inspectFolder(dataDir: string): Promise<{ rows: number; imports: number }> {
  if (!fs.existsSync(path.join(dataDir, DATABASE_FILE))) return { rows: 0, imports: 0 };
  const db = await openDuckDB(path.join(dataDir, DATABASE_FILE), 1);
  try {
    return await db.withConnection(async (c) => {
      const tables = (await c.runAndReadAll(`SELECT table_name FROM duckdb_tables()`)).getRowsJS().flat();
      const count = async (table: string) => (tables.includes(table) ? Number((await c.runAndReadAll(`SELECT count(*) FROM ${table}`)).getRowsJS()[0]![0]) : 0);
      return { rows: await count('events'), imports: await count('imported_files') };
    });
  } finally {
    await db.close();
  }
}
