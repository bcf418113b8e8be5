// A data folder whose users schema was just made (or migrated) opens again after the process was killed before
// any checkpoint (kill -9). Token versions were first an `ALTER TABLE users ADD COLUMN`, which DuckDB replays from
// the WAL by binding the table's defaults; `nextval('user_ids')` cannot be bound then, and the folder would not
// open ("Failure while replaying WAL file"), as test/cli/import-kill.test.ts found. They are a table of their own
// now. The child process waits for nothing: it kills itself once the store is made, so the WAL holds the schema.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDuckDB } from '../../packages/server/src/stores/duckdb/database.js';
import { createDuckDBUserStore } from '../../packages/server/src/stores/duckdb/user-store.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-users-crash-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const src = path.resolve(import.meta.dirname, '../../packages/server/src');

it('a users table made by a process killed before its checkpoint opens again, its changes kept', async () => {
  const file = path.join(dir, 'bidfields.duckdb');
  const script = path.join(dir, 'child.mts');
  fs.writeFileSync(
    script,
    `
    import { openDuckDB } from ${JSON.stringify(path.join(src, 'stores/duckdb/database.ts'))};
    import { createDuckDBUserStore } from ${JSON.stringify(path.join(src, 'stores/duckdb/user-store.ts'))};
    const users = await createDuckDBUserStore(await openDuckDB(${JSON.stringify(file)}));
    await users.add({ email: 'a@example.com', name: 'A', accountID: 1, role: 1, passwordHash: 'h' });
    await users.update('a@example.com', { role: 2 });
    process.kill(process.pid, 'SIGKILL');
  `,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const signal = await new Promise((resolve) => child.once('exit', (_code, sig) => resolve(sig)));
  expect(signal, stderr).toBe('SIGKILL');
  expect(fs.existsSync(`${file}.wal`)).toBe(true);
  const db = await openDuckDB(file);
  try {
    expect(await (await createDuckDBUserStore(db)).findByEmail('a@example.com')).toMatchObject({ role: 2, tokenVersion: 1 });
  } finally {
    await db.close();
  }
}, 60_000);
