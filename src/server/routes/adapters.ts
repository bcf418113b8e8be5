/**
 * `GET /api/adapters/`, `GET|PUT|DELETE /api/adapters/{bidderCode}` (issue 14): a thin adapter from node:http to the
 * framework-free adapters service. The token is checked, and the role's right to read or write, before any body
 * is read; the service's answers become JSON bodies, 204, or the API's error body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ROLE, type Role } from '../../auth/roles.js';
import type { TokenService } from '../../auth/token.js';
import type { AdapterAnswer, AdapterService } from '../../adapters/service.js';
import { authenticate } from '../authenticate.js';
import { readJsonBody } from '../body.js';
import { HttpError } from '../http-error.js';
import { sendJson } from '../respond.js';

const ANY_ROLE: readonly Role[] = [ROLE.admin, ROLE.service, ROLE.publisher];
const FORBIDDEN = new HttpError(403, 'forbidden', 'this role may not use this endpoint');

/** The route's path prefix. */
export const ADAPTERS_PATH = '/api/adapters';

/** Sends a service answer, or throws it as the API's error. */
export function sendAnswer(res: ServerResponse, answer: AdapterAnswer): void {
  if (!answer.ok) throw new HttpError(answer.status, answer.code, answer.message, answer.issues);
  if (answer.status === 204) {
    res.writeHead(204, { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    res.end();
    return;
  }
  sendJson(res, answer.status, answer.body);
}

/** Handles a request whose path starts with /api/adapters. */
export async function handleAdapters(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  deps: { tokens: TokenService; adapters: AdapterService },
  maxBodyBytes: number,
): Promise<void> {
  const rest = path.slice(ADAPTERS_PATH.length).replace(/^\/|\/$/g, '');
  if (rest.includes('/')) throw new HttpError(404, 'not_found', `no endpoint at ${path}`);
  let code: string;
  try {
    code = decodeURIComponent(rest);
  } catch {
    throw new HttpError(404, 'not_found', `no endpoint at ${path}`);
  }
  const allowed = code ? 'GET, PUT, DELETE' : 'GET';
  if (!allowed.split(', ').includes(req.method ?? '')) throw new HttpError(405, 'method_not_allowed', `use ${allowed}`, undefined, { Allow: allowed });
  const { role } = await authenticate(req, deps.tokens, ANY_ROLE);
  const { adapters } = deps;
  if (!adapters.allows(role, req.method === 'GET' ? 'read' : 'write')) throw FORBIDDEN;
  if (!code) return sendAnswer(res, await adapters.list(role));
  if (req.method === 'GET') return sendAnswer(res, await adapters.get(role, code));
  if (req.method === 'DELETE') return sendAnswer(res, await adapters.delete(role, code));
  sendAnswer(res, await adapters.put(role, code, await readJsonBody(req, maxBodyBytes)));
}
