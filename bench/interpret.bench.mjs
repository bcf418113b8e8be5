// `npm run bench:interpret`: the page's `interpretResponse` (the record-taking bidder of dist/prebid.js, default
// rules, and with a record's `response` rules, docs/spec.md#read-bids) against Prebid's own `ortbConverter`
// (prebid.js 11, `fromORTB`) on the same 20-bid answer to the same request of ten ad units. Prebid runs in Node on
// jsdom's window. Timed by bench/rounds.mjs (interleaved rounds, CPU time, medians). A benchmark, not a test: it
// always exits 0.
import { createRequire } from 'node:module';
import { runRounds } from './rounds.mjs';
const require = createRequire(import.meta.url);
const { JSDOM } = require('jsdom');
const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url: 'https://publisher.example/article' });
for (const key of ['fetch', 'Request', 'Response', 'Headers']) if (!(key in dom.window)) dom.window[key] = globalThis[key];
globalThis.window = dom.window;
for (const key of Object.getOwnPropertyNames(dom.window)) if (!(key in globalThis)) globalThis[key] = dom.window[key];

const { ortbConverter } = await import(new URL('../node_modules/prebid.js/dist/src/libraries/ortbConverter/converter.js', import.meta.url).href);
const { createPrebidBidder } = await import('../dist/prebid.js');

const UNITS = 10;
const bids = Array.from({ length: UNITS }, (_, i) => ({
  bidId: `b${i}`,
  bidder: 'acme',
  adUnitCode: `slot-${i}`,
  params: { 'prd.impTagId': `tag-${i}` },
  mediaTypes: { banner: { sizes: [[300, 250]] } },
}));
const bidderRequest = { bidderRequestId: 'r1', auctionId: 'a1', timeout: 800, bids, ortb2: { site: { page: 'https://publisher.example/article' } } };
const base = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.partner.example/rtb',
  cpmField: 'price',
  bidderCode: 'acme',
  fields: [{ name: 'prd.impTagId', type: 'text', display: 'Tag' }],
};
const options = { knownEndpoints: ['bid.partner.example'], log: () => {} };
const answer = (ids) => ({
  id: 'r1',
  cur: 'USD',
  seatbid: [0, 1].map((s) => ({
    seat: `seat-${s}`,
    bid: Array.from({ length: 10 }, (_, b) => ({
      id: `x-${s}-${b}`,
      impid: ids[(s * 10 + b) % UNITS],
      price: 1.25 + b / 100,
      adm: '<div><img src="https://t.example/i.gif?p=${AUCTION_PRICE}"></div>',
      nurl: 'https://t.example/win?p=${AUCTION_PRICE}',
      adomain: ['brand.example'],
      crid: `c-${b}`,
      w: 300,
      h: 250,
      mtype: 1,
    })),
  })),
});

const converter = ortbConverter({ context: { netRevenue: true, ttl: 300, currency: 'USD' } });
const ortbRequest = converter.toORTB({ bidRequests: bids, bidderRequest });
const theirAnswer = answer(ortbRequest.imp.map((imp) => imp.id));
const contestants = { "Prebid's ortbConverter fromORTB": () => converter.fromORTB({ request: ortbRequest, response: theirAnswer }).bids };
for (const [name, record] of [
  ['bidfields interpretResponse, the CPM field', base],
  ['bidfields interpretResponse, response rules', { ...base, response: { macros: ['adm', 'nurl'] } }],
]) {
  const spec = createPrebidBidder(record, options);
  const [request] = spec.buildRequests(bids, bidderRequest);
  const body = answer(JSON.parse(request.data).imp.map((imp) => imp.id));
  contestants[name] = () => spec.interpretResponse({ body }, request);
}
for (const [name, run] of Object.entries(contestants)) {
  const got = run();
  if (got.length !== 20) throw new Error(`${name}: ${got.length} bids, not 20`);
}

runRounds(`20 bids answering ${UNITS} banner ad units`, contestants, {
  floor: "Prebid's ortbConverter fromORTB",
  goal: (name) => (name.startsWith('bidfields') ? 1.3 : undefined),
  batch: 500,
});
