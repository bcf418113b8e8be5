// The publisher's pages, served over plain http from 127.0.0.1: `/npm/<scenario>` loads the bundle built from
// the outside project (Prebid.js + `bidfields/prebid`, registered at once since Prebid is loaded), and
// `/tag/<scenario>` loads dist/bidfields-prebid.js by script tag BEFORE a Prebid-only bundle, so the bidder is
// registered through `pbjs.que` (after the page has already queued its auction: it must still run first).
// `/gen/<scenario>` and `/gen-tag/<scenario>` do the same with an adapter generated at build time by
// `generatePrebidAdapter` instead of a record. All run the same auction and leave its outcome in `window.__result`.
import http from 'node:http';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';

export const FIELDS = [
  { name: 'prd.impTagId', type: 'text', display: 'Tag id', required: true },
  { name: 'prd.appPublisherId', type: 'text', display: 'Publisher id' },
  { name: 'prd.appSiteId', type: 'text', display: 'Site id' },
  { name: 'zone', type: 'number', display: 'Zone', integer: true },
  {
    name: 'predefinedImpExt.deal.tier',
    type: 'select',
    display: 'Deal tier',
    options: [
      { name: 'Gold', value: 1 },
      { name: 'Silver', value: 2 },
    ],
  },
];

export const AD_UNITS = [
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
    bids: [
      {
        bidder: 'acme',
        params: { 'prd.impTagId': 'top-banner', 'prd.appPublisherId': 'pub-42', 'prd.appSiteId': 'site-7', zone: 7, 'predefinedImpExt.deal.tier': 2 },
      },
    ],
  },
  { code: 'side', mediaTypes: { banner: { sizes: [[160, 600]] } }, bids: [{ bidder: 'acme', params: { 'prd.impTagId': 'side-banner', zone: '3' } }] },
  {
    code: 'player',
    mediaTypes: { video: { context: 'instream', playerSize: [[640, 480]], mimes: ['video/mp4'], protocols: [2, 3] } },
    bids: [{ bidder: 'acme', params: { 'prd.impTagId': 'preroll' } }],
  },
  { code: 'broken', mediaTypes: { banner: { sizes: [[728, 90]] } }, bids: [{ bidder: 'acme', params: { zone: 'abc' } }] },
];

/** A native ad unit, added on the native scenario's page only (the other scenarios' requests stay as they are). */
export const NATIVE_UNIT = {
  code: 'feed',
  mediaTypes: { native: { ortb: { ver: '1.2', assets: [{ id: 1, required: 1, title: { len: 80 } }] } } },
  bids: [{ bidder: 'acme', params: { 'prd.impTagId': 'feed-native' } }],
};

/** The auction every page runs; its outcome lands in window.__result. */
const AUCTION = `function auction() {
  pbjs.addAdUnits(${JSON.stringify(AD_UNITS)}.concat(location.pathname.indexOf('/native-') >= 0 ? [${JSON.stringify(NATIVE_UNIT)}] : []));
  pbjs.requestBids({
    timeout: 4000,
    bidsBackHandler: function (responses, timedOut) {
      var bids = {};
      Object.keys(responses || {}).forEach(function (code) {
        bids[code] = responses[code].bids.map(function (b) {
          return { bidder: b.bidderCode, cpm: b.cpm, width: b.width, height: b.height, ad: b.ad, mediaType: b.mediaType,
            creativeId: b.creativeId, currency: b.currency, ttl: b.ttl, netRevenue: b.netRevenue, advertiserDomains: b.meta && b.meta.advertiserDomains,
            brandName: b.meta && b.meta.brandName, dealPriority: b.dealPriority };
        });
      });
      var winners = pbjs.getHighestCpmBids().map(function (b) { return { code: b.adUnitCode, bidder: b.bidderCode, cpm: b.cpm }; });
      // The notices scenario renders the top winner, as an ad server's creative would, so its notices fire.
      var top = pbjs.getHighestCpmBids('top')[0];
      if (location.pathname.slice(-8) === '/notices' && top) {
        var frame = document.createElement('iframe');
        document.body.appendChild(frame);
        pbjs.renderAd(frame.contentWindow.document, top.adId);
      }
      window.__result = { timedOut: !!timedOut, bids: bids, winners: winners };
    }
  });
}`;

export type Variant = 'npm' | 'tag' | 'gen' | 'gen-tag';

function page(variant: Variant, config: unknown, scenario: string): string {
  const setup = `window.bidfieldsConfig = ${JSON.stringify(config)}; window.pbjs = window.pbjs || { que: [] }; ${AUCTION}`;
  const scripts = {
    npm: '<script src="/outside-page.js"></script>',
    tag: `<script src="/bidfields-prebid.js"></script>
<script>bidfieldsPrebid.registerPrebidBidder(window.pbjs, bidfieldsConfig.record, bidfieldsConfig.options);</script>
<script src="/prebid-only.js"></script>`,
    // Adapters generated at build time (their record, endpoint included, is in the module): Prebid.js + the
    // generated adapter in one bundle, or the generated adapter alone before a Prebid-only bundle (pbjs.que).
    gen: `<script src="/generated-${scenario === 'split' || scenario === 'answers' ? `${scenario}-` : ''}page.js"></script>`,
    'gen-tag': '<script src="/generated-adapter.js"></script><script src="/prebid-only.js"></script>',
  }[variant];
  return `<!doctype html><html><head><meta charset="utf-8"><title>bidfields ${variant}</title></head><body><script>${setup}; pbjs.que.push(auction);</script>${scripts}</body></html>`;
}

/**
 * The adapter record and options for a scenario: the endpoint path names it; `price` reads the plain price. `split`
 * (docs/spec.md#records): an endpoint template whose path takes each bid's zone (default 1), and one request per bid.
 */
export function configFor(scenario: string, partnerPort: number) {
  if (scenario === 'split') {
    return {
      record: {
        protocol: 'prebid-js',
        endpoint: `https://localhost:${partnerPort}/bid/split-{zone}`,
        cpmField: 'ext.bidfields.cpm',
        bidderCode: 'acme',
        split: 'imp',
        fields: FIELDS.map((field) => (field.name === 'zone' ? { ...field, default: 1 } : field)),
      },
      options: { knownEndpoints: ['localhost'], allowLocal: true, ttl: 120 },
    };
  }
  return {
    record: {
      protocol: 'prebid-js',
      endpoint: `https://localhost:${partnerPort}/bid/${scenario}`,
      cpmField: scenario === 'price' ? 'price' : 'ext.bidfields.cpm',
      bidderCode: 'acme',
      fields: FIELDS,
      // The answers scenario's partner answers by its own rules (docs/spec.md#read-bids): its bids' type, brand, deal
      // priority and price macro, read by the core's one reader.
      ...(scenario === 'answers' && {
        response: {
          bidType: [{ from: 'ext.kind', map: { display: 'banner' } }],
          meta: { brandName: 'ext.brand' },
          dealPriority: 'ext.priority',
          macros: ['adm'],
          dropZeroPrice: true,
        },
      }),
    },
    options: { knownEndpoints: ['localhost'], allowLocal: true, ttl: 120 },
  };
}

/** Serves the pages and the three scripts (paths of the built files). */
export async function startPages(scripts: Record<string, string>, partnerPort: number): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const script = scripts[url.pathname];
    if (script) {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(fs.readFileSync(script));
      return;
    }
    const match = /^\/(npm|tag|gen|gen-tag)\/([a-z-]+)$/.exec(url.pathname);
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(page(match[1] as Variant, configFor(match[2]!, partnerPort), match[2]!));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
