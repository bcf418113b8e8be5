// A record's request-level removals and copies (docs/spec.md#removals, docs/spec.md#values-from-the-request) on a
// Prebid.js page, where one request carries the bids of several ad units, each applied on the request the one before
// made: they run once for the request, before anything is written, as in one enrichment of every imp. (They ran again
// for each bid, so a removal took away what an earlier bid had written: the first ad unit's account was lost.)
import { describe, expect, it } from 'vitest';
import { createPrebidBidder } from '../../src/prebid/index.js';
import { compile } from '../../src/index.js';
import type { AdapterRecord } from '../../src/core/types.js';
import { bidderRequest, quiet } from './fixtures.js';

const record = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.partner.example/rtb',
  cpmField: 'ext.cpm',
  bidderCode: 'acme',
  remove: ['ext'],
  derive: [{ op: 'copy', from: 'site.page', to: 'predefinedRequestExt.page' }],
  fields: [
    { name: 'prd.impTagId', type: 'text', display: 'Tag id', required: true },
    { name: 'predefinedRequestExt.account', param: 'account', type: 'text', display: 'Account' },
  ],
} as unknown as AdapterRecord;

const unit = (id: string, params: object) => ({ bidId: id, bidder: 'acme', params, mediaTypes: { banner: { sizes: [[300, 250]] } } });

describe('request-level steps on a page request of several bids', () => {
  it('keeps what an earlier bid wrote into an object the record removes, and copies once', () => {
    const spec = createPrebidBidder(record, quiet);
    const ortb2 = { ...bidderRequest.ortb2, ext: { publisher: 'theirs' } };
    const bids = [unit('b1', { 'prd.impTagId': 't1', account: 'acct-1' }), unit('b2', { 'prd.impTagId': 't2' })];
    const [request] = spec.buildRequests(bids as never, { ...bidderRequest, ortb2 });
    const sent = JSON.parse(request!.data);
    expect(sent.imp.map((imp: { tagid: string }) => imp.tagid)).toEqual(['t1', 't2']);
    expect(sent.ext).toEqual({ account: 'acct-1', page: 'https://news.example/' });
  });

  it('sends what the library writes for the same request and values in one enrichment', () => {
    const adapter = compile({ ...record, protocol: 'rtb' } as AdapterRecord, { knownEndpoints: ['bid.partner.example'] });
    const given = {
      id: 'r',
      imp: [
        { id: '1', banner: {} },
        { id: '2', banner: {} },
      ],
      site: { page: 'https://news.example/' },
      ext: { publisher: 'theirs' },
    };
    const out = adapter.enrichImps(given as never, [{ 'prd.impTagId': 't1', account: 'acct-1' }, { 'prd.impTagId': 't2' }]).request as { ext: unknown };
    expect(out.ext).toEqual({ account: 'acct-1', page: 'https://news.example/' });
  });
});
