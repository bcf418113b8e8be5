// A newcomer's first hour with the demo, end to end: `bidfields serve --demo` (runServe in this process, as `npm start`
// runs it: the demo's data, users, adapter records and known hosts) and the built console (packages/server/dist/console)
// in headless Chromium under the page's real Content-Security-Policy. Signed in as the demo's Admin, the default report
// (the days that hold data, which the form names) has rows, totals equal to the API's and a drawn chart, no empty
// state; each seeded record opens in the editor without an issue and in the preview, whose form makes requests; a new
// adapter form shows no issue until an input is touched, then that input's, and every one on Save. Screenshots of the
// four pages a person sees first go to test/browser/.build/demo-screenshots/. Waits are on the page's own text and
// elements, never on elapsed time.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient, type ReportRequest } from '../../src/client/index.js';
import type { CliIO } from '../../src/cli/io.js';
import { runServe } from '../../packages/server/src/cli/serve.js';
import { DEMO_ADAPTERS } from '../../packages/server/src/http/demo-adapters.js';
import { DEMO_USERS } from '../../packages/server/src/http/demo.js';
import { formatMetric } from '../../packages/server/src/console/format.js';
import { launchChromium } from './support/chromium.js';
import { consoleMissing } from './support/console-session.js';

const shots = path.join(import.meta.dirname, '.build', 'demo-screenshots');
const ADMIN = DEMO_USERS.find((user) => user.roleName === 'admin')!;
const YEAR = { startDate: '2024-01-01', endDate: '2024-12-31' } as const;

describe.skipIf(consoleMissing !== undefined && !process.env.CI)(
  `the demo in headless Chromium${consoleMissing ? ` (skipped: ${consoleMissing})` : ''}`,
  () => {
    let stop: () => void;
    let served: Promise<number>;
    let url: string;
    let api: ApiClient;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const problems: string[] = [];

    beforeAll(async () => {
      if (consoleMissing) throw new Error(consoleMissing);
      fs.rmSync(shots, { recursive: true, force: true });
      fs.mkdirSync(shots, { recursive: true });
      let printed = '';
      let listening!: (url: string) => void;
      const started = new Promise<string>((resolve) => (listening = resolve));
      const io: CliIO = {
        cwd: process.cwd(),
        stdout: (text) => {
          printed += text;
          const found = /^listening on (\S+)$/m.exec(printed);
          if (found && printed.includes('console: ')) listening(found[1]!);
        },
        stderr: () => {},
        readStdin: async () => '',
      };
      served = runServe(['--demo', '--port', '0'], io, new Promise<void>((resolve) => (stop = resolve)));
      url = await Promise.race([started, served.then((code) => Promise.reject(new Error(`serve --demo exited ${code}:\n${printed}`)))]);
      expect(printed).toContain(`demo adapter records: ${Object.keys(DEMO_ADAPTERS).join(', ')}`);
      api = createClient({ baseUrl: url });
      await api.signIn(ADMIN.email, ADMIN.password);
      browser = await launchChromium();
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(() => {
        const w = window as unknown as { __csp: string[] };
        w.__csp = [];
        addEventListener('securitypolicyviolation', (event) => w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`));
      });
      page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('dialog', (dialog) => void (problems.push(`dialog: ${dialog.message()}`), dialog.dismiss()));
      await page.goto(`${url}/`);
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      stop?.();
      await served;
    }, 60_000);

    it('runs the default report: the days that hold data, rows, the API totals and a chart, no empty state', async () => {
      await page.locator('#data-days', { hasText: 'Data on every day from 2024-01-01 to 2024-12-31 (366 days).' }).waitFor();
      expect(await page.getByLabel('Start date').inputValue()).toBe(YEAR.startDate);
      expect(await page.getByLabel('End date').inputValue()).toBe(YEAR.endDate);
      await page.getByRole('button', { name: 'Run report' }).click();
      await page.getByText('Rows 1 to 50, after the totals').waitFor();
      const chart = page.getByRole('img', { name: /^Chart/ });
      await chart.waitFor();
      const painted = await page.locator('[data-testid=chart] canvas').evaluate((canvas: HTMLCanvasElement) => {
        const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let count = 0;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) count++;
        return count;
      });
      expect(painted).toBeGreaterThan(1000);
      // The chart before the table, the totals the API's over the whole year, the first row its first day.
      const chartFirst = await page.evaluate(() => {
        const chartNode = document.querySelector('section[aria-label="Chart"]')!;
        return Boolean(chartNode.compareDocumentPosition(document.querySelector('table.report')!) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      expect(chartFirst).toBe(true);
      const [totals] = await api.report({ ...YEAR, dimensions: ['date'], metrics: ['requests', 'impression', 'revenue'], totals: true } as ReportRequest);
      const cells = await page
        .locator('table.report tbody tr')
        .evaluateAll((rows) => rows.slice(0, 2).map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent)));
      expect(cells).toEqual([
        ['Total', ...(['requests', 'impression', 'revenue'] as const).map((m) => formatMetric(m, (totals as unknown as Record<string, number>)[m]))],
        [YEAR.startDate, expect.any(String), expect.any(String), expect.any(String)],
      ]);
      expect(await page.getByText(/No rows/).count()).toBe(0);
      await page.screenshot({ path: path.join(shots, 'reports-default.png'), fullPage: true });
    }, 90_000);

    it('opens each seeded record in the editor without an issue, and in the preview, whose form makes a request', async () => {
      await page.getByRole('link', { name: 'Bid adapters' }).click();
      for (const code of Object.keys(DEMO_ADAPTERS)) {
        await page.getByRole('link', { name: `Edit ${code}` }).click();
        await page.getByRole('heading', { name: `Adapter ${code} (version 1)` }).waitFor();
        await page.getByText('No issues: the record is valid.').waitFor();
        expect(await page.locator('.issues-at').count()).toBe(0);
        if (code === 'regionalssp') await page.screenshot({ path: path.join(shots, 'editor-seeded.png'), fullPage: true });
      }
      const updated = await page
        .getByRole('row', { name: /exampledsp/ })
        .locator('time')
        .textContent();
      expect(updated).not.toMatch(/T\d\d:/);

      await page.getByRole('link', { name: 'Placement preview' }).click();
      const adapter = page.getByLabel('Adapter');
      await adapter.selectOption('exampledsp');
      await page.getByLabel('Placement (required)').fill('7');
      await page.locator('[data-testid=http-request]', { hasText: 'POST https://rtb.example-dsp.com/bid?seat=42' }).waitFor();
      await adapter.selectOption('examplessp');
      await page.getByLabel('Placement id (required)').fill('top');
      await page.getByLabel('Zone (required)').fill('7');
      await page.locator('[data-testid=http-request]', { hasText: 'POST https://pbs.example-ssp.com/openrtb2/auction' }).waitFor();
      await adapter.selectOption('examplepartner');
      await page.getByLabel('Placement id (required)').fill('top');
      await page.locator('[data-testid=bids-entry]', { hasText: '"placementId": "top"' }).waitFor();
      await page.locator('[data-testid=enriched]').waitFor();
      await adapter.selectOption('regionalssp');
      // Nothing entered: the one-of group and the publisher are said at their inputs, and nothing is sent.
      await page.getByText('Nothing is sent until these are fixed').waitFor();
      await page.getByLabel('Publisher id (required)').fill('pub-1');
      await page.getByLabel('Placement', { exact: true }).fill('top');
      await page.locator('[data-testid=http-request]', { hasText: 'POST https://eu.bid.example-ssp.com/rtb/pub-1' }).waitFor();
      expect(await page.locator('[data-testid=enriched]').first().textContent()).toContain('"tagid": "top"');
      await page.screenshot({ path: path.join(shots, 'preview.png'), fullPage: true });
    }, 90_000);

    it('shows a new adapter form without an issue until an input is touched, that input then, and every one on Save', async () => {
      await page.getByRole('link', { name: 'Bid adapters' }).click();
      await page.getByRole('link', { name: 'New adapter' }).click();
      await page.getByRole('heading', { name: 'New adapter' }).waitFor();
      const issues = page.getByRole('region', { name: 'Issues' });
      await issues.getByText(/3 issues are not shown yet/).waitFor();
      expect(await page.locator('.issues-at').count()).toBe(0);
      expect(await page.locator('[aria-invalid=true]').count()).toBe(0);
      await page.screenshot({ path: path.join(shots, 'editor-new.png'), fullPage: true });

      // Into field 1's name and out again: its row's issues show, worded for a person; the bidder code's not yet.
      await page.getByLabel('Field 1 name', { exact: true }).focus();
      await page.getByLabel('Field 1 key (param)').focus();
      await page.locator('#field-0-name-issues', { hasText: 'must not be empty' }).waitFor();
      expect(await page.locator('#field-0-display-issues').textContent()).toContain('must not be empty');
      expect(await page.locator('#adapter-bidderCode-issues').count()).toBe(0);
      expect(await issues.textContent()).not.toMatch(/must NOT|fewer than/);

      // Save saves nothing while an issue is left, and shows every one.
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('#adapter-bidderCode-issues', { hasText: 'a bidder code is needed' }).waitFor();
      expect(await issues.textContent()).not.toContain('not shown yet');
      expect((await api.adapters.list()).map((a) => a.bidderCode).sort()).toEqual(Object.keys(DEMO_ADAPTERS).sort());
      expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
      expect(problems).toEqual([]);
    }, 90_000);
  },
);
