// No spec function may throw, whatever Prebid passes or the partner answers: a throw inside Prebid's auction can
// lose every bidder's bids (getUserSyncs is not even caught). Hand-picked hostile inputs, then random JSON, against
// both bidders: the record-taking one and an adapter generated at build time from the same record.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createPrebidBidder } from '../../src/prebid/index.js';
import type { PrebidBidderSpec } from '../../src/prebid/types.js';
import { bid, bidderRequest, quiet, record } from './fixtures.js';
import { generatedSpec } from './generated.js';

// The generated adapter logs through console.warn (it has no log option).
vi.spyOn(console, 'warn').mockImplementation(() => {});
const bidders: [string, PrebidBidderSpec][] = [
  ['record-taking bidder', createPrebidBidder(record, quiet)],
  ['generated adapter', await generatedSpec(record, quiet.knownEndpoints as string[])],
];
const throwing = new Proxy(
  {},
  {
    get: () => {
      throw new Error('trap');
    },
    getPrototypeOf: () => {
      throw new Error('trap');
    },
  },
);
const cyclic: Record<string, unknown> = { site: {} };
cyclic.self = cyclic;
const hostile: unknown[] = [
  undefined,
  null,
  0,
  NaN,
  '',
  'x',
  [],
  [null],
  {},
  throwing,
  Object.create(null),
  JSON.parse('{"__proto__":{"x":1}}'),
  () => 1,
  Symbol('s'),
  10n,
];

describe.each(bidders)('the spec never throws: %s', (_name, spec) => {
  const [sent] = spec.buildRequests([bid('b1'), bid('b2')], bidderRequest);
  it('isBidRequestValid: false for anything unusable', () => {
    for (const input of hostile) expect(spec.isBidRequestValid(input as never)).toBe(false);
    expect(spec.isBidRequestValid({ params: throwing })).toBe(false);
  });
  it('buildRequests: [] for anything unusable, and a bad bid does not cost the good ones', () => {
    for (const bids of hostile) for (const request of hostile) expect(spec.buildRequests(bids as never, request as never)).toEqual([]);
    expect(spec.buildRequests([bid()], { ...bidderRequest, ortb2: cyclic })).toEqual([]);
    const [request] = spec.buildRequests([...hostile, throwing, bid('ok'), { ...bid('x'), mediaTypes: throwing }] as never, bidderRequest);
    expect(JSON.parse(request!.data).imp.map((imp: { id: string }) => imp.id)).toEqual(['ok']);
  });
  it("the floors module's getFloor and the ad unit's formats, whatever they are, cost at most their own bid", () => {
    // A getFloor that throws, answers anything or traps: the bid goes without that floor. A format that traps: that
    // bid is left out, the others go.
    const answers = [
      ...hostile,
      { floor: throwing, currency: 'USD' },
      { floor: 1, currency: throwing },
      { floor: 1, currency: 10n },
      { floor: -1, currency: 'USD' },
    ];
    const floored = answers.map((answer, i) => ({ ...bid(`f${i}`), getFloor: () => answer }));
    const formats = [
      { ...bid('t'), ortb2Imp: { banner: { format: [throwing] } } },
      { ...bid('n'), ortb2Imp: { banner: { format: [null, 7, { w: 300 }, { w: null, h: 250 }] } }, getFloor: () => ({ floor: 2, currency: 'USD' }) },
    ];
    const [request] = spec.buildRequests([...floored, ...formats, { ...bid('g'), getFloor: throwing }, bid('ok')] as never, bidderRequest);
    const imps = JSON.parse(request!.data).imp as { id: string; bidfloor?: unknown; banner?: { format: unknown[] } }[];
    expect(imps.map((imp) => imp.id)).toEqual([...answers.map((_, i) => `f${i}`), 'n', 'g', 'ok']);
    // Only a number other than 0 with a currency (a string) is a floor: -1 too, as Prebid's converter takes it.
    expect(imps.filter((imp) => imp.bidfloor !== undefined).map((imp) => [imp.id, imp.bidfloor])).toEqual([
      [`f${hostile.length + 3}`, -1],
      ['n', 2],
    ]);
    expect(imps.find((imp) => imp.id === 'n')!.banner!.format).toEqual([null, 7, { w: 300 }, { w: null, h: 250 }]);
  });
  it('first-party data JSON cannot write (a BigInt, a cycle, a toJSON that throws) costs its own bid only', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const unwritable = [
      { ext: { n: 10n } },
      { ext: cycle },
      {
        ext: {
          toJSON: () => {
            throw new Error('trap');
          },
        },
      },
    ];
    const [request] = spec.buildRequests([...unwritable.map((ortb2Imp, i) => ({ ...bid(`x${i}`), ortb2Imp })), bid('ok')] as never, bidderRequest);
    expect(JSON.parse(request!.data).imp.map((imp: { id: string }) => imp.id)).toEqual(['ok']);
  });
  it('interpretResponse: [] for anything unusable', () => {
    for (const response of hostile) for (const request of [...hostile, sent]) expect(spec.interpretResponse(response as never, request as never)).toEqual([]);
    for (const body of hostile) expect(spec.interpretResponse({ body }, sent!)).toEqual([]);
    expect(spec.interpretResponse({ body: { seatbid: [{ bid: [throwing, { impid: 'b1', ext: throwing, adm: 'a' }] }] } }, sent!)).toEqual([]);
  });
  it('random JSON as bids, bidderRequest and partner answer: arrays out, never a throw', () => {
    // Half the CPMs and markups are usable, so that bids come out and are checked, not only refusals.
    const cpm = fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.jsonValue());
    const adm = fc.oneof(fc.constant('<div>ad</div>'), fc.jsonValue());
    const response = fc.oneof(
      fc.jsonValue(),
      fc.record({
        seatbid: fc.array(
          fc.record(
            {
              bid: fc.array(
                fc.record(
                  {
                    impid: fc.constantFrom('b1', 'b2', 'x'),
                    ext: fc.record({ cpm }),
                    adm,
                    mtype: fc.oneof(fc.constant(undefined), fc.jsonValue()),
                    w: fc.jsonValue(),
                    h: fc.jsonValue(),
                  },
                  { requiredKeys: [] },
                ),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
      }),
    );
    let checked = 0;
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), fc.jsonValue(), response, (bids, request, body) => {
        expect(Array.isArray(spec.buildRequests(bids as never, request as never))).toBe(true);
        const out = spec.interpretResponse({ body }, sent!);
        expect(Array.isArray(out)).toBe(true);
        for (const found of out) expect(Number.isFinite(found.cpm) && found.cpm >= 0).toBe(true);
        checked += out.length;
      }),
      { numRuns: process.env.CI ? 5000 : 300 },
    );
    expect(checked).toBeGreaterThan(0);
  }, 120_000);
});

// The same for a record that uses every engine feature (keys, a boolean, constants, request ext, alsoTo, a one-of
// group): hostile and random params, bids and first-party data never make a spec function throw.
const featured = {
  ...record,
  fields: [
    { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', alsoTo: ['predefinedImpExt.bidder.placementId', 'prd.appSiteId'] },
    { name: 'predefinedRequestExt.partner.id', param: 'partnerId', type: 'number', display: 'Partner' },
    { name: 'predefinedImpExt.bidder.test', param: 'test', type: 'boolean', display: 'Test', default: true },
  ],
  constants: [
    { name: 'predefinedImpExt.bidder.source', value: { tags: ['a'] } },
    { name: 'predefinedRequestExt.partner.client', value: [1, { v: 2 }] },
  ],
  requireOneOf: [['placementId', 'partnerId']],
} as typeof record;
const featuredBidders: [string, PrebidBidderSpec][] = [
  ['record-taking bidder', createPrebidBidder(featured, quiet)],
  ['generated adapter', await generatedSpec(featured, quiet.knownEndpoints as string[])],
];

describe.each(featuredBidders)('the spec never throws, §8 record: %s', (_name, spec) => {
  const ok = { placementId: 'p', partnerId: 7 };
  it('hostile params and first-party data: false or [] (or the bids that are valid), never a throw', () => {
    for (const params of [
      ...hostile,
      { placementId: throwing },
      { test: throwing },
      JSON.parse('{"__proto__": {"placementId": "x"}}'),
      { placementId: JSON.parse('{"__proto__": 1}') },
    ]) {
      expect(spec.isBidRequestValid(bid('b1', params))).toBe(false);
      expect(spec.buildRequests([bid('b1', params)], bidderRequest)).toEqual([]);
    }
    for (const ortb2 of [
      ...hostile,
      cyclic,
      { ext: throwing },
      { ext: 'x' },
      { ext: { partner: [] } },
      { site: throwing },
      JSON.parse('{"ext": {"__proto__": {"partner": 1}}}'),
    ]) {
      expect(Array.isArray(spec.buildRequests([bid('b1', ok)], { ...bidderRequest, ortb2 } as never))).toBe(true);
    }
    const [request] = spec.buildRequests([bid('b1', ok), bid('b2', { placementId: 'q' })], bidderRequest);
    expect(JSON.parse(request!.data)).toMatchObject({ site: { id: 'q' }, ext: { partner: { id: 7, client: [1, { v: 2 }] } } });
    expect(({} as Record<string, unknown>).placementId).toBeUndefined();
  });
  it('random JSON as params and ortb2: booleans and arrays out, never a throw', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (params, ortb2) => {
        expect(typeof spec.isBidRequestValid(bid('b1', params))).toBe('boolean');
        expect(Array.isArray(spec.buildRequests([bid('b1', params), bid('b2', ok)], { ...bidderRequest, ortb2 } as never))).toBe(true);
      }),
      { numRuns: process.env.CI ? 2000 : 200 },
    );
  });
});

// The same for a record with an endpoint template and split (docs/spec.md#records): hostile and random params fill the URL
// (the template feature) and group the bids (requestsByUrl) without a throw; every URL sent is the template's.
const templated = {
  ...record,
  endpoint: 'https://{region}.bid.partner.example/pub/{publisherId}',
  split: 'imp',
  fields: [
    { name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'Region', default: 'eu' },
    { name: 'prd.appPublisherId', param: 'publisherId', type: 'number', display: 'Publisher', required: true },
    { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement' },
  ],
} as typeof record;
const templateKnown = { ...quiet, knownEndpoints: ['*.bid.partner.example'] };
const templatedBidders: [string, PrebidBidderSpec][] = [
  ['record-taking bidder', createPrebidBidder(templated, templateKnown)],
  ['generated adapter', await generatedSpec(templated, templateKnown.knownEndpoints as string[])],
];

describe.each(templatedBidders)('the spec never throws, template and split: %s', (_name, spec) => {
  const urlOk = (url: string) => /^https:\/\/[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.bid\.partner\.example\/pub\/[^/?#]+$/.test(url);
  it('hostile params: false or [], never a throw', () => {
    for (const params of [
      ...hostile,
      { region: throwing },
      { region: 'x.evil.com', publisherId: 1 },
      { region: '..', publisherId: 1 },
      { publisherId: throwing },
      JSON.parse('{"__proto__": {"region": "x"}}'),
    ]) {
      expect(spec.isBidRequestValid(bid('b1', params))).toBe(false);
      expect(spec.buildRequests([bid('b1', params)], bidderRequest)).toEqual([]);
    }
    const sent = spec.buildRequests(
      [
        ...hostile,
        throwing,
        bid('ok', { publisherId: 7 }),
        { ...bid('x', { publisherId: 7 }), mediaTypes: throwing },
        bid('ok2', { publisherId: 8, region: 'us' }),
      ] as never,
      bidderRequest,
    );
    expect(sent.map((request) => [request.url, JSON.parse(request.data).imp.map((imp: { id: string }) => imp.id)])).toEqual([
      ['https://eu.bid.partner.example/pub/7', ['ok']],
      ['https://us.bid.partner.example/pub/8', ['ok2']],
    ]);
  });
  it('random JSON as params: booleans and arrays out, every URL the template’s, never a throw', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.oneof(fc.string(), fc.jsonValue()), fc.jsonValue(), (params, region, ortb2) => {
        const one = { ...(params !== null && typeof params === 'object' && !Array.isArray(params) ? params : {}), region, publisherId: 3 };
        expect(typeof spec.isBidRequestValid(bid('b1', one))).toBe('boolean');
        const sent = spec.buildRequests([bid('b1', one), bid('b2', { publisherId: 4 }), bid('b3', params)], { ...bidderRequest, ortb2 } as never);
        expect(Array.isArray(sent)).toBe(true);
        for (const request of sent) expect(urlOk(request.url)).toBe(true);
      }),
      { numRuns: process.env.CI ? 2000 : 200 },
    );
  });
});
