/**
 * Writes report rows as a CSV download (SPEC §7.3): a header line of dimension names then metric names, one line
 * per row, RFC 4180 quoting and CRLF line ends (the quoting is csv-stringify's, not hand-written). A text cell that
 * starts with `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'` so a spreadsheet shows it as text instead
 * of running it as a formula (OWASP "CSV injection"); numbers are written as numbers and never touched.
 */
import { stringify } from 'csv-stringify/sync';
import type { CheckedReportRequest, ReportRow } from './request.js';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A CSV file ready to send. */
export interface ReportCsv {
  /** `report_<startDate>.csv` */
  filename: string;
  text: string;
}

/**
 * Neutralises a text cell against spreadsheet formula injection.
 *
 * @example
 * neutraliseCell('=HYPERLINK("http://x")') // "'=HYPERLINK(\"http://x\")"
 */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Renders rows (totals row included, if any) as CSV.
 *
 * @example
 * reportCsv(request, rows) // { filename: 'report_2024-01-01.csv', text: 'date,revenue\r\n2024-01-01,12.5\r\n' }
 */
export function reportCsv(request: CheckedReportRequest, rows: readonly ReportRow[]): ReportCsv {
  const columns = [...request.dimensions, ...request.metrics];
  const records = rows.map((row) =>
    columns.map((c) => {
      const v = (row as Record<string, string | number>)[c];
      return typeof v === 'string' ? neutraliseCell(v) : v;
    }),
  );
  // With CRLF records csv-stringify quotes only cells holding a whole CRLF; a lone CR or LF must be quoted too,
  // or a reader would start a new record there.
  const text = stringify(records, { header: true, columns, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  return { filename: `report_${request.startDate}.csv`, text };
}
