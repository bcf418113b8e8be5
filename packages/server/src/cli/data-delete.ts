/**
 * `bidfields data delete`: removes event rows for corrections (a date range, optionally one service and/or one
 * country) in one statement, so it removes all it selects or nothing, and prints how many. The arguments are
 * checked as an import checks rows (real dates, an upper-case country code), so a typo is a usage error rather
 * than a silent "0 rows deleted"; a folder without a database is an error, and is not created. With `--server URL`
 * the rows are removed by a running server (`POST /api/data/delete`), which holds the data folder meanwhile.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDeleteRequest } from 'bidfields/api';
import type { Issue } from 'bidfields';
import { DATABASE_FILE, openEventStorage } from '../stores/index.js';
import { describeStorageError } from './storage-errors.js';
import { STORE_OPTIONS, storeLocation } from './stores.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type CliIO } from 'bidfields/cli-commands';
import { checkServerUsage } from './data-import-server.js';
import { deleteOnServer } from './data-delete-server.js';

/** The options the request's keys come from, for the command's own words. */
const FLAGS: Record<string, string> = { startDate: '--start-date', endDate: '--end-date', service: '--service', country: '--country' };

/** An issue of the shared check in the command's words: `--start-date must be …`, `--country: country must be …`. */
function usageMessage(issue: Issue): string {
  const key = issue.path.slice(1);
  if (key === 'service' || key === 'country') return `${FLAGS[key]}: ${issue.message}`;
  return issue.message.replace(/\b(startDate|endDate)\b/g, (name) => FLAGS[name]!);
}

/**
 * Runs `data delete` with the arguments after `delete`.
 *
 * @example
 * await runDataDelete(['--start-date', '2024-01-01', '--end-date', '2024-01-31', '--country', 'FR'], io) // prints "31 rows deleted"
 */
export async function runDataDelete(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: {
      'start-date': { type: 'string' },
      'end-date': { type: 'string' },
      service: { type: 'string' },
      country: { type: 'string' },
      ...STORE_OPTIONS,
      server: { type: 'string' },
    },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (values.server !== undefined && (values.data ?? values.clickhouse ?? values.postgres ?? values.cluster) !== undefined) {
    throw new UsageError('give --server or a store (--data, --clickhouse), not both');
  }
  const { service, country } = values;
  const check = checkDeleteRequest({
    startDate: values['start-date'],
    endDate: values['end-date'],
    ...(service !== undefined && { service }),
    ...(country !== undefined && { country }),
  });
  if (!check.ok) throw new UsageError(usageMessage(check.issues[0]!));
  if (values.server !== undefined) {
    checkServerUsage(values.server);
    return deleteOnServer(values.server, check.filter, io);
  }

  const location = storeLocation(values, io, 'data delete');
  if (location.clickhouse === undefined && 'dataDir' in location && !existsSync(join(location.dataDir, DATABASE_FILE))) {
    io.stderr(`bidfields data: no database in ${location.dataDir}\n`);
    return EXIT_INVALID;
  }
  let storage;
  try {
    storage = await openEventStorage(location);
  } catch (error) {
    io.stderr(`bidfields data: ${describeStorageError(error, 'data delete')}\n`);
    return EXIT_INVALID;
  }
  try {
    const deleted = await storage.events.deleteRows(check.filter);
    io.stdout(`${deleted} rows deleted\n`);
    return EXIT_OK;
  } finally {
    await storage.close();
  }
}
