// A real PostgreSQL for tests: Debian's server binaries, a cluster made in a temporary folder (owned by
// the postgres user: the server refuses to run as root), listening on a free loopback port only, stopped and removed
// afterwards. `DATABASE_URL` in the environment uses that server instead. Without either, `startPostgres` gives a
// reason to skip with, so a machine without PostgreSQL prints why rather than failing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface TestPostgres {
  url: string;
  stop(): void;
}

/** The folder of Debian's PostgreSQL binaries (the newest installed), if any. */
function binaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  const bin = versions.map((v) => path.join(root, v, 'bin')).find((b) => fs.existsSync(path.join(b, 'pg_ctl')));
  return bin;
}

/**
 * Why the PostgreSQL tests cannot run here, or undefined when they can (a server binary or DATABASE_URL); for
 * `describe.skipIf`, which decides before any `beforeAll` runs.
 */
export function postgresSkipReason(): string | undefined {
  return process.env.DATABASE_URL || binaries() ? undefined : NO_POSTGRES;
}
const NO_POSTGRES = 'no PostgreSQL server here (apt-get install postgresql, as .ci/run does) and no DATABASE_URL';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts a throwaway cluster, or uses `DATABASE_URL`; resolves with its URL, or with the reason there is none.
 *
 * @example
 * const pg = await startPostgres(); if ('skip' in pg) console.warn(pg.skip)
 */
export async function startPostgres(): Promise<TestPostgres | { skip: string }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: () => {} };
  const bin = binaries();
  if (!bin) return { skip: NO_POSTGRES };
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const run = (command: string, args: string[]) =>
    execFileSync(asPostgres[0] ?? command, [...asPostgres.slice(1), ...(asPostgres.length ? [command] : []), ...args], { stdio: 'pipe' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-pg-'));
  if (asPostgres.length) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -h 127.0.0.1 -F`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A pool on a schema of its own in the server at `url` (created now; dropped by `drop`), so that tests sharing a
 * server, a real one included (DATABASE_URL), never see each other's tables.
 */
export async function poolOnNewSchema(url: string): Promise<{ pool: pg.Pool; drop(): Promise<void> }> {
  const schema = `bidfields_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const pool = new pg.Pool({ connectionString: url, max: 5, options: `-c search_path=${schema}` });
  return {
    pool,
    async drop() {
      await pool.end();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
