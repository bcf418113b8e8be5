// The two products as npm users get them: both packages packed as they would be published (scripts/pack.mjs),
// each installed in an empty project. The library alone: at most 5 packages and 8 MB, no native binary, no
// EBADENGINE warning, and its compile, enrich, Prebid page runtime and CLI (validate, enrich, prebid-adapter) work
// there. Then the server package beside it, which brings the databases and serves the demo (`bidfields serve`, run
// through the library's CLI, and `bidfields-server`). npm fetches the dependencies from its cache or the registry.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

const root = path.resolve(import.meta.dirname, '../..');
const built = ['dist/index.js', 'dist/cli.js', 'packages/server/dist/cli.js'].every((file) => fs.existsSync(path.join(root, file)));
const MAX_PACKAGES = 5;
const MAX_BYTES = 8 * 1024 * 1024;

/** Packages and bytes under node_modules, and any native addon (`.node` file) among them. */
function inventory(modules: string) {
  const packages: string[] = [];
  for (const name of fs.readdirSync(modules)) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) packages.push(...fs.readdirSync(path.join(modules, name)).map((inner) => `${name}/${inner}`));
    else packages.push(name);
  }
  let bytes = 0;
  const native: string[] = [];
  for (const entry of fs.readdirSync(modules, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    bytes += fs.statSync(file).size;
    if (entry.name.endsWith('.node')) native.push(path.relative(modules, file));
  }
  return { packages: packages.sort(), bytes, native };
}

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
/** npm's whole output (its warnings go to stderr). */
function npmInstall(cwd: string, ...tarballs: string[]): string {
  const result = spawnSyncText('npm', ['install', '--no-audit', '--no-fund', ...tarballs], cwd);
  if (result.status !== 0) throw new Error(`npm install failed: ${result.output}`);
  return result.output;
}
function spawnSyncText(command: string, args: string[], cwd: string, input?: string) {
  try {
    const stdout = execFileSync(command, args, { cwd, encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'] });
    return { status: 0, stdout, output: stdout };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { status: e.status, stdout: e.stdout, output: `${e.stdout}${e.stderr}` };
  }
}

describe.skipIf(!built && !process.env.CI)('the packed packages in an empty project', { timeout: 300_000 }, () => {
  let dir: string;
  let tarballs: { library: string; server: string };
  let libraryInstall: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-packed-'));
    tarballs = JSON.parse(
      execFileSync(process.execPath, [path.join(root, 'scripts/pack.mjs'), path.join(dir, 'packs')], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .at(-1)!,
    );
    fs.mkdirSync(path.join(dir, 'app'));
    fs.writeFileSync(path.join(dir, 'app/package.json'), '{ "name": "bidder-service", "private": true, "type": "module" }\n');
    libraryInstall = npmInstall(path.join(dir, 'app'), tarballs.library);
  }, 300_000);
  afterAll(() => dir && removeTempFolder(dir), REMOVAL_MS);

  it(`the library installs alone: at most ${MAX_PACKAGES} packages and ${MAX_BYTES / 1024 / 1024} MB, no native binary, no EBADENGINE`, () => {
    const { packages, bytes, native } = inventory(path.join(dir, 'app/node_modules'));
    console.log(`library install: ${packages.length} packages (${packages.join(', ')}), ${(bytes / 1024 / 1024).toFixed(2)} MB`);
    expect(packages).toContain('bidfields');
    expect(packages.length).toBeLessThanOrEqual(MAX_PACKAGES);
    expect(bytes).toBeLessThanOrEqual(MAX_BYTES);
    expect(native).toEqual([]);
    expect(libraryInstall).not.toContain('EBADENGINE');
    for (const engine of ['fastify', '@duckdb/node-api', 'pg', '@clickhouse/client']) expect(packages).not.toContain(engine);
  });

  it('compiles a record, enriches a request and runs the Prebid page runtime there', () => {
    const script = `
      import { compile } from 'bidfields';
      import * as runtime from 'bidfields/prebid-runtime';
      const adapter = compile({ protocol: 'prebid-server', fields: [{ name: 'prd.impTagId', type: 'text', display: 'Placement', required: true }, { name: 'zoneId', type: 'number', display: 'Zone', integer: true }] });
      const before = { id: 'r1', imp: [{ id: '1', banner: { w: 300, h: 250 } }], site: { page: 'https://example.com/' } };
      const { request } = adapter.enrich(before, { 'prd.impTagId': 'top', zoneId: 7 });
      console.log(JSON.stringify({ tagid: request.imp[0].tagid, zone: request.imp[0].ext.zoneId, untouched: before.imp[0].tagid === undefined, runtime: Object.keys(runtime).sort() }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.join(dir, 'app'), encoding: 'utf8' }));
    expect(out).toMatchObject({ tagid: 'top', zone: 7, untouched: true });
    expect(out.runtime).toContain('registerOnPage');
  });

  it('runs the CLI there: validate, enrich and prebid-adapter', () => {
    const app = path.join(dir, 'app');
    const bin = path.join(app, 'node_modules/.bin/bidfields');
    fs.copyFileSync(path.join(root, 'examples/rtb-adapter.json'), path.join(app, 'rtb-adapter.json'));
    fs.copyFileSync(path.join(root, 'examples/rtb-values.json'), path.join(app, 'rtb-values.json'));
    fs.copyFileSync(path.join(root, 'examples/prebid-js-adapter.json'), path.join(app, 'prebid-js-adapter.json'));
    const known = ['--known-endpoint', 'rtb.example-dsp.com'];
    expect(spawnSyncText(bin, ['validate', 'rtb-adapter.json', ...known], app)).toMatchObject({ status: 0 });
    const request = fs.readFileSync(path.join(root, 'fixtures/requests/iab26-app-mobile-banner.json'), 'utf8');
    const enriched = spawnSyncText(bin, ['enrich', '--adapter', 'rtb-adapter.json', '--values', 'rtb-values.json', ...known], app, request);
    expect(enriched.status).toBe(0);
    expect(JSON.parse(enriched.stdout)).toHaveProperty('imp');
    const generated = spawnSyncText(
      bin,
      ['prebid-adapter', '--adapter', 'prebid-js-adapter.json', '--known-endpoint', 'bid.example-ssp.com', '--out', 'modules'],
      app,
    );
    expect(generated.status).toBe(0);
    expect(fs.readdirSync(path.join(app, 'modules')).some((file) => file.endsWith('BidAdapter.js'))).toBe(true);
    // Without the server package, its commands say where they come from.
    const serve = spawnSyncText(bin, ['serve', '--demo'], app);
    expect(serve.status).toBe(2);
    expect(serve.output).toContain('npm install @bidfields/server');
  });

  it('the server package, installed beside it, serves the demo', async () => {
    const app = path.join(dir, 'app');
    npmInstall(app, tarballs.library, tarballs.server);
    for (const program of [
      ['bidfields', 'serve'],
      ['bidfields-server', 'serve'],
    ]) {
      const child = spawn(path.join(app, 'node_modules/.bin', program[0]!), [program[1]!, '--demo', '--port', '0', '--host', '127.0.0.1'], {
        cwd: app,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk;
            const listening = /listening on (http:\/\/\S+)/.exec(out);
            if (listening) resolve(listening[1]!);
          });
          child.stderr.on('data', (chunk: Buffer) => (out += chunk));
          child.on('exit', (code) => reject(new Error(`${program.join(' ')} exited ${code}: ${out}`)));
        });
        expect((await fetch(`${url}/`)).status).toBe(200);
        const signin = await fetch(`${url}/api/signin/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'admin@example.com', password: 'demo-admin' }),
        });
        expect(signin.status).toBe(200);
        const { token } = (await signin.json()) as { token: string };
        const report = await fetch(`${url}/api/reportv2/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ startDate: '2024-03-01', endDate: '2024-03-31', dimensions: ['country'], metrics: ['requests'] }),
        });
        expect(report.status).toBe(200);
        expect(((await report.json()) as unknown[]).length).toBeGreaterThan(0);
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  });
});
