/**
 * The API's errors (SPEC §7.4): every failure is an {@link HttpError} that becomes the JSON body
 * `{ "error": { "code", "message", "issues"? } }`. Handlers throw these; anything else that reaches the top is
 * a bug and becomes a bare 500, so a stack trace or a driver message can never reach a client.
 */
import type { Issue } from '../core/issues.js';

/** The JSON body of every error response. */
export interface ErrorBody {
  error: { code: string; message: string; issues?: Issue[] };
}

/**
 * An error with the HTTP status and body it should be answered with.
 *
 * @example
 * throw new HttpError(405, 'method_not_allowed', 'use POST', undefined, { Allow: 'POST' })
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: Issue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** The response body. */
  body(): ErrorBody {
    return { error: this.issues ? { code: this.code, message: this.message, issues: this.issues } : { code: this.code, message: this.message } };
  }
}

/** The one answer for anything unexpected. */
export const INTERNAL_ERROR = new HttpError(500, 'internal', 'internal server error');
