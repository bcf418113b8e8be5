// What a console browser test needs, as test/browser/console.browser.test.ts does it: the console as `bidfields serve`
// answers it (packages/server/dist/console, built by `npm run build`) against the reference server on an ephemeral
// port with the demo data, in headless Chromium under the page's real Content-Security-Policy, with a listener that
// records every CSP violation; pages that record dialogs and page errors; sign-in; and an axe-core scan, run in a
// second context that bypasses the CSP (axe is injected as a script, which the CSP rightly refuses).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { chromiumPath, launchChromium } from './chromium.js';
import { createClient, type ApiClient } from '../../../src/client/index.js';
import { loadConsoleAssets } from '../../../packages/server/src/http/console-assets.js';
import { ADMIN, startTestServer, type TestServer } from '../../server/test-server.js';

const repo = path.resolve(import.meta.dirname, '../../..');
export const consoleDir = path.join(repo, 'packages/server/dist/console');
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Why the console's browser tests cannot run here, or undefined when they can. */
export const consoleMissing = !chromiumPath
  ? 'no Chromium at /usr/bin/chromium'
  : !fs.existsSync(path.join(consoleDir, 'index.html'))
    ? 'packages/server/dist/console not built (npm run build)'
    : undefined;

export interface ConsoleSession {
  server: TestServer;
  api: ApiClient;
  browser: Browser;
  context: BrowserContext;
  /** Dialogs any page opened and errors any page threw. */
  dialogs: string[];
  newPage(): Promise<Page>;
  signIn(page: Page, user?: { email: string; password: string }): Promise<void>;
  cspViolations(page: Page): Promise<string[]>;
  /** Fails the test on any serious or critical axe-core violation of the page `open` shows (in a CSP-bypassing context). */
  scan(name: string, open: (page: Page) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** Starts the server and the browser for the console at `knownEndpoints`. */
export async function startConsoleSession(knownEndpoints: string[]): Promise<ConsoleSession> {
  const server = await startTestServer({ console: await loadConsoleAssets(consoleDir, { knownEndpoints }), knownEndpoints });
  const api = createClient({ baseUrl: server.url, token: await server.token(1) });
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Reported to the test, not to the page.
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    addEventListener('securitypolicyviolation', (event) => w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const dialogs: string[] = [];
  const prepared = (page: Page) => {
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => dialogs.push(`page error: ${error.message}`));
    return page;
  };
  const signIn = async (page: Page, user = ADMIN) => {
    await page.goto(`${server.url}/`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  };
  return {
    server,
    api,
    browser,
    context,
    dialogs,
    newPage: async () => prepared(await context.newPage()),
    signIn,
    cspViolations: (page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
    async scan(name, open) {
      const scanning = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
      try {
        const page = prepared(await scanning.newPage());
        await signIn(page);
        await open(page);
        await page.addScriptTag({ path: axePath });
        const violations = await page.evaluate(async () => {
          type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
          const result = await (window as unknown as { axe: { run(context: Document): Promise<Result> } }).axe.run(document);
          return result.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        });
        expect(violations, name).toEqual([]);
      } finally {
        await scanning.close();
      }
    },
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}
