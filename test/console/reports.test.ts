// The reports page's settings a newcomer meets first: without dates in the address they are the days that hold
// data (the server's, asked by date over every date the API takes), which are named in words; "descending" works
// with the default order too (the first dimension down), and an address keeps it.
import { describe, expect, it } from 'vitest';
import { validateReportRequest } from '../../src/api-contract/validate-report.js';
import { ALL_DATES, daysOf, describeDays } from '../../packages/server/src/console/reports/data-days.js';
import { paramsFrom, requestOf, settingsFrom } from '../../packages/server/src/console/reports/settings.js';

describe('the days that hold data', () => {
  it('are asked over every date the API takes, and counted', () => {
    expect(validateReportRequest({ ...ALL_DATES, dimensions: ['date'], metrics: ['requests'] }).ok).toBe(true);
    expect(daysOf([])).toBeUndefined();
    expect(daysOf(['2024-02-28', '2024-02-29', '2024-03-02'])).toEqual({ first: '2024-02-28', last: '2024-03-02', count: 3, span: 4 });
  });

  it('are said in words: every day, some of them, one, or none yet', () => {
    expect(describeDays({ first: '2024-01-01', last: '2024-12-31', count: 366, span: 366 })).toBe(
      'Data on every day from 2024-01-01 to 2024-12-31 (366 days).',
    );
    expect(describeDays({ first: '2024-02-28', last: '2024-03-02', count: 3, span: 4 })).toBe('Data on 3 of the 4 days from 2024-02-28 to 2024-03-02.');
    expect(describeDays({ first: '2024-02-28', last: '2024-02-28', count: 1, span: 1 })).toBe('Data on one day: 2024-02-28.');
    expect(describeDays(undefined)).toMatch(/^No report data yet: load rows with bidfields data import/);
  });
});

describe('report settings', () => {
  it('take the data range for dates the address leaves out, and keep the dates it has', () => {
    const range = { first: '2024-01-01', last: '2024-12-31' };
    expect(settingsFrom(new URLSearchParams(), range)).toMatchObject({ startDate: '2024-01-01', endDate: '2024-12-31', direction: 'ASC', orderColumn: '' });
    expect(settingsFrom(new URLSearchParams('startDate=2024-03-01&endDate=2024-03-31'), range)).toMatchObject({
      startDate: '2024-03-01',
      endDate: '2024-03-31',
    });
  });

  it('sort the first dimension down for "descending" with the default order, in the address and in the request', () => {
    const settings = { ...settingsFrom(new URLSearchParams('startDate=2024-01-01&endDate=2024-01-31&dimensions=date,country')), direction: 'DESC' as const };
    const params = paramsFrom(settings, true);
    expect(params.get('order')).toBe('DESC');
    expect(settingsFrom(new URLSearchParams(params.toString()))).toEqual(settings);
    expect(requestOf(settings, true)).toMatchObject({ order: 'date DESC' });
    expect(requestOf({ ...settings, direction: 'ASC' }, true)).not.toHaveProperty('order');
    expect(requestOf({ ...settings, orderColumn: 'country' }, true)).toMatchObject({ order: 'country DESC' });
  });
});
