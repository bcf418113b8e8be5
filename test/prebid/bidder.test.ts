// createPrebidBidder: config-time failures throw BidfieldsError; the spec's options (ttl, currency, netRevenue,
// withCredentials, log) do what they say; Prebid's proxies over bid requests are read like plain objects; the
// request-level first-party data is not changed.
import { describe, expect, it } from 'vitest';
import { BidfieldsError, createPrebidBidder } from '../../src/prebid/index.js';
import { MAX_AD, MAX_BIDS } from '../../src/prebid/interpret-response.js';
import { bid, bidderRequest, quiet, record } from './fixtures.js';

const issuesOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BidfieldsError);
    return (error as BidfieldsError).issues.map((found) => `${found.code} ${found.path}`);
  }
  throw new Error('did not throw');
};

describe('createPrebidBidder at config time', () => {
  it('returns a spec named by the bidder code', () => {
    const spec = createPrebidBidder(record, quiet);
    expect(spec.code).toBe('acme');
    expect(spec.supportedMediaTypes).toEqual(['banner', 'video', 'native']);
  });
  it('throws every issue of a bad record', () => {
    expect(issuesOf(() => createPrebidBidder({ ...record, endpoint: 'https://evil.example/x', cpmField: '__proto__.x' }, quiet))).toEqual(
      expect.arrayContaining(['unknown_endpoint /endpoint', 'invalid_cpm_field /cpmField']),
    );
    expect(issuesOf(() => createPrebidBidder({ ...record, protocol: 'prebid-server' }, quiet))).toEqual(['wrong_protocol /protocol']);
    const { endpoint: _unused, ...withoutEndpoint } = record;
    expect(issuesOf(() => createPrebidBidder(withoutEndpoint, quiet))).toEqual(['invalid_endpoint /endpoint']);
    expect(issuesOf(() => createPrebidBidder({ ...record, endpoint: 'https://bid.partner.example/rtb?x=1' }, quiet))).toEqual(['invalid_endpoint /endpoint']);
  });
  it('puts the gvlid option on the spec (Prebid registers it for TCF consent checks) and refuses one that is not a positive integer', () => {
    expect(createPrebidBidder(record, { ...quiet, gvlid: 999 }).gvlid).toBe(999);
    expect(createPrebidBidder(record, quiet)).not.toHaveProperty('gvlid');
    for (const gvlid of [0, -1, 1.5, '999', NaN])
      expect(issuesOf(() => createPrebidBidder(record, { ...quiet, gvlid: gvlid as number }))).toEqual(['invalid_gvlid /gvlid']);
  });
  it('refuses localhost unless allowLocal and listed', () => {
    const local = { ...record, endpoint: 'https://localhost:8443/bid' };
    expect(issuesOf(() => createPrebidBidder(local, { knownEndpoints: ['localhost'] }))).toEqual(['invalid_endpoint /endpoint']);
    expect(createPrebidBidder(local, { knownEndpoints: ['localhost'], allowLocal: true }).code).toBe('acme');
  });
});

describe('the spec at auction time', () => {
  it('logs why params are invalid, through the log option, prefixed with the bidder code', () => {
    const lines: string[] = [];
    const spec = createPrebidBidder(record, { ...quiet, log: (message) => lines.push(message) });
    expect(spec.isBidRequestValid(bid('b1', { zone: 'x' }))).toBe(false);
    expect(lines).toEqual(['bidfields acme: invalid params']);
  });
  it('survives a logger that throws', () => {
    const spec = createPrebidBidder(record, {
      ...quiet,
      log: () => {
        throw new Error('logger down');
      },
    });
    expect(spec.isBidRequestValid(bid('b1', {}))).toBe(false);
    expect(spec.interpretResponse({ body: { seatbid: [{ bid: [{ impid: 'nope' }] }] } }, spec.buildRequests([bid()], bidderRequest)[0]!)).toEqual([]);
  });
  it('reads bids through proxies, as Prebid passes them (its TID guard)', () => {
    const spec = createPrebidBidder(record, quiet);
    const proxied = new Proxy(bid('p1', { 'prd.impTagId': 'via-proxy' }), {});
    expect(spec.isBidRequestValid(proxied)).toBe(true);
    const [request] = spec.buildRequests([proxied], new Proxy(bidderRequest, {}));
    expect(JSON.parse(request!.data).imp[0]).toMatchObject({ id: 'p1', tagid: 'via-proxy' });
  });
  it('does not change bidderRequest.ortb2 (the shared objects are copied on write by the core)', () => {
    const spec = createPrebidBidder(record, quiet);
    const ortb2 = structuredClone(bidderRequest.ortb2);
    const frozen = { ...bidderRequest, ortb2: Object.freeze({ site: Object.freeze({ ...ortb2.site }), device: Object.freeze({ ...ortb2.device }) }) };
    const [request] = spec.buildRequests([bid('b1', { 'prd.impTagId': 't', 'prd.appSiteId': 's1' })], frozen);
    expect(JSON.parse(request!.data).site).toEqual({ page: 'https://news.example/', id: 's1' });
    expect(frozen.ortb2).toEqual(ortb2);
  });
  it('applies the options: withCredentials, currency, ttl, netRevenue', () => {
    const spec = createPrebidBidder(record, { ...quiet, withCredentials: false, currency: 'EUR', ttl: 60, netRevenue: false });
    const [request] = spec.buildRequests([bid()], bidderRequest);
    // Prebid's content type (text/plain) is left to Prebid; the partner's cookies go unless the option says not.
    expect(request!.options).toEqual({ withCredentials: false });
    expect(createPrebidBidder(record, quiet).buildRequests([bid()], bidderRequest)[0]!.options).toEqual({ withCredentials: true });
    expect(createPrebidBidder(record, { ...quiet, withCredentials: true }).buildRequests([bid()], bidderRequest)[0]!.options).toEqual({
      withCredentials: true,
    });
    const [out] = spec.interpretResponse({ body: { seatbid: [{ bid: [{ impid: 'b1', ext: { cpm: 1 }, adm: '<b>', w: 300, h: 250 }] }] } }, request!);
    expect(out).toMatchObject({ currency: 'EUR', ttl: 60, netRevenue: false, width: 300, height: 250 });
  });
  it(`drops ad markup over ${MAX_AD} characters and reads at most ${MAX_BIDS} bids of one answer`, () => {
    const spec = createPrebidBidder(record, quiet);
    const [request] = spec.buildRequests([bid()], bidderRequest);
    const one = (adm: string) => ({ impid: 'b1', ext: { cpm: 1 }, adm });
    expect(spec.interpretResponse({ body: { seatbid: [{ bid: [one('x'.repeat(MAX_AD + 1))] }] } }, request!)).toEqual([]);
    expect(spec.interpretResponse({ body: { seatbid: [{ bid: [one('x'.repeat(MAX_AD))] }] } }, request!)).toHaveLength(1);
    const lines: string[] = [];
    const logged = createPrebidBidder(record, { ...quiet, log: (message) => lines.push(message) });
    const many = Array.from({ length: MAX_BIDS + 10 }, () => one('<b>'));
    expect(logged.interpretResponse({ body: { seatbid: [{ bid: many }] } }, request!)).toHaveLength(MAX_BIDS);
    // The bids past the first MAX_BIDS are logged as left out.
    expect(lines).toEqual(['bidfields acme: bids left out']);
    // Oversized markup is refused, not replaced by the win notice URL (which would then be served as the creative).
    const nurl = 'https://win.partner.example/n';
    expect(spec.interpretResponse({ body: { seatbid: [{ bid: [{ ...one('x'.repeat(MAX_AD + 1)), nurl }] }] } }, request!)).toEqual([]);
    const [video] = spec.buildRequests([{ ...bid('v1'), mediaTypes: { video: { playerSize: [640, 480] } } }], bidderRequest);
    expect(
      spec.interpretResponse({ body: { seatbid: [{ bid: [{ impid: 'v1', ext: { cpm: 1 }, adm: 'x'.repeat(MAX_AD + 1), nurl, mtype: 2 }] }] } }, video!),
    ).toEqual([]);
    expect(spec.interpretResponse({ body: { seatbid: [{ bid: [{ impid: 'v1', ext: { cpm: 1 }, nurl, mtype: 2 }] }] } }, video!)).toMatchObject([
      { vastUrl: nurl },
    ]);
    // Markup must be a string for banner and video: an object (a {native: …} wrapper included) is no markup.
    for (const adm of [{ native: 'x'.repeat(MAX_AD + 1) }, { native: '<b>' }, ['<b>']]) {
      expect(spec.interpretResponse({ body: { seatbid: [{ bid: [{ impid: 'b1', ext: { cpm: 1 }, adm }] }] } }, request!)).toEqual([]);
    }
  });
  it("sends the floors module's price floor as imp.bidfloor / bidfloorcur, asked in the bidder's currency", () => {
    const spec = createPrebidBidder(record, { ...quiet, currency: 'EUR' });
    const asked: unknown[] = [];
    const floored = (getFloor: (request: unknown) => unknown) => ({ ...bid('b1'), getFloor: (request: unknown) => (asked.push(request), getFloor(request)) });
    const imps = (bids: unknown[]) => JSON.parse(spec.buildRequests(bids as never, bidderRequest)[0]!.data).imp;
    expect(imps([floored(() => ({ floor: 1.25, currency: 'EUR' }))])[0]).toMatchObject({ bidfloor: 1.25, bidfloorcur: 'EUR' });
    // The ad unit's floor, then its media type's and its size's (each where it differs from the ad unit's), as Prebid's
    // converter asks them: the later ones in the ad unit's floor currency.
    expect(asked).toEqual([
      { currency: 'EUR', mediaType: '*', size: '*' },
      { currency: 'EUR', mediaType: 'banner', size: '*' },
      { currency: 'EUR', mediaType: 'banner', size: [300, 250] },
    ]);
    // The floor as text is read as a number, as Prebid's converter reads it.
    expect(imps([floored(() => ({ floor: '0.5', currency: 'EUR' }))])[0]).toMatchObject({ bidfloor: 0.5, bidfloorcur: 'EUR' });
    // No floor (the module has none, or cannot price this unit): the bid goes without one, never left out.
    for (const getFloor of [
      () => ({}),
      () => undefined,
      () => ({ floor: 0, currency: 'EUR' }),
      () => ({ floor: 'x', currency: 'EUR' }),
      () => ({ floor: 2 }),
      () => {
        throw new Error('no rule');
      },
    ]) {
      const [imp] = imps([floored(getFloor)]);
      expect(imp.id).toBe('b1');
      expect(imp).not.toHaveProperty('bidfloor');
    }
    expect(imps([{ ...bid('b1'), getFloor: 'not a function' }])[0]).not.toHaveProperty('bidfloor');
  });
  it("sends each media type's and banner size's floor where it differs from the ad unit's, as Prebid's converter does", () => {
    const spec = createPrebidBidder(record, { ...quiet, currency: 'EUR' });
    const asked: unknown[] = [];
    // A floors module whose rules price the 300x600 size and video higher, and the 728x90 size the same as the ad unit.
    const table: Record<string, unknown> = {
      '* *': { floor: 1, currency: 'EUR' },
      'banner *': { floor: 1, currency: 'EUR' },
      'banner 300x600': { floor: 2.5, currency: 'EUR' },
      'banner 728x90': { floor: 1, currency: 'EUR' },
      'video *': { floor: 4, currency: 'USD' },
    };
    const getFloor = (request: { mediaType: string; size: unknown }) => (
      asked.push(request),
      table[`${request.mediaType} ${Array.isArray(request.size) ? request.size.join('x') : request.size}`] ?? {}
    );
    // The publisher's own formats (ortb2Imp) are copied before one gets a floor, a flexible one (no w/h) asked nothing.
    const publisherFormats = [
      { w: 300, h: 600, ext: { keep: 1 } },
      { w: 728, h: 90 },
      { wratio: 16, hratio: 9, wmin: 320 },
    ];
    const ortb2Imp = { banner: { format: publisherFormats }, ext: { gpid: '/1/home' } };
    const before = JSON.stringify(ortb2Imp);
    const multi = { ...bid('b1'), mediaTypes: { banner: { sizes: [[300, 600]] }, video: { playerSize: [[640, 480]] } }, ortb2Imp, getFloor };
    const [imp] = JSON.parse(spec.buildRequests([multi] as never, bidderRequest)[0]!.data).imp;
    expect(imp).toMatchObject({ bidfloor: 1, bidfloorcur: 'EUR', ext: { gpid: '/1/home' } });
    expect(imp.banner.ext).toBeUndefined();
    expect(imp.banner.format).toEqual([
      { w: 300, h: 600, ext: { keep: 1, bidfloor: 2.5, bidfloorcur: 'EUR' } },
      { w: 728, h: 90 },
      { wratio: 16, hratio: 9, wmin: 320 },
    ]);
    expect(imp.video).toMatchObject({ w: 640, h: 480, ext: { bidfloor: 4, bidfloorcur: 'USD' } });
    expect(JSON.stringify(ortb2Imp)).toBe(before);
    expect(asked).toHaveLength(5);
    // Without an ad unit floor, a media type's floor is still sent where it has one.
    table['* *'] = {};
    const [unfloored] = JSON.parse(spec.buildRequests([multi] as never, bidderRequest)[0]!.data).imp;
    expect(unfloored).not.toHaveProperty('bidfloor');
    expect(unfloored.banner.ext).toEqual({ bidfloor: 1, bidfloorcur: 'EUR' });
    // The ad unit's own floor currency (ortb2Imp.bidfloorcur) is the one the later floors are asked in.
    asked.length = 0;
    spec.buildRequests([{ ...multi, ortb2Imp: { ...ortb2Imp, bidfloorcur: 'GBP' } }] as never, bidderRequest);
    expect(asked.map((request) => (request as { currency: string }).currency)).toEqual(['EUR', 'GBP', 'GBP', 'GBP', 'GBP']);
  });
  it("native imps: Prebid's request with assets, its ver, the ad unit's ortb2Imp.native keys; none without assets", () => {
    const spec = createPrebidBidder(record, quiet);
    const native = (nativeOrtbRequest: unknown, ortb2Imp?: unknown) => {
      const [request] = spec.buildRequests([{ ...bid('n1'), mediaTypes: { native: {} }, nativeOrtbRequest, ortb2Imp }], bidderRequest);
      return request && JSON.parse(request.data).imp[0].native;
    };
    const assets = [{ id: 1, required: 1, title: { len: 80 } }];
    // ver as the request has it (Prebid writes 1.2 into every nativeOrtbRequest), as Prebid's converter sends it.
    expect(native({ assets }, { native: { battr: [2] } })).toEqual({ request: JSON.stringify({ assets }), battr: [2] });
    expect(native({ ver: '1.1', assets })).toEqual({ request: JSON.stringify({ ver: '1.1', assets }), ver: '1.1' });
    expect(native({ assets: [] })).toBeUndefined();
    expect(native({ ver: '1.2' })).toBeUndefined();
  });
  it("sends the publisher's ortb2.cur as given, and no cur without it (as Prebid's converter without its currency module)", () => {
    const spec = createPrebidBidder(record, { ...quiet, currency: 'EUR' });
    const sent = (ortb2: unknown) => JSON.parse(spec.buildRequests([bid()], { ...bidderRequest, ortb2 })[0]!.data);
    expect(sent({ ...bidderRequest.ortb2, cur: ['GBP'] }).cur).toEqual(['GBP']);
    expect(sent(bidderRequest.ortb2)).not.toHaveProperty('cur');
  });
  it("with Prebid's currency module on and no ortb2.cur, sends cur as its converter does: the bidder's currency, else the publisher's", () => {
    // The module puts the publisher's currency in ortb2.ext.prebid.adServerCurrency; the converter sends
    // [context.currency || adServerCurrency].
    const ortb2 = { ...bidderRequest.ortb2, ext: { prebid: { adServerCurrency: 'GBP' } } };
    const sent = (options: { currency?: string }) =>
      JSON.parse(createPrebidBidder(record, { ...quiet, ...options }).buildRequests([bid()], { ...bidderRequest, ortb2 })[0]!.data);
    expect(sent({ currency: 'EUR' }).cur).toEqual(['EUR']);
    expect(sent({}).cur).toEqual(['GBP']);
    expect(sent({}).ext).toEqual({ prebid: { adServerCurrency: 'GBP' } });
  });
  it("sends test 0 unless ortb2 says otherwise, and the auction's timeout as tmax, as Prebid's converter does", () => {
    const spec = createPrebidBidder(record, quiet);
    const sent = (extra: Record<string, unknown>, ortb2: Record<string, unknown> = {}) =>
      JSON.parse(spec.buildRequests([bid()], { ...bidderRequest, ...extra, ortb2: { ...bidderRequest.ortb2, ...ortb2 } })[0]!.data);
    expect(sent({}).test).toBe(0);
    expect(sent({}, { test: 1 }).test).toBe(1);
    expect(sent({ timeout: 800 }).tmax).toBe(800);
    expect(sent({ timeout: '750' }).tmax).toBe(750);
    expect(sent({ timeout: 900.6 }).tmax).toBe(900);
    expect(sent({ timeout: 'soon' })).not.toHaveProperty('tmax');
  });
  it('says whether the page is the top frame (banner.topframe), as Prebid does', () => {
    const spec = createPrebidBidder(record, quiet);
    const banner = () => JSON.parse(spec.buildRequests([bid()], bidderRequest)[0]!.data).imp[0].banner;
    // No window (Node) is the top frame; in a page, window.top against window.self.
    expect(banner().topframe).toBe(1);
    const frame = {};
    Object.assign(globalThis, { top: frame, self: globalThis });
    try {
      expect(banner().topframe).toBe(0);
      Object.assign(globalThis, { top: globalThis });
      expect(banner().topframe).toBe(1);
    } finally {
      delete (globalThis as Record<string, unknown>).top;
      delete (globalThis as Record<string, unknown>).self;
    }
  });
  it('has no getUserSyncs: Prebid then configures no user syncs, and there is nothing to throw', () => {
    expect(createPrebidBidder(record, quiet)).not.toHaveProperty('getUserSyncs');
  });
});
