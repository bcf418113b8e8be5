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

  it('compiles {a|b} placeholders and requestValues "first" (every bid to the first bid\'s URL, request-level values from the first that sends one)', () => {
    const record = {
      ...base,
      endpoint: 'https://bid.partner.example/{placementId|endpointId}',
      fields: [...base.fields, { name: 'predefinedRequestExt.account', param: 'account', type: 'text', display: 'Account' }],
      exactlyOneOf: [['placementId', 'endpointId']],
      requestValues: 'first',
    };
    const result = safeGeneratePrebidAdapter(record, options);
    expect(result.ok, JSON.stringify(!result.ok && result.issues)).toBe(true);
    const module = result.ok ? result.files[0].text : '';
    expect(module).toContain('let key1 = "placementId";');
    expect(module).toContain('url: endpointUrl(paramsOf(bidRequests[0])!) as string');
    expect(module).toContain(
      'if (sent["account"] !== undefined && !firstSent.has("predefinedRequestExt.account")) deepSetValue(request, "ext.account", sent["account"]);',
    );
    expect(module).toContain('if (sent["account"] !== undefined) firstSent.add("predefinedRequestExt.account");');
  });
});
