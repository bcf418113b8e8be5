// The store contract (store-contract.ts) on ClickHouse through @clickhouse/client over HTTP: against the real
// ClickHouse engine in process (chdb, behind the HTTP front of test/support/clickhouse-front.ts), and against a
// real server when CLICKHOUSE_URL is set (e.g. http://default:@localhost:8123). Each store opened gets a database
// of its own, dropped when it closes. Imports go in batches of 128 rows, so the interrupted-import case spans
// several deduplication tokens.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { ClickHouseClient } from '@clickhouse/client';
import { createClickHouseClient, createClickHouseReportStore } from '../../packages/server/src/stores/clickhouse/report-store.js';
import { loadChdb, startClickHouseFront, type ClickHouseFront } from '../../packages/server/src/stores/clickhouse/chdb-front.js';
import { storeContract, type ContractTarget } from './store-contract.js';

function target(name: string, url: () => string): ContractTarget {
  return {
    name,
    atomicImports: false,
    numRuns: 60,
    async open() {
      const database = `contract_${randomUUID().replaceAll('-', '')}`;
      const admin: ClickHouseClient = createClickHouseClient(url());
      await admin.command({ query: `CREATE DATABASE ${database}` });
      const store = await createClickHouseReportStore(createClickHouseClient(url(), { database }), { batchRows: 128 });
      return {
        store,
        async close() {
          await store.close();
          await admin.command({ query: `DROP DATABASE IF EXISTS ${database}` });
          await admin.close();
        },
      };
    },
  };
}

const chdb = await loadChdb();
let front: ClickHouseFront | undefined;
if (typeof chdb === 'string') {
  storeContract({ name: 'ClickHouse (chdb)', skip: chdb });
} else {
  beforeAll(async () => void (front = await startClickHouseFront()));
  afterAll(() => front?.close());
  storeContract(target('ClickHouse (chdb, over HTTP)', () => front!.url));
}

const serverUrl = process.env.CLICKHOUSE_URL;
if (serverUrl) storeContract(target(`ClickHouse server ${new URL(serverUrl).host}`, () => serverUrl));
else storeContract({ name: 'ClickHouse server', skip: 'CLICKHOUSE_URL is not set (e.g. CLICKHOUSE_URL=http://default:@localhost:8123)' });
