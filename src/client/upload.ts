/**
 * Loading event rows into a running server: `POST /api/data/import` with the file as the body (CSV or NDJSON,
 * streamed), Admin only. The server keeps the file all or nothing, once per content, as `bidfields data import`
 * does on a data folder; the answer is the import's summary. Kept apart from the report calls because it is the
 * one call whose body is not JSON and may be large. Browser-safe: no `node:` module.
 */
import { IMPORT_MEDIA_TYPES, REFUSED_HEADER, type ImportAnswer, type ImportFormat } from '../api-contract/import.js';
import { ApiError, errorFromResponse } from './error.js';

export { IMPORT_MEDIA_TYPES, REFUSED_HEADER } from '../api-contract/import.js';

/** Options of one upload. */
export interface UploadOptions {
  format: ImportFormat;
  /** The name recorded with the import (a file name); default `upload.<format>`. */
  name?: string;
  /** Load the good rows even when some are refused. */
  skipInvalid?: boolean;
  /** Load content that was imported before. */
  force?: boolean;
}

/** The server's answer to an upload that loaded rows (refusals come back as {@link ApiError}s). */
export type UploadSummary = ImportAnswer;

/** An upload the server refused because of its rows: nothing was loaded; `refused` counts every refused row. */
export class ImportRefusedError extends ApiError {
  override name = 'ImportRefusedError';
  constructor(
    base: ApiError,
    readonly refused: number,
  ) {
    super(base.status, base.code, base.message, base.issues, base.retryAfter);
  }
}

/** Where to send and as whom. */
export interface UploadTarget {
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  /** Time limit for the whole upload and import; default 10 minutes. */
  timeoutMs?: number;
}

/**
 * Uploads a file's content. Rejects with an {@link ApiError}: 400 `invalid_rows` (an {@link ImportRefusedError}:
 * an issue per refused row, path `/<line>`, the first 1,000), 400 `invalid_file`, 409 `already_imported`,
 * 401/403, 413, 415, 503 while the server stops.
 *
 * @example
 * const summary = await uploadEvents({ baseUrl, token }, createReadStream('events.csv'), { format: 'csv', name: 'events.csv' })
 */
export async function uploadEvents(target: UploadTarget, body: BodyInit, options: UploadOptions): Promise<UploadSummary> {
  const query = new URLSearchParams({ name: options.name ?? `upload.${options.format}` });
  if (options.skipInvalid) query.set('skipInvalid', 'true');
  if (options.force) query.set('force', 'true');
  const fetcher = target.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const timeoutMs = target.timeoutMs ?? 600_000;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetcher(`${target.baseUrl.replace(/\/+$/, '')}/api/data/import?${query}`, {
      method: 'POST',
      headers: { 'Content-Type': IMPORT_MEDIA_TYPES[options.format], Authorization: `Bearer ${target.token}`, Accept: 'application/json' },
      body,
      signal,
      // A stream body must say so (fetch's half-duplex rule); a string or buffer ignores it.
      duplex: 'half',
    } as RequestInit);
  } catch (error) {
    if (signal.aborted) throw new ApiError(0, 'timeout', `no answer within ${timeoutMs} ms`);
    throw new ApiError(0, 'network_error', (error as Error)?.message ?? String(error));
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    const refused = Number(response.headers.get(REFUSED_HEADER));
    throw error.code === 'invalid_rows' && Number.isSafeInteger(refused) ? new ImportRefusedError(error, refused) : error;
  }
  return (await response.json()) as UploadSummary;
}
