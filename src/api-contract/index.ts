/**
 * `bidfields/api`: the contract of the ad server API (docs/spec.md#server-api), for every side of it. The wire
 * types of sign-in, reports, imports, deletes and adapter records, and the checks of each request and import row,
 * written once: the typed client (`bidfields/client`) checks before it sends with them, the reference server
 * (`@bidfields/server`) with the same code when a request comes in, and the HTTP checks (`bidfields conformance
 * --api`) hold any server to them. Browser-safe; no dependency.
 */
export type { StoredAdapter, AdapterWrite } from './adapter-records.js';
export { bidderCodeIssue, isBidderCode } from './bidder-code.js';
export { checkDeleteRequest, type DeleteCheck } from './check-delete.js';
export type { CheckedFilter, CheckedReportRequest } from './checked-report.js';
export { MEASURES, METRIC_DEFINITIONS, isDimension, isMetric, type Measure, type MetricDefinition } from './columns.js';
export type { DeleteAnswer, DeleteRequest } from './data-delete.js';
export { isCalendarDate } from './dates.js';
export type { ErrorBody, ErrorCode, ImportErrorCode } from './errors.js';
export {
  CLI_OPTIONS,
  EXIT_INTERRUPTED,
  EXIT_LOADED,
  EXIT_NOT_LOADED,
  EXIT_SKIPPED,
  HTTP_OPTIONS,
  alreadyImportedText,
  importOutcome,
  keptNote,
  type ImportOutcome,
  type ImportOutcomeStatus,
  type OptionNames,
  type OutcomeSummary,
} from './import-outcome.js';
export { COUNTRY_RULE, IMPORT_COLUMNS, SERVICE_RULE, checkImportRow, isCountryCode, isServiceName, type EventRow, type RowCheck } from './import-row.js';
export { IMPORT_MEDIA_TYPES, LISTED_REFUSED_ROWS, REFUSED_HEADER, type ImportAnswer, type ImportFormat } from './import.js';
export { REPORT_LIMITS } from './report-limits.js';
export {
  DIMENSIONS,
  METRICS,
  type Column,
  type Dimension,
  type FilterOperator,
  type Metric,
  type OrderSpec,
  type ReportFilter,
  type ReportRequest,
  type ReportRow,
  type RowOf,
} from './report.js';
export { ROLE, STATUS, type Role, type SignInRequest, type SignInResult, type Status, type UserRecord } from './signin.js';
export { validateReportRequest, type ReportValidation } from './validate-report.js';
export { isPlainObject } from '../core/definition/plain-object.js';
