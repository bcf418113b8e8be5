// Shared inputs of the Prebid module's unit tests: one valid prebid-js record and a Prebid-shaped bid.
import type { AdapterRecord } from '../../src/core/types.js';
import type { PrebidBidderOptions } from '../../src/prebid/index.js';

export const record: AdapterRecord = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.partner.example/rtb',
  cpmField: 'ext.cpm',
  bidderCode: 'acme',
  fields: [
    { name: 'prd.impTagId', type: 'text', display: 'Tag id', required: true },
    { name: 'prd.appSiteId', type: 'text', display: 'Site id' },
    { name: 'zone', type: 'number', display: 'Zone' },
  ],
};

export const quiet: PrebidBidderOptions = { knownEndpoints: ['bid.partner.example'], log: () => {} };

export const bid = (id = 'b1', params: unknown = { 'prd.impTagId': 'tag' }) => ({
  bidId: id,
  bidder: 'acme',
  params,
  mediaTypes: { banner: { sizes: [[300, 250]] } },
});

export const bidderRequest = { bidderRequestId: 'r1', timeout: 800, ortb2: { site: { page: 'https://news.example/' }, device: { ua: 'UA' } } };
