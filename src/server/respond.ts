/**
 * Writing responses. Every API response says `Cache-Control: no-store` (a sign-in answer carries a token, a report
 * carries revenue: neither belongs in a shared cache) and `X-Content-Type-Options: nosniff`.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { HttpError } from './http-error.js';

const COMMON = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/** The text and headers of a JSON response: the common headers, the extra ones, the type and the length. */
function jsonResponse(body: unknown, headers: Record<string, string>): { text: string; headers: Record<string, string | number> } {
  const text = JSON.stringify(body);
  return { text, headers: { ...COMMON, ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) } };
}

/** Sends a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const response = jsonResponse(body, headers);
  res.writeHead(status, response.headers);
  res.end(response.text);
}

/** Sends an error as the JSON error body, with its extra headers. */
export function sendError(res: ServerResponse, error: HttpError): void {
  sendJson(res, error.status, error.body(), error.headers);
}

/**
 * An error as a whole HTTP/1.1 response, status line to body, for writing straight to a socket when Node's parser
 * refused the request and there is no `ServerResponse` to use. The same headers and JSON body as {@link sendError},
 * plus `Connection: close`: after a request that could not be read, the connection cannot carry another.
 */
export function rawErrorResponse(error: HttpError): string {
  const { text, headers } = jsonResponse(error.body(), { ...error.headers, Connection: 'close' });
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n${head}\r\n${text}`;
}

/** Sends a CSV download. */
export function sendCsv(res: ServerResponse, filename: string, text: string): void {
  res.writeHead(200, {
    ...COMMON,
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
