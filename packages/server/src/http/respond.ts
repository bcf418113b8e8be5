/**
 * The headers and bodies every response shares. Every API response says `Cache-Control: no-store` (a sign-in answer
 * carries a token, a report carries revenue: neither belongs in a shared cache) and `X-Content-Type-Options:
 * nosniff`. Responses normally go through Fastify's reply; the raw forms here are for the places where there is
 * no reply: a connection Node's parser refused, and a request turned away while the server stops.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { HttpError } from './http-error.js';

/** The headers of every response. */
export const COMMON_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } as const;

/** The text and headers of a JSON error response: the common headers, the error's own, the type and the length. */
function errorResponse(error: HttpError): { text: string; headers: Record<string, string | number> } {
  const text = JSON.stringify(error.body());
  return {
    text,
    headers: { ...COMMON_HEADERS, ...error.headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) },
  };
}

/**
 * Answers an error on a bare `ServerResponse`, outside Fastify, with `Connection: close`.
 *
 * @example
 * sendRawError(res, SHUTTING_DOWN)
 */
export function sendRawError(res: ServerResponse, error: HttpError): void {
  const { text, headers } = errorResponse(error);
  res.writeHead(error.status, { ...headers, Connection: 'close' });
  res.end(text);
}

/**
 * An error as a whole HTTP/1.1 response, status line to body, for writing straight to a socket when Node's parser
 * refused the request and there is no `ServerResponse` to use. The same headers and JSON body as any error answer,
 * plus `Connection: close`: after a request that could not be read, the connection cannot carry another.
 *
 * @example
 * socket.end(rawErrorResponse(new HttpError(400, 'bad_request', 'the request is not valid HTTP')))
 */
export function rawErrorResponse(error: HttpError): string {
  const { text, headers } = errorResponse(error);
  const head = Object.entries({ ...headers, Connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n${head}\r\n${text}`;
}
