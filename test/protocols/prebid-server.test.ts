/**
 * The Prebid Server wrapper: where params land for each location, how the auction URL is formed, and that the
 * location chosen at compile time can be read back.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/core/compile/index.js';
import { BidfieldsError } from '../../src/core/issues.js';
import type { AdapterRecord } from '../../src/core/types.js';
import {
  AUCTION_PATH,
  auctionUrl,
  buildPrebidServerRequest,
  compilePrebidServer,
  paramsLocationOf,
  safeBuildPrebidServerRequest,
} from '../../src/protocols/prebid-server.js';

const known = { knownEndpoints: ['pbs.example.com'] };
const record = (endpoint = 'https://pbs.example.com'): AdapterRecord => ({
  protocol: 'prebid-server',
  endpoint,
  bidderCode: 'acme',
  fields: [
    { name: 'zone', type: 'number', display: 'Zone' },
    { name: 'prd.impTagId', type: 'text', display: 'Tag id' },
  ],
});
const request = { id: 'r', imp: [{ id: '1' }, { id: '2' }], site: { id: 's' } };

describe('compilePrebidServer', () => {
  it('remembers the params location it compiled for', () => {
    expect(paramsLocationOf(compilePrebidServer(record(), known))).toBe('imp.ext');
    expect(paramsLocationOf(compilePrebidServer(record(), { ...known, paramsLocation: 'imp.ext.prebid.bidder' }))).toBe('imp.ext.prebid.bidder');
    expect(paramsLocationOf(compile(record(), known))).toBeUndefined();
  });

  it('writes params under imp.ext.prebid.bidder.<code>, predefined names to their own targets, every imp with allImps', () => {
    const adapter = compilePrebidServer(record(), { ...known, paramsLocation: 'imp.ext.prebid.bidder' });
    const http = buildPrebidServerRequest(adapter, request, { zone: 4, 'prd.impTagId': 't' }, { allImps: true });
    expect(JSON.parse(http.body).imp).toEqual([
      { id: '1', tagid: 't', ext: { prebid: { bidder: { acme: { zone: 4 } } } } },
      { id: '2', tagid: 't', ext: { prebid: { bidder: { acme: { zone: 4 } } } } },
    ]);
  });

  it('moves bidder params only: predefinedImpExt.<path> stays at imp.ext.<path> (docs/spec.md#targets, any protocol)', () => {
    const withExt = {
      ...record(),
      fields: [
        ...record().fields,
        { name: 'predefinedImpExt.gpid', type: 'text' as const, display: 'GPID' },
        { name: 'predefinedImpExt.prebid.storedrequest.id', type: 'text' as const, display: 'Stored' },
      ],
    };
    const adapter = compilePrebidServer(withExt, { ...known, paramsLocation: 'imp.ext.prebid.bidder' });
    const http = buildPrebidServerRequest(adapter, request, { zone: 4, 'predefinedImpExt.gpid': '/123/top', 'predefinedImpExt.prebid.storedrequest.id': 'sr' });
    expect(JSON.parse(http.body).imp[0].ext).toEqual({ gpid: '/123/top', prebid: { storedrequest: { id: 'sr' }, bidder: { acme: { zone: 4 } } } });
  });

  it('refuses a predefinedImpExt name that would hold the bidder params or sit inside them', () => {
    const conflicts = (name: string) => {
      try {
        compilePrebidServer(
          {
            ...record(),
            fields: [
              { name: 'zone', type: 'number', display: 'Zone' },
              { name, type: 'text', display: 'X' },
            ],
          },
          { ...known, paramsLocation: 'imp.ext.prebid.bidder' },
        );
        return [];
      } catch (error) {
        return (error as BidfieldsError).issues.map((found) => `${found.code} ${found.path} ${found.field}`);
      }
    };
    expect(conflicts('predefinedImpExt.prebid')).toEqual(['name_conflict /fields/1/name predefinedImpExt.prebid']);
    expect(conflicts('predefinedImpExt.prebid.bidder.acme')).toEqual(['name_conflict /fields/1/name predefinedImpExt.prebid.bidder.acme']);
    expect(conflicts('predefinedImpExt.prebid.bidder.acme.zone')).toEqual(['name_conflict /fields/1/name predefinedImpExt.prebid.bidder.acme.zone']);
    expect(conflicts('predefinedImpExt.prebid.bidder.other.zone')).toEqual([]);
    // At imp.ext (the default) they are different places, and the same names are fine.
    expect(() =>
      compilePrebidServer(
        {
          ...record(),
          fields: [
            { name: 'zone', type: 'number', display: 'Zone' },
            { name: 'predefinedImpExt.prebid.bidder.acme.zone', type: 'text', display: 'X' },
          ],
        },
        known,
      ),
    ).not.toThrow();
  });

  it('refuses a misspelt location loudly instead of falling back to imp.ext', () => {
    expect(() => compilePrebidServer(record(), { ...known, paramsLocation: 'imp.ext.prebid' as never })).toThrow(TypeError);
  });

  it("reports a missing bidder code together with the record's other issues", () => {
    const noCode = { ...record('https://elsewhere.example'), bidderCode: undefined };
    try {
      compilePrebidServer(noCode, { ...known, paramsLocation: 'imp.ext.prebid.bidder' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BidfieldsError);
      expect((error as BidfieldsError).issues.map((found) => `${found.code} ${found.path}`)).toEqual([
        'invalid_bidder_code /bidderCode',
        'unknown_endpoint /endpoint',
      ]);
    }
  });

  it('reports a bare field array asked for imp.ext.prebid.bidder at the input itself, which has no /bidderCode', () => {
    try {
      compilePrebidServer(record().fields, { paramsLocation: 'imp.ext.prebid.bidder' });
      expect.unreachable();
    } catch (error) {
      expect((error as BidfieldsError).issues).toEqual([
        { code: 'invalid_bidder_code', path: '', message: expect.stringMatching(/bidder code.*bare field array/) },
      ]);
    }
    expect(paramsLocationOf(compilePrebidServer(record().fields))).toBe('imp.ext');
  });

  it('does not accept extBase through its options (the location decides it)', () => {
    const adapter = compilePrebidServer(record(), { ...known, extBase: ['evil'] } as never);
    expect(JSON.parse(buildPrebidServerRequest(adapter, request, { zone: 1 }).body).imp[0].ext).toEqual({ zone: 1 });
  });
});

describe('auction URL', () => {
  it.each([
    ['https://pbs.example.com', 'https://pbs.example.com/openrtb2/auction'],
    ['https://pbs.example.com/', 'https://pbs.example.com/openrtb2/auction'],
    ['https://pbs.example.com/openrtb2/auction', 'https://pbs.example.com/openrtb2/auction'],
    ['https://pbs.example.com/custom', 'https://pbs.example.com/custom'],
    ['https://pbs.example.com/custom/', 'https://pbs.example.com/custom/'],
  ])('%s → %s', (endpoint, url) => {
    expect(auctionUrl(new URL(endpoint)).href).toBe(url);
    expect(buildPrebidServerRequest(compilePrebidServer(record(endpoint), known), request, {}).url).toBe(url);
  });
  it('is the documented path', () => expect(AUCTION_PATH).toBe('/openrtb2/auction'));
});

describe('safeBuildPrebidServerRequest', () => {
  it('refuses an RTB adapter compiled elsewhere', () => {
    const rtb = compile({ protocol: 'rtb', endpoint: 'https://pbs.example.com', fields: [{ name: 'prd.impTagId', type: 'text', display: 'T' }] }, known);
    expect(safeBuildPrebidServerRequest(rtb, request, {})).toMatchObject({ ok: false, issues: [{ code: 'wrong_protocol', path: '/protocol' }] });
  });
  it('builds for an adapter compiled by plain compile (params at imp.ext)', () => {
    const result = safeBuildPrebidServerRequest(compile(record(), known), request, { zone: '2' });
    expect(result.ok && JSON.parse(result.http.body).imp[0]).toEqual({ id: '1', ext: { zone: 2 } });
  });
});

describe('compilePrebidServer refusals keep the warnings', () => {
  it('as compile does (lenient mode warns of an unknown key, then refuses a bad field)', () => {
    const record = {
      protocol: 'prebid-server',
      extra: 1,
      fields: [
        { name: 'prd.impTagId', type: 'text', display: 'Tag' },
        { name: 'x', type: 'date', display: 'X' },
      ],
    } as unknown as AdapterRecord;
    const caught = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error as BidfieldsError;
      }
      throw new Error('not refused');
    };
    const viaCompile = caught(() => compile(record, { strict: false }));
    const viaWrapper = caught(() => compilePrebidServer(record, { strict: false }));
    expect(viaCompile.warnings.map((w) => w.path)).toEqual(['/extra']);
    expect(viaWrapper.warnings).toEqual(viaCompile.warnings);
    expect(viaWrapper.issues).toEqual(viaCompile.issues);
  });
});
