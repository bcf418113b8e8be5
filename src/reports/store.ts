/**
 * The seam between the report engine and where the event rows live. A store gets a validated {@link ReportPlan}
 * and returns the page of grouped rows plus, when asked, the totals; it renders the plan in its own dialect with
 * bound parameters. DuckDB is the embedded default; a ClickHouse store (where ad-tech reporting goes when one
 * machine is not enough) implements the same two methods without the engine changing.
 */
import type { ReportPlan } from './plan.js';

/** A grouped row as a store returns it: dimension values as strings, metric values as numbers. */
export type StoreRow = Record<string, string | number>;

/** What a store returns for one plan. */
export interface StoreResult {
  /** The requested page of groups, in plan order, each with the plan's dimensions and metrics. */
  rows: StoreRow[];
  /** The plan's metrics over every row matching the dates and filters; present when `plan.totals`. */
  totals?: Record<string, number>;
}

/** One event row, as imported: a day's counts for one service in one country. */
export interface EventRow {
  date: string;
  service: string;
  country: string;
  requests: number;
  impression: number;
  /** USD. */
  revenue: number;
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

/** A file whose content was imported before; thrown by {@link ImportingStore.importFile} unless `force`. */
export class AlreadyImportedError extends Error {
  override name = 'AlreadyImportedError';
  constructor(readonly record: ImportRecord) {
    super(`already imported at ${record.importedAt.toISOString()} (${record.rows} rows, as ${record.name})`);
  }
}

/**
 * An earlier import of the same content was interrupted after keeping rows (ClickHouse), and rows of its dates were
 * deleted since: a re-run cannot tell which of the kept rows are still there, so it can neither skip nor resend them
 * exactly. Thrown by {@link ImportingStore.importFile} unless `force`.
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

/** A file as {@link ImportingStore.importFile} records it. */
export interface ImportedFile {
  /** The content's SHA-256 (hex). */
  hash: string;
  name: string;
  /** The first and last date of its rows, when known (a store that keeps batches as they go logs them). */
  dates?: { first: string; last: string };
}

/** Options of {@link ImportingStore.importFile}. */
export interface ImportFileOptions {
  /** Load content that was imported before. */
  force?: boolean;
  /**
   * A store that cannot keep a file all or nothing (ClickHouse: its batches are kept as they go, and a re-run
   * completes the file without counting them twice) calls this after each batch it keeps, with the rows kept so
   * far; an atomic store (DuckDB) never calls it.
   */
  onStored?: (rows: number) => void;
  /**
   * Stops the import: checked before each batch a store keeps as it goes (ClickHouse) and right before the commit
   * (DuckDB), so an import whose caller has given up (a client gone, a server stopping past its grace period, which
   * has told the client 503) does not go on to keep the file. The import then rejects and nothing more is kept.
   */
  signal?: AbortSignal;
}

/**
 * A report store that takes whole files (issue 11): a file's rows are kept all or none, and its content hash is
 * recorded with them, so the same content is not counted twice.
 */
export interface ImportingStore extends ReportStore {
  /**
   * Loads the rows of one file (already checked) as one unit: either every row and the file's record are kept,
   * or nothing is (a crash or an error anywhere, including `rows` throwing, keeps nothing). Rejects with
   * {@link AlreadyImportedError} when `file.hash` is recorded already, unless `force`.
   */
  importFile(
    file: ImportedFile,
    rows: AsyncIterable<readonly EventRow[]>,
    options?: ImportFileOptions,
  ): Promise<{ loaded: number }>;
  /** The record of an earlier import of this content, if any. */
  findImport(hash: string): Promise<ImportRecord | undefined>;
  /** Removes the rows the filter selects; resolves with how many were removed. */
  deleteRows(filter: DeleteFilter): Promise<number>;
  /**
   * True for a store that keeps each batch as it is sent (ClickHouse) rather than a file all or nothing: the
   * importer then reads one private copy of the file, so that both of its passes see the same content (a file
   * changing in between would leave batches under tokens its re-run cannot match).
   */
  readonly keepsBatches?: boolean;
  /** Why the store cannot keep a row that passed the import check, if it cannot (ClickHouse: dates past its Date's range). */
  rowProblem?(row: EventRow): string | undefined;
}
