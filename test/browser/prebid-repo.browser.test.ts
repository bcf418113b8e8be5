// A real Prebid.js 11 auction in Debian's headless Chromium with an in-repository adapter
// (generatePrebidAdapter's prebid-repo target) built into the page, as a Prebid.js build from its repository has it:
// the module, bundled by esbuild with the prebid.js package's compiled sources (one copy of Prebid's core, which the
// page's `import 'prebid.js'` shares), against a local https partner. Checked: one text/plain POST with the bids'
// params in the OpenRTB request, sent with the partner's cookies (Prebid's ajax default, withCredentials), and the
// auction won with the CPM at the CPM field (price is a decoy). Needs /usr/bin/chromium (.ci/run installs it);
// outside CI a missing one skips the suite with the reason. Artefacts go to test/browser/.build/ (gitignored).
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { type Browser } from 'playwright-core';
import { chromiumPath, launchChromium } from './support/chromium.js';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrebidAdapter } from '../../src/codegen/index.js';
import { layOut, prebidSources } from '../codegen/prebid-repo/harness.js';
import { FIELDS } from './support/pages.js';
import { camelKey } from '../../src/codegen/prebid-repo/index.js';
import { startPartner } from './support/partner.js';

const buildDir = path.join(import.meta.dirname, '.build/prebid-repo');
const CODE = 'bidfields_e2e';

const AD_UNITS = [
  {
    code: 'top',
    mediaTypes: {
      banner: {
        sizes: [
          [300, 250],
          [300, 600],
        ],
      },
    },
    bids: [{ bidder: CODE, params: { impTagId: 'top-banner', appPublisherId: 'pub-42', appSiteId: 'site-7', zone: 7 } }],
  },
  { code: 'side', mediaTypes: { banner: { sizes: [[160, 600]] } }, bids: [{ bidder: CODE, params: { impTagId: 'side-banner', zone: '3' } }] },
  { code: 'broken', mediaTypes: { banner: { sizes: [[728, 90]] } }, bids: [{ bidder: CODE, params: { zone: 'abc' } }] },
];

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>in-repository adapter</title></head><body>
<script>
window.pbjs = window.pbjs || { que: [] };
pbjs.que.push(function () {
  pbjs.addAdUnits(${JSON.stringify(AD_UNITS)});
  pbjs.requestBids({
    timeout: 4000,
    bidsBackHandler: function (responses, timedOut) {
      var bids = {};
      Object.keys(responses || {}).forEach(function (code) {
        bids[code] = responses[code].bids.map(function (b) { return { bidder: b.bidderCode, cpm: b.cpm, width: b.width, height: b.height, creativeId: b.creativeId, currency: b.currency, mediaType: b.mediaType }; });
      });
      var winners = pbjs.getHighestCpmBids().map(function (b) { return { code: b.adUnitCode, bidder: b.bidderCode, cpm: b.cpm }; });
      window.__result = { timedOut: !!timedOut, bids: bids, winners: winners };
    }
  });
});
</script>
<script src="/page.js"></script>
</body></html>`;

describe.skipIf(!chromiumPath && !process.env.CI)(
  `Prebid.js 11 auction in headless Chromium with an in-repository adapter${chromiumPath ? '' : ' (skipped: no Chromium at /usr/bin/chromium)'}`,
  () => {
    let partner: Awaited<ReturnType<typeof startPartner>>;
    let server: https.Server;
    let origin: string;
    let browser: Browser;
    let metafile: Metafile;

    beforeAll(async () => {
      if (!chromiumPath) throw new Error('no Chromium at /usr/bin/chromium');
      partner = await startPartner();
      fs.rmSync(buildDir, { recursive: true, force: true });
      const record = {
        protocol: 'prebid-js',
        endpoint: `https://localhost:${partner.port}/bid/ext-cpm`,
        cpmField: 'ext.bidfields.cpm',
        bidderCode: CODE,
        // The in-repository target takes params under identifier keys, as Prebid publishers enter them.
        fields: FIELDS.map((field) => ({ ...field, param: camelKey(field.name) })),
      };
      const { files } = generatePrebidAdapter(record, {
        target: 'prebid-repo',
        knownEndpoints: ['localhost'],
        allowLocal: true,
        ttl: 120,
        maintainer: 'prebid@partner.example',
      });
      layOut(buildDir, files);
      // The page as a Prebid.js build makes it: Prebid (the package's entry point, its compiled sources) and the module.
      fs.writeFileSync(path.join(buildDir, 'page-entry.js'), `import pbjs from 'prebid.js';\nimport './modules/${CODE}BidAdapter.ts';\npbjs.processQueue();\n`);
      const bundled = await build({
        entryPoints: [path.join(buildDir, 'page-entry.js')],
        bundle: true,
        format: 'iife',
        platform: 'browser',
        outfile: path.join(buildDir, 'page.js'),
        metafile: true,
        logLevel: 'silent',
        plugins: [prebidSources()],
      });
      metafile = bundled.metafile;
      // The page is served from https://localhost too, so the partner (another port) is the same site and its cookie
      // goes along with a credentialed request whatever the browser's third-party cookie policy.
      const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
        keySize: 2048,
        extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
      });
      server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
        if (req.url === '/page.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(fs.readFileSync(path.join(buildDir, 'page.js')));
        else if (req.url === '/auction') res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
        else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `https://localhost:${(server.address() as AddressInfo).port}`;
      browser = await launchChromium();
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      await partner?.close();
    });

    it("the page holds one copy of Prebid's core, shared by prebid.js and the module", () => {
      const inputs = Object.keys(metafile.inputs);
      for (const core of ['src/adapters/bidderFactory.js', 'src/prebidGlobal.js', 'src/hook.js', 'libraries/ortbConverter/converter.js'])
        expect(
          inputs.filter((input) => input.endsWith(core)),
          core,
        ).toHaveLength(1);
    });

    it("runs the auction: one text/plain POST with the params, the partner's cookie, won with the CPM at ext.bidfields.cpm", { timeout: 60_000 }, async () => {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      // The partner's user-matching cookie, as a cookie sync would have left it.
      await context.addCookies([{ name: 'partner_uid', value: 'u-123', domain: 'localhost', path: '/', secure: true, sameSite: 'None' }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await page.goto(`${origin}/auction`);
        await page.waitForFunction(() => (window as unknown as { __result?: unknown }).__result, undefined, { timeout: 20_000 });
        const result = (await page.evaluate(() => (window as unknown as { __result: unknown }).__result)) as {
          timedOut: boolean;
          bids: Record<string, { cpm: number; bidder: string }[]>;
          winners: unknown[];
        };
        expect(errors).toEqual([]);
        const sent = partner.received.filter((request) => request.scenario === 'ext-cpm');
        expect(sent.map((request) => [request.method, request.contentType?.split(';')[0]])).toEqual([['POST', 'text/plain']]);
        expect(sent[0]!.cookie).toContain('partner_uid=u-123');
        const body = JSON.parse(sent[0]!.body);
        const byTag = Object.fromEntries(body.imp.map((imp: { tagid: string }) => [imp.tagid, imp]));
        expect(Object.keys(byTag).sort()).toEqual(['side-banner', 'top-banner']); // 'broken' had invalid params
        expect(byTag['top-banner']).toMatchObject({
          banner: {
            format: [
              { w: 300, h: 250 },
              { w: 300, h: 600 },
            ],
          },
          ext: { zone: 7 },
        });
        expect(byTag['side-banner'].ext).toEqual({ zone: 3 });
        expect(body.site).toMatchObject({ id: 'site-7', publisher: { id: 'pub-42' }, page: `${origin}/auction` });
        expect(result.timedOut).toBe(false);
        expect(result.bids.top).toEqual([{ bidder: CODE, cpm: 2.5, width: 300, height: 250, creativeId: 'cr-0', currency: 'USD', mediaType: 'banner' }]);
        expect(result.winners).toEqual(
          expect.arrayContaining([
            { code: 'top', bidder: CODE, cpm: 2.5 },
            { code: 'side', bidder: CODE, cpm: 3.5 },
          ]),
        );
      } finally {
        await context.close();
      }
    });
  },
);
