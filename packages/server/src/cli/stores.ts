/**
 * The options that choose the stores, shared by `serve`, `users add`, `data import`, `data delete` and `db init`:
 * `--clickhouse URL|chdb:DIR` for the events, `--postgres URL` for users, adapter records and the
 * sign-in throttle, `--cluster NAME` for a ClickHouse cluster; the first two also from the environment. Without
 * them, everything is in the data folder (`--data DIR`), as before.
 */
import { resolve } from 'node:path';
import { CLUSTER_NAME, clickHouseLocationProblem, DEFAULT_DATA_DIR, type StorageLocation } from '../stores/index.js';
import { UsageError, type CliIO } from 'bidfields/cli-commands';

/** For `parseArgs`. */
export const STORE_OPTIONS = {
  data: { type: 'string' },
  clickhouse: { type: 'string' },
  postgres: { type: 'string' },
  cluster: { type: 'string' },
} as const;

/** The usage lines of {@link STORE_OPTIONS}. */
export const STORE_USAGE = `  --data DIR        data folder with the embedded database (default ./${DEFAULT_DATA_DIR}): events, users and
                    adapter records, unless the options below put them elsewhere
  --clickhouse URL  keep the events in ClickHouse: http(s)://user:password@host:8123/database, or chdb:DIR for
                    the ClickHouse engine embedded in this process (the optional chdb package; one process at a time)
  --cluster NAME    the ClickHouse cluster the schema is on (ReplicatedMergeTree + Distributed; see db init)
  --postgres URL    keep users, adapter records and the sign-in throttle in PostgreSQL (postgres://…), shared by
                    every instance started with it
  With both --clickhouse and --postgres no data folder is used.
Environment:
  BIDFIELDS_CLICKHOUSE_URL  the --clickhouse location, when the option is not given
  BIDFIELDS_DATABASE_URL    the --postgres URL, when the option is not given
`;

/** What {@link STORE_OPTIONS} parsed to. */
export interface StoreValues {
  data?: string;
  clickhouse?: string;
  postgres?: string;
  cluster?: string;
}

/**
 * The storage location the options and the environment name, checked (a usage error for a bad `--clickhouse`,
 * `--cluster` without ClickHouse, or `--data` that nothing would use).
 *
 * @example
 * storeLocation({ clickhouse: 'chdb:events', postgres: url }, io, 'data import')
 */
export function storeLocation(values: StoreValues, io: CliIO, holder: string, env: NodeJS.ProcessEnv = process.env): StorageLocation & { dataDir: string } {
  const clickhouse = values.clickhouse ?? (env.BIDFIELDS_CLICKHOUSE_URL || undefined);
  const postgresUrl = values.postgres ?? (env.BIDFIELDS_DATABASE_URL || undefined);
  if (clickhouse !== undefined) {
    const problem = clickHouseLocationProblem(clickhouse);
    if (problem) throw new UsageError(`--clickhouse: ${problem}`);
  }
  // Checked here, so that a mistyped URL is a usage error that never repeats its text (it may hold a password).
  if (postgresUrl !== undefined && !/^postgres(ql)?:\/\//i.test(postgresUrl)) throw new UsageError('--postgres must be a postgres:// or postgresql:// URL');
  if (values.cluster !== undefined) {
    if (clickhouse === undefined) throw new UsageError('--cluster needs --clickhouse');
    if (!CLUSTER_NAME.test(values.cluster)) throw new UsageError('--cluster must be a cluster name (letters, digits, _ . -)');
  }
  if (values.data !== undefined && clickhouse !== undefined && postgresUrl !== undefined) {
    throw new UsageError('--data is not used when events are in ClickHouse and users in PostgreSQL');
  }
  return {
    dataDir: resolve(io.cwd, values.data ?? DEFAULT_DATA_DIR),
    holder,
    cwd: io.cwd,
    ...(clickhouse !== undefined && { clickhouse }),
    ...(postgresUrl !== undefined && { postgresUrl }),
    ...(values.cluster !== undefined && { cluster: values.cluster }),
  };
}
