// interpretResponse details where Prebid's own ortbConverter is the reference, against both bidders (the
// record-taking one and an adapter generated at build time from the same record): the answer's currency and the
// size of a bid without w/h.
import { describe, expect, it, vi } from 'vitest';
import { createPrebidBidder } from '../../src/prebid/index.js';
import type { PrebidBidderSpec } from '../../src/prebid/types.js';
import { bid, bidderRequest, quiet, record } from './fixtures.js';
import { generatedSpec } from './generated.js';

// The generated adapter logs through console.warn (it has no log option).
vi.spyOn(console, 'warn').mockImplementation(() => {});
const bidders: [string, PrebidBidderSpec][] = [
  ['record-taking bidder', createPrebidBidder(record, { ...quiet, currency: 'EUR' })],
  ['generated adapter', await generatedSpec(record, quiet.knownEndpoints as string[], { currency: 'EUR' })],
];

const nativeAdm = { link: { url: 'https://brand.example/' }, assets: [{ id: 1, title: { text: 'Hello' } }] };

describe.each(bidders)('interpretResponse: %s', (_name, spec) => {
  const [sent] = spec.buildRequests([bid('b1')], bidderRequest);
  const answer = (body: object, request = sent!) =>
    spec.interpretResponse({ body: { seatbid: [{ bid: [{ impid: 'b1', ext: { cpm: 1 }, adm: '<b>' }] }], ...body } }, request);

  it("currency: the answer's cur when it is a currency code, else the currency option (Prebid: cur || the bidder's)", () => {
    expect(answer({ cur: 'GBP' })).toMatchObject([{ currency: 'GBP' }]);
    expect(answer({})).toMatchObject([{ currency: 'EUR' }]);
    for (const cur of ['', null, 7, ['GBP'], { code: 'GBP' }, 'gbp', 'GB', 'GBPX', ' GBP']) expect(answer({ cur })).toMatchObject([{ currency: 'EUR' }]);
  });

  it("a bid without w/h takes no size from the imp: a banner bid's is Prebid's core to fill from its ad unit, as for the converter's", () => {
    const assets = [{ id: 1, required: 1, title: { len: 80 } }];
    const [request] = spec.buildRequests(
      [{ ...bid('b1'), mediaTypes: { banner: { sizes: [[300, 250]] }, native: {} }, nativeOrtbRequest: { assets } }],
      bidderRequest,
    );
    const imp = JSON.parse(request!.data).imp[0];
    expect(imp.banner.format).toEqual([{ w: 300, h: 250 }]);
    expect(imp.native).toBeDefined();
    const native = { impid: 'b1', ext: { cpm: 1 }, mtype: 4, adm: JSON.stringify(nativeAdm) };
    const [out] = spec.interpretResponse({ body: { seatbid: [{ bid: [native] }] } }, request!);
    expect(out).toMatchObject({ mediaType: 'native', native: { ortb: nativeAdm } });
    expect(out).not.toHaveProperty('width');
    expect(out).not.toHaveProperty('height');
    // With its own w/h a native bid keeps them, as in Prebid's converter. A banner bid without them goes to Prebid
    // without a size too: Prebid's core (bidderFactory's validBidSize) gives it the ad unit's size when the ad unit
    // has only one, else leaves it out, for every adapter (the conformance runs model that: sizedByPrebid).
    expect(spec.interpretResponse({ body: { seatbid: [{ bid: [{ ...native, w: 1200, h: 627 }] }] } }, request!)).toMatchObject([{ width: 1200, height: 627 }]);
    const [banner] = spec.interpretResponse({ body: { seatbid: [{ bid: [{ impid: 'b1', ext: { cpm: 1 }, mtype: 1, adm: '<b>' }] }] } }, request!);
    expect(banner).toMatchObject({ mediaType: 'banner' });
    expect(banner).not.toHaveProperty('width');
  });
});
