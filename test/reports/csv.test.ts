// CSV output: header line of dimensions then metrics in request order, RFC 4180 quoting with CRLF, the totals
// row first, and text cells that a spreadsheet would run as a formula neutralised with a leading quote.
import { describe, expect, it } from 'vitest';
import { neutraliseCell, reportCsv } from '../../packages/server/src/reports/csv.js';
import type { CheckedReportRequest, ReportRow } from '../../src/api-contract/checked-report.js';

const request: CheckedReportRequest = {
  startDate: '2024-03-01',
  endDate: '2024-03-31',
  dimensions: ['service', 'country'],
  metrics: ['revenue', 'ecpm'],
  filters: [],
  skip: 0,
  csv: true,
  totals: true,
};
const row = (service: string, revenue = 1.5): ReportRow => ({ service, country: 'US', revenue, ecpm: 0.25 }) as ReportRow;

describe('reportCsv', () => {
  it('names the file after startDate and writes the header in request order', () => {
    const csv = reportCsv(request, []);
    expect(csv.filename).toBe('report_2024-03-01.csv');
    expect(csv.text).toBe('service,country,revenue,ecpm\r\n');
  });

  it('writes the totals row first and numbers as numbers', () => {
    const csv = reportCsv(request, [{ service: 'Total', country: '', revenue: 10, ecpm: 1.25 } as ReportRow, row('news')]);
    expect(csv.text).toBe('service,country,revenue,ecpm\r\nTotal,,10,1.25\r\nnews,US,1.5,0.25\r\n');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    const text = reportCsv(request, [row('a,b'), row('say "hi"'), row('two\nlines'), row('cr\rhere'), row('crlf\r\nboth')]).text;
    expect(text).toBe(
      'service,country,revenue,ecpm\r\n"a,b",US,1.5,0.25\r\n"say ""hi""",US,1.5,0.25\r\n' +
        '"two\nlines",US,1.5,0.25\r\n"cr\rhere",US,1.5,0.25\r\n"crlf\r\nboth",US,1.5,0.25\r\n',
    );
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', `"'\tTAB"`],
    ['\r=CR', `"'\r=CR"`],
  ])('neutralises a formula cell %j', (service, cell) => {
    const text = reportCsv(request, [row(service)]).text;
    expect(text).toBe(`service,country,revenue,ecpm\r\n${cell},US,1.5,0.25\r\n`);
  });

  it('quotes a cell holding the separator of another locale: `;` (a formula cell in `;` locales) and tab', () => {
    const text = reportCsv(request, [row('x;=HYPERLINK("http://evil.example")'), row('a;b'), row('tab\there')]).text;
    expect(text).toBe(
      'service,country,revenue,ecpm\r\n"x;=HYPERLINK(""http://evil.example"")",US,1.5,0.25\r\n"a;b",US,1.5,0.25\r\n"tab\there",US,1.5,0.25\r\n',
    );
  });

  it('leaves ordinary text and numbers alone', () => {
    expect(neutraliseCell('news-portal')).toBe('news-portal');
    expect(neutraliseCell('a=b')).toBe('a=b');
    expect(neutraliseCell('')).toBe('');
  });
});
