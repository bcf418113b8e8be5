/**
 * Writing responses. Every API response says `Cache-Control: no-store` (a sign-in answer carries a token, a report
 * carries revenue: neither belongs in a shared cache) and `X-Content-Type-Options: nosniff`.
 */
import type { ServerResponse } from 'node:http';
import type { HttpError } from './http-error.js';

const COMMON = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/** Sends a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...COMMON,
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Sends an error as the JSON error body, with its extra headers. */
export function sendError(res: ServerResponse, error: HttpError): void {
  sendJson(res, error.status, error.body(), error.headers);
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
