// On a page whose Content-Security-Policy is `script-src 'self'` (no 'unsafe-eval', no inline script), the
// library bundle (dist/index.js, bundled for the page with rollup as a publisher would) imports without calling
// new Function, and compile + enrich run on the interpreter with no page error: with `codegen: false` without a
// single CSP violation, and by default after one probe of new Function (one 'eval' violation report, caught, then
// the interpreter). The same bundle on a page without that CSP runs generated code, so the test can tell them apart.
// Needs `npm run build` (npm test does it) and /usr/bin/chromium (.ci/run installs it); outside CI a missing one
// skips the suite with the reason, in CI it fails. Artefacts go to test/browser/.build/ (gitignored).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser } from 'playwright-core';
import { chromiumPath, launchChromium } from './support/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePage } from './support/bundle.js';
import { compile, type AdapterRecord } from '../../src/index.js';

const repo = path.resolve(import.meta.dirname, '../..');
const buildDir = path.join(import.meta.dirname, '.build');
const missing = !chromiumPath
  ? 'no Chromium at /usr/bin/chromium'
  : !fs.existsSync(path.join(repo, 'dist/index.js'))
    ? 'dist/ not built (npm run build)'
    : undefined;

const record: AdapterRecord = {
  protocol: 'prebid-server',
  fields: [
    { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', required: true },
    { name: 'prd.appSiteId', param: 'siteId', type: 'text', display: 'Site' },
    { name: 'bidder.zone', param: 'zone', type: 'number', display: 'Zone' },
  ],
  constants: [{ name: 'bidder.source', value: { name: 'bidfields' } }],
};
const request = { id: 'r', site: { id: 'old', page: 'https://news.example' }, imp: [{ id: '1', ext: { gpid: '/1/top' } }, { id: '2' }] };
const values = { placementId: 'top', siteId: 's7', zone: '3' };

/** Runs first: every CSP violation report of the page, in order. */
const LISTEN = `window.__csp = []; addEventListener('securitypolicyviolation', function (e) { window.__csp.push(e.violatedDirective + ' ' + e.blockedURI); });`;

/**
 * The page's script (bundled with dist/index.js): after the import, waits for any report the import caused, then
 * compiles without and with code generation, each followed by a wait for reports, and leaves it all in __result.
 */
const ENTRY = `import { compile } from ${JSON.stringify(path.join(repo, 'dist/index.js'))};
const record = ${JSON.stringify(record)};
const request = ${JSON.stringify(request)};
const values = ${JSON.stringify(values)};
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
async function run() {
  const out = {};
  await settle();
  out.afterImport = window.__csp.slice();
  const interpreter = compile(record, { codegen: false });
  out.interpreter = { engine: interpreter.engine, enriched: interpreter.enrich(request, values).request, imps: interpreter.enrichImps(request, [values, interpreter.bind({ placementId: 'side' })]).request };
  await settle();
  out.afterInterpreter = window.__csp.slice();
  const byDefault = compile(record);
  out.byDefault = { engine: byDefault.engine, enriched: byDefault.enrich(request, values).request, bound: byDefault.bind(values).enrich(request, { allImps: true }).request };
  await settle();
  out.afterDefault = window.__csp.slice();
  window.__result = out;
}
run().catch((error) => { window.__result = { error: String(error && error.stack || error) }; });
`;

interface PageResult {
  error?: string;
  afterImport: string[];
  interpreter: { engine: string; enriched: unknown; imps: unknown };
  afterInterpreter: string[];
  byDefault: { engine: string; enriched: unknown; bound: unknown };
  afterDefault: string[];
}

describe.skipIf(missing !== undefined && !process.env.CI)(
  `the library on a page whose CSP forbids eval, in headless Chromium${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let server: http.Server;
    let origin: string;
    let browser: Browser;

    beforeAll(async () => {
      if (missing) throw new Error(missing);
      fs.mkdirSync(buildDir, { recursive: true });
      const entry = path.join(buildDir, 'csp-entry.js');
      fs.writeFileSync(entry, ENTRY);
      const bundle = path.join(buildDir, 'csp-page.js');
      await bundlePage(entry, bundle);
      const scripts: Record<string, string> = { '/listen.js': LISTEN, '/page.js': fs.readFileSync(bundle, 'utf8') };
      server = http.createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const script = scripts[url.pathname];
        if (script !== undefined) return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
        if (url.pathname !== '/csp' && url.pathname !== '/open') return void res.writeHead(404).end();
        const headers: Record<string, string> = { 'content-type': 'text/html' };
        if (url.pathname === '/csp') headers['content-security-policy'] = "default-src 'none'; script-src 'self'";
        res
          .writeHead(200, headers)
          .end(
            '<!doctype html><html><head><meta charset="utf-8"><title>csp</title><script src="/listen.js"></script></head><body><script src="/page.js"></script></body></html>',
          );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      browser = await launchChromium();
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => server?.close(resolve));
    });

    async function open(pathname: string): Promise<{ result: PageResult; errors: string[] }> {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await page.goto(origin + pathname);
        await page.waitForFunction(() => (window as unknown as { __result?: unknown }).__result, undefined, { timeout: 20_000 });
        return { result: (await page.evaluate(() => (window as unknown as { __result: unknown }).__result)) as PageResult, errors };
      } finally {
        await page.close();
      }
    }

    const interpreted = compile(record, { codegen: false });
    const expected = {
      enriched: interpreted.enrich(request, values).request,
      imps: interpreted.enrichImps(request, [values, interpreted.bind({ placementId: 'side' })]).request,
      bound: interpreted.bind(values).enrich(request, { allImps: true }).request,
    };

    it("with script-src 'self': imports with no eval, compiles and enriches on the interpreter with no page error", async () => {
      const { result, errors } = await open('/csp');
      expect(result.error).toBeUndefined();
      expect(errors).toEqual([]);
      // The import, and a compile with codegen: false, try no new Function at all: no violation report.
      expect(result.afterImport).toEqual([]);
      expect(result.interpreter).toEqual({ engine: 'interpreter', enriched: expected.enriched, imps: expected.imps });
      expect(result.afterInterpreter).toEqual([]);
      // By default compile tries new Function once (one report, the EvalError caught), then keeps the interpreter.
      expect(result.byDefault).toEqual({ engine: 'interpreter', enriched: expected.enriched, bound: expected.bound });
      expect(result.afterDefault).toEqual(['script-src eval']);
    });

    it('without that CSP, the same bundle runs code generated from the plan, with the same results', async () => {
      const { result, errors } = await open('/open');
      expect(result.error).toBeUndefined();
      expect(errors).toEqual([]);
      expect(result.interpreter.engine).toBe('interpreter');
      expect(result.byDefault).toEqual({ engine: 'generated', enriched: expected.enriched, bound: expected.bound });
      expect(result.afterDefault).toEqual([]);
    });
  },
);
