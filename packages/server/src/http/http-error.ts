/**
 * The API's errors (docs/spec.md#errors): every failure is an {@link HttpError} that becomes the JSON body
 * `{ "error": { "code", "message", "issues"? } }`. Handlers throw these; Fastify's own refusals (body too large,
 * no parser for the content type) are mapped onto them by {@link toHttpError}; anything else that reaches the top
 * is a bug and becomes a bare 500, so a stack trace or a driver message can never reach a client.
 */
import type { ErrorBody } from 'bidfields/api';
import type { Issue } from 'bidfields';

export type { ErrorBody } from 'bidfields/api';

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
/** A request that arrives while the server is stopping; the client should retry on a new connection. */
export const SHUTTING_DOWN = new HttpError(503, 'shutting_down', 'the server is shutting down; try again shortly', undefined, {
  Connection: 'close',
  'Retry-After': '1',
});
/** A body that is not declared as JSON, or is compressed (Content-Encoding other than identity). */
export const UNSUPPORTED_MEDIA_TYPE = new HttpError(415, 'unsupported_media_type', 'the body must be JSON, sent with Content-Type: application/json');

/** Fastify's refusals, by error code, as the API answers them. */
const FRAMEWORK_ERRORS: Record<string, (limit: string) => HttpError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: (limit) => new HttpError(413, 'payload_too_large', `the body is larger than ${limit} bytes`, undefined, { Connection: 'close' }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new HttpError(400, 'bad_request', 'the body does not have the length the request declared'),
};

/**
 * The answer for an error thrown while handling a request: an HttpError as it is, Fastify's refusals as the API's
 * errors, anything else undefined (a bug: answer {@link INTERNAL_ERROR} and log the stack).
 *
 * @example
 * toHttpError(Object.assign(new Error('too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE' }), 102400)?.status // 413
 */
export function toHttpError(error: unknown, maxBodyBytes: number): HttpError | undefined {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? FRAMEWORK_ERRORS[code]?.(String(maxBodyBytes)) : undefined;
}
