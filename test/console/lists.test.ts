// The console and lists, JSON values and ids (docs/spec.md#lists-json-ids): the editor's field draft becomes the record's
// list, json and id fields (the bounds of each type only, a list's default as typed, a JSON default parsed, an id
// default an integer only when typed as one) and back; a JSON default that is no JSON is the draft's own issue at the
// default; every issue of these fields finds its input. The preview sends a JSON field's text parsed (a parse error at
// that input, nothing sent), a list as typed and an id as typed.
import { describe, expect, it } from 'vitest';
import { compile, formFields, validateAdapter, type AdapterRecord, type BidRequest } from '../../src/index.js';
import { draftIssues, draftOf, emptyDraft, emptyField, inputFor, recordOf, type AdapterDraft } from '../../packages/server/src/console/adapters/draft.js';
import { bidsEntry } from '../../packages/server/src/console/preview/bids-entry.js';
import { perImpEntries, sentEntries } from '../../packages/server/src/console/preview/per-imp.js';
import { wireRequests } from '../../packages/server/src/console/preview/wire.js';

const known = { knownEndpoints: ['rtb.example.com'] };
const record: AdapterRecord = {
  protocol: 'rtb',
  endpoint: 'https://rtb.example.com/bid',
  bidderCode: 'ssp',
  fields: [
    {
      name: 'predefinedImpExt.kw',
      param: 'kw',
      type: 'list',
      items: 'text',
      display: 'Keywords',
      minItems: 1,
      maxItems: 5,
      minLength: 2,
      maxLength: 9,
      pattern: '^[a-z]+$',
      default: 'ab, cd',
    },
    { name: 'predefinedImpExt.sizes', param: 'sizes', type: 'list', items: 'number', display: 'Sizes', min: 1, max: 9, integer: true },
    { name: 'predefinedImpExt.data', param: 'data', type: 'json', display: 'Data', default: { k: [1, 'x', null], e: {} } },
    { name: 'predefinedImpExt.pid', param: 'pid', type: 'id', display: 'Partner id', maxLength: 8, pattern: '^\\w+$', default: 123 },
    { name: 'predefinedImpExt.sid', param: 'sid', type: 'id', display: 'Site id', default: '123' },
  ],
};

/** Each issue of the draft's record, as the editor shows it: its code, its pointer and the input it is shown at. */
const shown = (draft: AdapterDraft) => draftIssues(draft, validateAdapter(recordOf(draft), known)).map((i) => [i.code, i.path, inputFor(i.path)] as const);
/** The draft of one field of the record, changed. */
const withField = (i: number, change: Partial<AdapterDraft['fields'][number]>): AdapterDraft => {
  const draft = draftOf(record);
  draft.fields[i] = { ...draft.fields[i]!, ...change };
  return draft;
};

describe('the editor draft of lists, JSON values and ids', () => {
  it('is the record it was made from, and the record is valid', () => {
    expect(validateAdapter(record, known)).toEqual([]);
    expect(recordOf(draftOf(record))).toEqual(record);
    expect(draftOf(record).fields).toMatchObject([
      { type: 'list', items: 'text', minItems: '1', maxItems: '5', minLength: '2', maxLength: '9', pattern: '^[a-z]+$', default: 'ab, cd' },
      { type: 'list', items: 'number', min: '1', max: '9', integer: true, default: '' },
      { type: 'json', default: '{"k":[1,"x",null],"e":{}}' },
      { type: 'id', maxLength: '8', pattern: '^\\w+$', default: '123' },
      { type: 'id', default: '"123"' },
    ]);
  });

  it('shows a list default array as its items separated by commas, or as JSON when commas would not give it back', () => {
    const fields = (defaults: unknown[]) => ({
      ...record,
      fields: defaults.map((d) => ({ ...record.fields[0]!, default: d }) as AdapterRecord['fields'][number]),
    });
    const stored = fields([['ab', 'cd'], [1, 2], ['a,b', 'c'], [' a'], []]);
    expect(draftOf(stored).fields.map((f) => f.default)).toEqual(['ab, cd', '1, 2', '["a,b","c"]', '[" a"]', '[]']);
    // Unchanged, each is written back as stored (docs/console.md: a record round-trips); typed (a draft of no stored
    // record), "a, b" is what the library reads as the array, and a JSON array typed is kept as that array.
    expect(recordOf(draftOf(stored)).fields.map((f) => f.default)).toEqual([['ab', 'cd'], [1, 2], ['a,b', 'c'], [' a'], []]);
    const typed = { ...draftOf(stored), origin: undefined, fields: draftOf(stored).fields.map((f) => ({ ...f, origin: undefined })) };
    expect(recordOf(typed).fields.map((f) => f.default)).toEqual(['ab, cd', '1, 2', ['a,b', 'c'], [' a'], []]);
    const form = formFields(recordOf(draftOf(fields([['ab', 'cd']]))));
    expect(compile(recordOf(draftOf(fields([['ab', 'cd']]))), known).enrich({ id: 'r', imp: [{ id: '1' }] }, {}).request.imp[0]!.ext).toEqual({
      kw: ['ab', 'cd'],
    });
    expect(form[0]).toMatchObject({ kind: 'list', items: 'text', default: 'ab, cd' });
  });

  it('reads an id default as an integer only when typed as one, as text in double quotes, else as typed', () => {
    const defaults = ['123', '-4', '"123"', '007', 'abc', '12.5', '9007199254740993', '"a'];
    const read = defaults.map((d) => recordOf(withField(3, { default: d })).fields[3]!.default);
    expect(read).toEqual([123, -4, '123', '007', 'abc', '12.5', '9007199254740993', '"a']);
    // Each is shown again as it was typed (a string that would read as another value is shown quoted).
    const again = read.map((value) => draftOf({ ...record, fields: [{ ...record.fields[3]!, default: value } as never] }).fields[0]!.default);
    expect(again).toEqual(defaults);
  });

  it("writes only the bounds of the field's type", () => {
    const bounds = { min: '1', max: '2', integer: true, minLength: '1', maxLength: '4', pattern: 'x', minItems: '1', maxItems: '3' };
    const [textList, numberList, json, id] = [
      ['list', 'text'],
      ['list', 'number'],
      ['json', 'number'],
      ['id', 'number'],
    ].map(
      ([type, items]) =>
        recordOf({ ...emptyDraft(), fields: [{ ...emptyField(), ...bounds, name: 'predefinedImpExt.v', display: 'V', type: type!, items: items! }] }).fields[0],
    );
    expect(textList).toEqual({
      name: 'predefinedImpExt.v',
      type: 'list',
      display: 'V',
      items: 'text',
      minItems: 1,
      maxItems: 3,
      minLength: 1,
      maxLength: 4,
      pattern: 'x',
    });
    expect(numberList).toEqual({
      name: 'predefinedImpExt.v',
      type: 'list',
      display: 'V',
      items: 'number',
      minItems: 1,
      maxItems: 3,
      min: 1,
      max: 2,
      integer: true,
    });
    expect(json).toEqual({ name: 'predefinedImpExt.v', type: 'json', display: 'V' });
    expect(id).toEqual({ name: 'predefinedImpExt.v', type: 'id', display: 'V', maxLength: 4, pattern: 'x' });
  });

  it('says a JSON default that is no JSON at the default, and leaves it out of the record', () => {
    const draft = withField(2, { default: '{k: 1}' });
    expect(recordOf(draft).fields[2]).not.toHaveProperty('default');
    expect(shown(draft)).toEqual([['schema', '/fields/2/default', 'field-2-default']]);
    expect(shown(withField(2, { default: '"text"' }))).toEqual([]);
    expect(recordOf(withField(2, { default: '"text"' })).fields[2]!.default).toBe('text');
    expect(shown(withField(2, { default: '' }))).toEqual([]);
  });

  it("puts the library's issues of these fields at their inputs", () => {
    const found = (draft: AdapterDraft) => shown(draft).map(([, path, input]) => [path, input]);
    expect(found(withField(0, { items: 'bool' }))).toContainEqual(['/fields/0/items', 'field-0-items']);
    expect(found(withField(0, { minItems: 'two' }))).toContainEqual(['/fields/0/minItems', 'field-0-minItems']);
    expect(found(withField(0, { maxItems: '5000' }))).toContainEqual(['/fields/0/maxItems', 'field-0-maxItems']);
    expect(found(withField(2, { default: '{"__proto__": {}}' })).map(([, input]) => input)).toEqual(['field-2-default']);
    // A JSON value at a predefined target is the field type's issue.
    expect(found(withField(2, { name: 'prd.impTagId' }))).toEqual([['/fields/2/type', 'field-2-type']]);
    expect(['/fields/3/items', '/fields/1/minItems', '/fields/1/maxItems', '/fields/0/default/k/0'].map((p) => inputFor(p))).toEqual([
      'field-3-items',
      'field-1-minItems',
      'field-1-maxItems',
      'field-0-default',
    ]);
  });
});

describe('values of lists, JSON values and ids in the preview', () => {
  const form = formFields(record);
  const request = { id: 'r', imp: [{ id: '1' }, { id: '2' }] } as BidRequest;

  it('sends a JSON text parsed, a list and an id as typed, and nothing entered as it is', () => {
    const typed = perImpEntries(2, [{ kw: 'ab , cd', data: '{"a": [1, {"b": null}]}', pid: '42', sid: '' }, { data: '"plain"' }], [true, false]);
    expect(sentEntries(form, typed)).toEqual({ entries: [{ kw: 'ab , cd', data: { a: [1, { b: null }] }, pid: '42', sid: '' }, null], issues: [] });
    expect(sentEntries(form, [{ data: '"plain"' }, { data: '  ' }]).entries).toEqual([{ data: 'plain' }, { data: '  ' }]);
    const { entries } = sentEntries(form, typed);
    const wire = wireRequests(compile(record, known), request, entries);
    expect(wire?.ok && (wire.requests[0]!.body as BidRequest).imp[0]!.ext).toEqual({ kw: ['ab', 'cd'], data: { a: [1, { b: null }] }, pid: '42', sid: '123' });
    expect(bidsEntry('ssp', form, entries[0]!)).toEqual({ bidder: 'ssp', params: { kw: 'ab , cd', data: { a: [1, { b: null }] }, pid: '42' } });
  });

  it('says a JSON text that is no JSON at its imp and key, and leaves the value out', () => {
    const { entries, issues } = sentEntries(form, [null, { data: "{'a': 1}", pid: '7' }]);
    expect(issues).toMatchObject([{ code: 'invalid_value', path: `/1${form[2]!.path}`, field: 'predefinedImpExt.data' }]);
    expect(entries).toEqual([null, { pid: '7' }]);
    // A key is own data, whatever it spells.
    const odd = sentEntries(formFields({ ...record, fields: [{ ...record.fields[2]!, param: '__proto__' } as never] }), [
      { ['__proto__']: '{"x": 1}' } as never,
    ]);
    expect(Object.hasOwn(odd.entries[0]!, '__proto__')).toBe(true);
  });

  it('a list of numbers the library refuses is its issue at the imp and key', () => {
    const wire = wireRequests(compile(record, known), request, sentEntries(form, [{ sizes: '1, 2.5' }, null]).entries);
    expect(wire).toMatchObject({ ok: false, issues: [{ path: '/0/sizes' }] });
  });
});
