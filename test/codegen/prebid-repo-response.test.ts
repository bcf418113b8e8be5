// The in-repository target and a record's response rules (docs/spec.md#read-bids): the module carries only the rules
// the record uses (prebid-repo/response-ts.ts), and a record without response gets the module it got before; a
// meta name of the kind object (dchain) is refused with unsupported_target, not generated with the rule ignored.
import { describe, expect, it } from 'vitest';
import { safeGeneratePrebidAdapter } from '../../src/codegen/prebid-adapter.js';

const record = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.partner.example/openrtb2',
  cpmField: 'price',
  bidderCode: 'answersacme',
  fields: [{ name: 'placementId', type: 'text', display: 'Placement', required: true }],
};
const options = { knownEndpoints: ['bid.partner.example'], maintainer: 'prebid@partner.example', target: 'prebid-repo' as const };
const moduleOf = (input: object) => {
  const result = safeGeneratePrebidAdapter(input, options);
  return result.ok ? result.files[0].text : '';
};

describe('the in-repository target and response rules', () => {
  it('writes the rules a record uses into its bidResponse hook, and nothing of them without response', () => {
    const plain = moduleOf(record);
    expect(plain).not.toContain('mediaTypeOf');
    const answered = moduleOf({ ...record, response: { bidType: [{ value: 'banner' }], dropZeroPrice: true, dealPriority: 'ext.p' } });
    expect(answered).toContain('return "banner";');
    expect(answered).toContain('cpm < 0 || cpm === 0) return;');
    expect(answered).toContain('value = deepAccess(bid, "ext.p");');
    expect(answered).not.toContain('textOf');
    expect(moduleOf({ ...record, response: { macros: ['adm'] } })).toContain('for (const key of ["adm"] as const)');
  });

  it('refuses a dchain meta read, at its pointer', () => {
    const result = safeGeneratePrebidAdapter({ ...record, response: { meta: { dchain: 'ext.dchain' } } }, options);
    expect(result.ok ? [] : result.issues.map((found) => [found.code, found.path])).toEqual([['unsupported_target', '/response/meta/dchain']]);
    expect(safeGeneratePrebidAdapter({ ...record, response: { meta: { dchain: 'ext.dchain' } } }, { ...options, target: 'standalone' }).ok).toBe(true);
  });
});
