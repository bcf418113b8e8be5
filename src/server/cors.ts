/**
 * Optional CORS, for a browser dashboard served from another origin than the API (the client runs in browsers).
 * Off by default: an API that hands out tokens should not be readable cross-origin unless someone chose so.
 * Tokens travel in the Authorization header, never in cookies, so no credentials mode is needed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Adds the CORS headers for `origin` (`*` or one exact origin) and answers a preflight; returns true when the
 * request was a preflight and has been answered.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, origin: string): boolean {
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition, Retry-After, WWW-Authenticate');
  if (origin !== '*') res.setHeader('Vary', 'Origin');
  if (req.method !== 'OPTIONS') return false;
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type',
    'Access-Control-Max-Age': '600',
  });
  res.end();
  return true;
}
