/**
 * `bidfields data delete`: removes event rows for corrections (a date range, optionally one service and/or one
 * country) in one statement, so it removes all it selects or nothing, and prints how many. The arguments are
 * checked as an import checks rows (real dates, an upper-case country code), so a typo is a usage error rather
 * than a silent "0 rows deleted"; a folder without a database is an error, and is not created.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isCalendarDate } from '../../reports/dates.js';
import { COUNTRY_RULE, SERVICE_RULE, isCountryCode, isServiceName } from '../../reports/import/row.js';
import { DATABASE_FILE, openEventStorage } from '../../storage/index.js';
import { describeStorageError } from './storage-errors.js';
import { STORE_OPTIONS, storeLocation } from './stores.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type CliIO } from '../io.js';

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
      'start-date': { type: 'string' }, 'end-date': { type: 'string' }, service: { type: 'string' },
      country: { type: 'string' }, ...STORE_OPTIONS,
    },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const startDate = values['start-date'];
  const endDate = values['end-date'];
  if (!isCalendarDate(startDate)) throw new UsageError('--start-date must be a date YYYY-MM-DD');
  if (!isCalendarDate(endDate)) throw new UsageError('--end-date must be a date YYYY-MM-DD');
  if (startDate > endDate) throw new UsageError('--start-date must not be after --end-date');
  const { service, country } = values;
  if (service !== undefined && !isServiceName(service)) throw new UsageError(`--service: ${SERVICE_RULE}`);
  if (country !== undefined && !isCountryCode(country)) throw new UsageError(`--country: ${COUNTRY_RULE}`);

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
    const deleted = await storage.events.deleteRows({ startDate, endDate, service, country });
    io.stdout(`${deleted} rows deleted\n`);
    return EXIT_OK;
  } finally {
    await storage.close();
  }
}
