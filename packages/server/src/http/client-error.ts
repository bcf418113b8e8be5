/**
 * Requests Node's HTTP layer refuses before the handler sees them. Left to itself Node answers those with a bare
 * status line and no body (431, 408, or 400 for `Content-Length: abc`), against docs/spec.md#errors's "every error response is
 * JSON"; {@link answerClientError} gives them the API's JSON error body. A large report is streamed, so an answer of
 * ours may be half-written on the connection when such an error arrives (a pipelined request that is not valid
 * HTTP): the connection is then closed without a word, as Node does, since an answer written there would land inside
 * the other one.
 */
import type { Duplex } from 'node:stream';
import { HttpError } from './http-error.js';
import { rawErrorResponse } from './respond.js';

/** What Node's parser and timers refuse, by the error's code; anything else is a request that is not valid HTTP. */
const CLIENT_ERRORS = new Map<string | undefined, HttpError>([
  ['HPE_HEADER_OVERFLOW', new HttpError(431, 'headers_too_large', 'the request headers are too large')],
  ['ERR_HTTP_REQUEST_TIMEOUT', new HttpError(408, 'request_timeout', 'the request did not arrive in time')],
  ['HPE_CHUNK_EXTENSIONS_OVERFLOW', new HttpError(413, 'payload_too_large', 'the chunk extensions are too large')],
]);
const BAD_REQUEST = new HttpError(400, 'bad_request', 'the request is not valid HTTP');
/** The client left mid-request: it reset the connection, or closed its side before the request was whole. */
const CLIENT_GONE = new Set<string | undefined>(['ECONNRESET', 'HPE_INVALID_EOF_STATE']);
/** The status each connection was answered with here: a request cut short by it is logged with that status. */
const answered = new WeakMap<Duplex, number>();

/**
 * The server's `clientError` listener: writes the JSON error response and ends the connection, or, when the client
 * has left or the connection can no longer be written, just destroys it. The answers: 431 `headers_too_large` (a
 * header block over Node's limit), 408 `request_timeout` (a request too slow to arrive), 413 `payload_too_large`
 * (chunk extensions over Node's limit, which Node itself answers 413), otherwise 400 `bad_request`; always
 * `Connection: close`. A client that left mid-request gets no answer.
 *
 * @example
 * server.on('clientError', answerClientError)
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const inProgress = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (CLIENT_GONE.has(error.code) || !socket.writable || inProgress?.headersSent) {
    socket.destroy();
    return;
  }
  const answer = CLIENT_ERRORS.get(error.code) ?? BAD_REQUEST;
  answered.set(socket, answer.status);
  socket.end(rawErrorResponse(answer), () => socket.destroy());
}

/**
 * The status {@link answerClientError} answered a connection with, if it did. A request whose body was still
 * arriving (a 408, or a chunked body Node could not parse) ends as aborted for its handler; this is its status.
 *
 * @example
 * clientErrorStatus(req.socket) // 408 after a request timeout
 */
export function clientErrorStatus(socket: Duplex | null): number | undefined {
  return socket ? answered.get(socket) : undefined;
}
