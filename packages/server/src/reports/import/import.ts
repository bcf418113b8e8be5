/**
 * Imports one NDJSON or CSV file of event rows into an {@link EventStore}, once. The first pass hashes the bytes and
 * checks every row (nothing is loaded if rows are refused without `skipInvalid`); content imported before is refused
 * unless `force`; the second pass streams the good rows to the store. An atomic store keeps them all or nothing; a
 * resumable one reads a private copy (both passes see the same bytes) and may keep batches a re-run completes.
 * It never prints: the CLI and the upload route turn the {@link ImportSummary} into words (`api/import-outcome.ts`).
 */
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { AlreadyImportedError, BatchesKeptError, ResumeConflictError, type EventRow, type EventStore, type ImportRecord } from '../store.js';
import { FileChangedError, ImportFileError, ImportInterruptedError } from './errors.js';
import { scanFile } from './scan.js';
import { NOT_UTF8 } from './utf8.js';

/**
 * How an import ended. Rows were kept only for `loaded` (every row) and `skipped-invalid` (the good rows; the
 * refused ones were skipped as asked); every other status kept nothing.
 */
export type ImportStatus =
  | 'loaded'
  | 'skipped-invalid'
  /** Rows were refused (and `skipInvalid` was not set, or no row was good). */
  | 'refused'
  /** The same content was imported before ({@link ImportSummary.previous}); `force` loads it again. */
  | 'duplicate'
  /** The file cannot be parsed as a whole ({@link ImportSummary.error}). */
  | 'invalid-file'
  /** The file changed between the two passes. */
  | 'changed'
  /** `signal` aborted before the commit. */
  | 'interrupted'
  /**
   * An earlier run of this content was interrupted after keeping rows (ClickHouse), and rows of its dates were
   * deleted since ({@link ImportSummary.conflict}): delete the file's dates, then import it with `force`.
   */
  | 'conflict';

/** What an import did. */
export interface ImportSummary {
  status: ImportStatus;
  /** Rows kept (0 unless `status` is `loaded` or `skipped-invalid`). */
  loaded: number;
  /** Rows that passed the check (kept or not). */
  good: number;
  refused: number;
  /** Refused rows per reason. */
  reasons: Record<string, number>;
  /** The first refused rows (all of them go to `onRefused`). */
  examples: { line: number; reason: string }[];
  /**
   * Rows a resumable store (ClickHouse) kept before the import stopped: present, and not 0, only when an import
   * that did not end `loaded` left rows behind. Running the same import again completes the file without counting
   * them twice.
   */
  sent?: number;
  /** The content's SHA-256 (hex), once the first pass has read it all. */
  hash?: string;
  /** For `duplicate`: the earlier import. */
  previous?: ImportRecord;
  /** The first and last date of the rows that passed the check, once the first pass has read them. */
  dates?: { first: string; last: string };
  /** For `conflict`: when the interrupted run began, and what stands in the way. */
  conflict?: { startedAt: Date; message: string };
  /** For `invalid-file`: what the parser said, and the line, when known. */
  error?: { message: string; line?: number };
  elapsedMs: number;
}

/** Options of {@link importEvents}. */
export interface ImportOptions {
  /** Load the good rows even when some are refused (default: any refused row loads nothing). */
  skipInvalid?: boolean;
  /** Load content that was imported before (its rows are then counted twice). */
  force?: boolean;
  /** The name recorded with the import (default: the file's base name). */
  name?: string;
  /** Stops the import; what was read is rolled back and the status is `interrupted`. */
  signal?: AbortSignal;
  /** Called for every refused row, in file order, during the checking pass. */
  onRefused?: (line: number, reason: string) => void;
  /** Called now and then with the bytes read in the current pass and the file's size. */
  onProgress?: (bytesRead: number, totalBytes: number, pass: 'check' | 'load') => void;
  /**
   * The file is the caller's own, which nothing else writes (an upload the server spooled): read as it is, where a
   * resumable store would otherwise get a private copy made first.
   */
  privateFile?: boolean;
  /** Rows per batch handed to the store; default 20 000. */
  batchSize?: number;
}

const EXAMPLES = 10;
const PROGRESS_EVERY = 10_000;

/**
 * Imports a file into `store`. Resolves with the summary for every outcome that is about the file (see
 * {@link ImportStatus}); rejects when the file cannot be read (`ENOENT`, …) or the store fails: an atomic store has
 * then kept nothing, a resumable one rejects with {@link BatchesKeptError} when it kept batches.
 *
 * @example
 * const summary = await importEvents('events.csv', store, { skipInvalid: true })
 * console.log(importOutcome(summary, CLI_OPTIONS).sentence) // '2 refused rows skipped'
 */
export async function importEvents(path: string, store: EventStore, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const summary: ImportSummary = { status: 'loaded', loaded: 0, good: 0, refused: 0, reasons: {}, examples: [], elapsedMs: 0 };
  const end = (status: ImportStatus) => ({ ...summary, status, elapsedMs: performance.now() - started });
  const totalBytes = (await stat(path)).size;
  const name = options.name ?? basename(path);
  // A resumable store reads a private copy: both passes then see the same bytes, so a re-run's batches match.
  const copy = store.kind === 'resumable' && !options.privateFile ? await mkdtemp(join(tmpdir(), 'bidfields-import-')) : undefined;
  try {
    const source = copy ? join(copy, 'file') : path;
    if (copy) await copyFile(path, source);
    const hash = await checkPass(source, summary, totalBytes, store, options);
    summary.hash = hash;
    if (summary.refused > 0 && (!options.skipInvalid || summary.good === 0)) return end('refused');
    if (!options.force) summary.previous = await store.findImport(hash);
    if (summary.previous) return end('duplicate');
    const file = { hash, name, ...(summary.dates && { dates: summary.dates }) };
    // Without line numbers the CSV reader cannot tell which record held a byte that is not UTF-8 (read.ts).
    const exact = summary.reasons[NOT_UTF8] !== undefined;
    const rows = loadPass(source, hash, totalBytes, store, options, exact);
    summary.loaded = (await store.importFile(file, rows, { force: options.force, ...(options.signal && { signal: options.signal }) })).loaded;
    return end(summary.refused > 0 ? 'skipped-invalid' : 'loaded');
  } catch (thrown) {
    const kept = thrown instanceof BatchesKeptError ? thrown.kept : 0;
    const error = thrown instanceof BatchesKeptError ? thrown.cause : thrown;
    const status = statusOf(error) ?? (options.signal?.aborted ? 'interrupted' : undefined);
    if (status === undefined) throw thrown;
    if (kept > 0) summary.sent = kept;
    if (error instanceof AlreadyImportedError) summary.previous = error.record;
    if (error instanceof ImportFileError) summary.error = { message: error.message, line: error.line };
    if (error instanceof ResumeConflictError) summary.conflict = { startedAt: error.startedAt, message: error.message };
    return end(status);
  } finally {
    if (copy) await rm(copy, { recursive: true, force: true });
  }
}

function statusOf(error: unknown): ImportStatus | undefined {
  if (error instanceof AlreadyImportedError) return 'duplicate';
  if (error instanceof ImportFileError) return 'invalid-file';
  if (error instanceof ImportInterruptedError) return 'interrupted';
  if (error instanceof FileChangedError) return 'changed';
  if (error instanceof ResumeConflictError) return 'conflict';
  return undefined;
}

/** The first pass: counts good and refused rows into `summary`; resolves with the content hash. */
async function checkPass(path: string, summary: ImportSummary, totalBytes: number, store: EventStore, options: ImportOptions): Promise<string> {
  const scan = await scanFile(path, { signal: options.signal });
  let n = 0;
  for await (const scanned of scan.lines) {
    if (++n % PROGRESS_EVERY === 0) options.onProgress?.(scan.bytesRead(), totalBytes, 'check');
    const { line } = scanned;
    const reason = scanned.reason ?? storeProblem(store, scanned.row!);
    if (reason === undefined) {
      summary.good++;
      const { date } = scanned.row!;
      if (!summary.dates) summary.dates = { first: date, last: date };
      else if (date < summary.dates.first) summary.dates.first = date;
      else if (date > summary.dates.last) summary.dates.last = date;
      continue;
    }
    summary.refused++;
    summary.reasons[reason] = (summary.reasons[reason] ?? 0) + 1;
    if (summary.examples.length < EXAMPLES) summary.examples.push({ line, reason });
    options.onRefused?.(line, reason);
  }
  options.onProgress?.(scan.bytesRead(), totalBytes, 'check');
  return scan.hash();
}

/** The second pass: the good rows in batches; throws (so the store rolls back) if the content is not the same. */
async function* loadPass(
  path: string,
  hash: string,
  totalBytes: number,
  store: EventStore,
  options: ImportOptions,
  lines: boolean,
): AsyncGenerator<EventRow[]> {
  const batchSize = options.batchSize ?? 20_000;
  const scan = await scanFile(path, { signal: options.signal, lines });
  let batch: EventRow[] = [];
  for await (const { row } of scan.lines) {
    if (row === undefined || storeProblem(store, row) !== undefined) continue;
    batch.push(row);
    if (batch.length < batchSize) continue;
    yield batch;
    batch = [];
    options.onProgress?.(scan.bytesRead(), totalBytes, 'load');
  }
  if (scan.hash() !== hash) throw new FileChangedError();
  if (batch.length > 0) yield batch;
  options.onProgress?.(scan.bytesRead(), totalBytes, 'load');
}

/** Why the store cannot keep a row that passed the check: only a resumable store (ClickHouse) has limits of its own. */
function storeProblem(store: EventStore, row: EventRow): string | undefined {
  return store.kind === 'resumable' ? store.rowProblem(row) : undefined;
}
