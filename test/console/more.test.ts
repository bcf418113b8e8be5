// The console editor and what it has no input of its own for (requestValues, a field's when: docs/spec.md#conditions;
// removals, derivations, exactly-one-of groups and a field's with have inputs: test/console/steps.test.ts): kept in a
// "more settings" JSON box of the record and of each field, so that opening and saving a record never drops a key.
// Before the box, saving such a record from the editor stored it without those keys.
import { describe, expect, it } from 'vitest';
import { validateAdapter, type AdapterRecord } from '../../src/index.js';
import { draftIssues, draftOf, inputFor, recordOf } from '../../packages/server/src/console/adapters/draft.js';

const known = { knownEndpoints: ['rtb.example.com'] };
const record = {
  protocol: 'rtb',
  endpoint: 'https://rtb.example.com/bid',
  split: 'imp',
  fields: [
    {
      name: 'predefinedImpExt.bidder.placementId',
      param: 'placementId',
      type: 'text',
      display: 'Placement',
      with: [{ name: 'predefinedImpExt.bidder.type', value: 'publisher' }],
    },
    { name: 'predefinedImpExt.bidder.endpointId', param: 'endpointId', type: 'text', display: 'Endpoint', when: 'absent' },
  ],
  exactlyOneOf: [['placementId', 'endpointId']],
  requestValues: 'first',
  remove: ['imp.ext', { path: 'user.ext', keep: ['consent'] }],
  derive: [
    { op: 'bannerSizeFromFormat', when: 'eitherMissing' },
    { op: 'copy', from: 'imp.ext.gpid', to: 'predefinedImpExt.bidder.gpid', when: 'absent' },
  ],
} as unknown as AdapterRecord;

describe('the editor keeps what it has no input for', () => {
  it('gives back the record it was made from, every key of it', () => {
    expect(validateAdapter(record, known)).toEqual([]);
    expect(recordOf(draftOf(record))).toEqual(record);
    const draft = draftOf(record);
    expect(JSON.parse(draft.more)).toEqual({ requestValues: 'first' });
    expect(draft.fields[0]!.more).toBe('');
    expect(JSON.parse(draft.fields[1]!.more)).toEqual({ when: 'absent' });
  });

  it('shows each issue of those keys at its box', () => {
    expect(inputFor('/requestValues')).toBe('adapter-more');
    expect(inputFor('/fields/1/when')).toBe('field-1-more');
    const draft = draftOf(record);
    draft.more = draft.more.replace('"first"', '"last"');
    const found = draftIssues(draft, validateAdapter(recordOf(draft), known));
    expect(found.map((i) => [i.code, i.path, inputFor(i.path)])).toEqual([['schema', '/requestValues', 'adapter-more']]);
  });

  it('says so when the box holds no JSON object, or a key that has an input above, and keeps the keys it can', () => {
    const draft = draftOf(record);
    draft.more = '{"requestValues": ';
    expect(draftIssues(draft, []).map((i) => [i.code, i.path, inputFor(i.path)])).toEqual([['schema', '/more', 'adapter-more']]);
    expect(recordOf(draft)).not.toHaveProperty('requestValues');
    draft.more = '["imp.ext"]';
    expect(draftIssues(draft, []).map((i) => i.path)).toEqual(['/more']);
    draft.more = '{"fields": [], "requestValues": "first"}';
    expect(draftIssues(draft, []).map((i) => i.path)).toEqual(['/more']);
    expect(recordOf(draft)).toMatchObject({ requestValues: 'first', fields: record.fields });
    draft.fields[1]!.more = '{"when": ';
    expect(draftIssues(draft, []).map((i) => [i.path, inputFor(i.path)])).toContainEqual(['/fields/1/more', 'field-1-more']);
  });
});

describe('the preview says which changed paths a removal emptied', () => {
  it('finds the removed keys of an enrichment among its changed paths', async () => {
    const { compile } = await import('../../src/index.js');
    const { absentAt, changedPaths } = await import('../../packages/server/src/console/preview/json-lines.js');
    const request = {
      id: 'r',
      site: { id: 's', publisher: { id: 'p' } },
      imp: [{ id: '1', banner: { format: [{ w: 300, h: 250 }] }, ext: { gpid: '/a', tid: 't' } }],
    };
    const enriched = compile(record, known).safeEnrichImps(request, [{ placementId: 'top' }]);
    expect(enriched.ok).toBe(true);
    const after = enriched.ok ? enriched.request : undefined;
    const changed = changedPaths(request, after);
    expect(changed.filter((path) => absentAt(after, path)).sort()).toEqual(['/imp/0/ext/gpid', '/imp/0/ext/tid']);
    expect(changed.filter((path) => !absentAt(after, path)).sort()).toEqual(['/imp/0/banner/h', '/imp/0/banner/w', '/imp/0/ext/bidder']);
    expect(absentAt({ 'a/b': { '~': 1 } }, '/a~1b/~0')).toBe(false);
  });
});
