// An import killed with SIGKILL at any moment keeps all of the file or none of it (one transaction, DuckDB's
// write-ahead log replays only what committed), and afterwards the same file loads exactly once: the next import
// loads it if nothing was kept (or is refused as a duplicate if all was), and a further one without --force is
// refused (exit 1). The kill moments are events, not guessed delays, so a busy machine moves them with the work:
// at the start (nothing open), once the data folder's lock is taken (the engine open, the file being checked),
// once the load reaches the write-ahead log (rows written, the commit near), and a run left to finish.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, EVENT_LIMIT_MS, inspectFolder, runCli, startCli, stopLeftoverClis, waitFor, writeEventsCsv } from './run-cli.js';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

const ROWS = 60_000;
let dir: string;

/** The size of a file, 0 when it is not there. */
const sizeOf = (file: string) => {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
};

/** The moments, each a condition on the data folder (or none: killed at once; `finish`: not killed). */
const MOMENTS: { name: string; reached?: (folder: string) => boolean; finish?: true }[] = [
  { name: 'at the start' },
  { name: 'once the lock is taken', reached: (folder) => fs.existsSync(path.join(folder, 'bidfields.lock.json')) },
  // The schema takes a few KB of the log; the rows, hundreds.
  { name: 'once rows reach the write-ahead log', reached: (folder) => sizeOf(path.join(folder, 'bidfields.duckdb.wal')) > 64 * 1024 },
  { name: 'left to finish', finish: true },
];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-kill-'));
  writeEventsCsv(path.join(dir, 'events.csv'), ROWS);
});
afterAll(async () => {
  await stopLeftoverClis(); // every engine closed and its files released before the folder goes
  await removeTempFolder(dir);
}, REMOVAL_MS);

describe.skipIf(!fs.existsSync(CLI) && !process.env.CI)('kill -9 during data import (dist)', () => {
  it(
    `keeps all or nothing at ${MOMENTS.length} moments, then loads the file exactly once`,
    async () => {
      const seen = { none: 0, all: 0 };
      for (const [run, moment] of MOMENTS.entries()) {
        const folder = `run${run}`;
        const { child, done } = startCli(['data', 'import', 'events.csv', '--data', folder], dir);
        let reached = true;
        if (moment.reached)
          reached = await waitFor(
            () => moment.reached!(path.join(dir, folder)),
            child,
            () => fs.readdirSync(path.join(dir, folder)).join(', '),
          );
        if (!moment.finish) child.kill('SIGKILL');
        const killed = await done;
        const kept = await inspectFolder(path.join(dir, folder));
        const label = `${moment.name}${reached ? '' : ' (it finished first)'}: ${JSON.stringify(kept)} ${killed.signal ?? killed.code}`;
        expect(
          [
            { rows: 0, imports: 0 },
            { rows: ROWS, imports: 1 },
          ],
          label,
        ).toContainEqual(kept);
        if (killed.signal === null) expect(killed.code, `${label}\n${killed.stderr}`).toBe(0); // it finished before the kill
        seen[kept.rows === 0 ? 'none' : 'all']++;
        if (process.env.BIDFIELDS_TEST_VERBOSE) console.log(label);

        const again = await runCli(['data', 'import', 'events.csv', '--data', folder], dir);
        expect(again.code, `${label}\n${again.stderr}`).toBe(kept.rows === 0 ? 0 : 1);
        expect(await inspectFolder(path.join(dir, folder)), label).toEqual({ rows: ROWS, imports: 1 });
        if (run === 0 || moment.finish) {
          const third = await runCli(['data', 'import', 'events.csv', '--data', folder], dir);
          expect(third.code, label).toBe(1);
          expect(third.stderr).toMatch(/nothing loaded: already imported at \d{4}-\d\d-\d\dT/);
          expect(third.stdout).toMatch(/^0 rows loaded, 0 refused in \d+\.\d s\n$/);
          expect(await inspectFolder(path.join(dir, folder)), label).toEqual({ rows: ROWS, imports: 1 });
        }
      }
      // Killed at the start, nothing was kept; left to finish, everything was.
      expect(seen.none).toBeGreaterThan(0);
      expect(seen.all).toBeGreaterThan(0);
    },
    MOMENTS.length * 4 * EVENT_LIMIT_MS,
  );
});
