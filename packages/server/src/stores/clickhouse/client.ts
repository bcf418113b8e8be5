/**
 * The ClickHouse client every store query goes through, with settings that make an answer independent of the
 * server's version and profile defaults, so the store answers as DuckDB does, bit for bit.
 */
import { randomUUID } from 'node:crypto';
import { ClickHouseLogLevel, createClient, type ClickHouseClient, type ClickHouseSettings } from '@clickhouse/client';

/**
 * The settings every query of the store sends, so that an answer does not depend on the server's version or its
 * profile defaults: numbers as JSON numbers, dates parsed and written one way, sums of nothing as 0 (not NULL),
 * synchronous deletes, and inserts deduplicated by their tokens.
 */
export const CLICKHOUSE_SETTINGS: ClickHouseSettings = {
  output_format_json_quote_64bit_integers: 0,
  output_format_json_quote_64bit_floats: 0,
  output_format_json_quote_decimals: 0,
  output_format_json_quote_denormals: 0,
  output_format_decimal_trailing_zeros: 0,
  date_time_input_format: 'basic',
  date_time_output_format: 'simple',
  aggregate_functions_null_for_empty: 0,
  input_format_null_as_default: 0,
  input_format_skip_unknown_fields: 0,
  async_insert: 0,
  insert_deduplicate: 1,
  mutations_sync: '2',
  lightweight_deletes_sync: '2',
};

/**
 * A client for a ClickHouse URL (`http://user:password@host:8123/database`) with {@link CLICKHOUSE_SETTINGS}.
 *
 * @example
 * const client = createClickHouseClient('http://localhost:8123/default')
 */
export function createClickHouseClient(url: string, options: { database?: string } = {}): ClickHouseClient {
  return createClient({
    url,
    ...options,
    // Failures reach the caller as errors; the client's own log would print each one a second time.
    log: { level: ClickHouseLogLevel.OFF },
    clickhouse_settings: { ...CLICKHOUSE_SETTINGS },
    compression: { request: false, response: false },
    request_timeout: 600_000,
  });
}

/**
 * The settings of an INSERT that must never be taken for a repeat of an earlier one (rows appended as they come,
 * a bookkeeping row): `insert_deduplicate: 0` alone no longer does it on servers whose `deduplicate_insert` (default
 * `enable`) overrides it (chdb 26.7 dropped a second append of the same rows), so each such INSERT also gets a
 * deduplication token of its own, which every version honours.
 *
 * @example
 * await client.insert({ table: 'events', values, format: 'JSONEachRow', clickhouse_settings: neverDeduplicated() })
 */
export function neverDeduplicated(): ClickHouseSettings {
  return { insert_deduplicate: 0, insert_deduplication_token: `once-${randomUUID()}` };
}
