// The CLI commands of the API: `users add`, `data import` and `serve`, run in-process through the dispatcher
// on a temporary data folder, ending with a sign-in and a report against what they set up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServe } from '../../packages/server/src/cli/serve.js';
import type { CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { post } from './test-server.js';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

let dir: string;
function io(stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIO & { out: string[]; err: string[] } = {
    out,
    err,
    cwd: dir,
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    readStdin: async () => stdin,
  };
  return value;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-cli-'));
});
afterAll(() => removeTempFolder(dir), REMOVAL_MS);

describe('bidfields users add', () => {
  it('adds a user and prints its record without the hash', async () => {
    const c = io();
    const code = await main(
      ['users', 'add', '--data', 'state', '--email', 'Ops@Example.com', '--password', 'long-enough-pw', '--role', 'service', '--account', '9'],
      c,
    );
    expect([code, c.err.join('')]).toEqual([0, '']);
    const record = JSON.parse(c.out.join(''));
    expect(record).toMatchObject({ ID: 1, userID: 1, email: 'ops@example.com', name: 'Ops', accountID: 9, role: 2, status: 1, DeletedAt: null });
    expect(c.out.join('')).not.toMatch(/scrypt|long-enough-pw/);
  });

  it('refuses a password of eight spaces, from standard input too, saying why (exit 2)', async () => {
    const c = io('        \n');
    expect(await main(['users', 'add', '--data', 'state', '--email', 'blank@example.com', '--role', 'admin'], c)).toBe(2);
    expect(c.err.join('')).toContain('the password must not be only white space');
  });

  it('reads the password from standard input when --password is left out', async () => {
    const c = io('from-stdin-pw\n');
    expect(await main(['users', 'add', '--data', 'state', '--email', 'boss@example.com', '--role', 'admin'], c)).toBe(0);
  });

  it('refuses a taken e-mail (exit 1) and bad options (exit 2)', async () => {
    const taken = io();
    expect(await main(['users', 'add', '--data', 'state', '--email', 'ops@example.com', '--password', 'another-pw', '--role', 'admin'], taken)).toBe(1);
    expect(taken.err.join('')).toContain('exists');
    for (const args of [
      ['users', 'add', '--data', 'state', '--email', 'x@example.com', '--password', 'long-enough', '--role', 'root'],
      ['users', 'add', '--data', 'state', '--email', 'not-an-email', '--password', 'long-enough', '--role', 'admin'],
      ['users', 'add', '--data', 'state', '--email', 'x@example.com', '--password', 'short', '--role', 'admin'],
      ['users', 'add', '--data', 'state', '--email', 'x@example.com', '--password', '        ', '--role', 'admin'],
      ['users', 'remove', '--email', 'x@example.com'],
    ]) {
      expect(await main(args, io())).toBe(2);
    }
  });
});

// The user administration that was missing (every change meant editing the database by hand).
describe('bidfields users list | deactivate | activate | role | password | delete', () => {
  const users = (...args: string[]) => ['users', ...args, '--data', 'admin-state'];
  const stored = async (email: string) => {
    const { openUsers } = await import('../../packages/server/src/stores/index.js');
    const opened = await openUsers({ dataDir: path.join(dir, 'admin-state') });
    try {
      return await opened.users.findByEmail(email);
    } finally {
      await opened.close();
    }
  };

  it('changes a user, printing its record (no hash), each change ending its tokens; list shows everyone', async () => {
    expect(await main(users('add', '--email', 'ann@example.com', '--password', 'first-password', '--role', 'admin'), io())).toBe(0);
    expect(await main(users('add', '--email', 'bob@example.com', '--password', 'bob-password', '--role', 'service'), io())).toBe(0);
    const steps: [string[], Record<string, unknown>][] = [
      [['deactivate', '--email', 'ANN@example.com'], { status: 0 }],
      [['activate', '--email', 'ann@example.com'], { status: 1 }],
      [['role', '--email', 'ann@example.com', '--role', 'publisher'], { role: 3 }],
      [['password', '--email', 'ann@example.com', '--password', 'second-password'], { role: 3, status: 1 }],
    ];
    for (const [i, [args, expected]] of steps.entries()) {
      const c = io();
      expect([await main(users(...args), c), c.err.join('')]).toEqual([0, '']);
      expect(JSON.parse(c.out.join(''))).toMatchObject({ email: 'ann@example.com', DeletedAt: null, ...expected });
      expect(c.out.join('')).not.toMatch(/scrypt|password/);
      expect((await stored('ann@example.com'))?.tokenVersion).toBe(i + 1);
    }
    const fromStdin = io('third-password\n');
    expect(await main(users('password', '--email', 'ann@example.com'), fromStdin)).toBe(0);
    const { verifyPassword } = await import('../../packages/server/src/auth/password.js');
    expect(await verifyPassword('third-password', (await stored('ann@example.com'))!.passwordHash)).toBe(true);

    const deleted = io();
    expect(await main(users('delete', '--email', 'bob@example.com'), deleted)).toBe(0);
    expect(JSON.parse(deleted.out.join(''))).toMatchObject({ DeletedAt: expect.stringMatching(/^\d{4}-/) });
    const table = io();
    expect(await main(users('list'), table)).toBe(0);
    const lines = table.out.join('').split('\n');
    expect(lines[0]).toMatch(/^ID +EMAIL +NAME +ROLE +STATUS +ACCOUNT +DELETED$/);
    expect(lines[1]).toMatch(/^1 +ann@example\.com +ann +publisher +active +1$/);
    expect(lines[2]).toMatch(/^2 +bob@example\.com +bob +service +active +1 +\d{4}-\d\d-\d\dT/);
    const json = io();
    expect(await main(users('list', '--json'), json)).toBe(0);
    expect(JSON.parse(json.out.join('')).map((u: { email: string }) => u.email)).toEqual(['ann@example.com', 'bob@example.com']);
    expect(json.out.join('')).not.toMatch(/scrypt|hash/i);
  });

  it('refuses an unknown or deleted user (exit 1, saying why) and options an action does not take (exit 2)', async () => {
    const unknown = io();
    expect(await main(users('deactivate', '--email', 'nobody@example.com'), unknown)).toBe(1);
    expect(unknown.err.join('')).toContain('no user has the e-mail nobody@example.com');
    const gone = io();
    expect(await main(users('activate', '--email', 'bob@example.com'), gone)).toBe(1);
    expect(gone.err.join('')).toContain('the user bob@example.com is deleted');
    for (const args of [
      users('deactivate'),
      users('role', '--email', 'ann@example.com'),
      users('role', '--email', 'ann@example.com', '--role', 'root'),
      users('list', '--email', 'ann@example.com'),
      users('deactivate', '--email', 'ann@example.com', '--role', 'admin'),
      users('password', '--email', 'ann@example.com', '--password', 'short'),
      users('purge', '--email', 'ann@example.com'),
    ]) {
      const c = io();
      expect(await main(args, c), args.join(' ')).toBe(2);
    }
  });
});

describe('bidfields data import', () => {
  it('with --skip-invalid loads the good rows and lists the refused ones with reasons (exit 3)', async () => {
    fs.writeFileSync(
      path.join(dir, 'events.csv'),
      'date,service,country,requests,impression,revenue\n2024-02-01,news,US,1000,800,2.4\n2024-02-01,news,DE,500,250,0.5\n2024-02-30,news,DE,1,1,1\n',
    );
    const c = io();
    expect(await main(['data', 'import', 'events.csv', '--data', 'state', '--skip-invalid'], c)).toBe(3);
    expect(c.out.join('')).toMatch(/^2 rows loaded, 1 refused in \d+\.\d s\n$/);
    expect(c.err.join('')).toContain('line 4: date is not a date YYYY-MM-DD');
    fs.writeFileSync(path.join(dir, 'more.ndjson'), '{"date":"2024-02-02","service":"news","country":"US","requests":10,"impression":5,"revenue":0.01}\n');
    expect(await main(['data', 'import', 'more.ndjson', '--data', 'state'], io())).toBe(0);
  });

  it('says so when the file is missing', async () => {
    const c = io();
    expect(await main(['data', 'import', 'nope.csv', '--data', 'state'], c)).toBe(1);
    expect(c.err.join('')).toContain('no such file: nope.csv');
  });
});

describe('bidfields serve', () => {
  it('serves the data folder, prints the listening line, and stops when told', async () => {
    const c = io();
    let stop!: () => void;
    const done = runServe(['--data', 'state', '--port', '0'], c, new Promise<void>((r) => (stop = r)));
    let url: string | undefined;
    for (let i = 0; i < 100 && !url; i++) {
      await new Promise((r) => setTimeout(r, 20));
      url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(c.out.join(''))?.[1];
    }
    expect(url).toBeDefined();
    const signIn = await post(`${url}/api/signin/`, { email: 'ops@example.com', password: 'long-enough-pw' });
    expect(signIn.status).toBe(200);
    const report = await post(
      `${url}/api/reportv2/`,
      { startDate: '2024-02-01', endDate: '2024-02-02', dimensions: ['country'], metrics: ['requests', 'fillrate'], totals: true },
      { Authorization: signIn.json.token },
    );
    expect(report.json).toEqual([
      { country: 'Total', requests: 1510, fillrate: 1055 / 1510 },
      { country: 'DE', requests: 500, fillrate: 0.5 },
      { country: 'US', requests: 1010, fillrate: 805 / 1010 },
    ]);
    stop();
    expect(await done).toBe(0);
    expect(c.err.join('')).toMatch(/POST \/api\/reportv2\/ 200/);
  }, 20_000);

  it('prints the demo users and the console URL with --demo; --known-endpoint is what adapter saves accept', async () => {
    const c = io();
    let stop!: () => void;
    const done = runServe(
      ['--demo', '--port', '0', '--known-endpoint', 'rtb.example-dsp.com', '--known-endpoint', '*.example-ssp.com'],
      c,
      new Promise<void>((r) => (stop = r)),
    );
    for (let i = 0; i < 200 && !c.out.join('').includes('console:'); i++) await new Promise((r) => setTimeout(r, 20));
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(c.out.join(''))![1]!;
    const { token } = (await post(`${url}/api/signin/`, { email: 'admin@example.com', password: 'demo-admin' })).json;
    const put = (code: string, endpoint: string) =>
      fetch(`${url}/api/adapters/${code}`, {
        method: 'PUT',
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ version: 0, adapter: { protocol: 'rtb', endpoint, fields: [] } }),
      });
    expect([
      (await put('a', 'https://rtb.example-dsp.com/x')).status,
      (await put('b', 'https://pbs.example-ssp.com/x')).status,
      (await put('c', 'https://other.example/x')).status,
    ]).toEqual([201, 201, 400]);
    const page = await fetch(`${url}/`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<meta name="bidfields-known-endpoints" content="rtb.example-dsp.com *.example-ssp.com">');
    stop();
    expect(await done).toBe(0);
    expect(c.out.join('')).toMatch(
      /admin@example\.com \/ demo-admin[\s\S]*listening on (http:\/\/127\.0\.0\.1:\d+)\nconsole: \1\/ \(open it in a browser and sign in\)\n$/,
    );
  }, 30_000);

  it('refuses a bad port (exit 2)', async () => {
    expect(await main(['serve', '--port', 'http'], io())).toBe(2);
  });

  it('--trust-proxy: sign-in failures count per client as the named proxy reports it; a bad list is exit 2', async () => {
    expect(await main(['serve', '--demo', '--trust-proxy', 'everyone'], io())).toBe(2);
    const c = io();
    let stop!: () => void;
    const done = runServe(['--demo', '--port', '0', '--trust-proxy', '127.0.0.1'], c, new Promise<void>((r) => (stop = r)));
    await expect.poll(() => c.out.join(''), { timeout: 30_000 }).toContain('listening on');
    const url = /listening on (\S+)/.exec(c.out.join(''))![1]!;
    const statuses = [];
    // More failures than one address may have (10), each from another client behind the proxy: none is refused.
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await post(`${url}/api/signin/`, { email: `x${i}@example.com`, password: 'wrong-password' }, { 'X-Forwarded-For': `192.0.2.${i}` })).status,
      );
    }
    stop();
    expect(await done).toBe(0);
    expect(statuses).toEqual(Array(11).fill(401));
  }, 60_000);
});
