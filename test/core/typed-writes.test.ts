// Typed targets (docs/spec.md#more-openrtb-targets) and `mutate`, on both engines: in place only when the whole enrichment is;
// a request refused for an imp that is no object, for a typed path through a non-object, or for more values per imp
// than imps, is left exactly as given.
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/index.js';

const record = {
  protocol: 'prebid-server' as const,
  fields: [
    { name: 'prd.impBidFloor', param: 'floor', type: 'number' as const, display: 'Floor' },
    { name: 'predefinedSourceExt.a', param: 'a', type: 'text' as const, display: 'A' },
    { name: 'prd.impTagId', param: 'tag', type: 'text' as const, display: 'Tag' },
  ],
};
const values = { floor: 1, a: 'x', tag: 't' };

describe.each([true, false])('typed targets with mutate (codegen %s)', (codegen) => {
  const adapter = compile(record, { codegen });
  it('writes in place when it can', () => {
    const request = { id: 'r', imp: [{ id: '1' }], source: { tid: 't' } };
    const result = adapter.safeEnrich(request, values, { mutate: true });
    expect(result.ok && result.request).toBe(request);
    expect(request).toEqual({ id: 'r', imp: [{ id: '1', tagid: 't', bidfloor: 1 }], source: { tid: 't', ext: { a: 'x' } } });
  });
  it('leaves a refused request as given: an imp that is no object', () => {
    const request = { id: 'r', imp: [{ id: '1' }, 'no imp'], source: { tid: 't' } };
    const before = structuredClone(request);
    expect(adapter.safeEnrich(request as never, values, { mutate: true, allImps: true }).ok).toBe(false);
    expect(request).toEqual(before);
  });
  it('leaves a refused request as given: a typed path through a non-object', () => {
    const request = { id: 'r', imp: [{ id: '1' }], source: { ext: 'x' } };
    const before = structuredClone(request);
    const result = adapter.safeEnrich(request as never, values, { mutate: true });
    expect(result.ok ? [] : result.issues.map((found) => `${found.code} ${found.path}`)).toEqual(['path_conflict /source/ext']);
    expect(request).toEqual(before);
  });
  it('leaves a refused request as given: more values per imp than imps (found by test/properties/steps.property.test.ts)', () => {
    const request = { id: 'r', imp: [{ id: '1' }] };
    const result = adapter.safeEnrichImps(request, [values, values], { mutate: true });
    expect(result.ok ? [] : result.issues.map((found) => `${found.code} ${found.path}`)).toEqual(['invalid_request /imp']);
    // The typed writes (source.ext, the floor) were once made in place after the refusal.
    expect(request).toEqual({ id: 'r', imp: [{ id: '1' }] });
  });
});
