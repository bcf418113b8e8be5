// The console's pure parts (issue 14): report settings survive the address, the editor's draft becomes the record
// validateAdapter checks (and back), every issue pointer of a record finds its input, changed paths and marked
// JSON lines of the preview, numbers for people.
import { describe, expect, it } from 'vitest';
import { formFields, validateAdapter, type AdapterRecord } from '../../src/index.js';
import { bidsEntry } from '../../src/console/preview/bids-entry.js';
import { paramsFrom, requestOf, settingsFrom } from '../../src/console/reports/settings.js';
import { draftOf, emptyDraft, inputFor, recordOf } from '../../src/console/adapters/draft.js';
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
});
