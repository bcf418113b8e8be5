/**
 * Reads event rows from a file, streaming, in either format an export tool writes: NDJSON (one JSON object per
 * line) or CSV with a header line (RFC 4180, parsed by csv-parse). The format comes from the extension, else from
 * the first character (`{` means NDJSON). CSV cells arrive as text, so the numeric columns are converted here and
 * left as text when they are not plain decimal numbers, which the row check then refuses with a reason.
 */
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import { ImportFileError } from './errors.js';
import { IMPORT_COLUMNS } from 'bidfields/api';
import { hasBadBytes, NOT_UTF8, Utf8Marker, Utf8Watch } from './utf8.js';
import { MEASURES } from 'bidfields/api';

/** One parsed line: its value, or why it could not be parsed. */
export interface ParsedLine {
  /** 1-based line number in the file (for a CSV record over several lines, its last line). */
  line: number;
  value?: unknown;
  error?: string;
}

const NUMERIC = new Set<string>(MEASURES);
// A decimal cell. Unambiguous, so a test takes linear time: `\d+\.?\d*` splits a run of digits in as many ways as
// it is long and took quadratic time failing on one (4 s on a 40,000-character cell, with the server's event loop
// blocked).
const DECIMAL = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;

/** Decides the format from the file name, else from the first non-blank character. */
export function detectFormat(path: string, head: string): 'ndjson' | 'csv' {
  if (/\.(nd)?jsonl?$/i.test(path)) return 'ndjson';
  if (/\.csv$/i.test(path)) return 'csv';
  return head.trimStart().startsWith('{') ? 'ndjson' : 'csv';
}

/**
 * Yields the parsed lines of an NDJSON stream (blank lines skipped, a byte order mark dropped); a line holding
 * bytes that are not UTF-8 is refused as such, not read with U+FFFD in their place.
 *
 * @example
 * for await (const { line, value, error } of readNdjson(createReadStream('events.ndjson'))) …
 */
export async function* readNdjson(input: Readable): AsyncGenerator<ParsedLine> {
  const decoded = new Utf8Marker();
  input.once('error', (error) => decoded.destroy(error)); // pipe() does not pass a read error on
  const lines = createInterface({ input: input.pipe(decoded), crlfDelay: Infinity });
  let line = 0;
  for await (const read of lines) {
    line++;
    // A byte order mark (as Windows tools write UTF-8) is no part of the first row, as csv-parse's `bom` drops it.
    const text = line === 1 && read.startsWith('\uFEFF') ? read.slice(1) : read;
    if (text.trim() === '') continue;
    if (hasBadBytes(text)) {
      yield { line, error: NOT_UTF8 };
      continue;
    }
    try {
      yield { line, value: JSON.parse(text) };
    } catch {
      yield { line, error: 'not valid JSON' };
    }
  }
}

/**
 * Yields the records of a CSV stream with a header line; a header that lacks a column, or has one too many,
 * throws {@link ImportFileError} before any row is read, since then every row would be refused for the same
 * reason. A quoting error throws csv-parse's error (with the line), which the importer treats the same way.
 * A record holding bytes that are not UTF-8 is refused as such (the parser would read them as U+FFFD); a header
 * holding one is an error of the file.
 * Line numbers cost a third of the parsing time; with `lines: false` a record's number (header included) stands
 * in, for a caller that only wants the rows, and the parser does not say where a record ends, so once a bad byte
 * has been read every record is refused up to the one being read: a caller that loads rows of a file with bad
 * bytes asks for lines.
 *
 * @example
 * for await (const { line, value } of readCsv(createReadStream('events.csv'))) …
 */
export async function* readCsv(input: Readable, options: { lines?: boolean } = {}): AsyncGenerator<ParsedLine> {
  const info = options.lines !== false;
  const watch = new Utf8Watch();
  const parser = input.pipe(watch).pipe(parse({ bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info }));
  // pipe() does not pass a read error on
  input.once('error', (error) => watch.destroy(error));
  watch.once('error', (error) => parser.destroy(error));
  let header: string[] | undefined;
  let records = 0;
  for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number; bytes: number } } | string[]>) {
    const record = info ? (item as { record: string[] }).record : (item as string[]);
    const { lines: line, bytes: end } = info ? (item as { info: { lines: number; bytes: number } }).info : { lines: ++records, bytes: Infinity };
    const badBytes = watch.badBefore(end);
    if (!header) {
      if (badBytes) throw new ImportFileError(`CSV header (line ${line}) is ${NOT_UTF8}`, line);
      header = checkHeader(record, line);
      continue;
    }
    if (badBytes) {
      yield { line, error: NOT_UTF8 };
      continue;
    }
    if (record.length !== header.length) {
      yield { line, error: `expected ${header.length} cells, found ${record.length}` };
      continue;
    }
    const value: Record<string, string | number> = {};
    header.forEach((column, i) => {
      const cell = record[i]!;
      value[column] = NUMERIC.has(column) && DECIMAL.test(cell) ? Number(cell) : cell;
    });
    yield { line, value };
  }
}

function checkHeader(record: string[], line: number): string[] {
  const header = record.map((h) => h.toLowerCase());
  const missing = IMPORT_COLUMNS.filter((c) => !header.includes(c));
  const extra = header.filter((h) => !IMPORT_COLUMNS.includes(h));
  if (missing.length > 0 || extra.length > 0 || new Set(header).size !== header.length) {
    throw new ImportFileError(
      `CSV header (line ${line}) must name the columns ${IMPORT_COLUMNS.join(', ')} once each` +
        (missing.length ? `; missing: ${missing.join(', ')}` : '') +
        (extra.length ? `; unknown: ${extra.join(', ')}` : ''),
      line,
    );
  }
  return header;
}
