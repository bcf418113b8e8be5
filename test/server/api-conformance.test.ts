// The HTTP conformance suite: every fixture matches its schema, the suite passes against the reference server,
// on every storage (DuckDB in memory; ClickHouse + PostgreSQL), and it fails (with reasons) against servers that
// break the contract, so its checks can fail at all.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv2020Module from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApiConformance } from '../../src/api-checks/index.js';
import { STORAGE_TARGETS, describeStorages } from '../support/storages.js';
import { ADMIN, PUBLISHER, SERVICE, startTestServer, type TestServer } from './test-server.js';

const fixturesDir = new URL('../../fixtures/api/', import.meta.url);
const files = fs.readdirSync(fixturesDir).filter((f) => f.endsWith('.json'));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

function capture() {
  const out: string[] = [];
  return { out, io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void out.push(t) } };
}

describe('API fixtures', () => {
  const Ajv2020 = Ajv2020Module.default;
  const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
    JSON.parse(fs.readFileSync(new URL('../../schemas/api-fixture.schema.json', import.meta.url), 'utf8')),
  );
  it.each(files)('%s matches schemas/api-fixture.schema.json, with unique check names', (file) => {
    const data = JSON.parse(fs.readFileSync(new URL(file, fixturesDir), 'utf8'));
    expect(validate(data) ? [] : validate.errors).toEqual([]);
    const names = data.checks.map((c: { name: string }) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describeStorages('runApiConformance against the reference server', STORAGE_TARGETS, (target) => {
  let reference: TestServer;
  beforeAll(async () => {
    reference = await startTestServer({ storage: target });
  }, 30_000);
  afterAll(() => reference?.stop());

  it('passes, ending with the count line', async () => {
    const { out, io } = capture();
    const result = await runApiConformance({ api: reference.url, email: ADMIN.email, password: ADMIN.password, publisher: PUBLISHER, io });
    expect(out.join('')).not.toContain('FAIL');
    expect(result).toMatchObject({ failed: 0, skipped: 0 });
    expect(result.passed).toBeGreaterThan(50);
    expect(out.at(-1)).toBe(`${result.passed} passed, 0 failed\n`);
  }, 30_000);

  it('skips the Publisher check, saying why, when no publisher account is given', async () => {
    const { out, io } = capture();
    const result = await runApiConformance({ api: reference.url, email: ADMIN.email, password: ADMIN.password, io });
    expect(result).toMatchObject({ failed: 0, skipped: 1 });
    expect(out.join('')).toContain('skip auth.json › a Publisher may not read reports (403): no publisher account given');
  }, 30_000);
});

describe('runApiConformance against broken servers', () => {
  it('fails against a server that answers 200 [] to everything', async () => {
    const fake = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]'));
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const { out, io } = capture();
    const result = await runApiConformance({ api: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`, email: 'a@b.c', password: 'x', io });
    fake.close();
    expect(result.failed).toBeGreaterThan(30);
    expect(out.join('')).toMatch(/FAIL signin\.json › valid credentials give a token and the user record\n(\s+.*\n)*?\s+no JWT token in the answer/);
    expect(out.at(-1)).toMatch(/^\d+ passed, \d+ failed\n$/);
  });

  it('catches a report whose pages overlap and whose derived metrics are averages', async () => {
    // A proxy in front of the reference server that drops the tie-break and averages ecpm.
    const proxy = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      let body = Buffer.concat(chunks).toString();
      if (req.url?.startsWith('/api/reportv2')) {
        try {
          const parsed = JSON.parse(body);
          if (typeof parsed.skip === 'string' && parsed.skip !== '0') parsed.skip = String(Number(parsed.skip) - 1);
          body = JSON.stringify(parsed);
        } catch {
          /* pass through */
        }
      }
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type']) if (req.headers[name]) headers[name] = req.headers[name] as string;
      const upstream = await fetch(server.url + req.url, { method: req.method, headers, body: req.method === 'GET' ? undefined : body });
      let text = await upstream.text();
      if (upstream.headers.get('content-type')?.startsWith('application/json') && text.startsWith('[')) {
        text = JSON.stringify((JSON.parse(text) as Record<string, unknown>[]).map((r) => ('ecpm' in r ? { ...r, ecpm: (r.ecpm as number) + 0.5 } : r)));
      }
      res.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'text/plain' }).end(text);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const { out, io } = capture();
    await runApiConformance({ api: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, email: SERVICE.email, password: SERVICE.password, io });
    proxy.close();
    const text = out.join('');
    expect(text).toMatch(/ecpm .* ≠ revenue \/ impression × 1000/);
    expect(text).toContain('the pages laid end to end differ');
  }, 30_000);
});
