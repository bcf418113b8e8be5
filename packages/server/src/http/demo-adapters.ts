/**
 * The demo's adapter records (`bidfields serve --demo`, `npm start`): one per protocol, and one that shows what a
 * record for a real partner takes (docs/spec.md#records: keys, a boolean, a constant, more targets, a one-of group,
 * an endpoint template filled per imp, one request per imp), so "Bid adapters" and "Placement preview" have
 * something to open. Their endpoints are on the demo's hosts ({@link DEMO_ENDPOINTS}, what `npm start` passes as
 * `--known-endpoint`); a server that does not know a record's host is not given that record.
 */
import { validateAdapter, type AdapterRecord } from 'bidfields';
import { VersionConflictError, type AdapterStore } from '../adapters/store.js';

/** The hosts the demo records' endpoints name: `npm start`'s `--known-endpoint` list. */
export const DEMO_ENDPOINTS: readonly string[] = ['rtb.example-dsp.com', 'pbs.example-ssp.com', 'bid.example-partner.com', '*.bid.example-ssp.com'];

/** The demo records, by bidder code. */
export const DEMO_ADAPTERS: Readonly<Record<string, AdapterRecord>> = {
  exampledsp: {
    protocol: 'rtb',
    endpoint: 'https://rtb.example-dsp.com/bid?seat=42',
    fields: [
      { name: 'prd.impTagId', type: 'text', display: 'Tag id', maxLength: 64 },
      { name: 'predefinedImpExt.dsp.placement', type: 'number', display: 'Placement', integer: true, required: true, min: 1 },
      {
        name: 'predefinedImpExt.dsp.floorTier',
        type: 'select',
        display: 'Floor tier',
        options: [
          { name: 'low', value: 0 },
          { name: 'high', value: 1 },
        ],
      },
    ],
  },
  examplessp: {
    protocol: 'prebid-server',
    endpoint: 'https://pbs.example-ssp.com/openrtb2/auction',
    fields: [
      { name: 'prd.impTagId', type: 'text', display: 'Placement id', required: true, maxLength: 64 },
      { name: 'prd.appPublisherId', type: 'number', display: 'Publisher id', integer: true, min: 1 },
      { name: 'zoneId', type: 'number', display: 'Zone', integer: true, required: true },
      { name: 'bidder.keywords', type: 'list', items: 'text', display: 'Keywords', description: 'sent as a list: sports, news' },
    ],
  },
  examplepartner: {
    protocol: 'prebid-js',
    endpoint: 'https://bid.example-partner.com/openrtb2',
    cpmField: 'price',
    fields: [
      { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement id', required: true },
      { name: 'prd.appSiteId', param: 'siteId', type: 'text', display: 'Site id' },
      {
        name: 'predefinedImpExt.deal.tier',
        param: 'dealTier',
        type: 'select',
        display: 'Deal tier',
        options: [
          { name: 'Gold', value: 1 },
          { name: 'Silver', value: 2 },
        ],
        default: 2,
      },
    ],
  },
  regionalssp: {
    protocol: 'rtb',
    endpoint: 'https://{region}.bid.example-ssp.com/rtb/{publisherId}',
    split: 'imp',
    fields: [
      {
        name: 'predefinedEndpoint.region',
        param: 'region',
        type: 'text',
        display: 'Region',
        default: 'eu',
        pattern: '^(eu|us-east|apac)$',
        description: 'eu, us-east or apac: the host the request goes to',
      },
      { name: 'prd.appPublisherId', param: 'publisherId', type: 'text', display: 'Publisher id', required: true, pattern: '^[a-z0-9-]{1,32}$' },
      {
        name: 'prd.impTagId',
        param: 'placementId',
        type: 'text',
        display: 'Placement',
        alsoTo: ['predefinedImpExt.bidder.placementId'],
        description: 'per ad slot: each imp may have its own',
      },
      { name: 'predefinedImpExt.bidder.zoneId', param: 'zoneId', type: 'number', display: 'Zone', integer: true, min: 1 },
      { name: 'predefinedImpExt.bidder.test', param: 'test', type: 'boolean', display: 'Test traffic', default: false },
    ],
    constants: [{ name: 'predefinedRequestExt.partner.client', value: { name: 'bidfields demo' } }],
    requireOneOf: [['placementId', 'zoneId']],
  },
};

/**
 * Stores the demo records the server's known endpoints admit, each only when its code is free (a shared store,
 * PostgreSQL, may hold it from an earlier demo, or another instance may store it at the same moment: kept as it is).
 * Resolves with the codes stored now and those left out because their host is not known.
 *
 * @example
 * await seedDemoAdapters(storage.adapters, DEMO_ENDPOINTS) // { stored: ['exampledsp', …], unknownHost: [] }
 */
export async function seedDemoAdapters(store: AdapterStore, knownEndpoints: readonly string[]): Promise<{ stored: string[]; unknownHost: string[] }> {
  const stored: string[] = [];
  const unknownHost: string[] = [];
  for (const [code, adapter] of Object.entries(DEMO_ADAPTERS)) {
    const record = { ...adapter, bidderCode: code } as AdapterRecord;
    if (validateAdapter(record, { strict: true, knownEndpoints }).length > 0) {
      unknownHost.push(code);
      continue;
    }
    if (await store.get(code)) continue;
    try {
      await store.put(code, record, 0);
      stored.push(code);
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
    }
  }
  return { stored, unknownHost };
}
