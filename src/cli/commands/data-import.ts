/**
 * `bidfields data import FILE`: the command-line face of {@link importEvents}. It checks the file before opening
 * the data folder (a missing file creates nothing), turns Ctrl-C into a rollback, prints refused rows and a reason
 * for every outcome on standard error, and always ends with one summary line on standard output (rows loaded,
 * refused, seconds). The exit code says which case it was (see the usage in `data.ts`).
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PartialImportError } from '../../reports/import/errors.js';
import { conflictNote, importEvents, type ImportStatus, type ImportSummary } from '../../reports/import/import.js';
import { checkServerUsage, importToServer } from './data-import-server.js';
import { describeStorageError, openEventStorage } from '../../storage/open.js';
import { STORE_OPTIONS, storeLocation } from './stores.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type CliIO } from '../io.js';

/** Exit code: loaded, with refused rows skipped (`--skip-invalid`). */
export const EXIT_SKIPPED = 3;
/** Exit code: interrupted by SIGINT (128 + 2, as shells report it); SIGTERM gives 143. */
export const EXIT_INTERRUPTED = 130;
const EXIT_TERMINATED = 143;

const EXIT: Record<ImportStatus, number> = {
  loaded: EXIT_OK,
  'skipped-invalid': EXIT_SKIPPED,
  refused: EXIT_INVALID,
  duplicate: EXIT_INVALID,
  'invalid-file': EXIT_INVALID,
  changed: EXIT_INVALID,
  conflict: EXIT_INVALID,
  interrupted: EXIT_INTERRUPTED,
};
/** Files smaller than this load too fast for a bar to help. */
const PROGRESS_MIN_BYTES = 4 * 1024 * 1024;
const BAR_WIDTH = 30;

/**
 * Runs `data import` with the arguments after `import`.
 *
 * @example
 * await runDataImport(['events.csv', '--data', 'state', '--skip-invalid'], io) // 0, 1, 3 or 130
 */
export async function runDataImport(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: {
      ...STORE_OPTIONS, server: { type: 'string' }, 'skip-invalid': { type: 'boolean' }, force: { type: 'boolean' },
      'batch-size': { type: 'string' },
    },
  });
  if (values.server !== undefined && (values.data ?? values.clickhouse ?? values.postgres ?? values.cluster) !== undefined) {
    throw new UsageError('give --server or a store (--data, --clickhouse), not both');
  }
  const batchRows = values['batch-size'] === undefined ? undefined : Number(values['batch-size']);
  if (batchRows !== undefined && (!/^\d+$/.test(values['batch-size']!) || batchRows < 1 || batchRows > 10_000_000)) {
    throw new UsageError('--batch-size must be a whole number from 1 to 10000000');
  }
  if (values.server !== undefined) checkServerUsage(values.server);
  const location = values.server === undefined ? storeLocation(values, io, 'data import') : undefined;
  if (positionals.length !== 1) throw new UsageError("usage: 'data import FILE'");
  const started = performance.now();
  const fail = (message: string) => {
    io.stderr(`bidfields data: ${message}\n`);
    io.stdout(summaryLine(0, 0, performance.now() - started));
    return EXIT_INVALID;
  };
  const file = resolve(io.cwd, positionals[0]!);
  const problem = await fileProblem(file, positionals[0]!);
  if (problem) return fail(problem);

  if (values.server !== undefined) {
    return importToServer(file, values.server, { skipInvalid: values['skip-invalid'] === true, force: values.force === true }, io, started);
  }

  const stop = new AbortController();
  let signalCode = EXIT_INTERRUPTED;
  // The first signal rolls back; a second one gets Node's default (exit at once, still nothing committed).
  const onSigint = () => stop.abort();
  const onSigterm = () => ((signalCode = EXIT_TERMINATED), stop.abort());
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigterm);
  const unlisten = () => {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  };
  let storage;
  try {
    storage = await openEventStorage({ ...location!, ...(batchRows !== undefined && { batchRows }) });
  } catch (error) {
    unlisten();
    return fail(describeStorageError(error, 'data import'));
  }
  const bar = process.stderr.isTTY ? progressBar(io) : undefined;
  const skipInvalid = values['skip-invalid'] === true;
  try {
    const summary = await importEvents(file, storage.reports, {
      skipInvalid,
      force: values.force === true,
      signal: stop.signal,
      onRefused: skipInvalid ? (line, reason) => io.stderr(`  line ${line}: ${reason}\n`) : undefined,
      onProgress: (read, total, pass) => total >= PROGRESS_MIN_BYTES && bar?.(read, total, pass),
    });
    if (bar) io.stderr('\r\x1b[K');
    io.stderr(explain(summary, skipInvalid));
    io.stdout(summaryLine(summary.loaded || (summary.sent ?? 0), summary.refused, performance.now() - started));
    return summary.status === 'interrupted' ? signalCode : EXIT[summary.status];
  } catch (error) {
    if (bar) io.stderr('\r\x1b[K');
    if (error instanceof PartialImportError) {
      io.stderr(`bidfields data: ${error.message}\n`);
      io.stderr(`bidfields data: ${keptNote(error.kept)}\n`);
      io.stdout(summaryLine(error.kept, 0, performance.now() - started));
      return EXIT_INVALID;
    }
    return fail(`nothing loaded: ${(error as Error).message}`);
  } finally {
    unlisten();
    await storage.close();
  }
}

/** Why the file cannot be imported before anything is opened, if it cannot. */
async function fileProblem(file: string, given: string): Promise<string | undefined> {
  try {
    if (!(await stat(file)).isFile()) return `not a file: ${given}`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `no such file: ${given}` : `cannot read ${given}: ${(error as Error).message}`;
  }
  return undefined;
}

/** The last line of every run. */
export function summaryLine(loaded: number, refused: number, elapsedMs: number): string {
  return `${loaded} rows loaded, ${refused} refused in ${(elapsedMs / 1000).toFixed(1)} s\n`;
}

/** What is said of an import that stopped after a store that cannot roll back (ClickHouse) kept some batches. */
function keptNote(rows: number): string {
  return `${rows} rows were kept before the import stopped (ClickHouse keeps each batch as it is sent); run the same command again to complete it: kept rows are not counted twice`;
}

/** What standard error says about an outcome: the refused rows' reasons and examples, and what was kept. */
function explain(s: ImportSummary, listed: boolean): string {
  let text = '';
  if (s.refused > 0) {
    if (!listed) {
      for (const e of s.examples) text += `  line ${e.line}: ${e.reason}\n`;
      if (s.refused > s.examples.length) text += `  … and ${s.refused - s.examples.length} more\n`;
    }
    for (const [reason, count] of Object.entries(s.reasons).sort((a, b) => b[1] - a[1])) text += `  ${count} × ${reason}\n`;
  }
  const nothing = 'bidfields data: nothing loaded:';
  // Only a store that keeps batches as they go (ClickHouse) has kept rows of an import that stopped.
  const stopped = (reason: string) => (s.sent ? `bidfields data: ${reason}; ${keptNote(s.sent)}\n` : `${nothing} ${reason}\n`);
  switch (s.status) {
    case 'refused':
      return text + (s.good === 0 ? `${nothing} no row is valid\n` : `${nothing} ${s.refused} rows refused (fix them, or load the other ${s.good} with --skip-invalid)\n`);
    case 'duplicate': {
      const p = s.previous!;
      return text + `${nothing} already imported at ${p.importedAt.toISOString()} (${p.rows} rows, as ${p.name}); --force loads it again\n`;
    }
    case 'invalid-file':
      return text + stopped(s.error!.message);
    case 'changed':
      return text + stopped('the file changed while it was being imported; run again');
    case 'interrupted':
      return text + stopped('interrupted');
    case 'conflict':
      return text + `${nothing} ${conflictNote(s, '--force')}\n`;
    case 'skipped-invalid':
      return text + `bidfields data: ${s.refused} refused rows skipped\n`;
    case 'loaded':
      return text;
  }
}

function progressBar(io: CliIO): (read: number, total: number, pass: 'check' | 'load') => void {
  return (read, total, pass) => {
    const share = total > 0 ? Math.min(1, read / total) : 1;
    const filled = Math.round(share * BAR_WIDTH);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    io.stderr(`\r${pass.padEnd(5)} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${Math.round(share * 100)}% ${mb(read)}/${mb(total)} MB`);
  };
}
