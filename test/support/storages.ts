// The storages the API tests run on: the embedded default (DuckDB in memory), ClickHouse through the
// HTTP front over an in-process chdb engine + PostgreSQL (a throwaway cluster, or DATABASE_URL), and a real
// ClickHouse server (CLICKHOUSE_URL, e.g. http://default:@localhost:8123) + PostgreSQL. Each opening gets a
// ClickHouse database and a PostgreSQL schema of its own (dropped on release), so tests on real servers never see
// each other's rows or users. A storage that cannot run here carries the reason, printed once by
// `describeStorages`.
import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import pg from 'pg';
import { createClickHouseClient } from '../../packages/server/src/stores/clickhouse/report-store.js';
import { loadChdb, startClickHouseFront } from '../../packages/server/src/stores/clickhouse/chdb-front.js';
import type { SharedStores } from '../../packages/server/src/stores/index.js';
import { postgresSkipReason, startPostgres } from './postgres.js';

/** Where one opening's stores are: none (DuckDB) or a ClickHouse URL and a PostgreSQL URL, both its own. */
export interface OpenedStores {
  stores: Pick<SharedStores, 'clickhouse' | 'postgresUrl'>;
  /** Drops the database and schema and stops what the opening started. */
  release(): Promise<void>;
}

/** A storage to run a suite on. */
export interface StorageTarget {
  name: string;
  /** Why it cannot run here, if it cannot. */
  skip?: string;
  /** Whether the events are in ClickHouse and users in PostgreSQL (shared by any number of servers). */
  shared: boolean;
  open(): Promise<OpenedStores>;
}

/** A new ClickHouse database on the server at `url`; resolves with a URL naming it (the client's path = database). */
export async function newClickHouseDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const database = `bidfields_test_${randomUUID().replaceAll('-', '')}`;
  const admin = createClickHouseClient(url);
  await admin.command({ query: `CREATE DATABASE ${database}` });
  const named = new URL(url);
  named.pathname = `/${database}`;
  return {
    url: named.href,
    async drop() {
      try {
        await admin.command({ query: `DROP DATABASE IF EXISTS ${database}` });
      } finally {
        await admin.close();
      }
    },
  };
}

/** A new PostgreSQL schema on the server at `url`; resolves with a URL whose connections use it (search_path). */
export async function newPostgresSchema(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `bidfields_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const named = new URL(url);
  named.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: named.href,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Opens ClickHouse at the URL `clickhouse()` gives (started by it) and PostgreSQL (started or DATABASE_URL). */
async function openShared(clickhouse: () => Promise<{ url: string; close(): Promise<void> }>): Promise<OpenedStores> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const release = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const server = await startPostgres();
    if ('skip' in server) throw new Error(server.skip);
    cleanups.push(() => server.stop());
    const schema = await newPostgresSchema(server.url);
    cleanups.push(() => schema.drop());
    const engine = await clickhouse();
    cleanups.push(() => engine.close());
    const database = await newClickHouseDatabase(engine.url);
    cleanups.push(() => database.drop());
    return { stores: { clickhouse: database.url, postgresUrl: schema.url }, release };
  } catch (error) {
    await release().catch(() => {});
    throw error;
  }
}

const chdb = await loadChdb();
const postgresSkip = postgresSkipReason();
const clickHouseUrl = process.env.CLICKHOUSE_URL;

export const DUCKDB: StorageTarget = {
  name: 'DuckDB (memory)',
  shared: false,
  open: async () => ({ stores: {}, release: async () => {} }),
};

export const CHDB_POSTGRES: StorageTarget = {
  name: `ClickHouse (chdb, over HTTP) + PostgreSQL${process.env.DATABASE_URL ? ' (DATABASE_URL)' : ''}`,
  shared: true,
  ...((typeof chdb === 'string' || postgresSkip) && { skip: typeof chdb === 'string' ? chdb : postgresSkip }),
  open: () => openShared(() => startClickHouseFront()),
};

export const SERVER_POSTGRES: StorageTarget = {
  name: `ClickHouse server${clickHouseUrl ? ` ${safeHost(clickHouseUrl)}` : ''} + PostgreSQL${process.env.DATABASE_URL ? ' (DATABASE_URL)' : ''}`,
  shared: true,
  ...((!clickHouseUrl || postgresSkip) && {
    skip: clickHouseUrl ? postgresSkip : 'CLICKHOUSE_URL is not set (e.g. CLICKHOUSE_URL=http://default:@localhost:8123)',
  }),
  open: () => openShared(async () => ({ url: clickHouseUrl!, close: async () => {} })),
};

/** Every storage the API suites run on. */
export const STORAGE_TARGETS: readonly StorageTarget[] = [DUCKDB, CHDB_POSTGRES, SERVER_POSTGRES];

/** The storages that many servers can share (ClickHouse + PostgreSQL). */
export const SHARED_TARGETS: readonly StorageTarget[] = [CHDB_POSTGRES, SERVER_POSTGRES];

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(URL does not parse)';
  }
}

/**
 * A `describe` per storage, named `title on STORAGE`, skipped with the reason printed when it cannot run here.
 *
 * @example
 * describeStorages('report answers', STORAGE_TARGETS, (target) => { beforeAll(…startTestServer({ storage: target })) … })
 */
export function describeStorages(title: string, targets: readonly StorageTarget[], body: (target: StorageTarget) => void): void {
  for (const target of targets) {
    if (target.skip) console.warn(`${title} on ${target.name} skipped: ${target.skip}`);
    describe.skipIf(target.skip !== undefined)(`${title} on ${target.name}`, () => body(target));
  }
}
