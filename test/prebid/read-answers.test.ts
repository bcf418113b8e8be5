// A record's `response` rules (docs/spec.md#read-bids) on the page, for both bidders (the record-taking one and an
// adapter generated at build time from the same record): each answer is read by the core's one reader, then made a
// Prebid bid as every other record's bids are. The same record without `response` reads the same answer by the CPM
// field alone, so each rule below is seen to change what the page hands Prebid.
import { describe, expect, it, vi } from 'vitest';
import { createPrebidBidder } from '../../src/prebid/index.js';
import { generatePrebidAdapter } from '../../src/codegen/index.js';
import type { AdapterRecord } from '../../src/core/types.js';
import type { PrebidBidderSpec } from '../../src/prebid/types.js';
import { bid, bidderRequest, quiet, record } from './fixtures.js';
import { generatedSpec } from './generated.js';

vi.spyOn(console, 'warn').mockImplementation(() => {});

const answered: AdapterRecord = {
  ...record,
  response: {
    bidType: [
      { from: 'ext.kind', map: { b: 'banner', v: 'video' } },
      { from: 'imp', order: ['video', 'banner'] },
    ],
    video: { duration: 'ext.seconds', primaryCategory: 'ext.category' },
    dealPriority: 'ext.priority',
    meta: { brandName: 'ext.brand', advertiserDomains: 'ext.domains' },
    macros: ['adm'],
    dropZeroPrice: true,
  },
} as AdapterRecord;

const known = quiet.knownEndpoints as string[];
const bidders: [string, PrebidBidderSpec][] = [
  ['record-taking bidder', createPrebidBidder(answered, quiet)],
  ['generated adapter', await generatedSpec(answered, known)],
];

const video = { video: { context: 'instream', playerSize: [[640, 360]], mimes: ['video/mp4'] } };
const multi = { ...bid('b1'), mediaTypes: { banner: { sizes: [[300, 250]] }, ...video } };

describe.each(bidders)('answers read by response rules: %s', (_name, spec) => {
  const [sent] = spec.buildRequests([multi, bid('b2')], bidderRequest);
  const read = (bids: object[], extra = {}) => spec.interpretResponse({ body: { cur: 'EUR', seatbid: [{ bid: bids }], ...extra } }, sent!);

  it('types a bid by the first rule that gives one: a mapped value, else the first media object of its imp in the given order', () => {
    const bids = read([
      { impid: 'b1', ext: { cpm: 2, kind: 'b' }, adm: '<b>', w: 300, h: 250 },
      { impid: 'b1', ext: { cpm: 3 }, adm: '<VAST/>' },
      { impid: 'b2', ext: { cpm: 1, kind: 'x' }, adm: '<i>', w: 300, h: 250 },
    ]);
    expect(bids.map((one) => [one.requestId, one.mediaType, one.cpm, one.currency])).toEqual([
      ['b1', 'banner', 2, 'EUR'],
      ['b1', 'video', 3, 'EUR'],
      ['b2', 'banner', 1, 'EUR'],
    ]);
    expect(bids[1]).toMatchObject({ vastXml: '<VAST/>', playerWidth: 640, playerHeight: 360 });
  });

  it("reads a video bid's duration and category, a deal priority and meta by their paths, and replaces the price macro in adm", () => {
    const [one] = read([
      {
        impid: 'b1',
        ext: { cpm: 1.5, kind: 'v', seconds: 30, category: 'IAB1', priority: 5, brand: 'Brand', domains: ['brand.example'] },
        adomain: ['ignored.example'],
        adm: '<VAST><Price>${AUCTION_PRICE}</Price></VAST>',
      },
    ]);
    expect(one).toMatchObject({ mediaType: 'video', duration: 30, dealPriority: 5, vastXml: '<VAST><Price>1.5</Price></VAST>' });
    expect(one!.meta).toEqual({ brandName: 'Brand', advertiserDomains: ['brand.example'], primaryCatId: 'IAB1' });
  });

  it('drops a zero price, and a bid whose value no rule types; leaves out a meta value of the wrong kind, keeping the bid', () => {
    expect(read([{ impid: 'b1', ext: { cpm: 0, kind: 'b' }, adm: '<b>', w: 1, h: 1 }])).toEqual([]);
    const [one] = read([{ impid: 'b2', ext: { cpm: 1, brand: 7 }, adm: '<b>', w: 1, h: 1 }]);
    expect(one!.meta).toEqual({});
    expect(one!.mediaType).toBe('banner');
  });

  it('gives no bids for an answer that is not an object, and never throws', () => {
    for (const body of [null, 'text', [], { seatbid: 'x' }, { cur: 'eur', seatbid: [] }]) expect(spec.interpretResponse({ body }, sent!)).toEqual([]);
  });
});

describe('the same answer without response rules', () => {
  it('reads the CPM field alone: the type from mtype or a single-media imp, no deal priority, meta or macros', () => {
    const [spec] = [createPrebidBidder(record, quiet)];
    const [sent] = spec.buildRequests([multi, bid('b2')], bidderRequest);
    const body = { seatbid: [{ bid: [{ impid: 'b2', ext: { cpm: 1, kind: 'v', priority: 5, brand: 'B' }, adm: '${AUCTION_PRICE}', w: 1, h: 1 }] }] };
    const [one] = spec.interpretResponse({ body }, sent!);
    expect(one).toMatchObject({ mediaType: 'banner', ad: '${AUCTION_PRICE}', meta: {} });
    expect(one).not.toHaveProperty('dealPriority');
  });
});

describe('the generated module', () => {
  const text = (input: AdapterRecord) => generatePrebidAdapter(input, { knownEndpoints: known }).files[0].text;

  it('imports and passes the reader only for a record with response', () => {
    expect(text(record)).not.toContain('readAnswers');
    expect(text(answered)).toMatch(/import \{ registerOnPage, readAnswers \} from "bidfields\/prebid-runtime";/);
    expect(text(answered)).toMatch(/, undefined, readAnswers\);\n$/);
  });
});

describe('what the page logs', () => {
  it("logs the reader's issues as bids left out and its warnings as values left out, each with the issue", () => {
    const log = vi.fn();
    const spec = createPrebidBidder(answered, { ...quiet, log });
    const [sent] = spec.buildRequests([bid('b2')], bidderRequest);
    spec.interpretResponse(
      {
        body: {
          seatbid: [
            {
              bid: [
                { impid: 'nope', ext: { cpm: 1 } },
                { impid: 'b2', ext: { cpm: 1, brand: 7 }, adm: '<b>', w: 1, h: 1 },
              ],
            },
          ],
        },
      },
      sent!,
    );
    expect(log.mock.calls.map(([message, issue]) => [message, issue.code, issue.path])).toEqual([
      ['bidfields acme: bid left out', 'invalid_bid', '/seatbid/0/bid/0'],
      ['bidfields acme: bid value left out', 'bid_field_skipped', '/seatbid/0/bid/1/ext/brand'],
    ]);
  });
});
