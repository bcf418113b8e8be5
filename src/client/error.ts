/**
 * The one error the client throws. It carries the HTTP status and the error body's `code`, `message` and `issues`
 * (docs/spec.md#errors), so callers branch on data, not on message text. Failures that never got an HTTP answer use status
 * 0 with code `network_error` or `timeout`; a request refused by the client's own check before sending uses
 * status 400 and code `invalid_request` with the same issues the server would have given.
 */
import type { ErrorBody } from '../api-contract/errors.js';
import type { Issue } from '../core/issues.js';

/**
 * An API call that failed.
 *
 * @example
 * try { await api.report(request) } catch (e) {
 *   if (e instanceof ApiError && e.code === 'token_expired') await api.signIn(email, password)
 * }
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status, or 0 when no answer came. */
  readonly status: number;
  /** The error body's code, e.g. `invalid_request`, `invalid_credentials`, `token_expired`, `timeout`. */
  readonly code: string;
  /** The problems in the request, for 400. */
  readonly issues: readonly Issue[];
  /** Seconds to wait, from `Retry-After` (429). */
  readonly retryAfter: number | undefined;

  constructor(status: number, code: string, message: string, issues: readonly Issue[] = [], retryAfter?: number) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.retryAfter = retryAfter;
  }
}

/**
 * Builds the error for a non-2xx response from its JSON error body, or from the status alone when the body is
 * not the API's (a proxy's HTML page, say).
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const retry = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : undefined;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  // Read as unknown: a proxy's answer need not be the contract's body, so each part is checked before use.
  const error = (body as { error?: { [K in keyof ErrorBody['error']]?: unknown } } | undefined)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    const issues = Array.isArray(error.issues) ? (error.issues as Issue[]) : [];
    return new ApiError(response.status, error.code, error.message, issues, retryAfter);
  }
  return new ApiError(response.status, 'http_error', `HTTP ${response.status} ${response.statusText}`.trim(), [], retryAfter);
}
