/**
 * What an import's end means, in one table: the exit code the CLI returns, the HTTP status and error code the
 * route answers, and the sentence both say. The CLI, the upload route and the CLI's upload through the client all
 * read it, so an outcome is worded once. Browser-safe: no `node:` module.
 */
import type { ImportErrorCode } from './errors.js';

/** How an import ended (see `ImportStatus` in `reports/import/import.ts`). */
export type ImportOutcomeStatus = 'loaded' | 'skipped-invalid' | 'refused' | 'duplicate' | 'invalid-file' | 'changed' | 'interrupted' | 'conflict';

/** What of a summary the outcome reads. */
export interface OutcomeSummary {
  status: ImportOutcomeStatus;
  refused: number;
  good?: number;
  sent?: number;
  previous?: { importedAt: Date; rows: number; name: string };
  dates?: { first: string; last: string };
  conflict?: { message: string };
  error?: { message: string };
}

/** How the caller spells the two options a sentence may point to. */
export interface OptionNames {
  force: string;
  skipInvalid: string;
  /** Whether a refusal of every row counts them ("N rows refused (no row is valid)", the route) or not (the CLI). */
  countNoneValid: boolean;
}

/** The CLI's spelling of the options. */
export const CLI_OPTIONS: OptionNames = { force: '--force', skipInvalid: '--skip-invalid', countNoneValid: false };
/** The upload route's spelling (query parameters). */
export const HTTP_OPTIONS: OptionNames = { force: 'force=true', skipInvalid: 'skipInvalid=true', countNoneValid: true };

/** Exit codes: 0 loaded, 1 nothing (or not all) loaded, 3 loaded with refused rows skipped, 130 interrupted (SIGINT). */
export const EXIT_LOADED = 0;
export const EXIT_NOT_LOADED = 1;
export const EXIT_SKIPPED = 3;
export const EXIT_INTERRUPTED = 130;

/** An outcome: `code` is absent for the two that loaded (HTTP 200); `sentence` is empty for a plain load. */
export interface ImportOutcome {
  exitCode: number;
  httpStatus: number;
  code?: ImportErrorCode | 'shutting_down' | 'internal';
  sentence: string;
}

/**
 * The outcome of an import summary.
 *
 * @example
 * importOutcome({ status: 'refused', refused: 2, good: 2 }, CLI_OPTIONS)
 * // { exitCode: 1, httpStatus: 400, code: 'invalid_rows',
 * //   sentence: 'nothing loaded: 2 rows refused (fix them, or load the other 2 with --skip-invalid)' }
 */
export function importOutcome(s: OutcomeSummary, options: OptionNames): ImportOutcome {
  const nothing = (reason: string) => `nothing loaded: ${reason}`;
  // Only a resumable store (ClickHouse) has kept rows of an import that stopped.
  const stopped = (reason: string) => (s.sent ? `${reason}; ${keptNote(s.sent)}` : nothing(reason));
  switch (s.status) {
    case 'loaded':
      return { exitCode: EXIT_LOADED, httpStatus: 200, sentence: '' };
    case 'skipped-invalid':
      return { exitCode: EXIT_SKIPPED, httpStatus: 200, sentence: `${s.refused} refused rows skipped` };
    case 'refused': {
      const way = s.good ? `fix them, or load the other ${s.good} with ${options.skipInvalid}` : 'no row is valid';
      const reason = s.good || options.countNoneValid ? `${s.refused} rows refused (${way})` : way;
      return { exitCode: EXIT_NOT_LOADED, httpStatus: 400, code: 'invalid_rows', sentence: nothing(reason) };
    }
    case 'duplicate':
      return {
        exitCode: EXIT_NOT_LOADED,
        httpStatus: 409,
        code: 'already_imported',
        sentence: nothing(`${alreadyImportedText(s.previous!)}; ${options.force} loads it again`),
      };
    case 'invalid-file':
      return { exitCode: EXIT_NOT_LOADED, httpStatus: 400, code: 'invalid_file', sentence: stopped(s.error!.message) };
    case 'changed':
      return { exitCode: EXIT_NOT_LOADED, httpStatus: 500, code: 'internal', sentence: stopped('the file changed while it was being imported; run again') };
    case 'interrupted':
      return { exitCode: EXIT_INTERRUPTED, httpStatus: 503, code: 'shutting_down', sentence: stopped('interrupted') };
    case 'conflict': {
      // Why a re-run of an interrupted resumable import was refused, and the way out: remove what that run kept, then load afresh.
      const dates = s.dates ? ` (--start-date ${s.dates.first} --end-date ${s.dates.last})` : '';
      const way = `delete what that run kept with bidfields data delete${dates}, then import the file again with ${options.force}`;
      return { exitCode: EXIT_NOT_LOADED, httpStatus: 409, code: 'import_conflict', sentence: nothing(`${s.conflict!.message}; ${way}`) };
    }
  }
}

/**
 * The sentence of content imported before.
 *
 * @example
 * alreadyImportedText(record) // 'already imported at 2026-11-21T09:00:00.000Z (2 rows, as events.csv)'
 */
export function alreadyImportedText(record: { importedAt: Date; rows: number; name: string }): string {
  return `already imported at ${record.importedAt.toISOString()} (${record.rows} rows, as ${record.name})`;
}

/** What is said of an import that stopped after a resumable store (ClickHouse) kept some batches. */
export function keptNote(rows: number): string {
  return `${rows} rows were kept before the import stopped (ClickHouse keeps each batch as it is sent); run the same command again to complete it: kept rows are not counted twice`;
}
