// Every way a report request can be invalid gives 400-worthy issues at the right JSON Pointer, and every valid
// spelling docs/spec.md#reports allows is accepted and normalised. The client and the server share this validator.
import { describe, expect, it } from 'vitest';
import { validateReportRequest } from '../../src/api-contract/validate-report.js';

const base = { startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['date'], metrics: ['revenue'] };

function issuesOf(body: unknown) {
  const r = validateReportRequest(body);
  return r.ok ? [] : r.issues.map((i) => `${i.code} ${i.path}`);
}

describe('validateReportRequest: invalid requests', () => {
  const cases: [string, unknown, string[]][] = [
    ['not an object', [], ['schema ']],
    ['null', null, ['schema ']],
    ['unknown property', { ...base, groupBy: ['date'] }, ['unknown_field /groupBy']],
    ['missing startDate', { endDate: '2024-01-31', dimensions: ['date'], metrics: ['revenue'] }, ['missing_required /startDate']],
    ['missing everything', {}, ['missing_required /startDate', 'missing_required /endDate', 'missing_required /dimensions', 'missing_required /metrics']],
    ['startDate not a string', { ...base, startDate: 20240101 }, ['schema /startDate']],
    ['impossible date', { ...base, startDate: '2023-02-29' }, ['invalid_date /startDate']],
    ['month 13', { ...base, endDate: '2024-13-01' }, ['invalid_date /endDate']],
    ['day 31 in April', { ...base, endDate: '2024-04-31' }, ['invalid_date /endDate']],
    ['date with time', { ...base, startDate: '2024-01-01T00:00:00Z' }, ['invalid_date /startDate']],
    ['year 0', { ...base, startDate: '0000-01-01' }, ['invalid_date /startDate']],
    ['start after end', { ...base, startDate: '2024-02-01' }, ['date_range /endDate']],
    ['dimensions not an array', { ...base, dimensions: 'date' }, ['schema /dimensions']],
    ['empty dimensions', { ...base, dimensions: [] }, ['invalid_value /dimensions']],
    ['unknown dimension', { ...base, dimensions: ['date', 'city'] }, ['unknown_dimension /dimensions/1']],
    ['prototype name as dimension', { ...base, dimensions: ['constructor'] }, ['unknown_dimension /dimensions/0']],
    ['dimension not a string', { ...base, dimensions: [1] }, ['schema /dimensions/0']],
    ['duplicate dimension', { ...base, dimensions: ['date', 'date'] }, ['duplicate_column /dimensions/1']],
    ['empty metrics', { ...base, metrics: [] }, ['invalid_value /metrics']],
    ['unknown metric', { ...base, metrics: ['clicks'] }, ['unknown_metric /metrics/0']],
    ['duplicate metric', { ...base, metrics: ['ecpm', 'ecpm'] }, ['duplicate_column /metrics/1']],
    ['filters not an array', { ...base, filters: {} }, ['schema /filters']],
    ['filter not an object', { ...base, filters: ['country=US'] }, ['schema /filters/0']],
    ['filter without key', { ...base, filters: [{ operator: '=', value: 'US' }] }, ['missing_required /filters/0/key']],
    ['filter on unknown key', { ...base, filters: [{ key: 'city', operator: '=', value: 'x' }] }, ['unknown_dimension /filters/0/key']],
    ['filter on a metric', { ...base, filters: [{ key: 'revenue', operator: '=', value: '1' }] }, ['unknown_dimension /filters/0/key']],
    ['filter without operator', { ...base, filters: [{ key: 'country', value: 'US' }] }, ['missing_required /filters/0/operator']],
    ['unknown operator', { ...base, filters: [{ key: 'country', operator: 'LIKE', value: 'U%' }] }, ['invalid_operator /filters/0/operator']],
    // Names of Object.prototype's properties found an operator in a plain-object table (a function, run as IN).
    ...['constructor', 'CONSTRUCTOR', '__proto__', 'toString', 'hasOwnProperty'].map((operator): [string, unknown, string[]] => [
      `operator ${operator}`,
      { ...base, filters: [{ key: 'country', operator, values: ['US', 'GB'] }] },
      ['invalid_operator /filters/0/operator'],
    ]),
    ['operator >', { ...base, filters: [{ key: 'date', operator: '>', value: '2024-01-02' }] }, ['invalid_operator /filters/0/operator']],
    ['= without value', { ...base, filters: [{ key: 'country', operator: '=' }] }, ['missing_required /filters/0/value']],
    ['= with values', { ...base, filters: [{ key: 'country', operator: '=', value: 'US', values: ['US'] }] }, ['invalid_value /filters/0/values']],
    ['= with a number', { ...base, filters: [{ key: 'country', operator: '=', value: 1 }] }, ['schema /filters/0/value']],
    [
      'IN without values',
      { ...base, filters: [{ key: 'country', operator: 'IN', value: 'US' }] },
      ['invalid_value /filters/0/value', 'missing_required /filters/0/values'],
    ],
    ['IN with empty values', { ...base, filters: [{ key: 'country', operator: 'IN', values: [] }] }, ['invalid_value /filters/0/values']],
    ['IN with a non-string', { ...base, filters: [{ key: 'country', operator: 'NOT IN', values: ['US', null] }] }, ['schema /filters/0/values/1']],
    ['unknown filter property', { ...base, filters: [{ key: 'country', operator: '=', value: 'US', op: 'x' }] }, ['unknown_field /filters/0/op']],
    [
      'bad date in a date filter',
      { ...base, filters: [{ key: 'date', operator: 'IN', values: ['2024-01-01', '2024-02-30'] }] },
      ['invalid_date /filters/0/values/1'],
    ],
    ['too many filters', { ...base, filters: Array.from({ length: 51 }, () => ({ key: 'country', operator: '=', value: 'US' })) }, ['limit_exceeded /filters']],
    [
      'too many values',
      { ...base, filters: [{ key: 'country', operator: 'IN', values: Array.from({ length: 1001 }, (_, i) => String(i)) }] },
      ['limit_exceeded /filters/0/values'],
    ],
    ['value too long', { ...base, filters: [{ key: 'service', operator: '=', value: 'x'.repeat(257) }] }, ['limit_exceeded /filters/0/value']],
    ['order not a string', { ...base, order: ['revenue'] }, ['invalid_order /order']],
    ['order not requested', { ...base, order: 'impression' }, ['invalid_order /order']],
    ['order bad direction', { ...base, order: 'revenue DOWN' }, ['invalid_order /order']],
    ['order three words', { ...base, order: 'revenue DESC NULLS' }, ['invalid_order /order']],
    ['order with leading space', { ...base, order: ' revenue' }, ['invalid_order /order']],
    ['order empty', { ...base, order: '' }, ['invalid_order /order']],
    ['limit negative string', { ...base, limit: '-1' }, ['invalid_number /limit']],
    ['limit negative number', { ...base, limit: -1 }, ['invalid_number /limit']],
    ['limit fraction', { ...base, limit: 1.5 }, ['invalid_number /limit']],
    ['limit decimal string', { ...base, limit: '1.0' }, ['invalid_number /limit']],
    ['limit empty string', { ...base, limit: '' }, ['invalid_number /limit']],
    ['limit with spaces', { ...base, limit: ' 10' }, ['invalid_number /limit']],
    ['limit exponent', { ...base, limit: '1e3' }, ['invalid_number /limit']],
    ['limit JSON integer above 2^53 - 1', { ...base, limit: 9007199254740992 }, ['invalid_number /limit']],
    ['skip JSON integer 1e20', { ...base, skip: 1e20 }, ['invalid_number /skip']],
    ['limit digits with a sign', { ...base, limit: '+1' }, ['invalid_number /limit']],
    ['limit boolean', { ...base, limit: true }, ['invalid_number /limit']],
    ['limit null', { ...base, limit: null }, ['invalid_number /limit']],
    ['skip NaN-ish', { ...base, skip: 'NaN' }, ['invalid_number /skip']],
    ['csv string', { ...base, csv: 'true' }, ['schema /csv']],
    ['totals number', { ...base, totals: 1 }, ['schema /totals']],
  ];
  it.each(cases)('%s', (_name, body, expected) => {
    expect(issuesOf(body)).toEqual(expected);
  });

  it('a filter key that is no string is an issue, however it is nested (no RangeError, no 500)', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    for (const key of [deep, 10n, Symbol('s'), () => 1, ['date']]) {
      expect(issuesOf({ ...base, filters: [{ key, operator: '=', value: 'x' }] })).toEqual(['unknown_dimension /filters/0/key']);
    }
  });

  it('collects every issue, not only the first', () => {
    expect(issuesOf({ ...base, dimensions: ['x'], metrics: ['y'], order: 'z', limit: 'a' })).toEqual([
      'unknown_dimension /dimensions/0',
      'unknown_metric /metrics/0',
      'invalid_order /order',
      'invalid_number /limit',
    ]);
  });
});

describe('validateReportRequest: valid requests', () => {
  it('fills the defaults', () => {
    const r = validateReportRequest(base);
    expect(r).toEqual({
      ok: true,
      issues: [],
      request: { ...base, filters: [], skip: 0, csv: false, totals: false },
    });
  });

  it('takes limit and skip as digit strings or non-negative integers', () => {
    for (const [limit, skip, want] of [
      ['10', '0', [10, 0]],
      [10, 5, [10, 5]],
      ['007', '20', [7, 20]],
      [0, 0, [0, 0]],
    ] as const) {
      const r = validateReportRequest({ ...base, limit, skip });
      expect(r.ok && [r.request.limit, r.request.skip]).toEqual(want);
    }
  });

  it('takes a digit string of any length, counting one above 2^53 - 1 as 2^53 - 1', () => {
    const counts = (limit: unknown, skip: unknown) => {
      const r = validateReportRequest({ ...base, limit, skip });
      return r.ok ? [r.request.limit, r.request.skip] : r.issues;
    };
    const max = Number.MAX_SAFE_INTEGER;
    expect(counts('999999999999999', '1000000000000000')).toEqual([999_999_999_999_999, 1_000_000_000_000_000]);
    expect(counts('9999999999999999', '9007199254740991')).toEqual([max, max]);
    expect(counts('9007199254740992', '18446744073709551616')).toEqual([max, max]);
    expect(counts('9'.repeat(400), `000${'1'.repeat(30)}`)).toEqual([max, max]);
    expect(counts(max, 1_000_000_000_000_000)).toEqual([max, 1_000_000_000_000_000]);
  });

  it('takes the order direction in any case, and a bare column as ascending', () => {
    const order = (o: string) => {
      const r = validateReportRequest({ ...base, dimensions: ['date', 'country'], order: o });
      return r.ok ? r.request.order : r.issues;
    };
    expect(order('revenue DESC')).toEqual({ column: 'revenue', direction: 'desc' });
    expect(order('revenue desc')).toEqual({ column: 'revenue', direction: 'desc' });
    expect(order('country Asc')).toEqual({ column: 'country', direction: 'asc' });
    expect(order('date')).toEqual({ column: 'date', direction: 'asc' });
    expect(order('revenue   DESC')).toEqual({ column: 'revenue', direction: 'desc' });
  });

  it('normalises operators to upper case and single values to lists', () => {
    const r = validateReportRequest({
      ...base,
      filters: [
        { key: 'country', operator: 'in', values: ['US', 'DE'] },
        { key: 'service', operator: 'not in', values: ['a'] },
        { key: 'date', operator: '!=', value: '2024-01-05' },
        { key: 'country', operator: '=', value: "x' OR 1=1 --" },
      ],
    });
    expect(r.ok && r.request.filters).toEqual([
      { key: 'country', operator: 'IN', values: ['US', 'DE'] },
      { key: 'service', operator: 'NOT IN', values: ['a'] },
      { key: 'date', operator: '!=', values: ['2024-01-05'] },
      { key: 'country', operator: '=', values: ["x' OR 1=1 --"] },
    ]);
  });

  it('accepts leap days and a one-day range', () => {
    expect(issuesOf({ ...base, startDate: '2024-02-29', endDate: '2024-02-29' })).toEqual([]);
    expect(issuesOf({ ...base, startDate: '2000-02-29', endDate: '2000-02-29' })).toEqual([]);
    expect(issuesOf({ ...base, startDate: '1900-02-29', endDate: '1900-03-01' })).toEqual(['invalid_date /startDate']);
  });
});
