// Large report answers are streamed: an answer was built whole in memory before a byte went
// out (ten concurrent 11 MB answers took RSS from 432 to 626 MB). Rows are now serialised a chunk at a time as
// the connection takes them, with the very bytes of the whole-string answer; small answers keep Content-Length.
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCsv, reportCsvChunks } from '../../packages/server/src/reports/csv.js';
import type { CheckedReportRequest, ReportRow } from '../../src/api-contract/checked-report.js';
import { jsonArrayChunks } from '../../packages/server/src/http/chunked-answer.js';
import { useTestServer } from './test-server.js';

const env = useTestServer();

// The whole demo year by day, service and country: 65,148 rows, some 7 MB of JSON.
const BIG = {
  startDate: '2024-01-01',
  endDate: '2024-12-31',
  dimensions: ['date', 'service', 'country'],
  metrics: ['requests', 'revenue', 'ecpm', 'fillrate'],
  totals: true,
};

async function engineRows(body: object): Promise<{ request: CheckedReportRequest; rows: ReportRow[] }> {
  const outcome = await env.server.services.reports.run(body);
  if (!outcome.ok) throw new Error('invalid request');
  return { request: outcome.request, rows: outcome.rows as ReportRow[] };
}
const ask = (body: object) =>
  fetch(`${env.server.url}/api/reportv2/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: env.admin },
    body: JSON.stringify(body),
  });

describe('the chunked serialisers', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ date: '2024-01-01', service: `s"${i}`, requests: i, revenue: i / 3 }));
  it.each([0, 1, 999, 1000, 1001, 2500])('JSON of %i rows, joined, is JSON.stringify of them', (n) => {
    expect([...jsonArrayChunks(rows(n), 1000)].join('')).toBe(JSON.stringify(rows(n)));
  });

  it('writes each chunk only when asked for: the rest of the rows are not serialised yet', () => {
    let serialised = 0;
    const counted = Array.from({ length: 5000 }, (_, i) => ({ toJSON: () => (serialised++, { i }) }));
    const pieces = jsonArrayChunks(counted, 1000);
    expect(pieces.next().value).toMatch(/^\[\{"i":0\},/);
    expect(serialised).toBe(1000);
  });

  it.each([0, 1, 1000, 1001, 2500])('CSV of %i rows, joined, is the whole text', (n) => {
    const request = {
      startDate: '2024-01-01',
      endDate: '2024-01-01',
      dimensions: ['date', 'service'],
      metrics: ['requests', 'revenue'],
      filters: [],
      skip: 0,
      csv: true,
      totals: false,
    } as unknown as CheckedReportRequest;
    const data = rows(n) as unknown as ReportRow[];
    const whole = stringify(
      data.map((r) => [r.date, (r as Record<string, unknown>).service, r.requests, r.revenue]),
      {
        header: true,
        columns: ['date', 'service', 'requests', 'revenue'],
        record_delimiter: 'windows',
        quoted_match: /[\r\n;\t]/,
      },
    );
    expect([...reportCsvChunks(request, data, 1000)].join('')).toBe(whole);
  });
});

describe('POST /api/reportv2/ streams a large answer', () => {
  it('JSON: sent chunked, byte for byte the whole-string answer', async () => {
    const response = await ask(BIG);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const { rows } = await engineRows(BIG);
    expect(rows.length).toBe(65_149);
    expect(text).toBe(JSON.stringify(rows));
  });

  it('CSV: sent chunked with its download headers, byte for byte the whole text', async () => {
    const response = await ask({ ...BIG, csv: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="report_2024-01-01.csv"');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const { request, rows } = await engineRows({ ...BIG, csv: true });
    expect(await response.text()).toBe(reportCsv(request, rows).text);
  });

  it('a small answer is sent whole, with its length', async () => {
    const small = { startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['service'], metrics: ['revenue'] };
    for (const body of [small, { ...small, csv: true }]) {
      const response = await ask(body);
      const text = await response.text();
      expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      const { request, rows } = await engineRows(body);
      expect(text).toBe(request.csv ? reportCsv(request, rows).text : JSON.stringify(rows));
    }
  });
});
