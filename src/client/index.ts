/**
 * `bidfields/client`: the typed, fetch-based client of the ad server API, for Node and browsers. Requests are
 * validated before sending with the same code the reference server uses, so both sides agree on what is valid.
 * {@link createClient} and `ApiClient.reportPages` show it in use.
 */
export { createClient, type AdapterCalls, type ApiClient, type ClientOptions, type CsvReport } from './client.js';
export type { SignInRequest, SignInResult } from '../api/signin.js';
export type { DeleteAnswer, DeleteRequest } from '../api/data-delete.js';
export type { StoredAdapter, AdapterWrite } from '../adapters/types.js';
export type { AdapterRecord, FieldDefinition } from '../core/types.js';
export { ApiError } from './error.js';
export type { Issue } from '../core/issues.js';
export type { UserRecord } from '../api/signin.js';
export { DIMENSIONS, METRICS, type Dimension, type Metric } from '../reports/columns.js';
export type { ReportFilter, ReportRequest, ReportRow, RowOf, OrderSpec, FilterOperator } from '../api/report.js';
export { validateReportRequest, type ReportValidation } from '../reports/validate.js';
