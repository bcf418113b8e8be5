/**
 * `@bidfields/server`: the reference implementation of the ad server API (docs/spec.md#server-api), sign-in and the custom report,
 * so teams can develop dashboards and bidder services against it and run the HTTP conformance suite in CI. Fastify
 * over the embedded DuckDB store, or ClickHouse (events) and PostgreSQL (users, adapter records, the sign-in
 * throttle) when it scales out. {@link startServer} shows it started.
 */
export { createHandler, type HandlerOptions } from './http/app.js';
export { DEMO_USERS, seedDemo, type DemoUser } from './http/demo.js';
export { DEMO_ADAPTERS, DEMO_ENDPOINTS, seedDemoAdapters } from './http/demo-adapters.js';
export { HttpError, type ErrorBody } from './http/http-error.js';
export { createServices, type ApiServices, type ServiceOptions } from './http/services.js';
export { createServer, DEFAULT_GRACE_MS, startServer, type RunningServer, type StartOptions } from './http/start.js';
export { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from './http/request-deadline.js';
export {
  DEFAULT_DATA_DIR,
  openEventStorage,
  openStorage,
  openUsers,
  type EventStore,
  type SharedStores,
  type Storage,
  type StorageLocation,
} from './stores/index.js';
export { openClickHouseStore } from './stores/clickhouse/open.js';
export {
  createClickHouseClient,
  createClickHouseReportStore,
  initClickHouseSchema,
  type ClickHouseReportStore,
  type ClickHouseStoreOptions,
} from './stores/clickhouse/report-store.js';
export { openPostgres, type Postgres } from './stores/postgres/database.js';
export { createPostgresUserStore } from './stores/postgres/user-store.js';
export { createPostgresThrottle } from './stores/postgres/throttle.js';
export { createPostgresAdapterStore } from './stores/postgres/adapter-store.js';
export { DEFAULT_SCRYPT_COST, hashPassword, type ScryptCost } from './auth/password.js';
export { createHashGate, DEFAULT_HASHES_IN_FLIGHT, type HashGate, type HashGateOptions } from './auth/hash-gate.js';
export { createSessions, DEFAULT_SESSION_CACHE_MS, type Sessions, type SessionOptions } from './auth/sessions.js';
export { ACCOUNT_THROTTLE, ADDRESS_THROTTLE } from './auth/signin.js';
export { ROLE, STATUS, parseRole, type Role, type Status } from './auth/roles.js';
export type { UserRecord } from 'bidfields/api';
export { createReportEngine, type ReportEngine, type ReportOutcome } from './reports/engine.js';
export {
  AlreadyImportedError,
  BatchesKeptError,
  ResumeConflictError,
  type ReportStore,
  type AtomicEventStore,
  type ResumableEventStore,
  type EventRow,
  type StoreResult,
  type DeleteFilter,
  type ImportRecord,
} from './reports/store.js';
export { importEvents, type ImportOptions, type ImportStatus, type ImportSummary } from './reports/import/import.js';
export { importOutcome, CLI_OPTIONS, HTTP_OPTIONS, type ImportOutcome } from 'bidfields/api';
export type { ReportPlan } from './reports/plan.js';
export { CONSOLE_CSP, defaultConsoleDir, loadConsoleAssets, type ConsoleAssets, type ConsoleOptions } from './http/console-assets.js';
export {
  createAdapterService,
  ADAPTER_READ_ROLES,
  ADAPTER_WRITE_ROLES,
  type AdapterService,
  type AdapterServiceOptions,
  type AdapterAnswer,
} from './adapters/service.js';
export { VersionConflictError, type AdapterStore } from './adapters/store.js';
export { createDuckDBAdapterStore } from './stores/duckdb/adapter-store.js';
export type { StoredAdapter, AdapterWrite } from 'bidfields/api';
