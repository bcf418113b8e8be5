// formFields (issue 14): the placement form of an adapter, one input per definition in definition order, with the
// definition's own rules and nothing invented; the paths it gives are where validateValues reports.
import { describe, expect, it } from 'vitest';
import { compile, formFields, type AdapterRecord } from '../../src/index.js';

const record: AdapterRecord = {
  protocol: 'prebid-server',
  fields: [
    { name: 'prd.impTagId', type: 'text', display: 'Placement id', required: true, minLength: 2, maxLength: 20, pattern: '^[a-z-]+$', description: 'The tag' },
    { name: 'zone', type: 'number', display: 'Zone', integer: true, min: 1, max: 999, default: '7' },
    { name: 'bidder.size', type: 'select', display: 'Size', options: [{ name: '300x250', value: 1 }, { name: '728x90', value: 2 }], default: 2 },
    { name: 'predefinedImpExt.note', type: 'text', display: 'Note', default: 1e21 },
  ],
};

describe('formFields', () => {
  it('describes every field, in definition order, with its label, kind, rules and default', () => {
    expect(formFields(record)).toEqual([
      { name: 'prd.impTagId', path: '/prd.impTagId', label: 'Placement id', description: 'The tag', kind: 'text', required: true, minLength: 2, maxLength: 20, pattern: '^[a-z-]+$' },
      { name: 'zone', path: '/zone', label: 'Zone', kind: 'number', required: false, integer: true, min: 1, max: 999, default: 7 },
      { name: 'bidder.size', path: '/bidder.size', label: 'Size', kind: 'select', required: false, options: [{ name: '300x250', value: 1 }, { name: '728x90', value: 2 }], default: 2 },
      { name: 'predefinedImpExt.note', path: '/predefinedImpExt.note', label: 'Note', kind: 'text', required: false, default: '1000000000000000000000' },
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
    expect(record.fields[2]).toMatchObject({ options: [{ name: '300x250', value: 1 }, { name: '728x90', value: 2 }] });
  });

  it('leaves out what is no field definition, so a record being typed can be drawn', () => {
    const typing = { protocol: 'rtb', fields: [null, 'x', { name: 'a', type: 'date', display: 'A' }, { name: 'predefinedImpExt.b', type: 'text', display: 'B' }] };
    expect(formFields(typing as unknown as AdapterRecord).map((f) => f.name)).toEqual(['predefinedImpExt.b']);
    expect(formFields({} as AdapterRecord)).toEqual([]);
  });

  it('gives no default for a default that is not text or a number, while the record is typed (it threw on {"toString":1})', () => {
    const typing = JSON.parse('{"protocol":"prebid-server","fields":[{"name":"a","type":"text","display":"A","default":{"toString":1}},{"name":"b","type":"text","display":"B","default":{"x":1}},{"name":"c","type":"number","display":"C","default":true},{"name":"d","type":"text","display":"D","default":7}]}');
    expect(formFields(typing).map((f) => f.default)).toEqual([undefined, undefined, undefined, '7']);
  });

  it('keeps hostile display text as data (a UI sets it as text)', () => {
    const [field] = formFields([{ name: 'x', type: 'text', display: '<img src=x onerror=alert(1)>' }]);
    expect(field!.label).toBe('<img src=x onerror=alert(1)>');
  });
});
