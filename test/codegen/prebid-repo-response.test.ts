// The in-repository target and a record's response rules (docs/spec.md#read-bids): refused with unsupported_target
// at /response until its module reads them, never generated with the rules ignored; the standalone target takes them.
import { describe, expect, it } from 'vitest';
import { safeGeneratePrebidAdapter } from '../../src/codegen/prebid-adapter.js';

const record = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.partner.example/openrtb2',
  cpmField: 'price',
  bidderCode: 'answersacme',
  fields: [{ name: 'placementId', type: 'text', display: 'Placement', required: true }],
};
const options = { knownEndpoints: ['bid.partner.example'], maintainer: 'prebid@partner.example' };

describe('the in-repository target and response rules', () => {
  it('refuses a record with response, at /response, and takes the same record without it', () => {
    const result = safeGeneratePrebidAdapter({ ...record, response: { dropZeroPrice: true } }, { ...options, target: 'prebid-repo' });
    expect(result.ok ? [] : result.issues.map((found) => [found.code, found.path])).toEqual([['unsupported_target', '/response']]);
    expect(safeGeneratePrebidAdapter(record, { ...options, target: 'prebid-repo' }).ok).toBe(true);
  });

  it('takes it for the standalone target', () => {
    const result = safeGeneratePrebidAdapter({ ...record, response: { dropZeroPrice: true } }, options);
    expect(result.ok && result.files[0].text).toContain('readAnswers');
  });
});
