// formFields (docs/spec.md#param, docs/spec.md#booleans, docs/spec.md#one-of): the placement form of an adapter, one input per definition in
// definition order, with the definition's own rules and nothing invented; the paths it gives are where
// validateValues reports; booleans are checkboxes, values go under the key, one-of groups are listed.
import { describe, expect, it } from 'vitest';
import { compile, formFields, formOneOfGroups, type AdapterRecord } from '../../src/index.js';

const record: AdapterRecord = {
  protocol: 'prebid-server',
  fields: [
    { name: 'prd.impTagId', type: 'text', display: 'Placement id', required: true, minLength: 2, maxLength: 20, pattern: '^[a-z-]+$', description: 'The tag' },
    { name: 'zone', type: 'number', display: 'Zone', integer: true, min: 1, max: 999, default: '7' },
    {
      name: 'bidder.size',
      type: 'select',
      display: 'Size',
      options: [
        { name: '300x250', value: 1 },
        { name: '728x90', value: 2 },
      ],
      default: 2,
    },
    { name: 'predefinedImpExt.note', type: 'text', display: 'Note', default: 1e21 },
  ],
};

describe('formFields', () => {
  it('describes every field, in definition order, with its label, kind, rules and default', () => {
    expect(formFields(record)).toEqual([
      {
        key: 'prd.impTagId',
        name: 'prd.impTagId',
        path: '/prd.impTagId',
        label: 'Placement id',
        description: 'The tag',
        kind: 'text',
        required: true,
        minLength: 2,
        maxLength: 20,
        pattern: '^[a-z-]+$',
      },
      { key: 'zone', name: 'zone', path: '/zone', label: 'Zone', kind: 'number', required: false, integer: true, min: 1, max: 999, default: 7 },
      {
        key: 'bidder.size',
        name: 'bidder.size',
        path: '/bidder.size',
        label: 'Size',
        kind: 'select',
        required: false,
        options: [
          { name: '300x250', value: 1 },
          { name: '728x90', value: 2 },
        ],
        default: 2,
      },
      {
        key: 'predefinedImpExt.note',
        name: 'predefinedImpExt.note',
        path: '/predefinedImpExt.note',
        label: 'Note',
        kind: 'text',
        required: false,
        default: '1000000000000000000000',
      },
    ]);
  });

  it('takes a bare field array and a compiled adapter alike', () => {
    expect(formFields(record.fields)).toEqual(formFields(record));
    expect(formFields(compile(record))).toEqual(formFields(record));
  });

  it('gives the pointer validateValues reports at (a name with "/" or "~" is escaped)', () => {
    const adapter = compile({ protocol: 'prebid-server', fields: [{ name: 'zone', type: 'number', display: 'Zone' }] });
    const [field] = formFields(adapter);
    expect(adapter.validateValues({ zone: 'x' }).map((i) => i.path)).toEqual([field!.path]);
  });

  it('copies options, so changing the form does not change the definition', () => {
    const [, , select] = formFields(record);
    (select!.options as unknown as { name: string }[])[0]!.name = 'changed';
    expect(record.fields[2]).toMatchObject({
      options: [
        { name: '300x250', value: 1 },
        { name: '728x90', value: 2 },
      ],
    });
  });

  it('leaves out what is no field definition, so a record being typed can be drawn', () => {
    const typing = {
      protocol: 'rtb',
      fields: [null, 'x', { name: 'a', type: 'date', display: 'A' }, { name: 'predefinedImpExt.b', type: 'text', display: 'B' }],
    };
    expect(formFields(typing as unknown as AdapterRecord).map((f) => f.name)).toEqual(['predefinedImpExt.b']);
    expect(formFields({} as AdapterRecord)).toEqual([]);
  });

  it('gives no default for a default that is not text or a number, while the record is typed (it threw on {"toString":1})', () => {
    const typing = JSON.parse(
      '{"protocol":"prebid-server","fields":[{"name":"a","type":"text","display":"A","default":{"toString":1}},{"name":"b","type":"text","display":"B","default":{"x":1}},{"name":"c","type":"number","display":"C","default":true},{"name":"d","type":"text","display":"D","default":7}]}',
    );
    expect(formFields(typing).map((f) => f.default)).toEqual([undefined, undefined, undefined, '7']);
  });

  it('keeps hostile display text as data (a UI sets it as text)', () => {
    const [field] = formFields([{ name: 'x', type: 'text', display: '<img src=x onerror=alert(1)>' }]);
    expect(field!.label).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('formFields and formOneOfGroups on records of docs/spec.md#records', () => {
  const partner: AdapterRecord = {
    protocol: 'rtb',
    endpoint: 'https://bid.example-ssp.com/rtb',
    fields: [
      { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', alsoTo: ['predefinedImpExt.bidder.placementId'] },
      { name: 'predefinedRequestExt.partner.id', param: 'partnerId', type: 'text', display: 'Partner' },
      { name: 'predefinedImpExt.bidder.test', param: 'test', type: 'boolean', display: 'Test traffic', default: 'false' },
      { name: 'predefinedImpExt.bidder.video', type: 'boolean', display: 'Video', required: true },
      { name: 'predefinedImpExt.bidder.member', param: 'member', type: 'number', display: 'Member', default: 3 },
      { name: 'predefinedImpExt.bidder.inv', param: 'invCode', type: 'text', display: 'Inventory code' },
    ],
    constants: [{ name: 'predefinedImpExt.is_prebid', value: true }],
    requireOneOf: [
      ['placementId', 'partnerId'],
      ['invCode', 'placementId'],
      ['member', 'invCode'],
    ],
  };
  const known = { knownEndpoints: ['bid.example-ssp.com'] };

  it('gives each input its key, the pointer of the key, and keeps the name', () => {
    expect(formFields(partner).map(({ key, name, path }) => [key, name, path])).toEqual([
      ['placementId', 'prd.impTagId', '/placementId'],
      ['partnerId', 'predefinedRequestExt.partner.id', '/partnerId'],
      ['test', 'predefinedImpExt.bidder.test', '/test'],
      ['predefinedImpExt.bidder.video', 'predefinedImpExt.bidder.video', '/predefinedImpExt.bidder.video'],
      ['member', 'predefinedImpExt.bidder.member', '/member'],
      ['invCode', 'predefinedImpExt.bidder.inv', '/invCode'],
    ]);
  });

  it("reports issues where the form says: at each input's path, values entered under its key", () => {
    const adapter = compile(partner, known);
    const form = formFields(adapter);
    const values = Object.fromEntries(form.map((field) => [field.key, field.kind === 'checkbox' ? 'maybe' : field.kind === 'number' ? 'x' : 'ok']));
    expect(
      adapter
        .validateValues(values)
        .map((i) => i.path)
        .sort(),
    ).toEqual(
      form
        .filter((f) => f.kind !== 'text')
        .map((f) => f.path)
        .sort(),
    );
    // Under its name, a field with a param is an unknown field (and enters nothing for its group).
    expect(adapter.validateValues({ 'prd.impTagId': 'x', 'predefinedImpExt.bidder.video': true }).map((i) => [i.code, i.path])).toEqual([
      ['unknown_field', '/prd.impTagId'],
      ['missing_one_of', ''],
      ['missing_one_of', ''],
    ]);
  });

  it('draws a boolean as a checkbox, its default a boolean', () => {
    const [, , test, video] = formFields(partner);
    expect(test).toEqual({
      key: 'test',
      name: 'predefinedImpExt.bidder.test',
      path: '/test',
      label: 'Test traffic',
      kind: 'checkbox',
      required: false,
      default: false,
    });
    expect(video).toEqual({
      key: 'predefinedImpExt.bidder.video',
      name: 'predefinedImpExt.bidder.video',
      path: '/predefinedImpExt.bidder.video',
      label: 'Video',
      kind: 'checkbox',
      required: true,
    });
    expect(formFields([{ name: 'a', type: 'boolean', display: 'A', default: true }])[0]!.default).toBe(true);
    // A checkbox's values, as validateValues takes them.
    const adapter = compile([{ name: 'on', type: 'boolean', display: 'On', required: true }]);
    expect(
      [true, false, 'true', 'false', 'on', 1, ''].map(
        (on) =>
          adapter
            .validateValues({ on })
            .map((i) => i.code)
            .join() || 'ok',
      ),
    ).toEqual(['ok', 'ok', 'ok', 'ok', 'invalid_value', 'invalid_value', 'missing_required']);
  });

  it('lists the one-of groups with their keys, labels and inputs, and marks each input with its groups', () => {
    expect(formOneOfGroups(partner)).toEqual([
      { keys: ['placementId', 'partnerId'], labels: ['Placement', 'Partner'], fields: [0, 1], path: '', satisfiedByDefault: false, exactly: false },
      { keys: ['invCode', 'placementId'], labels: ['Inventory code', 'Placement'], fields: [5, 0], path: '', satisfiedByDefault: false, exactly: false },
      { keys: ['member', 'invCode'], labels: ['Member', 'Inventory code'], fields: [4, 5], path: '', satisfiedByDefault: true, exactly: false },
    ]);
    expect(formFields(partner).map((field) => field.oneOf)).toEqual([[0, 1], [0], undefined, undefined, [2], [1, 2]]);
  });

  it('a group is reported where it says, and one a default satisfies never is', () => {
    const adapter = compile(partner, known);
    const groups = formOneOfGroups(adapter);
    const issues = adapter.validateValues({ 'predefinedImpExt.bidder.video': false });
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ['missing_one_of', groups[0]!.path],
      ['missing_one_of', groups[1]!.path],
    ]);
    expect(issues.map((i) => i.message)).toEqual(
      groups.filter((g) => !g.satisfiedByDefault).map((g) => `one of ${g.keys.map((k) => `'${k}'`).join(', ')} is required`),
    );
    expect(adapter.validateValues({ 'predefinedImpExt.bidder.video': false, placementId: 'top' })).toEqual([]);
  });

  it('is the same for the record and its compiled adapter; a bare field array has no groups', () => {
    const adapter = compile(partner, known);
    expect(adapter.requireOneOf).toEqual(partner.requireOneOf);
    expect(formFields(adapter)).toEqual(formFields(partner));
    expect(formOneOfGroups(adapter)).toEqual(formOneOfGroups(partner));
    expect(formOneOfGroups(partner.fields)).toEqual([]);
    expect(formFields(partner.fields).some((field) => field.oneOf)).toBe(false);
    expect(compile(partner.fields.slice(2), known).requireOneOf).toBeUndefined();
  });

  it('never throws on a record being typed: groups that are no lists, keys that name no field', () => {
    const typing = JSON.parse(
      '{"protocol":"rtb","fields":[{"name":"a","param":"p","type":"text","display":"A"},{"name":"b","type":"boolean","display":"B","default":"yes"}],"requireOneOf":[["p","nope",7,null],"x",null,[],["b","b"],{"0":"p"}]}',
    );
    expect(formOneOfGroups(typing)).toEqual([
      { keys: ['p'], labels: ['A'], fields: [0], path: '', satisfiedByDefault: false, exactly: false },
      { keys: ['b', 'b'], labels: ['B', 'B'], fields: [1, 1], path: '', satisfiedByDefault: false, exactly: false },
    ]);
    expect(formFields(typing).map((f) => [f.key, f.default, f.oneOf])).toEqual([
      ['p', undefined, [0]],
      ['b', undefined, [1]],
    ]);
    for (const requireOneOf of [null, 'x', 7, {}, [[{ toString: 1 }]]]) expect(formOneOfGroups({ ...typing, requireOneOf })).toEqual([]);
  });

  it('lists exactlyOneOf groups after requireOneOf groups, and the constants each input switches on (docs/spec.md#conditions)', () => {
    const record = {
      protocol: 'prebid-server' as const,
      fields: [
        { name: 'placementId', type: 'text' as const, display: 'Placement', with: [{ name: 'kind', value: 'publisher' }] },
        { name: 'endpointId', type: 'text' as const, display: 'Endpoint', with: [{ name: 'kind', value: 'network' }] },
        { name: 'zone', type: 'number' as const, display: 'Zone' },
      ],
      requireOneOf: [['zone']],
      exactlyOneOf: [['placementId', 'endpointId']],
    };
    expect(formOneOfGroups(record)).toEqual([
      { keys: ['zone'], labels: ['Zone'], fields: [2], path: '', satisfiedByDefault: false, exactly: false },
      { keys: ['placementId', 'endpointId'], labels: ['Placement', 'Endpoint'], fields: [0, 1], path: '', satisfiedByDefault: false, exactly: true },
    ]);
    const form = formFields(record);
    expect(form.map((field) => [field.key, field.oneOf, field.with])).toEqual([
      ['placementId', [1], [{ name: 'kind', value: 'publisher' }]],
      ['endpointId', [1], [{ name: 'kind', value: 'network' }]],
      ['zone', [0], undefined],
    ]);
    // The group's verdict is validateValues': both entered is conflicting_values at the later key.
    expect(
      compile(record)
        .validateValues({ placementId: 'a', endpointId: 'b', zone: 1 })
        .map((found) => [found.code, found.path]),
    ).toEqual([['conflicting_values', '/endpointId']]);
  });
});
