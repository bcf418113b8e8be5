/**
 * `bidfields data import FILE`: loads report events from NDJSON or CSV into the data folder's database. Bad rows
 * are refused one by one, never the whole file; the summary says how many loaded, how many were refused and why,
 * with the first line numbers. A progress bar is drawn on standard error for big files when it is a terminal.
 * Exit 0 when every row loaded, 1 when some were refused (the good ones are kept) or the file is unusable.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { importEvents, type ImportSummary } from '../../reports/import/import.js';
import { DEFAULT_DATA_DIR, describeStorageError, openStorage } from '../../server/storage.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type CliCommand, type CliIO } from '../io.js';

const usage = `Usage: bidfields data import FILE [--data DIR]

Imports event rows with the columns date, service, country, requests, impression, revenue
(schemas/report-row-import.schema.json) from NDJSON (.ndjson, .jsonl, .json) or CSV with a header line (.csv).
Rows are added to what is there. Refused rows are counted by reason.

Options:
  --data DIR   data folder with the database (default ./${DEFAULT_DATA_DIR})
Exit codes: 0 all rows loaded, 1 some rows refused or the file unusable, 2 usage error.
`;

/** Files smaller than this load too fast for a bar to help. */
const PROGRESS_MIN_BYTES = 4 * 1024 * 1024;
const BAR_WIDTH = 30;

function progressBar(io: CliIO): (read: number, total: number) => void {
  return (read, total) => {
    const share = total > 0 ? Math.min(1, read / total) : 1;
    const filled = Math.round(share * BAR_WIDTH);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    io.stderr(`\r[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${Math.round(share * 100)}% ${mb(read)}/${mb(total)} MB`);
  };
}

function printSummary(io: CliIO, s: ImportSummary): void {
  io.stdout(`${s.loaded} rows loaded, ${s.refused} refused\n`);
  for (const [reason, count] of Object.entries(s.reasons).sort((a, b) => b[1] - a[1])) io.stderr(`  ${count} × ${reason}\n`);
  for (const e of s.examples) io.stderr(`  line ${e.line}: ${e.reason}\n`);
}

export const dataCommand: CliCommand = {
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: { data: { type: 'string' } } });
    if (positionals[0] !== 'import' || positionals.length !== 2) throw new UsageError("usage: 'data import FILE'");
    const file = resolve(io.cwd, positionals[1]!);
    let storage;
    try {
      storage = await openStorage({ dataDir: resolve(io.cwd, values.data ?? DEFAULT_DATA_DIR) });
    } catch (error) {
      io.stderr(`bidfields data: ${describeStorageError(error)}\n`);
      return EXIT_INVALID;
    }
    // A bar only where someone watches: a terminal, and a file big enough to take a while.
    const bar = process.stderr.isTTY ? progressBar(io) : undefined;
    try {
      const summary = await importEvents(file, storage.reports, {
        onProgress: (read, total) => total >= PROGRESS_MIN_BYTES && bar?.(read, total),
      });
      if (bar) io.stderr('\r\x1b[K');
      printSummary(io, summary);
      return summary.refused === 0 ? EXIT_OK : EXIT_INVALID;
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      io.stderr(`bidfields data: ${e.code === 'ENOENT' ? `no such file: ${positionals[1]}` : e.message}\n`);
      return EXIT_INVALID;
    } finally {
      await storage.close();
    }
  },
};
