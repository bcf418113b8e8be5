// End to end: the console as `bidfields serve` answers it (packages/server/dist/console, built by `npm run build`), in
// Debian's headless Chromium driven by playwright-core, against the reference server on an ephemeral port with the
// demo data, plus rows whose names are hostile. Every flow runs under the page's real Content-Security-Policy, and
// a listener fails the test on any CSP violation. The axe-core scans run in a second browser context that
// bypasses the CSP, since axe is injected as a script (playwright's addScriptTag) that the CSP rightly refuses.
// Screenshots of each page go to test/browser/.build/console-screenshots/ (three of them are in docs/, reports.png as
// console-reports.png, preview-per-imp.png as console-preview.png and preview-split.png as console-preview-split.png:
// the README shows the first, docs/console.md all three).
// Needs /usr/bin/chromium (.ci/run installs it); outside CI a missing one or an unbuilt console skips.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath, launchChromium } from './support/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient, type ReportRequest } from '../../src/client/index.js';
import { buildRtbRequests, compile } from '../../src/index.js';
import { CONSOLE_CSP, loadConsoleAssets } from '../../packages/server/src/http/console-assets.js';
import { formatCell } from '../../packages/server/src/console/format.js';
import { changedPaths } from '../../packages/server/src/console/preview/json-lines.js';
import { httpLines } from '../../packages/server/src/console/preview/wire.js';
import { ADMIN, PUBLISHER, SERVICE, startTestServer, type TestServer } from '../server/test-server.js';

const repo = path.resolve(import.meta.dirname, '../..');
const consoleDir = path.join(repo, 'packages/server/dist/console');
const shots = path.join(import.meta.dirname, '.build', 'console-screenshots');
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const missing = !chromiumPath
  ? 'no Chromium at /usr/bin/chromium'
  : !fs.existsSync(path.join(consoleDir, 'index.html'))
    ? 'packages/server/dist/console not built (npm run build)'
    : undefined;

const HOSTILE = '<img src=x onerror=alert(1)>';
const HOSTILE_NAMES = [HOSTILE, `"'><script>alert(2)</script>`, '=HYPERLINK("http://x")'];
// The '*.' entry is what a template's host placeholder needs (docs/spec.md#endpoint-templates), given to the server as --known-endpoint is.
const KNOWN = ['rtb.example-dsp.com', 'pbs.example-ssp.com', '*.bid.example-ssp.com'];
const REPORT = {
  startDate: '2024-12-01',
  endDate: '2024-12-05',
  dimensions: ['date', 'country'],
  metrics: ['requests', 'impression', 'revenue', 'ecpm', 'fillrate'],
  totals: true,
} as const;
const PAGE_SIZE = 7;

type Cells = string[][];

describe.skipIf(missing !== undefined && !process.env.CI)(`the console in headless Chromium${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let api: ApiClient;
  const dialogs: string[] = [];

  beforeAll(async () => {
    if (missing) throw new Error(missing);
    fs.rmSync(shots, { recursive: true, force: true });
    fs.mkdirSync(shots, { recursive: true });
    server = await startTestServer({ console: await loadConsoleAssets(consoleDir, { knownEndpoints: KNOWN }), knownEndpoints: KNOWN });
    await server.storage.events.append(
      HOSTILE_NAMES.map((service, i) => ({ date: '2024-12-02', service, country: 'US', requests: 1000 + i, impression: 500, revenue: 1.5 })),
    );
    api = createClient({ baseUrl: server.url, token: await server.token(1) });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Reported to the test, not to the page: a CSP violation anywhere fails the flows below.
    await context.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      addEventListener('securitypolicyviolation', (event) => w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function newPage(): Promise<Page> {
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => dialogs.push(`page error: ${error.message}`));
    return page;
  }

  async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
    await page.goto(`${server.url}/`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  }

  async function cspViolations(page: Page): Promise<string[]> {
    return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  }

  async function tableCells(page: Page): Promise<{ head: string[]; rows: Cells }> {
    const table = page.locator('table.report');
    await table.waitFor();
    return {
      head: await table.locator('thead th').allTextContents(),
      rows: await table
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent ?? ''))),
    };
  }

  /** The API's rows of a request, formatted as the table shows them. */
  async function expectedCells(request: ReportRequest): Promise<Cells> {
    const rows = (await api.report(request)) as Record<string, unknown>[];
    const columns = [...request.dimensions, ...request.metrics];
    return rows.map((row) => columns.map((column) => formatCell(column, row[column], request.metrics)));
  }

  it('answers / with the CSP, no inline script, and hashed assets cached for good', async () => {
    const response = await fetch(`${server.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(CONSOLE_CSP);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(1);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/assets\/console-[\w-]+\.js"/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style|\sstyle=|\son\w+=/i);
    const asset = /src="(\/assets\/[^"]+)"/.exec(html)![1]!;
    const file = await fetch(server.url + asset);
    expect([file.status, file.headers.get('cache-control'), file.headers.get('content-type')]).toEqual([
      200,
      'public, max-age=31536000, immutable',
      'text/javascript; charset=utf-8',
    ]);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('sign-in errors are said in words: wrong password, then throttled with the wait', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/`);
    await page.screenshot({ path: path.join(shots, 'signin.png') });
    const attempt = async () => {
      await page.getByLabel('Email').fill('locked-out@example.com');
      await page.getByLabel('Password').fill('wrong');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').waitFor();
      const text = await page.getByRole('alert').textContent();
      await page.getByRole('button', { name: 'Sign in' }).and(page.locator(':enabled')).waitFor();
      return text;
    };
    expect(await attempt()).toBe('Wrong e-mail or password.');
    let said = '';
    for (let i = 0; i < 8 && !said.startsWith('Too many'); i++) said = (await attempt()) ?? '';
    expect(said).toMatch(/^Too many failed sign-ins for this e-mail\. Try again in \d+ seconds?\.$/);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.close();
  }, 60_000);

  it('Admin: runs a report from the form; every cell and the totals equal the API JSON; pages forward and back; the URL keeps it', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    expect(await page.locator('header').textContent()).toContain(`${ADMIN.email} (Admin)`);
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual(['bidfields.session']);
    await page.getByLabel('Start date').fill(REPORT.startDate);
    await page.getByLabel('End date').fill(REPORT.endDate);
    for (const name of ['date', 'country', 'requests', 'impression', 'revenue', 'ecpm', 'fillrate'])
      await page.getByRole('checkbox', { name, exact: true }).check();
    await page.getByLabel('Page size').fill(String(PAGE_SIZE));
    await page.getByLabel('Chart metric').selectOption('revenue');
    await page.getByRole('button', { name: 'Run report' }).click();

    const paged = (page: number) => ({ ...REPORT, limit: String(PAGE_SIZE), skip: String(page * PAGE_SIZE) }) as unknown as ReportRequest;
    const first = await tableCells(page);
    expect(first.head).toEqual([...REPORT.dimensions, ...REPORT.metrics]);
    expect(first.rows).toEqual(await expectedCells(paged(0)));
    expect(first.rows[0]!.slice(0, 2)).toEqual(['Total', '']);
    expect(first.rows).toHaveLength(PAGE_SIZE + 1);
    expect(first.rows[0]![4]).toMatch(/^\$[\d,]+\.\d\d$/); // revenue in USD with separators
    expect(first.rows[0]![6]).toMatch(/^\d+\.\d\d%$/); // fill rate in %

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(async () => (await tableCells(page)).rows).toEqual(await expectedCells(paged(1)));
    expect(page.url()).toContain('page=1');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(async () => (await tableCells(page)).rows).toEqual(first.rows);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    // A bookmarked address opens the same report in a new tab (signed in there too: the token is per tab).
    const address = page.url();
    expect(address).toMatch(/startDate=2024-12-01.*endDate=2024-12-05.*dimensions=date%2Ccountry/);
    const other = await newPage();
    await signIn(other, ADMIN);
    await other.goto(address);
    await expect.poll(async () => (await tableCells(other)).rows).toEqual(first.rows);
    await other.close();
    expect(await cspViolations(page)).toEqual([]);
    await page.close();
  }, 90_000);

  it("Download CSV is the API's CSV of the whole report; the chart is drawn and named", async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto(
      `${server.url}/#/reports?startDate=${REPORT.startDate}&endDate=${REPORT.endDate}&dimensions=date,country&metrics=${REPORT.metrics.join(',')}&pageSize=${PAGE_SIZE}&page=0&chart=revenue&run=1`,
    );
    await page.locator('table.report').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = await api.reportCsv(REPORT as unknown as ReportRequest);
    expect(download.suggestedFilename()).toBe(csv.filename);
    expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(csv.text);

    const chart = page.getByRole('img', { name: /^Chart/ });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toBe('Chart of revenue by date, one line for each of the top 5 country values by revenue');
    const painted = await page.locator('[data-testid=chart] canvas').evaluate((canvas: HTMLCanvasElement) => {
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) count++;
      return count;
    });
    expect(painted).toBeGreaterThan(1000);
    const top = (await api.report({
      ...REPORT,
      dimensions: ['country'],
      metrics: ['revenue'],
      order: 'revenue DESC',
      limit: '5',
      totals: false,
    } as unknown as ReportRequest)) as { country: string }[];
    expect(await page.locator('.legend li').allTextContents()).toEqual(top.map((row) => row.country));
    await page.screenshot({ path: path.join(shots, 'reports.png'), fullPage: true });
    expect(await cspViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('hostile names in report rows stay text', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto(
      `${server.url}/#/reports?startDate=2024-12-02&endDate=2024-12-02&dimensions=service&metrics=requests&pageSize=100&page=0&chart=requests&run=1`,
    );
    const { rows } = await tableCells(page);
    for (const name of HOSTILE_NAMES) expect(rows.map((row) => row[0])).toContain(name);
    expect(await page.locator('main img, main script').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await page.close();
  }, 60_000);

  it('Bid adapters: a bad field shows its issue at that input; fixed, saved, reloaded, stored', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.getByRole('link', { name: 'Bid adapters' }).click();
    await page.getByRole('link', { name: 'New adapter' }).click();
    await page.getByLabel('Protocol').selectOption('rtb');
    await page.getByLabel('Bidder code').fill('acme');
    await page.getByLabel('Endpoint').fill('https://rtb.example-dsp.com/bid');
    await page.getByLabel('Field 1 name', { exact: true }).fill('zone');
    await page.getByLabel('Field 1 type', { exact: true }).selectOption('number');
    await page.getByLabel('Field 1 display', { exact: true }).fill(HOSTILE);

    // The RTB prefix rule, from validateAdapter, next to the name input and in the list.
    const at = page.locator('#field-0-name-issues');
    await expect.poll(() => at.textContent()).toContain('rtb_field_without_prefix');
    expect(await page.locator('#field-0-name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#field-0-name').getAttribute('aria-describedby')).toBe('field-0-name-issues');
    expect(await page.getByRole('region', { name: 'Issues' }).textContent()).toContain('/fields/0/name');
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    // An endpoint the server does not know is refused in the page as on the server.
    await page.getByLabel('Endpoint').fill('https://evil.example/bid');
    await expect.poll(() => page.locator('#adapter-endpoint-issues').textContent()).toContain('unknown_endpoint');
    await page.screenshot({ path: path.join(shots, 'adapters.png'), fullPage: true });
    await page.getByLabel('Endpoint').fill('https://rtb.example-dsp.com/bid');

    await page.getByLabel('Field 1 name', { exact: true }).fill('predefinedImpExt.zone');
    await page.getByLabel('Field 1 whole numbers only').check();
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel('Field 2 name', { exact: true }).fill('prd.impTagId');
    await page.getByLabel('Field 2 display', { exact: true }).fill('Tag id');
    await page.getByLabel('Field 2 required').check();
    await page.getByText('No issues: the record is valid.').waitFor();
    expect(await page.locator('.issues-at').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Saved acme, version 1, at /).waitFor();
    // The save moves the address to the stored record; the "Saved" line outlives that move.
    await expect.poll(() => page.url()).toContain('#/adapters?bidder=acme');
    await page.waitForTimeout(200);
    expect(await page.getByText(/^Saved acme, version 1, at /).isVisible()).toBe(true);

    const stored = await api.adapters.get('acme');
    expect(stored).toMatchObject({
      version: 1,
      adapter: {
        protocol: 'rtb',
        bidderCode: 'acme',
        endpoint: 'https://rtb.example-dsp.com/bid',
        fields: [
          { name: 'predefinedImpExt.zone', type: 'number', display: HOSTILE, integer: true },
          { name: 'prd.impTagId', type: 'text', display: 'Tag id', required: true },
        ],
      },
    });
    await page.reload();
    await page.getByLabel('Field 1 name', { exact: true }).waitFor();
    expect(page.url()).toContain('#/adapters?bidder=acme');
    expect(await page.getByLabel('Field 1 name', { exact: true }).inputValue()).toBe('predefinedImpExt.zone');
    expect(await page.getByLabel('Field 1 display', { exact: true }).inputValue()).toBe(HOSTILE);
    expect(await page.getByRole('row', { name: /acme/ }).textContent()).toContain('rtb');
    expect(await cspViolations(page)).toEqual([]);
    await page.close();
  }, 90_000);

  it('Placement preview: the form from formFields, values checked as typed, the enriched request and the HTTP request', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto(`${server.url}/#/preview?bidder=acme`);
    const zone = page.getByLabel(HOSTILE, { exact: true });
    await zone.fill('seven');
    await expect.poll(() => page.locator('#value-0-issues').textContent()).toContain('must be a finite number');
    await zone.fill('7');
    await page.getByLabel('Tag id (required)').fill('top-banner');
    await page.getByLabel('Bid request', { exact: true }).selectOption('iab26-site-simple-banner');
    await page.locator('[data-testid=enriched]').waitFor();
    expect(await page.locator('.issues-at').count()).toBe(0);

    const request = JSON.parse(fs.readFileSync(path.join(repo, 'fixtures/requests/iab26-site-simple-banner.json'), 'utf8'));
    const stored = await api.adapters.get('acme');
    const enriched = compile(stored.adapter, { knownEndpoints: KNOWN }).enrich(request, { 'predefinedImpExt.zone': '7', 'prd.impTagId': 'top-banner' }).request;
    expect(await page.locator('[data-testid=enriched]').textContent()).toBe(JSON.stringify(enriched, null, 2) + '\n');
    const changed = changedPaths(request, enriched);
    expect(changed).toEqual(expect.arrayContaining(['/imp/0/tagid']));
    expect(await page.locator('[data-testid=changed-paths] li').allTextContents()).toEqual(changed);
    const marked = (await page.locator('[data-testid=enriched] mark').allTextContents()).join('');
    expect(marked).toContain('"tagid": "top-banner"');
    expect(marked).toContain('"zone": 7');
    expect(await page.locator('[data-testid=http-request]').textContent()).toBe(
      'POST https://rtb.example-dsp.com/bid\ncontent-type: application/json\nx-openrtb-version: 2.6',
    );
    // The hostile display is the input's label, as text.
    expect(await page.locator('label[for=value-0]').textContent()).toBe(HOSTILE);
    expect(await page.locator('main img').count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'preview.png'), fullPage: true });
    expect(dialogs).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('Bid adapters, docs/spec.md#records: key, boolean, more targets, a constant and a one-of group; each issue at its input; saved as typed', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto(`${server.url}/#/adapters?bidder=new`);
    await page.getByLabel('Protocol').selectOption('rtb');
    await page.getByLabel('Bidder code').fill('ssp8');
    await page.getByLabel('Endpoint').fill('https://rtb.example-dsp.com/bid');
    await page.getByLabel('Field 1 name', { exact: true }).fill('prd.impTagId');
    await page.getByLabel('Field 1 display', { exact: true }).fill('Placement');
    await page.getByLabel('Field 1 key (param)').fill('9x');
    await expect.poll(() => page.locator('#field-0-param-issues').textContent()).toContain('(schema)');
    expect(await page.locator('#field-0-param').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Field 1 key (param)').fill('placementId');
    await page.getByLabel('Field 1 also to (names)').fill('predefinedImpExt.bidder.__proto__');
    await expect.poll(() => page.locator('#field-0-alsoTo-issues').textContent()).toContain('unsafe_name');
    await page.getByLabel('Field 1 also to (names)').fill('predefinedImpExt.bidder.placementId');

    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel('Field 2 name', { exact: true }).fill('prd.appSiteId');
    await page.getByLabel('Field 2 key (param)').fill('siteId');
    await page.getByLabel('Field 2 display', { exact: true }).fill('Site');
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel('Field 3 name', { exact: true }).fill('predefinedImpExt.bidder.test');
    await page.getByLabel('Field 3 key (param)').fill('test');
    await page.getByLabel('Field 3 type', { exact: true }).selectOption('boolean');
    await page.getByLabel('Field 3 display', { exact: true }).fill('Test traffic');
    await page.getByLabel('Field 3 default', { exact: true }).selectOption('false');

    await page.getByRole('button', { name: 'Add constant' }).click();
    await page.getByLabel('Constant 1 name').fill('predefinedImpExt.is_prebid');
    await page.getByLabel('Constant 1 value (JSON)').fill('{nope');
    await expect.poll(() => page.locator('#constant-0-value-issues').textContent()).toContain('must be JSON');
    await page.getByLabel('Constant 1 value (JSON)').fill('{"a":{"__proto__":1}}');
    await expect.poll(() => page.locator('#constant-0-value-issues').textContent()).toContain('unsafe_name');
    expect(await page.getByRole('region', { name: 'Issues' }).textContent()).toContain('/constants/0/value/a/__proto__');
    await page.getByLabel('Constant 1 value (JSON)').fill('true');

    await page.getByRole('button', { name: 'Add one-of group' }).click();
    await page.getByLabel('One-of group 1 (keys, comma-separated)').fill('placementId, nobody');
    await expect.poll(() => page.locator('#oneof-0-issues').textContent()).toContain('(schema)');
    await page.screenshot({ path: path.join(shots, 'adapters-spec8.png'), fullPage: true });
    await page.getByLabel('One-of group 1 (keys, comma-separated)').fill('placementId, siteId');
    await page.getByText('No issues: the record is valid.').waitFor();
    expect(await page.locator('.issues-at').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Saved ssp8, version 1, at /).waitFor();
    expect((await api.adapters.get('ssp8')).adapter).toEqual({
      protocol: 'rtb',
      bidderCode: 'ssp8',
      endpoint: 'https://rtb.example-dsp.com/bid',
      fields: [
        { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', alsoTo: ['predefinedImpExt.bidder.placementId'] },
        { name: 'prd.appSiteId', param: 'siteId', type: 'text', display: 'Site' },
        { name: 'predefinedImpExt.bidder.test', param: 'test', type: 'boolean', display: 'Test traffic', default: false },
      ],
      constants: [{ name: 'predefinedImpExt.is_prebid', value: true }],
      requireOneOf: [['placementId', 'siteId']],
    });
    await expect.poll(() => page.url()).toContain('#/adapters?bidder=ssp8');
    await page.reload();
    await page.getByLabel('Constant 1 value (JSON)').waitFor();
    expect(await page.getByLabel('Constant 1 value (JSON)').inputValue()).toBe('true');
    expect(await page.getByLabel('One-of group 1 (keys, comma-separated)').inputValue()).toBe('placementId, siteId');
    expect(await page.getByLabel('Field 3 default', { exact: true }).inputValue()).toBe('false');
    expect(await cspViolations(page)).toEqual([]);
    await page.close();
  }, 90_000);

  it('Placement preview, docs/spec.md#records: values per imp of a three-imp request, a checkbox, the one-of group, conflicting values at the input', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto(`${server.url}/#/preview?bidder=ssp8`);
    await page.getByLabel('Bid request', { exact: true }).selectOption('bsm-site-video-3imp-pmp-deal-ext');
    // Nothing entered for imp 1: the group is missing, said at the group.
    await expect.poll(() => page.locator('#oneof-issues').textContent()).toContain('missing_one_of');
    expect(await page.locator('.one-of').textContent()).toContain('Group 1: at least one of Placement, Site');
    const test = page.getByRole('checkbox', { name: 'Test traffic' });
    expect(await test.isChecked()).toBe(false); // not entered: its default false
    await page.getByLabel('Placement', { exact: true }).fill('top');
    await test.check();
    await page.getByLabel('Site', { exact: true }).fill('s1');
    await expect.poll(() => page.locator('#oneof-issues').count()).toBe(0);

    // Imp 2: its own placement, and a site that disagrees with imp 1's (a request-level target).
    await page.getByLabel('Values of').selectOption({ label: 'Imp 2 (id "2"): left as it is' });
    await page.getByLabel('Enrich imp 2').check();
    expect(await page.getByLabel('Placement', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('Placement', { exact: true }).fill('side');
    await page.getByLabel('Site', { exact: true }).fill('s2');
    await expect.poll(() => page.locator('#value-1-issues').textContent()).toContain('conflicting_values');
    await page.getByLabel('Site', { exact: true }).fill('');
    await page.locator('[data-testid=enriched]').waitFor();
    expect(await page.locator('.issues-at').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Test traffic' }).isChecked()).toBe(false);

    const request = JSON.parse(fs.readFileSync(path.join(repo, 'fixtures/requests/bsm-site-video-3imp-pmp-deal-ext.json'), 'utf8'));
    const stored = await api.adapters.get('ssp8');
    const enriched = compile(stored.adapter, { knownEndpoints: KNOWN }).enrichImps(request, [
      { placementId: 'top', test: 'true', siteId: 's1' },
      { placementId: 'side' },
      null,
    ]).request;
    expect(await page.locator('[data-testid=enriched]').textContent()).toBe(JSON.stringify(enriched, null, 2) + '\n');
    expect(enriched.imp[0]!.ext).toMatchObject({ bidder: { placementId: 'top', test: true }, is_prebid: true });
    expect(enriched.imp[1]!.ext).toMatchObject({ bidder: { placementId: 'side' }, is_prebid: true });
    expect(enriched.imp[2]).toEqual(request.imp[2]);
    expect(await page.locator('[data-testid=changed-paths] li').allTextContents()).toEqual(changedPaths(request, enriched));
    expect(await page.locator('[data-testid=http-request]').textContent()).toBe(
      'POST https://rtb.example-dsp.com/bid\ncontent-type: application/json\nx-openrtb-version: 2.6',
    );

    // Back on imp 1, its values are kept; clearing the checkbox makes it "not entered" again.
    await page.getByLabel('Values of').selectOption({ index: 0 });
    expect(await page.getByLabel('Placement', { exact: true }).inputValue()).toBe('top');
    expect(await page.getByRole('checkbox', { name: 'Test traffic' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Clear Test traffic' }).click();
    expect(await page.getByRole('checkbox', { name: 'Test traffic' }).isChecked()).toBe(false);
    await expect.poll(() => page.locator('[data-testid=enriched]').textContent()).not.toContain('"test": true');
    await page.screenshot({ path: path.join(shots, 'preview-per-imp.png'), fullPage: true });
    expect(dialogs).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await page.close();
  }, 90_000);

  it('Bid adapters, docs/spec.md#records: an endpoint template, endpoint-only fields and one request per imp; each issue at its input; saved as typed', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto(`${server.url}/#/adapters?bidder=new`);
    await page.getByLabel('Protocol').selectOption('rtb');
    await page.getByLabel('Bidder code').fill('tpl');
    expect(await page.locator('#adapter-endpoint-hint').textContent()).toContain('https://{region}.bid.example.com/pub/{publisherId}');
    expect(await page.locator('#adapter-endpoint-hint').textContent()).toContain('*.bid.example-ssp.com');
    // A host no '*.' entry covers, then a placeholder no field has: each at the endpoint.
    await page.getByLabel('Endpoint').fill('https://{region}.example-ssp.com/pub/{publisherId}');
    await expect.poll(() => page.locator('#adapter-endpoint-issues').textContent()).toContain('unknown_endpoint');
    expect(await page.locator('#adapter-endpoint').getAttribute('aria-describedby')).toBe('adapter-endpoint-hint adapter-endpoint-issues');
    await page.getByLabel('Endpoint').fill('https://{region}.bid.example-ssp.com/pub/{publisherId}');
    await expect.poll(() => page.locator('#adapter-endpoint-issues').textContent()).toContain('invalid_endpoint');

    await page.getByLabel('Field 1 name', { exact: true }).fill('predefinedEndpoint.region');
    await page.getByLabel('Field 1 key (param)').fill('region');
    await page.getByLabel('Field 1 display', { exact: true }).fill('Region');
    expect(await page.locator('#field-0-name-hint').textContent()).toContain('writes nothing into the request');
    expect(await page.locator('#field-0-name-hint').textContent()).toContain('{region}');
    // A placeholder's field must always have a value: said at its "required".
    await expect.poll(() => page.locator('#field-0-required-issues').textContent()).toContain('(schema)');
    await page.getByLabel('Field 1 required').check();
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel('Field 2 name', { exact: true }).fill('predefinedEndpoint.publisherId');
    await page.getByLabel('Field 2 key (param)').fill('publisherId');
    await page.getByLabel('Field 2 display', { exact: true }).fill('Publisher');
    await page.getByLabel('Field 2 default', { exact: true }).fill('p1');
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel('Field 3 name', { exact: true }).fill('predefinedEndpoint.unused');
    await page.getByLabel('Field 3 key (param)').fill('unused');
    await page.getByLabel('Field 3 display', { exact: true }).fill('Unused');
    await expect.poll(() => page.locator('#field-2-name-issues').textContent()).toContain('used by a placeholder');
    await page.getByLabel('Field 3 name', { exact: true }).fill('prd.impTagId');
    await page.getByLabel('Field 3 key (param)').fill('placementId');
    await page.getByLabel('Field 3 display', { exact: true }).fill('Placement');
    await page.getByLabel('Requests').selectOption('imp');
    await page.getByText('No issues: the record is valid.').waitFor();
    expect(await page.locator('.issues-at').count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'adapters-template.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Saved tpl, version 1, at /).waitFor();
    expect((await api.adapters.get('tpl')).adapter).toEqual({
      protocol: 'rtb',
      bidderCode: 'tpl',
      endpoint: 'https://{region}.bid.example-ssp.com/pub/{publisherId}',
      split: 'imp',
      fields: [
        { name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'Region', required: true },
        { name: 'predefinedEndpoint.publisherId', param: 'publisherId', type: 'text', display: 'Publisher', default: 'p1' },
        { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement' },
      ],
    });
    await expect.poll(() => page.url()).toContain('#/adapters?bidder=tpl');
    await page.reload();
    await page.getByLabel('Requests').waitFor();
    expect(await page.getByLabel('Requests').inputValue()).toBe('imp');
    expect(await page.getByLabel('Endpoint').inputValue()).toBe('https://{region}.bid.example-ssp.com/pub/{publisherId}');
    expect(await cspViolations(page)).toEqual([]);
    await page.close();
  }, 90_000);

  it('Placement preview, docs/spec.md#records: one request per imp, each with the URL its values make; a hostile region at its input and no request', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto(`${server.url}/#/preview?bidder=tpl`);
    await page.getByLabel('Bid request', { exact: true }).selectOption('bsm-site-video-3imp-pmp-deal-ext');
    const region = page.getByLabel('Region (required)');
    await region.fill('eu');
    await page.getByLabel('Placement', { exact: true }).fill('top');
    await page.getByLabel('Values of').selectOption({ label: 'Imp 2 (id "2"): left as it is' });
    await page.getByLabel('Enrich imp 2').check();
    await region.fill('us');
    await page.getByLabel('Publisher', { exact: true }).fill('p 2');
    await page.getByLabel('Placement', { exact: true }).fill('side');

    const wire = page.locator('[data-testid=http-request]');
    await expect.poll(() => wire.count()).toBe(2);
    const headers = '\ncontent-type: application/json\nx-openrtb-version: 2.6';
    expect(await wire.allTextContents()).toEqual([
      `POST https://eu.bid.example-ssp.com/pub/p1${headers}`,
      `POST https://us.bid.example-ssp.com/pub/p%202${headers}`,
    ]);
    expect(await wire.evaluateAll((pres) => pres.map((pre) => pre.getAttribute('data-imp')))).toEqual(['0', '1']);
    const wireRegion = page.getByRole('region', { name: 'Wire' });
    expect(await wireRegion.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Request 1: imp 1 (id "1")', 'Request 2: imp 2 (id "2")']);
    expect(await page.locator('[data-testid=split]').textContent()).toContain('2 requests');

    // The page shows what the wrapper builds: the same URLs and bodies, each body with its imp alone.
    const request = JSON.parse(fs.readFileSync(path.join(repo, 'fixtures/requests/bsm-site-video-3imp-pmp-deal-ext.json'), 'utf8'));
    const stored = await api.adapters.get('tpl');
    const built = buildRtbRequests(compile(stored.adapter, { knownEndpoints: KNOWN }), request, [
      { region: 'eu', placementId: 'top' },
      { region: 'us', publisherId: 'p 2', placementId: 'side' },
      null,
    ]);
    expect(built.map((http) => http.url)).toEqual(['https://eu.bid.example-ssp.com/pub/p1', 'https://us.bid.example-ssp.com/pub/p%202']);
    expect(await page.locator('[data-testid=enriched]').allTextContents()).toEqual(built.map((http) => JSON.stringify(JSON.parse(http.body), null, 2) + '\n'));
    expect(built.map((http) => (JSON.parse(http.body) as { imp: { id: string; tagid: string }[] }).imp.map((imp) => [imp.id, imp.tagid]))).toEqual([
      [['1', 'top']],
      [['2', 'side']],
    ]);
    await page.screenshot({ path: path.join(shots, 'preview-split.png'), fullPage: true });

    // A hostile region: invalid_value at imp 2's Region input, and no request at all.
    await region.fill('x.evil.com');
    await expect.poll(() => page.locator('#value-0-issues').textContent()).toContain('invalid_value');
    expect(await region.getAttribute('aria-invalid')).toBe('true');
    expect(await wire.count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Enriched request' }).textContent()).toContain('/1/region');
    expect(await page.getByLabel('Values of').locator('option').allTextContents()).toEqual([
      'Imp 1 (id "1")',
      'Imp 2 (id "2"): 1 issue',
      'Imp 3 (id "3"): left as it is',
    ]);
    expect(await page.locator('main').textContent()).not.toContain('evil.com/pub');
    await page.screenshot({ path: path.join(shots, 'preview-split-refused.png'), fullPage: true });
    await region.fill('us');
    await expect.poll(() => wire.count()).toBe(2);
    expect(dialogs).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await page.close();
  }, 90_000);

  it('Placement preview of a Prebid JS template: the requests the Prebid.js bidder sends, one per URL its bids make', async () => {
    await api.adapters.put(
      'pjtpl',
      {
        protocol: 'prebid-js',
        endpoint: 'https://{region}.bid.example-ssp.com/openrtb2',
        bidderCode: 'pjtpl',
        cpmField: 'price',
        fields: [
          { name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'Region', default: 'eu' },
          { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement' },
        ],
      },
      0,
    );
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto(`${server.url}/#/preview?bidder=pjtpl`);
    await page.getByLabel('Bid request', { exact: true }).selectOption('bsm-site-video-3imp-pmp-deal-ext');
    const region = page.getByLabel('Region', { exact: true });
    await region.fill('eu');
    await page.getByLabel('Values of').selectOption({ label: 'Imp 2 (id "2"): left as it is' });
    await page.getByLabel('Enrich imp 2').check();
    await region.fill('us');
    const wire = page.locator('[data-testid=http-request]');
    await expect.poll(() => wire.count()).toBe(2);
    // Imps that differ in a placeholder are two requests (Prebid's grouping), not conflicting values.
    expect(await wire.allTextContents()).toEqual([
      'POST https://eu.bid.example-ssp.com/openrtb2\ncontent-type: text/plain',
      'POST https://us.bid.example-ssp.com/openrtb2\ncontent-type: text/plain',
    ]);
    expect(await page.locator('main').textContent()).not.toContain('conflicting_values');
    expect(await page.locator('[data-testid=bids-entry]').count()).toBe(2);
    await region.fill('x.evil.com');
    await expect.poll(() => page.locator('#value-0-issues').textContent()).toContain('invalid_value');
    expect(await wire.count()).toBe(0);
    expect(await cspViolations(page)).toEqual([]);
    await page.close();
  }, 90_000);

  it('Bid adapters, docs/spec.md#headers: header rows, each issue at its input (escaped names too), Prebid JS fixed values only; saved as typed', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto(`${server.url}/#/adapters?bidder=new`);
    await page.getByLabel('Protocol').selectOption('rtb');
    await page.getByLabel('Bidder code').fill('hdr');
    await page.getByLabel('Endpoint').fill('https://rtb.example-dsp.com/hdr');
    await page.getByLabel('Field 1 name', { exact: true }).fill('prd.impTagId');
    await page.getByLabel('Field 1 display', { exact: true }).fill('Placement');
    await page.getByText('No issues: the record is valid.').waitFor();

    await page.getByRole('button', { name: 'Add header' }).click();
    // A name that is no HTTP token, its pointer escaped (/headers/a~1b): said at the row's name.
    await page.getByLabel('Header 1 name').fill('a/b');
    await page.getByLabel('Header 1 value').fill('2.5');
    await expect.poll(() => page.locator('#header-0-name-issues').textContent()).toContain('invalid_header');
    expect(await page.locator('#header-0-name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('region', { name: 'Issues' }).textContent()).toContain('/headers/a~1b');
    await page.getByLabel('Header 1 name').fill('X-Openrtb-Version');
    await expect.poll(() => page.locator('#header-0-name-issues').count()).toBe(0);

    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByLabel('Header 2 name').fill('User-Agent');
    await page.getByLabel('Header 2 kind').selectOption('from');
    // No path yet: the library's schema issue, at the row's paths.
    await expect.poll(() => page.locator('#header-1-text-issues').textContent()).toContain('(schema)');
    await page.getByLabel('Header 2 request paths (comma-separated)').fill('device.__proto__');
    await expect.poll(() => page.locator('#header-1-text-issues').textContent()).toContain('unsafe_name');
    await page.getByLabel('Header 2 request paths (comma-separated)').fill('device.ua');
    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByLabel('Header 3 name').fill('X-Forwarded-For');
    await page.getByLabel('Header 3 kind').selectOption('from');
    await page.getByLabel('Header 3 request paths (comma-separated)').fill('device.ip device.ipv6');
    await page.getByText('No issues: the record is valid.').waitFor();

    // A Prebid JS record offers fixed values only; a row read from the request keeps its kind and is refused at its paths.
    await page.getByLabel('Protocol').selectOption('prebid-js');
    expect(await page.getByLabel('Header 1 kind').locator('option').allTextContents()).toEqual(['fixed value']);
    expect(await page.getByLabel('Header 3 kind').inputValue()).toBe('from');
    await expect.poll(() => page.locator('#header-2-text-issues').textContent()).toContain('(schema)');
    // The browser sends its own User-Agent: a name a Prebid JS record may not set.
    await expect.poll(() => page.locator('#header-1-name-issues').textContent()).toContain('invalid_header');
    await page.getByLabel('Protocol').selectOption('rtb');
    await page.getByText('No issues: the record is valid.').waitFor();

    await page.getByRole('button', { name: 'Remove header 3' }).click();
    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByLabel('Header 3 name').fill('X-Forwarded-For');
    await page.getByLabel('Header 3 kind').selectOption('from');
    await page.getByLabel('Header 3 request paths (comma-separated)').fill('device.ip, device.ipv6');
    await page.getByText('No issues: the record is valid.').waitFor();
    expect(await page.locator('.issues-at').count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'adapters-headers.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Saved hdr, version 1, at /).waitFor();
    const stored = (await api.adapters.get('hdr')).adapter;
    expect(stored).toEqual({
      protocol: 'rtb',
      bidderCode: 'hdr',
      endpoint: 'https://rtb.example-dsp.com/hdr',
      fields: [{ name: 'prd.impTagId', type: 'text', display: 'Placement' }],
      headers: {
        'X-Openrtb-Version': { value: '2.5' },
        'User-Agent': { from: 'device.ua' },
        'X-Forwarded-For': { from: ['device.ip', 'device.ipv6'] },
      },
    });
    expect(Object.keys(stored.headers!)).toEqual(['X-Openrtb-Version', 'User-Agent', 'X-Forwarded-For']);
    await expect.poll(() => page.url()).toContain('#/adapters?bidder=hdr');
    await page.reload();
    await page.getByLabel('Header 3 name').waitFor();
    expect(await page.getByLabel('Header 2 kind').inputValue()).toBe('from');
    expect(await page.getByLabel('Header 3 request paths (comma-separated)').inputValue()).toBe('device.ip, device.ipv6');
    expect(await page.getByLabel('Header 1 value').inputValue()).toBe('2.5');
    // Another record of the same version, from the list: its own draft, not the one shown before.
    await page.getByRole('link', { name: 'Edit tpl' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2, name: /^Adapter / }).textContent()).toBe('Adapter tpl (version 1)');
    expect(await page.getByLabel('Endpoint').inputValue()).toBe('https://{region}.bid.example-ssp.com/pub/{publisherId}');
    expect(await page.getByLabel('Header 1 name').count()).toBe(0);
    expect(await cspViolations(page)).toEqual([]);
    await page.close();
  }, 90_000);

  it('Placement preview, docs/spec.md#headers: the headers each request carries, and a header left out with its warning', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto(`${server.url}/#/preview?bidder=hdr`);
    await page.getByLabel('Bid request', { exact: true }).selectOption('iab26-app-mobile-banner');
    await page.getByLabel('Placement', { exact: true }).fill('top');
    const request = JSON.parse(fs.readFileSync(path.join(repo, 'fixtures/requests/iab26-app-mobile-banner.json'), 'utf8'));
    const adapter = compile((await api.adapters.get('hdr')).adapter, { knownEndpoints: KNOWN });
    const [built] = buildRtbRequests(adapter, request, [{ 'prd.impTagId': 'top' }]);
    expect(built!.headers['user-agent']).toBe(request.device.ua);
    const wire = page.locator('[data-testid=http-request]');
    await expect.poll(() => wire.textContent()).toBe(httpLines(built!));
    expect(await wire.textContent()).toContain(`\nx-openrtb-version: 2.5\nuser-agent: ${request.device.ua}`);
    expect(await page.locator('[data-testid=header-omitted]').count()).toBe(0);

    // A User-Agent that cannot be sent: the header left out, the warning at its path, the request still sent.
    await page.getByLabel('Bid request', { exact: true }).selectOption('pasted');
    await page
      .getByLabel('Bid request (JSON)')
      .fill(JSON.stringify({ id: 'r', imp: [{ id: '1', banner: {} }], device: { ua: 'bad\u0001ua', ip: '10.0.0.1' } }));
    await expect.poll(() => page.locator('[data-testid=header-omitted]').textContent()).toContain('/device/ua');
    expect(await page.locator('[data-testid=header-omitted]').textContent()).toContain('header_omitted');
    expect(await wire.textContent()).toBe(
      'POST https://rtb.example-dsp.com/hdr\ncontent-type: application/json\nx-openrtb-version: 2.5\nx-forwarded-for: 10.0.0.1',
    );
    expect(dialogs).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await page.close();
  }, 90_000);

  it('Placement preview of a Prebid JS record with headers: each request the Prebid.js bidder sends, with its content type and custom headers', async () => {
    await api.adapters.put(
      'pjhdr',
      {
        protocol: 'prebid-js',
        endpoint: 'https://rtb.example-dsp.com/pj',
        bidderCode: 'pjhdr',
        cpmField: 'price',
        fields: [{ name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement' }],
        headers: { 'Content-Type': { value: 'application/json' }, 'X-Openrtb-Version': { value: '2.6' } },
      },
      0,
    );
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto(`${server.url}/#/preview?bidder=pjhdr`);
    await page.getByLabel('Bid request', { exact: true }).selectOption('iab26-site-simple-banner');
    await page.getByLabel('Placement', { exact: true }).fill('top');
    const wire = page.locator('[data-testid=http-request]');
    await expect.poll(() => wire.allTextContents()).toEqual(['POST https://rtb.example-dsp.com/pj\ncontent-type: application/json\nx-openrtb-version: 2.6']);
    expect(await page.locator('[data-testid=bids-entry]').count()).toBe(1);
    expect(await cspViolations(page)).toEqual([]);
    await page.close();
  }, 90_000);

  it('Bid adapters and preview, docs/spec.md#lists-json-ids: a list, a JSON value and an id; each bound input per type; the preview writes the list as an array', async () => {
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto(`${server.url}/#/adapters?bidder=new`);
    await page.getByLabel('Protocol').selectOption('rtb');
    await page.getByLabel('Bidder code').fill('lst');
    await page.getByLabel('Endpoint').fill('https://rtb.example-dsp.com/lst');
    const field = (n: number, label: string) => page.getByLabel(`Field ${n} ${label}`, { exact: true });
    await field(1, 'name').fill('predefinedImpExt.kw');
    await field(1, 'key (param)').fill('kw');
    await field(1, 'display').fill('Keywords');
    await field(1, 'type').selectOption('list');
    // A list of numbers has the number bounds; a list of text the text bounds.
    await field(1, 'items').selectOption('number');
    expect([await field(1, 'minimum').count(), await field(1, 'whole numbers only').count(), await field(1, 'pattern').count()]).toEqual([1, 1, 0]);
    await field(1, 'items').selectOption('text');
    expect([await field(1, 'minimum').count(), await field(1, 'minimum length').count(), await field(1, 'pattern').count()]).toEqual([0, 1, 1]);
    await field(1, 'minimum items').fill('two');
    await expect.poll(() => page.locator('#field-0-minItems-issues').textContent()).toContain('(schema)');
    await field(1, 'minimum items').fill('1');
    await field(1, 'maximum items').fill('3');
    await field(1, 'pattern').fill('^[a-z]+$');
    await field(1, 'default (items separated by commas)').fill('a, b');
    await page.getByRole('button', { name: 'Add field' }).click();
    await field(2, 'name').fill('predefinedImpExt.data');
    await field(2, 'key (param)').fill('data');
    await field(2, 'display').fill('Data');
    await field(2, 'type').selectOption('json');
    expect([await field(2, 'minimum length').count(), await field(2, 'minimum').count()]).toEqual([0, 0]);
    await field(2, 'default (JSON)').fill('{a: 1}');
    await expect.poll(() => page.locator('#field-1-default-issues').textContent()).toContain('must be JSON text');
    await field(2, 'default (JSON)').fill('{"a": [1, "x"]}');
    await page.getByRole('button', { name: 'Add field' }).click();
    await field(3, 'name').fill('prd.impTagId');
    await field(3, 'key (param)').fill('pid');
    await field(3, 'display').fill('Partner id');
    await field(3, 'type').selectOption('id');
    expect([await field(3, 'minimum length').count(), await field(3, 'maximum length').count(), await field(3, 'pattern').count()]).toEqual([0, 1, 1]);
    await field(3, 'maximum length').fill('12');
    await field(3, 'default').fill('123');
    await page.getByText('No issues: the record is valid.').waitFor();
    await page.screenshot({ path: path.join(shots, 'adapters-lists.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Saved lst, version 1, at /).waitFor();
    expect((await api.adapters.get('lst')).adapter).toEqual({
      protocol: 'rtb',
      bidderCode: 'lst',
      endpoint: 'https://rtb.example-dsp.com/lst',
      fields: [
        {
          name: 'predefinedImpExt.kw',
          param: 'kw',
          type: 'list',
          items: 'text',
          display: 'Keywords',
          minItems: 1,
          maxItems: 3,
          pattern: '^[a-z]+$',
          default: 'a, b',
        },
        { name: 'predefinedImpExt.data', param: 'data', type: 'json', display: 'Data', default: { a: [1, 'x'] } },
        { name: 'prd.impTagId', param: 'pid', type: 'id', display: 'Partner id', maxLength: 12, default: 123 },
      ],
    });
    await expect.poll(() => page.url()).toContain('#/adapters?bidder=lst');
    await page.reload();
    await field(1, 'items').waitFor();
    expect([await field(1, 'items').inputValue(), await field(2, 'default (JSON)').inputValue(), await field(3, 'default').inputValue()]).toEqual([
      'text',
      '{"a":[1,"x"]}',
      '123',
    ]);

    // The preview: the list typed as text is written as an array, the JSON text as its value, the id as typed.
    await page.goto(`${server.url}/#/preview?bidder=lst`);
    await page.getByLabel('Bid request', { exact: true }).selectOption('iab26-site-simple-banner');
    await page.getByLabel('Keywords', { exact: true }).fill('x, y , z');
    await page.getByLabel('Data', { exact: true }).fill('{"b": [2');
    await expect.poll(() => page.locator('#value-1-issues').textContent()).toContain('invalid_value');
    const wire = page.locator('[data-testid=http-request]');
    expect(await wire.count()).toBe(0);
    await page.getByLabel('Data', { exact: true }).fill('{"b": [2]}');
    await page.getByLabel('Partner id', { exact: true }).fill('0042');
    await expect.poll(() => wire.count()).toBe(1);
    const request = JSON.parse(fs.readFileSync(path.join(repo, 'fixtures/requests/iab26-site-simple-banner.json'), 'utf8'));
    const [built] = buildRtbRequests(compile((await api.adapters.get('lst')).adapter, { knownEndpoints: KNOWN }), request, [
      { kw: 'x, y , z', data: { b: [2] }, pid: '0042' },
    ]);
    const body = JSON.parse(built!.body) as { imp: { tagid: string; ext: Record<string, unknown> }[] };
    expect([body.imp[0]!.ext.kw, body.imp[0]!.ext.data, body.imp[0]!.tagid]).toEqual([['x', 'y', 'z'], { b: [2] }, '0042']);
    expect(await page.locator('[data-testid=enriched]').textContent()).toBe(JSON.stringify(body, null, 2) + '\n');
    expect(await page.locator('[data-testid=changed-paths] li').allTextContents()).toEqual(['/imp/0/tagid', '/imp/0/ext']);
    // A list the field refuses (four items, at most three): at its input, nothing sent.
    await page.getByLabel('Keywords', { exact: true }).fill('w, x, y, z');
    await expect.poll(() => page.locator('#value-0-issues').textContent()).toContain('invalid_value');
    expect(await wire.count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'preview-lists.png'), fullPage: true });
    expect(dialogs).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await page.close();
  }, 90_000);

  it('Service reads reports and adapters but may not save; Publisher is told why not', async () => {
    const page = await newPage();
    await signIn(page, SERVICE);
    expect(await page.locator('header').textContent()).toContain('(Service)');
    await page.goto(`${server.url}/#/reports?startDate=2024-12-01&endDate=2024-12-01&dimensions=country&metrics=revenue&pageSize=5&page=0&chart=revenue&run=1`);
    expect((await tableCells(page)).rows).toEqual(
      await expectedCells({
        startDate: '2024-12-01',
        endDate: '2024-12-01',
        dimensions: ['country'],
        metrics: ['revenue'],
        totals: true,
        limit: '5',
        skip: '0',
      } as unknown as ReportRequest),
    );
    await page.goto(`${server.url}/#/adapters?bidder=acme`);
    await page.getByText('only an Admin may save them').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('bidfields.session')!) as { token: string }).token);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Email').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    // Sign out ends the token on the server too, not only in this tab.
    const after = await fetch(`${server.url}/api/adapters/`, { headers: { Authorization: `Bearer ${token}` } });
    expect([after.status, ((await after.json()) as { error: { code: string } }).error.code]).toEqual([401, 'token_revoked']);

    await signIn(page, PUBLISHER);
    expect(await page.locator('main').textContent()).toContain('You are signed in as a Publisher, and the API refuses reports to that role (403).');
    await page.goto(`${server.url}/#/adapters`);
    await page.getByText('the API refuses adapters to that role (403)').waitFor();
    await page.close();
  }, 60_000);

  it('Admin deletes an adapter with a confirming second click', async () => {
    await api.adapters.put('short-lived', { protocol: 'rtb', fields: [] }, 0);
    const page = await newPage();
    await signIn(page, ADMIN);
    await page.goto(`${server.url}/#/adapters?bidder=short-lived`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete short-lived for good' }).click();
    await page.getByRole('heading', { name: 'Stored adapters' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Edit short-lived' }).count()).toBe(0);
    expect((await api.adapters.list()).map((a) => a.bidderCode)).not.toContain('short-lived');
    await page.close();
  }, 60_000);

  it('axe-core finds no serious or critical violation on any page', async () => {
    // axe is injected as a script element, which the page's CSP refuses: this context bypasses the CSP for that.
    const scanning = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await scanning.newPage();
    const scan = async (name: string) => {
      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }
        ).axe;
        const result = await axe.run(document);
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      expect(violations, name).toEqual([]);
    };
    await page.goto(`${server.url}/`);
    await page.getByLabel('Email').waitFor();
    await scan('sign in');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(
      `${server.url}/#/reports?startDate=2024-12-01&endDate=2024-12-03&dimensions=date,country&metrics=revenue,fillrate&filter=country|IN|US,DE&pageSize=5&page=0&chart=revenue&run=1`,
    );
    await page.getByRole('img', { name: /^Chart/ }).waitFor();
    await scan('reports');
    await page.goto(`${server.url}/#/adapters?bidder=new`);
    await page.getByLabel('Field 1 display', { exact: true }).fill('Zone');
    await page.getByLabel('Field 1 name', { exact: true }).fill('__proto__');
    await page.locator('#field-0-name-issues').waitFor();
    await scan('bid adapters');
    await page.goto(`${server.url}/#/preview?bidder=acme`);
    await page.getByLabel(HOSTILE, { exact: true }).fill('x');
    await page.locator('#value-0-issues').waitFor();
    await scan('placement preview');
    await page.goto(`${server.url}/#/adapters?bidder=ssp8`);
    await page.getByLabel('Constant 1 value (JSON)').fill('{nope');
    await page.locator('#constant-0-value-issues').waitFor();
    await scan('bid adapters, docs/spec.md#records');
    await page.goto(`${server.url}/#/preview?bidder=ssp8`);
    await page.getByLabel('Bid request', { exact: true }).selectOption('bsm-site-video-3imp-pmp-deal-ext');
    await page.locator('#oneof-issues').waitFor();
    await scan('placement preview, docs/spec.md#records');
    await page.goto(`${server.url}/#/adapters?bidder=tpl`);
    await page.getByLabel('Field 1 required').uncheck();
    await page.locator('#field-0-required-issues').waitFor();
    await scan('bid adapters, an endpoint template');
    await page.goto(`${server.url}/#/adapters?bidder=hdr`);
    await page.getByLabel('Header 1 name').fill('a/b');
    await page.locator('#header-0-name-issues').waitFor();
    await scan('bid adapters, headers');
    await page.goto(`${server.url}/#/preview?bidder=tpl`);
    await page.getByLabel('Bid request', { exact: true }).selectOption('bsm-site-video-3imp-pmp-deal-ext');
    await page.getByLabel('Region (required)').fill('eu');
    await page.locator('[data-testid=http-request]').waitFor();
    await scan('placement preview, split per imp');
    await page.goto(`${server.url}/#/adapters?bidder=lst`);
    await page.getByLabel('Field 2 default (JSON)', { exact: true }).fill('{nope');
    await page.locator('#field-1-default-issues').waitFor();
    await scan('bid adapters, lists, JSON values and ids');
    await page.goto(`${server.url}/#/preview?bidder=lst`);
    await page.getByLabel('Data', { exact: true }).fill('[1');
    await page.locator('#value-1-issues').waitFor();
    await scan('placement preview, lists, JSON values and ids');
    await scanning.close();
  }, 90_000);
});
