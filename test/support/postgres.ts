// A real PostgreSQL for tests (issue 13): Debian's server binaries, a cluster made in a temporary folder (owned by
// the postgres user: the server refuses to run as root), listening on a free loopback port only, stopped and removed
// afterwards. `DATABASE_URL` in the environment uses that server instead. Without either, `startPostgres` gives a
// reason to skip with, so a machine without PostgreSQL prints why rather than failing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface TestPostgres {
  url: string;
  stop(): void;
}

/** The folder of Debian's PostgreSQL binaries (the newest installed), if any. */
function binaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  const bin = versions.map((v) => path.join(root, v, 'bin')).find((b) => fs.existsSync(path.join(b, 'pg_ctl')));
  return bin;
}

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
  if (!bin) return { skip: 'no PostgreSQL server here (apt-get install postgresql, as .ci/run does) and no DATABASE_URL' };
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
