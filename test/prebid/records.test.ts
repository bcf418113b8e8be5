// docs/spec.md#records in the page, against both bidders made from one record (the record-taking one and an adapter
// generated at build time, which imports only the engine features its record uses): params by key, booleans,
// constants (never shared between two requests), request ext, alsoTo, one-of groups; each bid's verdict and writes
// are the library's (`compile(record).safeEnrich` of that bid's one-imp request), and refused params are logged
// with the library's codes, paths (by key) and fields (names).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compile } from '../../src/core/compile/index.js';
import type { Issue } from '../../src/core/issues.js';
import type { AdapterRecord } from '../../src/core/types.js';
import { BidfieldsError, createPrebidBidder } from '../../src/prebid/index.js';
import type { PrebidBidderSpec } from '../../src/prebid/types.js';
import { bidderRequest, quiet } from './fixtures.js';
import { generatedSpec } from './generated.js';

const known = ['bid.partner.example'];
const base = { protocol: 'prebid-js', endpoint: 'https://bid.partner.example/rtb', cpmField: 'ext.cpm', bidderCode: 'acme' } as const;

/** Every docs/spec.md#records feature in one record. */
const record: AdapterRecord = {
  ...base,
  fields: [
    { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', alsoTo: ['predefinedImpExt.bidder.placementId'] },
    { name: 'predefinedImpExt.bidder.zone', param: 'zoneId', type: 'number', display: 'Zone', integer: true, alsoTo: ['prd.appSiteId'] },
    { name: 'predefinedRequestExt.partner.id', param: 'partnerId', type: 'text', display: 'Partner' },
    { name: 'predefinedImpExt.bidder.test', param: 'test', type: 'boolean', display: 'Test traffic', default: 'false' },
    { name: 'prd.appPublisherId', param: 'publisherId', type: 'text', display: 'Publisher' },
  ],
  constants: [
    { name: 'predefinedImpExt.is_prebid', value: true },
    { name: 'predefinedImpExt.bidder.source', value: { name: 'bidfields', tags: ['a', 'b'] } },
    { name: 'predefinedRequestExt.partner.client', value: { v: 1 } },
  ],
  requireOneOf: [['placementId', 'zoneId']],
};

const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
afterEach(() => warn.mockClear());
/** The issues each bidder logged as 'invalid params', as code, path and field. */
const logged = () =>
  warn.mock.calls
    .filter(([message]) => String(message).endsWith('invalid params'))
    .map(([, found]) => (found as Issue[]).map(({ code, path, field }) => ({ code, path, field })));

/** The params each bidder logged as ignored (a key the record does not know), in order. */
const ignored = () => warn.mock.calls.filter(([message]) => String(message).endsWith('bid param ignored')).map(([, key]) => key);

const bidders = async (input: AdapterRecord): Promise<[string, PrebidBidderSpec][]> => [
  ['record-taking bidder', createPrebidBidder(input, { knownEndpoints: known })],
  ['generated adapter', await generatedSpec(input, known)],
];
const bid = (id: string, params: unknown) => ({ bidId: id, bidder: 'acme', params, mediaTypes: { banner: { sizes: [[300, 250]] } } });
/** The request one auction sends, parsed. */
const sent = (spec: PrebidBidderSpec, bids: unknown[], request: unknown = bidderRequest) => {
  const [out] = spec.buildRequests(bids.filter((one) => spec.isBidRequestValid(one as never)) as never, request as never);
  return out && JSON.parse(out.data);
};

describe.each(await bidders(record))('§8 records in the page: %s', (_name, spec) => {
  const library = compile(record, { knownEndpoints: known });

  it('takes params by key, and writes each bid as the library enriches its one-imp request', () => {
    const params = { placementId: 'top', zoneId: '7', partnerId: 'p-1', test: 'true', publisherId: 4711 };
    const request = sent(spec, [bid('b1', params)]);
    const {
      imp: [imp],
      ...rest
    } = request;
    const expected = library.safeEnrich(
      { ...bidderRequest.ortb2, imp: [{ id: 'b1', secure: 1, banner: { topframe: 1, format: [{ w: 300, h: 250 }] } }] } as never,
      params,
    );
    expect(expected.ok).toBe(true);
    const {
      imp: [expectedImp],
      ...expectedRest
    } = (expected as { request: Record<string, any> }).request;
    expect(imp).toEqual(expectedImp);
    expect(rest).toMatchObject(expectedRest);
    // alsoTo: the tag id as text and the ext copy as the field holds it; the number as a string at prd.appSiteId.
    expect(imp).toMatchObject({
      tagid: 'top',
      ext: { is_prebid: true, bidder: { placementId: 'top', zone: 7, test: true, source: { name: 'bidfields', tags: ['a', 'b'] } } },
    });
    expect(request.site).toEqual({ page: 'https://news.example/', id: '7', publisher: { id: '4711' } });
    expect(request.ext).toEqual({ partner: { id: 'p-1', client: { v: 1 } } });
  });

  it("refuses params by name (a name is a param the record does not know: ignored, logged once), and logs the library's codes, paths (by key) and fields (names)", () => {
    const cases: unknown[] = [{ 'prd.impTagId': 'top' }, { placementId: 'top', test: 'yes' }, { zoneId: 1.5, placementId: {} }, {}, { test: true }];
    for (const params of cases) {
      expect(spec.isBidRequestValid(bid('b1', params))).toBe(false);
      // The library refuses a key no field has (unknown_field); the page ignores it, as Prebid adapters do.
      const expected = library
        .validateValues(params as never)
        .filter(({ code }) => code !== 'unknown_field')
        .map(({ code, path, field }) => ({ code, path, field }));
      expect(expected.length).toBeGreaterThan(0);
      expect(logged().at(-1)).toEqual(expected);
    }
    expect(logged()[0]).toEqual([{ code: 'missing_one_of', path: '', field: undefined }]);
    expect(logged()[1]).toEqual([{ code: 'invalid_value', path: '/test', field: 'predefinedImpExt.bidder.test' }]);
    expect(ignored()).toEqual(['prd.impTagId']);
    // Nothing is sent for them.
    expect(
      sent(
        spec,
        cases.map((params, i) => bid(`b${i}`, params)),
      ),
    ).toBeUndefined();
  });

  it('takes a bid whose params include one the record does not know, as Prebid adapters do: the param is ignored, and logged once', () => {
    const params = { placementId: 'top', legacyZone: 3 };
    expect(spec.isBidRequestValid(bid('b1', params))).toBe(true);
    expect(spec.isBidRequestValid(bid('b2', { ...params, legacyZone: 4 }))).toBe(true);
    const request = sent(spec, [bid('b1', params)]);
    expect(request.imp[0].tagid).toBe('top');
    expect(JSON.stringify(request)).not.toContain('legacyZone');
    expect(ignored()).toEqual(['legacyZone']);
    // The library keeps refusing it.
    expect(library.validateValues(params as never).map(({ code, path }) => [code, path])).toEqual([['unknown_field', '/legacyZone']]);
  });

  it('booleans: true, false and their strings; anything else is invalid; the default is a boolean', () => {
    for (const [test, written] of [
      [true, true],
      ['true', true],
      [false, false],
      ['false', false],
      [undefined, false],
      ['', false],
      [null, false],
    ] as const) {
      expect(sent(spec, [bid('b1', { zoneId: 1, test })]).imp[0].ext.bidder.test).toBe(written);
    }
    for (const test of ['yes', 1, 0, 'TRUE', [], {}]) expect(spec.isBidRequestValid(bid('b1', { zoneId: 1, test }))).toBe(false);
  });

  it('one-of groups count defaults and refuse a bid with none of the group', () => {
    expect(spec.isBidRequestValid(bid('b1', { test: true }))).toBe(false);
    expect(logged().at(-1)).toEqual([{ code: 'missing_one_of', path: '', field: undefined }]);
    expect(spec.isBidRequestValid(bid('b1', { zoneId: 3 }))).toBe(true);
    expect(spec.isBidRequestValid(bid('b1', { placementId: 'x' }))).toBe(true);
  });

  it("writes constants' objects afresh for every request and imp: no two share one", () => {
    const one = sent(spec, [bid('b1', { zoneId: 1 }), bid('b2', { zoneId: 2 })]);
    const two = sent(spec, [bid('b1', { zoneId: 1 })]);
    expect(one.imp[0].ext.bidder.source).toEqual(two.imp[0].ext.bidder.source);
    // Parsed from the bodies these are copies anyway: check the objects before serialising too.
    const bodies: unknown[] = [];
    const stringify = JSON.stringify;
    JSON.stringify = ((value: unknown, ...rest: never[]) => (bodies.push(value), stringify(value, ...rest))) as typeof JSON.stringify;
    try {
      spec.buildRequests([bid('b1', { zoneId: 1 }), bid('b2', { zoneId: 2 })], bidderRequest);
      spec.buildRequests([bid('b1', { zoneId: 1 })], bidderRequest);
    } finally {
      JSON.stringify = stringify;
    }
    const requests = bodies.filter((body): body is { imp: any[]; ext: any } => typeof body === 'object' && body !== null && 'imp' in body);
    expect(requests).toHaveLength(2);
    const sources = requests.flatMap((request) => request.imp.map((imp) => imp.ext.bidder.source));
    const clients = requests.map((request) => request.ext.partner.client);
    expect(new Set(sources).size).toBe(3);
    expect(new Set(clients).size).toBe(2);
    expect(record.constants![1]!.value).toEqual({ name: 'bidfields', tags: ['a', 'b'] });
  });

  it("request ext: written over the publisher's ortb2.ext (kept, never changed), the later bid's value winning", () => {
    const ortb2 = { ...bidderRequest.ortb2, ext: Object.freeze({ prebid: Object.freeze({ channel: 'web' }), partner: Object.freeze({ keep: 1 }) }) };
    const request = sent(spec, [bid('b1', { zoneId: 1, partnerId: 'first' }), bid('b2', { zoneId: 2, partnerId: 'second' }), bid('b3', { zoneId: 3 })], {
      ...bidderRequest,
      ortb2,
    });
    expect(request.ext).toEqual({ prebid: { channel: 'web' }, partner: { keep: 1, id: 'second', client: { v: 1 } } });
    expect(request.site.id).toBe('3');
    expect(request.imp.map((imp: { ext: { bidder: { zone: number } } }) => imp.ext.bidder.zone)).toEqual([1, 2, 3]);
    expect(ortb2.ext).toEqual({ prebid: { channel: 'web' }, partner: { keep: 1 } });
  });

  it('leaves out a bid whose request ext cannot be written (path_conflict), as the library refuses it', () => {
    const ortb2 = { ...bidderRequest.ortb2, ext: { partner: 'not an object' } };
    const imp = { id: 'b1', secure: 1, banner: { format: [{ w: 300, h: 250 }] } };
    const expected = library.safeEnrich({ ...ortb2, imp: [imp] } as never, { zoneId: 1 });
    expect(expected.ok || expected.issues.map(({ code, path }) => `${code} ${path}`)).toEqual(['path_conflict /ext/partner']);
    expect(sent(spec, [bid('b1', { zoneId: 1 })], { ...bidderRequest, ortb2 })).toBeUndefined();
    const [, [issues]] = warn.mock.calls.find(([message]) => String(message).endsWith('bid left out'))! as [string, Issue[][]];
    expect(issues).toMatchObject({ code: 'path_conflict', path: '/ext/partner' });
  });
});

describe('records refused in the page (the compact engine runs the record rules)', () => {
  const refusal = (input: unknown) => {
    try {
      createPrebidBidder(input as AdapterRecord, quiet);
    } catch (error) {
      expect(error).toBeInstanceOf(BidfieldsError);
      return (error as BidfieldsError).issues.map((found) => `${found.code} ${found.path}`);
    }
    throw new Error('not refused');
  };
  it('a prototype key as param', () => {
    for (const param of ['__proto__', 'constructor', 'prototype']) {
      expect(refusal({ ...base, fields: [{ name: 'zone', param, type: 'text', display: 'x' }] })).toEqual(['unsafe_name /fields/0/param']);
    }
  });
  it('a constant whose value holds a __proto__ key at any depth (as JSON.parse makes it)', () => {
    const hostile = JSON.parse('{"a": {"b": [{"__proto__": {"polluted": 1}}]}}');
    expect(refusal({ ...base, fields: [], constants: [{ name: 'predefinedImpExt.x', value: hostile }] })).toEqual([
      'unsafe_name /constants/0/value/a/b/0/__proto__',
    ]);
    expect(refusal({ ...base, fields: [], constants: [{ name: 'predefinedImpExt.x', value: JSON.parse('{"__proto__": 1}') }] })).toEqual([
      'unsafe_name /constants/0/value/__proto__',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('keys used twice, a one-of key no field has, a boolean at a predefined target', () => {
    expect(
      refusal({
        ...base,
        fields: [
          { name: 'a', param: 'k', type: 'text', display: 'x' },
          { name: 'b', param: 'k', type: 'text', display: 'x' },
        ],
      }),
    ).toEqual(['duplicate_param /fields/1/param']);
    expect(refusal({ ...base, fields: [{ name: 'a', type: 'text', display: 'x' }], requireOneOf: [['nope']] })).toEqual(['schema /requireOneOf/0/0']);
    expect(refusal({ ...base, fields: [{ name: 'prd.impTagId', type: 'boolean', display: 'x' }] })).toEqual(['schema /fields/0/type']);
  });
});
