/** The stores as the server and its CLI see them: opened from a location (neither imports the other for it), their schemas made, their locations checked and described. The engines under this folder are reached through here. */
export { DATABASE_FILE, DEFAULT_DATA_DIR } from './data-folder.js';
export { describePostgres, StorageLockedError, StorageOpenError } from './errors.js';
export { openEventStorage, openStorage, openUsers, type EventStore, type SharedStores, type Storage, type StorageLocation } from './open.js';
export { initPostgresSchemas, type SchemaStep } from './init.js';
export { clickHouseLocationProblem, describeClickHouseLocation } from './clickhouse/open.js';
export { CLUSTER_NAME, DEDUPLICATION_WINDOW } from './clickhouse/sql.js';
