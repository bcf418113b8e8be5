// The console's pure parts: report settings survive the address, the editor's draft becomes the
// record validateAdapter checks (and back), keys, booleans, more targets, constants, one-of groups, endpoint
// templates, endpoint-only fields and split included; every issue pointer of a record finds its input; the adapters
// service takes a template under a '*.' known endpoint; changed paths and marked JSON lines of the preview, values per
// imp, the wrapper's requests (one, or one per imp with its URL), numbers for people.
import { describe, expect, it } from 'vitest';
import {
  compile,
  compilePrebidServer,
  formFields,
  safeBuildPrebidServerRequests,
  safeBuildRtbRequests,
  validateAdapter,
  type AdapterRecord,
  type BidRequest,
} from '../../src/index.js';
import { createAdapterService } from '../../packages/server/src/adapters/service.js';
import type { AdapterStore } from '../../packages/server/src/adapters/store.js';
import type { StoredAdapter } from '../../src/api-contract/adapter-records.js';
import { ROLE } from '../../packages/server/src/auth/roles.js';
import { bidsEntry } from '../../packages/server/src/console/preview/bids-entry.js';
import { impsOf, isValuePath, issuesOfImp, perImpEntries } from '../../packages/server/src/console/preview/per-imp.js';
import { httpLines, wireRequests } from '../../packages/server/src/console/preview/wire.js';
import { bidOf, prebidWire } from '../../packages/server/src/console/preview/prebid-wire.js';
import { paramsFrom, requestOf, settingsFrom } from '../../packages/server/src/console/reports/settings.js';
import { draftIssues, draftOf, emptyConstant, emptyDraft, emptyField, inputFor, recordOf } from '../../packages/server/src/console/adapters/draft.js';
import { changedPaths, jsonLines, pastedRequest } from '../../packages/server/src/console/preview/json-lines.js';
import { formatCell, formatMetric } from '../../packages/server/src/console/format.js';

describe('report settings in the address', () => {
  it('round-trip, filters and order included, and make the API request', () => {
    const settings = {
      ...settingsFrom(new URLSearchParams()),
      startDate: '2024-01-01',
      endDate: '2024-01-31',
      dimensions: ['date', 'country'],
      metrics: ['revenue', 'fillrate'],
      filters: [
        { key: 'country', operator: 'IN', values: 'US, DE' },
        { key: 'service', operator: '!=', values: 'a|b' },
      ],
      orderColumn: 'revenue',
      direction: 'ASC' as const,
      pageSize: 25,
      page: 2,
      chartMetric: 'fillrate',
    };
    const params = paramsFrom(settings, true);
    expect(settingsFrom(new URLSearchParams(params.toString()))).toEqual(settings);
    expect(params.get('run')).toBe('1');
    expect(requestOf(settings, true)).toEqual({
      startDate: '2024-01-01',
      endDate: '2024-01-31',
      dimensions: ['date', 'country'],
      metrics: ['revenue', 'fillrate'],
      totals: true,
      filters: [
        { key: 'country', operator: 'IN', values: ['US', 'DE'] },
        { key: 'service', operator: '!=', value: 'a|b' },
      ],
      order: 'revenue ASC',
      limit: '25',
      skip: '50',
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
    protocol: 'prebid-js',
    endpoint: 'https://bid.example.com/x',
    cpmField: 'price',
    bidderCode: 'acme',
    fields: [
      { name: 'prd.impTagId', type: 'text', display: 'Tag', required: true, minLength: 1, pattern: '^a' },
      { name: 'zone', type: 'number', display: 'Zone', min: 1, max: 9, integer: true, default: 3 },
      {
        name: 'size',
        type: 'select',
        display: 'Size',
        options: [
          { name: 'A = big', value: 1 },
          { name: 'B', value: 2 },
        ],
        default: 2,
      },
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
    expect(
      [
        '/protocol',
        '/endpoint',
        '/cpmField',
        '/bidderCode',
        '/split',
        '/fields/3/options/1/value',
        '/fields/0',
        '/fields/2/pattern',
        '/fields/1/x',
        '',
        '/fields',
        '/other',
      ].map((path) => inputFor(path)),
    ).toEqual([
      'adapter-protocol',
      'adapter-endpoint',
      'adapter-cpmField',
      'adapter-bidderCode',
      'adapter-split',
      'field-3-options',
      'field-0-name',
      'field-2-pattern',
      // A key the editor has no input for is in the field's, or the record's, "more settings" box (more-draft.ts).
      'field-1-more',
      undefined,
      undefined,
      'adapter-more',
    ]);
    expect(
      [
        '/fields/2/param',
        '/fields/0/alsoTo',
        '/fields/0/alsoTo/1',
        '/constants/0/name',
        '/constants/0/value',
        '/constants/1/value/__proto__',
        '/constants/3',
        '/constants',
        '/requireOneOf/0/1',
        '/requireOneOf/2',
        '/requireOneOf',
        '/constants/x/name',
      ].map((path) => inputFor(path)),
    ).toEqual([
      'field-2-param',
      'field-0-alsoTo',
      'field-0-alsoTo',
      'constant-0-name',
      'constant-0-value',
      'constant-1-value',
      'constant-3-name',
      undefined,
      'oneof-0',
      'oneof-2',
      undefined,
      undefined,
    ]);
  });
});

describe('the editor draft of a record of docs/spec.md#records', () => {
  const known = { knownEndpoints: ['bid.example-ssp.com'] };
  const record: AdapterRecord = {
    protocol: 'rtb',
    endpoint: 'https://bid.example-ssp.com/rtb',
    bidderCode: 'ssp',
    fields: [
      {
        name: 'prd.impTagId',
        param: 'placementId',
        type: 'text',
        display: 'Placement',
        alsoTo: ['predefinedImpExt.bidder.placementId', 'predefinedImpExt.bidder.tagid'],
      },
      { name: 'predefinedRequestExt.partner.id', param: 'partnerId', type: 'text', display: 'Partner' },
      { name: 'predefinedImpExt.bidder.test', param: 'test', type: 'boolean', display: 'Test traffic', default: false },
      { name: 'predefinedImpExt.bidder.gdpr', type: 'boolean', display: 'GDPR', required: true, default: true },
    ],
    constants: [
      { name: 'predefinedImpExt.is_prebid', value: true },
      { name: 'predefinedImpExt.bidder.meta', value: { a: [1, 'x', null], b: {} } },
      { name: 'predefinedRequestExt.source', value: 'console' },
    ],
    requireOneOf: [['placementId', 'partnerId'], ['test']],
  };

  it('is the record it was made from, and the record is valid', () => {
    expect(validateAdapter(record, known)).toEqual([]);
    expect(recordOf(draftOf(record))).toEqual(record);
    expect(draftOf(record)).toMatchObject({
      fields: [
        { param: 'placementId', alsoTo: 'predefinedImpExt.bidder.placementId, predefinedImpExt.bidder.tagid' },
        { param: 'partnerId', alsoTo: '' },
        { type: 'boolean', default: 'false' },
        { param: '', default: 'true' },
      ],
      constants: [{ name: 'predefinedImpExt.is_prebid', value: 'true' }, { value: '{"a":[1,"x",null],"b":{}}' }, { value: '"console"' }],
      oneOf: ['placementId, partnerId', 'test'],
    });
  });

  it('reads lists typed with commas or spaces, and leaves out what is left empty', () => {
    const draft = draftOf(record);
    draft.fields[0] = { ...draft.fields[0]!, alsoTo: ' predefinedImpExt.a ,predefinedImpExt.b\tpredefinedImpExt.c ', param: '' };
    draft.oneOf = ['placementId,partnerId  test'];
    const out = recordOf(draft);
    expect(out.fields[0]).toEqual({
      name: 'prd.impTagId',
      type: 'text',
      display: 'Placement',
      alsoTo: ['predefinedImpExt.a', 'predefinedImpExt.b', 'predefinedImpExt.c'],
    });
    expect(out.requireOneOf).toEqual([['placementId', 'partnerId', 'test']]);
    expect(recordOf({ ...emptyDraft(), fields: [emptyField()] })).not.toHaveProperty('constants');
    expect(recordOf({ ...emptyDraft(), fields: [{ ...emptyField(), alsoTo: '  ' }] }).fields[0]).not.toHaveProperty('alsoTo');
  });

  it('puts every issue of a bad §8 record at an input of the editor', () => {
    const draft = draftOf(record);
    draft.fields[0] = { ...draft.fields[0]!, param: '9x', alsoTo: 'predefinedImpExt.ok, predefinedImpExt.__proto__' };
    draft.fields[1] = { ...draft.fields[1]!, param: 'test' };
    draft.fields[2] = { ...draft.fields[2]!, default: 'yes', name: 'prd.impTagId' };
    draft.constants = [
      { name: 'predefinedImpExt.is_prebid', value: '{"x":{"__proto__":1}}' },
      { name: 'predefinedImpExt.c', value: '{nope' },
      { name: 'zone', value: '' },
      { name: 'predefinedImpExt.n', value: 'null' },
    ];
    draft.oneOf = ['placementId, nobody', ''];
    const issues = draftIssues(draft, validateAdapter(recordOf(draft), known));
    const at = issues.map((i) => [i.path, i.code, inputFor(i.path)]);
    expect(at).toEqual(
      expect.arrayContaining([
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
      ]),
    );
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

describe('the editor draft of an endpoint template (docs/spec.md#endpoint-templates, §8.8)', () => {
  const known = { knownEndpoints: ['*.bid.example-ssp.com'] };
  const record: AdapterRecord = {
    protocol: 'rtb',
    bidderCode: 'tpl',
    endpoint: 'https://{region}.bid.example-ssp.com/pub/{publisherId}?aid={accountId}',
    split: 'imp',
    fields: [
      { name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'Region', required: true },
      { name: 'predefinedEndpoint.publisherId', param: 'publisherId', type: 'text', display: 'Publisher', default: 'p1' },
      { name: 'predefinedImpExt.bidder.accountId', param: 'accountId', type: 'number', display: 'Account', required: true },
    ],
  };

  it('is the record it was made from, split included, and the record is valid', () => {
    expect(validateAdapter(record, known)).toEqual([]);
    expect(draftOf(record)).toMatchObject({ endpoint: record.endpoint, split: 'imp' });
    expect(recordOf(draftOf(record))).toEqual(record);
    expect(draftOf({ ...record, split: 'none' }).split).toBe('none');
    expect(recordOf(draftOf({ ...record, split: 'none' }))).toEqual({ ...record, split: 'none' });
    const { split: _, ...whole } = record;
    expect(draftOf(whole).split).toBe('');
    expect(recordOf(draftOf(whole))).not.toHaveProperty('split');
    expect(emptyDraft().split).toBe('');
  });

  it('puts every issue of a template at an input: the endpoint, the split, the field a placeholder names', () => {
    const cases: [Partial<AdapterRecord>, string, string, string][] = [
      [{ endpoint: 'https://{region}.other.example.com/pub/{publisherId}?aid={accountId}' }, 'unknown_endpoint', '/endpoint', 'adapter-endpoint'],
      [{ endpoint: 'https://bid{region}.bid.example-ssp.com/pub/{publisherId}?aid={accountId}' }, 'invalid_endpoint', '/endpoint', 'adapter-endpoint'],
      [{ endpoint: 'https://{region}.bid.example-ssp.com/pub/{publisherId}?aid={accountId}&x={nobody}' }, 'invalid_endpoint', '/endpoint', 'adapter-endpoint'],
      [{ split: 'slot' as 'imp' }, 'schema', '/split', 'adapter-split'],
      [{ fields: [{ ...record.fields[0]!, required: false }, ...record.fields.slice(1)] }, 'schema', '/fields/0/required', 'field-0-required'],
      [{ endpoint: 'https://{region}.bid.example-ssp.com/pub?aid={accountId}' }, 'schema', '/fields/1/name', 'field-1-name'],
      [
        { fields: [record.fields[0]!, { ...record.fields[1]!, alsoTo: ['predefinedImpExt.p'] }, record.fields[2]!] },
        'schema',
        '/fields/1/alsoTo',
        'field-1-alsoTo',
      ],
    ];
    for (const [change, code, path, input] of cases) {
      const draft = draftOf({ ...record, ...change });
      const issues = draftIssues(draft, validateAdapter(recordOf(draft), known));
      expect(
        issues.map((i) => [i.code, i.path, inputFor(i.path)]),
        JSON.stringify(change),
      ).toContainEqual([code, path, input]);
      for (const found of issues) expect(inputFor(found.path), found.path).toBeDefined();
    }
  });
});

describe("the console server with a '*.' known endpoint (bidfields serve --known-endpoint)", () => {
  /** A store in memory, enough for the service. */
  function memoryStore(): AdapterStore {
    const held = new Map<string, StoredAdapter>();
    return {
      list: async () => [...held.values()],
      get: async (code) => held.get(code),
      put: async (code, adapter, version) => {
        const stored = { bidderCode: code, version: version + 1, updatedAt: new Date(0).toISOString(), adapter };
        held.set(code, stored);
        return stored;
      },
      delete: async (code) => held.delete(code),
    };
  }
  const record = {
    protocol: 'rtb',
    endpoint: 'https://{region}.bid.example-ssp.com/rtb',
    split: 'imp',
    fields: [{ name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'Region', required: true }],
  };

  it("saves a template whose host placeholder a '*.' entry covers, and refuses one no entry covers", async () => {
    const service = createAdapterService(memoryStore(), { knownEndpoints: ['rtb.example-dsp.com', '*.bid.example-ssp.com'] });
    expect(await service.put(ROLE.admin, 'tpl', { version: 0, adapter: record })).toMatchObject({
      ok: true,
      status: 201,
      body: { adapter: { ...record, bidderCode: 'tpl' } },
    });
    expect(await service.put(ROLE.admin, 'other', { version: 0, adapter: { ...record, endpoint: 'https://{region}.example-ssp.com/rtb' } })).toMatchObject({
      ok: false,
      status: 400,
      issues: [{ code: 'unknown_endpoint', path: '/adapter/endpoint' }],
    });
    // An exact entry covers no placeholder label: the template needs the '*.' one.
    const exact = createAdapterService(memoryStore(), { knownEndpoints: ['bid.example-ssp.com', 'eu.bid.example-ssp.com'] });
    expect(await exact.put(ROLE.admin, 'tpl', { version: 0, adapter: record })).toMatchObject({
      ok: false,
      status: 400,
      issues: [{ code: 'unknown_endpoint', path: '/adapter/endpoint' }],
    });
    expect(await service.put(ROLE.admin, 'unused', { version: 0, adapter: { ...record, endpoint: 'https://eu.bid.example-ssp.com/rtb' } })).toMatchObject({
      ok: false,
      status: 400,
      issues: [{ code: 'schema', path: '/adapter/fields/0/name' }],
    });
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

describe('a pasted request', () => {
  const nested = (n: number) => '{"id":"r","imp":[{"id":"1"}],"user":' + '{"a":'.repeat(n) + '1' + '}'.repeat(n) + '}';
  it('is refused past the depth the preview can show (its diff and lines are recursive), with why', () => {
    expect(pastedRequest(nested(100_000))).toEqual({ error: 'The pasted request nests deeper than 1,000 levels: the preview cannot show it.' });
    expect(pastedRequest('[' + '['.repeat(5000) + ']'.repeat(5000) + ']').error).toMatch(/nests deeper/);
    // What it takes, the preview shows.
    const { request } = pastedRequest(nested(990));
    const after = compile([{ name: 'zone', type: 'text', display: 'Zone' }]).enrich(request as BidRequest, { zone: 'z' }).request;
    expect(
      jsonLines(after, changedPaths(request, after))
        .filter((line) => line.changed)
        .map((line) => line.text.trim()),
    ).toEqual(['"ext": {', '"zone": "z"', '}']);
  });
  it('is refused when it is not JSON or empty', () => {
    expect(pastedRequest('  ')).toEqual({ error: 'Paste a bid request (JSON).' });
    expect(pastedRequest('{').error).toMatch(/^The pasted text is not JSON: /);
  });
});

describe('numbers for people', () => {
  it('USD for revenue and eCPM, % for fill rate, separators for counts; dimensions as sent', () => {
    expect([
      formatMetric('revenue', 1234.5),
      formatMetric('ecpm', 0.456),
      formatMetric('fillrate', 0.75321),
      formatMetric('requests', 1234567),
      formatCell('date', 'Total', ['revenue']),
    ]).toEqual(['$1,234.50', '$0.46', '75.32%', '1,234,567', 'Total']);
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
    const issues = [{ path: '/0/a' }, { path: '/1' }, { path: '/10/a' }, { path: '/imp/0/ext' }, { path: '' }].map(
      (i) => ({ ...i, code: 'invalid_value', message: '' }) as const,
    );
    expect(issues.map(isValuePath)).toEqual([true, true, true, false, false]);
    expect(issuesOfImp(issues, 1).map((i) => i.path)).toEqual(['/1']);
    expect(issuesOfImp(issues, 10).map((i) => i.path)).toEqual(['/10/a']);
  });
  it("gives the wrapper's own requests for values per imp: one for the whole enrichment, its body as sent", () => {
    const known = { knownEndpoints: ['rtb.example.com', 'pbs.example.com'] };
    const fields = [{ name: 'predefinedImpExt.zone', param: 'zone', type: 'number', display: 'Zone' }] as const;
    const rtb = compile({ protocol: 'rtb', endpoint: 'https://rtb.example.com/bid?x=1', fields: [...fields] }, known);
    const pbs = compilePrebidServer(
      { protocol: 'prebid-server', endpoint: 'https://pbs.example.com', bidderCode: 'acme', fields: [{ ...fields[0], name: 'zone' }] },
      known,
    );
    const two = { id: 'r', imp: [{ id: '1' }, { id: '2' }], site: { id: 's' } } as BidRequest;
    for (const [adapter, build] of [
      [rtb, safeBuildRtbRequests],
      [pbs, safeBuildPrebidServerRequests],
    ] as const) {
      const entries = [{ zone: '7' }, null];
      const built = build(adapter, two, entries);
      const wire = wireRequests(adapter, two, entries);
      expect(built.ok && wire?.ok).toBe(true);
      if (!built.ok || !wire?.ok) continue;
      expect(wire.requests.map((r) => r.http)).toEqual(built.http);
      expect(wire.requests).toHaveLength(1);
      expect(wire.requests[0]).toMatchObject({ before: two, body: adapter.enrichImps(two, entries).request });
      expect(wire.requests[0]!.imp).toBeUndefined();
    }
    expect(wireRequests(rtb, two, [{ zone: '7' }, null]) as { ok: true; requests: { http: { url: string } }[] }).toMatchObject({
      requests: [{ http: { url: 'https://rtb.example.com/bid?x=1' } }],
    });
    expect(wireRequests(pbs, two, [{ zone: '7' }, null])).toMatchObject({
      ok: true,
      requests: [{ http: { url: 'https://pbs.example.com/openrtb2/auction' } }],
    });
    expect(wireRequests(compile({ protocol: 'rtb', fields: [] }), two, [{}, null])).toMatchObject({
      ok: false,
      issues: [{ code: 'invalid_endpoint', path: '/endpoint' }],
    });
    expect(
      wireRequests(compile({ protocol: 'prebid-js', bidderCode: 'acme', cpmField: 'price', endpoint: 'https://rtb.example.com/x', fields: [] }, known), two, [
        {},
        null,
      ]),
    ).toBeUndefined();
  });

  describe('an endpoint template with split: imp (docs/spec.md#endpoint-templates, §8.8)', () => {
    const known = { knownEndpoints: ['*.bid.example-ssp.com', 'pbs.example-ssp.com'] };
    const record: AdapterRecord = {
      protocol: 'rtb',
      endpoint: 'https://{region}.bid.example-ssp.com/pub/{publisherId}',
      split: 'imp',
      fields: [
        { name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'Region', required: true },
        { name: 'predefinedEndpoint.publisherId', param: 'publisherId', type: 'text', display: 'Publisher', default: 'p1' },
        { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement' },
        { name: 'prd.appSiteId', param: 'siteId', type: 'text', display: 'Site' },
      ],
    };
    const request = {
      id: 'r',
      imp: [
        { id: '1', banner: {} },
        { id: '2', banner: {} },
        { id: '3', banner: {} },
      ],
      site: { id: 's' },
    } as BidRequest;
    const adapter = compile(record, known);

    it('lists one request per imp given values, each with its imp, the URL its values make and that imp alone', () => {
      expect(validateAdapter(record, known)).toEqual([]);
      // Imps 1 and 2 disagree on the site (request-level): with a split that is no conflict.
      const entries: (Record<string, string> | null)[] = [
        { region: 'EU', placementId: 'a', siteId: 's1' },
        null,
        { region: 'us', publisherId: 'p 2/x', siteId: 's2' },
      ];
      const wire = wireRequests(adapter, request, entries);
      const built = safeBuildRtbRequests(adapter, request, entries);
      expect(wire?.ok && built.ok).toBe(true);
      if (!wire?.ok || !built.ok) return;
      expect(wire.requests.map((r) => r.http)).toEqual(built.http);
      expect(wire.requests.map((r) => [r.imp, r.http.url])).toEqual([
        [0, 'https://eu.bid.example-ssp.com/pub/p1'],
        [2, 'https://us.bid.example-ssp.com/pub/p%202%2Fx'],
      ]);
      expect(httpLines(wire.requests[1]!.http)).toBe(
        'POST https://us.bid.example-ssp.com/pub/p%202%2Fx\ncontent-type: application/json\nx-openrtb-version: 2.6',
      );
      const [first, third] = wire.requests as unknown as [{ body: BidRequest; before: BidRequest }, { body: BidRequest; before: BidRequest }];
      expect([first.body.imp.map((i) => i.id), third.body.imp.map((i) => i.id)]).toEqual([['1'], ['3']]);
      expect([first.body.site?.id, third.body.site?.id]).toEqual(['s1', 's2']);
      expect(first.before).toEqual({ ...request, imp: [request.imp[0]] });
      expect(changedPaths(first.before, first.body)).toEqual(['/imp/0/tagid', '/site/id']);
      expect(changedPaths(third.before, third.body)).toEqual(['/site/id']);
    });

    it('refuses a value the template refuses at /<imp>/<key>, and sends nothing', () => {
      for (const region of ['x.evil.com', 'evil.com/', 'a@b', 'xn--e1afmkfd', '']) {
        const wire = wireRequests(adapter, request, [{ region: 'eu' }, { region }]);
        expect(wire?.ok, region).toBe(false);
        if (wire?.ok !== false) continue;
        const at = wire.issues.filter(isValuePath);
        expect(
          at.map((i) => [i.code, i.path]),
          region,
        ).toEqual([[region === '' ? 'missing_required' : 'invalid_value', '/1/region']]);
        expect(issuesOfImp(wire.issues, 1)).toEqual(at);
      }
      // A path value cannot climb out of its segment either.
      expect(wireRequests(adapter, request, [{ region: 'eu', publisherId: '..' }])).toMatchObject({
        ok: false,
        issues: [{ code: 'invalid_value', path: '/0/publisherId' }],
      });
    });

    it('without a split: one request, and imps that disagree on a placeholder are conflicting_values at the later one', () => {
      const whole = compile({ ...record, split: 'none' }, known);
      const one = wireRequests(whole, request, [{ region: 'eu' }, { region: 'eu' }, null]);
      expect(one).toMatchObject({ ok: true, requests: [{ http: { url: 'https://eu.bid.example-ssp.com/pub/p1' } }] });
      expect(one?.ok && one.requests.map((r) => [r.imp, (r.body as BidRequest).imp.length])).toEqual([[undefined, 3]]);
      expect(wireRequests(whole, request, [{ region: 'eu' }, { region: 'us' }, null])).toMatchObject({
        ok: false,
        issues: [{ code: 'conflicting_values', path: '/1/region' }],
      });
    });

    it('says a request issue once, though the wrapper checks the request once per imp', () => {
      const wire = wireRequests(adapter, { id: 'r', imp: [{ id: '1' }, { id: '2' }], site: 3 } as unknown as BidRequest, [
        { region: 'eu', siteId: 'a' },
        { region: 'us', siteId: 'b' },
      ]);
      expect(wire?.ok).toBe(false);
      if (wire?.ok !== false) return;
      expect(wire.issues.map((i) => [i.code, i.path])).toEqual([['path_conflict', '/site']]);
      const built = safeBuildRtbRequests(adapter, { id: 'r', imp: [{ id: '1' }, { id: '2' }], site: 3 } as unknown as BidRequest, [
        { region: 'eu', siteId: 'a' },
        { region: 'us', siteId: 'b' },
      ]);
      expect(!built.ok && built.issues.length).toBe(2);
    });

    it('no imp given values: no request', () => {
      expect(wireRequests(adapter, request, [null, null, null])).toMatchObject({ ok: true, requests: [] });
    });
  });
});

describe('the Prebid JS bids entry of the preview', () => {
  it('types each entered value as the adapter reads it and leaves empty ones out', () => {
    const form = formFields({
      protocol: 'prebid-js',
      bidderCode: 'acme',
      cpmField: 'ext.cpm',
      endpoint: 'https://bid.example.com/x',
      fields: [
        { name: 'prd.impTagId', type: 'text', display: 'Tag' },
        { name: 'zoneId', type: 'number', display: 'Zone', integer: true },
        {
          name: 'size',
          type: 'select',
          display: 'Size',
          options: [
            { name: '300x250', value: 1 },
            { name: '728x90', value: 2 },
          ],
        },
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
    expect(bidsEntry('acme', form, { placementId: 'top', isTest: 'true', video: 'false', other: '' })).toEqual({
      bidder: 'acme',
      params: { placementId: 'top', isTest: true, video: false },
    });
    expect(bidsEntry('acme', form, { 'prd.impTagId': 'top', test: 'true' })).toEqual({ bidder: 'acme', params: {} });
  });
});

describe('the Prebid JS preview of a template or split record: what the Prebid.js bidder sends (docs/spec.md#endpoint-templates, §8.8)', () => {
  const knownEndpoints = ['*.bid.example-ssp.com'];
  const record: AdapterRecord = {
    protocol: 'prebid-js',
    endpoint: 'https://{region}.bid.example-ssp.com/openrtb2',
    bidderCode: 'acme',
    cpmField: 'price',
    fields: [
      { name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'Region', default: 'eu' },
      { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement' },
      { name: 'predefinedImpExt.zone', param: 'zone', type: 'number', display: 'Zone' },
    ],
  };
  const form = formFields(record);
  const request = {
    id: 'r',
    tmax: 500,
    site: { id: 's', page: 'https://pub.example/a' },
    imp: [
      {
        id: '1',
        banner: {
          format: [
            { w: 300, h: 250 },
            { w: 728, h: 90 },
          ],
        },
        bidfloor: 0.5,
      },
      { id: '2', banner: { w: 320, h: 50 } },
      { id: '3', video: { w: 640, h: 360 } },
    ],
  } as unknown as BidRequest;
  const urls = (wire: ReturnType<typeof prebidWire>) =>
    wire.ok ? wire.requests.map((r) => [r.imp, r.http.url, (r.body as { imp: { id: string }[] }).imp.map((imp) => imp.id)]) : wire.issues;

  it('groups the bids by the URL their params make: imps that differ in a placeholder are no conflict', () => {
    const wire = prebidWire(record, request, [{ region: 'eu', placementId: 'a' }, { region: 'us' }, { placementId: 'c', zone: '7' }], form, { knownEndpoints });
    expect(urls(wire)).toEqual([
      [undefined, 'https://eu.bid.example-ssp.com/openrtb2', ['1', '3']],
      [undefined, 'https://us.bid.example-ssp.com/openrtb2', ['2']],
    ]);
    // What the library's enrichImps says of the same values: its placeholders are request-level.
    expect(compile(record, { knownEndpoints }).safeEnrichImps(request, [{ region: 'eu' }, { region: 'us' }, null]).ok).toBe(false);
    if (!wire.ok) return;
    const body = wire.requests[0]!.body as { imp: Record<string, unknown>[]; site: unknown; tmax: number };
    expect(body.imp[0]).toMatchObject({
      id: '1',
      tagid: 'a',
      bidfloor: 0.5,
      banner: {
        format: [
          { w: 300, h: 250 },
          { w: 728, h: 90 },
        ],
      },
    });
    expect(body.imp[1]).toMatchObject({ id: '3', tagid: 'c', ext: { zone: 7 }, video: { w: 640, h: 360 } });
    expect([body.site, body.tmax]).toEqual([request.site, 500]);
    expect(wire.requests[0]!.http.headers).toEqual({ 'content-type': 'text/plain' });
  });

  it('with split, one request per bid, each with its imp and the request alone with that imp to compare', () => {
    const wire = prebidWire({ ...record, split: 'imp' }, request, [{ region: 'eu' }, null, { region: 'eu' }], form, { knownEndpoints });
    expect(urls(wire)).toEqual([
      [0, 'https://eu.bid.example-ssp.com/openrtb2', ['1']],
      [2, 'https://eu.bid.example-ssp.com/openrtb2', ['3']],
    ]);
    if (wire.ok) expect(wire.requests[1]!.before).toEqual({ ...request, imp: [request.imp[2]] });
  });

  it('a value the bidder refuses is an issue at its imp and key, worded as the library words it, and nothing is shown as sent', () => {
    expect(urls(prebidWire(record, request, [{ region: 'eu' }, { region: 'x.evil.com' }, { zone: 'seven' }], form, { knownEndpoints }))).toEqual([
      {
        code: 'invalid_value',
        path: '/1/region',
        message: expect.stringMatching(/^cannot fill the endpoint: a host value must be one DNS label/),
        field: 'predefinedEndpoint.region',
      },
      { code: 'invalid_value', path: '/2/zone', message: 'must be a finite number', field: 'predefinedImpExt.zone' },
    ]);
    expect(prebidWire(record, request, [{}], form, { knownEndpoints: [] })).toMatchObject({
      ok: false,
      issues: [{ code: 'unknown_endpoint', path: '/endpoint' }],
    });
  });

  it('takes any pasted JSON as the request without throwing', () => {
    for (const pasted of [null, 'text', [1, 2], { imp: 'x' }, { imp: [null, 7, { id: { a: 1 } }] }, { id: 'r', imp: [{ id: '1', banner: { format: 'x' } }] }]) {
      expect(() => prebidWire(record, pasted as never, [{ region: 'eu' }, { region: 'us' }, null], form, { knownEndpoints })).not.toThrow();
    }
  });

  it('makes each imp the ad unit a publisher would write for it', () => {
    expect(
      bidOf(
        'acme',
        { id: 7, banner: { w: 300, h: 250 }, native: { request: '{"assets":[{"id":1}]}' }, ext: { gpid: 'g' }, bidfloor: 1, bidfloorcur: 'EUR' },
        { zone: 1 },
      ),
    ).toMatchObject({
      bidder: 'acme',
      bidId: '7',
      params: { zone: 1 },
      mediaTypes: { banner: { sizes: [[300, 250]] }, native: {} },
      nativeOrtbRequest: { assets: [{ id: 1 }] },
      ortb2Imp: { ext: { gpid: 'g' } },
    });
    expect(bidOf('acme', { id: 7, bidfloor: 1, bidfloorcur: 'EUR' }, {}).getFloor()).toEqual({ floor: 1, currency: 'EUR' });
    expect(bidOf('acme', null, {})).toMatchObject({ bidId: 'undefined', mediaTypes: {}, ortb2Imp: {} });
  });
});
