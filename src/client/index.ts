/**
 * `bidfields/client`: the typed, fetch-based client of the ad server API, for Node and browsers. Requests are
 * validated before sending with the same code the reference server uses, so both sides agree on what is valid.
 * {@link createClient} and `ApiClient.reportPages` show it in use.
 */
export { createClient, type AdapterCalls, type ApiClient, type ClientOptions, type CsvReport } from './client.js';
export type { SignInRequest, SignInResult } from '../api-contract/signin.js';
export type { DeleteAnswer, DeleteRequest } from '../api-contract/data-delete.js';
export type { StoredAdapter, AdapterWrite } from '../api-contract/adapter-records.js';
export type { AdapterRecord, FieldDefinition } from '../core/types.js';
export { ApiError } from './error.js';
export { ImportRefusedError, uploadEvents, type UploadOptions, type UploadSummary, type UploadTarget } from './upload.js';
export type { Issue } from '../core/issues.js';
export type { UserRecord } from '../api-contract/signin.js';
export { DIMENSIONS, METRICS, type Dimension, type Metric } from '../api-contract/columns.js';
export type { ReportFilter, ReportRequest, ReportRow, RowOf, OrderSpec, FilterOperator } from '../api-contract/report.js';
export { validateReportRequest, type ReportValidation } from '../api-contract/validate-report.js';
