// The store contract (store-contract.ts) on the embedded default: DuckDB in memory.
import { openDuckDB } from '../../packages/server/src/stores/duckdb/database.js';
import { createDuckDBReportStore } from '../../packages/server/src/stores/duckdb/report-store.js';
import { storeContract } from './store-contract.js';

storeContract({
  name: 'DuckDB (in memory)',
  atomicImports: true,
  async open() {
    const db = await openDuckDB(':memory:');
    return { store: await createDuckDBReportStore(db), close: () => db.close() };
  },
});
