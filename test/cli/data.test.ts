// `bidfields data import` and `data delete` as an operator runs them: exit codes for each outcome, a
// summary line that ends every import, refused rows listed with --skip-invalid, a missing file that creates
// nothing, Ctrl-C that keeps nothing (exit 130), and a held data folder whose message names the holder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { LOCK_NOTE_FILE, readLockNote } from '../../packages/server/src/stores/lock-note.js';
import { CLI, inspectFolder, startCli, writeEventsCsv } from './run-cli.js';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

let dir: string;
const write = (name: string, text: string) => (fs.writeFileSync(path.join(dir, name), text), name);
function io(): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, cwd: dir, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => '' };
}
const run = async (...args: string[]) => {
  const c = io();
  const code = await main(args, c);
  return { code, out: c.out.join(''), err: c.err.join('') };
};
const SUMMARY = /^(\d+) rows loaded, (\d+) refused in \d+\.\d s\n$/;
const HEADER = 'date,service,country,requests,impression,revenue\n';

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-data-'));
  write('mixed.csv', `${HEADER}2024-02-01,news,US,1000,800,2.4\n2024-02-01,news,DE,500,250,0.5\n2024-02-30,news,DE,1,1,1\nx,news,DE,1,1,1\n`);
  write('good.ndjson', '{"date":"2024-02-02","service":"news","country":"US","requests":10,"impression":5,"revenue":0.01}\n');
});
afterAll(() => removeTempFolder(dir), REMOVAL_MS);

describe('bidfields data import', () => {
  it('a missing file creates no folder and no database (exit 1, with the summary line)', async () => {
    const r = await run('data', 'import', 'nope.csv', '--data', 'fresh');
    expect(r.code).toBe(1);
    expect(r.err).toContain('no such file: nope.csv');
    expect(r.out).toMatch(SUMMARY);
    expect(fs.existsSync(path.join(dir, 'fresh'))).toBe(false);
  });

  it('keeps nothing of a file with refused rows (exit 1), lists them, and suggests --skip-invalid', async () => {
    const r = await run('data', 'import', 'mixed.csv', '--data', 'a');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^0 rows loaded, 2 refused in/);
    expect(r.err).toContain('line 4: date is not a date YYYY-MM-DD');
    expect(r.err).toContain('line 5: date is not a date YYYY-MM-DD');
    expect(r.err).toContain('nothing loaded: 2 rows refused (fix them, or load the other 2 with --skip-invalid)');
    expect(await inspectFolder(path.join(dir, 'a'))).toEqual({ rows: 0, imports: 0 });
  });

  it('says "no row is valid" when every row is refused (exit 1), as it always has', async () => {
    write('none-valid.csv', `${HEADER}2024-02-30,news,DE,1,1,1\nx,news,DE,1,1,1\n`);
    const r = await run('data', 'import', 'none-valid.csv', '--data', 'a');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^0 rows loaded, 2 refused in/);
    expect(r.err).toMatch(/\nbidfields data: nothing loaded: no row is valid\n$/);
  });

  it('with --skip-invalid lists each refused row and loads the rest (exit 3); the same content again is refused (exit 1) unless --force', async () => {
    const r = await run('data', 'import', 'mixed.csv', '--data', 'b', '--skip-invalid');
    expect(r.code).toBe(3);
    expect(r.out).toMatch(/^2 rows loaded, 2 refused in/);
    expect(r.err).toMatch(/ {2}line 4: date is not a date YYYY-MM-DD\n {2}line 5: date is not a date YYYY-MM-DD\n/);
    expect(r.err).toContain('2 refused rows skipped');
    expect(await inspectFolder(path.join(dir, 'b'))).toEqual({ rows: 2, imports: 1 });
    write('mixed-copy.csv', fs.readFileSync(path.join(dir, 'mixed.csv'), 'utf8'));
    const again = await run('data', 'import', 'mixed-copy.csv', '--data', 'b', '--skip-invalid');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/nothing loaded: already imported at \d{4}-\d\d-\d\dT[\d:.]+Z \(2 rows, as mixed\.csv\); --force loads it again/);
    expect(again.out).toMatch(/^0 rows loaded, 2 refused in/);
    expect((await run('data', 'import', 'mixed-copy.csv', '--data', 'b', '--skip-invalid', '--force')).code).toBe(3);
    expect((await run('data', 'import', 'good.ndjson', '--data', 'b')).code).toBe(0);
    expect(await inspectFolder(path.join(dir, 'b'))).toEqual({ rows: 5, imports: 2 });
  });

  it('keeps nothing of a CSV with a quoting error and names the line (exit 1)', async () => {
    write('quote.csv', `${HEADER}2024-01-01,a,US,1,1,1\n2024-01-01,"b"x,US,1,1,1\n`);
    const r = await run('data', 'import', 'quote.csv', '--data', 'c', '--skip-invalid');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/nothing loaded: CSV error: Invalid Closing Quote: got "x" at line 3/);
    expect(r.out).toMatch(SUMMARY);
    expect(await inspectFolder(path.join(dir, 'c'))).toEqual({ rows: 0, imports: 0 });
  });

  it('refuses usage mistakes with exit 2', async () => {
    expect((await run('data', 'import')).code).toBe(2);
    expect((await run('data', 'import', 'a.csv', '--bogus')).code).toBe(2);
    expect((await run('data', 'export')).code).toBe(2);
  });

  it('never repeats a store URL that does not parse, which may hold a password (usage error, exit 2)', async () => {
    for (const store of [
      ['--clickhouse', 'http://bidfields:s3cret@clickhouse:8123x/db'],
      ['--postgres', 'u:s3cret@db/bidfields'],
      ['--postgres', 'mysql://u:s3cret@db/x'],
    ]) {
      for (const args of [
        ['data', 'import', 'good.ndjson', ...store],
        ['db', 'init', ...store],
        ['users', 'add', '--email', 'a@b.co', '--role', 'admin', '--password', 'long-password', ...store],
      ]) {
        const result = await run(...args);
        expect(result.code, args.join(' ')).toBe(2);
        expect(result.out + result.err).not.toContain('s3cret');
      }
    }
    expect((await run('db', 'init', '--clickhouse', 'http://host:8123', '--cluster', 'bad name')).err).toMatch(/--cluster must be a cluster name/);
  });

  it('writes a lock note while it holds the folder and removes it on close', async () => {
    expect((await run('users', 'add', '--data', 'b', '--email', 'a@example.com', '--password', 'long-enough', '--role', 'admin')).code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'b', LOCK_NOTE_FILE))).toBe(false);
    fs.writeFileSync(path.join(dir, 'b', LOCK_NOTE_FILE), JSON.stringify({ command: 'serve', pid: 2 ** 22 + 1, startedAt: '2026-01-01T00:00:00.000Z' }));
    expect(readLockNote(path.join(dir, 'b'))).toBeUndefined(); // a dead PID: stale
  });
});

describe('bidfields data delete', () => {
  it('removes the rows selected and prints how many', async () => {
    write(
      'd.ndjson',
      ['US', 'FR', 'FR']
        .map((country, i) => JSON.stringify({ date: `2024-03-0${i + 1}`, service: 'news', country, requests: 1, impression: 1, revenue: 1 }))
        .join('\n'),
    );
    expect((await run('data', 'import', 'd.ndjson', '--data', 'd')).code).toBe(0);
    const r = await run('data', 'delete', '--start-date', '2024-03-01', '--end-date', '2024-03-02', '--country', 'FR', '--data', 'd');
    expect(r).toEqual({ code: 0, out: '1 rows deleted\n', err: '' });
    expect((await run('data', 'delete', '--start-date', '2024-03-01', '--end-date', '2024-03-31', '--service', 'news', '--data', 'd')).out).toBe(
      '2 rows deleted\n',
    );
    expect(await inspectFolder(path.join(dir, 'd'))).toEqual({ rows: 0, imports: 1 });
  });

  it.each([
    [['--start-date', '2024-02-30', '--end-date', '2024-03-01'], '--start-date must be a date YYYY-MM-DD'],
    [['--start-date', '2024-03-01'], '--end-date must be a date YYYY-MM-DD'],
    [['--start-date', '2024-03-02', '--end-date', '2024-03-01'], '--start-date must not be after --end-date'],
    [['--start-date', '2024-03-01', '--end-date', '2024-03-01', '--country', 'fr'], '--country: country must be an ISO 3166-1 alpha-2 code in upper case'],
    [['--start-date', '2024-03-01', '--end-date', '2024-03-01', '--service', ''], '--service: service must be 1 to 100 characters'],
  ])('refuses %j (exit 2)', async (args, message) => {
    const r = await run('data', 'delete', ...args, '--data', 'd');
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });

  it('refuses a folder without a database, creating nothing (exit 1)', async () => {
    const r = await run('data', 'delete', '--start-date', '2024-03-01', '--end-date', '2024-03-01', '--data', 'none');
    expect(r.code).toBe(1);
    expect(r.err).toContain('no database in');
    expect(fs.existsSync(path.join(dir, 'none'))).toBe(false);
  });
});

describe.skipIf(!fs.existsSync(CLI) && !process.env.CI)('the built CLI (dist)', () => {
  const waitFor = async (check: () => boolean, what: string) => {
    for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
    if (!check()) throw new Error(`timed out waiting for ${what}`);
  };

  it('Ctrl-C during an import keeps nothing and exits 130 with the summary line', async () => {
    writeEventsCsv(path.join(dir, 'big.csv'), 200_000);
    const { child, done } = startCli(['data', 'import', 'big.csv', '--data', 'int'], dir);
    await waitFor(() => fs.existsSync(path.join(dir, 'int', LOCK_NOTE_FILE)), 'the lock note');
    await new Promise((r) => setTimeout(r, 150));
    child.kill('SIGINT');
    const r = await done;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout).toMatch(/^0 rows loaded, 0 refused in \d+\.\d s\n$/);
    expect(r.stderr).toContain('nothing loaded: interrupted');
    expect(await inspectFolder(path.join(dir, 'int'))).toEqual({ rows: 0, imports: 0 });
    expect(fs.existsSync(path.join(dir, 'int', LOCK_NOTE_FILE))).toBe(false);
  }, 30_000);

  it('names the holder of a busy folder and suggests --server to an import', async () => {
    const server = startCli(['serve', '--data', 'b', '--port', '0'], dir);
    try {
      let out = '';
      server.child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      await waitFor(() => out.includes('listening on'), 'the server');
      const r = await run('data', 'import', 'good.ndjson', '--data', 'b');
      expect(r.code).toBe(1);
      expect(r.err).toMatch(
        new RegExp(
          `in use by \`bidfields serve\` \\(PID ${server.child.pid}, since [\\dT:.Z-]+\\); to load into a running server, use \`bidfields data import FILE --server URL\``,
        ),
      );
      expect(r.out).toMatch(SUMMARY);
      const users = await run('users', 'add', '--data', 'b', '--email', 'b@example.com', '--password', 'long-enough', '--role', 'admin');
      expect(users.err).toMatch(/in use by `bidfields serve` \(PID \d+/);
      expect(users.err).not.toContain('--server');
      const change = await run('users', 'deactivate', '--data', 'b', '--email', 'b@example.com');
      expect(change.code).toBe(1);
      expect(change.err).toMatch(/in use by `bidfields serve` \(PID \d+.*; stop the server to change its users \(keep users in PostgreSQL, --postgres/);
    } finally {
      server.child.kill('SIGTERM');
      await server.done;
    }
  }, 30_000);
});
