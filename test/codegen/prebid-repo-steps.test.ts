import { describe, expect, it } from 'vitest';
import { safeGeneratePrebidAdapter } from '../../src/codegen/prebid-adapter.js';

const base = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.partner.example/openrtb2',
  cpmField: 'price',
  bidderCode: 'stepsacme',
  fields: [
    { name: 'placementId', type: 'text', display: 'Placement', with: [{ name: 'kind', value: 'publisher' }] },
    { name: 'endpointId', type: 'text', display: 'Endpoint', when: 'absent' },
  ],
};

describe('the in-repository target and the steps it does not compile yet (docs/spec.md#removals, docs/spec.md#conditions)', () => {
  it('refuses removals, derivations, exactlyOneOf and with constants with unsupported_target at each', () => {
    const record = {
      ...base,
      exactlyOneOf: [['placementId', 'endpointId']],
      remove: ['imp.ext'],
      derive: [{ op: 'bannerSizeFromFormat', when: 'always' }],
      requestValues: 'first',
    };
    const result = safeGeneratePrebidAdapter(record, { target: 'prebid-repo', knownEndpoints: ['bid.partner.example'], maintainer: 'prebid@partner.example' });
    expect(result.ok).toBe(false);
    const refused = result.ok ? [] : result.issues.filter((found) => found.code === 'unsupported_target').map((found) => found.path);
    expect(refused.sort()).toEqual(['/derive', '/exactlyOneOf', '/fields/0/with', '/fields/1/when', '/remove', '/requestValues']);
  });

  it('takes the same record for the standalone target', () => {
    const record = { ...base, exactlyOneOf: [['placementId', 'endpointId']], remove: ['imp.ext'] };
    const result = safeGeneratePrebidAdapter(record, { knownEndpoints: ['bid.partner.example'] });
    expect(result.ok).toBe(true);
    expect(result.ok && result.files[0].text).toContain('withSteps');
  });
});
