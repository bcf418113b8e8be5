// `npm run bench:answers`: reading a partner's answer (docs/spec.md#read-bids) against parsing it. A 20-bid answer
// (two seats, ten imps, banner and video) to a request the RTB wrapper built is read by `readBids` with the default
// rules, and with three macros in every bid, two meta names and a deal priority; the floor is `JSON.parse` of the same
// body alone, which every reader pays. Timed by bench/rounds.mjs (interleaved rounds, CPU time, medians). A
// benchmark, not a test: it always exits 0.
import { buildRtbRequests, compile, readBids } from '../dist/index.js';
import { runRounds } from './rounds.mjs';

const IMPS = 10;
const request = {
  id: 'bench',
  imp: Array.from({ length: IMPS }, (_, i) =>
    i % 2 ? { id: `imp-${i}`, video: { mimes: ['video/mp4'], w: 640, h: 360 } } : { id: `imp-${i}`, banner: { w: 300, h: 250 } },
  ),
  site: { id: 's', page: 'https://news.example/a', publisher: { id: 'p' } },
};
const fields = [{ name: 'prd.impTagId', type: 'text', display: 'Tag id' }];
const base = { protocol: 'rtb', endpoint: 'https://bid.example.com/rtb', fields };
const records = {
  'readBids, default rules': base,
  'readBids, 3 macros, 2 meta, deal': {
    ...base,
    response: { macros: ['adm', 'nurl', 'burl'], meta: { advertiserName: 'ext.advertiser', networkId: 'ext.network' }, dealPriority: 'ext.dealPriority' },
  },
};
const bid = (s, b) => {
  const imp = (s * 10 + b) % IMPS;
  return {
    id: `bid-${s}-${b}`,
    impid: `imp-${imp}`,
    price: 1.25 + b / 100,
    adm:
      imp % 2
        ? '<VAST version="4.0"><Ad><Impression>https://t.example/imp?p=${AUCTION_PRICE}</Impression></Ad></VAST>'
        : '<div><img src="https://t.example/i.gif?p=${AUCTION_PRICE}"></div>',
    nurl: 'https://t.example/win?p=${AUCTION_PRICE}',
    burl: 'https://t.example/bill?p=${AUCTION_PRICE}',
    adomain: ['brand.example'],
    crid: `c-${b}`,
    w: 300,
    h: 250,
    mtype: imp % 2 ? 2 : 1,
    dur: 15,
    cat: ['IAB1'],
    ext: { advertiser: 'Brand', network: 42, dealPriority: 3 },
  };
};
const body = JSON.stringify({
  id: 'bench',
  cur: 'USD',
  seatbid: [0, 1].map((s) => ({ seat: `seat-${s}`, bid: Array.from({ length: 10 }, (_, b) => bid(s, b)) })),
});

const contestants = { 'JSON.parse (the floor)': () => JSON.parse(body) };
for (const [name, record] of Object.entries(records)) {
  const adapter = compile(record, { knownEndpoints: ['bid.example.com'] });
  const [http] = buildRtbRequests(adapter, request, [{ 'prd.impTagId': 't' }]);
  const response = { status: 200, body };
  const check = readBids(adapter, http, response);
  if (check.bids.length !== 20 || check.issues.length) throw new Error(`${name}: read ${check.bids.length} bids, ${JSON.stringify(check.issues)}`);
  contestants[name] = () => readBids(adapter, http, response);
}

runRounds(`answer of 20 bids, ${body.length} bytes`, contestants, {
  floor: 'JSON.parse (the floor)',
  goal: (name) => (name.startsWith('readBids') ? 1.3 : undefined),
  batch: 2000,
});
