// The console and record headers (docs/spec.md#headers): the editor's header rows become the record's `headers` (in
// order, only when there is a row) and a stored record's headers become rows; every issue at /headers/<Name>… finds
// that row's input, escaped names included; the preview shows the headers each request carries: the RTB and Prebid
// Server wrappers' (with their header_omitted warnings), and the Prebid.js bidder's ajax options.
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
import { draftIssues, draftOf, emptyDraft, emptyHeader, inputFor, recordOf, type AdapterDraft } from '../../packages/server/src/console/adapters/draft.js';
import { headerRows, headersOf } from '../../packages/server/src/console/adapters/headers-draft.js';
import { httpLines, wireRequests } from '../../packages/server/src/console/preview/wire.js';
import { ajaxHeadersOf, prebidWire } from '../../packages/server/src/console/preview/prebid-wire.js';
import { isRoutedPrebid } from '../../packages/server/src/console/preview/preview-parts.js';

const known = { knownEndpoints: ['rtb.example.com', 'pbs.example.com', 'bid.example.com'] };
const record: AdapterRecord = {
  protocol: 'rtb',
  endpoint: 'https://rtb.example.com/bid',
  bidderCode: 'ssp',
  fields: [{ name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement' }],
  headers: {
    'X-Openrtb-Version': { value: '2.5' },
    'User-Agent': { from: 'device.ua' },
    'X-Forwarded-For': { from: ['device.ip', 'device.ipv6'] },
    'X~Tilde': { value: 'a b ~ /' },
  },
};

/** Each issue of the draft's record, as the editor shows it: its code, its pointer and the input it is shown at. */
const shown = (draft: AdapterDraft) =>
  draftIssues(draft, validateAdapter(recordOf(draft), known)).map((i) => [i.code, i.path, inputFor(i.path, draft.headers)] as const);

describe('the editor draft of a record with headers', () => {
  it('is the record it was made from, headers in their order, and the record is valid', () => {
    expect(validateAdapter(record, known)).toEqual([]);
    expect(draftOf(record).headers).toEqual([
      { name: 'X-Openrtb-Version', kind: 'value', text: '2.5' },
      { name: 'User-Agent', kind: 'from', text: 'device.ua' },
      { name: 'X-Forwarded-For', kind: 'from', text: 'device.ip, device.ipv6' },
      { name: 'X~Tilde', kind: 'value', text: 'a b ~ /' },
    ]);
    const again = recordOf(draftOf(record));
    expect(again).toEqual(record);
    expect(Object.keys(again.headers!)).toEqual(['X-Openrtb-Version', 'User-Agent', 'X-Forwarded-For', 'X~Tilde']);
  });

  it('writes no headers key without a row, so a record without headers round-trips unchanged', () => {
    const { headers: _, ...without } = record;
    expect(draftOf(without).headers).toEqual([]);
    expect(recordOf(draftOf(without))).toEqual(without);
    expect(recordOf(draftOf(without))).not.toHaveProperty('headers');
    expect(recordOf(emptyDraft())).not.toHaveProperty('headers');
    // Removing the last row removes the key.
    expect(recordOf({ ...draftOf(record), headers: [] })).not.toHaveProperty('headers');
  });

  it('reads paths typed with commas or spaces; one path is written as a string, several as a list; a value as typed', () => {
    const rows = [
      { name: 'A', kind: 'from', text: ' device.ip ,device.ipv6\timp.0.tagid ' },
      { name: 'B', kind: 'from', text: ' device.ua ' },
      { name: 'C', kind: 'from', text: '' },
      { name: 'D', kind: 'value', text: ' spaced ' },
    ] as const;
    expect(headersOf([...rows])).toEqual({
      A: { from: ['device.ip', 'device.ipv6', 'imp.0.tagid'] },
      B: { from: 'device.ua' },
      C: { from: [] },
      D: { value: ' spaced ' },
    });
    // A list of one path means what the path means: stored so, it is written back so; its row edited, as the path.
    const draft = draftOf({ ...record, headers: { B: { from: ['device.ua'] } } });
    expect(recordOf(draft).headers).toEqual({ B: { from: ['device.ua'] } });
    expect(recordOf({ ...draft, headers: [{ ...draft.headers[0]!, text: 'device.ua ' }] }).headers).toEqual({ B: { from: 'device.ua' } });
  });

  it('keeps any name an own key, __proto__ too, both ways', () => {
    const stored = JSON.parse('{"protocol":"rtb","endpoint":"https://rtb.example.com/bid","fields":[],"headers":{"__proto__":{"value":"x"}}}');
    const out = recordOf(draftOf(stored));
    expect(Object.getPrototypeOf(out.headers)).toBe(Object.prototype);
    expect(Object.keys(out.headers!)).toEqual(['__proto__']);
    expect(JSON.stringify(out)).toBe(JSON.stringify(stored));
  });

  it('loads whatever a stored record holds as rows, without throwing', () => {
    expect(headerRows(undefined)).toEqual([]);
    expect(headerRows([{ value: 'x' }])).toEqual([]);
    expect(headerRows({ A: null, B: { value: 7 }, C: { from: 'x', value: 'v' }, D: { from: [1, 'a'] } })).toEqual([
      { name: 'A', kind: 'value', text: '' },
      { name: 'B', kind: 'value', text: '7' },
      { name: 'C', kind: 'value', text: 'v' },
      { name: 'D', kind: 'from', text: '1, a' },
    ]);
  });
});

describe("a header issue at its row's input", () => {
  const rows = [
    { name: 'X-A', kind: 'value', text: '1' },
    { name: 'a/b', kind: 'value', text: '2' },
    { name: 'a~b', kind: 'from', text: 'device.ua' },
    { name: 'X-A', kind: 'from', text: 'device.ip' },
  ] as const;

  it('maps every pointer to the input of the last row of that name, the name unescaped as RFC 6901 says', () => {
    expect(
      ['/headers/X-A', '/headers/X-A/value', '/headers/a~1b', '/headers/a~1b/value', '/headers/a~0b/from', '/headers/a~0b', '/headers', '/headers/nobody'].map(
        (path) => inputFor(path, [...rows]),
      ),
    ).toEqual(['header-3-name', 'header-3-text', 'header-1-name', 'header-1-text', 'header-2-text', 'header-2-name', 'header-3-name', undefined]);
    // '~01' is '~1', not '/'.
    expect(inputFor('/headers/a~01b', [{ ...emptyHeader(), name: 'a~1b' }])).toBe('header-0-name');
    expect(inputFor('/headers/X-A', [])).toBeUndefined();
  });

  it("says each of the library's verdicts on the rows at that row's input", () => {
    const draft = {
      ...draftOf(record),
      headers: [
        { name: 'a/b', kind: 'value', text: 'x' },
        { name: 'a~b', kind: 'value', text: '' },
        { name: 'X-Paths', kind: 'from', text: '' },
        { name: 'X-Bad', kind: 'from', text: 'device..ua' },
        { name: 'X-Unsafe', kind: 'from', text: 'device.__proto__' },
        { name: 'Cookie', kind: 'value', text: 'c' },
        { name: 'x-openrtb-version', kind: 'value', text: '2.6' },
        { name: 'X-Control', kind: 'value', text: 'a\u0001b' },
        { name: 'content-type', kind: 'from', text: 'device.ua' },
      ],
    } satisfies AdapterDraft;
    draft.headers.unshift({ name: 'X-Openrtb-Version', kind: 'value', text: '2.5' });
    const at = shown(draft);
    expect(at).toEqual(
      expect.arrayContaining([
        ['invalid_header', '/headers/a~1b', 'header-1-name'],
        ['invalid_header', '/headers/a~0b/value', 'header-2-text'],
        // A row read from the request that makes no well-formed entry: said at its paths.
        ['schema', '/headers/X-Paths/from', 'header-3-text'],
        ['schema', '/headers/X-Bad/from', 'header-4-text'],
        ['unsafe_name', '/headers/X-Unsafe/from', 'header-5-text'],
        ['invalid_header', '/headers/Cookie', 'header-6-name'],
        ['invalid_header', '/headers/x-openrtb-version', 'header-7-name'],
        ['invalid_header', '/headers/X-Control/value', 'header-8-text'],
        ['invalid_header', '/headers/content-type', 'header-9-name'],
      ]),
    );
    expect(at.filter(([, path]) => path.startsWith('/headers'))).toHaveLength(9);
    for (const [, path, input] of at) expect(input, path).toBeDefined();
  });

  it('says a name two rows share exactly at the later row (the record has one key for both)', () => {
    const draft = {
      ...draftOf(record),
      headers: [
        { name: 'X-Same', kind: 'value', text: 'one' },
        { name: 'X-Other', kind: 'value', text: 'two' },
        { name: 'X-Same', kind: 'value', text: 'three' },
      ],
    } satisfies AdapterDraft;
    expect(recordOf(draft).headers).toEqual({ 'X-Same': { value: 'three' }, 'X-Other': { value: 'two' } });
    expect(validateAdapter(recordOf(draft), known)).toEqual([]);
    expect(shown(draft)).toEqual([['invalid_header', '/headers/X-Same', 'header-2-name']]);
  });

  it('a Prebid JS record: a row read from the request is the schema issue at its paths, a name the browser drops at its name', () => {
    const draft: AdapterDraft = {
      ...emptyDraft(),
      protocol: 'prebid-js',
      bidderCode: 'acme',
      endpoint: 'https://bid.example.com/x',
      cpmField: 'price',
      fields: [],
      headers: [
        { name: 'X-Ua', kind: 'from', text: 'device.ua' },
        { name: 'User-Agent', kind: 'value', text: 'me' },
        { name: 'X-Fine', kind: 'value', text: 'ok' },
      ],
    };
    expect(shown(draft)).toEqual([
      ['schema', '/headers/X-Ua/from', 'header-0-text'],
      ['invalid_header', '/headers/User-Agent', 'header-1-name'],
    ]);
  });
});

describe('the headers each request of the preview carries', () => {
  const request = {
    id: 'r',
    imp: [
      { id: '1', banner: { w: 300, h: 250 } },
      { id: '2', banner: { w: 728, h: 90 } },
    ],
    site: { id: 's' },
    device: { ua: 'UA/1', ipv6: '::1' },
  } as unknown as BidRequest;

  it("RTB and Prebid Server: the wrapper's own headers, printed in the request lines", () => {
    const rtb = compile(record, known);
    const pbs = compilePrebidServer(
      { ...record, protocol: 'prebid-server', endpoint: 'https://pbs.example.com', fields: [{ ...record.fields[0]!, name: 'tagid' }] },
      known,
    );
    for (const [adapter, build] of [
      [rtb, safeBuildRtbRequests],
      [pbs, safeBuildPrebidServerRequests],
    ] as const) {
      const entries = [{ placementId: 'top' }, null];
      const wire = wireRequests(adapter, request, entries);
      const built = build(adapter, request, entries);
      expect(wire?.ok && built.ok).toBe(true);
      if (!wire?.ok || !built.ok) continue;
      expect(wire.requests.map((r) => r.http)).toEqual(built.http);
      expect(httpLines(wire.requests[0]!.http).split('\n').slice(1)).toEqual([
        'content-type: application/json',
        'x-openrtb-version: 2.5',
        'user-agent: UA/1',
        'x-forwarded-for: ::1',
        'x~tilde: a b ~ /',
      ]);
      expect(wire.warnings).toEqual([]);
    }
  });

  it('a value read from the request that cannot be sent: the header left out, and the warning header_omitted', () => {
    const wire = wireRequests(compile(record, known), { ...request, device: { ua: 'bad\u0001ua', ip: '10.0.0.1' } } as BidRequest, [{}, null]);
    expect(wire?.ok).toBe(true);
    if (!wire?.ok) return;
    expect(httpLines(wire.requests[0]!.http)).not.toContain('user-agent');
    expect(httpLines(wire.requests[0]!.http)).toContain('x-forwarded-for: 10.0.0.1');
    expect(wire.warnings.map((w) => [w.code, w.path])).toEqual([['header_omitted', '/device/ua']]);
  });

  it('with a split, each request its own headers, read from its own body', () => {
    const split = compile({ ...record, split: 'imp', headers: { 'X-Tag': { from: 'imp.0.tagid' } } }, known);
    const wire = wireRequests(split, request, [{ placementId: 'a' }, { placementId: 'b' }]);
    expect(wire?.ok && wire.requests.map((r) => [r.imp, r.http.headers['x-tag']])).toEqual([
      [0, 'a'],
      [1, 'b'],
    ]);
  });

  it("Prebid JS: each request the Prebid.js bidder sends, with its ajax options' headers", () => {
    const pj: AdapterRecord = {
      protocol: 'prebid-js',
      bidderCode: 'acme',
      endpoint: 'https://bid.example.com/x',
      cpmField: 'price',
      fields: [{ name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement' }],
      headers: { 'Content-Type': { value: 'application/json;charset=utf-8' }, 'X-Openrtb-Version': { value: '2.6' }, 'X-Key': { value: 'k1' } },
    };
    expect(validateAdapter(pj, known)).toEqual([]);
    expect(isRoutedPrebid(compile(pj, known))).toBe(true);
    const { headers: _, ...plain } = pj;
    expect(isRoutedPrebid(compile(plain, known))).toBe(false);
    const wire = prebidWire(pj, request, [{ placementId: 'top' }, { placementId: 'side' }], formFields(pj), known);
    expect(wire.ok).toBe(true);
    if (!wire.ok) return;
    expect(wire.requests).toHaveLength(1);
    expect(httpLines(wire.requests[0]!.http)).toBe(
      'POST https://bid.example.com/x\ncontent-type: application/json;charset=utf-8\nx-openrtb-version: 2.6\nx-key: k1',
    );
    expect(ajaxHeadersOf({ withCredentials: true })).toEqual({ 'content-type': 'text/plain' });
    expect(ajaxHeadersOf({ withCredentials: true, customHeaders: { 'x-a': '1' } })).toEqual({ 'content-type': 'text/plain', 'x-a': '1' });
  });
});
