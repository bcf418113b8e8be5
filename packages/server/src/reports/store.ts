/**
 * The seam between the report engine and where the event rows live: a store renders a validated {@link ReportPlan}
 * in its own dialect with bound parameters and returns the page and, when asked, the totals. Files come in under one
 * of two promises: an atomic store keeps a file all or nothing (DuckDB); a resumable one keeps batches that a re-run
 * completes without counting a row twice (ClickHouse).
 */
import { alreadyImportedText } from 'bidfields/api';
import type { ReportPlan } from './plan.js';
import type { EventRow } from 'bidfields/api';

export type { EventRow } from 'bidfields/api';

/** A grouped row as a store returns it: dimension values as strings, metric values as numbers. */
export type StoreRow = Record<string, string | number>;

/** What a store returns for one plan. */
export interface StoreResult {
  /** The requested page of groups, in plan order, each with the plan's dimensions and metrics. */
  rows: StoreRow[];
  /** The plan's metrics over every row matching the dates and filters; present when `plan.totals`. */
  totals?: Record<string, number>;
}

/** Where report data lives. */
export interface ReportStore {
  /** Runs a plan. */
  query(plan: ReportPlan): Promise<StoreResult>;
  /** Appends event rows (already validated). */
  append(rows: readonly EventRow[]): Promise<void>;
}

/** Which rows `deleteRows` removes: a date range (both inclusive), optionally one service and/or one country. */
export interface DeleteFilter {
  startDate: string;
  endDate: string;
  service?: string;
  country?: string;
}

/** A file that was imported: its content hash (SHA-256, hex), when, how many rows, and the name it came with. */
export interface ImportRecord {
  hash: string;
  importedAt: Date;
  rows: number;
  name: string;
}

/** A file whose content was imported before; thrown by an event store's `importFile` unless `force`. */
export class AlreadyImportedError extends Error {
  override name = 'AlreadyImportedError';
  constructor(readonly record: ImportRecord) {
    super(alreadyImportedText(record));
  }
}

/**
 * An earlier import of the same content was interrupted after keeping rows (ClickHouse), and rows of its dates were
 * deleted since: a re-run cannot tell which of the kept rows are still there, so it can neither skip nor resend them
 * exactly. Thrown by {@link ResumableEventStore.importFile} unless `force`.
 */
export class ResumeConflictError extends Error {
  override name = 'ResumeConflictError';
  constructor(readonly startedAt: Date) {
    super(
      `an import of this content that began at ${startedAt.toISOString()} was interrupted after keeping rows, and rows of its dates ` +
        `were deleted since, so running it again could neither skip nor resend them exactly`,
    );
  }
}

/** A file as an event store's `importFile` records it. */
export interface ImportedFile {
  /** The content's SHA-256 (hex). */
  hash: string;
  name: string;
  /** The first and last date of its rows, when known (a store that keeps batches as they go logs them). */
  dates?: { first: string; last: string };
}

/** Options of `importFile`. */
export interface ImportFileOptions {
  /** Load content that was imported before. */
  force?: boolean;
  /**
   * Stops the import: checked before each batch a resumable store keeps and right before an atomic store's commit,
   * so an import whose caller has given up (a client gone, a server stopping past its grace period, which has told
   * the client 503) does not go on to keep the file. The import then rejects and nothing more is kept.
   */
  signal?: AbortSignal;
}

/** Where a file's event rows are kept and counted once: report queries, imports, deletes. */
interface EventStoreBase extends ReportStore {
  /** The record of an earlier import of this content, if any. */
  findImport(hash: string): Promise<ImportRecord | undefined>;
  /** Removes the rows the filter selects; resolves with how many were removed. */
  deleteRows(filter: DeleteFilter): Promise<number>;
  /** Number of event rows stored. */
  count(): Promise<number>;
}

/** A store that keeps a file all or nothing, in one transaction (DuckDB). */
export interface AtomicEventStore extends EventStoreBase {
  readonly kind: 'atomic';
  /**
   * Loads the rows of one file (already checked) as one unit: either every row and the file's record are kept, or
   * nothing is (a crash or an error anywhere, including `rows` throwing, keeps nothing). Rejects with
   * {@link AlreadyImportedError} when `file.hash` is recorded already, unless `force`.
   */
  importFile(file: ImportedFile, rows: AsyncIterable<readonly EventRow[]>, options?: ImportFileOptions): Promise<{ loaded: number }>;
}

/**
 * A store with no transaction across batches (ClickHouse) that keeps each batch as it is sent, under a
 * deduplication token, and records the file after the last one: an import that stops keeps what it sent, and
 * running it again completes the file without counting a row twice.
 */
export interface ResumableEventStore extends EventStoreBase {
  readonly kind: 'resumable';
  /**
   * Loads the rows of one file (already checked) batch by batch. Rejects with {@link AlreadyImportedError} when the
   * file is recorded (unless `force`), with {@link ResumeConflictError} when a re-run cannot count exactly, and with
   * {@link BatchesKeptError} when it stopped after keeping batches.
   */
  importFile(file: ImportedFile, rows: AsyncIterable<readonly EventRow[]>, options?: ImportFileOptions): Promise<{ loaded: number }>;
  /** Why the store cannot keep a row that passed the import check, if it cannot (ClickHouse: dates past its Date's range). */
  rowProblem(row: EventRow): string | undefined;
}

/** A report store that takes whole files, counting each content once: one of the two kinds, told apart by `kind`. */
export type EventStore = AtomicEventStore | ResumableEventStore;

/** Whether a report store takes files (a read-only one, as a test may give, does not). */
export function isEventStore(store: ReportStore | EventStore): store is EventStore {
  return 'kind' in store;
}

/**
 * A resumable import stopped (for `cause`) after keeping `kept` rows: they stay, and running the same import again
 * completes the file without counting them twice.
 */
export class BatchesKeptError extends Error {
  override name = 'BatchesKeptError';
  constructor(
    readonly kept: number,
    options: { cause: unknown },
  ) {
    super((options.cause as Error)?.message ?? String(options.cause), options);
  }
}
