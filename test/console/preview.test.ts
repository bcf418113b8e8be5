// The placement preview with no request (a pasted text that is none): an endpoint template's values are judged as the
// wrappers and the Prebid.js bidder judge them, worded by the library, beside the value rules' own issues.
import { describe, expect, it } from 'vitest';
import { compile, type AdapterRecord } from '../../src/index.js';
import { valueVerdict } from '../../packages/server/src/console/preview/value-verdict.js';

const record: AdapterRecord = {
  protocol: 'prebid-js',
  bidderCode: 'acme',
  cpmField: 'price',
  endpoint: 'https://{region}.bid.example-ssp.com/x/{site}',
  fields: [
    { name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'Region', required: true },
    { name: 'prd.appSiteId', param: 'site', type: 'text', display: 'Site', required: true },
    { name: 'predefinedImpExt.zone', param: 'zone', type: 'number', display: 'Zone' },
  ],
};
const adapter = compile(record, { knownEndpoints: ['*.bid.example-ssp.com'], codegen: false });

describe('valueVerdict', () => {
  it("takes the template's verdict on the values it takes, worded, once the value rules pass them", () => {
    expect(valueVerdict(adapter, { region: 'eu', site: 'ok', zone: 'seven' })).toEqual([
      { code: 'invalid_value', path: '/zone', field: 'predefinedImpExt.zone', message: 'must be a finite number' },
    ]);
    expect(valueVerdict(adapter, { region: 'eu', site: '..', zone: '7' })).toEqual([
      {
        code: 'invalid_value',
        path: '/site',
        field: 'prd.appSiteId',
        message: expect.stringMatching(/^cannot fill the endpoint: .*a path value no \. or \.\. segment/),
      },
    ]);
    expect(valueVerdict(adapter, { region: 'x.evil.com', site: 'ok' })).toMatchObject([{ code: 'invalid_value', path: '/region' }]);
  });

  it('says a missing value once, and nothing of good values', () => {
    expect(valueVerdict(adapter, { region: 'eu' })).toMatchObject([{ code: 'missing_required', path: '/site' }]);
    expect(valueVerdict(adapter, { region: 'eu', site: 'news' })).toEqual([]);
    const plain = compile(
      { ...record, endpoint: 'https://eu.bid.example-ssp.com/x', fields: record.fields.slice(2) },
      { knownEndpoints: ['*.bid.example-ssp.com'] },
    );
    expect(valueVerdict(plain, { zone: 'seven' })).toEqual(plain.validateValues({ zone: 'seven' }));
  });
});
