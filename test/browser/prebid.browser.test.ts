// End to end: Prebid.js 11 from npm, bundled with rollup together with `bidfields/prebid` as an
// outside project resolves it (dist/, through the exports map), runs real auctions in Debian's headless Chromium
// against a local https partner. Checked: the partner got one text/plain POST (no CORS preflight) carrying the
// enriched OpenRTB request; the winning CPM is the one at the CPM field (price is a decoy); the script-tag build
// registers through pbjs.que; malformed answers give no bid, no page error, and the auction still ends on time.
// The same auction on pages with an adapter generated at build time (generatePrebidAdapter), bundled
// with Prebid.js by rollup, or loaded alone before Prebid.js: both win with the CPM read from the CPM field.
// A record with an endpoint template and split, record-taking and generated: one request per valid bid
// to the URL its params make, each answer (with decoys for other requests' imps) read against its own request.
// Needs `npm run build` (npm test does it) and /usr/bin/chromium (.ci/run installs it); outside CI a missing one
// skips the suite with the reason, in CI it fails. Artefacts go to test/browser/.build/ (gitignored).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Browser, type BrowserContext } from 'playwright-core';
import { chromiumPath, launchChromium } from './support/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePage } from './support/bundle.js';
import { createOutsideProject, withTypeCheckFile } from './support/outside-project.js';
import { configFor, startPages, type Variant } from './support/pages.js';
import { generatePrebidAdapter } from '../../src/codegen/index.js';
import { startPartner, type Received } from './support/partner.js';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const buildDir = path.join(import.meta.dirname, '.build');
const outside = path.join(buildDir, 'outside');
const distFiles = ['dist/prebid.js', 'dist/prebid.d.ts', 'dist/bidfields-prebid.js', 'dist/prebid-runtime.js'].map((file) => path.join(repo, file));
const missing = !chromiumPath
  ? 'no Chromium at /usr/bin/chromium'
  : distFiles.find((file) => !fs.existsSync(file))
    ? 'dist/ not built (npm run build)'
    : undefined;

interface PageBid {
  bidder: string;
  cpm: number;
  width: number;
  height: number;
  ad: string;
  mediaType: string;
  creativeId: string;
  currency: string;
  ttl: number;
  netRevenue: boolean;
  advertiserDomains: string[];
  brandName?: string;
  dealPriority?: number;
}
interface AuctionResult {
  timedOut: boolean;
  bids: Record<string, PageBid[]>;
  winners: { code: string; bidder: string; cpm: number }[];
}

describe.skipIf(missing !== undefined && !process.env.CI)(
  `Prebid.js 11 + bidfields/prebid in headless Chromium${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let partner: Awaited<ReturnType<typeof startPartner>>;
    let pages: Awaited<ReturnType<typeof startPages>>;
    let browser: Browser;
    let context: BrowserContext;

    beforeAll(async () => {
      if (missing) throw new Error(missing);
      createOutsideProject(outside, repo);
      const prebidOnly = path.join(buildDir, 'prebid-only-entry.js');
      fs.writeFileSync(prebidOnly, "import pbjs from 'prebid.js';\npbjs.processQueue();\n");
      const scripts = {
        '/outside-page.js': path.join(buildDir, 'outside-page.js'),
        '/prebid-only.js': path.join(buildDir, 'prebid-only.js'),
        '/bidfields-prebid.js': path.join(repo, 'dist/bidfields-prebid.js'),
        '/generated-page.js': path.join(buildDir, 'generated-page.js'),
        '/generated-adapter.js': path.join(buildDir, 'generated-adapter.js'),
        '/generated-split-page.js': path.join(buildDir, 'generated-split-page.js'),
        '/generated-answers-page.js': path.join(buildDir, 'generated-answers-page.js'),
      };
      const [started] = await Promise.all([
        startPartner(),
        bundlePage(path.join(outside, 'page.js'), scripts['/outside-page.js']),
        bundlePage(prebidOnly, scripts['/prebid-only.js']),
      ]);
      partner = started;
      // The build-time path: the ext-cpm scenario's record (its endpoint names the partner's port) generated into the
      // outside project, which imports the page runtime as 'bidfields/prebid-runtime' through the exports map.
      const { record, options } = configFor('ext-cpm', partner.port);
      generatePrebidAdapter(record, { ...options, outDir: path.join(outside, 'generated') });
      fs.writeFileSync(
        path.join(outside, 'generated-page.js'),
        "import pbjs from 'prebid.js';\nimport './generated/acmeBidAdapter.js';\npbjs.processQueue();\n",
      );
      // And the split scenario's record (an endpoint template, split), generated the same way.
      const split = configFor('split', partner.port);
      generatePrebidAdapter(split.record, { ...split.options, outDir: path.join(outside, 'generated-split') });
      fs.writeFileSync(
        path.join(outside, 'generated-split-page.js'),
        "import pbjs from 'prebid.js';\nimport './generated-split/acmeBidAdapter.js';\npbjs.processQueue();\n",
      );
      // And the answers scenario's record, whose response rules read the partner's answers (docs/spec.md#read-bids).
      const answers = configFor('answers', partner.port);
      generatePrebidAdapter(answers.record, { ...answers.options, outDir: path.join(outside, 'generated-answers') });
      fs.writeFileSync(
        path.join(outside, 'generated-answers-page.js'),
        "import pbjs from 'prebid.js';\nimport './generated-answers/acmeBidAdapter.js';\npbjs.processQueue();\n",
      );
      await Promise.all([
        bundlePage(path.join(outside, 'generated-answers-page.js'), scripts['/generated-answers-page.js']),
        bundlePage(path.join(outside, 'generated-page.js'), scripts['/generated-page.js']),
        bundlePage(path.join(outside, 'generated/acmeBidAdapter.js'), scripts['/generated-adapter.js']),
        bundlePage(path.join(outside, 'generated-split-page.js'), scripts['/generated-split-page.js']),
      ]);
      pages = await startPages(scripts, partner.port);
      browser = await launchChromium();
      // The partner's certificate is self-signed; only this context trusts it.
      context = await browser.newContext({ ignoreHTTPSErrors: true });
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await pages?.close();
      await partner?.close();
    });

    /** Runs the page's auction; `whileOpen` runs before the page closes (for what the page does after it). */
    async function auction(
      variant: Variant,
      scenario: string,
      whileOpen?: () => Promise<void>,
    ): Promise<{ result: AuctionResult; errors: string[]; requests: Received[] }> {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const before = partner.received.length;
      try {
        await page.goto(`${pages.origin}/${variant}/${scenario}`);
        await page.waitForFunction(() => (window as unknown as { __result?: unknown }).__result, undefined, { timeout: 20_000 });
        const result = (await page.evaluate(() => (window as unknown as { __result: unknown }).__result)) as AuctionResult;
        expect(result.timedOut, 'the auction ends by its bids, before its timeout').toBe(false);
        await whileOpen?.();
        return { result, errors, requests: partner.received.slice(before).filter((request) => request.scenario === scenario) };
      } finally {
        await page.close();
      }
    }

    function expectEnrichedRequest(requests: Received[]): void {
      // One POST for all ad units, text/plain (a CORS simple request: no OPTIONS preflight reached the partner).
      expect(requests.map((request) => [request.method, request.contentType?.split(';')[0]])).toEqual([['POST', 'text/plain']]);
      const body = JSON.parse(requests[0]!.body);
      const byTag = Object.fromEntries(body.imp.map((imp: { tagid: string }) => [imp.tagid, imp]));
      expect(Object.keys(byTag).sort()).toEqual(['preroll', 'side-banner', 'top-banner']); // 'broken' had invalid params
      expect(byTag['top-banner']).toMatchObject({
        banner: {
          format: [
            { w: 300, h: 250 },
            { w: 300, h: 600 },
          ],
        },
        ext: { zone: 7, deal: { tier: 2 } },
      });
      expect(byTag['side-banner']).toMatchObject({ banner: { format: [{ w: 160, h: 600 }] }, ext: { zone: 3 } });
      expect(byTag['side-banner'].ext.deal).toBeUndefined();
      expect(byTag.preroll.video).toMatchObject({ mimes: ['video/mp4'], protocols: [2, 3], w: 640, h: 480 });
      expect(byTag.preroll.video.context).toBeUndefined();
      expect(body.site).toMatchObject({
        id: 'site-7',
        publisher: { id: 'pub-42' },
        page: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/(npm|tag|gen|gen-tag)\/ext-cpm$/),
      });
      // As Prebid's converter: no cur without ortb2.cur (and Prebid's currency module), test 0, the page is the top frame.
      expect(body).not.toHaveProperty('cur');
      expect(body.test).toBe(0);
      expect(byTag['top-banner'].banner.topframe).toBe(1);
      expect(body.tmax).toBe(4000);
      expect(body.device?.ua).toEqual(expect.any(String));
    }

    it('the outside project resolves bidfields/prebid in Node and in TypeScript (NodeNext)', async () => {
      const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: outside });
      expect(JSON.parse(stdout)).toEqual(['function', 'function']);
      await withTypeCheckFile(outside, () => run(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', outside]));
    }, 60_000);

    it('the winning ad, rendered, fires its win notice (nurl pixel) and its billing notice (burl, price filled in)', { timeout: 30_000 }, async () => {
      const notices = () =>
        partner.received
          .filter((request) => request.scenario === 'notice')
          .map((request) => request.body.replace(/^\/notice\/(nurl|burl)-[^?]*/, '$1'))
          .sort();
      const { result, errors } = await auction('npm', 'notices', () => expect.poll(notices, { timeout: 10_000 }).toEqual(['burl?price=2.5', 'nurl']));
      expect(errors).toEqual([]);
      expect(result.bids.top?.[0]).toMatchObject({ cpm: 2.5, ad: expect.stringContaining('/notice/nurl-') });
    });

    it('page built from prebid.js + bidfields/prebid: enriched request, the winning CPM read from ext.bidfields.cpm', async () => {
      const { result, errors, requests } = await auction('npm', 'ext-cpm');
      expect(errors).toEqual([]);
      expectEnrichedRequest(requests);
      expect(result.timedOut).toBe(false);
      expect(result.bids.top).toEqual([
        {
          bidder: 'acme',
          cpm: 2.5,
          width: 300,
          height: 250,
          ad: expect.stringContaining('bidfields-ad'),
          mediaType: 'banner',
          creativeId: 'cr-0',
          currency: 'USD',
          ttl: 120,
          netRevenue: true,
          advertiserDomains: ['brand.example'],
        },
      ]);
      expect(result.bids.side?.map((bid) => bid.cpm)).toEqual([3.5]);
      expect(result.winners).toEqual(
        expect.arrayContaining([
          { code: 'top', bidder: 'acme', cpm: 2.5 },
          { code: 'side', bidder: 'acme', cpm: 3.5 },
        ]),
      );
    }, 30_000);

    it('script-tag build (dist/bidfields-prebid.js before Prebid.js) registers through pbjs.que and wins the same way', async () => {
      const { result, errors, requests } = await auction('tag', 'ext-cpm');
      expect(errors).toEqual([]);
      expectEnrichedRequest(requests);
      expect(result.winners).toEqual(expect.arrayContaining([{ code: 'top', bidder: 'acme', cpm: 2.5 }]));
    }, 30_000);

    for (const variant of ['gen', 'gen-tag'] as const) {
      const how =
        variant === 'gen'
          ? 'page built with rollup from prebid.js + a generated adapter'
          : 'the generated adapter alone, loaded before Prebid.js (registered through pbjs.que)';
      it(`${how}: enriched request, the winning CPM read from ext.bidfields.cpm`, async () => {
        const { result, errors, requests } = await auction(variant, 'ext-cpm');
        expect(errors).toEqual([]);
        expectEnrichedRequest(requests);
        expect(result.timedOut).toBe(false);
        expect(result.bids.top).toEqual([
          {
            bidder: 'acme',
            cpm: 2.5,
            width: 300,
            height: 250,
            ad: expect.stringContaining('bidfields-ad'),
            mediaType: 'banner',
            creativeId: 'cr-0',
            currency: 'USD',
            ttl: 120,
            netRevenue: true,
            advertiserDomains: ['brand.example'],
          },
        ]);
        expect(result.winners).toEqual(
          expect.arrayContaining([
            { code: 'top', bidder: 'acme', cpm: 2.5 },
            { code: 'side', bidder: 'acme', cpm: 3.5 },
          ]),
        );
      }, 30_000);
    }

    // An endpoint template and split in a real auction: Prebid.js sends every request the bidder makes and
    // hands each answer back with its own request.
    for (const variant of ['npm', 'gen'] as const) {
      it(`${variant === 'npm' ? 'record-taking bidder' : 'generated adapter'}, endpoint template and split: one request per valid bid to the URL its zone makes, each answer read against its own request`, async () => {
        const { result, errors, requests } = await auction(variant, 'split');
        expect(errors).toEqual([]);
        expect(result.timedOut).toBe(false);
        const sent = requests.map((request) => ({ path: request.path, type: request.contentType?.split(';')[0], body: JSON.parse(request.body) }));
        expect(sent.map(({ path, type, body }) => [path, type, body.imp.map((imp: { tagid: string }) => imp.tagid)]).sort()).toEqual([
          ['/bid/split-1', 'text/plain', ['preroll']],
          ['/bid/split-3', 'text/plain', ['side-banner']],
          ['/bid/split-7', 'text/plain', ['top-banner']],
        ]);
        // Each request has the request-level values of its own bid only: the top unit's publisher and site ids.
        const byPath = Object.fromEntries(sent.map(({ path, body }) => [path, body]));
        expect(byPath['/bid/split-7'].site).toMatchObject({ id: 'site-7', publisher: { id: 'pub-42' } });
        expect(byPath['/bid/split-3'].site.id).toBeUndefined();
        // The decoys (CPM 99, for imps of other requests) are never attributed.
        expect(result.bids.top?.map((bid) => bid.cpm)).toEqual([2.5]);
        expect(result.bids.side?.map((bid) => bid.cpm)).toEqual([2.5]);
        expect(result.bids.player ?? []).toEqual([]);
        expect(result.winners).toEqual(
          expect.arrayContaining([
            { code: 'top', bidder: 'acme', cpm: 2.5 },
            { code: 'side', bidder: 'acme', cpm: 2.5 },
          ]),
        );
      }, 30_000);
    }

    // A record with response rules (docs/spec.md#read-bids) in a real auction: the generated adapter imports the
    // runtime's reader, the record-taking bidder runs it; both hand Prebid.js the bids the rules read.
    for (const variant of ['npm', 'gen'] as const) {
      it(`${variant === 'npm' ? 'record-taking bidder' : 'generated adapter'} with response rules: the type, brand, deal priority and price macro read by them, a zero price left out`, async () => {
        const { result, errors } = await auction(variant, 'answers');
        expect(errors).toEqual([]);
        expect(result.bids.top).toEqual([
          expect.objectContaining({ cpm: 2.5, mediaType: 'banner', ad: '<div class="bidfields-ad">2.5</div>', brandName: 'Brand', dealPriority: 3 }),
        ]);
        expect(result.bids.side ?? []).toEqual([]);
        expect(result.winners).toEqual([{ code: 'top', bidder: 'acme', cpm: 2.5 }]);
      }, 30_000);
    }

    it('a CPM field of price reads the plain OpenRTB price', async () => {
      const { result, errors } = await auction('npm', 'price');
      expect(errors).toEqual([]);
      expect(result.bids.top?.map((bid) => bid.cpm)).toEqual([1.75]);
    }, 30_000);

    it('malformed native markup next to good banner bids: the native bid is dropped, the banners still win, the auction ends', async () => {
      const { result, errors, requests } = await auction('npm', 'native-malformed');
      expect(errors).toEqual([]);
      expect(result.timedOut).toBe(false);
      expect(JSON.parse(requests[0]!.body).imp.find((imp: { tagid: string }) => imp.tagid === 'feed-native')?.native).toBeDefined();
      expect(result.bids.feed ?? []).toEqual([]);
      expect(result.winners).toEqual(
        expect.arrayContaining([
          { code: 'top', bidder: 'acme', cpm: 2.5 },
          { code: 'side', bidder: 'acme', cpm: 3.5 },
        ]),
      );
    }, 30_000);

    const malformed = ['not-json', 'empty', 'no-content', 'null', 'cpm-text', 'cpm-negative', 'no-impid', 'unknown-impid', 'huge', 'server-error'];
    for (const scenario of malformed) {
      it(`a partner answer '${scenario}' gives no bid and no page error, and the auction ends`, async () => {
        const { result, errors, requests } = await auction('npm', scenario);
        expect(requests).toHaveLength(1);
        expect(errors).toEqual([]);
        expect(result.timedOut).toBe(false);
        expect(Object.values(result.bids).flat()).toEqual([]);
        expect(result.winners).toEqual([]);
      }, 30_000);
    }
  },
);
