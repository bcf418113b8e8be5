/**
 * A typed client for the ad server API (docs/spec.md#server-api), on `fetch`, so the same code runs in Node 18+ and in browsers
 * (nothing here imports a `node:` module). Report requests are checked with the server's own validator before they
 * are sent, in the form JSON sends them (a key set to `undefined` is no key), and the rows come back typed from the
 * request: `{ dimensions: ['date'], metrics: ['revenue'] }` gives `{ date: string; revenue: number }[]` with no
 * annotation.
 */
import type { SignInResult } from '../api-contract/signin.js';
import type { AdapterRecord } from '../core/types.js';
import type { StoredAdapter } from '../api-contract/adapter-records.js';
import { bidderCodeIssue, isBidderCode } from '../api-contract/bidder-code.js';
import type { ReportRequest, RowOf } from '../api-contract/report.js';
import type { DeleteAnswer, DeleteRequest } from '../api-contract/data-delete.js';
import { checkDeleteRequest } from '../api-contract/check-delete.js';
import { validateReportRequest } from '../api-contract/validate-report.js';
import { ApiError, errorFromResponse } from './error.js';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** The server's base address, e.g. `https://ads.example.com` (a path prefix is kept). */
  baseUrl: string;
  /** A token from an earlier sign-in. */
  token?: string;
  /** `bearer` sends `Authorization: Bearer <token>` (default); `raw` sends the bare token. */
  authScheme?: 'bearer' | 'raw';
  /** A `fetch` to use instead of the global one (tests, instrumented fetches). */
  fetch?: typeof fetch;
  /** Per-call time limit; default 30 000 ms. */
  timeoutMs?: number;
}

/** A CSV report as downloaded. */
export interface CsvReport {
  filename: string;
  text: string;
}

/** The API client. */
export interface ApiClient {
  /** The token in use; set by {@link ApiClient.signIn}. */
  token: string | undefined;
  /** Signs in and keeps the token for later calls. */
  signIn(email: string, password: string): Promise<SignInResult>;
  /**
   * Signs out on the server (`POST /api/signout/`): every token of the user ends there, on every server, not only
   * this one. The client forgets its token either way; a token the server had already ended (401) is no error.
   */
  signOut(): Promise<void>;
  /** Runs a report and returns the rows as the server sends them (totals row first when asked); always JSON (`csv` is sent as false: use {@link ApiClient.reportCsv}). */
  report<const R extends ReportRequest>(request: R): Promise<RowOf<R>[]>;
  /**
   * Pages through a report: page k (from 1) uses `skip = pageSize × (k − 1)`; stops after a short page. The
   * request's own `limit`/`skip` are replaced; a totals row, when asked, comes first on the first page only.
   * @example
   * for await (const page of api.reportPages({ startDate: '2024-01-01', endDate: '2024-12-31',
   *   dimensions: ['date', 'country'], metrics: ['revenue'] }, { pageSize: 500 })) { … }
   */
  reportPages<const R extends ReportRequest>(request: R, options: { pageSize: number }): AsyncGenerator<RowOf<R>[]>;
  /** Runs a report as a CSV download. */
  reportCsv(request: ReportRequest): Promise<CsvReport>;
  /** Stored adapter records (`/api/adapters/`): Admin writes, Service reads. */
  adapters: AdapterCalls;
  /**
   * Removes event rows (`POST /api/data/delete`, Admin only): a date range, both inclusive, optionally of one
   * service and/or country. A request the server would refuse is refused before sending, with its 400.
   * @example
   * const { deleted } = await api.deleteRows({ startDate: '2024-03-01', endDate: '2024-03-31', country: 'FR' })
   */
  deleteRows(request: DeleteRequest): Promise<DeleteAnswer>;
}

/**
 * The adapter calls of the client. A refused write throws an {@link ApiError}: 400 with the record's issues, 409
 * `version_conflict`. A bidder code outside `[A-Za-z0-9_-]{1,100}` (`.`, `..`, `a/b`) is refused before any request,
 * with the 400 `invalid_request` / `invalid_bidder_code` the server gives.
 */
export interface AdapterCalls {
  /** Every stored record, by bidder code. */
  list(): Promise<StoredAdapter[]>;
  /** One record; 404 `not_found` when there is none. */
  get(bidderCode: string): Promise<StoredAdapter>;
  /**
   * Creates (`version` 0) or replaces (the version it was read at) a record. Issues point into the body, so a
   * field's name is at `/adapter/fields/0/name`.
   */
  put(bidderCode: string, adapter: AdapterRecord, version: number): Promise<StoredAdapter>;
  /** Deletes a record; 404 `not_found` when there is none. */
  delete(bidderCode: string): Promise<void>;
}

/**
 * Makes a client.
 *
 * @example
 * const api = createClient({ baseUrl: 'http://127.0.0.1:8080' })
 * await api.signIn('admin@example.com', 'demo-admin')
 * const rows = await api.report({ startDate: '2024-01-01', endDate: '2024-01-31',
 *   dimensions: ['country'], metrics: ['revenue', 'ecpm'], order: 'revenue DESC', totals: true })
 * rows[0].country // 'Total'
 */
export function createClient(options: ClientOptions): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetcher = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const timeoutMs = options.timeoutMs ?? 30_000;

  function post<T>(path: string, body: unknown, read: (r: Response) => Promise<T>, auth: boolean): Promise<T> {
    return send('POST', path, body, read, auth);
  }

  async function send<T>(method: string, path: string, body: unknown, read: (r: Response) => Promise<T>, auth: boolean): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json, text/csv' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (auth && client.token) headers.Authorization = options.authScheme === 'raw' ? client.token : `Bearer ${client.token}`;
    const signal = AbortSignal.timeout(timeoutMs);
    const failed = (code: string, message: string, status = 0) =>
      signal.aborted ? new ApiError(0, 'timeout', `no answer within ${timeoutMs} ms`) : new ApiError(status, code, message);
    let response: Response;
    try {
      response = await fetcher(`${base}${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }), signal });
    } catch (error) {
      throw failed('network_error', (error as Error)?.message ?? String(error));
    }
    if (!response.ok) throw await errorFromResponse(response);
    try {
      return await read(response);
    } catch {
      throw failed('invalid_response', 'the answer could not be read', response.status);
    }
  }

  function checked(request: ReportRequest, csv: boolean): ReportRequest {
    const body = asSent({ ...request, csv });
    const validation = validateReportRequest(body);
    if (!validation.ok) throw new ApiError(400, 'invalid_request', 'the report request is invalid', validation.issues);
    return body;
  }

  const client: ApiClient = {
    token: options.token,
    async signIn(email, password) {
      const result = await post('/api/signin/', { email, password }, (r) => r.json() as Promise<SignInResult>, false);
      client.token = result.token;
      return result;
    },
    async signOut() {
      try {
        await post('/api/signout/', undefined, async () => undefined, true);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      } finally {
        client.token = undefined;
      }
    },
    async report(request) {
      return post('/api/reportv2/', checked(request, false), (r) => r.json(), true);
    },
    async *reportPages(request, { pageSize }) {
      if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError('pageSize must be a positive integer');
      for (let page = 0; ; page++) {
        const totals = page === 0 && request.totals === true;
        const rows = await client.report({ ...request, limit: String(pageSize), skip: String(pageSize * page), totals });
        yield rows;
        if (rows.length - (totals ? 1 : 0) < pageSize) return;
      }
    },
    async reportCsv(request) {
      const body = checked(request, true);
      return post('/api/reportv2/', body, async (r) => ({ filename: filenameOf(r, request.startDate), text: await r.text() }), true);
    },
    adapters: {
      list: () => send('GET', '/api/adapters/', undefined, (r) => r.json() as Promise<StoredAdapter[]>, true),
      get: async (code) => send('GET', adapterPath(code), undefined, (r) => r.json() as Promise<StoredAdapter>, true),
      put: async (code, adapter, version) => send('PUT', adapterPath(code), { version, adapter }, (r) => r.json() as Promise<StoredAdapter>, true),
      delete: async (code) => send('DELETE', adapterPath(code), undefined, async () => undefined, true),
    },
    async deleteRows(request) {
      const body = asSent(request);
      const check = checkDeleteRequest(body);
      if (!check.ok) throw new ApiError(400, 'invalid_request', 'the delete request is invalid', check.issues);
      return post('/api/data/delete', body, (r) => r.json() as Promise<DeleteAnswer>, true);
    },
  };
  return client;
}

/**
 * The address of one adapter record. A code the server would refuse is refused here, before any request: escaping
 * alone is not enough, since `.` and `..` survive `encodeURIComponent` and `fetch` resolves them (`get('.')` asked
 * for the list and typed it as one record). Throws an {@link ApiError} 400 `invalid_request`, as the server answers.
 */
function adapterPath(bidderCode: string): string {
  if (typeof bidderCode !== 'string' || !isBidderCode(bidderCode)) {
    throw new ApiError(400, 'invalid_request', `'${String(bidderCode)}' is not a bidder code: nothing was sent`, [bidderCodeIssue()]);
  }
  return `/api/adapters/${encodeURIComponent(bidderCode)}`;
}

/**
 * The body as the server will read it: JSON drops keys whose value is `undefined` (at any depth), so
 * `{ order: undefined }` arrives as no `order` at all. Checking this, not the caller's object, makes the client
 * refuse exactly what the server refuses.
 */
function asSent<T>(body: T): T {
  return JSON.parse(JSON.stringify(body)) as T;
}

/** The file name from `Content-Disposition`, else the one docs/spec.md#reports prescribes. */
function filenameOf(response: Response, startDate: string): string {
  const match = /filename="([^"]*)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `report_${startDate}.csv`;
}
