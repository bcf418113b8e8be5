/**
 * `bidfields data import FILE`: the command-line face of {@link importEvents}. It checks the file before opening
 * the data folder (a missing file creates nothing), turns Ctrl-C into a rollback, prints refused rows and a reason
 * for every outcome on standard error, and always ends with one summary line on standard output (rows loaded,
 * refused, seconds). The exit code says which case it was (see the usage in `data.ts`).
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CLI_OPTIONS, EXIT_INTERRUPTED, importOutcome, keptNote } from 'bidfields/api';
import { importEvents, type ImportSummary } from '../reports/import/import.js';
import { BatchesKeptError } from '../reports/store.js';
import { checkServerUsage, importToServer } from './data-import-server.js';
import { openEventStorage } from '../stores/index.js';
import { describeStorageError } from './storage-errors.js';
import { STORE_OPTIONS, storeLocation } from './stores.js';
import { EXIT_INVALID, UsageError, type CliIO } from 'bidfields/cli-commands';
import { summaryLine } from './import-line.js';

export { EXIT_INTERRUPTED, EXIT_SKIPPED } from 'bidfields/api';
/** SIGTERM's exit code (128 + 15), where SIGINT gives {@link EXIT_INTERRUPTED}. */
const EXIT_TERMINATED = 143;
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
      ...STORE_OPTIONS,
      server: { type: 'string' },
      'skip-invalid': { type: 'boolean' },
      force: { type: 'boolean' },
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
    const summary = await importEvents(file, storage.events, {
      skipInvalid,
      force: values.force === true,
      signal: stop.signal,
      onRefused: skipInvalid ? (line, reason) => io.stderr(`  line ${line}: ${reason}\n`) : undefined,
      onProgress: (read, total, pass) => total >= PROGRESS_MIN_BYTES && bar?.(read, total, pass),
    });
    if (bar) io.stderr('\r\x1b[K');
    io.stderr(explain(summary, skipInvalid));
    io.stdout(summaryLine(summary.loaded || (summary.sent ?? 0), summary.refused, performance.now() - started));
    return summary.status === 'interrupted' ? signalCode : importOutcome(summary, CLI_OPTIONS).exitCode;
  } catch (error) {
    if (bar) io.stderr('\r\x1b[K');
    if (error instanceof BatchesKeptError) {
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
  const { sentence } = importOutcome(s, CLI_OPTIONS);
  return text + (sentence ? `bidfields data: ${sentence}\n` : '');
}

function progressBar(io: CliIO): (read: number, total: number, pass: 'check' | 'load') => void {
  return (read, total, pass) => {
    const share = total > 0 ? Math.min(1, read / total) : 1;
    const filled = Math.round(share * BAR_WIDTH);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    io.stderr(`\r${pass.padEnd(5)} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${Math.round(share * 100)}% ${mb(read)}/${mb(total)} MB`);
  };
}
