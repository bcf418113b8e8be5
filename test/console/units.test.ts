// The console's pure parts (issue 14, issue 20): report settings survive the address, the editor's draft becomes the
// record validateAdapter checks (and back), keys, booleans, more targets, constants and one-of groups included;
// every issue pointer of a record finds its input, changed paths and marked JSON lines of the preview, values per
// imp, the wire request, numbers for people.
import { describe, expect, it } from 'vitest';
import { compile, compilePrebidServer, formFields, safeBuildPrebidServerRequest, safeBuildRtbRequest, validateAdapter, type AdapterRecord, type BidRequest } from '../../src/index.js';
import { bidsEntry } from '../../src/console/preview/bids-entry.js';
import { impsOf, isValuePath, issuesOfImp, perImpEntries } from '../../src/console/preview/per-imp.js';
import { wireRequest } from '../../src/console/preview/wire.js';
import { paramsFrom, requestOf, settingsFrom } from '../../src/console/reports/settings.js';
import { draftIssues, draftOf, emptyConstant, emptyDraft, emptyField, inputFor, recordOf } from '../../src/console/adapters/draft.js';
import { changedPaths, jsonLines } from '../../src/console/preview/json-lines.js';
import { formatCell, formatMetric } from '../../src/console/format.js';

describe('report settings in the address', () => {
  it('round-trip, filters and order included, and make the API request', () => {
    const settings = { ...settingsFrom(new URLSearchParams()), startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['date', 'country'], metrics: ['revenue', 'fillrate'], filters: [{ key: 'country', operator: 'IN', values: 'US, DE' }, { key: 'service', operator: '!=', values: 'a|b' }], orderColumn: 'revenue', direction: 'ASC' as const, pageSize: 25, page: 2, chartMetric: 'fillrate' };
    const params = paramsFrom(settings, true);
    expect(settingsFrom(new URLSearchParams(params.toString()))).toEqual(settings);
    expect(params.get('run')).toBe('1');
    expect(requestOf(settings, true)).toEqual({
      startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['date', 'country'], metrics: ['revenue', 'fillrate'], totals: true,
      filters: [{ key: 'country', operator: 'IN', values: ['US', 'DE'] }, { key: 'service', operator: '!=', value: 'a|b' }],
      order: 'revenue ASC', limit: '25', skip: '50',
    });
    expect(requestOf(settings, false)).not.toHaveProperty('limit');
  });
  it('ignores unknown columns and bad numbers in a hand-edited address', () => {
    const settings = settingsFrom(new URLSearchParams('dimensions=date,__proto__,x&metrics=revenue,constructor&pageSize=-3&page=abc'));
    expect([settings.dimensions, settings.metrics, settings.pageSize, settings.page]).toEqual([['date'], ['revenue'], 50, 0]);
  });
});

describe('the editor draft', () => {
  const record: AdapterRecord = {
    protocol: 'prebid-js', endpoint: 'https://bid.example.com/x', cpmField: 'price', bidderCode: 'acme',
    fields: [
      { name: 'prd.impTagId', type: 'text', display: 'Tag', required: true, minLength: 1, pattern: '^a' },
      { name: 'zone', type: 'number', display: 'Zone', min: 1, max: 9, integer: true, default: 3 },
      { name: 'size', type: 'select', display: 'Size', options: [{ name: 'A = big', value: 1 }, { name: 'B', value: 2 }], default: 2 },
    ],
  };
  it('is the record it was made from', () => expect(recordOf(draftOf(record))).toEqual(record));
  it('passes what is not a number on as typed, so validateAdapter says where', () => {
    const draft = emptyDraft();
    draft.fields[0] = { ...draft.fields[0]!, name: 'zone', type: 'number', display: 'Zone', min: 'one', default: '1e999' };
    const issues = validateAdapter(recordOf(draft));
    expect(issues.map((i) => i.path)).toContain('/fields/0/min');
    for (const found of issues) if (found.path.startsWith('/fields/')) expect(inputFor(found.path)).toMatch(/^field-0-/);
  });
  it('maps every pointer to the deepest input there is', () => {
    expect(['/protocol', '/endpoint', '/cpmField', '/bidderCode', '/fields/3/options/1/value', '/fields/0', '/fields/2/pattern', '/fields/1/x', '', '/fields', '/other'].map(inputFor)).toEqual([
      'adapter-protocol', 'adapter-endpoint', 'adapter-cpmField', 'adapter-bidderCode', 'field-3-options', 'field-0-name', 'field-2-pattern', 'field-1-name', undefined, undefined, undefined,
    ]);
    expect(['/fields/2/param', '/fields/0/alsoTo', '/fields/0/alsoTo/1', '/constants/0/name', '/constants/0/value', '/constants/1/value/__proto__', '/constants/3', '/constants', '/requireOneOf/0/1', '/requireOneOf/2', '/requireOneOf', '/constants/x/name'].map(inputFor)).toEqual([
      'field-2-param', 'field-0-alsoTo', 'field-0-alsoTo', 'constant-0-name', 'constant-0-value', 'constant-1-value', 'constant-3-name', undefined, 'oneof-0', 'oneof-2', undefined, undefined,
    ]);
  });
});

describe('the editor draft of a record of SPEC §8', () => {
  const known = { knownEndpoints: ['bid.example-ssp.com'] };
  const record: AdapterRecord = {
    protocol: 'rtb', endpoint: 'https://bid.example-ssp.com/rtb', bidderCode: 'ssp',
    fields: [
      { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', alsoTo: ['predefinedImpExt.bidder.placementId', 'predefinedImpExt.bidder.tagid'] },
      { name: 'predefinedRequestExt.partner.id', param: 'partnerId', type: 'text', display: 'Partner' },
      { name: 'predefinedImpExt.bidder.test', param: 'test', type: 'boolean', display: 'Test traffic', default: false },
      { name: 'predefinedImpExt.bidder.gdpr', type: 'boolean', display: 'GDPR', required: true, default: true },
    ],
    constants: [{ name: 'predefinedImpExt.is_prebid', value: true }, { name: 'predefinedImpExt.bidder.meta', value: { a: [1, 'x', null], b: {} } }, { name: 'predefinedRequestExt.source', value: 'console' }],
    requireOneOf: [['placementId', 'partnerId'], ['test']],
  };

  it('is the record it was made from, and the record is valid', () => {
    expect(validateAdapter(record, known)).toEqual([]);
    expect(recordOf(draftOf(record))).toEqual(record);
    expect(draftOf(record)).toMatchObject({
      fields: [{ param: 'placementId', alsoTo: 'predefinedImpExt.bidder.placementId, predefinedImpExt.bidder.tagid' }, { param: 'partnerId', alsoTo: '' }, { type: 'boolean', default: 'false' }, { param: '', default: 'true' }],
      constants: [{ name: 'predefinedImpExt.is_prebid', value: 'true' }, { value: '{"a":[1,"x",null],"b":{}}' }, { value: '"console"' }],
      oneOf: ['placementId, partnerId', 'test'],
    });
  });

  it('reads lists typed with commas or spaces, and leaves out what is left empty', () => {
    const draft = draftOf(record);
    draft.fields[0] = { ...draft.fields[0]!, alsoTo: ' predefinedImpExt.a ,predefinedImpExt.b\tpredefinedImpExt.c ', param: '' };
    draft.oneOf = ['placementId,partnerId  test'];
    const out = recordOf(draft);
    expect(out.fields[0]).toEqual({ name: 'prd.impTagId', type: 'text', display: 'Placement', alsoTo: ['predefinedImpExt.a', 'predefinedImpExt.b', 'predefinedImpExt.c'] });
    expect(out.requireOneOf).toEqual([['placementId', 'partnerId', 'test']]);
    expect(recordOf({ ...emptyDraft(), fields: [emptyField()] })).not.toHaveProperty('constants');
    expect(recordOf({ ...emptyDraft(), fields: [{ ...emptyField(), alsoTo: '  ' }] }).fields[0]).not.toHaveProperty('alsoTo');
  });

  it('puts every issue of a bad §8 record at an input of the editor', () => {
    const draft = draftOf(record);
    draft.fields[0] = { ...draft.fields[0]!, param: '9x', alsoTo: 'predefinedImpExt.ok, predefinedImpExt.__proto__' };
    draft.fields[1] = { ...draft.fields[1]!, param: 'test' };
    draft.fields[2] = { ...draft.fields[2]!, default: 'yes', name: 'prd.impTagId' };
    draft.constants = [{ name: 'predefinedImpExt.is_prebid', value: '{"x":{"__proto__":1}}' }, { name: 'predefinedImpExt.c', value: '{nope' }, { name: 'zone', value: '' }, { name: 'predefinedImpExt.n', value: 'null' }];
    draft.oneOf = ['placementId, nobody', ''];
    const issues = draftIssues(draft, validateAdapter(recordOf(draft), known));
    const at = issues.map((i) => [i.path, i.code, inputFor(i.path)]);
    expect(at).toEqual(expect.arrayContaining([
      ['/fields/0/param', 'schema', 'field-0-param'],
      ['/fields/0/alsoTo/1', 'unsafe_name', 'field-0-alsoTo'],
      ['/fields/2/param', 'duplicate_param', 'field-2-param'],
      ['/fields/2/name', 'duplicate_name', 'field-2-name'],
      ['/fields/2/type', 'schema', 'field-2-type'],
      ['/fields/2/default', 'invalid_default', 'field-2-default'],
      ['/constants/0/value/x/__proto__', 'unsafe_name', 'constant-0-value'],
      ['/constants/1/value', 'schema', 'constant-1-value'],
      ['/constants/2/value', 'schema', 'constant-2-value'],
      ['/constants/2/name', 'rtb_field_without_prefix', 'constant-2-name'],
      ['/constants/3/value', 'schema', 'constant-3-value'],
      ['/requireOneOf/0/1', 'schema', 'oneof-0'],
      ['/requireOneOf/1', 'schema', 'oneof-1'],
    ]));
    for (const found of issues) expect(inputFor(found.path), found.path).toBeDefined();
    // A value that is not JSON is said by the draft, once, instead of the library's "missing".
    expect(issues.filter((i) => i.path === '/constants/1/value').map((i) => i.message)).toEqual([expect.stringMatching(/^the value must be JSON/)]);
    expect(issues.filter((i) => i.path === '/constants/2/value').map((i) => i.message)).toEqual(["missing required key 'value'"]);
  });

  it('an empty constant row is an issue at its inputs, not a crash', () => {
    const draft = { ...draftOf(record), constants: [emptyConstant()] };
    const issues = draftIssues(draft, validateAdapter(recordOf(draft), known));
    expect(issues.map((i) => inputFor(i.path))).toEqual(expect.arrayContaining(['constant-0-name', 'constant-0-value']));
  });
});

describe('the preview diff', () => {
  const before = { id: 'r', imp: [{ id: '1', banner: { w: 1 } }], site: { id: 's' } };
  const after = { ...before, imp: [{ ...before.imp[0]!, tagid: 't', ext: { zone: 7 } }], site: { ...before.site, id: 'x/y' } };
  it('finds the changed paths, walking only where identity differs', () => {
    expect(changedPaths(before, after)).toEqual(['/imp/0/tagid', '/imp/0/ext', '/site/id']);
    expect(changedPaths(before, before)).toEqual([]);
  });
  it('prints JSON.stringify(…, null, 2), lines under a changed path marked', () => {
    const lines = jsonLines(after, changedPaths(before, after));
    expect(lines.map((l) => l.text).join('\n')).toBe(JSON.stringify(after, null, 2));
    expect(lines.filter((l) => l.changed).map((l) => l.text.trim())).toEqual(['"tagid": "t",', '"ext": {', '"zone": 7', '}', '"id": "x/y"']);
  });
});

describe('numbers for people', () => {
  it('USD for revenue and eCPM, % for fill rate, separators for counts; dimensions as sent', () => {
    expect([formatMetric('revenue', 1234.5), formatMetric('ecpm', 0.456), formatMetric('fillrate', 0.75321), formatMetric('requests', 1234567), formatCell('date', 'Total', ['revenue'])]).toEqual(['$1,234.50', '$0.46', '75.32%', '1,234,567', 'Total']);
  });
});

describe('values per imp in the preview', () => {
  const request = { id: 'r', imp: [{ id: '1' }, { id: 2 }, {}], site: { id: 's' } };
  it('has one values object per imp, imp 1 enriched unless unticked, the others when ticked', () => {
    expect(impsOf(request)).toEqual(['"1"', '2', undefined]);
    expect([impsOf(undefined), impsOf({ imp: [] }), impsOf({ imp: 'x' }), impsOf([1])]).toEqual([[undefined], [undefined], [undefined], [undefined]]);
    expect(perImpEntries(3, [{ a: '1' }], [])).toEqual([{ a: '1' }, null, null]);
    expect(perImpEntries(3, [{ a: '1' }, undefined, { a: '3' }], [false, true, true])).toEqual([null, {}, { a: '3' }]);
    expect(perImpEntries(1, [{ a: '1' }], [false])).toEqual([{ a: '1' }]);
  });
  it('tells value issues (/<imp>/<key>, /<imp>) from request issues, by imp', () => {
    const issues = [{ path: '/0/a' }, { path: '/1' }, { path: '/10/a' }, { path: '/imp/0/ext' }, { path: '' }].map((i) => ({ ...i, code: 'invalid_value', message: '' }) as const);
    expect(issues.map(isValuePath)).toEqual([true, true, true, false, false]);
    expect(issuesOfImp(issues, 1).map((i) => i.path)).toEqual(['/1']);
    expect(issuesOfImp(issues, 10).map((i) => i.path)).toEqual(['/10/a']);
  });
  it('gives the wrapper\'s own HTTP request for a request enriched per imp', () => {
    const known = { knownEndpoints: ['rtb.example.com', 'pbs.example.com'] };
    const fields = [{ name: 'predefinedImpExt.zone', param: 'zone', type: 'number', display: 'Zone' }] as const;
    const rtb = compile({ protocol: 'rtb', endpoint: 'https://rtb.example.com/bid?x=1', fields: [...fields] }, known);
    const pbs = compilePrebidServer({ protocol: 'prebid-server', endpoint: 'https://pbs.example.com', bidderCode: 'acme', fields: [{ ...fields[0], name: 'zone' }] }, known);
    const one = { id: 'r', imp: [{ id: '1' }], site: { id: 's' } } as BidRequest;
    for (const [adapter, build] of [[rtb, safeBuildRtbRequest], [pbs, safeBuildPrebidServerRequest]] as const) {
      const enriched = adapter.safeEnrichImps(one, [{ zone: '7' }]);
      const built = build(adapter, one, { zone: '7' });
      expect(enriched.ok && built.ok).toBe(true);
      if (enriched.ok && built.ok) expect(wireRequest(adapter, enriched.request)).toEqual({ ok: true, http: built.http });
    }
    expect(wireRequest(compile({ protocol: 'rtb', fields: [] }), one)).toMatchObject({ ok: false, issues: [{ code: 'invalid_endpoint', path: '/endpoint' }] });
  });
});

describe('the Prebid JS bids entry of the preview', () => {
  it('types each entered value as the adapter reads it and leaves empty ones out', () => {
    const form = formFields({
      protocol: 'prebid-js', bidderCode: 'acme', cpmField: 'ext.cpm', endpoint: 'https://bid.example.com/x',
      fields: [
        { name: 'prd.impTagId', type: 'text', display: 'Tag' },
        { name: 'zoneId', type: 'number', display: 'Zone', integer: true },
        { name: 'size', type: 'select', display: 'Size', options: [{ name: '300x250', value: 1 }, { name: '728x90', value: 2 }] },
        { name: 'note', type: 'text', display: 'Note' },
        { name: '__proto__x', type: 'text', display: 'Odd' },
      ],
    } as AdapterRecord);
    const entry = bidsEntry('acme', form, { 'prd.impTagId': '00123', zoneId: '12', size: '2', note: '', __proto__x: '7' });
    expect(JSON.stringify(entry)).toBe('{"bidder":"acme","params":{"prd.impTagId":"00123","zoneId":12,"size":2,"__proto__x":"7"}}');
    expect(Object.getPrototypeOf(entry.params)).toBe(Object.prototype);
  });
  it('puts each value under its key, a checkbox as a boolean', () => {
    const form = formFields([
      { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Tag' },
      { name: 'test', param: 'isTest', type: 'boolean', display: 'Test' },
      { name: 'video', type: 'boolean', display: 'Video' },
      { name: 'other', type: 'boolean', display: 'Other' },
    ]);
    expect(bidsEntry('acme', form, { placementId: 'top', isTest: 'true', video: 'false', other: '' })).toEqual({ bidder: 'acme', params: { placementId: 'top', isTest: true, video: false } });
    expect(bidsEntry('acme', form, { 'prd.impTagId': 'top', test: 'true' })).toEqual({ bidder: 'acme', params: {} });
  });
});
