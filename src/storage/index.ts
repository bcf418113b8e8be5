/** Opening the stores, for the server and the CLI alike (neither imports the other for it). */
export { DATABASE_FILE, DEFAULT_DATA_DIR } from './data-folder.js';
export { describePostgres, StorageLockedError, StorageOpenError } from './errors.js';
export { openEventStorage, openStorage, openUsers, type EventStore, type SharedStores, type Storage, type StorageLocation } from './open.js';
