/**
 * `bidfields db init`: creates the schemas the chosen stores need, before the first server starts (the stores
 * also create them on first use; this makes it a deliberate step, and the only way to lay out a ClickHouse
 * cluster), and prints what it found and what it did. Safe to run again: it creates only what is missing and
 * migrates a PostgreSQL schema that is behind.
 */
import { parseArgs } from 'node:util';
import { DEDUPLICATION_WINDOW, describeClickHouseLocation, describePostgres, initPostgresSchemas, openEventStorage, openStorage } from '../stores/index.js';
import { describeStorageError } from './storage-errors.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type CliCommand, type CliIO } from 'bidfields/cli-commands';
import { STORE_OPTIONS, STORE_USAGE, storeLocation } from './stores.js';

const usage = `Usage: bidfields db init [--data DIR] [--clickhouse URL [--cluster NAME]] [--postgres URL]

Creates what the stores need and prints what it did: the events tables in ClickHouse (with --cluster: a
ReplicatedMergeTree table on every node, ON CLUSTER, and the Distributed table reports read and imports write),
the users, sign-in throttle and adapter tables in PostgreSQL (versioned; a schema that is behind is migrated),
or the data folder's database. Only what is missing is created, so it can be run again.

Options:
${STORE_USAGE}`;

/**
 * Runs `db init` with the arguments after `init`.
 *
 * @example
 * await runDbInit(['--clickhouse', 'chdb:events', '--postgres', url], io)
 */
async function runDbInit(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: STORE_OPTIONS });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const location = storeLocation(values, io, 'db init');
  try {
    if (location.clickhouse !== undefined) {
      const events = await openEventStorage(location);
      try {
        const where = describeClickHouseLocation(location.clickhouse);
        for (const t of (events.events as { schema?: { table: string; engine: string; created: boolean }[] }).schema ?? []) {
          io.stdout(`${where}: table ${t.table} (${t.engine}) ${t.created ? 'created' : 'exists'}\n`);
        }
        if (location.cluster === undefined)
          io.stdout(`${where}: insert deduplication window ${DEDUPLICATION_WINDOW} blocks (non_replicated_deduplication_window)\n`);
      } finally {
        await events.close();
      }
    }
    if (location.postgresUrl !== undefined) {
      const url = location.postgresUrl;
      const done = await initPostgresSchemas(url);
      for (const m of done) {
        const what = m.from === m.to ? `at version ${m.to}` : m.from === 0 ? `created (version ${m.to})` : `migrated from version ${m.from} to ${m.to}`;
        io.stdout(`${describePostgres(url)}: ${m.component} schema ${what}\n`);
      }
    }
    if (location.clickhouse === undefined || location.postgresUrl === undefined) {
      // The data folder keeps whatever the options above do not put elsewhere.
      const storage = await openStorage({ dataDir: (location as { dataDir: string }).dataDir, holder: 'db init' });
      await storage.close();
      const kept = [location.clickhouse === undefined && 'events', location.postgresUrl === undefined && 'users and adapter records']
        .filter(Boolean)
        .join(', ');
      io.stdout(`data folder ${(location as { dataDir: string }).dataDir}: database ready (${kept})\n`);
    }
    return EXIT_OK;
  } catch (error) {
    io.stderr(`bidfields db: ${describeStorageError(error, 'db init')}\n`);
    return EXIT_INVALID;
  }
}

export const dbCommand: CliCommand = {
  usage,
  async run(args, io) {
    const [action, ...rest] = args;
    if (action === 'init') return runDbInit(rest, io);
    throw new UsageError("the only action is 'db init'");
  },
};
