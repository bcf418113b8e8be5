/**
 * Sends one check's request: builds the body (placeholders substituted, or raw text, or a padded body for the size
 * limit) and the Authorization header for the check's auth mode. The hostile modes build their tokens from the
 * real one — the payload re-written with role 1 and a far expiry but the old signature, or re-encoded with
 * `alg: none` and no signature — so they test the server's signature check, not its parser.
 */
import type { AuthMode, CheckRequest } from './fixture.js';

/** What the runner knows while running checks. */
export interface RunContext {
  /** The server's base URL, without a trailing slash. */
  api: string;
  token?: string;
  publisherToken?: string;
  /** Placeholder values: email, password, unknownEmail, startDate, endDate. */
  vars: Record<string, string>;
}

/** A response, read whole. */
export interface Exchange {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, when it is JSON. */
  json?: unknown;
}

/** Replaces `{name}` placeholders in every string of a JSON value. */
export function substitute(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') return value.replace(/\{(\w+)\}/g, (m, k: string) => (Object.hasOwn(vars, k) ? vars[k]! : m));
  if (Array.isArray(value)) return value.map((v) => substitute(v, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars)]));
  }
  return value;
}

const b64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The Authorization header for a mode, `undefined` for none, or `null` when the mode cannot be run. */
export function authHeader(mode: AuthMode, ctx: RunContext): string | undefined | null {
  const token = ctx.token;
  switch (mode) {
    case 'none':
      return undefined;
    case 'malformed':
      return 'Bearer not a token';
    case 'publisher':
      return ctx.publisherToken ? `Bearer ${ctx.publisherToken}` : null;
  }
  if (!token) return null;
  const [header, , signature] = token.split('.');
  const forgedPayload = b64url(JSON.stringify({ sub: '1', userID: 1, accountID: 1, role: 1, exp: 4102444800 }));
  switch (mode) {
    case 'bearer':
      return `Bearer ${token}`;
    case 'bare':
      return token;
    case 'forged':
      return `Bearer ${header}.${forgedPayload}.${signature}`;
    case 'alg-none':
      return `Bearer ${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${forgedPayload}.`;
  }
}

/** The request body as sent. */
function bodyOf(request: CheckRequest, vars: Record<string, string>): string | undefined {
  if (request.bodyText !== undefined) return request.bodyText;
  if (request.bodyBytes !== undefined) return JSON.stringify({ padding: 'x'.repeat(request.bodyBytes) });
  return request.body === undefined ? undefined : JSON.stringify(substitute(request.body, vars));
}

/**
 * Sends a request and reads the whole answer.
 *
 * @example
 * const answer = await send({ path: '/api/signin/', body: { email: '{email}', password: '{password}' } }, ctx)
 */
export async function send(request: CheckRequest, ctx: RunContext, authorization?: string): Promise<Exchange> {
  const headers: Record<string, string> = {};
  const body = bodyOf(request, ctx.vars);
  if (body !== undefined) headers['Content-Type'] = request.contentType ?? 'application/json';
  if (authorization !== undefined) headers.Authorization = authorization;
  const response = await fetch(ctx.api + request.path, {
    method: request.method ?? 'POST',
    headers,
    ...(body !== undefined && { body }),
  });
  return answerOf(response);
}

/** A response's status, headers, text and JSON (undefined when the text is not JSON). */
export async function answerOf(response: Response): Promise<{ status: number; headers: Headers; text: string; json: unknown }> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
