// The console and what a record does besides its fields' values (docs/spec.md#removals, docs/spec.md#conditions): the
// editor's rows of removals, derivations, exactly-one-of groups and a field's `with` constants become the record and
// back; a stored record is written back as stored where its inputs are unchanged, and in its key order where they
// changed; every issue of those keys finds its input; the preview tells the paths the removals took out and the values
// the derivations set from what the fields wrote, as the library's own steps make them.
import { describe, expect, it } from 'vitest';
import { compile, safeBuildRtbRequests, validateAdapter, type AdapterRecord, type BidRequest } from '../../src/index.js';
import {
  draftIssues,
  draftOf,
  emptyConstant,
  emptyDerivation,
  emptyDraft,
  emptyField,
  emptyRemoval,
  inputFor,
  recordOf,
} from '../../packages/server/src/console/adapters/draft.js';
import { KEEPS_KEYS, REMOVABLE, SIZE_WHEN } from '../../packages/server/src/console/adapters/steps-draft.js';
import { merged } from '../../packages/server/src/console/adapters/origin.js';
import { marksOf, stagesOf, stagesOfImp, stepsOf } from '../../packages/server/src/console/preview/step-marks.js';
import { wireRequests } from '../../packages/server/src/console/preview/wire.js';

const known = { knownEndpoints: ['rtb.example.com'] };
const record = {
  protocol: 'rtb',
  bidderCode: 'steps',
  endpoint: 'https://rtb.example.com/bid',
  fields: [
    {
      name: 'predefinedImpExt.bidder.placementId',
      param: 'placementId',
      type: 'text',
      display: 'Placement',
      with: [{ name: 'predefinedImpExt.bidder.type', value: 'publisher' }],
    },
    {
      name: 'predefinedImpExt.bidder.networkId',
      param: 'networkId',
      type: 'number',
      display: 'Network',
      when: 'absent',
      with: [{ name: 'predefinedImpExt.bidder.type', value: 'network', when: 'absent' }],
    },
  ],
  constants: [{ name: 'predefinedRequestExt.source', value: 'console', when: 'absent' }],
  exactlyOneOf: [['placementId', 'networkId']],
  requestValues: 'first',
  remove: ['imp.ext', { path: 'site.publisher', keep: ['id'] }],
  derive: [
    { op: 'bannerSizeFromFormat', when: 'eitherMissing' },
    { op: 'copy', from: 'imp.ext.gpid', to: 'predefinedImpExt.bidder.gpid', when: 'absent' },
    { op: 'copy', from: 'site.publisher', to: 'prd.impTagId' },
  ],
} as unknown as AdapterRecord;

const shown = (draft: ReturnType<typeof draftOf>) =>
  draftIssues(draft, validateAdapter(recordOf(draft), known)).map((i) => [i.code, i.path, inputFor(i.path, draft.headers)] as const);

describe('the editor draft of removals, derivations, with and exactly-one-of groups', () => {
  it('reads each into rows, and gives back the very record, every key in its order', () => {
    expect(validateAdapter(record, known)).toEqual([]);
    const draft = draftOf(record);
    expect(draft).toMatchObject({
      exactlyOneOf: ['placementId, networkId'],
      remove: [
        { path: 'imp.ext', keep: '' },
        { path: 'site.publisher', keep: 'id' },
      ],
      derive: [
        { op: 'bannerSizeFromFormat', when: 'eitherMissing', from: '', to: '' },
        { op: 'copy', when: 'absent', from: 'imp.ext.gpid', to: 'predefinedImpExt.bidder.gpid' },
        { op: 'copy', when: '', from: 'site.publisher', to: 'prd.impTagId' },
      ],
      fields: [{ with: [{ name: 'predefinedImpExt.bidder.type', value: '"publisher"' }], more: '' }, { more: '{\n  "when": "absent"\n}' }],
      more: '{\n  "requestValues": "first"\n}',
    });
    expect(JSON.stringify(recordOf(draft))).toBe(JSON.stringify(record));
  });

  it('changes only what was edited: the other parts as stored, a changed one in its stored key order, its other keys kept', () => {
    const draft = draftOf(record);
    draft.fields[1] = { ...draft.fields[1]!, display: 'Network id', with: [{ ...draft.fields[1]!.with[0]!, value: '"net"' }] };
    draft.remove = [draft.remove[0]!, { ...draft.remove[1]!, keep: 'id, name' }];
    const out = recordOf(draft) as unknown as typeof record & Record<string, unknown>;
    expect(Object.keys(out)).toEqual(Object.keys(record));
    expect(out.fields[0]).toBe(record.fields[0]);
    expect(out.derive).toBe(record.derive);
    expect(out.fields[1]).toEqual({
      ...record.fields[1],
      display: 'Network id',
      with: [{ name: 'predefinedImpExt.bidder.type', value: 'net', when: 'absent' }],
    });
    expect(Object.keys(out.fields[1]!)).toEqual(Object.keys(record.fields[1]!));
    expect(out.remove).toEqual(['imp.ext', { path: 'site.publisher', keep: ['id', 'name'] }]);
    // Typed back as it was read, a part is the stored one again.
    draft.fields[1] = draftOf(record).fields[1]!;
    expect(recordOf(draft).fields[1]).toBe(record.fields[1]);
  });

  it('writes new rows as the record format says, each key in its place', () => {
    const draft = emptyDraft();
    draft.protocol = 'rtb';
    draft.fields = [
      { ...emptyField(), name: 'predefinedImpExt.bidder.pid', param: 'pid', display: 'P', with: [{ name: 'predefinedImpExt.bidder.t', value: '1' }] },
    ];
    draft.exactlyOneOf = ['pid'];
    draft.remove = [emptyRemoval(), { path: 'user.ext', keep: 'consent eids' }];
    draft.derive = [
      { ...emptyDerivation(), op: 'bannerSizeFromFormat', when: 'always' },
      { ...emptyDerivation(), from: 'site.page', to: 'predefinedImpExt.page', when: 'absent' },
    ];
    const out = recordOf(draft);
    expect(out).toEqual({
      protocol: 'rtb',
      fields: [{ name: 'predefinedImpExt.bidder.pid', param: 'pid', type: 'text', display: 'P', with: [{ name: 'predefinedImpExt.bidder.t', value: 1 }] }],
      exactlyOneOf: [['pid']],
      remove: ['imp.ext', { path: 'user.ext', keep: ['consent', 'eids'] }],
      derive: [
        { op: 'bannerSizeFromFormat', when: 'always' },
        { op: 'copy', from: 'site.page', to: 'predefinedImpExt.page', when: 'absent' },
      ],
    });
    expect(validateAdapter(out, known)).toEqual([]);
    // A key the inputs add to a stored record comes after the key before it, not at the end.
    const stored = { protocol: 'rtb', fields: [], requestValues: 'first' } as unknown as AdapterRecord;
    expect(Object.keys(recordOf({ ...draftOf(stored), remove: [emptyRemoval()] }))).toEqual(['protocol', 'fields', 'remove', 'requestValues']);
    expect(Object.keys(recordOf({ ...draftOf(stored), endpoint: 'https://rtb.example.com/b' }))).toEqual(['protocol', 'endpoint', 'fields', 'requestValues']);
  });

  it('keeps a key of any spelling an own key when a part is rebuilt', () => {
    const out = merged(JSON.parse('{"a":1,"__proto__":{"x":1}}'), JSON.parse('{"a":2,"__proto__":{"y":1}}'));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe('{"a":2,"__proto__":{"y":1}}');
  });

  it('offers removal paths the library takes, and keeps only on those that are objects', () => {
    const take = (remove: unknown[]) => validateAdapter({ protocol: 'rtb', fields: [], remove } as unknown as AdapterRecord);
    for (const path of REMOVABLE) {
      expect(take([path]), path).toEqual([]);
      expect(take([{ path, keep: ['id'] }]).length === 0, path).toBe(KEEPS_KEYS(path));
    }
    for (const [when] of SIZE_WHEN)
      expect(validateAdapter({ protocol: 'rtb', fields: [], derive: [{ op: 'bannerSizeFromFormat', when }] } as never)).toEqual([]);
  });

  it('puts every issue of bad rows at their inputs', () => {
    const draft = draftOf(record);
    draft.fields[0] = {
      ...draft.fields[0]!,
      with: [
        { ...draft.fields[0]!.with[0]!, value: '{"a": ' },
        { ...emptyConstant(), name: 'predefinedImpExt.bidder.__proto__' },
      ],
    };
    draft.fields[1] = { ...draft.fields[1]!, with: [{ ...draft.fields[1]!.with[0]!, value: 'null' }] };
    draft.exactlyOneOf = ['placementId, nobody'];
    draft.remove = [
      { path: 'device', keep: '' },
      { path: 'site.domain', keep: 'a' },
      { path: 'user.ext', keep: 'a.b' },
    ];
    draft.derive = [
      { ...draft.derive[0]!, when: 'sometimes' },
      { ...draft.derive[1]!, from: 'site.__proto__.x', to: 'predefinedImpExt.bidder.gpid', when: 'present' },
      { ...draft.derive[2]!, op: 'move' },
      { ...emptyDerivation(), from: 'site.page', to: 'zone' },
    ];
    const at = shown(draft);
    expect(at).toEqual(
      expect.arrayContaining([
        ['schema', '/fields/0/with/0/value', 'field-0-with-0-value'],
        ['unsafe_name', '/fields/0/with/1/name', 'field-0-with-1-name'],
        ['schema', '/fields/0/with/1/value', 'field-0-with-1-value'],
        ['schema', '/fields/1/with/0/value', 'field-1-with-0-value'],
        ['schema', '/exactlyOneOf/0/1', 'exactlyoneof-0'],
        ['schema', '/remove/0', 'remove-0-path'],
        ['schema', '/remove/1/path', 'remove-1-path'],
        ['schema', '/remove/2/keep/0', 'remove-2-keep'],
        ['schema', '/derive/0/when', 'derive-0-when'],
        ['schema', '/derive/1/when', 'derive-1-when'],
        ['schema', '/derive/2/op', 'derive-2-op'],
        ['rtb_field_without_prefix', '/derive/3/to', 'derive-3-to'],
      ]),
    );
    for (const [, path, input] of at) expect(input, path).toBeDefined();
    // A with value that is no JSON is said by the draft, once, instead of the library's "missing".
    expect(at.filter(([, path]) => path === '/fields/0/with/0/value').length).toBe(1);
    // Two fields name one with target outside one exactly-one-of group: said at the later one's name.
    const apart = { ...draftOf(record), exactlyOneOf: [] };
    expect(shown(apart)).toContainEqual(['name_conflict', '/fields/1/with/0/name', 'field-1-with-0-name']);
  });
});

describe('the preview of removals and derivations', () => {
  const request = {
    id: 'r',
    site: { id: 's', page: 'https://news.example/a', publisher: { id: 'p', name: 'n' } },
    imp: [
      { id: '1', banner: { format: [{ w: 300, h: 250 }] }, ext: { gpid: '/1/a', tid: 't' } },
      { id: '2', banner: { w: 320, h: 50 }, ext: { gpid: '/1/b' } },
    ],
  } as unknown as BidRequest;
  const adapter = compile(record, { ...known, codegen: false });
  const steps = stepsOf(record, { ...known, allowLocal: false })!;

  it("tells removed, derived and written paths apart, as the library's own steps and the wrapper make them", () => {
    const entries = [{ placementId: 'top' }, null];
    const stages = stagesOf(steps, request, entries)!;
    expect(stages).toHaveLength(4);
    const wire = wireRequests(adapter, request, entries);
    const built = safeBuildRtbRequests(adapter, request, entries);
    expect(wire?.ok && built.ok && wire.requests[0]!.body).toEqual(built.ok && JSON.parse(built.http[0]!.body));
    const body = wire!.ok ? wire!.requests[0]!.body : undefined;
    expect(marksOf(request, body, stages, steps.words)).toEqual([
      { path: '/imp/0/ext/bidder/placementId', kind: 'written' },
      { path: '/imp/0/ext/bidder/type', kind: 'written' },
      { path: '/ext', kind: 'written' },
      { path: '/imp/0/banner/w', kind: 'derived', by: 'banner size from its first format' },
      { path: '/imp/0/banner/h', kind: 'derived', by: 'banner size from its first format' },
      { path: '/imp/0/ext/bidder/gpid', kind: 'derived', by: 'copied from imp.ext.gpid' },
      { path: '/site/publisher/name', kind: 'removed' },
      { path: '/imp/0/ext/gpid', kind: 'removed' },
      { path: '/imp/0/ext/tid', kind: 'removed' },
    ]);
    // The publisher is no text: the copy to the tag id is skipped, with the warning at the path it read.
    expect(built.warnings.map((w) => [w.code, w.path])).toEqual([['copy_skipped', '/site/publisher']]);
    // Imp 2 is left as it is: nothing of it is marked.
    expect(marksOf(request, body, stages, steps.words).some((m) => m.path.startsWith('/imp/1'))).toBe(false);
  });

  it('compares a body of one imp with what the steps made of that imp', () => {
    const stages = stagesOf(steps, request, [null, { networkId: '5' }])!;
    const one = { ...request, imp: [request.imp[1]] };
    const enriched = adapter.enrichImps(request, [null, { networkId: '5' }]).request;
    const body = { ...enriched, imp: [enriched.imp[1]] };
    const marks = marksOf(one, body, stagesOfImp(stages, 1), steps.words);
    expect(marks.filter((m) => m.kind !== 'written')).toEqual([
      { path: '/imp/0/ext/bidder/gpid', kind: 'derived', by: 'copied from imp.ext.gpid' },
      { path: '/site/publisher/name', kind: 'removed' },
      { path: '/imp/0/ext/gpid', kind: 'removed' },
    ]);
  });

  it('tells a value a copy keeps of what a removal took out as derived, though the request held it so', () => {
    const keeps = { protocol: 'rtb', fields: [], remove: ['imp.ext'], derive: [{ op: 'copy', from: 'imp.ext.gpid', to: 'predefinedImpExt.gpid' }] };
    const own = stepsOf(keeps as unknown as AdapterRecord, { ...known, allowLocal: false })!;
    const entries = [{}, null];
    const after = compile(keeps as unknown as AdapterRecord, { ...known, codegen: false }).enrichImps(request, entries).request;
    expect(after.imp[0]!.ext).toEqual({ gpid: '/1/a' });
    expect(marksOf(request, after, stagesOf(own, request, entries), own.words)).toEqual([
      // The copy made the ext object again, after the removal took it out.
      { path: '/imp/0/ext', kind: 'derived', by: 'copied from imp.ext.gpid' },
      { path: '/imp/0/ext/tid', kind: 'removed' },
    ]);
  });

  it('has no steps for a record without removals or derivations; its removed paths are still told', () => {
    const { remove: _, derive: __, ...plain } = record as unknown as Record<string, unknown>;
    expect(stepsOf(plain as unknown as AdapterRecord, { ...known, allowLocal: false })).toBeUndefined();
    expect(marksOf({ a: 1, b: { c: 1 } }, { b: { c: 2 } })).toEqual([
      { path: '/a', kind: 'removed' },
      { path: '/b/c', kind: 'written' },
    ]);
  });
});
