/** Creating the ClickHouse tables at open (or with `db init`), on one server or `ON CLUSTER`, and saying what was found. */
import type { ClickHouseClient } from '@clickhouse/client';
import { ATTEMPTS_TABLE, DELETIONS_TABLE, EVENTS_LOCAL_TABLE, EVENTS_TABLE, IMPORTS_TABLE, schemaStatements } from './sql.js';

/** A table {@link initClickHouseSchema} made sure of. */
export interface SchemaTable {
  table: string;
  /** The table's engine as ClickHouse reports it (`MergeTree`, `ReplicatedMergeTree`, `Distributed`). */
  engine: string;
  /** Whether this call created it (false: it was there). */
  created: boolean;
}

/**
 * Creates the tables that do not exist yet (on a cluster: the replicated local table and the Distributed table,
 * `ON CLUSTER`), and says what it found and did.
 *
 * @example
 * await initClickHouseSchema(client) // [{ table: 'events', engine: 'MergeTree', created: true }, …]
 */
export async function initClickHouseSchema(client: ClickHouseClient, options: { cluster?: string } = {}): Promise<SchemaTable[]> {
  const tables = async () =>
    new Map(
      (
        await (
          await client.query({ query: 'SELECT name, engine FROM system.tables WHERE database = currentDatabase()', format: 'JSONEachRow' })
        ).json<{ name: string; engine: string }>()
      ).map((t) => [t.name, t.engine]),
    );
  const before = await tables();
  for (const query of schemaStatements({ cluster: options.cluster })) await client.command({ query });
  const after = await tables();
  const names = [...(options.cluster === undefined ? [] : [EVENTS_LOCAL_TABLE]), EVENTS_TABLE, IMPORTS_TABLE, ATTEMPTS_TABLE, DELETIONS_TABLE];
  return names.map((table) => ({ table, engine: after.get(table) ?? 'missing', created: !before.has(table) }));
}
