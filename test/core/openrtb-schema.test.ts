// Every sample request that is valid OpenRTB 2.6 (against the IAB-derived JSON Schema in shared/samples) stays
// valid after enrichment with a realistic adapter: bidfields never writes a wrong type into a standard field.
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/index.js';
import type { BidRequest } from '../../src/index.js';

const samples = path.resolve(import.meta.dirname, '../../../shared/samples');
const present = fs.existsSync(path.join(samples, 'openrtb-schema'));

const adapter = compile([
  { name: 'prd.impTagId', type: 'number', display: 'Tag id' },
  { name: 'prd.appPublisherId', type: 'number', display: 'Publisher id', integer: true },
  { name: 'prd.appSiteId', type: 'text', display: 'Site id' },
  { name: 'zoneId', type: 'number', display: 'Zone', integer: true },
  { name: 'bidder.placement', type: 'select', display: 'Placement', options: [{ name: 'top', value: 1 }] },
  { name: 'predefinedImpExt.partner.keywords', type: 'text', display: 'Keywords' },
]);
const values = {
  'prd.impTagId': 1234,
  'prd.appPublisherId': '77',
  'prd.appSiteId': 'site-9',
  zoneId: 7,
  'bidder.placement': '1',
  'predefinedImpExt.partner.keywords': 'news',
};
const withoutInventory = { ...values, 'prd.appPublisherId': undefined, 'prd.appSiteId': undefined };

describe.skipIf(!present)('enriched samples still validate against the OpenRTB 2.6 schema (shared/samples)', () => {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true });
  for (const file of present ? fs.readdirSync(path.join(samples, 'openrtb-schema')) : []) {
    if (file.endsWith('.json')) ajv.addSchema(JSON.parse(fs.readFileSync(path.join(samples, 'openrtb-schema', file), 'utf8')));
  }
  const found = ajv.getSchema('https://iabtechlab.com/openrtb/2.6/BidRequest.json');
  const validate = found ?? Object.assign(() => false, { errors: null });
  it('loads the OpenRTB 2.6 BidRequest schema', () => expect(found).toBeTypeOf('function'));
  const files = present ? fs.readdirSync(path.join(samples, 'openrtb')).filter((f) => f.endsWith('.json')) : [];
  const valid = files.filter((file) => validate(JSON.parse(fs.readFileSync(path.join(samples, 'openrtb', file), 'utf8'))));

  it('finds most samples valid to begin with', () => expect(valid.length).toBeGreaterThanOrEqual(30));
  for (const file of valid) {
    it(file, () => {
      const request = JSON.parse(fs.readFileSync(path.join(samples, 'openrtb', file), 'utf8')) as BidRequest;
      const hasInventory = request.app !== undefined || request.site !== undefined || request.dooh !== undefined;
      const { request: enriched } = adapter.enrich(request, hasInventory ? values : withoutInventory, { allImps: true });
      expect(enriched).not.toEqual(request);
      expect(validate(enriched), JSON.stringify(validate.errors)).toBe(true);
    });
  }
});
