/**
 * The wire contract of `POST /api/data/import`: the body is the file itself (CSV or NDJSON, by its media type),
 * the answer to a load is an {@link ImportAnswer}, and a refusal is an error body whose row count, when rows were
 * refused, comes in a header (the issues list only the first 1,000).
 */

/** The formats the server takes, by their media type. */
export const IMPORT_MEDIA_TYPES = { csv: 'text/csv', ndjson: 'application/x-ndjson' } as const;

/** A format the server takes. */
export type ImportFormat = keyof typeof IMPORT_MEDIA_TYPES;

/** The header an `invalid_rows` answer counts its refused rows in (the issues list only the first 1,000). */
export const REFUSED_HEADER = 'X-Refused-Rows';

/** Refused rows listed in an answer; the rest are counted. */
export const LISTED_REFUSED_ROWS = 1000;

/** The server's answer to an upload that loaded rows (refusals come back as error bodies). */
export interface ImportAnswer {
  status: 'loaded' | 'skipped-invalid';
  loaded: number;
  refused: number;
  /** The refused rows that were skipped (at most the first 1,000), with their line and reason. */
  refusedRows: { line: number; reason: string }[];
  /** SHA-256 of the content, hex. */
  hash: string;
  elapsedMs: number;
}
