/**
 * The RTB wrapper through its public API: the throwing and non-throwing forms agree, the caller's request is
 * untouched, the URL is the parsed endpoint, and odd requests come back as issues rather than exceptions.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/core/compile/index.js';
import { BidfieldsError } from '../../src/core/issues.js';
import { buildRtbRequest, safeBuildRtbRequest } from '../../src/protocols/rtb.js';
import type { BidRequest } from '../../src/core/types.js';

const known = { knownEndpoints: ['bid.partner.example'] };
const fields = [
  { name: 'prd.impTagId', type: 'text', display: 'Tag id' },
  { name: 'predefinedImpExt.zone', type: 'number', display: 'Zone', integer: true },
] as const;
const adapter = compile({ protocol: 'rtb', endpoint: 'https://bid.partner.example/rtb', fields: [...fields] }, known);
const request = (): BidRequest => ({ id: 'r', imp: [{ id: '1', ext: { keep: true } }], site: { id: 's' } });

describe('buildRtbRequest', () => {
  it('returns the POST with the enriched body and leaves the input alone', () => {
    const input = request();
    const snapshot = structuredClone(input);
    const http = buildRtbRequest(adapter, input, { 'prd.impTagId': 'top', 'predefinedImpExt.zone': '3' });
    expect(http.method).toBe('POST');
    expect(http.url).toBe('https://bid.partner.example/rtb');
    expect(http.redirect).toBe('error');
    expect(http.headers).toEqual({ 'content-type': 'application/json', 'x-openrtb-version': '2.6' });
    expect(JSON.parse(http.body)).toEqual({ id: 'r', imp: [{ id: '1', tagid: 'top', ext: { keep: true, zone: 3 } }], site: { id: 's' } });
    expect(input).toEqual(snapshot);
  });

  it('throws a BidfieldsError carrying exactly the issues the safe form returns', () => {
    const bare = compile([{ name: 'zone', type: 'number', display: 'Zone' }]);
    const safe = safeBuildRtbRequest(bare, { id: 'r', imp: [] }, { zone: 'x' });
    expect(safe.ok).toBe(false);
    if (safe.ok) return;
    expect(safe.issues.map((found) => `${found.code} ${found.path}`)).toEqual([
      'wrong_protocol /protocol',
      'invalid_endpoint /endpoint',
      'invalid_value /zone',
      'no_imp /imp',
    ]);
    let thrown: unknown;
    try {
      buildRtbRequest(bare, { id: 'r', imp: [] }, { zone: 'x' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BidfieldsError);
    expect((thrown as BidfieldsError).issues).toEqual(safe.issues);
  });

  it('returns warnings only through the safe form', () => {
    const siteAdapter = compile(
      { protocol: 'rtb', endpoint: 'https://bid.partner.example/rtb', fields: [{ name: 'prd.appSiteId', type: 'text', display: 'Site' }] },
      known,
    );
    const both = { id: 'r', imp: [{ id: '1' }], app: { id: 'a' }, site: { id: 's' } };
    const result = safeBuildRtbRequest(siteAdapter, both, { 'prd.appSiteId': 'a2' });
    expect(result.ok && result.warnings.map((found) => found.code)).toEqual(['both_app_and_site']);
    expect(JSON.parse(buildRtbRequest(siteAdapter, both, { 'prd.appSiteId': 'a2' }).body).app).toEqual({ id: 'a2' });
  });

  it('reports a request that cannot become JSON as invalid_request, not an exception', () => {
    const cyclic = request() as BidRequest & { ext: Record<string, unknown> };
    cyclic.ext = {};
    cyclic.ext.self = cyclic;
    expect(safeBuildRtbRequest(adapter, cyclic, { 'prd.impTagId': 't' })).toMatchObject({ ok: false, issues: [{ code: 'invalid_request', path: '' }] });
    const big = { ...request(), ext: { n: 1n } } as unknown as BidRequest;
    expect(safeBuildRtbRequest(adapter, big, {})).toMatchObject({ ok: false, issues: [{ code: 'invalid_request' }] });
  });

  it('passes enrich options through (mutate writes into a request the caller owns)', () => {
    const owned = request();
    buildRtbRequest(adapter, owned, { 'prd.impTagId': 'mine' }, { mutate: true });
    expect(owned.imp[0]!.tagid).toBe('mine');
  });

  it('a Prebid JS adapter is the wrong protocol too', () => {
    const pjs = compile(
      {
        protocol: 'prebid-js',
        endpoint: 'https://bid.partner.example/bid',
        cpmField: 'price',
        bidderCode: 'acme',
        fields: [{ name: 'zone', type: 'text', display: 'Zone' }],
      },
      known,
    );
    expect(safeBuildRtbRequest(pjs, request(), {})).toMatchObject({ ok: false, issues: [{ code: 'wrong_protocol', path: '/protocol' }] });
  });
});
