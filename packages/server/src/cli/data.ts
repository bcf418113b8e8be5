/**
 * `bidfields data`: loads report events into the data folder's database (`data import FILE`, all or nothing,
 * once per content) and removes them for corrections (`data delete`). Each action lives in its own file; this one
 * holds the shared usage text and picks the action.
 */
import { STORE_USAGE } from './stores.js';
import { UsageError, type CliCommand } from 'bidfields/cli-commands';
import { EXIT_INTERRUPTED, EXIT_SKIPPED, runDataImport } from './data-import.js';
import { runDataDelete } from './data-delete.js';

const usage = `Usage: bidfields data import FILE [--skip-invalid] [--force] [--data DIR | --clickhouse URL [--batch-size N] | --server URL]
       bidfields data delete --start-date D --end-date D [--service S] [--country C] [--data DIR | --clickhouse URL | --server URL]

import: loads event rows with the columns date, service, country, requests, impression, revenue
(schemas/report-row-import.schema.json) from NDJSON (.ndjson, .jsonl, .json) or CSV with a header line (.csv).
A file is loaded all or nothing, in one transaction: a refused row, a CSV error, Ctrl-C or a crash keeps nothing
of it. Content imported before (same SHA-256) is refused. A summary line (rows loaded, refused, seconds) ends
every run.
  --skip-invalid   load the good rows anyway, listing each refused row (line and reason) on standard error
  --force          load content that was imported before (its rows are then counted twice)
  --server URL     load into a running \`bidfields serve\` (POST /api/data/import) instead of a data folder; the
                   credentials come from BIDFIELDS_TOKEN, or BIDFIELDS_EMAIL and BIDFIELDS_PASSWORD (an Admin)
  --batch-size N   ClickHouse only: rows per INSERT (default 100000). ClickHouse has no transaction across
                   inserts, so there a file is checked whole first, then sent in batches, each with a deduplication
                   token made of the file's hash, the batch size and the batch's number: an import interrupted
                   anywhere keeps the batches sent, and running the same command again sends them again (in the
                   interrupted run's batch size, whatever --batch-size says), ClickHouse drops the ones it has, and
                   every row counts once. Its record (and so the duplicate check) is written after the last batch.
                   ClickHouse remembers the last 10000 tokens of the events table (non_replicated_deduplication_
                   window; replicated tables: the server's replicated_deduplication_window and _seconds), so re-run
                   an interrupted import before that many other batches have gone in. If rows of its dates were
                   deleted in between, the re-run is refused (exit 1: delete what it kept, then --force). A date
                   outside 1970-01-01..2149-06-06 is a refused row there.
Exit codes: 0 every row loaded; 1 nothing loaded (rows refused, CSV error, missing or unreadable file, content
imported before, data folder in use, database error); 2 usage error; ${EXIT_SKIPPED} loaded with refused rows skipped
(--skip-invalid); ${EXIT_INTERRUPTED} interrupted by Ctrl-C (143 by SIGTERM), nothing loaded (ClickHouse: the batches sent stay,
and running the same command again completes the file without counting them twice).

delete: removes the rows from start to end date (both inclusive, YYYY-MM-DD), of one service and/or one
country if given, and prints how many. Records of imported files stay: to load a corrected file again, delete
its rows and import it (the same content needs --force). With --server URL the rows are deleted by a running
\`bidfields serve\` (POST /api/data/delete), with the credentials of --server above.
Exit codes: 0 done (also when no row matched); 1 no database in the folder, folder in use, database error or the
server refused; 2 usage error.

Options:
${STORE_USAGE}`;

export const dataCommand: CliCommand = {
  usage,
  async run(args, io) {
    const [action, ...rest] = args;
    if (action === 'import') return runDataImport(rest, io);
    if (action === 'delete') return runDataDelete(rest, io);
    throw new UsageError("the actions are 'data import FILE' and 'data delete'");
  },
};
