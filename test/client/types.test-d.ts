// Type-level tests of the client (run by `tsc --noEmit` and by `vitest --typecheck`): rows are typed from the
// literal request's dimensions and metrics, and names outside the catalogue do not compile.
import { describe, expectTypeOf, it } from 'vitest';
import { createClient, type ApiClient, type ReportRow } from '../../src/client/index.js';

declare const api: ApiClient;

describe('client types', () => {
  it('infers the row type from the request literal', async () => {
    const rows = await api.report({ startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['date'], metrics: ['revenue'] });
    expectTypeOf(rows).toEqualTypeOf<{ date: string; revenue: number }[]>();
  });

  it('types pages the same way', async () => {
    for await (const page of api.reportPages(
      { startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['country', 'service'], metrics: ['ecpm', 'fillrate'] },
      { pageSize: 10 },
    )) {
      expectTypeOf(page).toEqualTypeOf<{ country: string; service: string; ecpm: number; fillrate: number }[]>();
    }
  });

  it('refuses unknown names and orders', () => {
    // @ts-expect-error 'city' is not a dimension
    void api.report({ startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['city'], metrics: ['revenue'] });
    // @ts-expect-error 'clicks' is not a metric
    void api.report({ startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['date'], metrics: ['clicks'] });
    // @ts-expect-error 'DOWN' is not a direction
    void api.report({ startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['date'], metrics: ['revenue'], order: 'revenue DOWN' });
  });

  it('keeps the default row type wide', () => {
    expectTypeOf<ReportRow>().toHaveProperty('ecpm').toEqualTypeOf<number>();
    expectTypeOf(createClient).parameter(0).toHaveProperty('authScheme').toEqualTypeOf<'bearer' | 'raw' | undefined>();
  });
});
