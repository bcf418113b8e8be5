/**
 * Writes report rows as a CSV download (docs/spec.md#reports): a header line of dimension names then metric names, one line
 * per row, RFC 4180 quoting and CRLF line ends (the quoting is csv-stringify's, not hand-written). A text cell that
 * starts with `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'` so a spreadsheet shows it as text instead
 * of running it as a formula (OWASP "CSV injection"); numbers are written as numbers and never touched. A cell
 * holding a separator of any common locale (`,`, `;` where the decimal mark is a comma, tab) is quoted: a spreadsheet
 * in a `;` locale splits an unquoted `x;=cmd()` into two cells, the second a formula. The text comes in chunks of
 * rows ({@link reportCsvChunks}), so a large report is sent as it is written rather than built whole first.
 */
import { stringify } from 'csv-stringify/sync';
import type { CheckedReportRequest, ReportRow } from 'bidfields/api';

const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * Cells csv-stringify would not quote itself. With CRLF records it quotes only cells holding a whole CRLF, so a lone
 * CR or LF must be listed, or a reader would start a new record there; and `;` and tab, the separators of other
 * locales, so that no spreadsheet splits the cell (comma and quote it quotes already).
 */
const QUOTE = /[\r\n;\t]/;
/** Rows written per chunk: some 50 KB of text, small against the whole, large against the overhead of a call. */
export const CSV_CHUNK_ROWS = 1000;

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
  return { filename: csvFilename(request), text: [...reportCsvChunks(request, rows)].join('') };
}

/**
 * The download's file name (docs/spec.md#reports).
 *
 * @example
 * csvFilename(request) // 'report_2024-01-01.csv'
 */
export function csvFilename(request: CheckedReportRequest): string {
  return `report_${request.startDate}.csv`;
}

/**
 * The CSV text of {@link reportCsv} in pieces: the header with the first `rowsPerChunk` rows, then the others that
 * many at a time. Joined, the pieces are the whole text; each is written only when asked for.
 *
 * @example
 * for (const piece of reportCsvChunks(request, rows)) response.write(piece)
 */
export function* reportCsvChunks(request: CheckedReportRequest, rows: readonly ReportRow[], rowsPerChunk = CSV_CHUNK_ROWS): Generator<string> {
  const columns = [...request.dimensions, ...request.metrics];
  const cells = (row: ReportRow) =>
    columns.map((c) => {
      const v = (row as Record<string, string | number>)[c];
      return typeof v === 'string' ? neutraliseCell(v) : v;
    });
  for (let start = 0; start === 0 || start < rows.length; start += rowsPerChunk) {
    const records = rows.slice(start, start + rowsPerChunk).map(cells);
    yield stringify(records, { header: start === 0, columns, record_delimiter: 'windows', quoted_match: QUOTE });
  }
}
