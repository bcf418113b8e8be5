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
const options = { target: 'prebid-repo', knownEndpoints: ['bid.partner.example'], maintainer: 'prebid@partner.example' } as const;

describe('the in-repository target and the steps of docs/spec.md#removals, docs/spec.md#conditions', () => {
  it('compiles removals, derivations, exactlyOneOf, with constants and when: absent into the request hook and readParams', () => {
    const record = {
      ...base,
      exactlyOneOf: [['placementId', 'endpointId']],
      remove: ['imp.ext'],
      derive: [{ op: 'bannerSizeFromFormat', when: 'always' }],
    };
    const result = safeGeneratePrebidAdapter(record, options);
    expect(result.ok, JSON.stringify(!result.ok && result.issues)).toBe(true);
    const module = result.ok ? result.files[0].text : '';
    expect(module).toContain('// Removed: imp.ext.');
    expect(module).toContain("// The banner's size from its first format (always).");
    expect(module).toContain('if (["placementId", "endpointId"].filter((key) => sent[key] !== undefined).length !== 1) return undefined;');
    expect(module).toContain('if (sent["placementId"] !== undefined) deepSetValue(imp, "ext.kind", "publisher");');
    expect(module).toContain(
      'if (sent["endpointId"] !== undefined && isAbsent(readPath(imp, ["ext", "endpointId"]), false)) deepSetValue(imp, "ext.endpointId", sent["endpointId"]);',
    );
  });

  it('compiles {a|b} placeholders, and still refuses requestValues "first" with unsupported_target', () => {
    const record = {
      ...base,
      endpoint: 'https://bid.partner.example/{placementId|endpointId}',
      exactlyOneOf: [['placementId', 'endpointId']],
      requestValues: 'first',
    };
    const result = safeGeneratePrebidAdapter(record, options);
    expect(result.ok).toBe(false);
    const refused = result.ok ? [] : result.issues.filter((found) => found.code === 'unsupported_target').map((found) => found.path);
    expect(refused).toEqual(['/requestValues']);
    const { requestValues: _first, ...choosing } = record;
    const taken = safeGeneratePrebidAdapter(choosing, options);
    expect(taken.ok && taken.files[0].text).toContain('let key1 = "placementId";');
  });
});
