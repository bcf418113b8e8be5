// A real PostgreSQL server for a test file: Debian's `postgresql` package (installed by .ci/run), initialised in a
// temporary folder and started on a free local port; stopped and removed after. As root, initdb and pg_ctl run as
// the `postgres` user (PostgreSQL refuses to run as root), else as the current user.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A running server. */
export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  url: string;
  stop(): Promise<void>;
}

/** The folder of PostgreSQL's programs, or why there is none. */
export function findPostgres(): { bin: string } | { missing: string } {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => path.join(root, v, 'bin')).find((b) => fs.existsSync(path.join(b, 'initdb')));
  return bin ? { bin } : { missing: 'PostgreSQL is not installed (apt-get install -y postgresql; .ci/run does)' };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server in a new temporary folder.
 *
 * @example
 * const postgres = await startPostgres()
 * const pool = new pg.Pool({ connectionString: postgres.url })
 */
export async function startPostgres(): Promise<TestPostgres> {
  const found = findPostgres();
  if ('missing' in found) throw new Error(found.missing);
  const root = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-pg-'));
  if (root) {
    fs.chmodSync(dir, 0o755);
    execFileSync('chown', ['postgres:postgres', dir]);
  }
  const run = (program: string, args: string[]) =>
    execFileSync(root ? 'runuser' : path.join(found.bin, program), root ? ['-u', 'postgres', '--', path.join(found.bin, program), ...args] : args, { stdio: 'pipe', cwd: dir });
  const data = path.join(dir, 'data');
  const port = await freePort();
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    run('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off`, '-l', path.join(dir, 'log'), '-w', 'start']);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
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
